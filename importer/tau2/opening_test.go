package tau2_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/importer/tau2"
)

var _ = Describe("the opening message", func() {
	DescribeTable("FirstPerson says the simulator's instructions as the user",
		func(in, want string) { Expect(tau2.FirstPerson(in)).To(Equal(want)) },
		Entry("you and your", "You received your order #W2378156 and wish to exchange it.", "I received my order #W2378156 and wish to exchange it."),
		Entry("you are", "You are Yusuf Rossi in zip code 19122.", "I am Yusuf Rossi in zip code 19122."),
		Entry("contractions", "You're sure you'd rather keep it; you've paid and you'll wait.", "I'm sure I'd rather keep it; I've paid and I'll wait."),
		Entry("the agent becomes you, its verb agreeing", "If the agent asks for confirmation, only exchange the lamp.", "If you ask for confirmation, only exchange the lamp."),
		Entry("you as an object", "If the agent asks you to confirm, you regret it.", "If you ask me to confirm, I regret it."),
		Entry("the agent's", "Check the agent's answer against yours and tell the agent.", "Check your answer against mine and tell you."),
		Entry("has and is", "Once the agent has confirmed it and the agent is done, you leave.", "Once you have confirmed it and you are done, I leave."),
		Entry("a slip for your", "You name is Ivan Khan.", "My name is Ivan Khan."),
		Entry("were", "You were told you are wrong.", "I was told I am wrong."),
		Entry("no second person", "It is urgent.", "It is urgent."),
	)

	It("puts who the user is first, then why they call, what they do not know and how they are", func() {
		got := tau2.Opening(tau2.Instructions{
			Reason:    "You want to return the lamp",
			Known:     "You are Ada Lovelace in zip code 02108.",
			Unknown:   "You do not remember your email address",
			Behaviour: "You are brief.",
		})
		Expect(got).To(Equal("Hi! I am Ada Lovelace in zip code 02108. I want to return the lamp. I do not remember my email address. I am brief."))
	})

	It("leaves out what says nothing, and the stray punctuation tau2 has", func() {
		got := tau2.Opening(tau2.Instructions{Reason: ". You just lost your tablet.", Unknown: "None", Behaviour: "."})
		Expect(got).To(Equal("Hi! I just lost my tablet."))
	})
})
