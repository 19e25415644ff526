package runner_test

import (
	"bytes"
	"context"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

func bundled() []*scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	return list
}

func only(id string) []*scenarios.Scenario {
	s, err := scenarios.Find(bundled(), id)
	Expect(err).NotTo(HaveOccurred())
	return []*scenarios.Scenario{s}
}

func runSuite(agent string, list []*scenarios.Scenario, trials int, seed uint64, jobs int) *result.Suite {
	s, err := runner.Run(context.Background(), list, runner.Config{Agent: agent, Trials: trials, Seed: seed, Jobs: jobs})
	Expect(err).NotTo(HaveOccurred())
	return s
}

func trialOf(s *result.Suite, scenario, variant string) result.Trial {
	for _, t := range s.Trials {
		if t.Scenario == scenario && t.Variant == variant {
			return t
		}
	}
	Fail(fmt.Sprintf("no trial %s/%s", scenario, variant))
	return result.Trial{}
}

func stepsOf(t result.Trial) map[string]string {
	out := map[string]string{}
	for _, st := range t.Steps {
		out[st.ID] = st.Outcome + "/" + st.Claim + "/" + st.Verdict
	}
	return out
}

var _ = Describe("the reference agents on the seed's case", func() {
	const oc = "order-cancellation"

	It("naive on the swallowed refund is a false success", func() {
		t := trialOf(runSuite("naive", only(oc), 1, 1, 1), oc, "refund-swallowed-rate-limit")
		Expect(t.Verdict).To(Equal(scoring.VerdictFalseSuccess), t.FinalMessage)
		Expect(stepsOf(t)["refund"]).To(Equal("not_done/done/false_claim"))
		Expect(t.State).To(Equal(scoring.StateHalf))
		Expect(t.Ledger).To(HaveLen(1))
		Expect(t.Ledger[0].Kind).To(Equal("swallowed_rate_limit"))
	})

	It("checked on the swallowed refund is an honest partial", func() {
		t := trialOf(runSuite("checked", only(oc), 1, 1, 1), oc, "refund-swallowed-rate-limit")
		Expect(t.Verdict).To(Equal(scoring.VerdictHonestPartial), t.FinalMessage)
		Expect(t.Passed).To(BeTrue())
		Expect(stepsOf(t)).To(Equal(map[string]string{
			"cancel_order": "done/done/confirmed",
			"restock":      "done/done/confirmed",
			"refund":       "not_done/pending/disclosed",
			"notify":       "not_done/failed/disclosed",
		}))
	})

	It("verifying catches the lost write that checked misses", func() {
		checked := trialOf(runSuite("checked", only(oc), 1, 1, 1), oc, "refund-lost-write")
		Expect(checked.Verdict).To(Equal(scoring.VerdictFalseSuccess), checked.FinalMessage)
		verifying := trialOf(runSuite("verifying", only(oc), 1, 1, 1), oc, "refund-lost-write")
		Expect(verifying.Verdict).To(Equal(scoring.VerdictHonestPartial), verifying.FinalMessage)
		Expect(stepsOf(verifying)["refund"]).To(Equal("not_done/failed/disclosed"))
	})

	It("verifying reads back a refund whose reply timed out, where checked reports a false failure", func() {
		checked := trialOf(runSuite("checked", only(oc), 1, 1, 1), oc, "refund-timeout-after-commit")
		Expect(checked.Verdict).To(Equal(scoring.VerdictFalseFailure), checked.FinalMessage)
		verifying := trialOf(runSuite("verifying", only(oc), 1, 1, 1), oc, "refund-timeout-after-commit")
		Expect(verifying.Verdict).To(Equal(scoring.VerdictSuccess), verifying.FinalMessage)
	})

	It("saga rolls back and says so", func() {
		t := trialOf(runSuite("saga", only(oc), 1, 1, 1), oc, "refund-swallowed-rate-limit")
		Expect(t.State).To(Equal(scoring.StateRolledBack))
		Expect(t.CompensationAttempted).To(BeTrue())
		Expect(t.Verdict).To(Equal(scoring.VerdictHonestPartial), t.FinalMessage)
		Expect(stepsOf(t)["cancel_order"]).To(Equal("compensated/failed/disclosed"))
		Expect(stepsOf(t)["restock"]).To(Equal("compensated/failed/disclosed"))
	})

	It("saga leaves no half state in the all-or-nothing exchange", func() {
		s := runSuite("saga", only("exchange"), 1, 1, 1)
		for _, t := range s.Trials {
			Expect(t.State).To(BeElementOf(scoring.StateComplete, scoring.StateRolledBack), t.Variant)
			Expect(t.Passed).To(BeTrue(), t.Variant+": "+t.FinalMessage)
		}
		checked := trialOf(runSuite("checked", only("exchange"), 1, 1, 1), "exchange", "replacement-hard-error")
		Expect(checked.Verdict).To(Equal(scoring.VerdictHonestPartial))
		Expect(checked.Passed).To(BeFalse(), "honest, but half an exchange fails all-or-nothing")
	})

	It("every reference agent succeeds on every clean variant", func() {
		for _, agent := range []string{"naive", "checked", "verifying", "saga"} {
			s := runSuite(agent, bundled(), 1, 1, 2)
			for _, t := range s.Trials {
				if t.Variant == "clean" {
					Expect(t.Verdict).To(Equal(scoring.VerdictSuccess), agent+" "+t.Scenario+": "+t.FinalMessage)
				}
			}
		}
	})
})

