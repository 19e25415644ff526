package world_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/world"
)

var _ = Describe("ids drawn by a partly applied call", func() {
	It("stay drawn when the record that carries one is kept", func() {
		w := world.New(world.State{}, "refunds")
		tx := w.Begin("c1", "issue_refund")
		id := tx.NextID("RF")
		Expect(tx.Create("refunds", id, world.Record{"amount": 1.0})).To(Succeed())
		Expect(tx.Create("refunds", "other", world.Record{"amount": 2.0})).To(Succeed())
		tx.CommitFirst(1)
		Expect(w.Records("refunds")).To(Equal([]string{"RF-1"}))
		next := w.Begin("c2", "issue_refund")
		Expect(next.NextID("RF")).To(Equal("RF-2"))
	})

	It("clamps a negative count to nothing", func() {
		w := world.New(world.State{}, "refunds")
		tx := w.Begin("c1", "t")
		Expect(tx.Create("refunds", "x", world.Record{})).To(Succeed())
		tx.CommitFirst(-1)
		Expect(w.Records("refunds")).To(BeEmpty())
		Expect(w.Audit()).To(BeEmpty())
	})
})

var _ = DescribeTable("natural order of ids",
	func(a, b string, less bool) { Expect(world.NaturalLess(a, b)).To(Equal(less)) },
	Entry(nil, "RF-9", "RF-10", true),
	Entry(nil, "RF-10", "RF-9", false),
	Entry(nil, "RF-2", "RF-2", false),
	Entry(nil, "A", "B", true),
	Entry(nil, "RF-09", "RF-10", true),
	Entry(nil, "RF-1", "RF-1a", true),
	Entry(nil, "N-3", "RF-1", true),
)

var _ = Describe("Equal", func() {
	It("compares values that Go cannot compare with ==", func() {
		a := []map[string]any{{"x": 1}}
		b := []map[string]any{{"x": 1.0}}
		Expect(world.Equal(a, b)).To(BeTrue())
		Expect(world.Equal(a, []map[string]any{{"x": 2}})).To(BeFalse())
	})
})
