package faults_test

import (
	"context"
	"fmt"

	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// store is a small commerce world: one customer, a placed order paid 80.00,
// a delivered order paid 25.00, two SKUs.
func store() world.State {
	return world.State{Collections: map[string]world.Collection{
		"customers": {"C-100": world.Record{"name": "Ada", "address_line": "1 Mill Lane", "city": "Leeds", "zip": "LS1"}},
		"orders": {
			"A1001": world.Record{"customer_id": "C-100", "status": "placed", "payment_id": "P-1", "total": 80.0,
				"address_line": "1 Mill Lane", "city": "Leeds", "zip": "LS1"},
			"A1002": world.Record{"customer_id": "C-100", "status": "delivered", "payment_id": "P-2", "total": 25.0},
		},
		"inventory": {"MUG-1": world.Record{"stock": 5.0}, "VASE-2": world.Record{"stock": 0.0}},
		"payments": {
			"P-1": world.Record{"order_id": "A1001", "amount": 80.0, "refunded": 0.0, "status": "captured"},
			"P-2": world.Record{"order_id": "A1002", "amount": 25.0, "refunded": 0.0, "status": "captured"},
		},
	}}
}

// bench is a layer over a fresh commerce world that numbers its calls.
type bench struct {
	w       *world.World
	layer   *faults.Layer
	initial world.State
	n       int
}

func newBench(specs ...faults.Spec) *bench {
	tb, err := mocktools.NewToolbox([]string{"commerce"})
	Expect(err).NotTo(HaveOccurred())
	w := world.New(store(), tb.Collections()...)
	l, err := faults.NewLayer(w, tb, specs, 1)
	Expect(err).NotTo(HaveOccurred())
	return &bench{w: w, layer: l, initial: w.Snapshot()}
}

// call makes the next call, "call-1", "call-2", ...
func (b *bench) call(tool, raw string) mocktools.Response {
	b.n++
	return b.layer.Call(context.Background(), fmt.Sprintf("call-%d", b.n), tool, raw)
}

// aimed is a fault of kind aimed at every call of tool.
func aimed(name, kind, tool string) faults.Spec {
	return faults.Spec{Name: name, Kind: kind, Tool: tool, Target: faults.Target{Tool: tool}}
}

// firedOn lists the call ids the ledger holds, in order.
func (b *bench) firedOn() []string {
	out := []string{}
	for _, in := range b.layer.Ledger() {
		out = append(out, in.Call)
	}
	return out
}

// failed lists the call log's Failed flags, in order.
func (b *bench) failed() []bool {
	out := []bool{}
	for _, c := range b.layer.Calls() {
		out = append(out, c.Failed)
	}
	return out
}
