package world_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/world"
)

// shop is a small store: one customer, two orders, one SKU.
func shop() world.State {
	return world.State{Collections: map[string]world.Collection{
		"customers": {"C-1": world.Record{"name": "Ada", "city": "Leeds"}},
		"orders": {
			"A1": world.Record{"status": "placed", "total": 40.0, "items": []any{
				map[string]any{"sku": "S1", "qty": 2.0},
			}},
			"A2": world.Record{"status": "delivered", "total": 15.0},
		},
		"inventory": {"S1": world.Record{"stock": 5.0}},
	}}
}

var _ = Describe("New", func() {
	It("adds an empty collection for each missing name and keeps the given ones", func() {
		w := world.New(shop(), "orders", "refunds", "notifications")
		s := w.Snapshot()
		Expect(s.Collections).To(HaveLen(5))
		Expect(s.Collections["refunds"]).To(Equal(world.Collection{}))
		Expect(s.Collections["notifications"]).To(Equal(world.Collection{}))
		Expect(s.Collections["orders"]).To(Equal(shop().Collections["orders"]))
	})

	It("starts from an empty store when the initial state has no collections", func() {
		w := world.New(world.State{}, "refunds")
		Expect(w.Snapshot()).To(Equal(world.State{Collections: map[string]world.Collection{"refunds": {}}}))
		Expect(w.Audit()).To(BeEmpty())
		Expect(w.Now()).To(Equal(time.Duration(0)))
	})

	It("copies the initial state, so that changing it later does not reach the world", func() {
		initial := shop()
		w := world.New(initial)
		initial.Collections["orders"]["A1"].(world.Record)["status"] = "lost"
		delete(initial.Collections["orders"], "A2")
		Expect(w.Get("orders", "A1")["status"]).To(Equal("placed"))
		Expect(w.Get("orders", "A2")).NotTo(BeNil())
	})

	It("turns integers of the initial state into float64", func() {
		w := world.New(world.State{Collections: map[string]world.Collection{
			"inventory": {"S1": world.Record{"stock": 7}},
		}})
		Expect(w.Get("inventory", "S1")["stock"]).To(Equal(7.0))
	})
})

var _ = Describe("World", func() {
	var w *world.World

	BeforeEach(func() { w = world.New(shop(), "refunds") })

	It("returns nil for a record or collection that does not exist", func() {
		Expect(w.Get("orders", "Z9")).To(BeNil())
		Expect(w.Get("nowhere", "A1")).To(BeNil())
	})

	It("lists record ids in sorted order", func() {
		tx := w.Begin("c1", "t")
		Expect(tx.Create("orders", "A0", world.Record{"status": "placed"})).To(Succeed())
		tx.Commit()
		Expect(w.Records("orders")).To(Equal([]string{"A0", "A1", "A2"}))
		Expect(w.Records("nowhere")).To(BeEmpty())
	})

	It("moves the clock forward only", func() {
		w.Advance(3 * time.Second)
		w.Advance(-time.Minute)
		w.Advance(0)
		w.Advance(2 * time.Second)
		Expect(w.Now()).To(Equal(5 * time.Second))
	})

	It("exposes collections by name to expressions", func() {
		env := w.View().Env()
		Expect(env).To(HaveLen(4))
		Expect(env["orders"]).To(Equal(shop().Collections["orders"]))
		Expect(env["refunds"]).To(Equal(world.Collection{}))
	})

	Describe("Snapshot", func() {
		It("is a deep copy: later writes do not change it", func() {
			snap := w.Snapshot()
			tx := w.Begin("c1", "t")
			Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
			Expect(tx.Delete("orders", "A2")).To(Succeed())
			Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10.0})).To(Succeed())
			tx.Commit()
			Expect(snap).To(Equal(world.New(shop(), "refunds").Snapshot()))
			Expect(snap.Collections["orders"]["A1"].(world.Record)["status"]).To(Equal("placed"))
		})

		It("is a deep copy of nested values", func() {
			snap := w.Snapshot()
			live := w.View().Collections["orders"]["A1"].(world.Record)
			live["items"].([]any)[0].(map[string]any)["qty"] = 9.0
			item := snap.Collections["orders"]["A1"].(world.Record)["items"].([]any)[0].(map[string]any)
			Expect(item["qty"]).To(Equal(2.0))
		})

		It("does not share maps with the world: changing it leaves the world alone", func() {
			snap := w.Snapshot()
			snap.Collections["inventory"]["S1"].(world.Record)["stock"] = 0.0
			delete(snap.Collections, "orders")
			Expect(w.Get("inventory", "S1")["stock"]).To(Equal(5.0))
			Expect(w.Records("orders")).To(Equal([]string{"A1", "A2"}))
		})
	})
})
