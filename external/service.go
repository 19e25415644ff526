package external

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/internal/excerpt"
)

// service is one trial of --agent http.
type service struct{ trial }

var (
	_ agent.Model  = (*service)(nil)
	_ agent.Driver = (*service)(nil)
)

// Next is never called: Run hands a Driver the whole trial.
func (s *service) Next(context.Context, agent.Request) (agent.Reply, error) {
	return agent.Reply{}, errors.New("an external agent drives its own conversation")
}

// request is the body posted to the agent, once per user message: the
// task on turn 1, then each user reply while any are left.
type request struct {
	Task         string `json:"task"`
	MCPURL       string `json:"mcp_url"`
	SystemPrompt string `json:"system_prompt"`
	Scenario     string `json:"scenario"`
	Variant      string `json:"variant"`
	Trial        int    `json:"trial"`
	Seed         uint64 `json:"seed"`
	// Turn counts the posts of this trial, from 1; UserMessage is the
	// user's latest message, and Messages the conversation so far, that
	// message last, so that a service that keeps no state can go on.
	Turn        int             `json:"turn"`
	UserMessage string          `json:"user_message"`
	Messages    []agent.Message `json:"messages"`
}

// Drive serves the tools and posts to the agent once per user message:
// the task, then each user reply while any are left. An agent run is not
// idempotent, so nothing is retried. A 200 with a message is the agent's
// answer, the last one the final message; anything else is an error with
// the status and the start of the body.
func (s *service) Drive(ctx context.Context, at agent.Trial) (agent.Transcript, error) {
	srv, err := s.serve(at)
	if err != nil {
		return agent.Transcript{}, err
	}
	defer srv.Close()
	runCtx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	return converse(ctx, at, srv, func(ctx context.Context, tn turn) (string, error) {
		return s.post(ctx, runCtx, srv.URL, at, tn)
	})
}

// post sends one turn and reads the answer.
func (s *service) post(ctx, runCtx context.Context, mcpURL string, at agent.Trial, tn turn) (string, error) {
	body, _ := json.Marshal(request{Task: at.Task, MCPURL: mcpURL, SystemPrompt: at.System,
		Scenario: s.scenario, Variant: s.variant, Trial: s.trial.trial, Seed: s.seed,
		Turn: tn.N, UserMessage: tn.Message, Messages: tn.Messages})
	req, err := http.NewRequestWithContext(runCtx, http.MethodPost, s.cfg.URL, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return "", ctx.Err()
		case runCtx.Err() != nil:
			return "", fmt.Errorf("the agent at %s did not answer within %s (--agent-timeout)", s.cfg.URL, s.cfg.Timeout)
		}
		return "", fmt.Errorf("posting to the agent: %v", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxOutput+1))
	if err != nil {
		return "", fmt.Errorf("reading the agent's answer: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("the agent answered %s: %s", resp.Status, start(raw))
	}
	var ans struct {
		FinalMessage *string `json:"final_message"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil || ans.FinalMessage == nil {
		return "", fmt.Errorf(`the agent answered 200 without {"final_message": "..."}: %s`, start(raw))
	}
	answer := *ans.FinalMessage
	if strings.TrimSpace(answer) == "" {
		return answer, errors.New("the agent answered an empty final message")
	}
	return answer, nil
}

// start is the beginning of a body, on one line, quoted.
func start(b []byte) string {
	if len(strings.TrimSpace(string(b))) == 0 {
		return "an empty body"
	}
	return excerpt.Of(b, 300)
}
