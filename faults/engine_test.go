package faults_test

import (
	"context"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// prepared is a spec aimed at tool and checked as a scenario loader would.
func prepared(s faults.Spec) faults.Spec {
	tb, err := mocktools.NewToolbox([]string{"commerce"})
	Expect(err).NotTo(HaveOccurred())
	if s.Target.Tool == "" {
		s.Target = faults.Target{Tool: s.Tool}
	}
	t, ok := tb.Tool(s.Target.Tool)
	Expect(ok).To(BeTrue())
	Expect(s.Prepare(t.Definition())).To(BeEmpty())
	return s
}

// firings makes n restock calls through a layer seeded with seed and returns
// the call numbers on which the fault called name fired.
func firings(seed uint64, n int, name string, specs ...faults.Spec) []int {
	tb, err := mocktools.NewToolbox([]string{"commerce"})
	Expect(err).NotTo(HaveOccurred())
	l, err := faults.NewLayer(world.New(store(), tb.Collections()...), tb, specs, seed)
	Expect(err).NotTo(HaveOccurred())
	for i := range n {
		l.Call(context.Background(), fmt.Sprintf("call-%d", i+1), "restock", oneMug)
	}
	out := []int{}
	for _, in := range l.Ledger() {
		if in.Fault == name {
			out = append(out, in.Index)
		}
	}
	return out
}

func chance(name string, p float64) faults.Spec {
	return faults.Spec{Name: name, Kind: "ack_without_apply", Tool: "restock", Target: faults.Target{Tool: "restock"},
		When: faults.When{Probability: &p}}
}

var _ = Describe("probability", func() {
	It("0 never fires and 1 always fires", func() {
		for seed := range uint64(20) {
			Expect(firings(seed, 50, "p", chance("p", 0))).To(BeEmpty())
			Expect(firings(seed, 50, "p", chance("p", 1))).To(HaveLen(50))
		}
	})

	It("fires at about its rate", func() {
		n := len(firings(7, 2000, "p", chance("p", 0.3)))
		// 0.3 * 2000 = 600, sd ~20.5: five sd either side.
		Expect(n).To(BeNumerically("~", 600, 103))
	})

	It("gives the same firings for the same seed and others for another", func() {
		a := firings(42, 200, "p", chance("p", 0.5))
		Expect(firings(42, 200, "p", chance("p", 0.5))).To(Equal(a))
		Expect(firings(43, 200, "p", chance("p", 0.5))).NotTo(Equal(a))
	})

	It("draws from the fault's own stream: adding a fault before it changes none of its draws", func() {
		alone := firings(9, 200, "p", chance("p", 0.4))
		with := firings(9, 200, "p", chance("other", 0.7), chance("p", 0.4))
		Expect(with).To(Equal(alone))
	})

	It("depends on the fault's name, so two faults of one kind do not fire in lockstep", func() {
		Expect(firings(9, 200, "a", chance("a", 0.5), chance("b", 0.5))).
			NotTo(Equal(firings(9, 200, "b", chance("a", 0.5), chance("b", 0.5))))
	})
})

var _ = DescribeTable("sequence",
	func(seq []string, want []int) {
		s := faults.Spec{Name: "s", Kind: "hard_error", Tool: "restock", Target: faults.Target{Tool: "restock"},
			When: faults.When{Sequence: seq}}
		Expect(firings(1, 5, "s", s)).To(Equal(want))
	},
	Entry("fail, ok, fail: the 1st and 3rd, then every call goes through", []string{"fail", "ok", "fail"}, []int{1, 3}),
	Entry("ok, ok, fail", []string{"ok", "ok", "fail"}, []int{3}),
	Entry("longer than the calls made", []string{"fail", "fail", "fail", "fail", "fail", "fail", "fail"}, []int{1, 2, 3, 4, 5}),
)

var _ = Describe("match", func() {
	refundOver := func(src string) faults.Spec {
		return prepared(faults.Spec{Name: "m", Kind: "hard_error", Tool: "issue_refund", Match: src})
	}

	DescribeTable("aims at calls whose arguments satisfy the expression",
		func(src string, want []string) {
			b := newBench(refundOver(src))
			b.call("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			b.call("issue_refund", `{"order_id": "A1001", "amount": 45.5}`)
			b.call("issue_refund", `{"order_id": "A1002", "amount": 5}`)
			Expect(b.firedOn()).To(Equal(want))
		},
		Entry("a comparison", "amount > 40", []string{"call-2"}),
		Entry("a string equality", `order_id == "A1002"`, []string{"call-3"}),
		Entry("both", `order_id == "A1001" && amount < 40`, []string{"call-1"}),
		Entry("a range", "amount >= 5 && amount <= 30", []string{"call-1", "call-3"}),
		Entry("matches nothing", `order_id == "Z9"`, []string{}),
	)

	It("counts only matched calls toward when.calls", func() {
		s := refundOver("amount > 10")
		s.When = faults.When{Calls: []int{2}}
		b := newBench(s)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 20}`)
		b.call("issue_refund", `{"order_id": "A1002", "amount": 5}`)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 20}`)
		Expect(b.firedOn()).To(Equal([]string{"call-3"}))
	})

	It("reads list arguments", func() {
		b := newBench(prepared(faults.Spec{Name: "m", Kind: "hard_error", Tool: "restock", Match: `any(items, .sku == "VASE-2")`}))
		b.call("restock", oneMug)
		b.call("restock", `{"items": [{"sku": "VASE-2", "qty": 1}]}`)
		Expect(b.firedOn()).To(Equal([]string{"call-2"}))
	})

	DescribeTable("rejects a bad expression with the reason",
		func(src, want string) {
			s := faults.Spec{Name: "m", Kind: "hard_error", Tool: "issue_refund", Match: src}
			tb, _ := mocktools.NewToolbox([]string{"commerce"})
			t, _ := tb.Tool("issue_refund")
			errs := s.Prepare(t.Definition())
			Expect(errs).To(HaveLen(1))
			Expect(errs[0].Field).To(Equal("match"))
			Expect(errs[0].Err.Error()).To(ContainSubstring(want))
		},
		Entry("an unknown argument", "amout > 10", `issue_refund has no argument amout (its arguments: amount, order_id)`),
		Entry("bad syntax", "amount >", `expression "amount >"`),
		Entry("not a condition", "amount + 1", `expression "amount + 1"`),
	)
})

