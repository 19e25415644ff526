package retail_test

import (
	"encoding/json"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// effect is what a call changed: "collection/id/field" -> the field's value
// after it.
type effect map[string]any

// js reads a JSON value written in a table entry.
func js(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(fmt.Sprintf("bad JSON in a test table: %v: %s", err, s))
	}
	return v
}

// joseMethods is jose_nunez_2's payment methods with gift card 2 at balance.
func joseMethods(balance string) any {
	return js(`{"credit_card_2": {"source": "credit_card", "id": "credit_card_2", "brand": "amex", "last_four": "1005"},
		"gift_card_2": {"source": "gift_card", "id": "gift_card_2", "balance": ` + balance + `}}`)
}

const (
	keyboardLinear = `{"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000001", "price": 100.1, "options": {"switch type": "linear", "backlight": "none"}}`
	keyboardClicky = `{"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000002", "price": 120.35, "options": {"switch type": "clicky", "backlight": "rgb"}}`
	lampBlack      = `{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000001", "price": 30.0, "options": {"color": "black"}}`
	newAddress     = `"address1": "5 Elm St", "address2": "", "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"`
	newAddressObj  = `{"address1": "5 Elm St", "address2": "", "city": "Austin", "state": "TX", "country": "USA", "zip": "78701"}`
)

