package openai_test

import (
	"net/http"
	"strings"
	"time"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
)

const usage = `"usage":{"prompt_tokens":7,"completion_tokens":3}`

func body(choice string) string { return `{"choices":[` + choice + `],` + usage + `}` }

var _ = Describe("the reply decoder", func() {
	DescribeTable("accepts a complete answer or a turn of tool calls",
		func(raw string, want agent.Reply) {
			d, err := openai.DecodeReply([]byte(raw), "application/json")
			Expect(err).NotTo(HaveOccurred())
			Expect(d.Reply).To(Equal(want))
			Expect(d.Known).To(BeTrue())
			Expect([2]int{d.Prompt, d.Completion}).To(Equal([2]int{7, 3}))
		},
		Entry("text, stop", body(`{"message":{"role":"assistant","content":"Done."},"finish_reason":"stop"}`), agent.Reply{Content: "Done."}),
		Entry("text, no finish reason", body(`{"message":{"content":"Done."}}`), agent.Reply{Content: "Done."}),
		Entry("text, finish reason null", body(`{"message":{"content":"Done."},"finish_reason":null}`), agent.Reply{Content: "Done."}),
		Entry("text, end_turn", body(`{"message":{"content":"Done."},"finish_reason":"end_turn"}`), agent.Reply{Content: "Done."}),
		Entry("text as parts", body(`{"message":{"content":[{"type":"text","text":"Do"},{"type":"image_url"},{"type":"text","text":"ne."}]},"finish_reason":"stop"}`),
			agent.Reply{Content: "Done."}),
		Entry("tool calls, content null", body(`{"message":{"content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{\"x\":1}"}}]},"finish_reason":"tool_calls"}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{ID: "a", Name: "f", Arguments: `{"x":1}`}}}),
		Entry("tool calls whose turn was cut off: the calls run, a cut argument is a tool error",
			body(`{"message":{"tool_calls":[{"id":"a","function":{"name":"f","arguments":"{\"x\":"}}]},"finish_reason":"length"}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{ID: "a", Name: "f", Arguments: `{"x":`}}}),
		Entry("arguments as an object", body(`{"message":{"tool_calls":[{"id":"a","function":{"name":"f","arguments":{"x": 1}}}]}}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{ID: "a", Name: "f", Arguments: `{"x":1}`}}}),
		Entry("arguments missing", body(`{"message":{"tool_calls":[{"function":{"name":"f"}}]}}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{Name: "f", Arguments: `{}`}}}),
		Entry("arguments a number: passed on for the tool to reject", body(`{"message":{"tool_calls":[{"id":7,"function":{"name":"f","arguments":12}}]}}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{ID: "7", Name: "f", Arguments: `12`}}}),
		Entry("a legacy function call", body(`{"message":{"function_call":{"name":"f","arguments":"{}"}},"finish_reason":"function_call"}`),
			agent.Reply{ToolCalls: []agent.ToolCall{{Name: "f", Arguments: `{}`}}}),
		Entry("text beside tool calls", body(`{"message":{"content":"Working.","tool_calls":[{"id":"a","function":{"name":"f","arguments":"{}"}}]}}`),
			agent.Reply{Content: "Working.", ToolCalls: []agent.ToolCall{{ID: "a", Name: "f", Arguments: `{}`}}}),
	)

	DescribeTable("rejects what is not a complete answer, saying which shape arrived",
		func(raw, contentType, want string) {
			_, err := openai.DecodeReply([]byte(raw), contentType)
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("empty body", "", "application/json", "an empty body"),
		Entry("not JSON", "OK", "text/plain", "not JSON (text/plain)"),
		Entry("a JSON array", "[]", "application/json", "not JSON"),
		Entry("truncated JSON", `{"choices":[{"message":{"content":"All do`, "application/json", "not a chat completion"),
		Entry("server-sent events", "data: {}\n\n", "text/event-stream", "server-sent events"),
		Entry("server-sent events, mislabelled", "data: {}\n\n", "application/json", "server-sent events"),
		Entry("no choices", `{"choices":[]}`, "", "no choices"),
		Entry("choices absent", `{}`, "", "no choices"),
		Entry("an error in a 200", `{"error":{"message":"overloaded"}}`, "", `an error: "overloaded"`),
		Entry("an error string in a 200", `{"error":"overloaded"}`, "", `an error: "\"overloaded\""`),
		Entry("a null choice", `{"choices":[null]}`, "", "choice is null"),
		Entry("a null message", body(`{"message":null,"finish_reason":"stop"}`), "", "no message (finish_reason stop)"),
		Entry("a missing message", body(`{"finish_reason":"length"}`), "", "no message (finish_reason length)"),
		Entry("cut off", body(`{"message":{"content":"All do"},"finish_reason":"length"}`), "", "final reply cut off (finish_reason length)"),
		Entry("filtered", body(`{"message":{"content":null},"finish_reason":"content_filter"}`), "", "final reply filtered"),
		Entry("tool_calls without calls", body(`{"message":{"content":null},"finish_reason":"tool_calls"}`), "", "finish_reason tool_calls but the reply has no tool calls"),
		Entry("function_call without a call", body(`{"message":{"content":""},"finish_reason":"function_call"}`), "", "finish_reason function_call but"),
		Entry("a refusal", body(`{"message":{"content":null,"refusal":"No."},"finish_reason":"stop"}`), "", `final reply is a refusal: "No."`),
		Entry("an unknown finish", body(`{"message":{"content":"Done."},"finish_reason":"abort"}`), "", `finish_reason "abort" is not the end of an answer`),
		Entry("empty content", body(`{"message":{"content":""},"finish_reason":"stop"}`), "", "final reply empty (finish_reason stop, content blank)"),
		Entry("null content", body(`{"message":{"content":null},"finish_reason":"stop"}`), "", "final reply empty (finish_reason stop, content null)"),
		Entry("missing content", body(`{"message":{}}`), "", "final reply empty (finish_reason none, content missing)"),
		Entry("blank content", body(`{"message":{"content":" \n "}}`), "", "final reply empty"),
		Entry("parts without text", body(`{"message":{"content":[{"type":"image_url"}]}}`), "", "content without text parts"),
		Entry("content a number", body(`{"message":{"content":42}}`), "", "neither text nor a list of text parts"),
		Entry("a null tool call", body(`{"message":{"tool_calls":[null]}}`), "", "tool call 1 of the reply is null"),
	)

	DescribeTable("reads token counts only when they are plausible",
		func(usageJSON string, known bool) {
			d, err := openai.DecodeReply([]byte(`{"choices":[{"message":{"content":"ok"}}],"usage":`+usageJSON+`}`), "")
			Expect(err).NotTo(HaveOccurred())
			Expect(d.Known).To(Equal(known))
			if !known {
				Expect([2]int{d.Prompt, d.Completion}).To(Equal([2]int{0, 0}))
			}
		},
		Entry("plain", `{"prompt_tokens":10,"completion_tokens":2}`, true),
		Entry("zero", `{"prompt_tokens":0,"completion_tokens":0}`, true),
		Entry("null", `null`, false),
		Entry("one missing", `{"prompt_tokens":10}`, false),
		Entry("negative", `{"prompt_tokens":-40,"completion_tokens":2}`, false),
		Entry("2^63-1", `{"prompt_tokens":9223372036854775807,"completion_tokens":2}`, false),
		Entry("past int64", `{"prompt_tokens":99999999999999999999,"completion_tokens":2}`, false),
		Entry("fractional", `{"prompt_tokens":1.5,"completion_tokens":2}`, false),
		Entry("an exponent", `{"prompt_tokens":1e3,"completion_tokens":2}`, false),
		Entry("a string", `{"prompt_tokens":"10","completion_tokens":2}`, false),
		Entry("past the per-call bound", `{"prompt_tokens":100000001,"completion_tokens":2}`, false),
	)

	It("counts usage even on a reply it rejects", func() {
		d, err := openai.DecodeReply([]byte(body(`{"message":{"content":""},"finish_reason":"length"}`)), "")
		Expect(err).To(HaveOccurred())
		Expect(d.Known).To(BeTrue())
		Expect(d.Prompt).To(Equal(7))
	})

	It("quotes at most 200 characters of a body, on one line, control characters escaped", func() {
		_, err := openai.DecodeReply([]byte("<html>\n\x1b[31m"+strings.Repeat("x", 5000)), "text/html")
		Expect(err.Error()).NotTo(ContainSubstring("\x1b"))
		Expect(err.Error()).To(ContainSubstring(`\x1b[31m`))
		Expect(len(err.Error())).To(BeNumerically("<", 400))
	})
})

var _ = Describe("the backend on broken replies", func() {
	It("counts an answered request with unusable usage as unknown, and never sums it", func() {
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, httpmock.NewStringResponder(200,
			`{"choices":[{"message":{"content":"ok"}}],"usage":{"prompt_tokens":9223372036854775807,"completion_tokens":9223372036854775807}}`))
		m, err := b.Factory()(nil, agent.Options{})
		Expect(err).NotTo(HaveOccurred())
		for i := 0; i < 3; i++ {
			_, err := m.Next(GinkgoT().Context(), agent.Request{Messages: []agent.Message{{Role: "user", Content: "u"}}})
			Expect(err).NotTo(HaveOccurred())
		}
		Expect(m.(agent.Metered).Usage()).To(Equal(agent.Usage{Requests: 3, Unknown: 3}))
	})

	It("retries a body cut short under the same budget, then succeeds", func() {
		b, mt, clock := mocked(openai.Config{})
		cut := func(*http.Request) (*http.Response, error) {
			r := httpmock.NewStringResponse(200, `{"choices":[{"message":{"content":"o`)
			r.Body = &failingBody{data: r.Body}
			return r, nil
		}
		mt.RegisterResponder("POST", mockURL, httpmock.Responder(cut).Once().Then(okReply("hi")))
		r, u, err := next(b, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Content).To(Equal("hi"))
		Expect(u.Retries).To(Equal(1))
		Expect(clock.waits()).To(HaveLen(1))
	})

	It("gives up on a body that keeps breaking, saying what broke", func() {
		b, mt, _ := mocked(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 2, BaseDelay: time.Second, MaxDelay: time.Second, MaxElapsed: time.Hour}})
		mt.RegisterResponder("POST", mockURL, func(*http.Request) (*http.Response, error) {
			r := httpmock.NewStringResponse(200, `{"choices":`)
			r.Body = &failingBody{data: r.Body}
			return r, nil
		})
		_, u, err := next(b, 1)
		Expect(err).To(MatchError(And(ContainSubstring("reading the reply: connection reset by peer"), ContainSubstring("gave up after 3 attempts"))))
		Expect(u.Retries).To(Equal(2))
	})

	It("refuses a reply past the size bound without retrying it", func() {
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, httpmock.NewStringResponder(200, strings.Repeat(" ", openai.MaxReplyBytes+1)))
		_, _, err := next(b, 1)
		Expect(err).To(MatchError(ContainSubstring("the reply is over 32 MB")))
		Expect(mt.GetTotalCallCount()).To(Equal(1))
	})

	DescribeTable("reads Retry-After without overflowing",
		func(header string, want time.Duration) {
			b, mt, clock := mocked(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 1, BaseDelay: time.Second, MaxDelay: time.Second, MaxElapsed: time.Hour}})
			mt.RegisterResponder("POST", mockURL, errorReply(429, header).Once().Then(okReply("hi")))
			_, _, err := next(b, 1)
			if want < 0 {
				Expect(err).To(MatchError(ContainSubstring("would pass the 1h0m0s retry budget")))
				Expect(clock.waits()).To(BeEmpty())
				return
			}
			Expect(err).NotTo(HaveOccurred())
			w := clock.waits()
			Expect(w).To(HaveLen(1))
			if want == 0 {
				Expect(w[0]).To(BeNumerically("~", time.Second, time.Second/2), "the header is ignored: backoff")
				return
			}
			Expect(w[0]).To(Equal(want))
		},
		Entry("seconds", "3", 3*time.Second),
		Entry("fractional seconds", "0.5", 500*time.Millisecond),
		Entry("a year: not waited", "31536000", time.Duration(-1)),
		Entry("1e300 seconds: not waited, no overflow", "1e300", time.Duration(-1)),
		Entry("Inf: not waited", "Inf", time.Duration(-1)),
		Entry("NaN: ignored", "NaN", time.Duration(0)),
		Entry("negative: ignored", "-5", time.Duration(0)),
		Entry("garbage: ignored", "soon", time.Duration(0)),
	)
})

// failingBody reads its data, then fails as a reset connection does.
type failingBody struct {
	data interface{ Read([]byte) (int, error) }
}

func (f *failingBody) Read(p []byte) (int, error) {
	n, err := f.data.Read(p)
	if err != nil {
		return n, errReset
	}
	return n, nil
}

func (f *failingBody) Close() error { return nil }

var errReset = &resetError{}

type resetError struct{}

func (*resetError) Error() string { return "connection reset by peer" }
