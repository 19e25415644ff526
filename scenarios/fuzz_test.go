package scenarios_test

import (
	"errors"
	"os"
	"testing"

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
