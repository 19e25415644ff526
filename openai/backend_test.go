package openai_test

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

// cleanOnly is a scenario with only its fault-free variant.
func cleanOnly(id string) *scenarios.Scenario {
	s := *bundled(id)
	s.Variants = s.Variants[:1]
	return &s
}

var _ = Describe("the backend", func() {
	DescribeTable("checks its configuration",
		func(cfg openai.Config, want string) {
			_, err := openai.New(cfg)
			if want == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("no model", openai.Config{APIKey: "k"}, "needs --model NAME"),
		Entry("no key for api.openai.com", openai.Config{Model: "gpt-4o"}, "no API key for https://api.openai.com/v1: set OPENAI_API_KEY"),
		Entry("no key for Azure", openai.Config{Model: "gpt-4o", APIType: "azure", BaseURL: "https://x.openai.azure.com"}, "no API key"),
		Entry("no key for a local server", openai.Config{Model: "llama3", BaseURL: "http://localhost:11434/v1"}, ""),
		Entry("no key when replaying", openai.Config{Model: "gpt-4o", Replay: "dir"}, ""),
		Entry("record and replay", openai.Config{Model: "m", APIKey: "k", Record: "a", Replay: "b"}, "cannot be used together"),
		Entry("an unknown API type", openai.Config{Model: "m", APIKey: "k", APIType: "bedrock"}, `unknown API type "bedrock"`),
	)

	It("sends the model, the trial seed and the tools, and no temperature unless set", func() {
		var got []wireRequest
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			got = append(got, decode(req))
			return httpmock.NewJsonResponse(200, reply("ok"))
		})
		_, _, err := next(b, 1<<63|42)
		Expect(err).NotTo(HaveOccurred())
		Expect(got[0].Model).To(Equal("gpt-4o-mini"))
		Expect(*got[0].Seed).To(Equal(int64(42)), "the seed is kept non-negative")
		Expect(got[0].Temperature).To(BeNil())

		zero := float32(0)
		b, mt, _ = mocked(openai.Config{Temperature: &zero})
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			got = append(got, decode(req))
			return httpmock.NewJsonResponse(200, reply("ok"))
		})
		_, _, err = next(b, 7)
		Expect(err).NotTo(HaveOccurred())
		Expect(got[1].Temperature).NotTo(BeNil(), "an explicit 0 is sent")
		Expect(*got[1].Temperature).To(BeNumerically("<", 1e-30))
	})

	It("runs parallel tool calls of one reply, returns a malformed call's tool error, and goes on", func() {
		var seen []wireRequest
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			w := decode(req)
			seen = append(seen, w)
			switch w.assistantTurns() {
			case 0:
				return httpmock.NewJsonResponse(200, reply("Working on it.",
					[2]string{"get_order", `{"order_id": "A1001"}`},
					[2]string{"cancel_order", `{"order_id": "A1001", "reason": `}))
			case 1:
				return httpmock.NewJsonResponse(200, reply("", [2]string{"cancel_order", `{"order_id": "A1001", "reason": "changed mind"}`}))
			default:
				return httpmock.NewJsonResponse(200, reply("I cancelled the order; nothing else was done."))
			}
		})
		s, err := runner.Run(context.Background(), []*scenarios.Scenario{cleanOnly("order-cancellation")},
			runner.Config{Agent: "openai", Factory: b.Factory(), Model: b.Model(), Trials: 1, Seed: 1, Jobs: 1, Cost: b.Cost})
		Expect(err).NotTo(HaveOccurred())
		t := s.Trials[0]
		Expect(t.Error).To(BeEmpty())
		Expect(t.Verdict).NotTo(Equal(scoring.VerdictError))
		Expect(t.FinalMessage).To(Equal("I cancelled the order; nothing else was done."))
		Expect(t.Turns).To(Equal(3))

		Expect(seen).To(HaveLen(3))
		Expect(seen[0].Tools).NotTo(BeEmpty(), "the scenario's tools go as functions")
		second := seen[1].Messages
		Expect(second).To(HaveLen(5), "system, user, assistant with two calls, two tool replies")
		Expect(second[2].ToolCalls).To(HaveLen(2))
		Expect(second[3].ToolCallID).To(Equal("call_a"))
		Expect(second[4].ToolCallID).To(Equal("call_b"))
		Expect(second[4].Content).To(ContainSubstring("error"), "the malformed arguments come back as a tool error")
		Expect(second[3].Content).NotTo(ContainSubstring(`"error"`))

		Expect(t.Usage).To(Equal(&agent.Usage{Requests: 3, PromptTokens: 300, CompletionTokens: 30}))
		Expect(s.Model).To(Equal("gpt-4o-mini"))
		Expect(s.Usage.ModelUsage).To(Equal(*t.Usage))
		Expect(*s.Usage.CostUSD).To(BeNumerically("~", (300*0.15+30*0.60)/1e6, 1e-12))
	})

	It("makes a trial whose model calls keep failing an error, and the suite still completes", func() {
		b, mt, _ := mocked(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 2, BaseDelay: 1, MaxDelay: 1, MaxElapsed: 1 << 40}})
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			w := decode(req)
			if strings.Contains(w.Messages[1].Content, "A2002") { // refund-and-replacement's task
				return httpmock.NewJsonResponse(500, map[string]any{"error": map[string]any{"message": "boom"}})
			}
			return httpmock.NewJsonResponse(200, reply("Everything is done."))
		})
		list := []*scenarios.Scenario{cleanOnly("order-cancellation"), cleanOnly("refund-and-replacement")}
		s, err := runner.Run(context.Background(), list, runner.Config{Agent: "openai", Factory: b.Factory(), Trials: 2, Seed: 1, Jobs: 2})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Trials).To(HaveLen(4))
		for _, t := range s.Trials {
			if t.Scenario == "refund-and-replacement" {
				Expect(t.Verdict).To(Equal(scoring.VerdictError))
				Expect(t.Error).To(And(ContainSubstring("answered 500"), ContainSubstring("gave up after 3 attempts")))
				Expect(t.Usage.Retries).To(Equal(2))
			} else {
				Expect(t.Verdict).NotTo(Equal(scoring.VerdictError))
			}
		}
		Expect(s.Summary[scoring.MetricErrors].K).To(Equal(2))
		Expect(s.Usage.Requests).To(Equal(4))
		Expect(s.Usage.CostUSD).To(BeNil(), "no Cost function: unknown")
	})

	It("is listed as an agent and tells the user to pass --model when used without a backend", func() {
		info, err := agent.Lookup("openai")
		Expect(err).NotTo(HaveOccurred())
		_, err = info.New(nil, agent.Options{})
		Expect(err).To(MatchError(ContainSubstring("--model NAME")))
	})
})

