package faults_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

const known = "[ack_without_apply auth_expired compensation_noop delayed_apply duplicate_apply empty_result hard_error latency partial_apply schema_drift soft_error stale_read swallowed_rate_limit timeout_after_commit timeout_before_commit wrong_field]"

var _ = Describe("the kind registry", func() {
	It("lists every kind sorted by name", func() {
		names := []string{}
		for _, k := range faults.Kinds() {
			names = append(names, k.Name())
		}
		Expect(names).To(Equal([]string{
			"ack_without_apply", "auth_expired", "compensation_noop", "delayed_apply", "duplicate_apply",
			"empty_result", "hard_error", "latency", "partial_apply", "schema_drift", "soft_error",
			"stale_read", "swallowed_rate_limit", "timeout_after_commit", "timeout_before_commit", "wrong_field",
		}))
	})

	DescribeTable("each kind says what the agent sees and what the world gets",
		func(name string, effect faults.Effect, delay time.Duration, aim faults.Aim) {
			k, err := faults.Lookup(name)
			Expect(err).NotTo(HaveOccurred())
			Expect(k.Name()).To(Equal(name))
			Expect(k.State()).To(Equal(effect))
			Expect(k.Sees()).NotTo(BeEmpty())
			Expect(k.Gets()).NotTo(BeEmpty())
			d, ok := k.(faults.Delayer)
			Expect(ok).To(Equal(delay > 0))
			if ok {
				Expect(d.Delay()).To(Equal(delay))
			}
			Expect(faults.AimOf(k)).To(Equal(aim))
		},
		Entry(nil, "hard_error", faults.None, time.Duration(0), faults.AimAction),
		Entry(nil, "soft_error", faults.None, time.Duration(0), faults.AimAction),
		Entry(nil, "swallowed_rate_limit", faults.None, time.Duration(0), faults.AimAction),
		Entry(nil, "ack_without_apply", faults.None, time.Duration(0), faults.AimAction),
		Entry(nil, "partial_apply", faults.Partial, time.Duration(0), faults.AimAction),
		Entry(nil, "timeout_after_commit", faults.Full, 30*time.Second, faults.AimAction),
		Entry(nil, "timeout_before_commit", faults.None, 30*time.Second, faults.AimAction),
		Entry(nil, "duplicate_apply", faults.Twice, time.Duration(0), faults.AimAction),
		Entry(nil, "delayed_apply", faults.Later, time.Duration(0), faults.AimAction),
		Entry(nil, "stale_read", faults.Full, time.Duration(0), faults.AimRead),
		Entry(nil, "wrong_field", faults.Full, time.Duration(0), faults.AimAction),
		Entry(nil, "empty_result", faults.None, time.Duration(0), faults.AimRead),
		Entry(nil, "schema_drift", faults.Full, time.Duration(0), faults.AimAction),
		Entry(nil, "latency", faults.Full, 10*time.Second, faults.AimAction),
		Entry(nil, "auth_expired", faults.None, time.Duration(0), faults.AimAction),
		Entry(nil, "compensation_noop", faults.None, time.Duration(0), faults.AimCompensation),
	)

	It("fails to look up an unknown kind, naming the known ones", func() {
		k, err := faults.Lookup("meteor_strike")
		Expect(err).To(MatchError(`unknown fault kind "meteor_strike" (known: ` + known + `)`))
		Expect(k).To(BeNil())
	})

	It("refuses a kind registered twice", func() {
		Expect(func() { faults.Register(faults.HardError{}) }).
			To(PanicWith("faults: kind registered twice: hard_error"))
		Expect(faults.Kinds()).To(HaveLen(16))
	})

	It("NewLayer refuses a spec of an unknown kind", func() {
		tb, err := mocktools.NewToolbox([]string{"commerce"})
		Expect(err).NotTo(HaveOccurred())
		l, err := faults.NewLayer(world.New(store()), tb, []faults.Spec{
			aimed("ok", "hard_error", "restock"), aimed("bad", "meteor_strike", "restock"),
		}, 1)
		Expect(err).To(MatchError(`unknown fault kind "meteor_strike" (known: ` + known + `)`))
		Expect(l).To(BeNil())
	})
})

