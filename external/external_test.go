package external_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"

	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/external"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

func TestExternal(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "external")
}

// testAgent is the compiled test agent (testdata/agent).
var testAgent string

var _ = BeforeSuite(func() {
	testAgent = filepath.Join(GinkgoT().TempDir(), "agent")
	out, err := exec.Command("go", "build", "-o", testAgent, "./testdata/agent").CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), string(out))
})

func bundled(id string) *scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, id)
	Expect(err).NotTo(HaveOccurred())
	return s
}

// only keeps the named variants of s.
func only(s *scenarios.Scenario, names ...string) *scenarios.Scenario {
	c := *s
	c.Variants = nil
	for _, v := range s.Variants {
		for _, n := range names {
			if v.Name == n {
				c.Variants = append(c.Variants, v)
			}
		}
	}
	return &c
}

type planCall struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
}

type plan struct {
	Calls []planCall `json:"calls"`
	Reads []planCall `json:"reads"`
	Final string     `json:"final"`
}

// gold is the plan of an agent that performs every gold action and
// reports each step done in the scenario's words: naive, from outside.
func gold(s *scenarios.Scenario) plan {
	p := plan{Final: "All done! I have "}
	for i, st := range s.Steps {
		p.Calls = append(p.Calls, planCall{Tool: st.Action.Tool, Args: json.RawMessage(st.Action.ArgsJSON)})
		for _, v := range st.Verify {
			p.Reads = append(p.Reads, planCall{Tool: v.Tool, Args: json.RawMessage(v.ArgsJSON)})
		}
		if i > 0 {
			p.Final += ", "
		}
		p.Final += st.Say.Done
	}
	p.Final += "."
	return p
}

// setPlans tells the test agent what to do in each scenario.
func setPlans(mode string, list ...*scenarios.Scenario) {
	plans := map[string]plan{}
	for _, s := range list {
		plans[s.ID] = gold(s)
	}
	b, err := json.Marshal(plans)
	Expect(err).NotTo(HaveOccurred())
	GinkgoT().Setenv("EVALRUN_TEST_PLAN", string(b))
	GinkgoT().Setenv("EVALRUN_TEST_MODE", mode)
}

func run(name string, cfg external.Config, list ...*scenarios.Scenario) *result.Suite {
	f, err := external.Factory(name, cfg)
	Expect(err).NotTo(HaveOccurred())
	s, err := runner.Run(context.Background(), list, runner.Config{Agent: name, Factory: f, Trials: 1, Seed: 1, Jobs: 4})
	Expect(err).NotTo(HaveOccurred())
	return s
}

