package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
)

var updateRecordings = flag.Bool("update-recordings", false, "re-record fixtures/recordings from the in-process fake endpoint")

const (
	recordings = "../fixtures/recordings"
	fakeModel  = "scripted-fake"
)

// recorded are the scenarios whose model exchanges are checked in: pinned
// copies of library scenarios, so that library edits do not stale them.
var recorded = []string{recordings + "/scenarios/order-cancellation.yaml", recordings + "/scenarios/refund-and-replacement.yaml"}

// fakeEndpoint serves the scripted agents of fixtures/scripts over HTTP.
func fakeEndpoint() *openaitest.Server {
	list, err := scenarios.LoadPaths(recorded)
	Expect(err).NotTo(HaveOccurred())
	scripts, err := agent.LoadScripts("../fixtures/scripts")
	Expect(err).NotTo(HaveOccurred())
	srv := openaitest.New(list, scripts)
	DeferCleanup(srv.Close)
	return srv
}

// setenv sets an environment variable for one spec.
func setenv(name, value string) {
	old, had := os.LookupEnv(name)
	Expect(os.Setenv(name, value)).To(Succeed())
	DeferCleanup(func() {
		if had {
			os.Setenv(name, old)
		} else {
			os.Unsetenv(name)
		}
	})
}

type jsonDoc struct {
	Model string `json:"model"`
	Usage *struct {
		Requests         int      `json:"requests"`
		PromptTokens     int      `json:"prompt_tokens"`
		CompletionTokens int      `json:"completion_tokens"`
		CostUSD          *float64 `json:"cost_usd"`
	} `json:"usage"`
	Trials []struct {
		Scenario, Variant, Verdict, Error string
		Transcript                        []agent.Message
	} `json:"trials"`
}

func parseDoc(s string) jsonDoc {
	var d jsonDoc
	Expect(json.Unmarshal([]byte(s), &d)).To(Succeed(), s)
	return d
}

