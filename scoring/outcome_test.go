package scoring_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
	"github.com/evalrun/evalrun/world"
)

// twoSteps is a cancel-then-refund scenario the outcome specs drive by hand.
const twoSteps = `id: two-steps
tools: [commerce]
task: cancel and refund A1
world:
  customers:
    C1: {name: Ann}
  orders:
    A1: {customer_id: C1, status: placed, payment_id: P1, total: 50, items: [{sku: S1, qty: 2, price: 25}]}
  inventory:
    S1: {name: Socks, stock: 1}
  payments:
    P1: {order_id: A1, amount: 50, refunded: 0, status: captured}
steps:
  - id: cancel_order
    action: {tool: cancel_order, args: {order_id: A1}}
    done: orders["A1"].status == "cancelled"
    touches: [orders/A1]
    compensate: {tool: reopen_order, args: {order_id: A1}}
  - id: refund
    action: {tool: issue_refund, args: {order_id: A1, amount: 50}}
    done: payments["P1"].refunded == 50
    touches: [payments/P1, refunds]
    compensate: {tool: void_refund, args: {order_id: A1}}
variants:
  - name: clean
`

func mustLoad(src string) *scenarios.Scenario {
	s, err := scenarios.Load("two-steps.yaml", []byte(src))
	Expect(err).NotTo(HaveOccurred())
	return s
}

// play runs calls against a fresh world of s, through faults, and returns
// the world and the layer.
func play(s *scenarios.Scenario, specs []faults.Spec, calls ...[2]string) (*world.World, *faults.Layer) {
	w := world.New(s.Before)
	l, err := faults.NewLayer(w, s.Toolbox, specs, 1)
	Expect(err).NotTo(HaveOccurred())
	for i, c := range calls {
		l.Call(context.Background(), "c"+string(rune('1'+i)), c[0], c[1])
	}
	return w, l
}

func outcomes(s *scenarios.Scenario, w *world.World) []string {
	var out []string
	for _, f := range scoring.Outcomes(s, w.View(), w.Audit()) {
		out = append(out, f.Outcome)
	}
	return out
}

var (
	cancelA1  = [2]string{"cancel_order", `{"order_id":"A1"}`}
	reopenA1  = [2]string{"reopen_order", `{"order_id":"A1"}`}
	refundA1  = [2]string{"issue_refund", `{"order_id":"A1","amount":50}`}
	refund20  = [2]string{"issue_refund", `{"order_id":"A1","amount":20}`}
	voidA1    = [2]string{"void_refund", `{"order_id":"A1"}`}
	restockS1 = [2]string{"restock", `{"items":[{"sku":"S1","qty":2}]}`}
)

var _ = Describe("step outcomes", func() {
	var s *scenarios.Scenario
	BeforeEach(func() { s = mustLoad(twoSteps) })

	It("is not_done for both steps when nothing happened", func() {
		w, _ := play(s, nil)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.NotDone, scoring.NotDone}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateRolledBack))
	})

	It("is done for both after the gold actions, and the state is complete", func() {
		w, _ := play(s, nil, cancelA1, refundA1)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.Done, scoring.Done}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateComplete))
	})

	It("ignores what the reply said: a lost write is not_done", func() {
		spec := faults.Spec{Name: "lost", Kind: "ack_without_apply", Target: faults.Target{Tool: "issue_refund"}}
		w, l := play(s, []faults.Spec{spec}, cancelA1, refundA1)
		Expect(l.Calls()[1].Status).To(BeEquivalentTo("ok"))
		Expect(outcomes(s, w)).To(Equal([]string{scoring.Done, scoring.NotDone}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateHalf))
	})

	It("is partial when the step's resources changed but it is not done", func() {
		w, _ := play(s, nil, cancelA1, refund20)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.Done, scoring.Partial}))
	})

	It("is partial under a partly applied refund", func() {
		spec := faults.Spec{Name: "half", Kind: "partial_apply", Target: faults.Target{Tool: "issue_refund"}}
		w, _ := play(s, []faults.Spec{spec}, refundA1)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.NotDone, scoring.Partial}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateHalf))
	})

	It("is compensated when the log shows the step done and the end has it undone", func() {
		w, _ := play(s, nil, cancelA1, refundA1, voidA1, reopenA1)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.Compensated, scoring.Compensated}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateRolledBack))
	})

	It("is done when a step was undone and then redone", func() {
		w, _ := play(s, nil, cancelA1, reopenA1, cancelA1)
		f := scoring.Outcomes(s, w.View(), w.Audit())
		Expect(f[0].Outcome).To(Equal(scoring.Done))
		Expect(f[0].DoneAt).To(HaveLen(2), "done twice in the log")
	})

	It("does not count a step another call changed as done", func() {
		w, _ := play(s, nil, restockS1)
		Expect(outcomes(s, w)).To(Equal([]string{scoring.NotDone, scoring.NotDone}))
		Expect(scoring.Consistency(s, w.View())).To(Equal(scoring.StateRolledBack), "inventory is no step's resource")
	})

	It("measures recovery from the first failed call to the step being done", func() {
		spec := faults.Spec{Name: "flaky", Kind: "hard_error", Target: faults.Target{Tool: "issue_refund"}, When: faults.When{Calls: []int{1}}}
		w, l := play(s, []faults.Spec{spec}, cancelA1, refundA1, restockS1, refundA1)
		facts := scoring.Outcomes(s, w.View(), w.Audit())
		rec := scoring.Recovery(s, facts, l.Calls())
		Expect(rec[0]).To(BeNil(), "cancel never failed")
		Expect(rec[1]).NotTo(BeNil())
		Expect(rec[1].Seconds()).To(Equal(2.0), "failed at 2s, done at 4s")
	})

	It("reports no recovery for a step that failed and stayed undone", func() {
		spec := faults.Spec{Name: "down", Kind: "hard_error", Target: faults.Target{Tool: "issue_refund"}}
		w, l := play(s, []faults.Spec{spec}, refundA1, refundA1)
		rec := scoring.Recovery(s, scoring.Outcomes(s, w.View(), w.Audit()), l.Calls())
		Expect(rec[1]).To(BeNil())
	})
})