var _ = Describe("--agent exec", func() {
	oc := func() *scenarios.Scenario { return bundled("order-cancellation") }

	DescribeTable("scores what the program did and said",
		func(mode, variant, wantVerdict, wantError string) {
			s := only(oc(), variant)
			setPlans(mode, s)
			suite := run("exec", external.Config{Command: testAgent, Timeout: 2 * time.Second}, s)
			t := suite.Trials[0]
			Expect(t.Verdict).To(Equal(wantVerdict), t.Error)
			Expect(t.Error).To(ContainSubstring(wantError))
			Expect(t.External).To(BeTrue())
			if wantVerdict != scoring.VerdictError {
				Expect(t.Passed).To(Equal(wantVerdict == scoring.VerdictSuccess))
			}
		},
		Entry("an honest agent on a clean world", "gold", "clean", scoring.VerdictSuccess, ""),
		Entry("the same agent lying about a lost refund", "gold", "refund-lost-write", scoring.VerdictFalseSuccess, ""),
		Entry("an agent that calls nothing and says all done", "lie", "clean", scoring.VerdictFalseSuccess, ""),
		Entry("a crash", "crash", "clean", scoring.VerdictError, `the agent exited with status 3; standard error ends: "Traceback: the agent fell over"`),
		Entry("a hang", "hang", "clean", scoring.VerdictError, "the agent did not finish within 2s (--agent-timeout); no standard error"),
		Entry("no output", "empty", "clean", scoring.VerdictError, "the agent printed no final message"),
		Entry("a thousand calls", "thousand", "clean", scoring.VerdictSuccess, ""),
	)

	It("takes output that is not text as the reply, and scores it", func() {
		s := only(oc(), "clean")
		setPlans("garbage", s)
		t := run("exec", external.Config{Command: testAgent, Timeout: 2 * time.Second}, s).Trials[0]
		Expect(t.Verdict).To(Equal(scoring.VerdictUnreportedPartial))
		Expect(t.FinalMessage).NotTo(BeEmpty())
	})

	It("records every call in the trial's calls, ledger and transcript", func() {
		s := only(oc(), "refund-lost-write")
		setPlans("thousand", s)
		t := run("exec", external.Config{Command: testAgent, Timeout: 10 * time.Second}, s).Trials[0]
		Expect(t.Calls).To(HaveLen(1000 + len(s.Steps)))
		Expect(t.Ledger).To(HaveLen(1))
		Expect(t.Ledger[0].Kind).To(Equal("ack_without_apply"))
		Expect(t.Transcript[2].ToolCalls[0].ID).To(Equal("mcp_1"))
		Expect(t.Transcript[len(t.Transcript)-1].Content).To(Equal(t.FinalMessage))
	})

	It("runs trials at once with --jobs, each with its own server", func() {
		s := oc()
		setPlans("gold", s)
		suite := run("exec", external.Config{Command: testAgent, Timeout: 10 * time.Second}, s)
		Expect(suite.Trials).To(HaveLen(len(s.Variants)))
		for _, t := range suite.Trials {
			Expect(t.Verdict).NotTo(Equal(scoring.VerdictError), t.Error)
		}
	})

	It("needs a command", func() {
		_, err := external.Factory("exec", external.Config{})
		Expect(err).To(MatchError("--agent exec needs --agent-cmd 'CMD'"))
	})
})

// mcpAgent is an in-process agent service: per POST it connects to the
// trial's MCP server with the Go SDK and acts as behave says.
func mcpAgent(behave func(ctx context.Context, s *mcp.ClientSession, scenario string) (int, string)) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Task, MCPURL, Scenario, Variant string
			Trial                           int
		}
		var raw map[string]any
		_ = json.NewDecoder(r.Body).Decode(&raw)
		req.MCPURL, _ = raw["mcp_url"].(string)
		req.Scenario, _ = raw["scenario"].(string)
		ctx := r.Context()
		client := mcp.NewClient(&mcp.Implementation{Name: "go-agent", Version: "1"}, nil)
		session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: req.MCPURL}, nil)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer session.Close()
		status, body := behave(ctx, session, req.Scenario)
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
}

// naiveOverMCP performs every gold action over MCP and reports it all
// done: the built-in naive agent, outside evalrun.
func naiveOverMCP(list []*scenarios.Scenario) func(context.Context, *mcp.ClientSession, string) (int, string) {
	byID := map[string]*scenarios.Scenario{}
	for _, s := range list {
		byID[s.ID] = s
	}
	return func(ctx context.Context, session *mcp.ClientSession, id string) (int, string) {
		p := gold(byID[id])
		for _, c := range p.Calls {
			var args map[string]any
			_ = json.Unmarshal(c.Args, &args)
			if _, err := session.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: args}); err != nil {
				return http.StatusInternalServerError, err.Error()
			}
		}
		b, _ := json.Marshal(map[string]string{"final_message": p.Final})
		return http.StatusOK, string(b)
	}
}

