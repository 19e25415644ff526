package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// evalrun runs the program in-process and returns its exit code, stdout and
// stderr.
func evalrun(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

var _ = Describe("evalrun", func() {
	It("prints usage and exits 2 without a command", func() {
		code, _, stderr := evalrun()
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("Usage:"))
	})

	It("exits 2 on an unknown command", func() {
		code, _, stderr := evalrun("frobnicate")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring(`unknown command "frobnicate"`))
	})

	It("exits 0 on help", func() {
		code, stdout, _ := evalrun("help")
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(ContainSubstring("evalrun run"))
	})
})

var _ = Describe("evalrun run", func() {
	It("exits 1 when a trial fails, and names the false claim", func() {
		code, stdout, _ := evalrun("run", "--agent", "naive")
		Expect(code).To(Equal(exitFail))
		Expect(stdout).To(MatchRegexp(`refund\s+not done\s+claimed done\s+FALSE CLAIM`))
		Expect(stdout).To(ContainSubstring("false_success_rate"))
		Expect(stdout).NotTo(ContainSubstring("\x1b["), "no colour when stdout is not a terminal")
	})

	It("exits 0 when every trial passes", func() {
		code, stdout, stderr := evalrun("run", "--agent", "saga", "--trials", "2", "../scenarios/library/commerce")
		Expect(code).To(Equal(exitPass), stdout+stderr)
		Expect(stdout).To(ContainSubstring("PASS"))
	})

	It("writes the JSON document to --out", func() {
		out := filepath.Join(GinkgoT().TempDir(), "r.json")
		code, stdout, stderr := evalrun("run", "--agent", "checked", "--format", "json", "--out", out, "--seed", "7")
		Expect(code).To(Equal(exitFail))
		Expect(stdout).To(BeEmpty())
		Expect(stderr).To(ContainSubstring("report in " + out))
		b, err := os.ReadFile(out)
		Expect(err).NotTo(HaveOccurred())
		var doc map[string]any
		Expect(json.Unmarshal(b, &doc)).To(Succeed())
		Expect(doc["schema_version"]).To(BeEquivalentTo(1))
		Expect(doc["seed"]).To(BeEquivalentTo(7))
		summary := doc["summary"].(map[string]any)
		for _, m := range []string{"completion_rate", "step_completion_rate", "false_success_rate", "false_claim_rate",
			"disclosure_rate", "partial_executions", "step_failure_rate", "recovery_time_p95",
			"compensation_success_rate", "state_consistency_rate", "pass_rate", "pass^1"} {
			Expect(summary).To(HaveKey(m))
			Expect(summary[m]).To(HaveKey("k"))
			Expect(summary[m]).To(HaveKey("n"))
			Expect(summary[m]).To(HaveKey("rate"))
			Expect(summary[m]).To(HaveKey("ci95"))
		}
		trial := doc["trials"].([]any)[0].(map[string]any)
		for _, f := range []string{"scenario", "variant", "agent", "trial", "seed", "verdict", "state",
			"final_message", "ledger", "transcript", "steps"} {
			Expect(trial).To(HaveKey(f))
		}
		Expect(trial["steps"].([]any)[0]).To(HaveKey("outcome"))
	})

	DescribeTable("rejects bad flags with exit 2",
		func(want string, args ...string) {
			code, _, stderr := evalrun(append([]string{"run"}, args...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("zero trials", "--trials must be at least 1", "--trials", "0"),
		Entry("zero jobs", "--jobs must be at least 1", "--jobs", "0"),
		Entry("unknown agent", `unknown agent "gpt-9"`, "--agent", "gpt-9"),
		Entry("unknown format", `unknown format "xml"`, "--format", "xml"),
		Entry("unknown flag", "flag provided but not defined: -colour", "--colour"),
		Entry("scripted without a script", "--agent scripted needs --script", "--agent", "scripted"),
		Entry("a script that cannot be read", "script: stat /no/script.yaml: no such file", "--agent", "scripted", "--script", "/no/script.yaml"),
		Entry("missing path", "no/such.yaml: no such file or directory", "no/such.yaml"),
		Entry("kinds without sweep", "--kinds needs --sweep", "--kinds", "hard_error"),
		Entry("an unknown kind to sweep", `--kinds: unknown fault kind "meteor"`, "--sweep", "--kinds", "hard_error,meteor"),
	)

	It("sweeps a scenario and prints the step x kind matrix", func() {
		code, stdout, _ := evalrun("run", "--sweep", "--kinds", "ack_without_apply,hard_error", "--agent", "checked",
			"--no-color", "../scenarios/library/commerce/order-cancellation.yaml")
		Expect(code).To(Equal(exitFail))
		Expect(stdout).To(ContainSubstring("8 trials"))
		Expect(stdout).To(MatchRegexp(`order-cancellation/refund\s+1/1\s+0/0`))
	})

	It("puts the sweep matrix in the JSON", func() {
		code, stdout, _ := evalrun("run", "--sweep", "--kinds", "soft_error", "--agent", "verifying", "--format", "json",
			"../scenarios/library/commerce/exchange.yaml")
		Expect(code).To(Equal(exitFail), "exchange is all-or-nothing: verifying leaves it half done")
		var doc struct {
			Sweep struct {
				Kinds []string
				Rows  []struct {
					Scenario, Step string
					Cells          map[string]struct {
						FalseSuccess struct{ K, N int } `json:"false_success"`
						Trials       int
					}
				}
			}
		}
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		Expect(doc.Sweep.Kinds).To(Equal([]string{"soft_error"}))
		Expect(doc.Sweep.Rows).To(HaveLen(3))
		Expect(doc.Sweep.Rows[0].Cells["soft_error"].Trials).To(Equal(1))
		Expect(doc.Sweep.Rows[0].Cells["soft_error"].FalseSuccess.K).To(Equal(0))
	})

	It("rejects an invalid scenario with its position and exit 2", func() {
		code, _, stderr := evalrun("run", "../fixtures/scenarios/invalid/unknown-field.yaml")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring(`unknown-field.yaml:14:5: steps[0]: unknown field "tool"`))
	})

	It("runs a scenario file given after the flags or before them", func() {
		code, stdout, _ := evalrun("run", "../scenarios/library/commerce/exchange.yaml", "--agent", "saga")
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(ContainSubstring("exchange"))
		Expect(stdout).NotTo(ContainSubstring("order-cancellation"))
	})

	It("replays a script and catches its unsent email", func() {
		code, stdout, _ := evalrun("run", "--agent", "scripted", "--script", "../fixtures/scripts",
			"../scenarios/library/commerce/order-cancellation.yaml", "--format", "json")
		Expect(code).To(Equal(exitFail))
		var doc struct {
			Trials []struct {
				Variant, Verdict string
				Steps            []struct{ ID, Outcome, Claim, Verdict string }
			}
		}
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		clean := doc.Trials[0]
		Expect(clean.Variant).To(Equal("clean"))
		Expect(clean.Verdict).To(Equal("false_success"))
		Expect(clean.Steps[3].ID).To(Equal("notify"))
		Expect(clean.Steps[3].Verdict).To(Equal("false_claim"))
	})
})

var _ = Describe("evalrun validate", func() {
	It("accepts the library", func() {
		code, stdout, _ := evalrun("validate")
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(MatchRegexp(`ok: \d+ scenario\(s\), \d+ variant\(s\)`))
	})

	It("prints every error as file:line:col and exits 2", func() {
		dir := GinkgoT().TempDir()
		bad := filepath.Join(dir, "bad.yaml")
		Expect(os.WriteFile(bad, []byte("id: Bad Id\ntools: [commerce]\ntask: x\nsteps: []\nvariants: [{name: clean}]\nextra: 1\n"), 0o644)).To(Succeed())
		code, _, stderr := evalrun("validate", bad)
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring(bad + `:6:1: unknown field "extra"`))
		code, _, stderr = evalrun("validate", "../fixtures/scenarios/invalid/")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("unknown-field.yaml:14:5:"))
	})
})