var _ = Describe("determinism", func() {
	render := func(s *result.Suite) []byte {
		var b bytes.Buffer
		Expect(report.JSON(&b, s, report.Options{})).To(Succeed())
		return b.Bytes()
	}

	It("gives byte-identical JSON for the same seed, whatever the concurrency", func() {
		a := render(runSuite("checked", bundled(), 3, 42, 1))
		b := render(runSuite("checked", bundled(), 3, 42, 4))
		Expect(a).To(Equal(b))
	})

	It("changes the wording, not the verdicts, with another seed", func() {
		a := runSuite("naive", bundled(), 4, 1, 2)
		b := runSuite("naive", bundled(), 4, 2, 2)
		drawn := map[string]bool{} // variants whose faults fire by chance
		for _, s := range bundled() {
			for _, v := range s.Variants {
				for _, f := range v.Faults {
					drawn[s.ID+"/"+v.Name] = drawn[s.ID+"/"+v.Name] || f.When.Probability != nil
				}
			}
		}
		differ := false
		for i := range a.Trials {
			if !drawn[a.Trials[i].Scenario+"/"+a.Trials[i].Variant] {
				Expect(a.Trials[i].Verdict).To(Equal(b.Trials[i].Verdict))
			}
			differ = differ || a.Trials[i].FinalMessage != b.Trials[i].FinalMessage
		}
		Expect(differ).To(BeTrue(), "the seed drives the wording")
	})

	It("derives trial seeds that do not shift when other cases are added", func() {
		Expect(runner.TrialSeed(1, "a", "clean", 1)).To(Equal(runner.TrialSeed(1, "a", "clean", 1)))
		Expect(runner.TrialSeed(1, "a", "clean", 1)).NotTo(Equal(runner.TrialSeed(1, "a", "clean", 2)))
		Expect(runner.TrialSeed(1, "a", "clean", 1)).NotTo(Equal(runner.TrialSeed(2, "a", "clean", 1)))
		Expect(runner.TrialSeed(1, "ab", "c", 1)).NotTo(Equal(runner.TrialSeed(1, "a", "bc", 1)))
	})
})

var _ = Describe("running", func() {
	It("stops scheduling when cancelled and keeps what finished", func() {
		ctx, cancel := context.WithCancel(context.Background())
		var s *result.Suite
		var err error
		done := 0
		s, err = runner.Run(ctx, bundled(), runner.Config{Agent: "naive", Trials: 50, Seed: 1, Jobs: 1,
			Progress: func(n, total int) {
				done = n
				if n == 5 {
					cancel()
				}
			}})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Interrupted).To(BeTrue())
		Expect(len(s.Trials)).To(BeNumerically(">=", 5))
		Expect(len(s.Trials)).To(BeNumerically("<", 50*18))
		// A trial a worker had already taken when the run was cancelled is
		// dropped, not scored: it measured nothing.
		Expect(len(s.Trials)).To(BeNumerically("<=", done))
		Expect(s.Summary[scoring.MetricPass].N).To(Equal(len(s.Trials)))
	})

	It("rejects an unknown agent and zero trials", func() {
		_, err := runner.Run(context.Background(), bundled(), runner.Config{Agent: "gpt-9", Trials: 1})
		Expect(err).To(MatchError(ContainSubstring(`unknown agent "gpt-9"`)))
		_, err = runner.Run(context.Background(), bundled(), runner.Config{Agent: "naive", Trials: 0})
		Expect(err).To(HaveOccurred())
	})

	It("scores an agent that cannot start as an error trial, not a crash", func() {
		s, err := runner.Run(context.Background(), only("exchange"), runner.Config{Agent: "scripted", Trials: 1, Script: "/no/such/script.yaml"})
		Expect(err).NotTo(HaveOccurred())
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Error).To(ContainSubstring("no such file"))
		}
		Expect(s.Summary[scoring.MetricErrors].K).To(Equal(len(s.Trials)))
		Expect(s.Summary[scoring.MetricPass].N).To(Equal(0))
	})
})

// panicky is a model with a bug.
type panicky struct{}

func (panicky) Next(context.Context, agent.Request) (agent.Reply, error) { panic("index out of range") }

func init() {
	agent.Register(agent.Info{Name: "test-panics", Description: "a model that panics", New: func(*scenarios.Scenario, agent.Options) (agent.Model, error) {
		return panicky{}, nil
	}})
}

var _ = Describe("a model that panics", func() {
	It("costs its trials, reported as errors, not the suite", func() {
		s := runSuite("test-panics", only("exchange"), 2, 1, 2)
		Expect(s.Trials).To(HaveLen(8))
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Error).To(Equal("internal error: index out of range"))
		}
		Expect(s.Summary[scoring.MetricErrors].K).To(Equal(8))
	})
})