const refundArgs = `{"order_id": "A1001", "amount": 30}`

// refundDiff is what a refund of amount on A1001 changes.
func refundDiff(amount float64) []world.Change {
	return []world.Change{
		{Collection: "payments", ID: "P-1", Field: "refunded", Before: 0.0, After: amount},
		{Collection: "payments", ID: "P-1", Field: "status", Before: "captured", After: "partially_refunded"},
		{Collection: "refunds", ID: "RF-1", After: world.Record{
			"order_id": "A1001", "payment_id": "P-1", "amount": amount, "status": "succeeded"}},
	}
}

var normalRefund = mocktools.Body{"refund_id": "RF-1", "order_id": "A1001", "amount": 30.0, "status": "succeeded"}

var _ = DescribeTable("each kind on an issue_refund call of 30.00",
	func(kind string, status mocktools.Status, body mocktools.Body, changes []world.Change, effect faults.Effect, sent string, clock time.Duration) {
		b := newBench(aimed("f", kind, "issue_refund"))
		resp := b.call("issue_refund", refundArgs)

		By("the reply the agent sees")
		Expect(resp).To(Equal(mocktools.Response{Status: status, Body: body}))

		By("what the world gets")
		if changes == nil {
			Expect(b.w.Snapshot()).To(Equal(b.initial))
			Expect(b.w.Audit()).To(BeEmpty())
		} else {
			Expect(world.Diff(b.initial, b.w.Snapshot())).To(Equal(changes))
			Expect(b.w.Audit()).NotTo(BeEmpty())
			for _, m := range b.w.Audit() {
				Expect(m.Call).To(Equal("call-1"))
				Expect(m.Tool).To(Equal("issue_refund"))
				Expect(m.At).To(Equal(time.Second))
			}
		}

		By("the ledger")
		Expect(b.layer.Ledger()).To(Equal([]faults.Injection{{
			Fault: "f", Kind: kind, Tool: "issue_refund", Call: "call-1", Index: 1,
			Response: sent, State: string(effect), At: clock,
		}}))
		Expect(b.layer.Fired()).To(Equal(map[string]int{"f": 1}))

		By("the call log and the clock")
		Expect(b.layer.Calls()).To(Equal([]faults.CallRecord{{
			ID: "call-1", Tool: "issue_refund", Args: refundArgs, Status: status,
			Failed: true, Fault: "f", At: time.Second,
			Decoded: mocktools.Args{"order_id": "A1001", "amount": 30.0},
		}}))
		Expect(b.w.Now()).To(Equal(clock))
	},
	Entry("hard_error: an explicit error, nothing written", "hard_error",
		mocktools.StatusError,
		mocktools.Body{"error": "issue_refund failed: upstream service unavailable (503)"},
		nil, faults.None,
		`error {"error":"issue_refund failed: upstream service unavailable (503)"}`,
		time.Second),
	Entry("soft_error: an ok envelope whose body says error, nothing written", "soft_error",
		mocktools.StatusOK,
		mocktools.Body{"order_id": "A1001", "refund_id": "RF-1", "status": "error", "code": "UPSTREAM_DECLINED",
			"message": "could not process issue_refund: the upstream service declined the request"},
		nil, faults.None,
		`ok {"code":"UPSTREAM_DECLINED","message":"could not process issue_refund: the upstream service declined the request","order_id":"A1001","refund_id":"RF-1","status":"error"}`,
		time.Second),
	Entry("swallowed_rate_limit: queued, nothing written", "swallowed_rate_limit",
		mocktools.StatusOK,
		mocktools.Body{"order_id": "A1001", "refund_id": "RF-1", "status": "queued", "message": "request accepted for processing"},
		nil, faults.None,
		`ok {"message":"request accepted for processing","order_id":"A1001","refund_id":"RF-1","status":"queued"}`,
		time.Second),
	Entry("ack_without_apply: the normal success, nothing written", "ack_without_apply",
		mocktools.StatusOK, normalRefund,
		nil, faults.None,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
	Entry("partial_apply: the normal success, half the money moved", "partial_apply",
		mocktools.StatusOK, normalRefund,
		refundDiff(15), faults.Partial,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
	Entry("timeout_after_commit: a timeout 30s late, everything written", "timeout_after_commit",
		mocktools.StatusTimeout,
		mocktools.Body{"error": "timeout: no response from issue_refund after 30s"},
		refundDiff(30), faults.Full,
		`timeout {"error":"timeout: no response from issue_refund after 30s"}`,
		31*time.Second),
	Entry("timeout_before_commit: the same timeout, nothing written", "timeout_before_commit",
		mocktools.StatusTimeout,
		mocktools.Body{"error": "timeout: no response from issue_refund after 30s"},
		nil, faults.None,
		`timeout {"error":"timeout: no response from issue_refund after 30s"}`,
		31*time.Second),
	Entry("duplicate_apply: the normal success, the refund made twice", "duplicate_apply",
		mocktools.StatusOK, normalRefund,
		[]world.Change{
			{Collection: "payments", ID: "P-1", Field: "refunded", Before: 0.0, After: 60.0},
			{Collection: "payments", ID: "P-1", Field: "status", Before: "captured", After: "partially_refunded"},
			{Collection: "refunds", ID: "RF-1", After: world.Record{
				"order_id": "A1001", "payment_id": "P-1", "amount": 30.0, "status": "succeeded"}},
			{Collection: "refunds", ID: "RF-2", After: world.Record{
				"order_id": "A1001", "payment_id": "P-1", "amount": 30.0, "status": "succeeded"}},
		}, faults.Twice,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
	Entry("delayed_apply: processing, nothing written yet", "delayed_apply",
		mocktools.StatusOK,
		mocktools.Body{"order_id": "A1001", "refund_id": "RF-1", "status": "processing",
			"message": "issue_refund accepted; it will complete shortly"},
		nil, faults.Later,
		`ok {"message":"issue_refund accepted; it will complete shortly","order_id":"A1001","refund_id":"RF-1","status":"processing"}`,
		time.Second),
	Entry("wrong_field: the amount halved in the reply, the full refund written", "wrong_field",
		mocktools.StatusOK,
		mocktools.Body{"refund_id": "RF-1", "order_id": "A1001", "amount": 15.0, "status": "succeeded"},
		refundDiff(30), faults.Full,
		`ok {"amount":15,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
	Entry("empty_result: an empty body, nothing written", "empty_result",
		mocktools.StatusOK, mocktools.Body{},
		nil, faults.None, `ok {}`, time.Second),
	Entry("schema_drift: camelCase under data, the refund written", "schema_drift",
		mocktools.StatusOK,
		mocktools.Body{"data": map[string]any{"refundId": "RF-1", "orderId": "A1001", "amount": 30.0, "status": "succeeded"}},
		refundDiff(30), faults.Full,
		`ok {"data":{"amount":30,"orderId":"A1001","refundId":"RF-1","status":"succeeded"}}`,
		time.Second),
	Entry("latency: the normal reply 10s late, the refund written", "latency",
		mocktools.StatusOK, normalRefund,
		refundDiff(30), faults.Full,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		11*time.Second),
	Entry("auth_expired: a 401, nothing written", "auth_expired",
		mocktools.StatusError,
		mocktools.Body{"error": "401 Unauthorized: the access token for issue_refund has expired", "code": "AUTH_EXPIRED"},
		nil, faults.None,
		`error {"code":"AUTH_EXPIRED","error":"401 Unauthorized: the access token for issue_refund has expired"}`,
		time.Second),
	Entry("compensation_noop: the normal success, nothing written", "compensation_noop",
		mocktools.StatusOK, normalRefund,
		nil, faults.None,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
	Entry("stale_read on a write: the write lands, the reply comes from the old world", "stale_read",
		mocktools.StatusOK, normalRefund,
		refundDiff(30), faults.Full,
		`ok {"amount":30,"order_id":"A1001","refund_id":"RF-1","status":"succeeded"}`,
		time.Second),
)

var _ = DescribeTable("partial_apply on a tool without its own partial effect commits the first half of its writes",
	func(setup, tool, raw string, want []world.Change) {
		b := newBench(aimed("half", "partial_apply", tool))
		if setup != "" {
			Expect(b.call("issue_refund", setup).Status).To(Equal(mocktools.StatusOK))
		}
		before := b.w.Snapshot()
		resp := b.call(tool, raw)
		Expect(resp.Status).To(Equal(mocktools.StatusOK))
		if want == nil {
			Expect(b.w.Snapshot()).To(Equal(before))
		} else {
			Expect(world.Diff(before, b.w.Snapshot())).To(Equal(want))
		}
		Expect(b.layer.Ledger()).To(HaveLen(1))
		Expect(b.layer.Ledger()[0].State).To(Equal(string(faults.Partial)))
	},
	Entry("cancel_order records the reason, not the cancellation (1 of 3)", "",
		"cancel_order", `{"order_id": "A1001", "reason": "late"}`,
		[]world.Change{{Collection: "orders", ID: "A1001", Field: "cancel_reason", Before: nil, After: "late"}}),
	Entry("update_order_address changes the street only (1 of 3)", "",
		"update_order_address", `{"order_id": "A1001", "address_line": "9 Dock St", "city": "Hull", "zip": "HU1"}`,
		[]world.Change{{Collection: "orders", ID: "A1001", Field: "address_line", Before: "1 Mill Lane", After: "9 Dock St"}}),
	Entry("void_refund deletes the refund but leaves the payment refunded (1 of 3)", `{"order_id": "A1001", "amount": 30}`,
		"void_refund", `{"order_id": "A1001"}`,
		[]world.Change{{Collection: "refunds", ID: "RF-1", Before: world.Record{
			"order_id": "A1001", "payment_id": "P-1", "amount": 30.0, "status": "succeeded"}, After: nil}}),
	Entry("create_replacement has one write: nothing lands (0 of 1)", "",
		"create_replacement", `{"order_id": "A1001", "items": [{"sku": "MUG-1", "qty": 1}]}`,
		nil),
)

var _ = Describe("timeout_after_commit", func() {
	It("commits before the wait: the writes carry the call's time, the clock moves on", func() {
		b := newBench(faults.Spec{Name: "t", Kind: "timeout_after_commit",
			Target: faults.Target{Tool: "restock"}, When: faults.When{Calls: []int{2}}})
		b.call("restock", `{"items": [{"sku": "MUG-1", "qty": 1}]}`)
		b.call("restock", `{"items": [{"sku": "MUG-1", "qty": 1}]}`)
		b.call("restock", `{"items": [{"sku": "MUG-1", "qty": 1}]}`)

		at := []time.Duration{}
		for _, c := range b.layer.Calls() {
			at = append(at, c.At)
		}
		Expect(at).To(Equal([]time.Duration{time.Second, 2 * time.Second, 33 * time.Second}))
		Expect(b.w.Audit()[1].At).To(Equal(2 * time.Second))
		Expect(b.layer.Ledger()[0].At).To(Equal(32 * time.Second))
		Expect(b.w.Now()).To(Equal(33 * time.Second))
		Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(8.0))
	})

	It("turns a retry into a second refund", func() {
		b := newBench(faults.Spec{Name: "t", Kind: "timeout_after_commit",
			Target: faults.Target{Tool: "issue_refund"}, MaxInjections: 1})
		Expect(b.call("issue_refund", refundArgs).Status).To(Equal(mocktools.StatusTimeout))
		Expect(b.call("issue_refund", refundArgs)).To(Equal(mocktools.Response{Status: mocktools.StatusOK,
			Body: mocktools.Body{"refund_id": "RF-2", "order_id": "A1001", "amount": 30.0, "status": "succeeded"}}))
		Expect(b.w.Records("refunds")).To(Equal([]string{"RF-1", "RF-2"}))
		Expect(b.w.Get("payments", "P-1")["refunded"]).To(Equal(60.0))
	})
})
