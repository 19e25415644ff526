package faults_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
)

var _ = Describe("call numbering", func() {
	It("counts a call the tool rejects toward the fault's call numbers", func() {
		spec := aimed("second", "hard_error", "issue_refund")
		spec.When = faults.When{Calls: []int{2}}
		b := newBench(spec)
		b.call("issue_refund", `{"order_id": "A1001", "amount": 500}`) // more than was paid: rejected
		b.call("issue_refund", `{"order_id": "A1001", "amount": 10}`)
		Expect(b.firedOn()).To(Equal([]string{"call-2"}))
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(0.0))
	})

	It("does not fire on a call the tool rejects", func() {
		b := newBench(aimed("first", "ack_without_apply", "issue_refund"))
		resp := b.call("issue_refund", `{"order_id": "A1001", "amount": 500}`)
		Expect(resp.Status).To(BeEquivalentTo("error"))
		Expect(b.firedOn()).To(BeEmpty())
		Expect(b.layer.Fired()).To(Equal(map[string]int{"first": 0}))
	})

	It("matches whole-number target arguments against JSON numbers", func() {
		t := faults.Target{Tool: "issue_refund", Args: map[string]any{"amount": 40}}
		Expect(t.Matches("issue_refund", map[string]any{"amount": 40.0})).To(BeTrue())
		Expect(t.Matches("issue_refund", map[string]any{"amount": 41.0})).To(BeFalse())
	})
})

var _ = Describe("latest records", func() {
	It("voids the newest refund, RF-10 after RF-9", func() {
		b := newBench()
		for i := 0; i < 10; i++ {
			Expect(b.call("issue_refund", `{"order_id": "A1001", "amount": 1}`).Status).To(BeEquivalentTo("ok"))
		}
		resp := b.call("void_refund", `{"order_id": "A1001"}`)
		Expect(resp.Body["refund_id"]).To(Equal("RF-10"))
		Expect(b.w.Get("refunds", "RF-9")).NotTo(BeNil())
	})
})
