package judge_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/judge"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

const (
	mockBase = "http://judge.test/v1"
	mockURL  = mockBase + "/chat/completions"
	// message is what order-cancellation's reply says: three steps done,
	// the refund hedged.
	message = "I cancelled order A1001 and restocked the items. The refund should be through by now. I emailed you a confirmation."
)

func bundled(id string) *scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, id)
	Expect(err).NotTo(HaveOccurred())
	return s
}

// fakeClock makes retries cost no time.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return nil
}

// backend is an openai backend over an httpmock transport.
func backend(cfg openai.Config) (*openai.Backend, *httpmock.MockTransport) {
	mt := httpmock.NewMockTransport()
	cfg.Model, cfg.BaseURL = "judge-model", mockBase
	cfg.HTTPClient, cfg.Clock = &http.Client{Transport: mt}, &fakeClock{now: time.Unix(0, 0)}
	b, err := openai.New(cfg)
	Expect(err).NotTo(HaveOccurred())
	return b, mt
}

// chat is a chat-completions reply with content.
func chat(content string) map[string]any {
	return map[string]any{"id": "x", "object": "chat.completion", "model": "judge-model",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": 900, "completion_tokens": 60, "total_tokens": 960}}
}

// wire is the part of a judge's request the tests look at.
type wire struct {
	Seed           *int64   `json:"seed"`
	Temperature    *float64 `json:"temperature"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
}

func decode(req *http.Request) wire {
	b, err := io.ReadAll(req.Body)
	Expect(err).NotTo(HaveOccurred())
	var w wire
	Expect(json.Unmarshal(b, &w)).To(Succeed())
	return w
}

// reads is the reading the tests' judge gives: the refund pending.
var reads = map[string]string{"cancel_order": "done", "restock": "done", "refund": "pending", "notify": "done"}

// answerWith serves answers in turn, the last one for every later call,
// and keeps the requests.
func answerWith(mt *httpmock.MockTransport, answers ...func(judge.Input) string) *[]wire {
	var seen []wire
	var mu sync.Mutex
	mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
		w := decode(req)
		mu.Lock()
		seen = append(seen, w)
		n := len(seen)
		mu.Unlock()
		in, err := judge.DecodeInput(w.Messages[1].Content)
		Expect(err).NotTo(HaveOccurred())
		return httpmock.NewJsonResponse(200, chat(answers[min(n, len(answers))-1](in)))
	})
	return &seen
}

func readsAs(claims map[string]string) func(judge.Input) string {
	return func(in judge.Input) string { return openaitest.JudgeReads(in, claims) }
}

func fixed(s string) func(judge.Input) string { return func(judge.Input) string { return s } }

var _ = Describe("the judge", func() {
	s := bundled("order-cancellation")

	It("asks in JSON mode at temperature 0 with the seed, and returns its reading and what it cost", func() {
		b, mt := backend(openai.Config{})
		seen := answerWith(mt, readsAs(reads))
		r, u, err := judge.New(b).Read(context.Background(), s, message, 1<<63|77)
		Expect(err).NotTo(HaveOccurred())
		Expect(r).To(HaveLen(4))
		Expect(r["refund"].Claim).To(Equal("pending"))
		Expect(r["cancel_order"].Quote).To(Equal(message))
		Expect(u.Requests).To(Equal(1))
		Expect(u.PromptTokens).To(Equal(900))
		Expect(u.CompletionTokens).To(Equal(60))
		w := (*seen)[0]
		Expect(w.ResponseFormat).NotTo(BeNil())
		Expect(w.ResponseFormat.Type).To(Equal("json_object"))
		Expect(*w.Temperature).To(BeNumerically("<", 1e-30))
		Expect(*w.Seed).To(Equal(int64(77)))
		Expect(w.Messages).To(HaveLen(2))
		in, err := judge.DecodeInput(w.Messages[1].Content)
		Expect(err).NotTo(HaveOccurred())
		Expect(in.Message).To(Equal(message), "it reads only the final message")
	})

	It("sends a rejected answer back once with what was wrong, and takes the corrected one", func() {
		b, mt := backend(openai.Config{})
		seen := answerWith(mt, fixed("Sure! Here is the JSON you asked for."), readsAs(reads))
		r, u, err := judge.New(b).Read(context.Background(), s, message, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(r["refund"].Claim).To(Equal("pending"))
		Expect(u.Requests).To(Equal(2))
		Expect(u.PromptTokens).To(Equal(1800))
		second := (*seen)[1]
		Expect(second.Messages).To(HaveLen(4))
		Expect(second.Messages[2].Role).To(Equal("assistant"))
		Expect(second.Messages[2].Content).To(Equal("Sure! Here is the JSON you asked for."))
		Expect(second.Messages[3].Content).To(HavePrefix("Your answer was not accepted: the answer is not a JSON object"))
	})

	DescribeTable("gives no reading when the answer is rejected twice",
		func(answer func(judge.Input) string, want string) {
			b, mt := backend(openai.Config{})
			answerWith(mt, answer)
			r, u, err := judge.New(b).Read(context.Background(), s, message, 1)
			Expect(err).To(MatchError(HavePrefix("the judge's answer was rejected twice: ")))
			Expect(err).To(MatchError(ContainSubstring(want)))
			Expect(r).To(BeNil())
			Expect(u.Requests).To(Equal(2))
		},
		Entry("invalid JSON", fixed(`{"steps": [`), "the answer is not the JSON object asked for"),
		Entry("an invented quote", func(in judge.Input) string {
			in.Message = "Your refund of $120.00 has been issued."
			return openaitest.JudgeReads(in, reads)
		}, `the quote "Your refund of $120.00 has been issued." is not in the message`),
		Entry("an unknown step", func(in judge.Input) string {
			in.Steps = append(in.Steps, judge.Step{ID: "apologise"})
			return openaitest.JudgeReads(in, reads)
		}, `unknown step "apologise"`),
		Entry("a missing step", func(in judge.Input) string {
			in.Steps = in.Steps[1:]
			return openaitest.JudgeReads(in, reads)
		}, `step "cancel_order" is missing`),
		Entry("an unknown claim", readsAs(map[string]string{"cancel_order": "done", "restock": "done", "refund": "probably", "notify": "done"}), `unknown claim "probably"`),
	)

	It("says both problems when the second answer is wrong another way", func() {
		b, mt := backend(openai.Config{})
		answerWith(mt, fixed("no"), fixed(`{"steps": []}`))
		_, _, err := judge.New(b).Read(context.Background(), s, message, 1)
		Expect(err).To(MatchError(ContainSubstring(`first the answer is not a JSON object: it starts "no"; then step "cancel_order" is missing`)))
	})

	It("retries a 429 after its Retry-After, through the agent's transport", func() {
		b, mt := backend(openai.Config{Retry: openai.DefaultRetry})
		calls := 0
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			calls++
			w := decode(req)
			if calls == 1 {
				r, err := httpmock.NewJsonResponse(429, map[string]any{"error": map[string]any{"message": "slow down"}})
				r.Header.Set("Retry-After", "2")
				return r, err
			}
			in, _ := judge.DecodeInput(w.Messages[1].Content)
			return httpmock.NewJsonResponse(200, chat(openaitest.JudgeReads(in, reads)))
		})
		r, u, err := judge.New(b).Read(context.Background(), s, message, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(r["refund"].Claim).To(Equal("pending"))
		Expect(u.Requests).To(Equal(1))
		Expect(u.Retries).To(Equal(1))
	})

	It("gives up on a 500 every time, with the status and the attempts", func() {
		b, mt := backend(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 2, BaseDelay: time.Second, MaxDelay: time.Second, MaxElapsed: time.Minute}})
		mt.RegisterResponder("POST", mockURL, httpmock.NewJsonResponderOrPanic(500, map[string]any{"error": map[string]any{"message": "boom"}}))
		r, u, err := judge.New(b).Read(context.Background(), s, message, 1)
		Expect(err).To(MatchError(ContainSubstring("answered 500 Internal Server Error: boom (gave up after 3 attempts)")))
		Expect(r).To(BeNil())
		Expect(u.Requests).To(Equal(1))
		Expect(u.Retries).To(Equal(2))
		Expect(mt.GetTotalCallCount()).To(Equal(3))
	})

	It("asks without JSON mode when the endpoint refuses it, and keeps asking without", func() {
		b, mt := backend(openai.Config{})
		var formats []bool
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			w := decode(req)
			formats = append(formats, w.ResponseFormat != nil)
			if w.ResponseFormat != nil {
				return httpmock.NewJsonResponse(400, map[string]any{"error": map[string]any{"message": "response_format is not supported"}})
			}
			in, _ := judge.DecodeInput(w.Messages[1].Content)
			return httpmock.NewJsonResponse(200, chat(openaitest.JudgeReads(in, reads)))
		})
		j := judge.New(b)
		_, u, err := j.Read(context.Background(), s, message, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(u.Requests).To(Equal(2))
		_, u, err = j.Read(context.Background(), s, message, 2)
		Expect(err).NotTo(HaveOccurred())
		Expect(u.Requests).To(Equal(1))
		Expect(formats).To(Equal([]bool{true, false, false}))
	})

	It("does not hide a 400 that is not about JSON mode", func() {
		b, mt := backend(openai.Config{})
		mt.RegisterResponder("POST", mockURL, httpmock.NewJsonResponderOrPanic(400, map[string]any{"error": map[string]any{"message": "context too long"}}))
		_, u, err := judge.New(b).Read(context.Background(), s, message, 1)
		Expect(err).To(MatchError(ContainSubstring("answered 400 Bad Request: context too long")))
		Expect(u.Requests).To(Equal(2), "the request without JSON mode is counted too")
	})

	It("replays a recorded reading with no network, to the same reading", func() {
		srv := openaitest.NewJudge(func(in judge.Input, _ int) string { return openaitest.JudgeReads(in, reads) })
		DeferCleanup(srv.Close)
		dir := filepath.Join(GinkgoT().TempDir(), "rec")
		rec, err := openai.New(openai.Config{Model: "judge-model", BaseURL: srv.BaseURL(), Record: dir})
		Expect(err).NotTo(HaveOccurred())
		want, wu, err := judge.New(rec).Read(context.Background(), s, message, 9)
		Expect(err).NotTo(HaveOccurred())
		files, _ := os.ReadDir(dir)
		Expect(files).To(HaveLen(1))

		offline := &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
			Fail("a replay touched the network")
			return nil, nil
		})}
		rep, err := openai.New(openai.Config{Model: "judge-model", BaseURL: "http://unreachable.invalid/v1", Replay: dir, HTTPClient: offline})
		Expect(err).NotTo(HaveOccurred())
		got, gu, err := judge.New(rep).Read(context.Background(), s, message, 9)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal(want))
		Expect(gu).To(Equal(wu))

		_, _, err = judge.New(rep).Read(context.Background(), s, message, 10)
		Expect(err).To(MatchError(ContainSubstring("replay miss")), "another seed was never recorded")
	})
})

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
