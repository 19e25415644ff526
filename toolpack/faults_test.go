package toolpack_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

// Declared tools go through the same fault layer as Go tools: a sweep of
// the starter scenario (a declared pack) aims every kind at every step.
var _ = Describe("every fault kind against a declared pack", func() {
	load := func() *scenarios.Scenario {
		list, err := scenarios.LoadPaths([]string{fixtures + "/scenario.yaml"})
		Expect(err).NotTo(HaveOccurred())
		return list[0]
	}

	var kinds []string
	for _, k := range faults.Kinds() {
		kinds = append(kinds, k.Name())
	}
	for _, kind := range kinds {
		It(kind+" fires, lands in the ledger, and is scored", func() {
			s, err := scenarios.Sweep(load(), []string{kind})
			Expect(err).NotTo(HaveOccurred())
			if len(s.Variants) == 0 {
				Skip(kind + " has nothing to aim at in this scenario")
			}
			// naive makes every gold call; saga also reads back and
			// compensates, so between them every aimed fault fires.
			fired := map[string]bool{}
			for _, agentName := range []string{"naive", "saga"} {
				suite, err := runner.Run(context.Background(), []*scenarios.Scenario{s}, runner.Config{Agent: agentName, Trials: 1, Seed: 1, Jobs: 2})
				Expect(err).NotTo(HaveOccurred())
				Expect(suite.Trials).To(HaveLen(len(s.Variants)))
				for _, t := range suite.Trials {
					Expect(t.Verdict).NotTo(Equal(scoring.VerdictError), t.Error)
					if len(t.Unfired) == 0 {
						var got []string
						for _, in := range t.Ledger {
							got = append(got, in.Kind)
						}
						Expect(got).To(ContainElement(kind), "%s %s", agentName, t.Variant)
						fired[t.Variant] = true
					}
					if agentName == "saga" {
						Expect(t.Verdict).NotTo(Equal(scoring.VerdictFalseSuccess), "saga never lies: %s", t.Variant)
					}
				}
			}
			for _, v := range s.Variants {
				Expect(fired).To(HaveKey(v.Name), "the fault of %s never fired", v.Name)
			}
		})
	}

	It("catches naive's lie under every kind whose world half drops the write", func() {
		s, err := scenarios.Sweep(load(), []string{"ack_without_apply", "swallowed_rate_limit", "soft_error", "hard_error", "timeout_before_commit", "auth_expired", "partial_apply"})
		Expect(err).NotTo(HaveOccurred())
		suite, err := runner.Run(context.Background(), []*scenarios.Scenario{s}, runner.Config{Agent: "naive", Trials: 1, Seed: 1, Jobs: 2})
		Expect(err).NotTo(HaveOccurred())
		for _, t := range suite.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictFalseSuccess), t.Variant)
		}
	})
})
