package runner_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// store loads testdata/store: a scenario over a world file shaped like
// tau2-bench's retail database, with user replies, exact_world and
// touches on single fields.
func store() []*scenarios.Scenario {
	list, err := scenarios.LoadPaths([]string{"testdata/store"})
	Expect(err).NotTo(HaveOccurred())
	return list
}

var _ = Describe("a scenario over a shared world file, with user replies", func() {
	DescribeTable("runs every reference agent to the verdicts their mitigations earn",
		func(agent, wantLost string) {
			suite := runSuite(agent, store(), 2, 1, 2)
			for _, t := range suite.Trials {
				want := wantLost
				if t.Variant == "clean" {
					want = "success"
				}
				Expect(t.Verdict).To(Equal(want), "%s/%s", t.Variant, t.Error)
			}
		},
		Entry("naive", "naive", "false_success"),
		Entry("checked", "checked", "false_success"),
		Entry("verifying", "verifying", "honest_partial"),
		Entry("saga", "saga", "honest_partial"),
	)

	It("sends the replies and records them in the transcript, the report last", func() {
		t := runSuite("naive", store(), 1, 1, 1).Trials[0]
		var user []string
		for _, m := range t.Transcript[2:] {
			if m.Role == "user" {
				user = append(user, m.Content)
			}
		}
		Expect(user).To(Equal([]string{"yes", "yes, go ahead"}))
		Expect(t.Transcript[len(t.Transcript)-1].Content).To(Equal(t.FinalMessage))
		Expect(t.FinalMessage).To(ContainSubstring("cancelled order #W5918442"))
	})

	It("gives byte-identical JSON for the same seed, whatever the concurrency", func() {
		render := func(s *result.Suite) []byte {
			var b bytes.Buffer
			Expect(report.JSON(&b, s, report.Options{})).To(Succeed())
			return b.Bytes()
		}
		list := store()
		a := render(runSuite("saga", list, 3, 7, 1))
		b := render(runSuite("saga", list, 3, 7, 4))
		Expect(a).To(Equal(b))
	})

	It("leaves the shared initial world as it was", func() {
		list := store()
		before := list[0].Before.Clone()
		after := list[0].After.Clone()
		runSuite("naive", list, 4, 1, 4)
		Expect(world.Diff(before, list[0].Before)).To(BeEmpty())
		Expect(world.Diff(after, list[0].After)).To(BeEmpty())
	})
})

// BenchmarkTrialOnTau2DB is one trial of testdata/store's scenario over
// tau2's whole retail database: loading aside, everything a trial costs
// (its world, the agent loop with two user replies, tools, claims and
// scoring against the whole world under exact_world), on one worker.
func BenchmarkTrialOnTau2DB(b *testing.B) {
	// tau2-bench's retail database (1.3 MB: 50 products, 500 users, 1,000
	// orders) is not part of the project; the benchmark skips without it.
	files, missing, err := tau2data.Files("db.json")
	if err != nil {
		b.Fatal(err)
	}
	if missing != "" {
		b.Skip(missing)
	}
	db := files[0]
	dir := b.TempDir()
	for _, name := range []string{"tools.yaml", "cancel-and-move.yaml"} {
		text, err := os.ReadFile(filepath.Join("testdata/store", name))
		if err != nil {
			b.Fatal(err)
		}
		text = []byte(strings.Replace(string(text), "world_file: db.json", "world_file: "+db, 1))
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	list, err := scenarios.LoadPaths([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	for _, agent := range []string{"naive", "saga"} {
		b.Run(agent, func(b *testing.B) {
			b.ReportAllocs()
			var last *result.Suite
			for b.Loop() {
				s, err := runner.Run(b.Context(), list, runner.Config{Agent: agent, Trials: 1, Seed: 1, Jobs: 1})
				if err != nil {
					b.Fatal(err)
				}
				last = s
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(last.Trials)), "ns/trial")
		})
	}
}
