package commerce

import (
	"context"
	"math"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// The commerce pack: orders, inventory, payments, refunds, notifications and
// customers, enough for cancellations, refunds, replacements and address
// changes.
func init() {
	applySays()
	mocktools.Register(mocktools.Pack{
		Name:        "commerce",
		Description: "orders, inventory, payments, refunds, notifications, customers",
		Collections: []string{"customers", "orders", "inventory", "payments", "refunds", "notifications"},
		Tools: []mocktools.Tool{
			getOrder, listOrders, getCustomer, getInventory, getPayment, listNotifications,
			cancelOrder, reopenOrder, restock, removeStock, issueRefund, voidRefund,
			notifyCustomer, createReplacement, cancelReplacement,
			updateCustomerAddress, updateOrderAddress,
		},
	})
}

var (
	orderID    = mocktools.Str("the order id, e.g. A1001")
	customerID = mocktools.Str("the customer id, e.g. C-100")
	itemsArg   = mocktools.List("the items, each a SKU and a quantity", mocktools.Object(map[string]any{
		"sku": mocktools.Str("the stock-keeping unit"),
		"qty": mocktools.Int("how many units"),
	}, "sku", "qty"))
)

func cents(x float64) float64 { return math.Round(x*100) / 100 }

func num(r world.Record, field string) float64 {
	f, _ := r[field].(float64)
	return f
}

func str(r world.Record, field string) string {
	s, _ := r[field].(string)
	return s
}

var getOrder = mocktools.Read("get_order", "Look up an order: status, items, total, payment and shipping address.",
	mocktools.Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		o, err := mocktools.Record(tx, "orders", a.String("order_id"), "order")
		if err != nil {
			return nil, err
		}
		return mocktools.WithID(o, "order_id", a.String("order_id")), nil
	})

var getCustomer = mocktools.Read("get_customer", "Look up a customer: name, email and address on file.",
	mocktools.Object(map[string]any{"customer_id": customerID}, "customer_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		c, err := mocktools.Record(tx, "customers", a.String("customer_id"), "customer")
		if err != nil {
			return nil, err
		}
		return mocktools.WithID(c, "customer_id", a.String("customer_id")), nil
	})

var getInventory = mocktools.Read("get_inventory", "Read the stock level of one SKU.",
	mocktools.Object(map[string]any{"sku": mocktools.Str("the stock-keeping unit")}, "sku"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		r, err := mocktools.Record(tx, "inventory", a.String("sku"), "SKU")
		if err != nil {
			return nil, err
		}
		return mocktools.WithID(r, "sku", a.String("sku")), nil
	})

var getPayment = mocktools.Read("get_payment", "Read an order's payment: amount captured, amount refunded, status and refunds.",
	mocktools.Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		o, err := mocktools.Record(tx, "orders", id, "order")
		if err != nil {
			return nil, err
		}
		pid := str(o, "payment_id")
		p, err := mocktools.Record(tx, "payments", pid, "payment")
		if err != nil {
			return nil, err
		}
		out := mocktools.WithID(p, "payment_id", pid)
		refunds := []any{}
		for _, rid := range tx.World().Records("refunds") {
			r := tx.World().Get("refunds", rid)
			if str(r, "order_id") == id {
				refunds = append(refunds, mocktools.Body{"refund_id": rid, "amount": r["amount"], "status": r["status"]})
			}
		}
		out["refunds"] = refunds
		return out, nil
	})

var listNotifications = mocktools.Read("list_notifications", "List the notifications sent about an order.",
	mocktools.Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		if _, err := mocktools.Record(tx, "orders", id, "order"); err != nil {
			return nil, err
		}
		list := []any{}
		for _, nid := range tx.World().Records("notifications") {
			n := tx.World().Get("notifications", nid)
			if str(n, "order_id") == id {
				list = append(list, mocktools.WithID(n, "notification_id", nid))
			}
		}
		return mocktools.Body{"order_id": id, "notifications": list}, nil
	})

var listOrders = mocktools.Read("list_orders", "List a customer's orders, replacements included.",
	mocktools.Object(map[string]any{"customer_id": customerID}, "customer_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("customer_id")
		if _, err := mocktools.Record(tx, "customers", id, "customer"); err != nil {
			return nil, err
		}
		list := []any{}
		for _, oid := range tx.World().Records("orders") {
			o := tx.World().Get("orders", oid)
			if str(o, "customer_id") == id {
				list = append(list, mocktools.WithID(o, "order_id", oid))
			}
		}
		return mocktools.Body{"customer_id": id, "orders": list}, nil
	})
