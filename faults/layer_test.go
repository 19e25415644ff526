package faults_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var _ = Describe("Layer", func() {
	It("commits a call no fault is aimed at and logs it as not failed", func() {
		b := newBench(aimed("f", "hard_error", "void_refund"))
		resp := b.call("issue_refund", refundArgs)
		Expect(resp).To(Equal(mocktools.Response{Status: mocktools.StatusOK, Body: normalRefund}))
		Expect(world.Diff(b.initial, b.w.Snapshot())).To(Equal(refundDiff(30)))
		Expect(b.w.Audit()).To(HaveLen(3))
		Expect(b.layer.Ledger()).To(BeEmpty())
		Expect(b.layer.Fired()).To(Equal(map[string]int{"f": 0}))
		Expect(b.layer.Calls()).To(Equal([]faults.CallRecord{{
			ID: "call-1", Tool: "issue_refund", Args: refundArgs, Status: mocktools.StatusOK,
			Failed: false, At: time.Second,
			Decoded: mocktools.Args{"order_id": "A1001", "amount": 30.0},
		}}))
		Expect(b.w.Now()).To(Equal(time.Second))
	})

	It("spends one simulated second per call", func() {
		b := newBench()
		b.call("get_order", `{"order_id": "A1001"}`)
		b.call("nope", `{}`)
		b.call("get_order", `{"order_id": "Z9"}`)
		Expect(b.w.Now()).To(Equal(3 * faults.CallDuration))
		Expect(faults.CallDuration).To(Equal(time.Second))
	})

	DescribeTable("bad calls are explicit tool errors that write nothing and fire nothing",
		func(tool, raw, want string) {
			b := newBench(aimed("f", "timeout_after_commit", tool))
			resp := b.call(tool, raw)

			Expect(resp).To(Equal(mocktools.Response{Status: mocktools.StatusError, Body: mocktools.Body{"error": want}}))
			Expect(b.w.Snapshot()).To(Equal(b.initial))
			Expect(b.w.Audit()).To(BeEmpty())
			Expect(b.layer.Ledger()).To(BeEmpty())
			Expect(b.layer.Fired()).To(Equal(map[string]int{"f": 0}))
			Expect(b.layer.Calls()).To(HaveLen(1))
			c := b.layer.Calls()[0]
			Expect(c.ID).To(Equal("call-1"))
			Expect(c.Tool).To(Equal(tool))
			Expect(c.Args).To(Equal(raw))
			Expect(c.Status).To(Equal(mocktools.StatusError))
			Expect(c.Failed).To(BeTrue())
			Expect(c.Fault).To(BeEmpty())
			Expect(b.w.Now()).To(Equal(time.Second))
		},
		Entry("an unknown tool", "refund_everything", `{"order_id": "A1001"}`,
			`unknown tool "refund_everything"`),
		Entry("arguments that are not JSON", "issue_refund", `{"order_id": "A1001",`,
			"arguments are not a valid JSON object: unexpected end of JSON input"),
		Entry("arguments that are a JSON array", "issue_refund", `["A1001", 30]`,
			"arguments are not a valid JSON object: json: cannot unmarshal array into Go value of type mocktools.Args"),
		Entry("no arguments", "issue_refund", ``,
			`invalid arguments for issue_refund: arguments: missing required "order_id"`),
		Entry("arguments failing the schema", "issue_refund", `{"order_id": "A1001", "amount": "30"}`,
			"invalid arguments for issue_refund: amount: want a number, got a string"),
		Entry("an unknown argument", "issue_refund", `{"order_id": "A1001", "amount": 30, "currency": "EUR"}`,
			`invalid arguments for issue_refund: arguments: unknown argument "currency"`),
		Entry("a tool error", "issue_refund", `{"order_id": "A1001", "amount": 500}`,
			"refund of 500.00 exceeds the 80.00 left on payment P-1"),
		Entry("a tool error after a first write", "remove_stock",
			`{"items": [{"sku": "MUG-1", "qty": 1}, {"sku": "VASE-2", "qty": 1}]}`,
			"SKU VASE-2 has only 0 units"),
	)

	It("keeps the ids of dropped writes free: the next refund reuses the id a soft error showed", func() {
		s := aimed("f", "soft_error", "issue_refund")
		s.MaxInjections = 1
		b := newBench(s)
		Expect(b.call("issue_refund", refundArgs).Body["refund_id"]).To(Equal("RF-1"))
		Expect(b.call("issue_refund", refundArgs).Body["refund_id"]).To(Equal("RF-1"))
		Expect(b.w.Records("refunds")).To(Equal([]string{"RF-1"}))
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(30.0))
	})

	It("tags a partial effect's writes with the call id", func() {
		b := newBench(aimed("f", "partial_apply", "notify_customer"))
		resp := b.call("notify_customer", `{"customer_id": "C-100", "order_id": "A1001", "message": "hi"}`)
		Expect(resp.Body).To(Equal(mocktools.Body{"notification_id": "N-1", "status": "sent", "channel": "email"}))
		Expect(b.w.Get("notifications", "N-1")["status"]).To(Equal("queued"))
		Expect(b.w.Audit()).To(HaveLen(1))
		Expect(b.w.Audit()[0].Call).To(Equal("call-1"))
		Expect(b.w.Audit()[0].Tool).To(Equal("notify_customer"))
	})

	It("applies restock's partial effect through its PartialApplier", func() {
		b := newBench(aimed("f", "partial_apply", "restock"))
		b.call("restock", `{"items": [{"sku": "MUG-1", "qty": 2}, {"sku": "VASE-2", "qty": 1}]}`)
		Expect(world.Diff(b.initial, b.w.Snapshot())).To(Equal([]world.Change{
			{Collection: "inventory", ID: "MUG-1", Field: "stock", Before: 5.0, After: 7.0},
		}))
	})
})
