package tau2_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
)

// benchData finds the train split or skips, saying why.
func benchData(b *testing.B) train {
	b.Helper()
	t, missing, err := trainData()
	if err != nil {
		b.Fatal(err)
	}
	if missing != "" {
		b.Skip(missing)
	}
	return t
}

// BenchmarkImport imports the 74 train tasks: "files" is the whole command
// (read and parse the task file, the 2.8 MB database and the policy,
// replay, write 74 files); "tasks" is the conversion alone, the database
// and tasks already read.
func BenchmarkImport(b *testing.B) {
	t := benchData(b)
	b.Run("files", func(b *testing.B) {
		out := b.TempDir()
		b.ReportAllocs()
		for b.Loop() {
			if _, err := tau2.Import(tau2.Options{Domain: "retail", DB: t.db, Tasks: t.tasks, Policy: t.policy, Out: out}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tasks", func(b *testing.B) {
		raw, err := os.ReadFile(t.tasks)
		if err != nil {
			b.Fatal(err)
		}
		tasks, err := tau2.ParseTasks(t.tasks, raw)
		if err != nil {
			b.Fatal(err)
		}
		dbRaw, err := os.ReadFile(t.db)
		if err != nil {
			b.Fatal(err)
		}
		db, err := scenarios.ReadWorldFile(t.db, dbRaw)
		if err != nil {
			b.Fatal(err)
		}
		d, _ := tau2.LookupDomain("retail")
		im, err := tau2.NewImporter(d, db, tau2.Config{WorldFile: t.db, Policy: "policy"})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, task := range tasks {
				if _, err := im.Task(task); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(tasks)), "ns/task")
	})
}

// BenchmarkTrialOnImportedTask runs one trial of an imported multi-write
// task (41: two order addresses, the default address and an item change)
// over the whole database, everything included: the agent loop with its
// four confirmations, tools, claims, scoring against the whole world.
func BenchmarkTrialOnImportedTask(b *testing.B) {
	t := benchData(b)
	out := b.TempDir()
	if _, err := tau2.Import(tau2.Options{Domain: "retail", DB: t.db, Tasks: t.tasks, Policy: t.policy, Out: out}); err != nil {
		b.Fatal(err)
	}
	list, err := scenarios.LoadPaths([]string{filepath.Join(out, "tau2-retail-41.yaml")})
	if err != nil {
		b.Fatal(err)
	}
	s := *list[0]
	s.Variants = s.Variants[:1] // clean
	for _, agent := range []string{"naive", "saga"} {
		b.Run(agent, func(b *testing.B) {
			b.ReportAllocs()
			var last *result.Suite
			for b.Loop() {
				suite, err := runner.Run(b.Context(), []*scenarios.Scenario{&s}, runner.Config{Agent: agent, Trials: 1, Seed: 1, Jobs: 1})
				if err != nil {
					b.Fatal(err)
				}
				last = suite
			}
			if v := last.Trials[0].Verdict; !strings.EqualFold(v, "success") {
				b.Fatalf("verdict %s", v)
			}
		})
	}
}
