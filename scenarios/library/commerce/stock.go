package commerce

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var restock = mocktools.PartialFunc{
	Func: mocktools.Write("restock", "Put units of SKUs back into inventory.",
		mocktools.Object(map[string]any{"items": itemsArg}, "items"),
		func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
			return adjust(tx, a.Items("items"), +1, false)
		}),
	// A partly applied restock puts back every line but the last in full
	// and only half of the last line's units (rounded down).
	Partial: func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		return adjust(tx, a.Items("items"), +1, true)
	},
}

var removeStock = mocktools.Write("remove_stock", "Take units of SKUs out of inventory (undoes a restock).",
	mocktools.Object(map[string]any{"items": itemsArg}, "items"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		return adjust(tx, a.Items("items"), -1, false)
	})

func adjust(tx *world.Tx, items []map[string]any, sign float64, short bool) (mocktools.Body, error) {
	var lines []any
	for i, it := range items {
		sku := it["sku"].(string)
		qty := it["qty"].(float64)
		r, err := mocktools.Record(tx, "inventory", sku, "SKU")
		if err != nil {
			return nil, err
		}
		applied := qty
		if short && i == len(items)-1 {
			applied = float64(int(qty) / 2)
		}
		stock := num(r, "stock") + sign*applied
		if stock < 0 {
			return nil, fmt.Errorf("SKU %s has only %v units", sku, num(r, "stock"))
		}
		if applied != 0 {
			_ = tx.Set("inventory", sku, "stock", stock)
		}
		// r is the record as read: a world copies a record on its first
		// write, so the reply counts from stock, not from r.
		lines = append(lines, mocktools.Body{"sku": sku, "qty": qty, "stock": stock + sign*(qty-applied)})
	}
	return mocktools.Body{"status": "ok", "items": lines}, nil
}
