package commerce

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var cancelOrder = mocktools.Write("cancel_order", "Cancel an order that has not shipped.",
	mocktools.Object(map[string]any{"order_id": orderID, "reason": mocktools.Str("why the customer cancels")}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		o, err := mocktools.Record(tx, "orders", id, "order")
		if err != nil {
			return nil, err
		}
		status := str(o, "status")
		if status != "placed" && status != "processing" {
			return nil, fmt.Errorf("order %s is %s and cannot be cancelled", id, status)
		}
		reason := a.String("reason")
		if reason == "" {
			reason = "customer request"
		}
		// The status goes last: a partly applied cancel records the request
		// without cancelling.
		_ = tx.Set("orders", id, "cancel_reason", reason)
		_ = tx.Set("orders", id, "status_before_cancel", status)
		_ = tx.Set("orders", id, "status", "cancelled")
		return mocktools.Body{"order_id": id, "status": "cancelled"}, nil
	})

var reopenOrder = mocktools.Write("reopen_order", "Undo a cancellation: the order goes back to the status it had.",
	mocktools.Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		o, err := mocktools.Record(tx, "orders", id, "order")
		if err != nil {
			return nil, err
		}
		if str(o, "status") != "cancelled" {
			return nil, fmt.Errorf("order %s is not cancelled", id)
		}
		prev := str(o, "status_before_cancel")
		if prev == "" {
			prev = "placed"
		}
		_ = tx.Set("orders", id, "status", prev)
		_ = tx.Set("orders", id, "status_before_cancel", nil)
		_ = tx.Set("orders", id, "cancel_reason", nil)
		return mocktools.Body{"order_id": id, "status": prev}, nil
	})

var notifyCustomer = mocktools.PartialFunc{
	Func: mocktools.Write("notify_customer", "Send the customer an email or SMS about an order.",
		mocktools.Object(map[string]any{
			"customer_id": customerID, "order_id": orderID,
			"channel": mocktools.Enum("how to reach the customer", "email", "sms"),
			"message": mocktools.Str("the text to send"),
		}, "customer_id", "order_id", "message"),
		func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
			return notify(tx, a, "sent")
		}),
	// A partly applied notification is stored but never leaves the queue.
	Partial: func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		return notify(tx, a, "queued")
	},
}

func notify(tx *world.Tx, a mocktools.Args, status string) (mocktools.Body, error) {
	cid, oid := a.String("customer_id"), a.String("order_id")
	if _, err := mocktools.Record(tx, "customers", cid, "customer"); err != nil {
		return nil, err
	}
	if _, err := mocktools.Record(tx, "orders", oid, "order"); err != nil {
		return nil, err
	}
	channel := a.String("channel")
	if channel == "" {
		channel = "email"
	}
	id := tx.NextID("N")
	if err := tx.Create("notifications", id, world.Record{
		"customer_id": cid, "order_id": oid, "channel": channel,
		"message": a.String("message"), "status": status,
	}); err != nil {
		return nil, err
	}
	return mocktools.Body{"notification_id": id, "status": "sent", "channel": channel}, nil
}

var createReplacement = mocktools.Write("create_replacement", "Create a no-charge replacement order for items of an existing order.",
	mocktools.Object(map[string]any{"order_id": orderID, "items": itemsArg}, "order_id", "items"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		oid := a.String("order_id")
		o, err := mocktools.Record(tx, "orders", oid, "order")
		if err != nil {
			return nil, err
		}
		var items []any
		for _, it := range a.Items("items") {
			sku := it["sku"].(string)
			if tx.World().Get("inventory", sku) == nil {
				return nil, fmt.Errorf("SKU %s not found", sku)
			}
			items = append(items, map[string]any{"sku": sku, "qty": it["qty"]})
		}
		id := tx.NextID("RPL")
		if err := tx.Create("orders", id, world.Record{
			"customer_id": o["customer_id"], "status": "placed", "items": items,
			"total": 0.0, "replaces": oid,
		}); err != nil {
			return nil, err
		}
		return mocktools.Body{"order_id": id, "replaces": oid, "status": "placed"}, nil
	})

var cancelReplacement = mocktools.Write("cancel_replacement", "Void the replacement order created for an order, before it ships.",
	mocktools.Object(map[string]any{"order_id": mocktools.Str("the original order id")}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		oid := a.String("order_id")
		ids := tx.World().Records("orders")
		for i := len(ids) - 1; i >= 0; i-- {
			r := tx.World().Get("orders", ids[i])
			if str(r, "replaces") == oid && str(r, "status") == "placed" {
				if err := tx.Delete("orders", ids[i]); err != nil {
					return nil, err
				}
				return mocktools.Body{"order_id": ids[i], "status": "voided"}, nil
			}
		}
		return nil, fmt.Errorf("no open replacement for order %s", oid)
	})

var addressArgs = map[string]any{
	"address_line": mocktools.Str("street and number"),
	"city":         mocktools.Str("city"),
	"zip":          mocktools.Str("postal code"),
}

// setAddress writes the three address fields one by one, so that a partly
// applied update leaves a half-updated address.
func setAddress(tx *world.Tx, collection, id string, a mocktools.Args) error {
	for _, f := range []string{"address_line", "city", "zip"} {
		if err := tx.Set(collection, id, f, a.String(f)); err != nil {
			return err
		}
	}
	return nil
}

var updateCustomerAddress = mocktools.Write("update_customer_address", "Change the address on file of a customer.",
	mocktools.Object(map[string]any{"customer_id": customerID, "address_line": addressArgs["address_line"],
		"city": addressArgs["city"], "zip": addressArgs["zip"]}, "customer_id", "address_line", "city", "zip"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("customer_id")
		if _, err := mocktools.Record(tx, "customers", id, "customer"); err != nil {
			return nil, err
		}
		if err := setAddress(tx, "customers", id, a); err != nil {
			return nil, err
		}
		return mocktools.Body{"customer_id": id, "status": "updated"}, nil
	})

var updateOrderAddress = mocktools.Write("update_order_address", "Change the shipping address of an order that has not shipped.",
	mocktools.Object(map[string]any{"order_id": orderID, "address_line": addressArgs["address_line"],
		"city": addressArgs["city"], "zip": addressArgs["zip"]}, "order_id", "address_line", "city", "zip"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		id := a.String("order_id")
		o, err := mocktools.Record(tx, "orders", id, "order")
		if err != nil {
			return nil, err
		}
		if s := str(o, "status"); s != "placed" && s != "processing" {
			return nil, fmt.Errorf("order %s is %s: its address can no longer change", id, s)
		}
		if err := setAddress(tx, "orders", id, a); err != nil {
			return nil, err
		}
		return mocktools.Body{"order_id": id, "status": "updated"}, nil
	})
