package cli

import (
	"encoding/json"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// results runs an agent over the commerce domain into a JSON file.
func results(agentName, seed string) string {
	out := filepath.Join(GinkgoT().TempDir(), agentName+seed+".json")
	code, _, stderr := evalrun("run", "--agent", agentName, "--seed", seed, "--trials", "3", "--format", "json", "--out", out, "../scenarios/library/commerce")
	Expect(code).NotTo(Equal(exitUsage), stderr)
	return out
}

var _ = Describe("evalrun compare", func() {
	It("exits 1 when the new run got significantly worse, and 0 when it got better", func() {
		saga, naive := results("saga", "1"), results("naive", "1")
		code, stdout, _ := evalrun("compare", "--no-color", saga, naive)
		Expect(code).To(Equal(exitFail))
		Expect(stdout).To(ContainSubstring("FAIL pass_rate, false_success_rate got significantly worse"))
		code, stdout, _ = evalrun("compare", "--no-color", naive, saga)
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(ContainSubstring("PASS no gated metric got significantly worse"))
	})

	It("writes JSON and Markdown", func() {
		saga, naive := results("saga", "1"), results("naive", "1")
		code, stdout, _ := evalrun("compare", "--format", "json", saga, naive)
		Expect(code).To(Equal(exitFail))
		var doc struct {
			Regressions []string
			Metrics     []struct {
				Metric string
				Change string
				P      *float64
			}
		}
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		Expect(doc.Regressions).To(ConsistOf("false_success_rate", "pass_rate"))
		_, stdout, _ = evalrun("compare", "--format", "markdown", saga, naive)
		Expect(stdout).To(HavePrefix("### evalrun compare: **pass_rate, false_success_rate got significantly worse**"))
	})

	It("gates only the metrics asked for", func() {
		saga, naive := results("saga", "1"), results("naive", "1")
		code, _, _ := evalrun("compare", "--metrics", "error_trials", saga, naive)
		Expect(code).To(Equal(exitPass))
	})

	DescribeTable("rejects input it cannot compare with exit 2",
		func(want string, args func() []string) {
			code, _, stderr := evalrun(append([]string{"compare"}, args()...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("one file", "give two result files", func() []string { return []string{"a.json"} }),
		Entry("a missing file", "no such file", func() []string { return []string{"nope.json", "nope2.json"} }),
		Entry("not a result", "not an evalrun result document", func() []string {
			f := filepath.Join(GinkgoT().TempDir(), "x.json")
			Expect(os.WriteFile(f, []byte(`{"a": 1}`), 0o644)).To(Succeed())
			return []string{f, f}
		}),
		Entry("a bad alpha", "--alpha must be between 0 and 1", func() []string { return []string{"--alpha", "2", "a", "b"} }),
	)
})

var _ = Describe("evalrun run --gate and --baseline", func() {
	It("replaces the default gate with an expression over the metrics", func() {
		code, _, stderr := evalrun("run", "--agent", "saga", "--trials", "3", "--gate", "false_success_rate.hi <= 0.10 && pass_rate.rate >= 0.9")
		Expect(code).To(Equal(exitPass), "saga fails 9 of 459 trials, but the gate holds")
		Expect(stderr).To(ContainSubstring("gate holds"))
		code, _, stderr = evalrun("run", "--agent", "naive", "--gate", "false_success_rate.hi <= 0.10")
		Expect(code).To(Equal(exitFail))
		Expect(stderr).To(ContainSubstring("gate fails: false_success_rate.hi <= 0.10"))
	})

	It("rejects a bad gate before anything runs", func() {
		code, stdout, stderr := evalrun("run", "--gate", "false_sucess_rate.hi < 1")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("unknown name false_sucess_rate"))
		Expect(stdout).To(BeEmpty())
		code, _, stderr = evalrun("run", "--gate", "pass_rate.rate")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("--gate"))
	})

	It("compares with a baseline and gates on a significant regression", func() {
		saga := results("saga", "1")
		code, _, stderr := evalrun("run", "--agent", "naive", "--trials", "3", "--baseline", saga, "../scenarios/library/commerce")
		Expect(code).To(Equal(exitFail))
		Expect(stderr).To(ContainSubstring("got significantly worse"))
		code, _, stderr = evalrun("run", "--agent", "saga", "--trials", "3", "--seed", "9", "--baseline", saga, "../scenarios/library/commerce")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stderr).To(ContainSubstring("PASS no gated metric got significantly worse"))
	})
})
