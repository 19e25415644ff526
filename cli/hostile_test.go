package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
)

const hostileKey = "sk-hostile-ECHOED-0123456789"

// cleanScenario writes the library's order cancellation with only its
// fault-free variant: one trial per run, whose only failure can be the
// endpoint's.
func cleanScenario() (string, *scenarios.Scenario) {
	b, err := os.ReadFile("../scenarios/library/commerce/order-cancellation.yaml")
	Expect(err).NotTo(HaveOccurred())
	text, _, ok := strings.Cut(string(b), "\nvariants:")
	Expect(ok).To(BeTrue())
	path := filepath.Join(GinkgoT().TempDir(), "order-cancellation.yaml")
	Expect(os.WriteFile(path, []byte(text+"\nvariants:\n  - name: clean\n"), 0o644)).To(Succeed())
	list, err := scenarios.LoadPaths([]string{path})
	Expect(err).NotTo(HaveOccurred())
	return path, list[0]
}

// hostileDoc is the part of the JSON report the shape table checks.
type hostileDoc struct {
	Usage *struct {
		agent.Usage
		CostUSD *float64 `json:"cost_usd"`
	} `json:"usage"`
	Summary map[string]struct{ K, N int } `json:"summary"`
	Trials  []struct {
		Verdict      string          `json:"verdict"`
		Passed       bool            `json:"passed"`
		Error        string          `json:"error"`
		FinalMessage string          `json:"final_message"`
		OutOfTurns   bool            `json:"out_of_turns"`
		Usage        *agent.Usage    `json:"usage"`
		Transcript   []agent.Message `json:"transcript"`
		Calls        []struct {
			Tool string `json:"tool"`
		} `json:"calls"`
	} `json:"trials"`
}

// runHostile runs the clean order cancellation against an endpoint in
// the named shape, with the retry and time limits cut so that the table
// runs in seconds.
func runHostile(shape string, extra ...string) (int, string, string, *openaitest.Hostile) {
	path, s := cleanScenario()
	srv := openaitest.NewHostile(s, shape)
	srv.Key = hostileKey
	DeferCleanup(srv.Close)
	args := append([]string{"run", "--agent", "openai", "--model", "hostile", "--base-url", srv.BaseURL(),
		"--max-retries", "1", "--timeout", "1s", "--retry-budget", "5s", "--max-turns", "8", path}, extra...)
	code, stdout, stderr := evalrun(args...)
	return code, stdout, stderr, srv
}