var _ = DescribeTable("Prepare checks the other fields",
	func(s faults.Spec, field, want string) {
		tb, _ := mocktools.NewToolbox([]string{"commerce"})
		t, _ := tb.Tool("restock")
		errs := s.Prepare(t.Definition())
		Expect(errs).To(HaveLen(1))
		Expect(errs[0].Field).To(Equal(field))
		Expect(errs[0].Err).To(MatchError(want))
	},
	Entry("a delay that is not a duration", faults.Spec{Kind: "latency", Delay: "soon"}, "delay", `"soon" is not a duration such as 90s or 5m`),
	Entry("a negative delay", faults.Spec{Kind: "latency", Delay: "-5s"}, "delay", "must not be negative, got -5s"),
	Entry("an unknown state", faults.Spec{Kind: "latency", State: "thrice"}, "state",
		`unknown state "thrice" (known: none, partial, full, twice, later)`),
	Entry("a bad when", faults.Spec{Kind: "latency", When: faults.When{AfterCalls: -2}}, "when", "after_calls: must not be negative, got -2"),
	Entry("a negative cap", faults.Spec{Kind: "latency", MaxInjections: -1}, "max_injections", "must not be negative, got -1"),
)

var _ = Describe("require_fired", func() {
	It("names the required faults that never fired", func() {
		never := faults.Spec{Name: "never", Kind: "hard_error", Tool: "issue_refund", Target: faults.Target{Tool: "issue_refund"}, RequireFired: true}
		fired := aimed("fired", "hard_error", "restock")
		fired.RequireFired = true
		optional := aimed("optional", "hard_error", "void_refund")
		b := newBench(never, fired, optional)
		b.call("restock", oneMug)
		Expect(b.layer.Unfired()).To(Equal([]string{"never"}))
	})
})

