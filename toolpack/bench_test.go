package toolpack_test

import (
	"context"
	"os"
	"testing"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/toolpack"
	"github.com/evalrun/evalrun/world"
)

// BenchmarkLoad reads and checks the starter pack: once per pack file per
// run.
func BenchmarkLoad(b *testing.B) {
	data, err := os.ReadFile(fixtures + "/tools.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := toolpack.Load("tools.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeclaredCall is one write of a declared tool through the fault
// layer: preconditions, three effects and a reply, on a fresh world.
func BenchmarkDeclaredCall(b *testing.B) {
	p, err := toolpack.Load("ledger.yaml", []byte(ledgerPack))
	if err != nil {
		b.Fatal(err)
	}
	tb, err := mocktools.ToolboxOf(p.Pack)
	if err != nil {
		b.Fatal(err)
	}
	initial := world.State{Collections: map[string]world.Collection{
		"books": {"B1": world.Record{"title": "Dune", "copies": 2.0, "tags": []any{"sf"}, "shelf": "A"}}}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		w := world.New(initial, tb.Collections()...)
		l, err := faults.NewLayer(w, tb, nil, 1)
		if err != nil {
			b.Fatal(err)
		}
		if r := l.Call(context.Background(), "c1", "lend", `{"id":"B1","reader":"ana","note":"gift"}`); r.Status != mocktools.StatusOK {
			b.Fatal(r.Content())
		}
	}
}
