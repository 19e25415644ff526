package openai

import (
	"errors"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/scenarios"
)

func init() {
	agent.Register(agent.Info{
		Name:        "openai",
		Description: "a real model behind any OpenAI-compatible endpoint (--model, --base-url; OPENAI_API_KEY)",
		New: func(*scenarios.Scenario, agent.Options) (agent.Model, error) {
			// The backend holds per-run state; the CLI builds it from the
			// flags and hands its factory to the runner.
			return nil, errors.New("the openai agent needs a backend: run it with --agent openai --model NAME")
		},
	})
}
