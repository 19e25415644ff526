package runner_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

// BenchmarkLibrary runs the whole bundled library with each reference agent
// on one worker and reports the cost per trial.
func BenchmarkLibrary(b *testing.B) {
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	for _, agent := range []string{"naive", "checked", "verifying", "saga"} {
		b.Run(agent, func(b *testing.B) {
			b.ReportAllocs()
			trials := 0
			for i := 0; i < b.N; i++ {
				s, err := runner.Run(context.Background(), list, runner.Config{Agent: agent, Trials: 1, Seed: uint64(i), Jobs: 1})
				if err != nil {
					b.Fatal(err)
				}
				trials += len(s.Trials)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(trials), "ns/trial")
		})
	}
}

// BenchmarkSeedTrial is one four-step trial of the seed's case (the
// swallowed refund) per agent: the unit the performance budget is set in.
func BenchmarkSeedTrial(b *testing.B) {
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	oc, err := scenarios.Find(list, "order-cancellation")
	if err != nil {
		b.Fatal(err)
	}
	one := *oc
	one.Variants = oc.Variants[1:2] // refund-swallowed-rate-limit
	for _, agent := range []string{"naive", "checked", "verifying", "saga"} {
		b.Run(agent, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := runner.Run(context.Background(), []*scenarios.Scenario{&one}, runner.Config{Agent: agent, Trials: 1, Seed: 1, Jobs: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSweep is a full sweep of the bundled library (every write step
// under every fault kind) with each reference agent, one trial per cell,
// on all cores: what `evalrun run --sweep` costs.
func BenchmarkSweep(b *testing.B) {
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	kinds, err := scenarios.SweepKinds(nil)
	if err != nil {
		b.Fatal(err)
	}
	var swept []*scenarios.Scenario
	for _, s := range list {
		sw, err := scenarios.Sweep(s, kinds)
		if err != nil {
			b.Fatal(err)
		}
		swept = append(swept, sw)
	}
	b.Run("all-agents", func(b *testing.B) {
		b.ReportAllocs()
		trials := 0
		for i := 0; i < b.N; i++ {
			for _, agent := range []string{"naive", "checked", "verifying", "saga"} {
				s, err := runner.Run(context.Background(), swept, runner.Config{Agent: agent, Trials: 1, Seed: 1, Jobs: runtime.GOMAXPROCS(0)})
				if err != nil {
					b.Fatal(err)
				}
				trials += len(s.Trials)
			}
		}
		b.ReportMetric(float64(trials)/float64(b.N), "trials/op")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(trials), "ns/trial")
	})
}
