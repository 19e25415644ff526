package runner_test

import (
	"bytes"
	"context"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
)

// swept is the whole library swept over kinds.
func swept(kinds []string) []*scenarios.Scenario {
	var out []*scenarios.Scenario
	for _, s := range bundled() {
		sw, err := scenarios.Sweep(s, kinds)
		Expect(err).NotTo(HaveOccurred())
		out = append(out, sw)
	}
	return out
}

func jsonOf(s *result.Suite) []byte {
	var b bytes.Buffer
	Expect(report.JSON(&b, s, report.Options{})).To(Succeed())
	return b.Bytes()
}

// cell returns the false-success count of one step under one kind.
func cell(s *result.Suite, scenario, step, kind string) result.SweepCell {
	for _, r := range s.Sweep.Rows {
		if r.Scenario == scenario && r.Step == step {
			c, ok := r.Cells[kind]
			Expect(ok).To(BeTrue(), step+"/"+kind)
			return c
		}
	}
	Fail("no row " + scenario + "/" + step)
	return result.SweepCell{}
}

var _ = Describe("a sweep run", func() {
	It("is deterministic: the same seed gives the same JSON, whatever the number of workers", func() {
		list := swept([]string{"hard_error", "ack_without_apply", "duplicate_apply"})
		a := runSuite("checked", list, 2, 5, 1)
		b := runSuite("checked", list, 2, 5, 4)
		Expect(jsonOf(a)).To(Equal(jsonOf(b)))
		Expect(a.Sweep.Kinds).To(Equal([]string{"hard_error", "ack_without_apply", "duplicate_apply"}))
	})

	It("is deterministic with probabilities too: same seed, same ledgers", func() {
		s := *only("order-cancellation")[0]
		p := 0.5
		s.Variants = []*scenarios.Variant{{Name: "coin", Faults: []faults.Spec{
			{Name: "coin", Kind: "hard_error", Tool: "issue_refund", Target: faults.Target{Tool: "issue_refund"}, When: faults.When{Probability: &p}},
			{Name: "slow", Kind: "latency", Tool: "restock", Target: faults.Target{Tool: "restock"}, When: faults.When{Probability: &p}},
		}}}
		list := []*scenarios.Scenario{&s}
		a := runSuite("checked", list, 20, 9, 1)
		b := runSuite("checked", list, 20, 9, 3)
		Expect(jsonOf(a)).To(Equal(jsonOf(b)))
		fired, calls := 0, 0
		for _, t := range a.Trials {
			for _, in := range t.Ledger {
				if in.Fault == "coin" {
					fired++
				}
			}
			for _, c := range t.Calls {
				if c.Tool == "issue_refund" {
					calls++
				}
			}
		}
		Expect(fired).To(BeNumerically(">", 0))
		Expect(fired).To(BeNumerically("<", calls), "at p=0.5 some refund calls go through")
		c := runSuite("checked", list, 20, 10, 1)
		Expect(jsonOf(c)).NotTo(Equal(jsonOf(a)))
	})

	It("shows the seed's mitigations: which agent lies under which fault", func() {
		kinds := []string{"hard_error", "soft_error", "ack_without_apply", "partial_apply", "duplicate_apply", "timeout_after_commit"}
		list := swept(kinds)
		byAgent := map[string]*result.Suite{}
		for _, a := range []string{"naive", "checked", "verifying", "saga"} {
			byAgent[a] = runSuite(a, list, 1, 1, 2)
		}
		fs := func(agent, kind string) int {
			return cell(byAgent[agent], "order-cancellation", "refund", kind).FalseSuccess.K
		}

		By("naive lies under every fault that leaves the refund undone")
		for _, k := range []string{"hard_error", "soft_error", "ack_without_apply", "partial_apply", "duplicate_apply"} {
			Expect(fs("naive", k)).To(Equal(1), k)
		}
		By("checked recovers from the loud error, discloses the soft one, believes lost, partial and duplicate writes")
		Expect(cell(byAgent["checked"], "order-cancellation", "refund", "hard_error").FalseSuccess.N).To(Equal(0))
		Expect(fs("checked", "soft_error")).To(Equal(0))
		for _, k := range []string{"ack_without_apply", "partial_apply", "duplicate_apply"} {
			Expect(fs("checked", k)).To(Equal(1), k)
		}
		By("a blind retry after a timeout restocks twice")
		Expect(cell(byAgent["checked"], "order-cancellation", "restock", "timeout_after_commit").FalseSuccess.K).To(Equal(1))
		Expect(cell(byAgent["verifying"], "order-cancellation", "restock", "timeout_after_commit").FalseSuccess.N).To(Equal(0))
		By("verifying and saga never claim what is not done")
		for _, a := range []string{"verifying", "saga"} {
			for _, r := range byAgent[a].Sweep.Rows {
				for k, c := range r.Cells {
					Expect(c.FalseSuccess.K).To(Equal(0), a+" "+r.Scenario+"/"+r.Step+"/"+k)
				}
			}
		}
		By("the double refund is in the state and the verdict")
		for _, t := range byAgent["checked"].Trials {
			if t.Scenario == "order-cancellation" && t.Variant == "refund/duplicate_apply" {
				Expect(t.Verdict).To(Equal("false_success"))
				Expect(t.StateDiff).To(ContainElement(result.StateChange{Collection: "payments", ID: "P-5001", Field: "refunded", Expected: 120.0, Actual: 240.0}))
			}
		}
		By("saga undoes what it can: a soft error on the last write step leaves nothing half done")
		Expect(cell(byAgent["saga"], "order-cancellation", "notify", "soft_error").Half).To(Equal(0))
		Expect(cell(byAgent["verifying"], "order-cancellation", "notify", "soft_error").Half).To(Equal(1))
	})

	It("reports faults that never fired", func() {
		s := runSuite("naive", swept([]string{"stale_read"}), 1, 1, 1)
		c := cell(s, "order-cancellation", "refund", "stale_read")
		Expect(c.Unfired).To(Equal(1))
		Expect(c.Passed).To(Equal(0))
		var doc map[string]any
		Expect(json.Unmarshal(jsonOf(s), &doc)).To(Succeed())
		Expect(doc).To(HaveKey("sweep"))
	})
})

var _ = Describe("a run without a sweep", func() {
	It("has no matrix", func() {
		s, err := runner.Run(context.Background(), only("exchange"), runner.Config{Agent: "naive", Trials: 1, Seed: 1})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Sweep).To(BeNil())
	})
})

var _ = Describe("the library's SLA and retry variants", func() {
	It("raises the P2 timeout when the settled refund lands past the step's SLA", func() {
		s := runSuite("verifying", only("order-cancellation"), 1, 1, 1)
		t := trialOf(s, "order-cancellation", "refund-processing")
		Expect(t.Findings).To(ContainElement(HaveField("Name", "action completion timeout")))
		Expect(trialOf(s, "order-cancellation", "clean").Findings).To(BeEmpty())
	})

	It("lets careful agents recover from a transient error, with a recovery time", func() {
		s := runSuite("checked", only("order-cancellation"), 1, 1, 1)
		t := trialOf(s, "order-cancellation", "refund-transient-503")
		Expect(t.Verdict).To(Equal("success"))
		Expect(*t.Steps[2].RecoverySeconds).To(Equal(5.0), "the failed call at t, a 2s backoff, the 3s retry")
		Expect(s.Summary["recovery_time_p95"].Value).NotTo(BeNil())
	})
})
