package retail

import (
	"fmt"
	"strconv"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// The retail pack: tau2-bench's retail store, its three collections under
// their own names and its records in their own shape.
func init() {
	mocktools.Register(mocktools.Pack{
		Name:        "retail",
		Description: "tau2-bench retail: products and their variants, users with payment methods, orders",
		Collections: []string{"products", "users", "orders"},
		Fields:      fields,
		Tools: []mocktools.Tool{
			calculate, findUserByEmail, findUserByNameZip, getItemDetails, getOrderDetails,
			getProductDetails, getUserDetails, listAllProductTypes, think, transferToHumanAgents,
			cancelPendingOrder, exchangeDeliveredOrderItems, modifyPendingOrderAddress,
			modifyPendingOrderItems, modifyPendingOrderPayment, modifyUserAddress,
			returnDeliveredOrderItems,
		},
	})
}

// fields are the records' fields as db.json has them, plus the ones the
// write tools add to an order.
var fields = map[string]map[string]string{
	"products": {"name": "string", "product_id": "string", "variants": "object"},
	"users": {
		"user_id": "string", "name": "object", "address": "object", "email": "string",
		"payment_methods": "object", "orders": "array",
	},
	"orders": {
		"order_id": "string", "user_id": "string", "address": "object", "items": "array",
		"status": "string", "fulfillments": "array", "payment_history": "array",
		"cancel_reason":  "string",
		"exchange_items": "array", "exchange_new_items": "array",
		"exchange_payment_method_id": "string", "exchange_price_difference": "number",
		"return_items": "array", "return_payment_method_id": "string",
	},
}

// Argument schemas shared by several tools.
var (
	orderIDArg = mocktools.Str("the order id, with its leading '#', such as #W0000000")
	userIDArg  = mocktools.Str("the user id, such as sara_doe_496")
	paymentArg = mocktools.Str("a payment method id of the order's user, such as gift_card_0000000 or credit_card_0000000")
)

// idList is an array of item ids. Unlike mocktools.List it may be empty:
// tau2 accepts an empty list.
func idList(desc string) map[string]any {
	return map[string]any{"type": "array", "description": desc,
		"items": mocktools.Str("an item id, such as 1008292230")}
}

// maybeEmpty is a string argument that may be "" (a second address line).
func maybeEmpty(desc string) map[string]any {
	return map[string]any{"type": "string", "description": desc, "minLength": 0}
}

// str reads a string field ("" when absent).
func str(r map[string]any, field string) string {
	s, _ := r[field].(string)
	return s
}

// num reads a number field (0 when absent).
func num(r map[string]any, field string) float64 {
	f, _ := r[field].(float64)
	return f
}

// obj reads an object field (nil when absent).
func obj(r map[string]any, field string) map[string]any {
	m, _ := r[field].(map[string]any)
	return m
}

// list reads an array field (nil when absent).
func list(r map[string]any, field string) []any {
	l, _ := r[field].([]any)
	return l
}

// strings reads an array-of-ids argument.
func stringsArg(a mocktools.Args, name string) []string {
	l, _ := a[name].([]any)
	out := make([]string, 0, len(l))
	for _, e := range l {
		s, _ := e.(string)
		out = append(out, s)
	}
	return out
}

func getOrder(tx *world.Tx, id string) (world.Record, error) {
	if o := tx.World().Get("orders", id); o != nil {
		return o, nil
	}
	return nil, fmt.Errorf("order %s not found", id)
}

func getUser(tx *world.Tx, id string) (world.Record, error) {
	if u := tx.World().Get("users", id); u != nil {
		return u, nil
	}
	return nil, fmt.Errorf("user %s not found", id)
}

func getProduct(tx *world.Tx, id string) (world.Record, error) {
	if p := tx.World().Get("products", id); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("product %s not found", id)
}

// getVariant finds a variant of one product: an item id of another product
// is not found.
func getVariant(tx *world.Tx, productID, itemID string) (map[string]any, error) {
	p, err := getProduct(tx, productID)
	if err != nil {
		return nil, err
	}
	if v := obj(obj(p, "variants"), itemID); v != nil {
		return v, nil
	}
	return nil, fmt.Errorf("item %s is not a variant of product %s", itemID, productID)
}

// getMethod finds one of a user's payment methods.
func getMethod(tx *world.Tx, userID, methodID string) (map[string]any, error) {
	u, err := getUser(tx, userID)
	if err != nil {
		return nil, err
	}
	if m := obj(obj(u, "payment_methods"), methodID); m != nil {
		return m, nil
	}
	return nil, fmt.Errorf("payment method %s not found for user %s", methodID, userID)
}

func isGiftCard(m map[string]any) bool { return str(m, "source") == "gift_card" }

// moveBalance adds by to a gift card's balance and rounds it to cents, as
// tau2 does after every change. The user's payment_methods field is
// rewritten whole: it is the record's field that changes.
func moveBalance(tx *world.Tx, userID, methodID string, by float64) error {
	u, err := getUser(tx, userID)
	if err != nil {
		return err
	}
	methods := world.Clone(obj(u, "payment_methods")).(map[string]any)
	m := obj(methods, methodID)
	if m == nil {
		return fmt.Errorf("payment method %s not found for user %s", methodID, userID)
	}
	m["balance"] = roundCents(num(m, "balance") + by)
	return tx.Assign("users", userID, "payment_methods", methods)
}

// roundCents rounds to two decimals exactly as Python's round(x, 2) does:
// to the nearest decimal, ties to even on the exact binary value.
func roundCents(x float64) float64 {
	f, err := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	if err != nil {
		return x // an infinity or NaN stays as it is, as in Python
	}
	return f
}

// itemIDs lists the item ids of an order, in order.
func itemIDs(o world.Record) []string {
	items := list(o, "items")
	out := make([]string, len(items))
	for i, it := range items {
		m, _ := it.(map[string]any)
		out[i] = str(m, "item_id")
	}
	return out
}

// enoughItems reports whether an order holds every id of want as many
// times as want lists it.
func enoughItems(o world.Record, want []string) bool {
	have := map[string]int{}
	for _, id := range itemIDs(o) {
		have[id]++
	}
	for _, id := range want {
		have[id]--
		if have[id] < 0 {
			return false
		}
	}
	return true
}

// firstItem is the index of the first item of items with that id, or -1.
func firstItem(items []any, id string) int {
	for i, it := range items {
		if m, _ := it.(map[string]any); str(m, "item_id") == id {
			return i
		}
	}
	return -1
}

// reply copies a record into a reply, so that it never aliases the world.
func reply(r world.Record) mocktools.Body {
	return world.Clone(r).(map[string]any)
}
