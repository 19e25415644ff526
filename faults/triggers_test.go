package faults_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
)

// trigger is one way of timing a fault, with the restock calls (of four,
// the 2nd to another SKU) it must fire on.
type trigger struct {
	name  string
	when  faults.When
	match string
	max   int
	fires []int
}

func one(p float64) *float64 { return &p }

var triggers = []trigger{
	{name: "every call", fires: []int{1, 2, 3, 4}},
	{name: "calls [2, 4]", when: faults.When{Calls: []int{2, 4}}, fires: []int{2, 4}},
	{name: "after_calls 3", when: faults.When{AfterCalls: 3}, fires: []int{4}},
	{name: "sequence [ok, fail, fail]", when: faults.When{Sequence: []string{"ok", "fail", "fail"}}, fires: []int{2, 3}},
	{name: "probability 1", when: faults.When{Probability: one(1)}, fires: []int{1, 2, 3, 4}},
	{name: "probability 0", when: faults.When{Probability: one(0)}, fires: []int{}},
	{name: "match on an item", match: `any(items, .sku == "VASE-2")`, fires: []int{2}},
	{name: "match with calls [2]", match: `any(items, .sku == "MUG-1")`, when: faults.When{Calls: []int{2}}, fires: []int{3}},
	{name: "max_injections 2", max: 2, fires: []int{1, 2}},
}

// stockAfter is what MUG-1's stock (5, restocked by 1 on calls 1, 3 and
// 4) ends at when the fault fires on the given calls with the given state.
func stockAfter(effect faults.Effect, fires []int) float64 {
	stock := 5.0
	for _, n := range []int{1, 3, 4} {
		hit := false
		for _, f := range fires {
			hit = hit || f == n
		}
		switch {
		case !hit:
			stock++
		case effect == faults.Full:
			stock++
		case effect == faults.Twice:
			stock += 2
		}
	}
	return stock
}

var _ = Describe("every kind under every trigger", func() {
	for _, k := range faults.Kinds() {
		entries := []TableEntry{}
		for _, tr := range triggers {
			entries = append(entries, Entry(tr.name, tr))
		}
		DescribeTable(k.Name(),
			func(tr trigger) {
				s := prepared(faults.Spec{Name: "f", Kind: k.Name(), Tool: "restock", When: tr.when, Match: tr.match, MaxInjections: tr.max})
				b := newBench(s)
				b.call("restock", oneMug)
				b.call("restock", `{"items": [{"sku": "VASE-2", "qty": 1}]}`)
				b.call("restock", oneMug)
				b.call("restock", oneMug)

				want := []string{}
				for _, n := range tr.fires {
					want = append(want, []string{"call-1", "call-2", "call-3", "call-4"}[n-1])
				}
				Expect(b.firedOn()).To(Equal(want))
				for _, in := range b.layer.Ledger() {
					Expect(in.Kind).To(Equal(k.Name()))
					Expect(in.State).To(Equal(string(k.State())))
				}
				Expect(b.layer.Fired()).To(Equal(map[string]int{"f": len(tr.fires)}))
				for i, c := range b.layer.Calls() {
					fired := false
					for _, n := range tr.fires {
						fired = fired || n == i+1
					}
					Expect(c.Failed).To(Equal(fired || c.Status != mocktools.StatusOK), c.ID)
				}
				switch k.State() {
				case faults.None, faults.Full, faults.Twice, faults.Later:
					Expect(b.w.Get("inventory", "MUG-1")["stock"]).To(Equal(stockAfter(k.State(), tr.fires)))
				}
			},
			entries,
		)
	}
})
