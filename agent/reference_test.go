package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/world"
)

func scenario(id string) *scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, id)
	Expect(err).NotTo(HaveOccurred())
	return s
}

func variant(s *scenarios.Scenario, name string) *scenarios.Variant {
	for _, v := range s.Variants {
		if v.Name == name {
			return v
		}
	}
	Fail("no variant " + name)
	return nil
}

// play runs a model on a scenario variant and returns the tools it called
// and its final message.
func play(name, scn, vname string, seed uint64) ([]string, string) {
	s := scenario(scn)
	info, err := agent.Lookup(name)
	Expect(err).NotTo(HaveOccurred())
	m, err := info.New(s, agent.Options{Seed: seed, Script: "../fixtures/scripts"})
	Expect(err).NotTo(HaveOccurred())
	w := world.New(s.Before)
	layer, err := faults.NewLayer(w, s.Toolbox, variant(s, vname).Faults, 1)
	Expect(err).NotTo(HaveOccurred())
	tr, err := agent.Run(context.Background(), m, layer, s.Toolbox.Definitions(), agent.SystemPrompt, s.Task, 0)
	Expect(err).NotTo(HaveOccurred())
	var tools []string
	for _, c := range layer.Calls() {
		tools = append(tools, c.Tool)
	}
	return tools, tr.Final
}

var _ = Describe("the reference agents", func() {
	const oc = "order-cancellation"

	It("naive calls every gold action whatever the replies and reports from the plan", func() {
		tools, final := play("naive", oc, "refund-soft-error", 1)
		Expect(tools).To(Equal([]string{"cancel_order", "restock", "issue_refund", "notify_customer"}))
		Expect(final).To(ContainSubstring("refunded the full $120.00"))
	})

	It("checked stops at the soft error", func() {
		tools, final := play("checked", oc, "refund-soft-error", 1)
		Expect(tools).To(Equal([]string{"cancel_order", "restock", "issue_refund"}))
		Expect(final).To(ContainSubstring("refund the $120.00 to your card"))
		Expect(final).NotTo(ContainSubstring("refunded"))
	})

	It("checked believes a lost write", func() {
		tools, _ := play("checked", oc, "refund-lost-write", 1)
		Expect(tools).To(HaveLen(4))
	})

	It("verifying reads back every write, re-reads the one that contradicts its reply, and stops at the lost one", func() {
		tools, _ := play("verifying", oc, "refund-lost-write", 1)
		Expect(tools).To(Equal([]string{
			"cancel_order", "get_order",
			"restock", "get_inventory", "get_inventory",
			"issue_refund", "get_payment", "get_payment",
		}))
	})

	It("saga compensates the completed steps in reverse order", func() {
		tools, final := play("saga", oc, "refund-swallowed-rate-limit", 1)
		Expect(tools[len(tools)-5:]).To(Equal([]string{"remove_stock", "get_inventory", "get_inventory", "reopen_order", "get_order"}))
		Expect(final).To(ContainSubstring("reversed the cancellation"))
	})

	It("varies its wording with the seed but not its actions", func() {
		finals := map[string]bool{}
		var first []string
		for seed := uint64(1); seed <= 12; seed++ {
			tools, final := play("naive", oc, "clean", seed)
			if first == nil {
				first = tools
			}
			Expect(tools).To(Equal(first))
			finals[final] = true
		}
		Expect(len(finals)).To(BeNumerically(">=", 3))
	})

	It("words replies from each scenario's phrases", func() {
		_, a := play("naive", "exchange", "clean", 1)
		_, b := play("naive", "address-change", "clean", 1)
		Expect(a).To(ContainSubstring("white headphones"))
		Expect(b).To(ContainSubstring("Cedar Lane"))
	})
})

var _ = Describe("the scripted agent", func() {
	It("replays calls and the final message whatever the tools answer", func() {
		tools, final := play("scripted", "order-cancellation", "refund-soft-error", 1)
		Expect(tools).To(Equal([]string{"get_order", "cancel_order", "restock", "issue_refund"}))
		Expect(strings.TrimSpace(final)).To(HavePrefix("Your order A1001 has been cancelled"))
	})

	It("explains a missing script and a script without its scenario", func() {
		info, _ := agent.Lookup("scripted")
		_, err := info.New(scenario("exchange"), agent.Options{})
		Expect(err).To(MatchError(ContainSubstring("--script")))
		_, err = info.New(scenario("exchange"), agent.Options{Script: "../fixtures/scripts"})
		Expect(err).To(MatchError(ContainSubstring(`no script for scenario "exchange"`)))
	})

	It("rejects unknown fields in a script", func() {
		path := filepath.Join(GinkgoT().TempDir(), "s.yaml")
		Expect(os.WriteFile(path, []byte("scenario: x\nturnz: []\n"), 0o644)).To(Succeed())
		_, err := agent.LoadScripts(path)
		Expect(err).To(MatchError(ContainSubstring("field turnz not found")))
	})
})

var _ = Describe("the reference agents and user replies", func() {
	// converse runs a reference agent on order-cancellation with user
	// replies, and returns its transcript and the tools it called.
	converse := func(name string, replies []string) (agent.Transcript, []string) {
		s := *scenario("order-cancellation")
		s.UserReplies = replies
		info, err := agent.Lookup(name)
		Expect(err).NotTo(HaveOccurred())
		m, err := info.New(&s, agent.Options{Seed: 1})
		Expect(err).NotTo(HaveOccurred())
		layer, err := faults.NewLayer(world.Shared(s.Before), s.Toolbox, nil, 1)
		Expect(err).NotTo(HaveOccurred())
		tr, err := agent.Play(context.Background(), m, agent.Trial{Tools: layer, Defs: s.Toolbox.Definitions(),
			System: agent.SystemPrompt, Task: s.Task, UserReplies: replies}, 0)
		Expect(err).NotTo(HaveOccurred())
		var tools []string
		for _, c := range layer.Calls() {
			tools = append(tools, c.Tool)
		}
		return tr, tools
	}
	_, silentTools := converse("saga", nil)
	silent, _ := converse("saga", nil)

	DescribeTable("ask before a step's write while replies are left, and report the same in the end",
		func(name string, replies int, wantAsked int) {
			user := make([]string, replies)
			for i := range user {
				user[i] = "yes"
			}
			tr, tools := converse(name, user)
			quiet, quietTools := converse(name, nil)
			asked := 0
			for _, m := range tr.Messages {
				if m.Role == "assistant" && strings.HasSuffix(m.Content, "Shall I go ahead?") {
					asked++
				}
			}
			Expect(asked).To(Equal(wantAsked))
			Expect(tr.UserTurns).To(Equal(replies))
			Expect(tools).To(Equal(quietTools), "the same calls as without replies")
			Expect(tr.Final).To(Equal(quiet.Final), "the same report as without replies")
		},
		Entry("naive, fewer replies than steps", "naive", 2, 2),
		Entry("naive, as many as steps", "naive", 4, 4),
		Entry("naive, more than steps: the report is repeated", "naive", 6, 4),
		Entry("saga, one reply", "saga", 1, 1),
	)

	It("are not asked for with no replies", func() {
		Expect(silent.UserTurns).To(Equal(0))
		Expect(silentTools).NotTo(BeEmpty())
	})

	It("say they changed nothing where the gold plan has no step", func() {
		s := *scenario("order-cancellation")
		s.Steps = nil
		Expect(agent.Compose(&s, nil, 1)).To(Equal(agent.NothingChanged))
	})
})
