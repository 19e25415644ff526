package world_test

import (
	"reflect"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/world"
)

var _ = Describe("Shared", func() {
	var (
		base world.State
		orig world.State
		w    *world.World
	)

	BeforeEach(func() {
		base = shop()
		orig = shop()
		w = world.Shared(base, "refunds")
	})

	// write runs one committed or rolled-back call of every kind of write.
	write := func(w *world.World, commit bool) {
		tx := w.Begin("c1", "t")
		Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
		Expect(tx.Assign("inventory", "S1", "stock", 7.0)).To(Succeed())
		Expect(tx.Delete("orders", "A2")).To(Succeed())
		Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 10.0})).To(Succeed())
		Expect(tx.Create("shipments", "SH-1", world.Record{"carrier": "ups"})).To(Succeed())
		if commit {
			tx.Commit()
		} else {
			tx.Rollback()
		}
	}

	DescribeTable("never changes the state it started from",
		func(commit bool) {
			write(w, commit)
			Expect(base).To(Equal(orig))
			Expect(w.Initial()).To(Equal(orig))
		},
		Entry("writes that commit", true),
		Entry("writes rolled back", false),
	)

	It("sees its own writes and reads the rest from the base", func() {
		write(w, true)
		Expect(w.Get("orders", "A1")["status"]).To(Equal("cancelled"))
		Expect(w.Get("orders", "A2")).To(BeNil())
		Expect(w.Get("customers", "C-1")).To(Equal(orig.Collections["customers"]["C-1"]))
		Expect(w.Records("refunds")).To(Equal([]string{"RF-1"}))
		Expect(w.Records("shipments")).To(Equal([]string{"SH-1"}))
	})

	It("ends a rolled-back call equal to where it started", func() {
		write(w, false)
		Expect(world.Diff(orig, w.View())).To(BeEmpty())
		Expect(w.Records("shipments")).To(BeEmpty())
		Expect(w.Audit()).To(BeEmpty())
	})

	It("copies a written record deeply: a nested change stays in the world", func() {
		tx := w.Begin("c1", "t")
		items := w.Get("orders", "A1")["items"].([]any)
		changed := []any{map[string]any{"sku": "S1", "qty": 1.0}}
		Expect(tx.Set("orders", "A1", "items", changed)).To(Succeed())
		tx.Commit()
		Expect(items).To(Equal(orig.Collections["orders"]["A1"].(world.Record)["items"]))
		Expect(base.Collections["orders"]["A1"].(world.Record)["items"]).To(Equal(items))
	})

	It("shares the records and collections it did not write, and copies the ones it did", func() {
		tx := w.Begin("c1", "t")
		Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
		tx.Commit()
		view := w.View()
		Expect(same(view.Collections["customers"], base.Collections["customers"])).To(BeTrue())
		Expect(same(view.Collections["orders"], base.Collections["orders"])).To(BeFalse())
		Expect(same(view.Collections["orders"]["A2"], base.Collections["orders"]["A2"])).To(BeTrue())
		Expect(same(view.Collections["orders"]["A1"], base.Collections["orders"]["A1"])).To(BeFalse())
	})

	It("lets many worlds share one base at once", func() {
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer GinkgoRecover()
				defer wg.Done()
				w := world.Shared(base, "refunds")
				write(w, i%2 == 0)
				if i%2 == 0 {
					Expect(world.Diff(orig, w.View())).NotTo(BeEmpty())
				} else {
					Expect(world.Diff(orig, w.View())).To(BeEmpty())
				}
			}()
		}
		wg.Wait()
		Expect(base).To(Equal(orig))
	})

	It("gives Diff the same answer as on deep copies", func() {
		write(w, true)
		Expect(world.Diff(base, w.View())).To(Equal(world.Diff(orig, w.Snapshot())))
		Expect(world.Diff(base, w.View())).To(HaveLen(5))
	})
})

var _ = Describe("Walk", func() {
	It("visits as Replay does and leaves the state before untouched", func() {
		w := world.New(shop(), "refunds")
		before := w.Snapshot()
		tx := w.Begin("c1", "cancel_order")
		Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
		tx.Commit()
		tx = w.Begin("c2", "issue_refund")
		Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 40.0})).To(Succeed())
		Expect(tx.Delete("orders", "A2")).To(Succeed())
		tx.Commit()

		var walked, replayed []world.State
		final := world.Walk(before, w.Audit(), func(_ []world.Mutation, s world.State) { walked = append(walked, s.Clone()) })
		copied := world.Replay(before, w.Audit(), func(_ []world.Mutation, s world.State) { replayed = append(replayed, s.Clone()) })
		Expect(walked).To(Equal(replayed))
		Expect(final).To(Equal(copied))
		Expect(final).To(Equal(w.Snapshot()))
		Expect(before).To(Equal(world.New(shop(), "refunds").Snapshot()))
		Expect(same(final.Collections["customers"], before.Collections["customers"])).To(BeTrue())
	})
})

// same reports whether two maps are one map, not merely equal.
func same(a, b any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}
