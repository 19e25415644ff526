package world_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/world"
)

var _ = DescribeTable("Clone turns every number into float64",
	func(in, want any) {
		if want == nil {
			Expect(world.Clone(in)).To(BeNil())
			return
		}
		Expect(world.Clone(in)).To(Equal(want))
	},
	Entry("int", 3, 3.0),
	Entry("int64", int64(-4), -4.0),
	Entry("uint64", uint64(5), 5.0),
	Entry("float32", float32(0.5), 0.5),
	Entry("float64", 2.25, 2.25),
	Entry("string", "x", "x"),
	Entry("bool", true, true),
	Entry("nil", nil, nil),
	Entry("nested map and list",
		map[string]any{"a": 1, "b": []any{2, map[string]any{"c": int64(3)}}},
		map[string]any{"a": 1.0, "b": []any{2.0, map[string]any{"c": 3.0}}}),
	Entry("a list of maps becomes a list of any",
		[]map[string]any{{"qty": 1}},
		[]any{map[string]any{"qty": 1.0}}),
)

var _ = Describe("Clone", func() {
	It("copies deeply: changing the copy leaves the original alone", func() {
		orig := map[string]any{"items": []any{map[string]any{"qty": 1.0}}}
		cp := world.Clone(orig).(map[string]any)
		cp["items"].([]any)[0].(map[string]any)["qty"] = 2.0
		cp["extra"] = true
		Expect(orig).To(Equal(map[string]any{"items": []any{map[string]any{"qty": 1.0}}}))
	})
})

var _ = DescribeTable("Equal",
	func(a, b any, want bool) {
		Expect(world.Equal(a, b)).To(Equal(want))
		Expect(world.Equal(b, a)).To(Equal(want))
	},
	Entry("same strings", "x", "x", true),
	Entry("different strings", "x", "y", false),
	Entry("same numbers", 1.5, 1.5, true),
	Entry("different numbers", 1.5, 2.5, false),
	Entry("a number and a string", 1.0, "1", false),
	Entry("nil and nil", nil, nil, true),
	Entry("nil and a map", nil, map[string]any{}, false),
	Entry("nested equal",
		map[string]any{"a": []any{1.0, map[string]any{"b": "c"}}, "d": nil},
		map[string]any{"a": []any{1.0, map[string]any{"b": "c"}}, "d": nil}, true),
	Entry("nested value differs",
		map[string]any{"a": []any{1.0, map[string]any{"b": "c"}}},
		map[string]any{"a": []any{1.0, map[string]any{"b": "x"}}}, false),
	Entry("a key missing on one side",
		map[string]any{"a": 1.0, "b": nil},
		map[string]any{"a": 1.0, "c": nil}, false),
	Entry("maps of different sizes",
		map[string]any{"a": 1.0},
		map[string]any{"a": 1.0, "b": 2.0}, false),
	Entry("lists in a different order", []any{1.0, 2.0}, []any{2.0, 1.0}, false),
	Entry("lists of different lengths", []any{1.0}, []any{1.0, 1.0}, false),
	Entry("a list and a map", []any{}, map[string]any{}, false),
)

var _ = DescribeTable("ParseRef",
	func(in string, want world.Ref, bad bool) {
		got, err := world.ParseRef(in)
		if bad {
			Expect(err).To(MatchError(`resource "` + in + `": want "collection", "collection/id" or "collection/id/field"`))
			Expect(got).To(Equal(world.Ref{}))
			return
		}
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal(want))
		Expect(got.String()).To(Equal(in))
	},
	Entry("a collection", "refunds", world.Ref{Collection: "refunds"}, false),
	Entry("a record", "orders/A1001", world.Ref{Collection: "orders", ID: "A1001"}, false),
	Entry("empty", "", world.Ref{}, true),
	Entry("no collection", "/A1001", world.Ref{}, true),
	Entry("no id after the slash", "orders/", world.Ref{}, true),
	Entry("a field", "orders/A1001/address", world.Ref{Collection: "orders", ID: "A1001", Field: "address"}, false),
	Entry("an id with a hash", "orders/#W1/address", world.Ref{Collection: "orders", ID: "#W1", Field: "address"}, false),
	Entry("no field after the second slash", "orders/A1001/", world.Ref{}, true),
	Entry("no id between the slashes", "orders//address", world.Ref{}, true),
	Entry("four parts", "a/b/c/d", world.Ref{}, true),
)

