package scenarios_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

func libraryScenario(id string) *scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, id)
	Expect(err).NotTo(HaveOccurred())
	return s
}

var _ = Describe("SweepKinds", func() {
	It("defaults to every kind in the taxonomy's order", func() {
		kinds, err := scenarios.SweepKinds(nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(kinds).To(Equal(faults.Taxonomy))
		Expect(kinds).To(HaveLen(len(faults.Kinds())))
	})

	It("keeps the user's order, trims spaces and drops repeats", func() {
		Expect(scenarios.SweepKinds([]string{"soft_error", " hard_error", "soft_error"})).
			To(Equal([]string{"soft_error", "hard_error"}))
	})

	It("refuses an unknown kind", func() {
		_, err := scenarios.SweepKinds([]string{"hard_error", "meteor"})
		Expect(err).To(MatchError(ContainSubstring(`unknown fault kind "meteor"`)))
	})
})

var _ = Describe("Sweep", func() {
	var s *scenarios.Scenario
	BeforeEach(func() { s = libraryScenario("order-cancellation") })

	It("derives one variant per step and kind, except where a kind has nothing to aim at", func() {
		swept, err := scenarios.Sweep(s, faults.Taxonomy)
		Expect(err).NotTo(HaveOccurred())
		// 4 steps x 16 kinds, less compensation_noop on notify (no undo).
		Expect(swept.Variants).To(HaveLen(63))
		Expect(s.Variants[0].Cell).To(BeNil(), "the scenario itself is not changed")
		for _, v := range swept.Variants {
			Expect(v.Name).To(Equal(v.Cell.Step + "/" + v.Cell.Kind))
			Expect(v.Faults[0].RequireFired).To(BeTrue())
			Expect(v.Faults[0].When.Calls).To(Equal([]int{1}))
		}
	})

	DescribeTable("aims each kind at the right call of the step",
		func(step, kind, tool string, args map[string]any, extra int) {
			swept, err := scenarios.Sweep(s, []string{kind})
			Expect(err).NotTo(HaveOccurred())
			var v *scenarios.Variant
			for _, c := range swept.Variants {
				if c.Cell.Step == step {
					v = c
				}
			}
			Expect(v).NotTo(BeNil())
			Expect(v.Faults).To(HaveLen(1 + extra))
			Expect(v.Faults[0].Kind).To(Equal(kind))
			Expect(v.Faults[0].Target).To(Equal(faults.Target{Tool: tool, Args: args}))
		},
		Entry("a write kind at the gold action", "refund", "ack_without_apply", "issue_refund",
			map[string]any{"order_id": "A1001", "amount": 120.0}, 0),
		Entry("stale_read at the first read-back", "restock", "stale_read", "get_inventory",
			map[string]any{"sku": "MUG-BLU"}, 0),
		Entry("empty_result at the first read-back", "notify", "empty_result", "list_notifications",
			map[string]any{"order_id": "A1001"}, 0),
		Entry("compensation_noop at the undo, with the next step failing", "refund", "compensation_noop", "void_refund",
			map[string]any{"order_id": "A1001"}, 1),
	)

	It("makes the next step fail for compensation_noop, so that there is something to undo", func() {
		swept, err := scenarios.Sweep(s, []string{"compensation_noop"})
		Expect(err).NotTo(HaveOccurred())
		Expect(swept.Variants).To(HaveLen(3))
		trigger := swept.Variants[0].Faults[1]
		Expect(trigger.Kind).To(Equal("hard_error"))
		Expect(trigger.Step).To(Equal("restock"))
		Expect(trigger.RequireFired).To(BeFalse())
	})
})
