package retail

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// The tools that open a return or an exchange on a delivered order. Neither
// moves money: they record the request on the order, status first.

var exchangeDeliveredOrderItems = phrased{says: exchangeSays, Func: mocktools.Write("exchange_delivered_order_items",
	"Request an exchange of items of a delivered order for other variants of the same products, pairing "+
		"item_ids[i] with new_item_ids[i]. The price difference is settled with the given payment method; a "+
		"gift card must cover it. A delivered order can have one return or one exchange: gather every item "+
		"first, and confirm the details with the customer.",
	swapParams("exchange"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id, mid := a.String("order_id"), a.String("payment_method_id")
		olds, news := stringsArg(a, "item_ids"), stringsArg(a, "new_item_ids")
		o, err := swapOrder(tx, id, olds, news, "delivered", "exchanged")
		if err != nil {
			return nil, err
		}
		diff, _, err := swapPrices(tx, o, id, olds, news, false)
		if err != nil {
			return nil, err
		}
		diff = roundCents(diff)
		if _, err := payMethod(tx, str(o, "user_id"), mid, diff); err != nil {
			return nil, err
		}
		_ = tx.Assign("orders", id, "status", "exchange requested")
		_ = tx.Assign("orders", id, "exchange_items", sorted(olds))
		_ = tx.Assign("orders", id, "exchange_new_items", sorted(news))
		_ = tx.Assign("orders", id, "exchange_payment_method_id", mid)
		_ = tx.Assign("orders", id, "exchange_price_difference", diff)
		return reply(tx.World().Get("orders", id)), nil
	})}

var returnDeliveredOrderItems = phrased{says: returnSays, Func: mocktools.Write("return_delivered_order_items",
	"Request a return of items of a delivered order. The refund goes to the order's original payment method "+
		"or to a gift card of the customer; the customer gets an email on how to send the items back. A "+
		"delivered order can have one return or one exchange: gather every item first, and confirm the "+
		"details with the customer.",
	mocktools.Object(map[string]any{
		"order_id":          orderIDArg,
		"item_ids":          idList("the item ids to return; an id may repeat when the order holds it more than once"),
		"payment_method_id": mocktools.Str("where the refund goes: the order's original payment method or a gift card, such as gift_card_0000000"),
	}, "order_id", "item_ids", "payment_method_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id, mid := a.String("order_id"), a.String("payment_method_id")
		items := stringsArg(a, "item_ids")
		o, err := getOrder(tx, id)
		if err != nil {
			return nil, err
		}
		if s := str(o, "status"); s != "delivered" {
			return nil, fmt.Errorf("order %s is %s: only a delivered order's items can be returned", id, s)
		}
		m, err := getMethod(tx, str(o, "user_id"), mid)
		if err != nil {
			return nil, err
		}
		if !isGiftCard(m) {
			first, ok := firstEntry(list(o, "payment_history"))
			if !ok {
				return nil, fmt.Errorf("order %s has no payment to refund", id)
			}
			if orig := str(first, "payment_method_id"); orig != mid {
				return nil, fmt.Errorf("the refund must go to the original payment method %s or to a gift card, not %s", orig, mid)
			}
		}
		if !enoughItems(o, items) {
			return nil, fmt.Errorf("order %s does not hold all of the items %s", id, strings.Join(items, ", "))
		}
		_ = tx.Assign("orders", id, "status", "return requested")
		_ = tx.Assign("orders", id, "return_items", sorted(items))
		_ = tx.Assign("orders", id, "return_payment_method_id", mid)
		return reply(tx.World().Get("orders", id)), nil
	})}

// sorted is a sorted copy of ids as a record's list.
func sorted(ids []string) []any {
	s := append([]string(nil), ids...)
	sort.Strings(s)
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