var _ = Describe("a hostile endpoint", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", hostileKey)
		setenv("OPENAI_BASE_URL", "")
	})

	covered := map[string]bool{}
	entry := func(shape, verdict string, exit int, why string) TableEntry {
		covered[shape] = true
		return Entry(shape, shape, verdict, exit, why)
	}

	DescribeTable("never makes a trial pass that did not earn it",
		func(shape, wantVerdict string, wantExit int, why string) {
			code, stdout, stderr, srv := runHostile(shape, "--format", "json")
			Expect(stdout).NotTo(ContainSubstring(hostileKey), "the key is redacted from the report")
			Expect(stderr).NotTo(ContainSubstring(hostileKey))
			var doc hostileDoc
			Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed(), stderr)
			Expect(doc.Trials).To(HaveLen(1))
			t := doc.Trials[0]
			Expect(t.Verdict).To(Equal(wantVerdict), "%s %s", t.Error, stderr)
			Expect(code).To(Equal(wantExit), stderr)

			// No silent pass: a passing trial answered, in full, and the
			// answer was scored.
			if t.Passed {
				Expect(t.Verdict).To(BeElementOf("success", "honest_partial"))
				Expect(strings.TrimSpace(t.FinalMessage)).NotTo(BeEmpty())
				Expect(t.Error).To(BeEmpty())
				Expect(t.OutOfTurns).To(BeFalse())
			}
			switch wantVerdict {
			case "error":
				Expect(t.Passed).To(BeFalse())
				Expect(t.Error).To(ContainSubstring(why))
				Expect(doc.Summary["error_trials"].K).To(Equal(1), "counted in error_trials")
				Expect(doc.Summary["pass_rate"].N).To(Equal(0), "and left out of every rate")
			case "unfinished":
				Expect(t.OutOfTurns).To(BeTrue())
				Expect(t.FinalMessage).To(BeEmpty(), "narration beside tool calls is never scored")
				Expect(doc.Summary["pass_rate"].N).To(Equal(1), "an agent that never finished stays in the rates")
			}

			// Usage: every model call counted, token sums never negative.
			Expect(doc.Usage).NotTo(BeNil())
			Expect(doc.Usage.Requests).To(BeNumerically(">=", 1))
			Expect(doc.Usage.PromptTokens).To(BeNumerically(">=", 0))
			Expect(doc.Usage.CompletionTokens).To(BeNumerically(">=", 0))
			if !strings.HasPrefix(shape, "redirect") {
				Expect(int64(doc.Usage.Requests + doc.Usage.Retries)).To(Equal(srv.Requests()))
			}
			if strings.HasPrefix(shape, "usage-") {
				Expect(doc.Usage.Unknown).To(Equal(1), "the request with unusable counts is unknown, not summed")
				Expect(doc.Usage.PromptTokens).To(Equal(50), "the first turn's counts only")
			}
			if strings.HasSuffix(shape, "-once") {
				Expect(doc.Usage.Retries).To(Equal(1), "the broken attempt was retried")
			}
			ids := map[string]bool{}
			for _, m := range t.Transcript {
				for _, c := range m.ToolCalls {
					Expect(ids).NotTo(HaveKey(c.ID), "every call id is unique")
					ids[c.ID] = true
				}
			}
		},
		entry("honest", "success", exitPass, ""),

		entry("message-null", "error", exitHarness, "the reply has no message"),
		entry("choice-null", "error", exitHarness, "the reply's choice is null"),
		entry("choices-empty", "error", exitHarness, "the reply has no choices"),
		entry("choices-absent", "error", exitHarness, "the reply has no choices"),
		entry("length-empty", "error", exitHarness, "final reply cut off (finish_reason length)"),
		entry("length-cut-off", "error", exitHarness, "final reply cut off (finish_reason length)"),
		entry("content-filter-null", "error", exitHarness, "final reply filtered (finish_reason content_filter)"),
		entry("content-filter-text", "error", exitHarness, "final reply filtered (finish_reason content_filter)"),
		entry("tool-calls-missing", "error", exitHarness, "finish_reason tool_calls but the reply has no tool calls"),
		entry("tool-calls-empty", "error", exitHarness, "finish_reason tool_calls but the reply has no tool calls"),
		entry("stop-empty", "error", exitHarness, "final reply empty"),
		entry("stop-blank", "error", exitHarness, "final reply empty"),
		entry("stop-null", "error", exitHarness, "final reply empty"),
		entry("refusal", "error", exitHarness, "final reply is a refusal"),
		entry("finish-unknown", "error", exitHarness, `finish_reason "insufficient_system_resource" is not the end of an answer`),
		entry("error-in-200", "error", exitHarness, "answered 200 with an error: \"model overloaded\""),
		entry("tool-call-null", "error", exitHarness, "tool call 1 of the reply is null"),
		entry("content-not-text", "error", exitHarness, "content is neither text nor a list of text parts"),
		entry("non-json-200", "error", exitHarness, "a body that is not JSON (text/plain)"),
		entry("empty-200", "error", exitHarness, "an empty body"),
		entry("truncated-json", "error", exitHarness, "not a chat completion"),
		entry("html-502", "error", exitHarness, "502 Bad Gateway"),
		entry("unauthorized", "error", exitHarness, "the API key was refused"),
		entry("sse-unasked", "error", exitHarness, "server-sent events (text/event-stream) although no stream was asked for"),

		entry("reset-mid-body", "error", exitHarness, "gave up after 2 attempts"),
		entry("reset-mid-body-once", "success", exitPass, ""),
		entry("chunked-cut-off", "error", exitHarness, "gave up after 2 attempts"),
		entry("chunked-cut-off-once", "success", exitPass, ""),
		entry("slow-drip", "error", exitHarness, "Timeout"),

		entry("retry-after-absurd", "error", exitHarness, "would pass the 5s retry budget"),
		entry("retry-after-nan-once", "success", exitPass, ""),
		entry("redirect-loop", "error", exitHarness, "a redirect loop"),
		entry("redirect-post-to-get", "error", exitHarness, "would turn the POST into a GET"),

		entry("usage-overflow", "success", exitPass, ""),
		entry("usage-negative", "success", exitPass, ""),
		entry("usage-absent", "success", exitPass, ""),
		entry("usage-past-int64", "success", exitPass, ""),
		entry("content-as-parts", "success", exitPass, ""),
		entry("finish-reason-absent", "success", exitPass, ""),
		entry("five-megabytes", "success", exitPass, ""),
		entry("echo-key", "success", exitPass, ""),
		entry("error-echoes-key", "error", exitHarness, "invalid key [redacted]"),

		entry("endless-tool-calls", "unfinished", exitFail, ""),
		entry("endless-text-and-calls", "unfinished", exitFail, ""),

		entry("arguments-as-object", "success", exitPass, ""),
		entry("arguments-invalid-json", "false_success", exitFail, ""),
		entry("unknown-tool", "false_success", exitFail, ""),
		entry("call-ids-missing", "success", exitPass, ""),
		entry("call-ids-duplicate", "success", exitPass, ""),
		entry("hundred-parallel-calls", "success", exitPass, ""),
	)

	It("has a table entry for every shape the endpoint knows", func() {
		Expect(covered).To(HaveLen(len(openaitest.HostileShapes())))
		for _, s := range openaitest.HostileShapes() {
			Expect(covered).To(HaveKey(s))
		}
	})

	It("runs every call of a hundred parallel ones", func() {
		_, stdout, _, _ := runHostile("hundred-parallel-calls", "--format", "json")
		var doc hostileDoc
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		Expect(doc.Trials[0].Calls).To(HaveLen(100))
	})

	It("says in the text report that a trial ran out of turns", func() {
		code, stdout, _, _ := runHostile("endless-tool-calls", "--no-color")
		Expect(code).To(Equal(exitFail))
		Expect(stdout).To(ContainSubstring("ran out of turns: still calling tools after 8 turns: no final reply"))
		Expect(stdout).To(ContainSubstring("agent did not finish"))
	})

	It("never sums token counts it cannot trust, and prices none", func() {
		prices := filepath.Join(GinkgoT().TempDir(), "prices.yaml")
		Expect(os.WriteFile(prices, []byte("hostile: {input: 1, output: 1}\n"), 0o644)).To(Succeed())
		code, stdout, _, _ := runHostile("usage-overflow", "--no-color", "--prices", prices)
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(ContainSubstring("2 requests, 0 retries, 50 prompt + 5 completion tokens, cost unknown (1 request(s) reported no usable token counts"))
		Expect(stdout).NotTo(ContainSubstring("-" + "40"))
	})

	It("redacts the key from every report format and every recording when the endpoint echoes it", func() {
		rec := filepath.Join(GinkgoT().TempDir(), "rec")
		for _, format := range []string{"json", "junit", "text"} {
			out := filepath.Join(GinkgoT().TempDir(), "report."+format)
			code, stdout, stderr, _ := runHostile("echo-key", "--format", format, "--out", out, "--record", rec)
			Expect(code).To(Equal(exitPass), stderr)
			b, err := os.ReadFile(out)
			Expect(err).NotTo(HaveOccurred())
			if format != "text" { // the text report quotes failing trials only
				Expect(string(b)).To(ContainSubstring("[redacted]"), format)
			}
			Expect(string(b)).NotTo(ContainSubstring(hostileKey), format)
			Expect(stdout + stderr).NotTo(ContainSubstring(hostileKey))
		}
		files, err := filepath.Glob(filepath.Join(rec, "*.json"))
		Expect(err).NotTo(HaveOccurred())
		Expect(files).NotTo(BeEmpty())
		echoed := false
		for _, f := range files {
			b, err := os.ReadFile(f)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(b)).NotTo(ContainSubstring(hostileKey), f)
			echoed = echoed || strings.Contains(string(b), "[redacted]")
		}
		Expect(echoed).To(BeTrue(), "the echoing reply was recorded, redacted")

		// The redacted recording replays to the same verdict.
		code, stdout, stderr := evalrun("run", "--agent", "openai", "--model", "hostile", "--replay", rec, "--format", "json",
			"--max-turns", "8", must(cleanScenario()))
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stdout).To(ContainSubstring("[redacted]"))
	})
})

func must(path string, _ *scenarios.Scenario) string { return path }
