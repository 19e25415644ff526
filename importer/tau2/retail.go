package tau2

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalrun/evalrun/scenarios"

	_ "github.com/evalrun/evalrun/scenarios/library/retail" // the retail tool pack
)

// retail is tau2-bench's retail domain over evalrun's retail pack: orders
// read back with get_order_details, customers with get_user_details, and
// each write tool's own words.
type retail struct{}

var _ Domain = retail{}

func init() { register(retail{}) }

// Name is the tau2 domain.
func (retail) Name() string { return "retail" }

// Pack is the tool pack with tau2's retail semantics.
func (retail) Pack() string { return "retail" }

// ReadBack reads an order, a customer or a product.
func (retail) ReadBack(collection, id string) (Call, bool) {
	switch collection {
	case "orders":
		return Call{Tool: "get_order_details", Args: map[string]any{"order_id": id}}, true
	case "users":
		return Call{Tool: "get_user_details", Args: map[string]any{"user_id": id}}, true
	case "products":
		return Call{Tool: "get_product_details", Args: map[string]any{"product_id": id}}, true
	}
	return Call{}, false
}

// Describe words a retail write. Steps are named by what they do and the
// order's number ("exchange_w2378156"); the order id and the names of the
// items the write concerns are its terms. Two steps may change one order
// (its address and its items), so each tool's phrases put the order id
// after a preposition of their own ("of order", "in order", "from order",
// "for order"), and that phrase is a term too: it names the one step.
func (retail) Describe(w Lookup, a Action) Words {
	order := argString(a.Args, "order_id")
	o := w("orders", order)
	num := strings.ToLower(strings.TrimPrefix(order, "#"))
	items := itemNames(o, argStrings(a.Args, "item_ids"))
	what := joinNames(items)
	out := Words{Terms: []string{order}, Match: fmt.Sprintf("order_id == %s", strconv.Quote(order))}
	out.Terms = append(out.Terms, items...)
	switch a.Name {
	case "cancel_pending_order":
		out.Verb, out.Object = "cancel", num
		out.Terms = append(out.Terms, itemNames(o, nil)...)
		out.Say = scenarios.Say{
			Done:    "cancelled order " + order,
			Failed:  "cancel order " + order,
			Pending: "the cancellation of order " + order + " is still being processed",
		}
	case "return_delivered_order_items":
		out.Verb, out.Object = "return", num
		out.Terms = append(out.Terms, "from order "+order)
		out.Say = scenarios.Say{
			Done:    "submitted the return of the " + what + " from order " + order,
			Failed:  "return the " + what + " from order " + order,
			Pending: "the return of the " + what + " from order " + order + " is still being processed",
		}
	case "exchange_delivered_order_items":
		out.Verb, out.Object = "exchange", num
		out.Terms = append(out.Terms, "from order "+order)
		out.Say = scenarios.Say{
			Done:    "exchanged the " + what + " from order " + order,
			Failed:  "exchange the " + what + " from order " + order,
			Pending: "the exchange of the " + what + " from order " + order + " is still being processed",
		}
	case "modify_pending_order_items":
		out.Verb, out.Object = "items", num
		out.Terms = append(out.Terms, "in order "+order)
		out.Say = scenarios.Say{
			Done:    "modified the " + what + " in order " + order,
			Failed:  "modify the " + what + " in order " + order,
			Pending: "the change of the " + what + " in order " + order + " is still being processed",
		}
	case "modify_pending_order_payment":
		out.Verb, out.Object = "payment", num
		out.Terms = append(out.Terms, "for order "+order)
		method := methodName(w("users", str(o, "user_id")), argString(a.Args, "payment_method_id"))
		out.Say = scenarios.Say{
			Done:    "switched the payment method for order " + order + " to your " + method,
			Failed:  "switch the payment method for order " + order,
			Pending: "the new payment method for order " + order + " is still being processed",
		}
	case "modify_pending_order_address":
		out.Verb, out.Object = "ship", num
		out.Terms = append(out.Terms, "of order "+order)
		out.Say = scenarios.Say{
			Done:    "updated the shipping address of order " + order + " to " + addressText(a.Args),
			Failed:  "update the shipping address of order " + order,
			Pending: "the new shipping address of order " + order + " is still being processed",
			Undone:  "reversed the change to the shipping address of order " + order,
		}
		out.Compensate = restoreAddress(a.Name, "order_id", order, o)
	case "modify_user_address":
		user := argString(a.Args, "user_id")
		out = Words{Verb: "default", Object: "profile", Match: fmt.Sprintf("user_id == %s", strconv.Quote(user))}
		out.Say = scenarios.Say{
			Done:    "updated your default address to " + addressText(a.Args),
			Failed:  "update your default address",
			Pending: "the change of your default address is still being processed",
			Undone:  "reversed the change of your default address",
		}
		out.Compensate = restoreAddress(a.Name, "user_id", user, w("users", user))
	default:
		out.Verb, out.Object = strings.ReplaceAll(a.Name, "-", "_"), num
	}
	return out
}

// restoreAddress is the call that puts a record's address back as it was.
func restoreAddress(tool, idArg, id string, rec map[string]any) *Call {
	old, _ := rec["address"].(map[string]any)
	if old == nil {
		return nil
	}
	args := map[string]any{idArg: id}
	for _, f := range []string{"address1", "address2", "city", "state", "country", "zip"} {
		s, ok := old[f].(string)
		if !ok {
			return nil
		}
		args[f] = s
	}
	return &Call{Tool: tool, Args: args}
}

// itemNames are the product names, in lower case, of the order's items
// with the given ids (every item when ids is nil), each once.
func itemNames(o map[string]any, ids []string) []string {
	items, _ := o["items"].([]any)
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, it := range items {
		m, _ := it.(map[string]any)
		name := strings.ToLower(strings.TrimSpace(str(m, "name")))
		if name == "" || seen[name] || (ids != nil && !want[str(m, "item_id")]) {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}

// joinNames lists names as prose: "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "items"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// methodName words a payment method: "credit card ending in 1234",
// "gift card", "PayPal account".
func methodName(u map[string]any, id string) string {
	methods, _ := u["payment_methods"].(map[string]any)
	m, _ := methods[id].(map[string]any)
	switch str(m, "source") {
	case "credit_card":
		if four := str(m, "last_four"); four != "" {
			return "credit card ending in " + four
		}
		return "credit card"
	case "gift_card":
		return "gift card"
	case "paypal":
		return "PayPal account"
	}
	return "payment method " + id
}

// addressText is "address1, city" of an address change's arguments.
func addressText(args map[string]any) string {
	parts := []string{}
	for _, f := range []string{"address1", "city"} {
		if s := strings.TrimSpace(argString(args, f)); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return "the new address"
	}
	return strings.Join(parts, ", ")
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func argString(args map[string]any, key string) string { return str(args, key) }

func argStrings(args map[string]any, key string) []string {
	l, _ := args[key].([]any)
	out := make([]string, 0, len(l))
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
