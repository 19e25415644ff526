// Package openaitest is an in-process OpenAI-compatible chat endpoint that
// plays scripted agents, so that the openai backend, the CLI and benchmarks
// can run whole suites through a real HTTP client with no network and no
// model.
package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"time"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/scenarios"
)

// Server answers POST {URL}/v1/chat/completions. It finds the scenario by
// the user's task text and the turn by counting the assistant messages in
// the request, then answers with that turn of the scenario's script: its
// `say` and `calls`, then its `final` message. Replies and token counts are
// a pure function of the request, so runs against it are deterministic.
type Server struct {
	*httptest.Server
	// Latency is added to every reply, as a real model would.
	Latency time.Duration
	// Hook, when set, may answer a request instead of the script (to inject
	// a 429 or a 500); n counts requests from 1. It returns false to let the
	// script answer.
	Hook func(w http.ResponseWriter, r *http.Request, n int64) bool

	scripts map[string]*agent.Script // by task text
	calls   atomic.Int64
}

// New starts a server that plays scripts (keyed by scenario id, as
// agent.LoadScripts returns them) for the scenarios in list. Close it when
// done.
func New(list []*scenarios.Scenario, scripts map[string]*agent.Script) *Server {
	s := &Server{scripts: map[string]*agent.Script{}}
	for _, sc := range list {
		if sp, ok := scripts[sc.ID]; ok {
			s.scripts[strings.TrimSpace(sc.Task)] = sp
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// BaseURL is the URL to give the backend (--base-url).
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests is the number of chat requests served so far.
func (s *Server) Requests() int64 { return s.calls.Load() }

// GoldScripts builds, for each scenario, the script of an agent that
// performs every step's gold action, one step per turn, and then reports
// each step done in the scenario's own words: a cooperative model that
// never checks a reply.
func GoldScripts(list []*scenarios.Scenario) map[string]*agent.Script {
	out := map[string]*agent.Script{}
	for _, sc := range list {
		sp := &agent.Script{Scenario: sc.ID}
		var done []string
		for _, st := range sc.Steps {
			sp.Turns = append(sp.Turns, agent.ScriptTurn{Calls: []agent.ScriptCall{{Tool: st.Action.Tool, Args: st.Action.Args}}})
			if st.Say.Done != "" {
				done = append(done, st.Say.Done)
			}
		}
		sp.Final = "All done: I " + strings.Join(done, ", ") + "."
		out[sc.ID] = sp
	}
	return out
}

type chatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	n := s.calls.Add(1)
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
		return
	}
	if s.Latency > 0 {
		time.Sleep(s.Latency)
	}
	if s.Hook != nil && s.Hook(w, r, n) {
		return
	}
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return
	}
	var script *agent.Script
	turn, chars := 0, 0
	for _, m := range req.Messages {
		chars += len(m.Content)
		switch m.Role {
		case "user":
			if script == nil {
				script = s.scripts[strings.TrimSpace(m.Content)]
			}
		case "assistant":
			turn++
		}
	}
	if script == nil {
		writeError(w, http.StatusBadRequest, "no script for this task")
		return
	}
	msg := map[string]any{"role": "assistant"}
	finish := "stop"
	if turn < len(script.Turns) {
		t := script.Turns[turn]
		msg["content"] = t.Say
		var calls []map[string]any
		for i, c := range t.Calls {
			args, err := json.Marshal(c.Args)
			if err != nil || c.Args == nil {
				args = []byte("{}")
			}
			calls = append(calls, map[string]any{"id": fmt.Sprintf("call_%d_%d", turn+1, i+1), "type": "function",
				"function": map[string]any{"name": c.Tool, "arguments": string(args)}})
		}
		if len(calls) > 0 {
			msg["tool_calls"] = calls
			finish = "tool_calls"
		}
	} else {
		msg["content"] = script.Final
	}
	content, _ := msg["content"].(string)
	// Roughly four characters a token: deterministic, not a tokenizer.
	prompt, completion := 1+chars/4, 1+len(content)/4
	writeJSON(w, http.StatusOK, map[string]any{
		"id": fmt.Sprintf("chatcmpl-%s-%d", script.Scenario, turn+1), "object": "chat.completion", "created": 0,
		"model":   req.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers in the OpenAI error shape.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error"}})
}

// WriteError answers a hooked request with an OpenAI-shaped error, and a
// Retry-After header when retryAfter is not empty.
func WriteError(w http.ResponseWriter, status int, retryAfter, msg string) {
	if retryAfter != "" {
		w.Header().Set("Retry-After", retryAfter)
	}
	writeError(w, status, msg)
}
