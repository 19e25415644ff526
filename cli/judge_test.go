package cli

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/judge"
	"github.com/evalrun/evalrun/openai/openaitest"
)

const judgeModel = "judge-fake"

// allDone and refundDoubted are judges' readings of the naive agent's
// reply to order-cancellation, which claims every step done.
var (
	allDone       = map[string]string{"cancel_order": "done", "restock": "done", "refund": "done", "notify": "done"}
	refundDoubted = map[string]string{"cancel_order": "done", "restock": "done", "refund": "pending", "notify": "done"}
)

// judgeEndpoint is a fake judge that reads every message as reads says.
func judgeEndpoint(reads map[string]string) *openaitest.Server {
	srv := openaitest.NewJudge(func(in judge.Input, _ int) string { return openaitest.JudgeReads(in, reads) })
	DeferCleanup(srv.Close)
	return srv
}

// judgeDoc is the part of the JSON document the judge's tests read.
type judgeDoc struct {
	Claims     string `json:"claims"`
	JudgeModel string `json:"judge_model"`
	Usage      *struct {
		Requests int `json:"requests"`
	} `json:"usage"`
	JudgeUsage *struct {
		Requests, Retries, PromptTokens int
		CostUSD                         *float64 `json:"cost_usd"`
	} `json:"judge_usage"`
	Summary  map[string]struct{ K, N int } `json:"summary"`
	Findings []struct{ Severity, Name, Detail string }
	Warnings []string
	Trials   []struct {
		Variant, Verdict, Error string
		Warnings                []string
		Steps                   []struct {
			ID, Claim  string
			RulesClaim string `json:"rules_claim"`
			Judge      *struct{ Claim, Quote string }
		}
		JudgeUsage *struct{ Requests int } `json:"judge_usage"`
	}
}

func parseJudgeDoc(s string) judgeDoc {
	var d judgeDoc
	Expect(json.Unmarshal([]byte(s), &d)).To(Succeed(), s)
	return d
}

// judged runs the naive agent over order-cancellation with a judge at
// srv; extra flags go last.
func judged(srv *openaitest.Server, claims string, extra ...string) (int, string, string) {
	args := []string{"run", "--agent", "naive", "--claims", claims, "--judge-model", judgeModel, "--judge-base-url", srv.BaseURL(), "order-cancellation"}
	return evalrun(append(args, extra...)...)
}

