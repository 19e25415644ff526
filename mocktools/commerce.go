package mocktools

import (
	"context"
	"fmt"
	"math"

	"github.com/evalrun/evalrun/world"
)

// The commerce pack: orders, inventory, payments, refunds, notifications and
// customers, enough for cancellations, refunds, replacements and address
// changes.
func init() {
	Register(Pack{
		Name:        "commerce",
		Description: "orders, inventory, payments, refunds, notifications, customers",
		Collections: []string{"customers", "orders", "inventory", "payments", "refunds", "notifications"},
		Tools: []Tool{
			getOrder, listOrders, getCustomer, getInventory, getPayment, listNotifications,
			cancelOrder, reopenOrder, restock, removeStock, issueRefund, voidRefund,
			notifyCustomer, createReplacement, cancelReplacement,
			updateCustomerAddress, updateOrderAddress,
		},
	})
}

var (
	orderID    = Str("the order id, e.g. A1001")
	customerID = Str("the customer id, e.g. C-100")
	itemsArg   = List("the items, each a SKU and a quantity", Object(map[string]any{
		"sku": Str("the stock-keeping unit"),
		"qty": Int("how many units"),
	}, "sku", "qty"))
)

func read(name, desc string, params map[string]any, run func(ctx context.Context, tx *world.Tx, args Args) (Body, error)) Func {
	return Func{Def: Definition{Name: name, Description: desc, Parameters: params}, Run: run}
}

func write(name, desc string, params map[string]any, run func(ctx context.Context, tx *world.Tx, args Args) (Body, error)) Func {
	return Func{Def: Definition{Name: name, Description: desc, Parameters: params, Write: true}, Run: run}
}

// record fetches a record or returns the not-found error a real API gives.
func record(tx *world.Tx, collection, id, what string) (world.Record, error) {
	r := tx.World().Get(collection, id)
	if r == nil {
		return nil, fmt.Errorf("%s %s not found", what, id)
	}
	return r, nil
}

// withID copies a record into a reply body under its id field.
func withID(r world.Record, key, id string) Body {
	out := world.Clone(r).(map[string]any)
	out[key] = id
	return out
}

func cents(x float64) float64 { return math.Round(x*100) / 100 }

func num(r world.Record, field string) float64 {
	f, _ := r[field].(float64)
	return f
}

func str(r world.Record, field string) string {
	s, _ := r[field].(string)
	return s
}

var getOrder = read("get_order", "Look up an order: status, items, total, payment and shipping address.",
	Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		o, err := record(tx, "orders", a.String("order_id"), "order")
		if err != nil {
			return nil, err
		}
		return withID(o, "order_id", a.String("order_id")), nil
	})

var getCustomer = read("get_customer", "Look up a customer: name, email and address on file.",
	Object(map[string]any{"customer_id": customerID}, "customer_id"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		c, err := record(tx, "customers", a.String("customer_id"), "customer")
		if err != nil {
			return nil, err
		}
		return withID(c, "customer_id", a.String("customer_id")), nil
	})

var getInventory = read("get_inventory", "Read the stock level of one SKU.",
	Object(map[string]any{"sku": Str("the stock-keeping unit")}, "sku"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		r, err := record(tx, "inventory", a.String("sku"), "SKU")
		if err != nil {
			return nil, err
		}
		return withID(r, "sku", a.String("sku")), nil
	})

var getPayment = read("get_payment", "Read an order's payment: amount captured, amount refunded, status and refunds.",
	Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		id := a.String("order_id")
		o, err := record(tx, "orders", id, "order")
		if err != nil {
			return nil, err
		}
		pid := str(o, "payment_id")
		p, err := record(tx, "payments", pid, "payment")
		if err != nil {
			return nil, err
		}
		out := withID(p, "payment_id", pid)
		refunds := []any{}
		for _, rid := range tx.World().Records("refunds") {
			r := tx.World().Get("refunds", rid)
			if str(r, "order_id") == id {
				refunds = append(refunds, Body{"refund_id": rid, "amount": r["amount"], "status": r["status"]})
			}
		}
		out["refunds"] = refunds
		return out, nil
	})

var listNotifications = read("list_notifications", "List the notifications sent about an order.",
	Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		id := a.String("order_id")
		if _, err := record(tx, "orders", id, "order"); err != nil {
			return nil, err
		}
		list := []any{}
		for _, nid := range tx.World().Records("notifications") {
			n := tx.World().Get("notifications", nid)
			if str(n, "order_id") == id {
				list = append(list, withID(n, "notification_id", nid))
			}
		}
		return Body{"order_id": id, "notifications": list}, nil
	})

var listOrders = read("list_orders", "List a customer's orders, replacements included.",
	Object(map[string]any{"customer_id": customerID}, "customer_id"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		id := a.String("customer_id")
		if _, err := record(tx, "customers", id, "customer"); err != nil {
			return nil, err
		}
		list := []any{}
		for _, oid := range tx.World().Records("orders") {
			o := tx.World().Get("orders", oid)
			if str(o, "customer_id") == id {
				list = append(list, withID(o, "order_id", oid))
			}
		}
		return Body{"customer_id": id, "orders": list}, nil
	})