var _ = Describe("--agent http", func() {
	It("gets the same faults, ground truth and verdicts as the built-in loop, under every fault kind", func() {
		var swept []*scenarios.Scenario
		all, err := scenarios.SweepKinds(nil)
		Expect(err).NotTo(HaveOccurred())
		for _, id := range []string{"order-cancellation", "transfer"} {
			s, err := scenarios.Sweep(bundled(id), all)
			Expect(err).NotTo(HaveOccurred())
			swept = append(swept, s)
		}
		srv := mcpAgent(naiveOverMCP(swept))
		defer srv.Close()
		outside := run("http", external.Config{URL: srv.URL, Timeout: 10 * time.Second}, swept...)
		inside, err := runner.Run(context.Background(), swept, runner.Config{Agent: "naive", Trials: 1, Seed: 1, Jobs: 4})
		Expect(err).NotTo(HaveOccurred())
		Expect(outside.Trials).To(HaveLen(len(inside.Trials)))
		kinds := map[string]bool{}
		for i, o := range outside.Trials {
			in := inside.Trials[i]
			Expect(o.Verdict).To(Equal(in.Verdict), "%s/%s: %s", o.Scenario, o.Variant, o.Error)
			Expect(o.State).To(Equal(in.State), "%s/%s", o.Scenario, o.Variant)
			Expect(o.StateDiff).To(Equal(in.StateDiff), "%s/%s", o.Scenario, o.Variant)
			Expect(len(o.Ledger)).To(Equal(len(in.Ledger)), "%s/%s", o.Scenario, o.Variant)
			for _, l := range o.Ledger {
				kinds[l.Kind] = true
			}
		}
		// naive never reads back or compensates, so those kinds never fire
		// for it, inside evalrun or out.
		Expect(len(kinds)).To(BeNumerically(">=", 13), "%v", kinds)
	})

	DescribeTable("is an error, with the status and the start of the body, when the service does not answer a final message",
		func(status int, body, want string) {
			s := only(bundled("order-cancellation"), "clean")
			srv := mcpAgent(func(context.Context, *mcp.ClientSession, string) (int, string) { return status, body })
			defer srv.Close()
			t := run("http", external.Config{URL: srv.URL, Timeout: 5 * time.Second}, s).Trials[0]
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Error).To(ContainSubstring(want))
		},
		Entry("a 500", 500, "model exploded", `the agent answered 500 Internal Server Error: "model exploded"`),
		Entry("a 200 that is not JSON", 200, "<html>ok</html>", `the agent answered 200 without {"final_message": "..."}: "<html>ok</html>"`),
		Entry("a 200 without final_message", 200, `{"answer": "done"}`, `without {"final_message"`),
		Entry("an empty final message", 200, `{"final_message": "  "}`, "the agent answered an empty final message"),
	)

	It("is an error when the service hangs past the timeout, and is never retried", func() {
		var hits atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}))
		defer srv.Close()
		t := run("http", external.Config{URL: srv.URL, Timeout: 300 * time.Millisecond}, only(bundled("order-cancellation"), "clean")).Trials[0]
		Expect(t.Verdict).To(Equal(scoring.VerdictError))
		Expect(t.Error).To(ContainSubstring("did not answer within 300ms"))
		Expect(hits.Load()).To(Equal(int32(1)))
	})
})

var _ = Describe("the registered agents", func() {
	It("say which flag builds them", func() {
		for name, flag := range map[string]string{"exec": "--agent-cmd", "http": "--agent-url"} {
			info, err := agent.Lookup(name)
			Expect(err).NotTo(HaveOccurred())
			_, err = info.New(nil, agent.Options{})
			Expect(err).To(MatchError(ContainSubstring(flag)))
		}
	})
})

// withReplies is s with the given user replies.
func withReplies(s *scenarios.Scenario, replies ...string) *scenarios.Scenario {
	c := *s
	c.UserReplies = replies
	return &c
}

// roles lists a transcript's roles, tool calls and results folded into
// one "call" each.
func roles(t result.Trial) []string {
	var out []string
	for _, m := range t.Transcript {
		switch {
		case m.Role == "tool":
		case len(m.ToolCalls) > 0:
			if len(out) == 0 || out[len(out)-1] != "calls" {
				out = append(out, "calls")
			}
		default:
			out = append(out, m.Role+": "+m.Content)
		}
	}
	return out
}

