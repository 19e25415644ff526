package commerce_test

import (
	"context"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// store is a small commerce world.
func store() world.State {
	return world.State{Collections: map[string]world.Collection{
		"customers": {
			"C-100": world.Record{"name": "Ada Lovelace", "email": "ada@example.com",
				"address_line": "1 Mill Lane", "city": "Leeds", "zip": "LS1 4AB"},
		},
		"orders": {
			"A1001": world.Record{"customer_id": "C-100", "status": "placed", "payment_id": "P-1", "total": 80.0,
				"items":        []any{map[string]any{"sku": "MUG-1", "qty": 2.0}},
				"address_line": "1 Mill Lane", "city": "Leeds", "zip": "LS1 4AB"},
			"A1002": world.Record{"customer_id": "C-100", "status": "delivered", "payment_id": "P-2", "total": 25.0},
			"A1003": world.Record{"customer_id": "C-100", "status": "cancelled", "total": 10.0},
			"A1004": world.Record{"customer_id": "C-100", "status": "processing", "total": 5.0},
		},
		"inventory": {
			"MUG-1":  world.Record{"name": "Mug", "stock": 5.0},
			"VASE-2": world.Record{"name": "Vase", "stock": 0.0},
		},
		"payments": {
			"P-1": world.Record{"order_id": "A1001", "amount": 80.0, "refunded": 0.0, "status": "captured"},
			"P-2": world.Record{"order_id": "A1002", "amount": 25.0, "refunded": 0.0, "status": "captured"},
		},
	}}
}

// shopFloor runs commerce tools against a world the way the harness does:
// arguments decoded from JSON and validated, one transaction per call,
// rolled back when the tool fails.
type shopFloor struct {
	w     *world.World
	tools *mocktools.Toolbox
	n     int
}

func newShopFloor() *shopFloor {
	tb, err := mocktools.NewToolbox([]string{"commerce"})
	Expect(err).NotTo(HaveOccurred())
	return &shopFloor{w: world.New(store(), tb.Collections()...), tools: tb}
}

func (s *shopFloor) call(name, raw string) (mocktools.Body, error) {
	return s.run(name, raw, false)
}

func (s *shopFloor) partial(name, raw string) (mocktools.Body, error) {
	return s.run(name, raw, true)
}

func (s *shopFloor) run(name, raw string, partial bool) (mocktools.Body, error) {
	t, ok := s.tools.Tool(name)
	Expect(ok).To(BeTrue(), name)
	args := decode(raw)
	Expect(mocktools.Validate(t.Definition(), args)).To(Succeed())
	s.n++
	tx := s.w.Begin(fmt.Sprintf("call-%d", s.n), name)
	var (
		body mocktools.Body
		err  error
	)
	if partial {
		pa, ok := t.(mocktools.PartialApplier)
		Expect(ok).To(BeTrue(), name)
		body, err = pa.CallPartial(context.Background(), tx, args)
	} else {
		body, err = t.Call(context.Background(), tx, args)
	}
	if err != nil {
		tx.Rollback()
		return nil, err
	}
	tx.Commit()
	return body, nil
}

func (s *shopFloor) get(collection, id string) world.Record { return s.w.Get(collection, id) }

var _ = Describe("commerce tools", func() {
	var s *shopFloor

	BeforeEach(func() { s = newShopFloor() })

	Describe("cancel_order and reopen_order", func() {
		It("cancels a placed order, keeping the reason and the status it had", func() {
			body, err := s.call("cancel_order", `{"order_id": "A1001", "reason": "found it cheaper"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"order_id": "A1001", "status": "cancelled"}))
			o := s.get("orders", "A1001")
			Expect(o["status"]).To(Equal("cancelled"))
			Expect(o["status_before_cancel"]).To(Equal("placed"))
			Expect(o["cancel_reason"]).To(Equal("found it cheaper"))
		})

		It("writes the status last, after the reason and the prior status", func() {
			_, err := s.call("cancel_order", `{"order_id": "A1004"}`)
			Expect(err).NotTo(HaveOccurred())
			fields := []string{}
			for _, m := range s.w.Audit() {
				fields = append(fields, m.Field)
			}
			Expect(fields).To(Equal([]string{"cancel_reason", "status_before_cancel", "status"}))
			Expect(s.get("orders", "A1004")["cancel_reason"]).To(Equal("customer request"))
		})

		DescribeTable("reopen_order restores the record exactly",
			func(id string) {
				before := s.w.Snapshot()
				_, err := s.call("cancel_order", fmt.Sprintf(`{"order_id": %q}`, id))
				Expect(err).NotTo(HaveOccurred())
				body, err := s.call("reopen_order", fmt.Sprintf(`{"order_id": %q}`, id))
				Expect(err).NotTo(HaveOccurred())
				status := before.Collections["orders"][id].(world.Record)["status"]
				Expect(body).To(Equal(mocktools.Body{"order_id": id, "status": status}))
				Expect(s.w.Snapshot()).To(Equal(before))
				Expect(s.w.Audit()).To(HaveLen(6))
			},
			Entry("a placed order", "A1001"),
			Entry("a processing order", "A1004"),
		)

		It("reopens an order cancelled without a recorded prior status as placed", func() {
			body, err := s.call("reopen_order", `{"order_id": "A1003"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"order_id": "A1003", "status": "placed"}))
			Expect(s.get("orders", "A1003")).To(Equal(world.Record{"customer_id": "C-100", "status": "placed", "total": 10.0}))
		})

		DescribeTable("refusals write nothing",
			func(tool, id, want string) {
				before := s.w.Snapshot()
				body, err := s.call(tool, fmt.Sprintf(`{"order_id": %q}`, id))
				Expect(err).To(MatchError(want))
				Expect(body).To(BeNil())
				Expect(s.w.Snapshot()).To(Equal(before))
				Expect(s.w.Audit()).To(BeEmpty())
			},
			Entry("cancel a cancelled order", "cancel_order", "A1003", "order A1003 is cancelled and cannot be cancelled"),
			Entry("cancel a delivered order", "cancel_order", "A1002", "order A1002 is delivered and cannot be cancelled"),
			Entry("cancel an unknown order", "cancel_order", "Z9", "order Z9 not found"),
			Entry("reopen an order that is not cancelled", "reopen_order", "A1001", "order A1001 is not cancelled"),
			Entry("reopen an unknown order", "reopen_order", "Z9", "order Z9 not found"),
		)
	})

	Describe("restock and remove_stock", func() {
		It("restock adds the units of every line and reports the new levels", func() {
			body, err := s.call("restock", `{"items": [{"sku": "MUG-1", "qty": 3}, {"sku": "VASE-2", "qty": 4}]}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"status": "ok", "items": []any{
				mocktools.Body{"sku": "MUG-1", "qty": 3.0, "stock": 8.0},
				mocktools.Body{"sku": "VASE-2", "qty": 4.0, "stock": 4.0},
			}}))
			Expect(s.get("inventory", "MUG-1")["stock"]).To(Equal(8.0))
			Expect(s.get("inventory", "VASE-2")["stock"]).To(Equal(4.0))
		})

		It("remove_stock undoes a restock exactly", func() {
			before := s.w.Snapshot()
			_, err := s.call("restock", `{"items": [{"sku": "MUG-1", "qty": 3}, {"sku": "VASE-2", "qty": 4}]}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("remove_stock", `{"items": [{"sku": "MUG-1", "qty": 3}, {"sku": "VASE-2", "qty": 4}]}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"status": "ok", "items": []any{
				mocktools.Body{"sku": "MUG-1", "qty": 3.0, "stock": 5.0},
				mocktools.Body{"sku": "VASE-2", "qty": 4.0, "stock": 0.0},
			}}))
			Expect(s.w.Snapshot()).To(Equal(before))
		})

		DescribeTable("refusals write nothing, even after an earlier line succeeded",
			func(tool, raw, want string) {
				before := s.w.Snapshot()
				_, err := s.call(tool, raw)
				Expect(err).To(MatchError(want))
				Expect(s.w.Snapshot()).To(Equal(before))
				Expect(s.w.Audit()).To(BeEmpty())
			},
			Entry("remove more than in stock", "remove_stock",
				`{"items": [{"sku": "MUG-1", "qty": 1}, {"sku": "VASE-2", "qty": 1}]}`, "SKU VASE-2 has only 0 units"),
			Entry("remove from an unknown SKU", "remove_stock",
				`{"items": [{"sku": "MUG-1", "qty": 1}, {"sku": "NOPE", "qty": 1}]}`, "SKU NOPE not found"),
			Entry("restock an unknown SKU", "restock",
				`{"items": [{"sku": "MUG-1", "qty": 1}, {"sku": "NOPE", "qty": 1}]}`, "SKU NOPE not found"),
		)
	})

	Describe("issue_refund and void_refund", func() {
		It("moves the money and creates a refund record", func() {
			body, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"refund_id": "RF-1", "order_id": "A1001", "amount": 30.0, "status": "succeeded"}))
			Expect(s.get("refunds", "RF-1")).To(Equal(world.Record{
				"order_id": "A1001", "payment_id": "P-1", "amount": 30.0, "status": "succeeded"}))
			Expect(s.get("payments", "P-1")).To(Equal(world.Record{
				"order_id": "A1001", "amount": 80.0, "refunded": 30.0, "status": "partially_refunded"}))
		})

		It("marks the payment refunded once all of it is refunded", func() {
			_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 50}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body["refund_id"]).To(Equal("RF-2"))
			Expect(s.get("payments", "P-1")["refunded"]).To(Equal(80.0))
			Expect(s.get("payments", "P-1")["status"]).To(Equal("refunded"))
		})

		It("shows the refunds in get_payment", func() {
			_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 12.34}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("get_payment", `{"order_id": "A1001"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{
				"payment_id": "P-1", "order_id": "A1001", "amount": 80.0, "refunded": 12.34, "status": "partially_refunded",
				"refunds": []any{mocktools.Body{"refund_id": "RF-1", "amount": 12.34, "status": "succeeded"}},
			}))
		})

		DescribeTable("refusals write nothing",
			func(raw, want string) {
				_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 60}`)
				Expect(err).NotTo(HaveOccurred())
				before := s.w.Snapshot()
				_, err = s.call("issue_refund", raw)
				Expect(err).To(MatchError(want))
				Expect(s.w.Snapshot()).To(Equal(before))
				Expect(s.w.Audit()).To(HaveLen(3))
			},
			Entry("more than what is left", `{"order_id": "A1001", "amount": 20.01}`,
				"refund of 20.01 exceeds the 20.00 left on payment P-1"),
			Entry("a zero amount", `{"order_id": "A1001", "amount": 0}`, "refund amount must be positive"),
			Entry("an unknown order", `{"order_id": "Z9", "amount": 1}`, "order Z9 not found"),
		)

		It("refunds exactly what is left", func() {
			_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 60}`)
			Expect(err).NotTo(HaveOccurred())
			_, err = s.call("issue_refund", `{"order_id": "A1001", "amount": 20}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(s.get("payments", "P-1")["status"]).To(Equal("refunded"))
		})

		It("void_refund undoes a refund exactly", func() {
			before := s.w.Snapshot()
			_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("void_refund", `{"order_id": "A1001"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"refund_id": "RF-1", "status": "voided"}))
			Expect(s.w.Snapshot()).To(Equal(before))
		})

		It("void_refund reverses the latest refund of that order only", func() {
			_, err := s.call("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			Expect(err).NotTo(HaveOccurred())
			_, err = s.call("issue_refund", `{"order_id": "A1001", "amount": 10}`)
			Expect(err).NotTo(HaveOccurred())
			_, err = s.call("issue_refund", `{"order_id": "A1002", "amount": 5}`)
			Expect(err).NotTo(HaveOccurred())

			body, err := s.call("void_refund", `{"order_id": "A1001"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"refund_id": "RF-2", "status": "voided"}))
			Expect(s.w.Records("refunds")).To(Equal([]string{"RF-1", "RF-3"}))
			Expect(s.get("payments", "P-1")).To(Equal(world.Record{
				"order_id": "A1001", "amount": 80.0, "refunded": 30.0, "status": "partially_refunded"}))
			Expect(s.get("payments", "P-2")["refunded"]).To(Equal(5.0))
		})

		It("void_refund refuses an order without refunds", func() {
			_, err := s.call("issue_refund", `{"order_id": "A1002", "amount": 5}`)
			Expect(err).NotTo(HaveOccurred())
			before := s.w.Snapshot()
			_, err = s.call("void_refund", `{"order_id": "A1001"}`)
			Expect(err).To(MatchError("order A1001 has no refund to void"))
			Expect(s.w.Snapshot()).To(Equal(before))
		})
	})

	Describe("notify_customer", func() {
		It("creates a sent notification, by email unless told otherwise", func() {
			body, err := s.call("notify_customer", `{"customer_id": "C-100", "order_id": "A1001", "message": "Your order is cancelled."}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"notification_id": "N-1", "status": "sent", "channel": "email"}))
			Expect(s.get("notifications", "N-1")).To(Equal(world.Record{
				"customer_id": "C-100", "order_id": "A1001", "channel": "email",
				"message": "Your order is cancelled.", "status": "sent"}))
		})

		It("uses the channel asked for and lists the notification", func() {
			_, err := s.call("notify_customer", `{"customer_id": "C-100", "order_id": "A1001", "message": "Refunded.", "channel": "sms"}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("list_notifications", `{"order_id": "A1001"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"order_id": "A1001", "notifications": []any{map[string]any{
				"notification_id": "N-1", "customer_id": "C-100", "order_id": "A1001",
				"channel": "sms", "message": "Refunded.", "status": "sent"}}}))
		})

		DescribeTable("refusals write nothing",
			func(raw, want string) {
				_, err := s.call("notify_customer", raw)
				Expect(err).To(MatchError(want))
				Expect(s.w.Records("notifications")).To(BeEmpty())
				Expect(s.w.Audit()).To(BeEmpty())
			},
			Entry("an unknown customer", `{"customer_id": "C-9", "order_id": "A1001", "message": "hi"}`, "customer C-9 not found"),
			Entry("an unknown order", `{"customer_id": "C-100", "order_id": "Z9", "message": "hi"}`, "order Z9 not found"),
		)
	})

	Describe("create_replacement and cancel_replacement", func() {
		It("creates a no-charge order for the items, and lists it", func() {
			body, err := s.call("create_replacement", `{"order_id": "A1001", "items": [{"sku": "MUG-1", "qty": 1}]}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"order_id": "RPL-1", "replaces": "A1001", "status": "placed"}))
			Expect(s.get("orders", "RPL-1")).To(Equal(world.Record{
				"customer_id": "C-100", "status": "placed", "total": 0.0, "replaces": "A1001",
				"items": []any{map[string]any{"sku": "MUG-1", "qty": 1.0}}}))
			Expect(s.get("inventory", "MUG-1")["stock"]).To(Equal(5.0))

			list, err := s.call("list_orders", `{"customer_id": "C-100"}`)
			Expect(err).NotTo(HaveOccurred())
			ids := []any{}
			for _, o := range list["orders"].([]any) {
				ids = append(ids, o.(map[string]any)["order_id"])
			}
			Expect(ids).To(Equal([]any{"A1001", "A1002", "A1003", "A1004", "RPL-1"}))
		})

		It("refuses an unknown SKU", func() {
			_, err := s.call("create_replacement", `{"order_id": "A1001", "items": [{"sku": "MUG-1", "qty": 1}, {"sku": "NOPE", "qty": 1}]}`)
			Expect(err).To(MatchError("SKU NOPE not found"))
			Expect(s.w.Records("orders")).To(Equal([]string{"A1001", "A1002", "A1003", "A1004"}))
		})

		It("cancel_replacement removes the replacement exactly", func() {
			before := s.w.Snapshot()
			_, err := s.call("create_replacement", `{"order_id": "A1001", "items": [{"sku": "MUG-1", "qty": 1}]}`)
			Expect(err).NotTo(HaveOccurred())
			body, err := s.call("cancel_replacement", `{"order_id": "A1001"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"order_id": "RPL-1", "status": "voided"}))
			Expect(s.w.Snapshot()).To(Equal(before))
		})

		It("cancel_replacement leaves the replacements of other orders alone", func() {
			_, err := s.call("create_replacement", `{"order_id": "A1002", "items": [{"sku": "MUG-1", "qty": 1}]}`)
			Expect(err).NotTo(HaveOccurred())
			_, err = s.call("cancel_replacement", `{"order_id": "A1001"}`)
			Expect(err).To(MatchError("no open replacement for order A1001"))
			Expect(s.get("orders", "RPL-1")).NotTo(BeNil())
		})
	})

	Describe("address updates", func() {
		DescribeTable("write the three address fields, one by one",
			func(tool, collection, idArg, id string) {
				raw := fmt.Sprintf(`{%q: %q, "address_line": "9 Dock St", "city": "Hull", "zip": "HU1 1AA"}`, idArg, id)
				body, err := s.call(tool, raw)
				Expect(err).NotTo(HaveOccurred())
				Expect(body).To(Equal(mocktools.Body{idArg: id, "status": "updated"}))
				r := s.get(collection, id)
				Expect(r["address_line"]).To(Equal("9 Dock St"))
				Expect(r["city"]).To(Equal("Hull"))
				Expect(r["zip"]).To(Equal("HU1 1AA"))
				fields := []string{}
				for _, m := range s.w.Audit() {
					Expect(m.Collection).To(Equal(collection))
					Expect(m.ID).To(Equal(id))
					fields = append(fields, m.Field)
				}
				Expect(fields).To(Equal([]string{"address_line", "city", "zip"}))
			},
			Entry("a customer", "update_customer_address", "customers", "customer_id", "C-100"),
			Entry("a placed order", "update_order_address", "orders", "order_id", "A1001"),
			Entry("a processing order", "update_order_address", "orders", "order_id", "A1004"),
		)

		DescribeTable("refusals write nothing",
			func(tool, raw, want string) {
				before := s.w.Snapshot()
				_, err := s.call(tool, raw)
				Expect(err).To(MatchError(want))
				Expect(s.w.Snapshot()).To(Equal(before))
			},
			Entry("a delivered order", "update_order_address",
				`{"order_id": "A1002", "address_line": "9 Dock St", "city": "Hull", "zip": "HU1"}`,
				"order A1002 is delivered: its address can no longer change"),
			Entry("an unknown order", "update_order_address",
				`{"order_id": "Z9", "address_line": "9 Dock St", "city": "Hull", "zip": "HU1"}`, "order Z9 not found"),
			Entry("an unknown customer", "update_customer_address",
				`{"customer_id": "C-9", "address_line": "9 Dock St", "city": "Hull", "zip": "HU1"}`, "customer C-9 not found"),
		)
	})

	DescribeTable("read tools answer from the world and write nothing",
		func(tool, raw string, want mocktools.Body) {
			body, err := s.call(tool, raw)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(want))
			Expect(s.w.Audit()).To(BeEmpty())
			Expect(s.w.Snapshot()).To(Equal(world.New(store(), s.tools.Collections()...).Snapshot()))
		},
		Entry("get_order", "get_order", `{"order_id": "A1002"}`, mocktools.Body{
			"order_id": "A1002", "customer_id": "C-100", "status": "delivered", "payment_id": "P-2", "total": 25.0}),
		Entry("get_customer", "get_customer", `{"customer_id": "C-100"}`, mocktools.Body{
			"customer_id": "C-100", "name": "Ada Lovelace", "email": "ada@example.com",
			"address_line": "1 Mill Lane", "city": "Leeds", "zip": "LS1 4AB"}),
		Entry("get_inventory", "get_inventory", `{"sku": "VASE-2"}`, mocktools.Body{
			"sku": "VASE-2", "name": "Vase", "stock": 0.0}),
		Entry("list_notifications, none", "list_notifications", `{"order_id": "A1001"}`, mocktools.Body{
			"order_id": "A1001", "notifications": []any{}}),
	)

	It("read tools do not hand out the live records", func() {
		body, err := s.call("get_order", `{"order_id": "A1001"}`)
		Expect(err).NotTo(HaveOccurred())
		body["status"] = "cancelled"
		body["items"].([]any)[0].(map[string]any)["qty"] = 9.0
		Expect(s.w.Snapshot()).To(Equal(world.New(store(), s.tools.Collections()...).Snapshot()))
	})

	Describe("partial effects", func() {
		It("issue_refund refunds half and confirms the whole amount", func() {
			body, err := s.partial("issue_refund", `{"order_id": "A1001", "amount": 30}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"refund_id": "RF-1", "order_id": "A1001", "amount": 30.0, "status": "succeeded"}))
			Expect(s.get("refunds", "RF-1")["amount"]).To(Equal(15.0))
			Expect(s.get("payments", "P-1")).To(Equal(world.Record{
				"order_id": "A1001", "amount": 80.0, "refunded": 15.0, "status": "partially_refunded"}))
		})

		It("issue_refund rounds the half to cents", func() {
			_, err := s.partial("issue_refund", `{"order_id": "A1001", "amount": 0.05}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(s.get("refunds", "RF-1")["amount"]).To(Equal(0.03))
			Expect(s.get("payments", "P-1")["refunded"]).To(Equal(0.03))
		})

		It("issue_refund still refuses more than what is left", func() {
			_, err := s.partial("issue_refund", `{"order_id": "A1001", "amount": 100}`)
			Expect(err).To(MatchError("refund of 100.00 exceeds the 80.00 left on payment P-1"))
			Expect(s.w.Records("refunds")).To(BeEmpty())
		})

		It("restock misses the last line's units and confirms them", func() {
			body, err := s.partial("restock", `{"items": [{"sku": "MUG-1", "qty": 3}, {"sku": "VASE-2", "qty": 1}]}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"status": "ok", "items": []any{
				mocktools.Body{"sku": "MUG-1", "qty": 3.0, "stock": 8.0},
				mocktools.Body{"sku": "VASE-2", "qty": 1.0, "stock": 1.0},
			}}))
			Expect(s.get("inventory", "MUG-1")["stock"]).To(Equal(8.0))
			Expect(s.get("inventory", "VASE-2")["stock"]).To(Equal(0.0))
			Expect(s.w.Audit()).To(HaveLen(1))
		})

		It("restock of a single line applies half of it, rounded down, and confirms all of it", func() {
			body, err := s.partial("restock", `{"items": [{"sku": "MUG-1", "qty": 5}]}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"status": "ok", "items": []any{
				mocktools.Body{"sku": "MUG-1", "qty": 5.0, "stock": 10.0},
			}}))
			Expect(s.get("inventory", "MUG-1")["stock"]).To(Equal(7.0))
		})

		It("notify_customer stores the notification as queued and replies sent", func() {
			body, err := s.partial("notify_customer", `{"customer_id": "C-100", "order_id": "A1001", "message": "hi"}`)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(mocktools.Body{"notification_id": "N-1", "status": "sent", "channel": "email"}))
			Expect(s.get("notifications", "N-1")).To(Equal(world.Record{
				"customer_id": "C-100", "order_id": "A1001", "channel": "email", "message": "hi", "status": "queued"}))
		})
	})
})
