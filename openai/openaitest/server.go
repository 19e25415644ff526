// Package openaitest is an in-process OpenAI-compatible chat endpoint that
// plays scripted agents, so that the openai backend, the CLI and benchmarks
// can run whole suites through a real HTTP client with no network and no
// model.
package openaitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"time"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/judge"
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
	// Judge, when set, answers the claims judge's requests (those
	// judge.IsRequest tells apart) instead of the scripts.
	Judge JudgeAnswer

	scripts map[string]*agent.Script // by task text
	// quoted holds each task as a JSON string, to find it in a request
	// without decoding the whole request.
	quoted []quotedTask
	calls  atomic.Int64
}

type quotedTask struct {
	json   []byte
	script *agent.Script
}

// New starts a server that plays scripts (keyed by scenario id, as
// agent.LoadScripts returns them) for the scenarios in list. Close it when
// done.
func New(list []*scenarios.Scenario, scripts map[string]*agent.Script) *Server {
	s := &Server{scripts: map[string]*agent.Script{}}
	for _, sc := range list {
		if sp, ok := scripts[sc.ID]; ok {
			s.scripts[strings.TrimSpace(sc.Task)] = sp
			q, _ := json.Marshal(sc.Task)
			s.quoted = append(s.quoted, quotedTask{json: q, script: sp})
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
		Role    string      `json:"role"`
		Content textContent `json:"content"`
	} `json:"messages"`
}

// textContent is message content as a string, or as a list of parts whose
// text is joined: clients send either.
type textContent string

func (t *textContent) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*t = textContent(s)
		return nil
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		*t = ""
		return nil
	}
	var out strings.Builder
	for _, p := range parts {
		out.WriteString(p.Text)
	}
	*t = textContent(out.String())
	return nil
}

// The reply, typed: encoding maps was most of the server's CPU.
type (
	chatReply struct {
		ID      string   `json:"id"`
		Object  string   `json:"object"`
		Created int64    `json:"created"`
		Model   string   `json:"model"`
		Choices []choice `json:"choices"`
		Usage   usage    `json:"usage"`
	}
	choice struct {
		Index        int     `json:"index"`
		Message      message `json:"message"`
		FinishReason string  `json:"finish_reason"`
	}
	message struct {
		Role      string     `json:"role"`
		Content   string     `json:"content"`
		ToolCalls []toolCall `json:"tool_calls,omitempty"`
	}
	toolCall struct {
		ID       string   `json:"id"`
		Type     string   `json:"type"`
		Function function `json:"function"`
	}
	function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	}
)

var assistantRole = []byte(`"role":"assistant"`)

// find returns the script and turn of a request. Compact JSON (what
// go-openai sends) is read by searching the bytes; anything else is decoded.
func (s *Server) find(body []byte) (script *agent.Script, model string, turn int, err error) {
	compact := bytes.Contains(body, []byte(`"messages":[{"role":"`))
	for _, q := range s.quoted {
		if compact && bytes.Contains(body, q.json) {
			return q.script, modelOf(body), bytes.Count(body, assistantRole), nil
		}
	}
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, "", 0, fmt.Errorf("bad JSON: %w", err)
	}
	for _, m := range req.Messages {
		switch m.Role {
		case "user":
			if script == nil {
				script = s.scripts[strings.TrimSpace(string(m.Content))]
			}
		case "assistant":
			turn++
		}
	}
	if script == nil {
		return nil, "", 0, fmt.Errorf("no script for this task")
	}
	return script, req.Model, turn, nil
}

// modelOf reads the model name, which go-openai writes first, without
// decoding the rest; other orders are decoded in full.
func modelOf(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err == nil && t == json.Delim('{') {
		if k, err := dec.Token(); err == nil && k == "model" {
			if v, err := dec.Token(); err == nil {
				if m, ok := v.(string); ok {
					return m
				}
			}
		}
	}
	var head struct {
		Model string `json:"model"`
	}
	_ = json.Unmarshal(body, &head)
	return head.Model
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
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if s.Judge != nil && judge.IsRequest(body) {
		s.serveJudge(w, body)
		return
	}
	script, model, turn, err := s.find(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	msg := message{Role: "assistant"}
	finish := "stop"
	if turn < len(script.Turns) {
		t := script.Turns[turn]
		msg.Content = t.Say
		for i, c := range t.Calls {
			args, err := json.Marshal(c.Args)
			if err != nil || c.Args == nil {
				args = []byte("{}")
			}
			msg.ToolCalls = append(msg.ToolCalls, toolCall{ID: fmt.Sprintf("call_%d_%d", turn+1, i+1), Type: "function",
				Function: function{Name: c.Tool, Arguments: string(args)}})
		}
		if len(msg.ToolCalls) > 0 {
			finish = "tool_calls"
		}
	} else {
		msg.Content = script.Final
	}
	// Roughly four bytes a token: deterministic, not a tokenizer.
	prompt, completion := 1+len(body)/4, 1+len(msg.Content)/4
	writeJSON(w, http.StatusOK, chatReply{
		ID: fmt.Sprintf("chatcmpl-%s-%d", script.Scenario, turn+1), Object: "chat.completion", Model: model,
		Choices: []choice{{Message: msg, FinishReason: finish}},
		Usage:   usage{PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion},
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

// Transport answers requests in memory, with the same handler and latency
// but no sockets: for benchmarks that should count only the client's work.
func (s *Server) Transport() http.RoundTripper { return roundTripper{s} }

type roundTripper struct{ s *Server }

func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	if req.Body == nil {
		req.Body = http.NoBody
	}
	rt.s.serve(rec, req)
	resp := rec.Result()
	resp.Request = req
	return resp, nil
}