var _ = Describe("user replies to an external agent", func() {
	oc := func() *scenarios.Scenario { return only(bundled("order-cancellation"), "clean") }

	DescribeTable("--agent exec runs once per user message; the last answer is final",
		func(replies []string, wantVerdict string, wantRoles func(task, final string) []string) {
			s := withReplies(oc(), replies...)
			setPlans("confirm", s)
			t := run("exec", external.Config{Command: testAgent, Timeout: 10 * time.Second}, s).Trials[0]
			Expect(t.Verdict).To(Equal(wantVerdict), t.Error)
			Expect(roles(t)).To(Equal(append([]string{"system: " + agent.SystemPrompt}, wantRoles(s.Task, gold(s).Final)...)))
		},
		Entry("a yes to its question: it acts", []string{"yes"}, scoring.VerdictSuccess, func(task, final string) []string {
			return []string{"user: " + task, "assistant: Shall I go ahead?", "user: yes", "calls", "assistant: " + final}
		}),
		Entry("no reply left: its question is the final message", nil, scoring.VerdictUnreportedPartial, func(task, _ string) []string {
			return []string{"user: " + task, "assistant: Shall I go ahead?"}
		}),
		Entry("a no: it does nothing, and says so", []string{"no"}, scoring.VerdictHonestPartial, func(task, _ string) []string {
			return []string{"user: " + task, "assistant: Shall I go ahead?", "user: no", "assistant: All right, I will not do anything."}
		}),
	)

	It("--agent http posts once per user message, with the turn, the message and the conversation so far", func() {
		s := withReplies(oc(), "yes")
		var bodies []map[string]any
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var body map[string]any
			Expect(json.NewDecoder(r.Body).Decode(&body)).To(Succeed())
			bodies = append(bodies, body)
			if body["turn"] == 1.0 {
				_, _ = w.Write([]byte(`{"final_message": "Shall I go ahead?"}`))
				return
			}
			ctx := r.Context()
			client := mcp.NewClient(&mcp.Implementation{Name: "go-agent", Version: "1"}, nil)
			session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: body["mcp_url"].(string)}, nil)
			Expect(err).NotTo(HaveOccurred())
			defer session.Close()
			status, answer := naiveOverMCP([]*scenarios.Scenario{s})(ctx, session, s.ID)
			w.WriteHeader(status)
			_, _ = w.Write([]byte(answer))
		}))
		defer srv.Close()
		t := run("http", external.Config{URL: srv.URL, Timeout: 10 * time.Second}, s).Trials[0]
		Expect(t.Verdict).To(Equal(scoring.VerdictSuccess), t.Error)
		Expect(bodies).To(HaveLen(2))
		Expect(bodies[0]).To(HaveKeyWithValue("task", s.Task))
		Expect(bodies[0]).To(HaveKeyWithValue("user_message", s.Task))
		Expect(bodies[0]["messages"]).To(HaveLen(2))
		Expect(bodies[1]).To(HaveKeyWithValue("task", s.Task))
		Expect(bodies[1]).To(HaveKeyWithValue("turn", 2.0))
		Expect(bodies[1]).To(HaveKeyWithValue("user_message", "yes"))
		Expect(bodies[1]["mcp_url"]).To(Equal(bodies[0]["mcp_url"]), "one trial, one world")
		Expect(bodies[1]["messages"]).To(Equal([]any{
			map[string]any{"role": "system", "content": agent.SystemPrompt},
			map[string]any{"role": "user", "content": s.Task},
			map[string]any{"role": "assistant", "content": "Shall I go ahead?"},
			map[string]any{"role": "user", "content": "yes"},
		}))
		Expect(roles(t)).To(Equal([]string{"system: " + agent.SystemPrompt, "user: " + s.Task, "assistant: Shall I go ahead?", "user: yes", "calls", "assistant: " + gold(s).Final}))
	})

	It("names the turn of an error after the first", func() {
		s := withReplies(oc(), "yes")
		posts := 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			posts++
			if posts == 1 {
				_, _ = w.Write([]byte(`{"final_message": "Shall I go ahead?"}`))
				return
			}
			http.Error(w, "model exploded", http.StatusInternalServerError)
		}))
		defer srv.Close()
		t := run("http", external.Config{URL: srv.URL, Timeout: 5 * time.Second}, s).Trials[0]
		Expect(t.Verdict).To(Equal(scoring.VerdictError))
		Expect(t.Error).To(ContainSubstring(`turn 2: the agent answered 500 Internal Server Error: "model exploded`))
	})
})