var _ = Describe("the retail tools", func() {
	DescribeTable("a call either has exactly its effect, or is refused and changes nothing",
		func(tool, args, wantErr string, want effect) {
			c := newCounter(shopState())
			before := c.w.Snapshot()
			resp := c.call(tool, args)
			got := effect{}
			for _, ch := range world.Diff(before, c.w.Snapshot()) {
				got[ch.Collection+"/"+ch.ID+"/"+ch.Field] = ch.After
			}
			if wantErr != "" {
				Expect(resp.Status).To(Equal(mocktools.StatusError), resp.Content())
				Expect(resp.Body["error"]).To(ContainSubstring(wantErr))
				Expect(got).To(BeEmpty())
				Expect(c.w.Audit()).To(BeEmpty())
				return
			}
			Expect(resp.Status).To(Equal(mocktools.StatusOK), resp.Content())
			if want == nil {
				want = effect{}
			}
			Expect(got).To(Equal(want))
			for _, m := range c.w.Audit() {
				Expect(m.Field).NotTo(BeEmpty(), "a write changes fields, never whole records")
			}
		},

		// cancel_pending_order
		Entry("cancel: a card-paid order is refunded to the card", "cancel_pending_order",
			`{"order_id": "#W1001", "reason": "no longer needed"}`, "", effect{
				"orders/#W1001/status":        "cancelled",
				"orders/#W1001/cancel_reason": "no longer needed",
				"orders/#W1001/payment_history": js(`[{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"},
					{"transaction_type": "refund", "amount": 130.1, "payment_method_id": "credit_card_1"}]`),
			}),
		Entry("cancel: a gift card is credited at once", "cancel_pending_order",
			`{"order_id": "#W1005", "reason": "ordered by mistake"}`, "", effect{
				"orders/#W1005/status":        "cancelled",
				"orders/#W1005/cancel_reason": "ordered by mistake",
				"orders/#W1005/payment_history": js(`[{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"}]`),
				"users/jose_nunez_2/payment_methods": joseMethods("530.0"),
			}),
		Entry("cancel: every history entry is refunded, a refund too (quirk)", "cancel_pending_order",
			`{"order_id": "#W1006", "reason": "no longer needed"}`, "", effect{
				"orders/#W1006/status":        "cancelled",
				"orders/#W1006/cancel_reason": "no longer needed",
				"orders/#W1006/payment_history": js(`[
					{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "credit_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "credit_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"}]`),
				"users/jose_nunez_2/payment_methods": joseMethods("560.0"),
			}),
		Entry("cancel: an unknown order", "cancel_pending_order", `{"order_id": "#W9999", "reason": "no longer needed"}`, "order #W9999 not found", nil),
		Entry("cancel: an id without its '#'", "cancel_pending_order", `{"order_id": "W1001", "reason": "no longer needed"}`, "order W1001 not found", nil),
		Entry("cancel: a processed order", "cancel_pending_order", `{"order_id": "#W1003", "reason": "no longer needed"}`, "only a pending order can be cancelled", nil),
		Entry("cancel: an order whose items changed", "cancel_pending_order", `{"order_id": "#W1004", "reason": "no longer needed"}`, "is pending (item modified)", nil),
		Entry("cancel: another reason", "cancel_pending_order", `{"order_id": "#W1001", "reason": "found it cheaper"}`, "the reason must be", nil),
		Entry("cancel: no reason", "cancel_pending_order", `{"order_id": "#W1001"}`, `missing required "reason"`, nil),

		// modify_pending_order_items
		Entry("items: both items take the last new variant's price and options (quirk)", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001", "3000000001"], "new_item_ids": ["2000000002", "3000000002"], "payment_method_id": "credit_card_1"}`, "", effect{
				"orders/#W1001/items": js(`[
					{"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000002", "price": 45.55, "options": {"color": "white"}},
					{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000002", "price": 45.55, "options": {"color": "white"}}]`),
				"orders/#W1001/status": "pending (item modified)",
				"orders/#W1001/payment_history": js(`[{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"},
					{"transaction_type": "payment", "amount": 35.8, "payment_method_id": "credit_card_1"}]`),
			}),
		Entry("items: the difference is recorded unrounded, the gift card rounded (quirk)", "modify_pending_order_items",
			`{"order_id": "#W1005", "item_ids": ["3000000001"], "new_item_ids": ["3000000002"], "payment_method_id": "gift_card_2"}`, "", effect{
				"orders/#W1005/items":  js(`[{"name": "Desk Lamp", "product_id": "1000000002", "item_id": "3000000002", "price": 45.55, "options": {"color": "white"}}]`),
				"orders/#W1005/status": "pending (item modified)",
				"orders/#W1005/payment_history": js(`[{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "payment", "amount": 15.549999999999997, "payment_method_id": "gift_card_2"}]`),
				"users/jose_nunez_2/payment_methods": joseMethods("484.45"),
			}),
		Entry("items: a cheaper variant is a refund", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000004"], "payment_method_id": "paypal_1"}`, "", effect{
				"orders/#W1001/items": js(`[
					{"name": "Mechanical Keyboard", "product_id": "1000000001", "item_id": "2000000004", "price": 90.5, "options": {"switch type": "linear", "backlight": "white"}},
					` + lampBlack + `]`),
				"orders/#W1001/status": "pending (item modified)",
				"orders/#W1001/payment_history": js(`[{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"},
					{"transaction_type": "refund", "amount": 9.599999999999994, "payment_method_id": "paypal_1"}]`),
			}),
		Entry("items: no items is a refund of 0 (quirk)", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": [], "new_item_ids": [], "payment_method_id": "credit_card_1"}`, "", effect{
				"orders/#W1001/status": "pending (item modified)",
				"orders/#W1001/payment_history": js(`[{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"},
					{"transaction_type": "refund", "amount": 0, "payment_method_id": "credit_card_1"}]`),
			}),
		Entry("items: an order whose items already changed", "modify_pending_order_items",
			`{"order_id": "#W1004", "item_ids": ["2000000002"], "new_item_ids": ["2000000001"], "payment_method_id": "credit_card_1"}`, "only a pending order's items", nil),
		Entry("items: a delivered order", "modify_pending_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`, "only a pending order's items", nil),
		Entry("items: an item the order does not hold", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000002"], "new_item_ids": ["2000000004"], "payment_method_id": "credit_card_1"}`, "does not hold all of the items", nil),
		Entry("items: one item twice when the order holds it once", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001", "2000000001"], "new_item_ids": ["2000000002", "2000000004"], "payment_method_id": "credit_card_1"}`, "does not hold all of the items", nil),
		Entry("items: lists of different lengths", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000002", "3000000002"], "payment_method_id": "credit_card_1"}`, "1 item ids but 2 new item ids", nil),
		Entry("items: an item replaced by itself", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000001"], "payment_method_id": "credit_card_1"}`, "replaced by itself", nil),
		Entry("items: a variant of another product", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["3000000002"], "payment_method_id": "credit_card_1"}`, "not a variant of product 1000000001", nil),
		Entry("items: an unavailable variant", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000003"], "payment_method_id": "credit_card_1"}`, "item 2000000003 is not available", nil),
		Entry("items: another customer's payment method", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "gift_card_2"}`, "payment method gift_card_2 not found", nil),
		Entry("items: a gift card short of the difference", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "gift_card_1"}`, "gift card gift_card_1 has 20", nil),
		Entry("items: a string for a list", "modify_pending_order_items",
			`{"order_id": "#W1001", "item_ids": "2000000001", "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`, "item_ids: want an array", nil),

		// modify_pending_order_address
		Entry("order address: a pending order with items modified may move, an empty second line allowed", "modify_pending_order_address",
			`{"order_id": "#W1004", `+newAddress+`}`, "", effect{"orders/#W1004/address": js(newAddressObj)}),
		Entry("order address: a delivered order", "modify_pending_order_address",
			`{"order_id": "#W1002", `+newAddress+`}`, "only a pending order's address", nil),
		Entry("order address: a processed order", "modify_pending_order_address",
			`{"order_id": "#W1003", `+newAddress+`}`, "only a pending order's address", nil),
		Entry("order address: an unknown order", "modify_pending_order_address",
			`{"order_id": "#W0001", `+newAddress+`}`, "order #W0001 not found", nil),
		Entry("order address: no zip code", "modify_pending_order_address",
			`{"order_id": "#W1001", "address1": "5 Elm St", "address2": "", "city": "Austin", "state": "TX", "country": "USA"}`, `missing required "zip"`, nil),

		// modify_pending_order_payment
		Entry("payment: the new method is charged and the old one refunded", "modify_pending_order_payment",
			`{"order_id": "#W1001", "payment_method_id": "paypal_1"}`, "", effect{
				"orders/#W1001/payment_history": js(`[{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "credit_card_1"},
					{"transaction_type": "payment", "amount": 130.1, "payment_method_id": "paypal_1"},
					{"transaction_type": "refund", "amount": 130.1, "payment_method_id": "credit_card_1"}]`),
			}),
		Entry("payment: a gift card pays", "modify_pending_order_payment",
			`{"order_id": "#W1007", "payment_method_id": "gift_card_2"}`, "", effect{
				"orders/#W1007/payment_history": js(`[{"transaction_type": "payment", "amount": 40.0, "payment_method_id": "credit_card_2"},
					{"transaction_type": "payment", "amount": 40.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "refund", "amount": 40.0, "payment_method_id": "credit_card_2"}]`),
				"users/jose_nunez_2/payment_methods": joseMethods("460.0"),
			}),
		Entry("payment: the old gift card is refunded at once", "modify_pending_order_payment",
			`{"order_id": "#W1005", "payment_method_id": "credit_card_2"}`, "", effect{
				"orders/#W1005/payment_history": js(`[{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "gift_card_2"},
					{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "credit_card_2"},
					{"transaction_type": "refund", "amount": 30.0, "payment_method_id": "gift_card_2"}]`),
				"users/jose_nunez_2/payment_methods": joseMethods("530.0"),
			}),
		Entry("payment: a delivered order", "modify_pending_order_payment",
			`{"order_id": "#W1002", "payment_method_id": "paypal_1"}`, "only a pending order's payment", nil),
		Entry("payment: an order with more than one payment entry", "modify_pending_order_payment",
			`{"order_id": "#W1004", "payment_method_id": "paypal_1"}`, "has 2 payment history entries", nil),
		Entry("payment: the method it already has", "modify_pending_order_payment",
			`{"order_id": "#W1001", "payment_method_id": "credit_card_1"}`, "already paid with credit_card_1", nil),
		Entry("payment: an unknown method", "modify_pending_order_payment",
			`{"order_id": "#W1001", "payment_method_id": "credit_card_9"}`, "payment method credit_card_9 not found", nil),
		Entry("payment: a gift card short of the order", "modify_pending_order_payment",
			`{"order_id": "#W1001", "payment_method_id": "gift_card_1"}`, "gift card gift_card_1 has 20", nil),

		// modify_user_address
		Entry("user address: the default address changes, orders keep theirs", "modify_user_address",
			`{"user_id": "ada_lovelace_1", `+newAddress+`}`, "", effect{"users/ada_lovelace_1/address": js(newAddressObj)}),
		Entry("user address: an unknown user", "modify_user_address",
			`{"user_id": "ada", `+newAddress+`}`, "user ada not found", nil),

		// return_delivered_order_items
		Entry("return: to the original method, ids sorted", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["3000000001", "2000000001"], "payment_method_id": "credit_card_1"}`, "", effect{
				"orders/#W1002/status":                   "return requested",
				"orders/#W1002/return_items":             js(`["2000000001", "3000000001"]`),
				"orders/#W1002/return_payment_method_id": "credit_card_1",
			}),
		Entry("return: to a gift card, an item held twice", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001", "2000000001"], "payment_method_id": "gift_card_1"}`, "", effect{
				"orders/#W1002/status":                   "return requested",
				"orders/#W1002/return_items":             js(`["2000000001", "2000000001"]`),
				"orders/#W1002/return_payment_method_id": "gift_card_1",
			}),
		Entry("return: no items still changes the status (quirk)", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": [], "payment_method_id": "credit_card_1"}`, "", effect{
				"orders/#W1002/status":                   "return requested",
				"orders/#W1002/return_items":             js(`[]`),
				"orders/#W1002/return_payment_method_id": "credit_card_1",
			}),
		Entry("return: a pending order", "return_delivered_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "payment_method_id": "credit_card_1"}`, "only a delivered order's items can be returned", nil),
		Entry("return: a method that is neither the original nor a gift card", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "payment_method_id": "paypal_1"}`, "original payment method credit_card_1", nil),
		Entry("return: more of an item than the order holds", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001", "2000000001", "2000000001"], "payment_method_id": "credit_card_1"}`, "does not hold all of the items", nil),
		Entry("return: an unknown method", "return_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "payment_method_id": "gift_card_9"}`, "payment method gift_card_9 not found", nil),

		// exchange_delivered_order_items
		Entry("exchange: lists stored sorted, an item for itself allowed (quirk)", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001", "2000000001"], "new_item_ids": ["2000000002", "2000000001"], "payment_method_id": "credit_card_1"}`, "", effect{
				"orders/#W1002/status":                     "exchange requested",
				"orders/#W1002/exchange_items":             js(`["2000000001", "2000000001"]`),
				"orders/#W1002/exchange_new_items":         js(`["2000000001", "2000000002"]`),
				"orders/#W1002/exchange_payment_method_id": "credit_card_1",
				"orders/#W1002/exchange_price_difference":  20.25,
			}),
		Entry("exchange: the difference is rounded to cents", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "new_item_ids": ["2000000004"], "payment_method_id": "paypal_1"}`, "", effect{
				"orders/#W1002/status":                     "exchange requested",
				"orders/#W1002/exchange_items":             js(`["2000000001"]`),
				"orders/#W1002/exchange_new_items":         js(`["2000000004"]`),
				"orders/#W1002/exchange_payment_method_id": "paypal_1",
				"orders/#W1002/exchange_price_difference":  -9.6,
			}),
		Entry("exchange: a pending order", "exchange_delivered_order_items",
			`{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`, "only a delivered order's items can be exchanged", nil),
		Entry("exchange: more of an item than the order holds", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["3000000001", "3000000001"], "new_item_ids": ["3000000002", "3000000002"], "payment_method_id": "credit_card_1"}`, "does not hold all of the items", nil),
		Entry("exchange: lists of different lengths", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001", "3000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`, "2 item ids but 1 new item ids", nil),
		Entry("exchange: a variant of another product", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["3000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`, "not a variant of product 1000000002", nil),
		Entry("exchange: an unavailable variant", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "new_item_ids": ["2000000003"], "payment_method_id": "credit_card_1"}`, "item 2000000003 is not available", nil),
		Entry("exchange: an unknown method", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "paypal_9"}`, "payment method paypal_9 not found", nil),
		Entry("exchange: a gift card short of the difference", "exchange_delivered_order_items",
			`{"order_id": "#W1002", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "gift_card_1"}`, "gift card gift_card_1 has 20", nil),

		// the reads change nothing, and refuse what they cannot find
		Entry("read: an unknown email", "find_user_id_by_email", `{"email": "nobody@example.com"}`, "no user has the email", nil),
		Entry("read: the right name with another zip code", "find_user_id_by_name_zip",
			`{"first_name": "Ada", "last_name": "Lovelace", "zip": "02109"}`, "no user named Ada Lovelace", nil),
		Entry("read: an order id without its '#'", "get_order_details", `{"order_id": "W1001"}`, "order W1001 not found", nil),
		Entry("read: an item id for a product id", "get_product_details", `{"product_id": "2000000001"}`, "product 2000000001 not found", nil),
		Entry("read: a product id for an item id", "get_item_details", `{"item_id": "1000000001"}`, "item 1000000001 not found", nil),
		Entry("read: an unknown user", "get_user_details", `{"user_id": "grace_hopper_3"}`, "user grace_hopper_3 not found", nil),
		Entry("read: a letter in an expression", "calculate", `{"expression": "2 + x"}`, "only digits", nil),
		Entry("read: a division by zero", "calculate", `{"expression": "1 / 0"}`, "division by zero", nil),
		Entry("read: an unknown tool", "delete_order", `{"order_id": "#W1001"}`, `unknown tool "delete_order"`, nil),
	)

	DescribeTable("the reads answer as tau2 does",
		func(tool, args, want string) {
			c := newCounter(shopState())
			resp := c.call(tool, args)
			Expect(resp.Status).To(Equal(mocktools.StatusOK), resp.Content())
			Expect(map[string]any(resp.Body)).To(Equal(js(want)))
			Expect(c.w.Audit()).To(BeEmpty())
		},
		Entry("an email in another case, with spaces around it", "find_user_id_by_email",
			`{"email": "  ADA.Lovelace@Example.COM "}`, `{"user_id": "ada_lovelace_1"}`),
		Entry("an email with an accent the record lacks", "find_user_id_by_email",
			`{"email": "josé.nuñez@example.com"}`, `{"user_id": "jose_nunez_2"}`),
		Entry("a name without the record's accents", "find_user_id_by_name_zip",
			`{"first_name": "jose", "last_name": "NUNEZ", "zip": "94105"}`, `{"user_id": "jose_nunez_2"}`),
		Entry("a name as written", "find_user_id_by_name_zip",
			`{"first_name": "Ada", "last_name": "Lovelace", "zip": "02108"}`, `{"user_id": "ada_lovelace_1"}`),
		Entry("an order", "get_order_details", `{"order_id": "#W1003"}`, `{"order_id": "#W1003", "user_id": "ada_lovelace_1", "status": "processed",
			"address": {"address1": "1 Mill Lane", "address2": "", "city": "Boston", "country": "USA", "state": "MA", "zip": "02108"},
			"items": [`+lampBlack+`], "fulfillments": [{"tracking_id": ["222"], "item_ids": ["3000000001"]}],
			"payment_history": [{"transaction_type": "payment", "amount": 30.0, "payment_method_id": "credit_card_1"}]}`),
		Entry("a product", "get_product_details", `{"product_id": "1000000002"}`, `{"name": "Desk Lamp", "product_id": "1000000002", "variants": {
			"3000000001": {"item_id": "3000000001", "options": {"color": "black"}, "available": true, "price": 30.0},
			"3000000002": {"item_id": "3000000002", "options": {"color": "white"}, "available": true, "price": 45.55}}}`),
		Entry("an item", "get_item_details", `{"item_id": "2000000003"}`,
			`{"item_id": "2000000003", "options": {"switch type": "tactile", "backlight": "white"}, "available": false, "price": 110.0}`),
		Entry("a user", "get_user_details", `{"user_id": "jose_nunez_2"}`, `{"user_id": "jose_nunez_2", "name": {"first_name": "José", "last_name": "Núñez"},
			"address": {"address1": "9 Bay St", "address2": "Apt 4", "city": "San Francisco", "country": "USA", "state": "CA", "zip": "94105"},
			"email": "jose.nunez@example.com",
			"payment_methods": {"credit_card_2": {"source": "credit_card", "id": "credit_card_2", "brand": "amex", "last_four": "1005"},
				"gift_card_2": {"source": "gift_card", "id": "gift_card_2", "balance": 500.0}},
			"orders": ["#W1005", "#W1006", "#W1007"]}`),
		Entry("the product types", "list_all_product_types", `{}`, `{"Desk Lamp": "1000000002", "Mechanical Keyboard": "1000000001"}`),
		Entry("a sum, in cents", "calculate", `{"expression": "155.33 - 147.05 + 268.77 - 235.13"}`, `{"result": "41.92"}`),
		Entry("a whole number, as Python prints it", "calculate", `{"expression": "2 + 2"}`, `{"result": "4.0"}`),
		Entry("a thought, even an empty one", "think", `{"thought": ""}`, `{"result": ""}`),
		Entry("a transfer", "transfer_to_human_agents", `{"summary": "wants a refund to a closed card"}`, `{"result": "Transfer successful"}`),
	)

	It("returns the changed order from a write, never an alias of the world", func() {
		c := newCounter(shopState())
		resp := c.call("cancel_pending_order", `{"order_id": "#W1001", "reason": "no longer needed"}`)
		Expect(resp.Body["status"]).To(Equal("cancelled"))
		resp.Body["status"] = "pending"
		Expect(c.w.Get("orders", "#W1001")["status"]).To(Equal("cancelled"))
	})

	It("refuses a second item change on the same order, and a cancellation after it (quirk)", func() {
		c := newCounter(shopState())
		first := c.call("modify_pending_order_items", `{"order_id": "#W1001", "item_ids": ["2000000001"], "new_item_ids": ["2000000002"], "payment_method_id": "credit_card_1"}`)
		Expect(first.Status).To(Equal(mocktools.StatusOK))
		again := c.call("modify_pending_order_items", `{"order_id": "#W1001", "item_ids": ["3000000001"], "new_item_ids": ["3000000002"], "payment_method_id": "credit_card_1"}`)
		Expect(again.Body["error"]).To(ContainSubstring("pending (item modified)"))
		cancel := c.call("cancel_pending_order", `{"order_id": "#W1001", "reason": "no longer needed"}`)
		Expect(cancel.Body["error"]).To(ContainSubstring("only a pending order can be cancelled"))
		moved := c.call("modify_pending_order_address", `{"order_id": "#W1001", `+newAddress+`}`)
		Expect(moved.Status).To(Equal(mocktools.StatusOK))
		paid := c.call("modify_pending_order_payment", `{"order_id": "#W1001", "payment_method_id": "paypal_1"}`)
		Expect(paid.Body["error"]).To(ContainSubstring("has 2 payment history entries"))
	})

	It("rewrites an item twice when a call both replaces and introduces an id (quirk)", func() {
		s := shopState()
		// #W1001 holds the linear keyboard, then the clicky one.
		order := s.Collections["orders"]["#W1001"].(map[string]any)
		order["items"] = []any{js(keyboardLinear), js(keyboardClicky)}
		c := newCounter(s)
		resp := c.call("modify_pending_order_items", `{"order_id": "#W1001", "item_ids": ["2000000001", "2000000002"], "new_item_ids": ["2000000002", "2000000004"], "payment_method_id": "credit_card_1"}`)
		Expect(resp.Status).To(Equal(mocktools.StatusOK), resp.Content())
		got := c.w.Get("orders", "#W1001")["items"].([]any)
		Expect(got[0].(map[string]any)["item_id"]).To(Equal("2000000004"), "rewritten by both pairs")
		Expect(got[1]).To(Equal(js(keyboardClicky)), "never touched")
	})
})