var _ = DescribeTable("Ref.Covers",
	func(ref, coll, id, field string, want bool) {
		r, err := world.ParseRef(ref)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Covers(coll, id, field)).To(Equal(want))
	},
	Entry("a collection covers any record of it", "refunds", "refunds", "RF-1", "amount", true),
	Entry("a collection covers no other", "refunds", "orders", "RF-1", "amount", false),
	Entry("a record covers its fields", "orders/A1", "orders", "A1", "status", true),
	Entry("a record covers no other record", "orders/A1", "orders", "A2", "status", false),
	Entry("a field covers itself", "orders/#W1/address", "orders", "#W1", "address", true),
	Entry("a field covers no other field", "orders/#W1/address", "orders", "#W1", "status", false),
	Entry("a field covers its record's creation or deletion", "orders/#W1/address", "orders", "#W1", "", true),
	Entry("a field covers no other record", "orders/#W1/address", "orders", "#W2", "address", false),
)

var _ = Describe("EqualOn", func() {
	state := func(refunds world.Collection) world.State {
		return world.State{Collections: map[string]world.Collection{
			"orders":  {"A1": world.Record{"status": "cancelled"}, "A2": world.Record{"status": "placed"}},
			"refunds": refunds,
		}}
	}
	rf := func(amount float64) world.Record { return world.Record{"order_id": "A1", "amount": amount} }
	refs := func(ss ...string) []world.Ref {
		out := make([]world.Ref, len(ss))
		for i, s := range ss {
			r, err := world.ParseRef(s)
			Expect(err).NotTo(HaveOccurred())
			out[i] = r
		}
		return out
	}

	DescribeTable("compares records by id and collections as multisets",
		func(a, b world.State, on []string, want bool) {
			Expect(world.EqualOn(a, b, refs(on...))).To(Equal(want))
			Expect(world.EqualOn(b, a, refs(on...))).To(Equal(want))
		},
		Entry("the same record",
			state(nil), state(nil), []string{"orders/A1"}, true),
		Entry("a record that differs",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {"A1": world.Record{"status": "placed"}}}},
			[]string{"orders/A1"}, false),
		Entry("a record present on one side only",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {}}},
			[]string{"orders/A1"}, false),
		Entry("a record absent on both sides",
			state(nil), state(nil), []string{"orders/A9"}, true),
		Entry("only the named record counts",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {
				"A1": world.Record{"status": "cancelled"}, "A2": world.Record{"status": "lost"}}}},
			[]string{"orders/A1"}, true),
		Entry("a collection with the same records under the same ids",
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(5)}),
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(5)}),
			[]string{"refunds"}, true),
		Entry("a collection with the same records under other ids",
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(5)}),
			state(world.Collection{"RF-7": rf(5), "RF-8": rf(10)}),
			[]string{"refunds"}, true),
		Entry("a collection with the same ids holding other records",
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(5)}),
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(6)}),
			[]string{"refunds"}, false),
		Entry("a collection with other multiplicities of the same records",
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(10), "RF-3": rf(5)}),
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(5), "RF-3": rf(5)}),
			[]string{"refunds"}, false),
		Entry("a collection with one more record",
			state(world.Collection{"RF-1": rf(10)}),
			state(world.Collection{"RF-1": rf(10), "RF-2": rf(10)}),
			[]string{"refunds"}, false),
		Entry("an empty and a missing collection",
			state(world.Collection{}), world.State{Collections: map[string]world.Collection{
				"orders": state(nil).Collections["orders"]}},
			[]string{"refunds"}, true),
		Entry("every ref must agree",
			state(world.Collection{"RF-1": rf(10)}),
			world.State{Collections: map[string]world.Collection{
				"orders":  {"A1": world.Record{"status": "placed"}, "A2": world.Record{"status": "placed"}},
				"refunds": {"RF-9": rf(10)}}},
			[]string{"refunds", "orders/A1"}, false),
		Entry("no refs", state(world.Collection{"RF-1": rf(10)}), state(nil), []string{}, true),
		Entry("a field that agrees while another field differs",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {
				"A1": world.Record{"status": "cancelled", "note": "late"}}}},
			[]string{"orders/A1/status"}, true),
		Entry("a field that differs",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {"A1": world.Record{"status": "placed"}}}},
			[]string{"orders/A1/status"}, false),
		Entry("a field present on one side only",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {"A1": world.Record{"status": "cancelled", "note": nil}}}},
			[]string{"orders/A1/note"}, false),
		Entry("a field of a record present on one side only",
			state(nil),
			world.State{Collections: map[string]world.Collection{"orders": {}}},
			[]string{"orders/A1/note"}, false),
		Entry("a field of a record absent on both sides",
			state(nil), state(nil), []string{"orders/A9/status"}, true),
	)
})

