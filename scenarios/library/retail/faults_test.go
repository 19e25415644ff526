package retail_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// faulted runs one call of tool with a fault of kind aimed at it by a match
// on the order id ('#' and all), and returns the reply and what changed.
func faulted(kind, tool, orderID, args string) (mocktools.Response, effect) {
	tb, err := mocktools.NewToolbox([]string{"retail"})
	Expect(err).NotTo(HaveOccurred())
	t, _ := tb.Tool(tool)
	spec := faults.Spec{Name: "f", Kind: kind, Target: faults.Target{Tool: tool},
		Match: `order_id == "` + orderID + `"`, When: faults.When{Calls: []int{1}}}
	Expect(spec.Prepare(t.Definition())).To(BeEmpty())
	w := world.New(shopState(), tb.Collections()...)
	layer, err := faults.NewLayer(w, tb, []faults.Spec{spec}, 1)
	Expect(err).NotTo(HaveOccurred())
	before := w.Snapshot()
	resp := layer.Call(context.Background(), "call-1", tool, args)
	Expect(layer.Fired()).To(HaveKeyWithValue("f", 1), "the match on an id with '#' aims the fault")
	got := effect{}
	for _, ch := range world.Diff(before, w.View()) {
		got[ch.Collection+"/"+ch.ID+"/"+ch.Field] = ch.After
	}
	return resp, got
}

var _ = Describe("faults on the retail writes", func() {
	It("writes a cancellation's order fields first and the gift card credit last", func() {
		c := newCounter(shopState())
		Expect(c.call("cancel_pending_order", `{"order_id": "#W1005", "reason": "no longer needed"}`).Status).To(Equal(mocktools.StatusOK))
		fields := []string{}
		for _, m := range c.w.Audit() {
			fields = append(fields, m.Collection+"."+m.Field)
		}
		Expect(fields).To(Equal([]string{"orders.status", "orders.cancel_reason", "orders.payment_history", "users.payment_methods"}))
	})

	It("half applies a cancellation as cancelled without the refund", func() {
		resp, got := faulted("partial_apply", "cancel_pending_order", "#W1005", `{"order_id": "#W1005", "reason": "no longer needed"}`)
		Expect(resp.Status).To(Equal(mocktools.StatusOK))
		Expect(got).To(Equal(effect{"orders/#W1005/status": "cancelled", "orders/#W1005/cancel_reason": "no longer needed"}))
	})

	It("half applies an item change as changed items without the payment", func() {
		_, got := faulted("partial_apply", "modify_pending_order_items", "#W1005",
			`{"order_id": "#W1005", "item_ids": ["3000000001"], "new_item_ids": ["3000000002"], "payment_method_id": "gift_card_2"}`)
		Expect(got).To(HaveKey("orders/#W1005/items"))
		Expect(got).To(HaveKey("orders/#W1005/status"))
		Expect(got).NotTo(HaveKey("orders/#W1005/payment_history"))
		Expect(got).NotTo(HaveKey("users/jose_nunez_2/payment_methods"))
	})

	It("half applies an address change as a half-written address", func() {
		_, got := faulted("partial_apply", "modify_pending_order_address", "#W1001", `{"order_id": "#W1001", `+newAddress+`}`)
		Expect(got).To(Equal(effect{"orders/#W1001/address": js(
			`{"address1": "5 Elm St", "address2": "", "city": "Boston", "state": "MA", "country": "USA", "zip": "02108"}`)}))
	})

	It("acknowledges a lost return write with the tool's own reply and changes nothing", func() {
		resp, got := faulted("ack_without_apply", "return_delivered_order_items", "#W1002",
			`{"order_id": "#W1002", "item_ids": ["3000000001"], "payment_method_id": "credit_card_1"}`)
		Expect(resp.Status).To(Equal(mocktools.StatusOK))
		Expect(resp.Body["status"]).To(Equal("return requested"))
		Expect(got).To(BeEmpty())
	})

	It("lands a duplicated cancellation once: its writes set values, they do not add", func() {
		_, got := faulted("duplicate_apply", "cancel_pending_order", "#W1005", `{"order_id": "#W1005", "reason": "no longer needed"}`)
		Expect(got).To(HaveKeyWithValue("users/jose_nunez_2/payment_methods", joseMethods("530.0")))
		Expect(got["orders/#W1005/payment_history"]).To(HaveLen(2))
	})
})
