package scenarios_test

import (
	"os"
	"testing"

	"github.com/evalrun/evalrun/scenarios"
)

// BenchmarkLoad is the strict load of the largest library scenario: parse,
// checks, expression compiles and the gold replay.
func BenchmarkLoad(b *testing.B) {
	data, err := os.ReadFile("library/commerce/order-cancellation.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := scenarios.Load("order-cancellation.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}
