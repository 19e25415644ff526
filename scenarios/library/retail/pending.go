package retail

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// The tools that change a pending order. Each checks everything before it
// writes, and writes the order's own fields first and gift card balances
// last, so that a generic half apply (the first half of the writes) changes
// the order without moving money.

var cancelPendingOrder = phrased{says: cancelSays, Func: mocktools.Write("cancel_pending_order",
	"Cancel an order whose status is exactly pending. Every entry of its payment history is refunded: "+
		"at once to a gift card, in 5-7 business days to other methods. The reason must be "+
		"'no longer needed' or 'ordered by mistake'. Confirm the details with the customer first.",
	mocktools.Object(map[string]any{
		"order_id": orderIDArg,
		"reason":   mocktools.Str("why the customer cancels: 'no longer needed' or 'ordered by mistake'"),
	}, "order_id", "reason"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id, reason := a.String("order_id"), a.String("reason")
		o, err := getOrder(tx, id)
		if err != nil {
			return nil, err
		}
		if s := str(o, "status"); s != "pending" {
			return nil, fmt.Errorf("order %s is %s: only a pending order can be cancelled", id, s)
		}
		if reason != "no longer needed" && reason != "ordered by mistake" {
			return nil, fmt.Errorf("the reason must be 'no longer needed' or 'ordered by mistake', not %q", reason)
		}
		uid := str(o, "user_id")
		history := list(o, "payment_history")
		refunds := make([]any, 0, len(history))
		type credit struct {
			method string
			amount float64
		}
		var credits []credit
		for _, e := range history {
			pay, _ := e.(map[string]any)
			mid := str(pay, "payment_method_id")
			refunds = append(refunds, map[string]any{
				"transaction_type": "refund", "amount": pay["amount"], "payment_method_id": mid,
			})
			m, err := getMethod(tx, uid, mid)
			if err != nil {
				return nil, err
			}
			if isGiftCard(m) {
				credits = append(credits, credit{mid, num(pay, "amount")})
			}
		}
		_ = tx.Assign("orders", id, "status", "cancelled")
		_ = tx.Assign("orders", id, "cancel_reason", reason)
		_ = tx.Assign("orders", id, "payment_history", append(append([]any{}, history...), refunds...))
		for _, c := range credits {
			if err := moveBalance(tx, uid, c.method, c.amount); err != nil {
				return nil, err
			}
		}
		return reply(tx.World().Get("orders", id)), nil
	})}

var modifyPendingOrderItems = phrased{says: itemsSays, Func: mocktools.Write("modify_pending_order_items",
	"Swap items of an order whose status is exactly pending for other variants of the same products, "+
		"pairing item_ids[i] with new_item_ids[i]. The price difference is charged to, or refunded to, "+
		"the given payment method; a gift card must cover a charge. It can be done once per order: "+
		"gather every change first, and confirm the details with the customer.",
	swapParams("change"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id, mid := a.String("order_id"), a.String("payment_method_id")
		olds, news := stringsArg(a, "item_ids"), stringsArg(a, "new_item_ids")
		o, err := swapOrder(tx, id, olds, news, "pending", "changed")
		if err != nil {
			return nil, err
		}
		diff, last, err := swapPrices(tx, o, id, olds, news, true)
		if err != nil {
			return nil, err
		}
		uid := str(o, "user_id")
		m, err := payMethod(tx, uid, mid, diff)
		if err != nil {
			return nil, err
		}
		items := list(o, "items")
		// Quirk kept from tau2: every changed item takes the price and
		// options of the last new variant checked, not of its own.
		changed := world.Clone(items).([]any)
		for i, old := range olds {
			item, _ := changed[firstItem(changed, old)].(map[string]any)
			item["item_id"] = news[i]
			item["price"] = last["price"]
			item["options"] = world.Clone(last["options"])
		}
		kind := "refund"
		if diff > 0 {
			kind = "payment"
		}
		_ = tx.Assign("orders", id, "items", changed)
		_ = tx.Assign("orders", id, "status", "pending (item modified)")
		_ = tx.Assign("orders", id, "payment_history", append(append([]any{}, list(o, "payment_history")...),
			map[string]any{"transaction_type": kind, "amount": math.Abs(diff), "payment_method_id": mid}))
		if isGiftCard(m) {
			if err := moveBalance(tx, uid, mid, -diff); err != nil {
				return nil, err
			}
		}
		return reply(tx.World().Get("orders", id)), nil
	})}

