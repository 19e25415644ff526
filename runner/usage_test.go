package runner_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

// metered answers at once and reports what it "spent"; fail makes its
// first call break.
type metered struct {
	calls int
	fail  bool
}

func (m *metered) Next(context.Context, agent.Request) (agent.Reply, error) {
	m.calls++
	if m.fail {
		return agent.Reply{}, errors.New("endpoint down")
	}
	return agent.Reply{Content: "All done."}, nil
}

func (m *metered) Usage() agent.Usage {
	return agent.Usage{Requests: m.calls, Retries: 1, PromptTokens: 100 * m.calls, CompletionTokens: 10 * m.calls}
}

var _ = Describe("a backend's factory and usage", func() {
	It("uses the factory under the given name, stores each trial's usage, totals and prices it", func() {
		factory := func(s *scenarios.Scenario, _ agent.Options) (agent.Model, error) {
			return &metered{fail: s.ID == "exchange"}, nil
		}
		list := append(only("order-cancellation"), only("exchange")...)
		s, err := runner.Run(context.Background(), list, runner.Config{Agent: "remote", Factory: factory, Model: "m1",
			Trials: 1, Seed: 1, Jobs: 2, Cost: func(u agent.Usage) *float64 { c := float64(u.PromptTokens); return &c }})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Agent).To(Equal("remote"))
		Expect(s.Model).To(Equal("m1"))
		n := len(s.Trials)
		for _, t := range s.Trials {
			Expect(t.Agent).To(Equal("remote"))
			Expect(t.Usage).To(Equal(&agent.Usage{Requests: 1, Retries: 1, PromptTokens: 100, CompletionTokens: 10}))
			if t.Scenario == "exchange" {
				Expect(t.Verdict).To(Equal(scoring.VerdictError), "usage is kept for errored trials too")
			}
		}
		Expect(s.Usage.ModelUsage).To(Equal(agent.Usage{Requests: n, Retries: n, PromptTokens: 100 * n, CompletionTokens: 10 * n}))
		Expect(*s.Usage.CostUSD).To(BeNumerically("==", 100*n))
	})

	It("reports no usage for agents that meter nothing", func() {
		s := runSuite("naive", only("exchange"), 1, 1, 1)
		Expect(s.Usage).To(BeNil())
		Expect(s.Model).To(BeEmpty())
		for _, t := range s.Trials {
			Expect(t.Usage).To(BeNil())
		}
	})
})
