package runner_test

import (
	"context"
	"errors"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

// recordingJudge reads every step done, quoting the whole message, or
// fails; it remembers what it was asked.
type recordingJudge struct {
	mu       sync.Mutex
	messages []string
	seeds    map[uint64]bool
	fail     bool
}

func (j *recordingJudge) Read(_ context.Context, s *scenarios.Scenario, message string, seed uint64) (map[string]result.JudgeClaim, agent.Usage, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.messages = append(j.messages, message)
	if j.seeds == nil {
		j.seeds = map[uint64]bool{}
	}
	j.seeds[seed] = true
	u := agent.Usage{Requests: 1, PromptTokens: 500, CompletionTokens: 20}
	if j.fail {
		return nil, u, errors.New("the judge's answer was rejected twice: unknown step \"x\"")
	}
	out := map[string]result.JudgeClaim{}
	for _, st := range s.Steps {
		out[st.ID] = result.JudgeClaim{Claim: "done", Quote: message}
	}
	return out, u, nil
}

var _ = Describe("a claims judge in the run", func() {
	It("reads the final message of every trial but the errored ones, with the trial's judge seed, its usage apart from the agent's", func() {
		factory := func(s *scenarios.Scenario, _ agent.Options) (agent.Model, error) {
			return &metered{fail: s.ID == "exchange"}, nil
		}
		j := &recordingJudge{}
		list := append(only("order-cancellation"), only("exchange")...)
		s, err := runner.Run(context.Background(), list, runner.Config{Agent: "remote", Factory: factory, Trials: 1, Seed: 5, Jobs: 2,
			Judge: j, JudgeModel: "judge-m", JudgeCost: func(u agent.Usage) *float64 { c := float64(u.PromptTokens) / 1000; return &c }})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Claims).To(Equal(result.ClaimsBoth))
		Expect(s.JudgeModel).To(Equal("judge-m"))
		judged := 0
		for _, t := range s.Trials {
			if t.Scenario == "exchange" {
				Expect(t.Verdict).To(Equal(scoring.VerdictError))
				Expect(t.JudgeUsage).To(BeNil(), "an error trial is not judged")
				continue
			}
			judged++
			Expect(t.JudgeUsage).To(Equal(&agent.Usage{Requests: 1, PromptTokens: 500, CompletionTokens: 20}))
			Expect(t.Usage.Requests).To(Equal(1), "the agent's usage is its own")
			Expect(j.seeds).To(HaveKey(faults.StreamSeed(t.Seed, "claims-judge")))
		}
		Expect(j.messages).To(HaveLen(judged))
		for _, m := range j.messages {
			Expect(m).To(Equal("All done."))
		}
		Expect(s.JudgeUsage.ModelUsage).To(Equal(agent.Usage{Requests: judged, PromptTokens: 500 * judged, CompletionTokens: 20 * judged}))
		Expect(*s.JudgeUsage.CostUSD).To(BeNumerically("==", 0.5*float64(judged)))
		Expect(s.Usage.Requests).To(Equal(len(s.Trials)))
		Expect(s.Summary).To(HaveKey(result.MetricClaimsAgreement))
	})

	It("takes a reading that leaves a step out for no reading", func() {
		j := &recordingJudge{}
		partial := partialJudge{j}
		s, err := runner.Run(context.Background(), only("order-cancellation"), runner.Config{Agent: "naive", Trials: 1, Seed: 1, Jobs: 1,
			Judge: partial, ScoreJudge: true})
		Expect(err).NotTo(HaveOccurred())
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Error).To(Equal(`claims judge: the reading has no claim for step "notify"`))
		}
	})

	It("does not judge a trial with no final reply", func() {
		j := &recordingJudge{}
		s, err := runner.Run(context.Background(), only("exchange"), runner.Config{Agent: "naive", Trials: 1, Seed: 1, Jobs: 1, MaxTurns: 1, Judge: j})
		Expect(err).NotTo(HaveOccurred())
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictUnfinished))
			Expect(t.JudgeUsage).To(BeNil())
		}
		Expect(j.messages).To(BeEmpty())
	})

	It("keeps scoring by the rules with a warning when the judge fails beside them", func() {
		j := &recordingJudge{fail: true}
		rules := runSuite("naive", only("order-cancellation"), 1, 1, 2)
		s, err := runner.Run(context.Background(), only("order-cancellation"), runner.Config{Agent: "naive", Trials: 1, Seed: 1, Jobs: 2, Judge: j})
		Expect(err).NotTo(HaveOccurred())
		for i, t := range s.Trials {
			Expect(t.Verdict).To(Equal(rules.Trials[i].Verdict))
			Expect(t.Warnings).To(ConsistOf(HavePrefix(scoring.JudgeWarning + "the judge's answer was rejected twice")))
			Expect(t.Steps[0].Judge).To(BeNil())
		}
		Expect(s.Warnings).To(ContainElement(HavePrefix("the claims judge gave no reading for 10 trial(s); the first, order-cancellation/clean #1: the judge's answer")))
		Expect(s.Summary[result.MetricClaimsAgreement].N).To(Equal(0))
	})

	It("makes a trial an error when the judge's reading is scored and there is none: never a silent pass", func() {
		j := &recordingJudge{fail: true}
		s, err := runner.Run(context.Background(), only("order-cancellation"), runner.Config{Agent: "saga", Trials: 1, Seed: 1, Jobs: 2, Judge: j, ScoreJudge: true})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Claims).To(Equal(result.ClaimsJudge))
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Passed).To(BeFalse())
			Expect(t.Error).To(HavePrefix("claims judge: the judge's answer was rejected twice"))
		}
		Expect(s.Summary[scoring.MetricErrors].K).To(Equal(len(s.Trials)))
		Expect(s.JudgeUsage.Requests).To(Equal(len(s.Trials)), "the failed calls still count")
	})
})

// partialJudge drops the last step from another judge's reading.
type partialJudge struct{ j *recordingJudge }

func (p partialJudge) Read(ctx context.Context, s *scenarios.Scenario, message string, seed uint64) (map[string]result.JudgeClaim, agent.Usage, error) {
	r, u, err := p.j.Read(ctx, s, message, seed)
	delete(r, s.Steps[len(s.Steps)-1].ID)
	return r, u, err
}
