package openai_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

const (
	mockBase = "http://mock.test/v1"
	mockURL  = mockBase + "/chat/completions"
	secret   = "sk-test-DO-NOT-LEAK-4242"
)

// fakeClock advances only when slept on, and remembers every wait.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.slept = append(c.slept, d)
	c.now = c.now.Add(d)
	return nil
}

func (c *fakeClock) waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.slept...)
}

// wireRequest is the part of a chat request the tests look at.
type wireRequest struct {
	Model       string          `json:"model"`
	Seed        *int64          `json:"seed"`
	Temperature *float64        `json:"temperature"`
	Tools       []any           `json:"tools"`
	Messages    []wireMessage   `json:"messages"`
	Raw         json.RawMessage `json:"-"`
}

type wireMessage struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

func decode(req *http.Request) wireRequest {
	b, err := io.ReadAll(req.Body)
	Expect(err).NotTo(HaveOccurred())
	var w wireRequest
	Expect(json.Unmarshal(b, &w)).To(Succeed())
	w.Raw = b
	return w
}

func (w wireRequest) assistantTurns() int {
	n := 0
	for _, m := range w.Messages {
		if m.Role == "assistant" {
			n++
		}
	}
	return n
}

// reply builds a chat-completions answer.
func reply(content string, calls ...[2]string) map[string]any {
	msg := map[string]any{"role": "assistant", "content": content}
	if len(calls) > 0 {
		var tc []any
		for i, c := range calls {
			tc = append(tc, map[string]any{"id": "call_" + string(rune('a'+i)), "type": "function",
				"function": map[string]any{"name": c[0], "arguments": c[1]}})
		}
		msg["tool_calls"] = tc
	}
	return map[string]any{"id": "x", "object": "chat.completion", "model": "m",
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}}
}

func okReply(content string) httpmock.Responder {
	return func(*http.Request) (*http.Response, error) { return httpmock.NewJsonResponse(200, reply(content)) }
}

func errorReply(status int, retryAfter string) httpmock.Responder {
	return func(*http.Request) (*http.Response, error) {
		r, err := httpmock.NewJsonResponse(status, map[string]any{"error": map[string]any{"message": "try later", "type": "server_error"}})
		if retryAfter != "" {
			r.Header.Set("Retry-After", retryAfter)
		}
		return r, err
	}
}

// mocked builds a backend over an httpmock transport and a fake clock.
func mocked(cfg openai.Config) (*openai.Backend, *httpmock.MockTransport, *fakeClock) {
	mt := httpmock.NewMockTransport()
	clock := newFakeClock()
	if cfg.Model == "" {
		cfg.Model = "gpt-4o-mini"
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = mockBase
	}
	cfg.HTTPClient = &http.Client{Transport: mt}
	cfg.Clock = clock
	b, err := openai.New(cfg)
	Expect(err).NotTo(HaveOccurred())
	return b, mt, clock
}

// next makes one model call with a fresh trial model.
func next(b *openai.Backend, seed uint64) (agent.Reply, agent.Usage, error) {
	m, err := b.Factory()(nil, agent.Options{Seed: seed})
	Expect(err).NotTo(HaveOccurred())
	r, err := m.Next(context.Background(), agent.Request{Messages: []agent.Message{{Role: "system", Content: "s"}, {Role: "user", Content: "u"}}})
	return r, m.(agent.Metered).Usage(), err
}

func bundled(id string) *scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, id)
	Expect(err).NotTo(HaveOccurred())
	return s
}
