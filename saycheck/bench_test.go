package saycheck_test

import (
	"testing"

	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

// BenchmarkCheck reads back the phrases of the library's largest scenario
// in every reply the reference agents can write.
func BenchmarkCheck(b *testing.B) {
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := scenarios.Find(list, "secret-rotation")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if errs := saycheck.Check(s); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
