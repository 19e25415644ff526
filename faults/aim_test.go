package faults_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
)

const oneMug = `{"items": [{"sku": "MUG-1", "qty": 1}]}`

var _ = DescribeTable("Target.Matches",
	func(t faults.Target, tool string, args mocktools.Args, want bool) {
		Expect(t.Matches(tool, args)).To(Equal(want))
	},
	Entry("any call of the tool when no args are given",
		faults.Target{Tool: "issue_refund"}, "issue_refund", mocktools.Args{"amount": 5.0}, true),
	Entry("not another tool",
		faults.Target{Tool: "issue_refund"}, "void_refund", mocktools.Args{}, false),
	Entry("equal scalar args",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"order_id": "A1001", "amount": 30.0}},
		"issue_refund", mocktools.Args{"order_id": "A1001", "amount": 30.0}, true),
	Entry("one arg differs",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"order_id": "A1001", "amount": 30.0}},
		"issue_refund", mocktools.Args{"order_id": "A1001", "amount": 30.5}, false),
	Entry("an arg the call lacks",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"order_id": "A1001", "amount": 30.0}},
		"issue_refund", mocktools.Args{"order_id": "A1001"}, false),
	Entry("args the target does not name are ignored",
		faults.Target{Tool: "cancel_order", Args: map[string]any{"order_id": "A1001"}},
		"cancel_order", mocktools.Args{"order_id": "A1001", "reason": "late"}, true),
	Entry("an int in the call equals the same float in the target",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"amount": 30.0}},
		"issue_refund", mocktools.Args{"amount": 30}, true),
	Entry("a number does not equal its string",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"amount": 30.0}},
		"issue_refund", mocktools.Args{"amount": "30"}, false),
	Entry("the right args on the wrong tool",
		faults.Target{Tool: "issue_refund", Args: map[string]any{"order_id": "A1001"}},
		"cancel_order", mocktools.Args{"order_id": "A1001"}, false),
)

var _ = DescribeTable("When.Check",
	func(w faults.When, want string) {
		if want == "" {
			Expect(w.Check()).To(Succeed())
			return
		}
		Expect(w.Check()).To(MatchError(want))
	},
	Entry("empty: every call", faults.When{}, ""),
	Entry("calls", faults.When{Calls: []int{1, 3}}, ""),
	Entry("after_calls", faults.When{AfterCalls: 2}, ""),
	Entry("sequence", faults.When{Sequence: []string{"fail", "ok", "fail"}}, ""),
	Entry("probability 0", faults.When{Probability: ptr(0.0)}, ""),
	Entry("probability 1", faults.When{Probability: ptr(1.0)}, ""),
	Entry("both calls and after_calls", faults.When{Calls: []int{1}, AfterCalls: 2},
		"give one of calls, after_calls, sequence or probability"),
	Entry("both sequence and probability", faults.When{Sequence: []string{"fail"}, Probability: ptr(0.5)},
		"give one of calls, after_calls, sequence or probability"),
	Entry("a call number of 0", faults.When{Calls: []int{2, 0}},
		"calls: call numbers start at 1, got 0"),
	Entry("a negative call number", faults.When{Calls: []int{-1}},
		"calls: call numbers start at 1, got -1"),
	Entry("a negative after_calls", faults.When{AfterCalls: -1},
		"after_calls: must not be negative, got -1"),
	Entry("a sequence word that is not fail or ok", faults.When{Sequence: []string{"fail", "boom"}},
		`sequence[1]: want fail or ok, got "boom"`),
	Entry("a probability above 1", faults.When{Probability: ptr(1.5)},
		"probability: want a number from 0 to 1, got 1.5"),
	Entry("a negative probability", faults.When{Probability: ptr(-0.1)},
		"probability: want a number from 0 to 1, got -0.1"),
)

func ptr[T any](v T) *T { return &v }

