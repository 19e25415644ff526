package mocktools

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/world"
)

var restock = PartialFunc{
	Func: write("restock", "Put units of SKUs back into inventory.",
		Object(map[string]any{"items": itemsArg}, "items"),
		func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
			return adjust(tx, a.Items("items"), +1, false)
		}),
	// A partly applied restock puts back every line but the last in full
	// and only half of the last line's units (rounded down).
	Partial: func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		return adjust(tx, a.Items("items"), +1, true)
	},
}

var removeStock = write("remove_stock", "Take units of SKUs out of inventory (undoes a restock).",
	Object(map[string]any{"items": itemsArg}, "items"),
	func(_ context.Context, tx *world.Tx, a Args) (Body, error) {
		return adjust(tx, a.Items("items"), -1, false)
	})

func adjust(tx *world.Tx, items []map[string]any, sign float64, short bool) (Body, error) {
	var lines []any
	for i, it := range items {
		sku := it["sku"].(string)
		qty := it["qty"].(float64)
		r, err := record(tx, "inventory", sku, "SKU")
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
		lines = append(lines, Body{"sku": sku, "qty": qty, "stock": num(r, "stock") + sign*(qty-applied)})
	}
	return Body{"status": "ok", "items": lines}, nil
}