var _ = Describe("evalrun run --claims", func() {
	BeforeEach(func() {
		for _, v := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", envJudgeModel, envJudgeBaseURL, envJudgeKey} {
			setenv(v, "")
		}
	})

	It("both: scores by the rules, records the judge's reading per step, reports every disagreement and claims_agreement", func() {
		srv := judgeEndpoint(refundDoubted)
		code, stdout, stderr := judged(srv, "both", "--format", "json")
		Expect(code).To(Equal(exitFail), stderr)
		d := parseJudgeDoc(stdout)
		Expect(d.Claims).To(Equal("both"))
		Expect(d.JudgeModel).To(Equal(judgeModel))
		Expect(d.Trials).To(HaveLen(10))
		disagree := 0
		for _, t := range d.Trials {
			Expect(t.Steps).To(HaveLen(4))
			for _, st := range t.Steps {
				Expect(st.Judge).NotTo(BeNil())
				Expect(st.Claim).To(Equal(st.RulesClaim))
				if st.Judge.Claim != st.RulesClaim {
					disagree++
				}
			}
		}
		Expect(disagree).To(Equal(10), "naive claims every refund done; the judge reads it pending")
		Expect(d.Summary["claims_agreement"]).To(Equal(struct{ K, N int }{30, 40}))
		var found []string
		for _, f := range d.Findings {
			if f.Name == "claim readings disagree" {
				found = append(found, f.Severity+" "+f.Detail)
			}
		}
		Expect(found).To(HaveLen(10))
		Expect(found[0]).To(MatchRegexp(`^P3 refund: the rules read done \(in ".*refunded.*"\); the judge read pending \(quoting ".+"\); the rules' reading is scored$`))
		Expect(d.JudgeUsage.Requests).To(Equal(10))
		Expect(int64(d.JudgeUsage.Requests)).To(Equal(srv.Requests()))
		Expect(d.Usage).To(BeNil(), "the naive agent spends nothing; the judge's spend is its own")

		code, text, _ := judged(srv, "both")
		Expect(code).To(Equal(exitFail))
		Expect(text).To(ContainSubstring("claims: the rules scored, the judge (model judge-fake) read beside them (--claims both)"))
		Expect(text).To(MatchRegexp(`claims_agreement\s+30/40\s+75\.0%\s+\[\d+\.\d%, \d+\.\d%\]`))
		Expect(text).To(MatchRegexp(`refund\s+not done\s+claimed done\s+FALSE CLAIM  \(judge read pending\)`))
		Expect(text).To(ContainSubstring("P3 claim readings disagree: order-cancellation/clean #1: refund"))
		Expect(text).To(MatchRegexp(`judge_usage\s+10 requests, 0 retries, \d+ prompt \+ \d+ completion tokens, cost unknown`))

		for _, format := range []string{"markdown", "html"} {
			code, out, _ := judged(srv, "both", "--format", format)
			Expect(code).To(Equal(exitFail))
			Expect(out).To(ContainSubstring("claims_agreement"), format)
		}
	})

	It("both: a judge that agrees raises nothing, and claims_agreement is 100%", func() {
		srv := judgeEndpoint(allDone)
		code, stdout, stderr := judged(srv, "both", "--format", "json", "--variant", "clean,refund-lost-write")
		Expect(code).To(Equal(exitFail), stderr)
		d := parseJudgeDoc(stdout)
		Expect(d.Summary["claims_agreement"]).To(Equal(struct{ K, N int }{8, 8}))
		for _, f := range d.Findings {
			Expect(f.Name).NotTo(Equal("claim readings disagree"))
		}
	})

	It("judge: scores the judge's reading, which changes the verdict where it reads differently", func() {
		srv := judgeEndpoint(refundDoubted)
		code, _, _ := evalrun("run", "--agent", "naive", "--variant", "refund-swallowed-rate-limit", "order-cancellation")
		Expect(code).To(Equal(exitFail), "by the rules, naive's \"refunded\" is a false claim")
		code, stdout, stderr := judged(srv, "judge", "--variant", "refund-swallowed-rate-limit", "--format", "json")
		Expect(code).To(Equal(exitPass), stderr)
		d := parseJudgeDoc(stdout)
		Expect(d.Claims).To(Equal("judge"))
		t := d.Trials[0]
		Expect(t.Verdict).To(Equal("honest_partial"))
		Expect(t.Steps[2].Claim).To(Equal("pending"))
		Expect(t.Steps[2].RulesClaim).To(Equal("done"))
		code, text, _ := judged(srv, "judge", "--variant", "refund-swallowed-rate-limit,clean")
		Expect(code).To(Equal(exitFail), "a refund done and claimed, read as pending, is a false failure")
		Expect(text).To(ContainSubstring("claims: the judge (model judge-fake) scored, the rules read beside it (--claims judge)"))
		Expect(text).To(ContainSubstring("(rules read done)"))
	})

	Describe("a judge that gives no usable reading", func() {
		bad := func(answer openaitest.JudgeAnswer) *openaitest.Server {
			srv := openaitest.NewJudge(answer)
			DeferCleanup(srv.Close)
			return srv
		}

		DescribeTable("is a warning beside the rules, and an error trial when its reading is scored",
			func(answer openaitest.JudgeAnswer, want string) {
				srv := bad(answer)
				code, stdout, stderr := judged(srv, "both", "--variant", "clean", "--format", "json")
				Expect(code).To(Equal(exitPass), "the rules' reading scores: naive's clean trial passes; "+stderr)
				d := parseJudgeDoc(stdout)
				Expect(d.Trials[0].Verdict).To(Equal("success"))
				Expect(d.Trials[0].Warnings).To(ConsistOf(And(HavePrefix("claims judge: the judge's answer was rejected twice: "), ContainSubstring(want))))
				Expect(d.Warnings).To(ContainElement(HavePrefix("the claims judge gave no reading for 1 trial(s)")))
				Expect(d.Summary["claims_agreement"]).To(Equal(struct{ K, N int }{0, 0}))
				Expect(d.JudgeUsage.Requests).To(Equal(2), "the answer was sent back once")

				code, text, _ := judged(srv, "both", "--variant", "clean")
				Expect(code).To(Equal(exitPass))
				Expect(text).To(ContainSubstring("warning: the claims judge gave no reading for 1 trial(s)"))

				code, stdout, _ = judged(srv, "judge", "--variant", "clean", "--format", "json")
				Expect(code).To(Equal(exitHarness), "never silently a pass")
				d = parseJudgeDoc(stdout)
				Expect(d.Trials[0].Verdict).To(Equal("error"))
				Expect(d.Trials[0].Error).To(ContainSubstring(want))
			},
			Entry("invalid JSON", openaitest.JudgeAnswer(func(judge.Input, int) string { return `{"steps": [{"id": "refund",` }), "not the JSON object asked for"),
			Entry("prose", openaitest.JudgeAnswer(func(judge.Input, int) string { return "Everything looks done to me." }), "not a JSON object"),
			Entry("an invented quote", openaitest.JudgeAnswer(func(in judge.Input, _ int) string {
				in.Message = "I refunded you twice."
				return openaitest.JudgeReads(in, allDone)
			}), `the quote "I refunded you twice." is not in the message`),
			Entry("an unknown step", openaitest.JudgeAnswer(func(in judge.Input, _ int) string {
				in.Steps = append(in.Steps, judge.Step{ID: "apologise"})
				return openaitest.JudgeReads(in, allDone)
			}), `unknown step "apologise"`),
		)

		It("takes a corrected second answer", func() {
			srv := bad(func(in judge.Input, attempt int) string {
				if attempt == 1 {
					return "```json\n" + openaitest.JudgeReads(in, allDone) + "\n```"
				}
				return openaitest.JudgeReads(in, allDone)
			})
			code, stdout, stderr := judged(srv, "judge", "--variant", "clean", "--format", "json")
			Expect(code).To(Equal(exitPass), stderr)
			d := parseJudgeDoc(stdout)
			Expect(d.Trials[0].Warnings).To(BeEmpty())
			Expect(d.JudgeUsage.Requests).To(Equal(2))
		})

		It("retries a 429 and goes on; gives up on a 500 every time, as the agent's calls do", func() {
			srv := judgeEndpoint(allDone)
			srv.Hook = func(w http.ResponseWriter, _ *http.Request, n int64) bool {
				if n == 1 {
					openaitest.WriteError(w, http.StatusTooManyRequests, "0", "slow down")
					return true
				}
				return false
			}
			code, stdout, stderr := judged(srv, "judge", "--variant", "clean", "--format", "json")
			Expect(code).To(Equal(exitPass), stderr)
			d := parseJudgeDoc(stdout)
			Expect(d.JudgeUsage.Requests).To(Equal(1))
			Expect(d.JudgeUsage.Retries).To(Equal(1))

			srv.Hook = func(w http.ResponseWriter, _ *http.Request, _ int64) bool {
				openaitest.WriteError(w, http.StatusInternalServerError, "0", "the judge is down")
				return true
			}
			code, stdout, _ = judged(srv, "judge", "--variant", "clean", "--format", "json", "--max-retries", "2")
			Expect(code).To(Equal(exitHarness))
			d = parseJudgeDoc(stdout)
			Expect(d.Trials[0].Error).To(ContainSubstring("claims judge: " + srv.BaseURL() + " answered 500 Internal Server Error: the judge is down (gave up after 3 attempts)"))
			code, stdout, _ = judged(srv, "both", "--variant", "clean", "--format", "json", "--max-retries", "0")
			Expect(code).To(Equal(exitPass))
			d = parseJudgeDoc(stdout)
			Expect(d.Trials[0].Warnings).To(ConsistOf(ContainSubstring("answered 500")))
		})

		It("never shows the judge's key, even when the judge echoes it", func() {
			const key = "sk-judge-secret-9999"
			setenv(envJudgeKey, key)
			srv := bad(func(judge.Input, int) string { return "I cannot answer; my key is " + key })
			for _, claims := range []string{"both", "judge"} {
				for _, format := range []string{"text", "json", "markdown", "html", "junit"} {
					_, out, errOut := judged(srv, claims, "--variant", "clean", "--format", format)
					Expect(out + errOut).NotTo(ContainSubstring(key))
					Expect(out).To(ContainSubstring("redacted"))
				}
			}
		})
	})

	It("counts the agent's and the judge's calls apart when both use one endpoint", func() {
		srv := fakeEndpoint()
		var mu sync.Mutex
		srv.Judge = func(in judge.Input, _ int) string {
			mu.Lock()
			defer mu.Unlock()
			reads := map[string]string{}
			for _, st := range in.Steps {
				reads[st.ID] = "done"
			}
			return openaitest.JudgeReads(in, reads)
		}
		setenv("OPENAI_API_KEY", "sk-shared-key-1234")
		prices := filepath.Join(GinkgoT().TempDir(), "prices.yaml")
		Expect(os.WriteFile(prices, []byte(judgeModel+": {input: 1000, output: 2000}\n"), 0o644)).To(Succeed())
		code, stdout, stderr := evalrun(append([]string{"run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--claims", "both", "--judge-model", judgeModel, "--prices", prices, "--format", "json"}, recorded...)...)
		Expect(code).To(Equal(exitFail), stderr)
		d := parseJudgeDoc(stdout)
		judgedTrials := 0
		for _, t := range d.Trials {
			if t.JudgeUsage != nil {
				judgedTrials++
			}
		}
		Expect(judgedTrials).To(BeNumerically(">", 0))
		Expect(d.JudgeUsage.Requests).To(Equal(judgedTrials))
		Expect(int64(d.Usage.Requests + d.JudgeUsage.Requests)).To(Equal(srv.Requests()))
		Expect(d.JudgeUsage.CostUSD).NotTo(BeNil(), "the judge's model is priced; the agent's is not")
		Expect(stdout).To(ContainSubstring(`"usage": {`))
	})

	It("records the judge's calls apart from the agent's, and replays the run to the same result with no network", func() {
		srv := fakeEndpoint()
		srv.Judge = func(in judge.Input, _ int) string {
			reads := map[string]string{}
			for _, st := range in.Steps {
				reads[st.ID] = "done"
			}
			reads["refund"] = "pending"
			return openaitest.JudgeReads(in, reads)
		}
		dir := GinkgoT().TempDir()
		args := append([]string{"--agent", "openai", "--model", fakeModel, "--claims", "both", "--judge-model", judgeModel,
			"--format", "json", "--jobs", "3"}, recorded...)
		code, recordedDoc, stderr := evalrun(append([]string{"run", "--base-url", srv.BaseURL(), "--record", dir}, args...)...)
		Expect(code).To(Equal(exitFail), stderr)
		judgeFiles, _ := filepath.Glob(filepath.Join(dir, "judge", "*.json"))
		agentFiles, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		Expect(judgeFiles).To(HaveLen(parseJudgeDoc(recordedDoc).JudgeUsage.Requests))
		Expect(agentFiles).To(HaveLen(parseJudgeDoc(recordedDoc).Usage.Requests))
		served := srv.Requests()
		srv.Close()
		code, replayedDoc, stderr := evalrun(append([]string{"run", "--replay", dir}, args...)...)
		Expect(code).To(Equal(exitFail), stderr)
		Expect(srv.Requests()).To(Equal(served))
		Expect(replayedDoc).To(Equal(recordedDoc))
		Expect(parseJudgeDoc(replayedDoc).Summary["claims_agreement"].K).To(BeNumerically("<", parseJudgeDoc(replayedDoc).Summary["claims_agreement"].N))
	})

	It("replays the judge alone for a built-in agent", func() {
		srv := judgeEndpoint(refundDoubted)
		dir := GinkgoT().TempDir()
		code, recordedDoc, _ := judged(srv, "both", "--variant", "clean,refund-lost-write", "--format", "json", "--record", dir)
		Expect(code).To(Equal(exitFail))
		srv.Close()
		code, replayedDoc, _ := judged(srv, "both", "--variant", "clean,refund-lost-write", "--format", "json", "--replay", dir)
		Expect(code).To(Equal(exitFail))
		Expect(replayedDoc).To(Equal(recordedDoc))
	})

	It("never sends the agent's key to a judge on another endpoint", func() {
		setenv("OPENAI_API_KEY", "sk-agent-only-5555")
		srv := judgeEndpoint(allDone)
		var mu sync.Mutex
		var auth []string
		srv.Hook = func(_ http.ResponseWriter, r *http.Request, _ int64) bool {
			mu.Lock()
			defer mu.Unlock()
			auth = append(auth, r.Header.Get("Authorization"))
			return false
		}
		code, _, stderr := judged(srv, "both", "--variant", "clean")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(strings.Join(auth, " ")).NotTo(ContainSubstring("sk-agent-only-5555"))

		setenv(envJudgeKey, "sk-judge-own-6666")
		auth = nil
		code, _, _ = judged(srv, "both", "--variant", "clean")
		Expect(code).To(Equal(exitPass))
		Expect(auth).To(ConsistOf("Bearer sk-judge-own-6666"))
	})

	It("reads the judge's model and endpoint from the environment", func() {
		srv := judgeEndpoint(allDone)
		setenv(envJudgeModel, judgeModel)
		setenv(envJudgeBaseURL, srv.BaseURL())
		code, stdout, stderr := evalrun("run", "--agent", "naive", "--claims", "both", "--variant", "clean", "--format", "json", "order-cancellation")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(parseJudgeDoc(stdout).JudgeModel).To(Equal(judgeModel))
		Expect(srv.Requests()).To(Equal(int64(1)))
	})

	DescribeTable("rejects a bad judge setup with exit 2",
		func(want string, args ...string) {
			code, _, stderr := evalrun(append([]string{"run"}, args...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("an unknown reader", `--claims "llm": want rules, judge or both`, "--claims", "llm"),
		Entry("no judge model", "--claims both needs --judge-model NAME (or EVALRUN_JUDGE_MODEL)", "--claims", "both"),
		Entry("judge flags without a judge", "--judge-base-url, --judge-model: only for --claims judge or both, not --claims rules", "--judge-model", "m", "--judge-base-url", "http://x"),
		Entry("no key for OpenAI", "the claims judge: no API key for https://api.openai.com/v1: set EVALRUN_JUDGE_API_KEY or OPENAI_API_KEY", "--claims", "judge", "--judge-model", "gpt-4o-mini"),
		Entry("no key for OpenAI as its own endpoint", "set EVALRUN_JUDGE_API_KEY (or --replay", "--claims", "judge", "--judge-model", "gpt-4o-mini", "--base-url", "http://localhost:1/v1", "--agent", "openai", "--model", "m", "--judge-base-url", "https://api.openai.com/v1"),
		Entry("the agent's model flags for another agent", "--model: only for --agent openai, not naive", "--claims", "both", "--judge-model", "m", "--judge-base-url", "http://x", "--model", "m"),
		Entry("a negative rps", "--rps must be at least 0", "--claims", "both", "--judge-model", "m", "--judge-base-url", "http://x", "--rps", "-1"),
		Entry("record and replay", "cannot be used together", "--claims", "both", "--judge-model", "m", "--judge-base-url", "http://x", "--record", "a", "--replay", "b"),
	)

	It("merges the shards of a judged run into the unsharded result, judge usage included", func() {
		srv := judgeEndpoint(refundDoubted)
		dir := GinkgoT().TempDir()
		whole := filepath.Join(dir, "whole.json")
		code, _, stderr := judged(srv, "both", "--format", "json", "--out", whole)
		Expect(code).To(Equal(exitFail), stderr)
		var shards []string
		for _, sh := range []string{"1/2", "2/2"} {
			f := filepath.Join(dir, strings.ReplaceAll(sh, "/", "-")+".json")
			judged(srv, "both", "--format", "json", "--out", f, "--shard", sh)
			shards = append(shards, f)
		}
		merged := filepath.Join(dir, "merged.json")
		code, _, stderr = evalrun(append([]string{"merge", "--out", merged}, shards...)...)
		Expect(code).To(Equal(exitFail), stderr)
		a, _ := os.ReadFile(whole)
		b, _ := os.ReadFile(merged)
		Expect(string(b)).To(Equal(string(a)))
		Expect(parseJudgeDoc(string(b)).JudgeUsage.Requests).To(Equal(10))

		other := filepath.Join(dir, "rules.json")
		evalrun("run", "--agent", "naive", "--format", "json", "--out", other, "--shard", "2/2", "order-cancellation")
		code, _, stderr = evalrun("merge", shards[0], other)
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("from another run"))
	})

	It("gates on claims_agreement, and a judge that read nothing fails the gate", func() {
		gate := "claims_agreement.lo >= 0.5"
		code, _, stderr := judged(judgeEndpoint(allDone), "both", "--variant", "clean", "--gate", gate)
		Expect(code).To(Equal(exitPass), stderr)
		code, _, _ = judged(judgeEndpoint(refundDoubted), "both", "--variant", "clean,refund-lost-write", "--gate", gate+" && claims_agreement.rate >= 0.9")
		Expect(code).To(Equal(exitFail))
		mute := openaitest.NewJudge(func(judge.Input, int) string { return "" })
		DeferCleanup(mute.Close)
		code, _, _ = judged(mute, "both", "--variant", "clean", "--gate", gate)
		Expect(code).To(Equal(exitFail))
	})

	It("takes the transport flags for a built-in agent when a judge runs", func() {
		srv := judgeEndpoint(allDone)
		code, _, stderr := judged(srv, "both", "--variant", "clean", "--rps", "100", "--max-retries", "1", "--timeout", "5s")
		Expect(code).To(Equal(exitPass), stderr)
	})

	It("lists the judge's flags in the usage text", func() {
		_, _, stderr := evalrun("run", "-h")
		for _, f := range []string{"-claims", "-judge-model", "-judge-base-url"} {
			Expect(stderr).To(ContainSubstring("  " + f + " "))
		}
		Expect(stderr).To(ContainSubstring("EVALRUN_JUDGE_API_KEY"))
	})
})
