package toolpack_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/toolpack"
	"github.com/evalrun/evalrun/world"
)

// FuzzLoad feeds the pack loader arbitrary files: it must never panic, and
// every tool of a pack it accepts must answer any arguments without
// panicking either.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"tools.yaml", "unknown-field.tools.yaml", "tab.tools.yaml", "unquoted-colon.tools.yaml"} {
		b, err := os.ReadFile(fixtures + "/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, `{"ticket_id":"T-1","assignee":"x","message":"m"}`)
	}
	f.Add([]byte(ledgerPack), `{"id":"B1","reader":"r","tag":"sf","loan":"LN-1","title":"t"}`)
	f.Fuzz(func(t *testing.T, data []byte, args string) {
		p, err := toolpack.Load("fuzz.yaml", data)
		if err != nil {
			return
		}
		tb, err := mocktools.ToolboxOf(p.Pack)
		if err != nil {
			return
		}
		w := world.New(world.State{Collections: map[string]world.Collection{}}, tb.Collections()...)
		for _, tool := range p.Tools {
			var a mocktools.Args
			if json.Unmarshal([]byte(args), &a) != nil {
				return
			}
			tx := w.Begin("c", tool.Definition().Name)
			_, _ = tool.Call(context.Background(), tx, a)
			tx.Rollback()
		}
	})
}