var _ = Describe("aiming a fault through the layer", func() {
	restocks := func(b *bench, n int) {
		for range n {
			b.call("restock", oneMug)
		}
	}
	indexes := func(b *bench) []int {
		out := []int{}
		for _, in := range b.layer.Ledger() {
			out = append(out, in.Index)
		}
		return out
	}

	DescribeTable("when and max_injections over four restock calls",
		func(when faults.When, max int, firedOn []string, failed []bool) {
			b := newBench(faults.Spec{Name: "f", Kind: "hard_error", Target: faults.Target{Tool: "restock"},
				When: when, MaxInjections: max})
			restocks(b, 4)
			Expect(b.firedOn()).To(Equal(firedOn))
			Expect(b.failed()).To(Equal(failed))
			Expect(b.layer.Fired()).To(Equal(map[string]int{"f": len(firedOn)}))
			Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(5.0 + float64(4-len(firedOn))))
		},
		Entry("every call", faults.When{}, 0,
			[]string{"call-1", "call-2", "call-3", "call-4"}, []bool{true, true, true, true}),
		Entry("calls [2]: only the 2nd", faults.When{Calls: []int{2}}, 0,
			[]string{"call-2"}, []bool{false, true, false, false}),
		Entry("calls [1, 3]", faults.When{Calls: []int{1, 3}}, 0,
			[]string{"call-1", "call-3"}, []bool{true, false, true, false}),
		Entry("calls [7]: beyond the calls made", faults.When{Calls: []int{7}}, 0,
			[]string{}, []bool{false, false, false, false}),
		Entry("after_calls 2: the 3rd on", faults.When{AfterCalls: 2}, 0,
			[]string{"call-3", "call-4"}, []bool{false, false, true, true}),
		Entry("max_injections 2 caps every-call firing", faults.When{}, 2,
			[]string{"call-1", "call-2"}, []bool{true, true, false, false}),
		Entry("max_injections 1 with calls [2, 3, 4]", faults.When{Calls: []int{2, 3, 4}}, 1,
			[]string{"call-2"}, []bool{false, true, false, false}),
		Entry("max_injections 1 with after_calls 1", faults.When{AfterCalls: 1}, 1,
			[]string{"call-2"}, []bool{false, true, false, false}),
	)

	It("records the index among matched calls in the ledger", func() {
		b := newBench(faults.Spec{Name: "f", Kind: "ack_without_apply", Target: faults.Target{Tool: "restock"},
			When: faults.When{AfterCalls: 1}})
		restocks(b, 3)
		Expect(indexes(b)).To(Equal([]int{2, 3}))
	})

	It("fires only on calls whose scalar args equal the target's, and counts only those", func() {
		b := newBench(faults.Spec{Name: "f", Kind: "hard_error", When: faults.When{Calls: []int{2}},
			Target: faults.Target{Tool: "issue_refund", Args: map[string]any{"order_id": "A1001", "amount": 5.0}}})
		b.call("issue_refund", `{"order_id": "A1001", "amount": 5}`)
		b.call("issue_refund", `{"order_id": "A1002", "amount": 5}`)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 6}`)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 5.0}`)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 5}`)

		Expect(b.firedOn()).To(Equal([]string{"call-4"}))
		Expect(indexes(b)).To(Equal([]int{2}))
		Expect(b.failed()).To(Equal([]bool{false, false, false, true, false}))
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(16.0))
		Expect(b.w.Get("payments", "P-2")["refunded"]).To(Equal(5.0))
	})

	It("leaves other tools alone", func() {
		b := newBench(aimed("f", "hard_error", "restock"))
		Expect(b.call("remove_stock", oneMug).Status).To(Equal(mocktools.StatusOK))
		Expect(b.call("get_inventory", `{"sku": "MUG-1"}`).Status).To(Equal(mocktools.StatusOK))
		Expect(b.layer.Ledger()).To(BeEmpty())
		Expect(b.failed()).To(Equal([]bool{false, false}))
	})

	Describe("several faults on the same call", func() {
		DescribeTable("the state comes from the first declared fault that changes it; replies chain in declaration order",
			func(first, second string, status mocktools.Status, stock float64) {
				b := newBench(aimed("first", first, "restock"), aimed("second", second, "restock"))
				resp := b.call("restock", oneMug)
				Expect(resp.Status).To(Equal(status))
				Expect(b.firedOn()).To(Equal([]string{"call-1", "call-1"}))
				Expect(b.layer.Ledger()[0].Fault).To(Equal("first"))
				Expect(b.layer.Ledger()[1].Fault).To(Equal("second"))
				Expect(b.layer.Fired()).To(Equal(map[string]int{"first": 1, "second": 1}))
				Expect(b.layer.Calls()[0].Fault).To(Equal("first,second"))
				Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(stock))
			},
			Entry("hard_error then soft_error: nothing lands, the soft error's body wins the reply",
				"hard_error", "soft_error", mocktools.StatusOK, 5.0),
			Entry("soft_error then hard_error: the hard error is the last word",
				"soft_error", "hard_error", mocktools.StatusError, 5.0),
			Entry("latency then ack_without_apply: the lost write is not masked by the delay",
				"latency", "ack_without_apply", mocktools.StatusOK, 5.0),
			Entry("ack_without_apply then latency: the same state", "ack_without_apply", "latency", mocktools.StatusOK, 5.0),
			Entry("latency then duplicate_apply: applied twice", "latency", "duplicate_apply", mocktools.StatusOK, 7.0),
			Entry("timeout_after_commit then latency: applied once, still a timeout",
				"timeout_after_commit", "latency", mocktools.StatusTimeout, 6.0),
		)

		It("adds up the faults' delays on the simulated clock", func() {
			b := newBench(aimed("slow", "latency", "restock"), aimed("lost", "timeout_before_commit", "restock"))
			b.call("restock", oneMug)
			Expect(b.w.Now()).To(Equal(faults.CallDuration + 10*time.Second + 30*time.Second))
		})

		It("a capped fault still counts the call, so another fires on its own 2nd call", func() {
			first := aimed("first", "hard_error", "restock")
			first.MaxInjections = 1
			second := aimed("second", "soft_error", "restock")
			second.When = faults.When{Calls: []int{2}}
			b := newBench(first, second)
			restocks(b, 3)

			Expect(b.firedOn()).To(Equal([]string{"call-1", "call-2"}))
			Expect(indexes(b)).To(Equal([]int{1, 2}))
			Expect(b.layer.Fired()).To(Equal(map[string]int{"first": 1, "second": 1}))
			Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(6.0))
		})
	})
})