var _ = Describe("evalrun run --agent openai", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", "")
		setenv("OPENAI_BASE_URL", "")
	})

	It("runs scenarios end to end against an OpenAI-compatible endpoint", func() {
		srv := fakeEndpoint()
		args := append([]string{"run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(), "--format", "json"}, recorded...)
		code, stdout, stderr := evalrun(args...)
		Expect(code).To(Equal(exitFail), stderr)
		doc := parseDoc(stdout)
		Expect(doc.Model).To(Equal(fakeModel))
		Expect(doc.Usage).NotTo(BeNil())
		Expect(doc.Usage.Requests).To(BeEquivalentTo(srv.Requests()))
		Expect(doc.Usage.PromptTokens).To(BeNumerically(">", 0))
		Expect(doc.Usage.CostUSD).To(BeNil(), "no price for the model: unknown, not 0")
		verdicts := map[string]string{}
		for _, t := range doc.Trials {
			verdicts[t.Scenario+"/"+t.Variant] = t.Verdict
		}
		Expect(verdicts).To(HaveKeyWithValue("order-cancellation/clean", "false_success"), "the script never sends the email")
	})

	It("reads the endpoint from OPENAI_BASE_URL, prices from --prices, and prints one usage line", func() {
		srv := fakeEndpoint()
		setenv("OPENAI_BASE_URL", srv.BaseURL())
		prices := filepath.Join(GinkgoT().TempDir(), "prices.yaml")
		Expect(os.WriteFile(prices, []byte(fakeModel+": {input: 1000, output: 2000}\n"), 0o644)).To(Succeed())
		code, stdout, stderr := evalrun(append([]string{"run", "--agent", "openai", "--model", fakeModel, "--prices", prices}, recorded[0])...)
		Expect(code).To(Equal(exitFail), stderr)
		Expect(stdout).To(ContainSubstring("evalrun agent openai (model scripted-fake), seed 1"))
		Expect(stdout).To(MatchRegexp(`model_usage\s+\d+ requests, 0 retries, \d+ prompt \+ \d+ completion tokens, ~\$\d+\.\d{4} estimated`))
	})

	It("replaces the system prompt with --system-prompt", func() {
		srv := fakeEndpoint()
		sys := filepath.Join(GinkgoT().TempDir(), "system.txt")
		Expect(os.WriteFile(sys, []byte("Verify every write before you report it."), 0o644)).To(Succeed())
		code, stdout, _ := evalrun("run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--system-prompt", sys, "--format", "json", recorded[1])
		Expect(code).NotTo(Equal(exitHarness))
		doc := parseDoc(stdout)
		Expect(doc.Trials[0].Transcript[0].Content).To(Equal("Verify every write before you report it."))
	})

	It("records a run and replays it to the same JSON, offline and without a key", func() {
		srv := fakeEndpoint()
		dir := GinkgoT().TempDir()
		setenv("OPENAI_API_KEY", "sk-cli-secret-0000")
		args := append([]string{"--agent", "openai", "--model", fakeModel, "--format", "json", "--trials", "2", "--jobs", "3"}, recorded...)
		code, recordedDoc, stderr := evalrun(append([]string{"run", "--base-url", srv.BaseURL(), "--record", dir}, args...)...)
		Expect(code).To(Equal(exitFail), stderr)
		served := srv.Requests()
		setenv("OPENAI_API_KEY", "")
		code, replayedDoc, stderr := evalrun(append([]string{"run", "--replay", dir}, args...)...)
		Expect(code).To(Equal(exitFail), stderr)
		Expect(srv.Requests()).To(Equal(served))
		Expect(replayedDoc).To(Equal(recordedDoc))
		Expect(recordedDoc).NotTo(ContainSubstring("sk-cli-secret-0000"))
	})

	It("replays the checked-in recordings", func() {
		if *updateRecordings {
			old, _ := filepath.Glob(filepath.Join(recordings, "*.json"))
			for _, f := range old {
				Expect(os.Remove(f)).To(Succeed())
			}
			srv := fakeEndpoint()
			code, _, stderr := evalrun(append([]string{"run", "--agent", "openai", "--model", fakeModel,
				"--base-url", srv.BaseURL(), "--record", recordings}, recorded...)...)
			Expect(code).To(Equal(exitFail), stderr)
		}
		code, stdout, stderr := evalrun(append([]string{"run", "--agent", "openai", "--model", fakeModel,
			"--replay", recordings, "--format", "json"}, recorded...)...)
		Expect(code).To(Equal(exitFail), stderr+"\n(the recordings are stale? go test ./cli -update-recordings)")
		doc := parseDoc(stdout)
		for _, t := range doc.Trials {
			Expect(t.Verdict).NotTo(Equal("error"), t.Error)
		}
	})

	It("exits 3 on a replay miss and names the missing recording", func() {
		dir := GinkgoT().TempDir()
		code, stdout, _ := evalrun("run", "--agent", "openai", "--model", fakeModel, "--replay", dir, recorded[0])
		Expect(code).To(Equal(exitHarness))
		Expect(stdout).To(MatchRegexp(`error: model turn 1: replay miss: no recording [0-9a-f]{64}\.json in ` + regexp.QuoteMeta(dir)))
	})

	It("tolerates errored trials up to --max-error-rate", func() {
		srv := fakeEndpoint()
		srv.Hook = func(w http.ResponseWriter, r *http.Request, _ int64) bool {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(b))
			if bytes.Contains(b, []byte("A2002")) { // refund-and-replacement's task
				openaitest.WriteError(w, http.StatusBadRequest, "", "this model cannot do that")
				return true
			}
			return false
		}
		args := append([]string{"run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(), "--format", "json"}, recorded...)
		code, stdout, _ := evalrun(args...)
		Expect(code).To(Equal(exitHarness), "by default any errored trial exits 3")
		doc := parseDoc(stdout)
		errs := 0
		for _, t := range doc.Trials {
			if t.Verdict == "error" {
				errs++
				Expect(t.Error).To(ContainSubstring("answered 400 Bad Request: this model cannot do that"))
			}
		}
		Expect(errs).To(BeNumerically(">", 0))
		rate := float64(errs) / float64(len(doc.Trials))
		code, _, _ = evalrun(append(args, "--max-error-rate", "1")...)
		Expect(code).To(Equal(exitFail), "errors tolerated; the false successes still fail the gate")
		code, _, _ = evalrun(append(args, "--max-error-rate", strings.TrimRight(strings.TrimRight(formatRate(rate*0.9), "0"), "."))...)
		Expect(code).To(Equal(exitHarness))
	})

	DescribeTable("rejects a bad backend setup with exit 2",
		func(want string, args ...string) {
			code, _, stderr := evalrun(append([]string{"run", "--agent", "openai"}, args...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("no model", "needs --model NAME"),
		Entry("no key for api.openai.com", "no API key for https://api.openai.com/v1: set OPENAI_API_KEY", "--model", "gpt-4o"),
		Entry("record and replay", "cannot be used together", "--model", "m", "--base-url", "http://x", "--record", "a", "--replay", "b"),
		Entry("a bad temperature", "want a number from 0 to 2", "--temperature", "hot"),
		Entry("a negative rps", "--rps must be at least 0", "--model", "m", "--rps", "-1"),
		Entry("a bad error rate", "--max-error-rate must be from 0 to 1", "--max-error-rate", "2"),
		Entry("a missing prices file", "prices: open /no/prices.yaml", "--model", "m", "--base-url", "http://x", "--prices", "/no/prices.yaml"),
		Entry("a missing system prompt", "--system-prompt: open /no/system.txt", "--model", "m", "--system-prompt", "/no/system.txt"),
	)

	It("is listed by evalrun list", func() {
		code, stdout, _ := evalrun("list")
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(ContainSubstring("a real model behind any OpenAI-compatible endpoint"))
	})

	It("rejects backend flags given to another agent", func() {
		code, _, stderr := evalrun("run", "--agent", "naive", "--model", "gpt-4o", "--rps", "2")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("--model, --rps: only for --agent openai, not naive"))
	})

	It("lists the backend flags in its usage text", func() {
		code, _, stderr := evalrun("run", "-h")
		Expect(code).To(Equal(exitPass))
		for _, f := range []string{"-model", "-base-url", "-api-type", "-api-version", "-temperature", "-max-retries",
			"-retry-budget", "-timeout", "-rps", "-record", "-replay", "-prices", "-system-prompt", "-max-error-rate"} {
			Expect(stderr).To(ContainSubstring("  " + f + " "))
		}
	})
})

func formatRate(r float64) string { return strconv.FormatFloat(r, 'f', 6, 64) }

var _ = Describe("evalrun run --agent openai with user replies", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", "")
		setenv("OPENAI_BASE_URL", "")
	})

	It("answers a model that asks before each write, and scores its last message", func() {
		list, err := scenarios.LoadPaths([]string{"../runner/testdata/store"})
		Expect(err).NotTo(HaveOccurred())
		s := list[0]
		ask := func(q string) agent.ScriptTurn { return agent.ScriptTurn{Say: q} }
		do := func(st *scenarios.Step) agent.ScriptTurn {
			return agent.ScriptTurn{Calls: []agent.ScriptCall{{Tool: st.Action.Tool, Args: st.Action.Args}}}
		}
		script := &agent.Script{Scenario: s.ID,
			Turns: []agent.ScriptTurn{ask("Shall I cancel order #W5918442?"), do(s.Steps[0]), ask("Shall I change your address too?"), do(s.Steps[1])},
			Final: "Done: I have cancelled order #W5918442 and changed your address to 1 Main St, Denver."}
		srv := openaitest.New(list, map[string]*agent.Script{s.ID: script})
		DeferCleanup(srv.Close)
		code, stdout, stderr := evalrun("run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--variant", "clean", "--format", "json", "../runner/testdata/store")
		Expect(code).To(Equal(exitPass), stderr)
		t := parseDoc(stdout).Trials[0]
		Expect(t.Verdict).To(Equal("success"), t.Error)
		var said []string
		for _, m := range t.Transcript {
			if m.Role == "user" || (m.Role == "assistant" && m.Content != "") {
				said = append(said, m.Role+": "+m.Content)
			}
		}
		Expect(said).To(Equal([]string{
			"user: " + s.Task,
			"assistant: Shall I cancel order #W5918442?", "user: yes",
			"assistant: Shall I change your address too?", "user: yes, go ahead",
			"assistant: " + script.Final,
		}))
	})
})
