// Package judge is the optional LLM claims judge: a model behind any
// OpenAI-compatible endpoint reads an agent's final message and says, per
// step, what it claims and which words say so. It is a second opinion on
// the rule-based extractor (package claims), not ground truth: a model
// misreads too, and less reproducibly. Its answer is held to a strict
// shape (Parse), so that a judge that invents a step, a claim or a quote
// gives no reading rather than a wrong one.
package judge

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/scenarios"
)

// Endpoint sends one completion; *openai.Backend is one, so the judge's
// calls share the agent's transport: retries, Retry-After, rate limit,
// redaction, size limit, recordings and usage accounting.
type Endpoint interface {
	Complete(ctx context.Context, c openai.Completion) (openai.Completed, error)
}

var _ Endpoint = (*openai.Backend)(nil)

// Judge reads final messages for one run. It is safe for concurrent use.
type Judge struct {
	ep Endpoint
	// plain is set once the endpoint has refused JSON mode: later calls
	// ask without it.
	plain atomic.Bool
}

// New builds a judge that asks ep.
func New(ep Endpoint) *Judge { return &Judge{ep: ep} }

// temperature is the judge's: greedy, for the same reading every time.
var temperature = float32(0)

// Read asks the judge what message claims about each of s's steps. seed
// is sent with every request (the trial's judge stream). An answer that
// fails Parse is sent back once with what was wrong; a second bad answer,
// or a call that fails, is an error. Usage counts every request made.
func (j *Judge) Read(ctx context.Context, s *scenarios.Scenario, message string, seed uint64) (Reading, agent.Usage, error) {
	in := NewInput(s, message)
	msgs, err := in.Messages()
	if err != nil {
		return nil, agent.Usage{}, err
	}
	var usage agent.Usage
	var first error
	for attempt := 1; attempt <= 2; attempt++ {
		content, u, err := j.complete(ctx, msgs, seed)
		usage = usage.Add(u)
		if err != nil {
			return nil, usage, err
		}
		r, err := Parse(content, in)
		if err == nil {
			return r, usage, nil
		}
		if attempt == 1 {
			first = err
			msgs = append(msgs, agent.Message{Role: "assistant", Content: content}, agent.Message{Role: "user", Content: correction(err)})
			continue
		}
		if err.Error() == first.Error() {
			return nil, usage, fmt.Errorf("the judge's answer was rejected twice: %w", err)
		}
		return nil, usage, fmt.Errorf("the judge's answer was rejected twice: first %v; then %w", first, err)
	}
	panic("unreachable")
}

// complete makes one call in JSON mode unless the endpoint refused it.
// A 400 to a JSON-mode request (a server without response_format), or a
// replay with no recording of one, is tried once more without it; when
// that answers, later calls skip JSON mode.
func (j *Judge) complete(ctx context.Context, msgs []agent.Message, seed uint64) (string, agent.Usage, error) {
	c := openai.Completion{Messages: msgs, JSON: !j.plain.Load(), Seed: seed, Temperature: &temperature}
	out, err := j.ep.Complete(ctx, c)
	if err == nil || !c.JSON || !refusedJSON(err) {
		return out.Content, out.Usage, err
	}
	c.JSON = false
	again, err2 := j.ep.Complete(ctx, c)
	usage := out.Usage.Add(again.Usage)
	if err2 != nil {
		return "", usage, err // the first error says more: the request as meant
	}
	j.plain.Store(true)
	return again.Content, usage, nil
}

func refusedJSON(err error) bool {
	var se *openai.StatusError
	return errors.Is(err, openai.ErrReplayMiss) || (errors.As(err, &se) && se.Status == 400)
}