var _ = Describe("authentication", func() {
	DescribeTable("sends the key the way the endpoint expects, and none when there is none",
		func(cfg openai.Config, url, header, want string) {
			mt := httpmock.NewMockTransport()
			var got http.Header
			mt.RegisterResponder("POST", url, func(req *http.Request) (*http.Response, error) {
				got = req.Header.Clone()
				return httpmock.NewJsonResponse(200, reply("ok"))
			})
			cfg.Model, cfg.HTTPClient = "gpt-4o", &http.Client{Transport: mt}
			b, err := openai.New(cfg)
			Expect(err).NotTo(HaveOccurred())
			_, _, err = next(b, 1)
			Expect(err).NotTo(HaveOccurred())
			Expect(got.Get(header)).To(Equal(want))
		},
		Entry("OpenAI: a bearer token", openai.Config{APIKey: secret}, openai.DefaultBaseURL+"/chat/completions", "Authorization", "Bearer "+secret),
		Entry("a local server without a key: no header", openai.Config{BaseURL: mockBase}, mockURL, "Authorization", ""),
		Entry("Azure: the api-key header on the deployment's URL",
			openai.Config{APIKey: secret, APIType: "azure", BaseURL: "https://res.openai.azure.com", APIVersion: "2024-10-21"},
			"https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", "api-key", secret),
	)
})

var _ = Describe("timeouts", func() {
	It("retries an attempt that timed out", func() {
		mt := httpmock.NewMockTransport()
		mt.RegisterResponder("POST", mockURL, okReply("late").Delay(200*time.Millisecond).Once().Then(okReply("on time")))
		clock := newFakeClock()
		b, err := openai.New(openai.Config{Model: "m", BaseURL: mockBase, Clock: clock,
			HTTPClient: &http.Client{Transport: mt, Timeout: 20 * time.Millisecond}})
		Expect(err).NotTo(HaveOccurred())
		r, u, err := next(b, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Content).To(Equal("on time"))
		Expect(u.Retries).To(Equal(1))
	})

	It("stops retrying when the run is cancelled", func() {
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, errorReply(503, ""))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		m, err := b.Factory()(nil, agent.Options{})
		Expect(err).NotTo(HaveOccurred())
		_, err = m.Next(ctx, agent.Request{Messages: []agent.Message{{Role: "user", Content: "u"}}})
		Expect(err).To(HaveOccurred())
		Expect(mt.GetTotalCallCount()).To(BeNumerically("<=", 1))
	})
})
