package agent_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/world"
)

// onStep is a fault of kind aimed at a step of order-cancellation.
func onStep(name, kind, step string, calls ...int) faults.Spec {
	s := scenario("order-cancellation")
	return faults.Spec{Name: name, Kind: kind, Step: step, Target: s.Step(step).Action.Target(),
		When: faults.When{Calls: calls}}
}

// run plays a reference agent on order-cancellation with specs and returns
// the layer and the world.
func run(name string, specs ...faults.Spec) (*faults.Layer, *world.World) {
	s := scenario("order-cancellation")
	info, err := agent.Lookup(name)
	Expect(err).NotTo(HaveOccurred())
	m, err := info.New(s, agent.Options{Seed: 1})
	Expect(err).NotTo(HaveOccurred())
	w := world.New(s.Before)
	layer, err := faults.NewLayer(w, s.Toolbox, specs, 1)
	Expect(err).NotTo(HaveOccurred())
	_, err = agent.Run(context.Background(), m, layer, s.Toolbox.Definitions(), agent.SystemPrompt, s.Task, 0)
	Expect(err).NotTo(HaveOccurred())
	return layer, w
}

func toolsOf(l *faults.Layer) []string {
	out := []string{}
	for _, c := range l.Calls() {
		out = append(out, c.Tool)
	}
	return out
}

var _ = Describe("retries in the reference agents", func() {
	DescribeTable("a transient failure on the refund's 1st call",
		func(name string, refundCalls int, refunded float64) {
			l, w := run(name, onStep("blip", "hard_error", "refund", 1))
			n := 0
			for _, t := range toolsOf(l) {
				if t == "issue_refund" {
					n++
				}
			}
			Expect(n).To(Equal(refundCalls))
			Expect(w.Get("payments", "P-5001")["refunded"]).To(Equal(refunded))
		},
		Entry("naive never retries and never knows", "naive", 1, 0.0),
		Entry("checked retries and recovers", "checked", 2, 120.0),
		Entry("verifying retries and recovers", "verifying", 2, 120.0),
		Entry("saga retries and recovers", "saga", 2, 120.0),
	)

	It("backs off in simulated time, doubling, and gives up after three attempts", func() {
		l, w := run("checked", onStep("down", "hard_error", "refund"))
		var at []time.Duration
		for _, c := range l.Calls() {
			if c.Tool == "issue_refund" {
				at = append(at, c.At)
			}
		}
		Expect(at).To(HaveLen(agent.MaxAttempts))
		Expect(at[1] - at[0]).To(Equal(agent.RetryBase + faults.CallDuration))
		Expect(at[2] - at[1]).To(Equal(2*agent.RetryBase + faults.CallDuration))
		Expect(toolsOf(l)).NotTo(ContainElement("notify_customer"))
		Expect(w.Get("payments", "P-5001")["refunded"]).To(Equal(0.0))
	})

	It("does not retry what is not transient (an expired token)", func() {
		l, _ := run("checked", onStep("auth", "auth_expired", "refund", 1))
		Expect(toolsOf(l)).To(Equal([]string{"cancel_order", "restock", "issue_refund"}))
	})

	It("checked retries a timeout blindly: the restock lands twice", func() {
		_, w := run("checked", onStep("slow", "timeout_after_commit", "restock", 1))
		Expect(w.Get("inventory", "MUG-BLU")["stock"]).To(Equal(14.0))
	})

	It("verifying reads back before retrying a timeout: the restock lands once", func() {
		l, w := run("verifying", onStep("slow", "timeout_after_commit", "restock", 1))
		Expect(w.Get("inventory", "MUG-BLU")["stock"]).To(Equal(12.0))
		n := 0
		for _, t := range toolsOf(l) {
			if t == "restock" {
				n++
			}
		}
		Expect(n).To(Equal(1))
	})

	It("verifying re-reads a stale read-back instead of believing it", func() {
		s := scenario("order-cancellation")
		st := s.Step("refund")
		stale := faults.Spec{Name: "lag", Kind: "stale_read", Tool: st.Verify[0].Tool,
			Target: faults.Target{Tool: st.Verify[0].Tool}, When: faults.When{Calls: []int{1}}}
		l, w := run("verifying", stale)
		Expect(w.Get("notifications", "N-1")).NotTo(BeNil(), "it went on to notify")
		Expect(l.Ledger()).To(HaveLen(1))
	})

	It("verifying retries a timeout whose write was lost", func() {
		_, w := run("verifying", onStep("lost", "timeout_before_commit", "refund", 1))
		Expect(w.Get("payments", "P-5001")["refunded"]).To(Equal(120.0))
	})

	It("saga undoes a step that committed and then timed out, when a later step fails", func() {
		s := scenario("order-cancellation")
		_, w := run("saga", onStep("slow", "timeout_after_commit", "restock", 1), onStep("down", "hard_error", "refund"))
		final := w.Snapshot()
		for _, st := range s.Steps {
			Expect(world.EqualOn(s.Before, final, st.Refs)).To(BeTrue(), st.ID)
		}
	})
})