var _ = Describe("Diff", func() {
	It("lists field-level changes sorted by collection, id and field", func() {
		a := world.State{Collections: map[string]world.Collection{
			"orders": {
				"A2": world.Record{"status": "placed", "total": 10.0, "note": "x"},
				"A1": world.Record{"status": "placed", "total": 5.0},
			},
			"inventory": {"S1": world.Record{"stock": 5.0}},
			"refunds":   {"RF-1": world.Record{"amount": 3.0}},
		}}
		b := world.State{Collections: map[string]world.Collection{
			"orders": {
				"A2": world.Record{"status": "cancelled", "total": 10.0, "reason": "late"},
				"A1": world.Record{"status": "placed", "total": 5.0},
			},
			"inventory": {"S1": world.Record{"stock": 7.0}},
			"refunds":   {"RF-2": world.Record{"amount": 4.0}},
		}}
		Expect(world.Diff(a, b)).To(Equal([]world.Change{
			{Collection: "inventory", ID: "S1", Field: "stock", Before: 5.0, After: 7.0},
			{Collection: "orders", ID: "A2", Field: "note", Before: "x", After: nil},
			{Collection: "orders", ID: "A2", Field: "reason", Before: nil, After: "late"},
			{Collection: "orders", ID: "A2", Field: "status", Before: "placed", After: "cancelled"},
			{Collection: "refunds", ID: "RF-1", Before: world.Record{"amount": 3.0}, After: nil},
			{Collection: "refunds", ID: "RF-2", Before: nil, After: world.Record{"amount": 4.0}},
		}))
	})

	It("is empty for equal states", func() {
		Expect(world.Diff(shop(), shop())).To(BeEmpty())
	})

	It("reports a nested value that changed as a change of its field", func() {
		a := shop()
		b := shop()
		b.Collections["orders"]["A1"].(world.Record)["items"] = []any{map[string]any{"sku": "S1", "qty": 3.0}}
		Expect(world.Diff(a, b)).To(Equal([]world.Change{{
			Collection: "orders", ID: "A1", Field: "items",
			Before: []any{map[string]any{"sku": "S1", "qty": 2.0}},
			After:  []any{map[string]any{"sku": "S1", "qty": 3.0}},
		}}))
	})
})

var _ = Describe("Replay", func() {
	It("visits once per call with that call's writes and the state after it, and ends where the world is", func() {
		w := world.New(shop(), "refunds")
		before := w.Snapshot()

		tx := w.Begin("c1", "cancel_order")
		Expect(tx.Set("orders", "A1", "status", "cancelled")).To(Succeed())
		Expect(tx.Set("orders", "A1", "reason", "late")).To(Succeed())
		tx.Commit()
		w.Advance(time.Second)

		lost := w.Begin("c2", "issue_refund")
		Expect(lost.Create("refunds", "RF-1", world.Record{"amount": 99.0})).To(Succeed())
		lost.Rollback()

		tx = w.Begin("c3", "issue_refund")
		Expect(tx.Create("refunds", "RF-1", world.Record{"amount": 40.0})).To(Succeed())
		tx.Commit()

		tx = w.Begin("c4", "archive")
		Expect(tx.Delete("orders", "A2")).To(Succeed())
		Expect(tx.Set("inventory", "S1", "stock", 7.0)).To(Succeed())
		tx.Commit()

		type visit struct {
			calls  []string
			writes int
			state  world.State
		}
		var visits []visit
		final := world.Replay(before, w.Audit(), func(call []world.Mutation, s world.State) {
			ids := []string{}
			for _, m := range call {
				ids = append(ids, m.Call)
			}
			visits = append(visits, visit{calls: ids, writes: len(call), state: s.Clone()})
		})

		Expect(visits).To(HaveLen(3))
		Expect(visits[0].calls).To(Equal([]string{"c1", "c1"}))
		Expect(visits[1].calls).To(Equal([]string{"c3"}))
		Expect(visits[2].calls).To(Equal([]string{"c4", "c4"}))

		Expect(visits[0].state.Collections["orders"]["A1"]).To(Equal(world.Record{
			"status": "cancelled", "reason": "late", "total": 40.0,
			"items": []any{map[string]any{"sku": "S1", "qty": 2.0}},
		}))
		Expect(visits[0].state.Collections["refunds"]).To(BeEmpty())
		Expect(visits[1].state.Collections["refunds"]).To(Equal(world.Collection{"RF-1": world.Record{"amount": 40.0}}))
		Expect(visits[1].state.Collections["orders"]).To(HaveKey("A2"))
		Expect(visits[2].state.Collections["orders"]).NotTo(HaveKey("A2"))
		Expect(visits[2].state.Collections["inventory"]["S1"]).To(Equal(world.Record{"stock": 7.0}))

		Expect(final).To(Equal(w.Snapshot()))
		Expect(before).To(Equal(world.New(shop(), "refunds").Snapshot()))
	})

	It("returns a copy of the state before when the audit log is empty, without visiting", func() {
		before := shop()
		visited := 0
		final := world.Replay(before, nil, func([]world.Mutation, world.State) { visited++ })
		Expect(visited).To(Equal(0))
		Expect(final).To(Equal(before))
		final.Collections["orders"]["A1"].(world.Record)["status"] = "x"
		Expect(before.Collections["orders"]["A1"].(world.Record)["status"]).To(Equal("placed"))
	})
})
