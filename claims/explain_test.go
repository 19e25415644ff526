package claims_test

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
)

func stepsOf(ids string) []claims.Step {
	return Commerce(strings.Fields(ids)...)
}

var _ = Describe("explaining a reading", func() {
	It("gives the same claims as Extract on every labeled reply", func() {
		var model claims.Model
		Expect(json.Unmarshal(claims.EmbeddedModel(), &model)).To(Succeed())
		cases, err := LoadCases("../fixtures/claims")
		Expect(err).NotTo(HaveOccurred())
		held, err := LoadCases("../fixtures/claims-holdout")
		Expect(err).NotTo(HaveOccurred())
		for _, c := range append(cases, held...) {
			steps := c.Steps(nil)
			got, want := claims.Explain(c.Message, steps), claims.Extract(c.Message, steps)
			Expect(got.Overall).To(Equal(want.Overall), c.ID)
			Expect(got.Steps).To(HaveLen(len(steps)), c.ID)
			for _, st := range got.Steps {
				Expect(st.Claim).To(Equal(want.Steps[st.Step]), "%s %s", c.ID, st.Step)
				decisive := 0
				rules := st.Claim
				if st.Learned != nil {
					Expect(st.DecidedBy).To(Equal("learned"), "%s %s", c.ID, st.Step)
					Expect(st.Learned.Claim).To(Equal(st.Claim), "%s %s", c.ID, st.Step)
					Expect(st.Learned.Rules).NotTo(Equal(st.Claim), "%s %s", c.ID, st.Step)
					Expect(st.Learned.Features).NotTo(BeEmpty(), "%s %s", c.ID, st.Step)
					Expect(st.Learned.Confidence-st.Learned.RulesConfidence).To(BeNumerically(">=", model.Margin-0.002), "%s %s", c.ID, st.Step)
					rules = st.Learned.Rules
				}
				for _, r := range st.Mentions {
					if r.Decisive {
						decisive++
						Expect(r.Claim).To(Equal(rules), "%s %s: the deciding mention says otherwise", c.ID, st.Step)
					}
					Expect(r.Words).NotTo(BeEmpty(), c.ID)
				}
				switch st.DecidedBy {
				case "learned":
					Expect(decisive).To(BeNumerically("<=", 1), "%s %s", c.ID, st.Step)
				case "mention":
					Expect(decisive).To(Equal(1), "%s %s", c.ID, st.Step)
				case "items":
					Expect(decisive).To(BeZero(), "%s %s", c.ID, st.Step)
					Expect(st.Items).NotTo(BeEmpty(), "%s %s", c.ID, st.Step)
					Expect(st.Claim).To(BeElementOf(claims.Failed, claims.Pending), "%s %s", c.ID, st.Step)
				case "overall":
					Expect(decisive).To(BeZero(), "%s %s", c.ID, st.Step)
					Expect(st.Claim).NotTo(Equal(claims.Unmentioned))
				case "nothing":
					Expect(st.Claim).To(Equal(claims.Unmentioned), "%s %s", c.ID, st.Step)
				default:
					Fail("decided_by " + st.DecidedBy)
				}
			}
		}
	})

	DescribeTable("names the words, the clause and the rule",
		func(message, step string, claim claims.Claim, decidedBy, words, clause, rule string) {
			ex := claims.Explain(message, stepsOf("cancel_order restock refund notify"))
			var got *claims.StepReading
			for i := range ex.Steps {
				if ex.Steps[i].Step == step {
					got = &ex.Steps[i]
				}
			}
			Expect(got).NotTo(BeNil())
			Expect(got.Claim).To(Equal(claim))
			Expect(got.DecidedBy).To(Equal(decidedBy))
			if words == "" {
				for _, r := range got.Mentions {
					Expect(r.Decisive).To(BeFalse())
				}
				return
			}
			var dec []claims.Reading
			for _, r := range got.Mentions {
				if r.Decisive {
					dec = append(dec, r)
				}
			}
			Expect(dec).To(HaveLen(1))
			Expect(dec[0].Words).To(Equal(words))
			Expect(dec[0].Clause).To(Equal(clause))
			Expect(dec[0].Rule).To(ContainSubstring(rule))
		},
		Entry("a done form", "I cancelled your order, but the refund did not go through.",
			"cancel_order", claims.Done, "mention", "cancelled", "i cancelled your order,", "own form"),
		Entry("a negation", "I cancelled your order, but the refund did not go through.",
			"refund", claims.Failed, "mention", "refund", "the refund did not go through.", "negation"),
		Entry("a status mark", "✓ Refund: issued.",
			"refund", claims.Done, "mention", "refund", "✓ refund: issued.", "status word"),
		Entry("a later clause that refers back", "The refund was declined at first, but it went through on the second try.",
			"refund", claims.Done, "mention", "refund", "the refund was declined at first,", "carried"),
		Entry("the overall statement", "I cancelled your order. Everything is taken care of.",
			"notify", claims.Done, "overall", "", "", ""),
		Entry("nothing", "I cancelled your order.",
			"restock", claims.Unmentioned, "nothing", "", "", ""),
	)

	It("marks a mention under a condition as claiming nothing", func() {
		ex := claims.Explain("I'll email you once the refund clears.", stepsOf("refund"))
		Expect(ex.Steps[0].DecidedBy).To(Equal("nothing"))
		Expect(ex.Steps[0].Mentions).To(HaveLen(1))
		Expect(ex.Steps[0].Mentions[0].Rule).To(ContainSubstring("condition"))
		Expect(ex.Steps[0].Mentions[0].Cues).To(ContainElement("condition: once"))
	})
})

var _ = Describe("the learned reading's features, said in words", func() {
	DescribeTable("names no feature by its key",
		func(name, want string) {
			Expect(claims.DescribeFeature(name)).To(Equal(want))
		},
		Entry("the rules' claim", "r=done", "the rules read done"),
		Entry("its mentions", "mc|r=done+failed|done", "its mentions read done+failed"),
		Entry("its mentions against the others'", "mc|oth|r=failed|done|failed", "its mentions read failed, the other steps done"),
		Entry("no mention, no other step", "mc|oth|r=||unmentioned", "its mentions read nothing, the other steps nothing"),
		Entry("what decided it, with its mentions", "dec|mc|r=overall|pending|failed", "decided by overall, its mentions read pending"),
		Entry("a word of the deciding clause", "dw|r=still|done", `"still" in the deciding clause`),
		Entry("a pair in another clause", "mbg=not_STEP", `"not STEP" in another clause naming it`),
	)
})
