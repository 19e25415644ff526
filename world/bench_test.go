package world_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/world"
)

// loadTau2 reads tau2-bench's retail database (1.3 MB: 50 products, 500
// users, 1,000 orders). It is not part of the project; benchmarks skip
// without it.
func loadTau2(b *testing.B) world.State {
	files, missing, err := tau2data.Files("db.json")
	if err != nil {
		b.Fatal(err)
	}
	if missing != "" {
		b.Skip(missing)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		b.Fatal(err)
	}
	var raw map[string]map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		b.Fatal(err)
	}
	s := world.State{Collections: map[string]world.Collection{}}
	for name, c := range raw {
		s.Collections[name] = c
	}
	return s
}

// trial is a typical tau2 trial's traffic: reads of a user and two
// orders, then a cancellation that writes two fields of one order and one
// of the user.
func trial(w *world.World) {
	_ = w.Get("users", "noah_brown_6181")["orders"]
	_ = w.Get("orders", "#W7678072")["status"]
	_ = w.Get("orders", "#W2611340")["items"]
	tx := w.Begin("call_1", "cancel_pending_order")
	history, _ := w.Get("orders", "#W7678072")["payment_history"].([]any)
	_ = tx.Set("orders", "#W7678072", "status", "cancelled")
	_ = tx.Set("orders", "#W7678072", "payment_history", append(append([]any{}, history...), map[string]any{"transaction_type": "refund", "amount": 10.0}))
	tx.Commit()
	tx = w.Begin("call_2", "modify_user_address")
	_ = tx.Set("users", "noah_brown_6181", "address", map[string]any{"address1": "1 Main St", "city": "Denver", "zip": "80279"})
	tx.Commit()
}

// score is what the scorer reads of a finished trial: the log walked call
// by call, the final world diffed against the gold one, and the touched
// records compared.
func score(before, after world.State, w *world.World) int {
	calls := 0
	world.Walk(before, w.Audit(), func([]world.Mutation, world.State) { calls++ })
	refs := []world.Ref{{Collection: "orders", ID: "#W7678072", Field: "status"}, {Collection: "users", ID: "noah_brown_6181"}}
	if !world.EqualOn(w.View(), after, refs) {
		calls = -1
	}
	return calls + len(world.Diff(after, w.View()))
}

// BenchmarkSharedTrial is one trial on the tau2 database: a world that
// shares the database, the trial's reads and writes, and the scorer's
// reads. The budget is 1 ms.
func BenchmarkSharedTrial(b *testing.B) {
	base := loadTau2(b)
	gold := world.Shared(base)
	trial(gold)
	after := gold.View()
	b.ReportAllocs()
	for b.Loop() {
		w := world.Shared(base)
		trial(w)
		if score(base, after, w) != 2 {
			b.Fatal("the trial differs from the gold one")
		}
	}
}

// BenchmarkCopiedTrial is the same trial on a world that deep-copies the
// database first, as world.New does: what sharing saves.
func BenchmarkCopiedTrial(b *testing.B) {
	base := loadTau2(b)
	gold := world.Shared(base)
	trial(gold)
	after := gold.View()
	b.ReportAllocs()
	for b.Loop() {
		w := world.New(base)
		trial(w)
		if score(base, after, w) != 2 {
			b.Fatal("the trial differs from the gold one")
		}
	}
}
