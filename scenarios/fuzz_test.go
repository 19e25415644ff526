package scenarios_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evalrun/evalrun/scenarios"
)

// FuzzLoad feeds the loader arbitrary bytes: it must never panic, and a
// failure must be Errors with a file name on every entry.
func FuzzLoad(f *testing.F) {
	for _, p := range []string{"library/commerce/order-cancellation.yaml", "library/commerce/exchange.yaml"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("id: x\nsteps: [{id: a, done: '1 +'}]"))
	f.Add([]byte("- - -\n&a [*a]"))
	f.Add([]byte("id: x\ntools: [commerce]\ntask: t\nexact_world: true\nuser_replies: [yes]\nworld_file: db.json\nvariants: [{name: clean}]"))
	f.Add([]byte("id: x\ntools: [commerce]\ntask: t\nexact_world: true\nvariants: [{name: clean}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := scenarios.Load("fuzz.yaml", data)
		if err == nil {
			if s == nil || s.ID == "" || (len(s.Steps) == 0 && !s.ExactWorld) {
				t.Fatalf("accepted an incomplete scenario: %+v", s)
			}
			return
		}
		var errs scenarios.Errors
		if !errors.As(err, &errs) || len(errs) == 0 {
			t.Fatalf("error is not scenarios.Errors: %v", err)
		}
		for _, e := range errs {
			if e.File != "fuzz.yaml" {
				t.Fatalf("error without the file name: %v", e)
			}
		}
	})
}

// FuzzWorldFile feeds a scenario's world file arbitrary bytes: loading
// must never panic, and a failure must be Errors, each naming a file.
func FuzzWorldFile(f *testing.F) {
	f.Add([]byte(`{"orders": {"#W1": {"status": "pending"}}}`))
	f.Add([]byte(`{"orders": {"#W1": {"status": }}}`))
	f.Add([]byte(`{"orders": [], "users": {"u": 1}}`))
	f.Add([]byte("\xff{\"a\"\n:{\"b\":{}}} x"))
	scenario := []byte(`id: x
tools: [tools.yaml]
task: t
world_file: db.json
exact_world: true
variants: [{name: clean}]
`)
	pack := []byte(`name: p
collections:
  orders: {fields: {status: {type: string}}}
tools:
  - {name: get, description: d, parameters: {type: object}, reply: '{"n": len(orders)}'}
`)
	f.Fuzz(func(t *testing.T, db []byte) {
		fsys := fstest.MapFS{"s/x.yaml": {Data: scenario}, "s/tools.yaml": {Data: pack}, "s/db.json": {Data: db}}
		_, err := scenarios.LoadFS(fsys, ".", "lib")
		if err == nil {
			return
		}
		var errs scenarios.Errors
		if !errors.As(err, &errs) || len(errs) == 0 {
			t.Fatalf("error is not scenarios.Errors: %v", err)
		}
		for _, e := range errs {
			if e.File == "" || (strings.HasSuffix(e.File, "db.json") && e.Line < 1) {
				t.Fatalf("error without a place: %v", e)
			}
		}
	})
}
