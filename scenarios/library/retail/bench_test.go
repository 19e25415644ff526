package retail_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// benchTask is a typical multi-write train task: ten gold actions, six
// reads and four writes of three kinds (two order addresses, the default
// address, an item change).
const benchTask = "41"

// BenchmarkReplay replays one task's gold actions on the full tau2 database.
// "calls" is the pack's own cost: the calls, each validated and run in its
// transaction, on one world whose writes are rolled back after each replay.
// "fresh-world" is a whole replay as a trial makes it: a new world from the
// database, a fault layer, every call through it.
func BenchmarkReplay(b *testing.B) {
	data, missing, err := loadTau2()
	if err != nil {
		b.Fatal(err)
	}
	if missing != "" {
		b.Skip(missing)
	}
	var t *task
	for i := range data.tasks {
		if data.tasks[i].ID == benchTask {
			t = &data.tasks[i]
		}
	}
	if t == nil {
		b.Skipf("task %s is not in the tau2 task file", benchTask)
	}
	tb, err := mocktools.NewToolbox([]string{"retail"})
	if err != nil {
		b.Fatal(err)
	}

	b.Run("calls", func(b *testing.B) {
		type call struct {
			tool mocktools.Tool
			args mocktools.Args
		}
		calls := make([]call, len(t.Criteria.Actions))
		for i, a := range t.Criteria.Actions {
			tool, ok := tb.Tool(a.Name)
			if !ok {
				b.Fatalf("unknown tool %s", a.Name)
			}
			calls[i].tool = tool
			if err := json.Unmarshal(a.Arguments, &calls[i].args); err != nil {
				b.Fatal(err)
			}
		}
		w := world.New(data.db, tb.Collections()...)
		ctx := context.Background()
		txs := make([]*world.Tx, 0, len(calls))
		b.ReportAllocs()
		for b.Loop() {
			txs = txs[:0]
			for i, c := range calls {
				if err := mocktools.Validate(c.tool.Definition(), c.args); err != nil {
					b.Fatal(err)
				}
				tx := w.Begin("call-"+strconv.Itoa(i), c.tool.Definition().Name)
				if _, err := c.tool.Call(ctx, tx, c.args); err != nil {
					b.Fatalf("%s: %v", c.tool.Definition().Name, err)
				}
				txs = append(txs, tx)
			}
			for i := len(txs) - 1; i >= 0; i-- {
				txs[i].Rollback()
			}
		}
	})

	b.Run("fresh-world", func(b *testing.B) {
		ctx := context.Background()
		b.ReportAllocs()
		for b.Loop() {
			w := world.New(data.db, tb.Collections()...)
			layer, err := faults.NewLayer(w, tb, nil, 1)
			if err != nil {
				b.Fatal(err)
			}
			for i, a := range t.Criteria.Actions {
				if resp := layer.Call(ctx, "call-"+strconv.Itoa(i), a.Name, string(a.Arguments)); resp.Status != mocktools.StatusOK {
					b.Fatalf("%s: %s", a.Name, resp.Content())
				}
			}
		}
	})
}