var _ = Describe("state effects beyond none, partial and full", func() {
	It("delayed_apply lands the write when the clock passes the delay, under the call's id", func() {
		b := newBench(prepared(faults.Spec{Name: "d", Kind: "delayed_apply", Tool: "issue_refund", Delay: "2m"}))
		Expect(b.call("issue_refund", refundArgs).Body["status"]).To(Equal("processing"))
		b.call("get_payment", `{"order_id": "A1001"}`)
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(0.0))

		b.layer.Wait(context.Background(), 2*time.Minute)
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(30.0))
		Expect(b.w.Audit()[0].Call).To(Equal("call-1"))
		Expect(b.w.Audit()[0].At).To(Equal(2*time.Second + 2*time.Minute))
	})

	It("delayed_apply with state none never lands", func() {
		b := newBench(prepared(faults.Spec{Name: "d", Kind: "delayed_apply", Tool: "issue_refund", State: faults.None}))
		b.call("issue_refund", refundArgs)
		b.layer.Wait(context.Background(), 24*time.Hour)
		b.call("get_payment", `{"order_id": "A1001"}`)
		Expect(b.w.Audit()).To(BeEmpty())
	})

	It("a delayed write that no longer applies is dropped", func() {
		b := newBench(prepared(faults.Spec{Name: "d", Kind: "delayed_apply", Tool: "issue_refund", Delay: "1m"}))
		b.call("issue_refund", `{"order_id": "A1001", "amount": 80}`)
		Expect(b.call("issue_refund", `{"order_id": "A1001", "amount": 80}`).Body["status"]).To(Equal("processing"))
		b.layer.Wait(context.Background(), time.Minute)
		// The first landed; the second would exceed what is left.
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(80.0))
		Expect(b.w.Records("refunds")).To(Equal([]string{"RF-1"}))
	})

	DescribeTable("duplicate_apply lands the call twice",
		func(tool, raw, collection, id, field string, want any) {
			b := newBench(aimed("dup", "duplicate_apply", tool))
			Expect(b.call(tool, raw).Status).To(Equal(mocktools.StatusOK))
			if field == "" {
				Expect(b.w.Records(collection)).To(Equal(want))
				return
			}
			Expect(b.w.Get(collection, id)[field]).To(Equal(want))
		},
		Entry("restock counts the stock in twice", "restock", `{"items": [{"sku": "MUG-1", "qty": 2}]}`, "inventory", "MUG-1", "stock", 9.0),
		Entry("notify sends two emails", "notify_customer",
			`{"customer_id": "C-100", "order_id": "A1001", "channel": "email", "message": "hi"}`, "notifications", "", "", []string{"N-1", "N-2"}),
		Entry("cancel_order twice is still one cancellation", "cancel_order", `{"order_id": "A1001", "reason": "late"}`, "orders", "A1001", "status", "cancelled"),
	)

	It("latency can hide a lost write behind its delay (state: none)", func() {
		b := newBench(prepared(faults.Spec{Name: "l", Kind: "latency", Tool: "restock", State: faults.None, Delay: "45s"}))
		Expect(b.call("restock", oneMug).Status).To(Equal(mocktools.StatusOK))
		Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(5.0))
		Expect(b.w.Now()).To(Equal(46 * time.Second))
	})
})

var _ = Describe("replies computed from the world", func() {
	It("stale_read shows the data from before the trial's writes, and the world stays right", func() {
		b := newBench(aimed("stale", "stale_read", "get_payment"))
		b.call("issue_refund", refundArgs)
		resp := b.call("get_payment", `{"order_id": "A1001"}`)
		Expect(resp.Body["refunded"]).To(Equal(0.0))
		Expect(resp.Body["status"]).To(Equal("captured"))
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(30.0))
	})

	It("empty_result empties the lists of a read", func() {
		b := newBench(aimed("empty", "empty_result", "list_notifications"))
		b.call("notify_customer", `{"customer_id": "C-100", "order_id": "A1001", "channel": "email", "message": "hi"}`)
		resp := b.call("list_notifications", `{"order_id": "A1001"}`)
		Expect(resp.Body).To(HaveKeyWithValue("notifications", []any{}))
		Expect(b.w.Records("notifications")).To(HaveLen(1))
	})

	DescribeTable("wrong_field alters one field",
		func(tool, raw, field string, want any) {
			b := newBench(aimed("wrong", "wrong_field", tool))
			Expect(b.call(tool, raw).Body[field]).To(Equal(want))
		},
		Entry("the first number, by name, is halved to the cent", "get_inventory", `{"sku": "MUG-1"}`, "stock", 2.5),
		Entry("a status reads unknown", "cancel_order", `{"order_id": "A1001", "reason": "late"}`, "status", "unknown"),
	)

	It("schema_drift reshapes an error too", func() {
		b := newBench(aimed("down", "hard_error", "restock"), aimed("drift", "schema_drift", "restock"))
		resp := b.call("restock", oneMug)
		Expect(resp.Status).To(Equal(mocktools.StatusError))
		Expect(resp.Body).To(Equal(mocktools.Body{"errors": []any{map[string]any{"detail": "restock failed: upstream service unavailable (503)"}}}))
	})
})

var _ = Describe("simulated time per tool", func() {
	It("takes the default per call unless the scenario sets a tool's duration", func() {
		b := newBench()
		b.layer.SetDurations(map[string]time.Duration{"issue_refund": 3 * time.Second})
		b.call("get_order", `{"order_id": "A1001"}`)
		b.call("issue_refund", refundArgs)
		Expect(b.layer.Calls()[0].At).To(Equal(faults.CallDuration))
		Expect(b.layer.Calls()[1].At).To(Equal(faults.CallDuration + 3*time.Second))
	})
})
