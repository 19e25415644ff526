package commerce

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var issueRefund = mocktools.PartialFunc{
	Func: mocktools.Write("issue_refund", "Refund an amount of an order's payment to the original method.",
		mocktools.Object(map[string]any{"order_id": orderID, "amount": mocktools.Num("the amount to refund")}, "order_id", "amount"),
		func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
			amount, _ := a.Number("amount")
			return refund(tx, a.String("order_id"), amount, amount)
		}),
	// A partly applied refund moves half the money but confirms the whole.
	Partial: func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		amount, _ := a.Number("amount")
		return refund(tx, a.String("order_id"), cents(amount/2), amount)
	},
}

func refund(tx *world.Tx, oid string, amount, confirmed float64) (mocktools.Body, error) {
	o, err := mocktools.Record(tx, "orders", oid, "order")
	if err != nil {
		return nil, err
	}
	pid := str(o, "payment_id")
	if pid == "" {
		return nil, fmt.Errorf("order %s has no payment to refund", oid)
	}
	p, err := mocktools.Record(tx, "payments", pid, "payment")
	if err != nil {
		return nil, err
	}
	if amount <= 0 {
		return nil, fmt.Errorf("refund amount must be positive")
	}
	left := cents(num(p, "amount") - num(p, "refunded"))
	if confirmed > left {
		return nil, fmt.Errorf("refund of %.2f exceeds the %.2f left on payment %s", confirmed, left, pid)
	}
	id := tx.NextID("RF")
	if err := tx.Create("refunds", id, world.Record{
		"order_id": oid, "payment_id": pid, "amount": cents(amount), "status": "succeeded",
	}); err != nil {
		return nil, err
	}
	refunded := cents(num(p, "refunded") + amount)
	_ = tx.Set("payments", pid, "refunded", refunded)
	status := "partially_refunded"
	if refunded >= num(p, "amount") {
		status = "refunded"
	}
	_ = tx.Set("payments", pid, "status", status)
	return mocktools.Body{"refund_id": id, "order_id": oid, "amount": cents(confirmed), "status": "succeeded"}, nil
}

var voidRefund = mocktools.Write("void_refund", "Reverse the latest refund of an order before it settles.",
	mocktools.Object(map[string]any{"order_id": orderID}, "order_id"),
	func(_ context.Context, tx *world.Tx, a mocktools.Args) (mocktools.Body, error) {
		oid := a.String("order_id")
		ids := tx.World().Records("refunds")
		for i := len(ids) - 1; i >= 0; i-- {
			r := tx.World().Get("refunds", ids[i])
			if str(r, "order_id") != oid {
				continue
			}
			pid := str(r, "payment_id")
			p, err := mocktools.Record(tx, "payments", pid, "payment")
			if err != nil {
				return nil, err
			}
			refunded := cents(num(p, "refunded") - num(r, "amount"))
			_ = tx.Delete("refunds", ids[i])
			_ = tx.Set("payments", pid, "refunded", refunded)
			status := "partially_refunded"
			if refunded <= 0 {
				status = "captured"
			}
			_ = tx.Set("payments", pid, "status", status)
			return mocktools.Body{"refund_id": ids[i], "status": "voided"}, nil
		}
		return nil, fmt.Errorf("order %s has no refund to void", oid)
	})
