package world_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/world"
)

var _ = Describe("Tx", func() {
	var (
		w       *world.World
		initial world.State
	)

	BeforeEach(func() {
		w = world.New(shop(), "refunds")
		initial = w.Snapshot()
		w.Advance(2 * time.Second)
	})

	Describe("writes", func() {
		It("makes Set, Create and Delete visible at once, before Commit", func() {
			tx := w.Begin("call-1", "tool")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			Expect(w.Get("orders", "A1")["status"]).To(Equal("cancelled"))
			Expect(tx.World().Get("orders", "A1")["status"]).To(Equal("cancelled"))

			Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10})).To(Succeed())
			Expect(w.Get("refunds", "RF-1")).To(Equal(world.Record{"amount": 10.0}))

			Expect(tx.Delete("orders", "A2")).To(Succeed())
			Expect(w.Get("orders", "A2")).To(BeNil())

			Expect(tx.Mutations()).To(HaveLen(3))
			Expect(w.Audit()).To(BeEmpty())
		})

		It("adds a field that did not exist and removes a field set to nil", func() {
			tx := w.Begin("call-1", "tool")
			Expect(tx.Set("orders", "A1", "note", "gift")).To(Succeed())
			Expect(tx.Set("orders", "A1", "total", nil)).To(Succeed())
			Expect(w.Get("orders", "A1")).To(HaveKeyWithValue("note", "gift"))
			Expect(w.Get("orders", "A1")).NotTo(HaveKey("total"))
			Expect(tx.Mutations()[0].Before).To(BeNil())
			Expect(tx.Mutations()[1].Before).To(Equal(40.0))
			Expect(tx.Mutations()[1].After).To(BeNil())
		})

		It("creates the collection of a record created in a collection it lacks", func() {
			tx := w.Begin("call-1", "tool")
			Expect(tx.Create("shipments", "SH-1", world.Record{"carrier": "ups"})).To(Succeed())
			Expect(w.Records("shipments")).To(Equal([]string{"SH-1"}))
		})

		It("refuses to set a field of a missing record", func() {
			tx := w.Begin("call-1", "tool")
			err := tx.Set("orders", "Z9", "status", "cancelled")
			Expect(err).To(MatchError(`orders "Z9" does not exist`))
			Expect(tx.Mutations()).To(BeEmpty())
		})

		It("refuses to create a record whose id is taken", func() {
			tx := w.Begin("call-1", "tool")
			err := tx.Create("orders", "A1", world.Record{"status": "new"})
			Expect(err).To(MatchError(`orders "A1" already exists`))
			Expect(w.Get("orders", "A1")["status"]).To(Equal("placed"))
			Expect(tx.Mutations()).To(BeEmpty())
		})

		It("refuses to delete a missing record", func() {
			tx := w.Begin("call-1", "tool")
			Expect(tx.Delete("refunds", "RF-9")).To(MatchError(`refunds "RF-9" does not exist`))
			Expect(tx.Mutations()).To(BeEmpty())
		})

		It("stores a copy of the value, so that the caller's later changes do not leak in", func() {
			rec := world.Record{"amount": 10.0, "lines": []any{"a"}}
			tx := w.Begin("call-1", "tool")
			Expect(tx.Create("refunds", "RF-1", rec)).To(Succeed())
			rec["amount"] = 99.0
			rec["lines"].([]any)[0] = "b"
			tx.Commit()
			Expect(w.Get("refunds", "RF-1")).To(Equal(world.Record{"amount": 10.0, "lines": []any{"a"}}))
			Expect(w.Audit()[0].After).To(Equal(world.Record{"amount": 10.0, "lines": []any{"a"}}))
		})

		It("names its call and tool", func() {
			tx := w.Begin("call-7", "cancel_order")
			Expect(tx.Call()).To(Equal("call-7"))
			Expect(tx.Tool()).To(Equal("cancel_order"))
		})
	})

	Describe("Commit", func() {
		It("appends every write to the audit log with call, tool, record, field, values and time", func() {
			tx := w.Begin("call-1", "cancel_order")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			w.Advance(time.Second)
			Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10})).To(Succeed())
			Expect(tx.Delete("orders", "A2")).To(Succeed())
			tx.Commit()

			Expect(w.Audit()).To(Equal([]world.Mutation{
				{Call: "call-1", Tool: "cancel_order", Collection: "orders", ID: "A1", Field: "status",
					Before: "placed", After: "cancelled", At: 2 * time.Second},
				{Call: "call-1", Tool: "cancel_order", Collection: "refunds", ID: "RF-1",
					Before: nil, After: world.Record{"amount": 10.0}, At: 3 * time.Second},
				{Call: "call-1", Tool: "cancel_order", Collection: "orders", ID: "A2",
					Before: world.Record{"status": "delivered", "total": 15.0}, After: nil, At: 3 * time.Second},
			}))
		})

		It("appends the transactions in commit order and only once", func() {
			tx1 := w.Begin("call-1", "a")
			Expect(tx1.Set("orders", "A1", "status", "processing")).To(Succeed())
			tx2 := w.Begin("call-2", "b")
			Expect(tx2.Set("orders", "A2", "status", "returned")).To(Succeed())
			tx2.Commit()
			tx1.Commit()
			tx1.Commit()
			calls := []string{}
			for _, m := range w.Audit() {
				calls = append(calls, m.Call)
			}
			Expect(calls).To(Equal([]string{"call-2", "call-1"}))
		})

		It("cannot be undone by a later Rollback", func() {
			tx := w.Begin("call-1", "t")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			tx.Commit()
			tx.Rollback()
			Expect(w.Get("orders", "A1")["status"]).To(Equal("cancelled"))
			Expect(w.Audit()).To(HaveLen(1))
		})
	})

	Describe("Rollback", func() {
		It("restores the exact prior state and writes nothing to the audit log", func() {
			tx := w.Begin("call-1", "t")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			Expect(tx.Set("orders", "A1", "note", "x")).To(Succeed())
			Expect(tx.Set("orders", "A1", "total", nil)).To(Succeed())
			Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10.0})).To(Succeed())
			Expect(tx.Set("refunds", "RF-1", "amount", 12.0)).To(Succeed())
			Expect(tx.Set("orders", "A2", "status", "returned")).To(Succeed())
			Expect(tx.Delete("orders", "A2")).To(Succeed())
			Expect(tx.Delete("customers", "C-1")).To(Succeed())
			tx.Rollback()

			Expect(w.Snapshot()).To(Equal(initial))
			Expect(w.Audit()).To(BeEmpty())
		})

		It("is final: a later Commit writes nothing", func() {
			tx := w.Begin("call-1", "t")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			tx.Rollback()
			tx.Commit()
			Expect(w.Audit()).To(BeEmpty())
			Expect(w.Get("orders", "A1")["status"]).To(Equal("placed"))
		})

		It("gives back the ids it drew: the next NextID returns the same id", func() {
			tx := w.Begin("call-1", "t")
			Expect(tx.NextID("RF")).To(Equal("RF-1"))
			Expect(tx.NextID("RF")).To(Equal("RF-2"))
			Expect(tx.NextID("N")).To(Equal("N-1"))
			tx.Rollback()

			again := w.Begin("call-2", "t")
			Expect(again.NextID("RF")).To(Equal("RF-1"))
			Expect(again.NextID("N")).To(Equal("N-1"))
		})
	})

	Describe("NextID", func() {
		It("counts per prefix and keeps the ids of committed calls", func() {
			tx := w.Begin("call-1", "t")
			Expect(tx.NextID("RF")).To(Equal("RF-1"))
			Expect(tx.NextID("RPL")).To(Equal("RPL-1"))
			tx.Commit()
			next := w.Begin("call-2", "t")
			Expect(next.NextID("RF")).To(Equal("RF-2"))
			Expect(next.NextID("RPL")).To(Equal("RPL-2"))
		})
	})

	DescribeTable("CommitFirst keeps exactly the first n writes",
		func(n int, status, note any, refund bool) {
			tx := w.Begin("call-1", "t")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			Expect(tx.Set("orders", "A1", "note", "x")).To(Succeed())
			Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10.0})).To(Succeed())
			all := append([]world.Mutation(nil), tx.Mutations()...)
			tx.CommitFirst(n)

			kept := all[:min(n, len(all))]
			if len(kept) == 0 {
				Expect(w.Audit()).To(BeEmpty())
				Expect(tx.Mutations()).To(BeEmpty())
			} else {
				Expect(w.Audit()).To(Equal(kept))
				Expect(tx.Mutations()).To(Equal(kept))
			}
			Expect(w.Get("orders", "A1")["status"]).To(Equal(status))
			if note == nil {
				Expect(w.Get("orders", "A1")).NotTo(HaveKey("note"))
			} else {
				Expect(w.Get("orders", "A1")["note"]).To(Equal(note))
			}
			if refund {
				Expect(w.Get("refunds", "RF-1")).To(Equal(world.Record{"amount": 10.0}))
			} else {
				Expect(w.Get("refunds", "RF-1")).To(BeNil())
			}
		},
		Entry("n=0: nothing", 0, "placed", nil, false),
		Entry("n=1: the first Set", 1, "cancelled", nil, false),
		Entry("n=2: both Sets", 2, "cancelled", "x", false),
		Entry("n=3: everything", 3, "cancelled", "x", true),
		Entry("n beyond the writes: everything", 10, "cancelled", "x", true),
	)

	It("CommitFirst after Commit changes nothing", func() {
		tx := w.Begin("call-1", "t")
		Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
		Expect(tx.Set("orders", "A2", "status", "returned")).To(Succeed())
		tx.Commit()
		tx.CommitFirst(1)
		Expect(w.Audit()).To(HaveLen(2))
		Expect(w.Get("orders", "A2")["status"]).To(Equal("returned"))
	})
})
