package faults_test

import (
	"context"
	"testing"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// FuzzMatch feeds arbitrary match expressions and arguments through Prepare
// and a call: a bad expression is an error, never a panic, and a call with
// any arguments is answered.
func FuzzMatch(f *testing.F) {
	f.Add(`amount > 100`, `{"order_id": "A1001", "amount": 150}`)
	f.Add(`order_id == "A1001" && amount < 40`, `{"order_id": "A1001"}`)
	f.Add(`any(items, .sku == "MUG-1")`, `{"items": "nope"}`)
	f.Add(`amount / 0 > 1`, `{"amount": 0}`)
	f.Add(`)`, `[]`)
	tb, err := mocktools.NewToolbox([]string{"commerce"})
	if err != nil {
		f.Fatal(err)
	}
	t, _ := tb.Tool("issue_refund")
	f.Fuzz(func(tt *testing.T, match, args string) {
		s := faults.Spec{Name: "m", Kind: "hard_error", Tool: "issue_refund", Match: match,
			Target: faults.Target{Tool: "issue_refund"}}
		if errs := s.Prepare(t.Definition()); len(errs) > 0 {
			return
		}
		l, err := faults.NewLayer(world.New(store(), tb.Collections()...), tb, []faults.Spec{s}, 1)
		if err != nil {
			tt.Fatal(err)
		}
		if resp := l.Call(context.Background(), "c1", "issue_refund", args); resp.Status == "" {
			tt.Fatalf("no reply for %q", args)
		}
	})
}