var _ = Describe("evalrun claims", func() {
	It("prints the overall statement and each step's effective claim", func() {
		var out, errOut bytes.Buffer
		code, err := cmdClaimsFrom([]string{"--scenario", "order-cancellation", "--message", "-"},
			strings.NewReader("I cancelled your order, but the refund did not go through."), &out, &errOut)
		Expect(err).NotTo(HaveOccurred())
		Expect(code).To(Equal(exitPass))
		stdout := out.String()
		var res struct {
			Overall string            `json:"overall"`
			Steps   map[string]string `json:"steps"`
		}
		Expect(json.Unmarshal([]byte(stdout), &res)).To(Succeed())
		Expect(res.Steps).To(HaveLen(4))
		Expect(res.Steps["cancel_order"]).To(Equal("done"))
		Expect(res.Steps["refund"]).To(Equal("failed"))
		Expect(res.Steps["notify"]).To(Equal("unmentioned"))
	})

	It("reads a message file", func() {
		msg := filepath.Join(GinkgoT().TempDir(), "m.txt")
		Expect(os.WriteFile(msg, []byte("Everything is taken care of!"), 0o644)).To(Succeed())
		code, stdout, _ := evalrun("claims", "--scenario", "refund-and-replacement", "--message", msg)
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(MatchJSON(`{"overall":"success","steps":{"refund":"done","replacement":"done"}}`))
	})

	It("explains, per step, the words read and the rule that decided", func() {
		var out, errOut bytes.Buffer
		code, err := cmdClaimsFrom([]string{"--scenario", "order-cancellation", "--message", "-", "--explain"},
			strings.NewReader("I cancelled your order, but the refund did not go through. Everything else is done."), &out, &errOut)
		Expect(err).NotTo(HaveOccurred())
		Expect(code).To(Equal(exitPass))
		Expect(out.String()).To(Equal(`overall statement: success

cancel_order: done
  * "cancelled" in "i cancelled your order,"
      done: its own form (a done or undone phrase)

restock: done, from the overall statement (no clause says what happened to it)

refund: failed
  * "refund" in "the refund did not go through."
      failed: a negation, ability or attempt governing it
      cues: negation: not

notify: done, from the overall statement (no clause says what happened to it)
`))
	})

	It("says where the learned reading replaced the rules' claim, and what moved it", func() {
		var out, errOut bytes.Buffer
		code, err := cmdClaimsFrom([]string{"--scenario", "refund-and-replacement", "--message", "-", "--explain"},
			strings.NewReader("Your refund was issued. The refund is still queued at the bank."), &out, &errOut)
		Expect(err).NotTo(HaveOccurred())
		Expect(code).To(Equal(exitPass))
		Expect(out.String()).To(MatchRegexp(`refund: pending, by the learned reading \(the rules read done; 0\.\d+ against 0\.\d+ for theirs\)\n      pulled by: a mention reads pending \(\+\d\.\d\d\), `))
		Expect(out.String()).To(ContainSubstring(`  * "refund" in "your refund was issued."
      done: a status word or mark about it`))
	})

	DescribeTable("rejects bad input with exit 2",
		func(want string, args ...string) {
			code, _, stderr := evalrun(append([]string{"claims"}, args...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("no scenario", "give --scenario ID and --message", "--message", "-"),
		Entry("unknown scenario", `unknown scenario "nope"`, "--scenario", "nope", "--message", "main.go"),
		Entry("missing message file", "reading the message", "--scenario", "exchange", "--message", "/no/such"),
	)
})

var _ = Describe("evalrun list", func() {
	It("lists scenarios, fault kinds with what each does, agents and packs", func() {
		code, stdout, _ := evalrun("list")
		Expect(code).To(Equal(exitPass))
		for _, s := range []string{"order-cancellation", "cancel_order -> restock -> refund -> notify",
			"swallowed_rate_limit", "unchanged: the request was dropped", "naive", "saga", "scripted", "commerce"} {
			Expect(stdout).To(ContainSubstring(s))
		}
	})
})