var modifyPendingOrderPayment = phrased{says: paymentSays, Func: mocktools.Write("modify_pending_order_payment",
	"Pay a pending order (pending, or pending with items modified) with another of the customer's payment "+
		"methods: the new method is charged the order's single payment and the old one refunded. A gift "+
		"card must cover the amount. Confirm the details with the customer first.",
	mocktools.Object(map[string]any{"order_id": orderIDArg, "payment_method_id": paymentArg}, "order_id", "payment_method_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id, mid := a.String("order_id"), a.String("payment_method_id")
		o, err := getOrder(tx, id)
		if err != nil {
			return nil, err
		}
		if s := str(o, "status"); !strings.Contains(s, "pending") {
			return nil, fmt.Errorf("order %s is %s: only a pending order's payment can be changed", id, s)
		}
		uid := str(o, "user_id")
		m, err := getMethod(tx, uid, mid)
		if err != nil {
			return nil, err
		}
		history := list(o, "payment_history")
		first, _ := firstEntry(history)
		if len(history) != 1 || str(first, "transaction_type") != "payment" {
			return nil, fmt.Errorf("order %s has %d payment history entries: its payment can change only while it has exactly one payment", id, len(history))
		}
		oldID := str(first, "payment_method_id")
		if oldID == mid {
			return nil, fmt.Errorf("order %s is already paid with %s", id, mid)
		}
		amount := num(first, "amount")
		if isGiftCard(m) && num(m, "balance") < amount {
			return nil, fmt.Errorf("gift card %s has %v, less than the order's %v", mid, num(m, "balance"), amount)
		}
		old, err := getMethod(tx, uid, oldID)
		if err != nil {
			return nil, err
		}
		_ = tx.Assign("orders", id, "payment_history", []any{first,
			map[string]any{"transaction_type": "payment", "amount": first["amount"], "payment_method_id": mid},
			map[string]any{"transaction_type": "refund", "amount": first["amount"], "payment_method_id": oldID},
		})
		if isGiftCard(m) {
			if err := moveBalance(tx, uid, mid, -amount); err != nil {
				return nil, err
			}
		}
		if isGiftCard(old) {
			if err := moveBalance(tx, uid, oldID, amount); err != nil {
				return nil, err
			}
		}
		return reply(tx.World().Get("orders", id)), nil
	})}

// firstEntry is the first entry of a payment history.
func firstEntry(history []any) (map[string]any, bool) {
	if len(history) == 0 {
		return nil, false
	}
	m, ok := history[0].(map[string]any)
	return m, ok
}

// swapOrder fetches the order whose items an exchange or an item change
// swaps, and checks what both require: the status, the items held, one new
// item per item. verb says what is done to the items in the error.
// swapParams are the parameters of an exchange or an item change; what
// names the action in the item ids' description.
func swapParams(what string) map[string]any {
	return mocktools.Object(map[string]any{
		"order_id":          orderIDArg,
		"item_ids":          idList("the item ids to " + what + "; an id may repeat when the order holds it more than once"),
		"new_item_ids":      idList("the new item ids, one per entry of item_ids and of the same product"),
		"payment_method_id": paymentArg,
	}, "order_id", "item_ids", "new_item_ids", "payment_method_id")
}

// swapPrices checks that each new item is an available variant of the
// product it replaces and sums what the new items cost more, unrounded;
// last is the last variant checked (tau2's item change copies it). noSelf
// refuses an item replaced by itself, as an item change does.
func swapPrices(tx *world.Tx, o world.Record, id string, olds, news []string, noSelf bool) (diff float64, last world.Record, err error) {
	items := list(o, "items")
	for i, old := range olds {
		if noSelf && old == news[i] {
			return 0, nil, fmt.Errorf("item %s would be replaced by itself", old)
		}
		at := firstItem(items, old)
		if at < 0 {
			return 0, nil, fmt.Errorf("order %s has no item %s", id, old)
		}
		item, _ := items[at].(map[string]any)
		v, err := getVariant(tx, str(item, "product_id"), news[i])
		if err != nil {
			return 0, nil, err
		}
		if available, _ := v["available"].(bool); !available {
			return 0, nil, fmt.Errorf("item %s is not available", news[i])
		}
		diff += num(v, "price") - num(item, "price")
		last = v
	}
	return diff, last, nil
}

// payMethod is the customer's payment method that settles diff: a gift card
// must hold it.
func payMethod(tx *world.Tx, userID, methodID string, diff float64) (world.Record, error) {
	m, err := getMethod(tx, userID, methodID)
	if err != nil {
		return nil, err
	}
	if isGiftCard(m) && num(m, "balance") < diff {
		return nil, fmt.Errorf("gift card %s has %v, less than the %v the new items cost more", methodID, num(m, "balance"), diff)
	}
	return m, nil
}

func swapOrder(tx *world.Tx, id string, olds, news []string, status, verb string) (world.Record, error) {
	o, err := getOrder(tx, id)
	if err != nil {
		return nil, err
	}
	if s := str(o, "status"); s != status {
		return nil, fmt.Errorf("order %s is %s: only a %s order's items can be %s", id, s, status, verb)
	}
	if !enoughItems(o, olds) {
		return nil, fmt.Errorf("order %s does not hold all of the items %s", id, strings.Join(olds, ", "))
	}
	if len(olds) != len(news) {
		return nil, fmt.Errorf("%d item ids but %d new item ids: give one new item per item", len(olds), len(news))
	}
	return o, nil
}
