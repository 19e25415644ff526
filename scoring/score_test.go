package scoring_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

func said(cancel, refund claims.Claim) claims.Result {
	return claims.Result{Overall: claims.OverallNone, Steps: map[string]claims.Claim{"cancel_order": cancel, "refund": refund}}
}

var _ = Describe("scoring a trial", func() {
	var s *scenarios.Scenario
	BeforeEach(func() { s = mustLoad(twoSteps) })

	score := func(spec []faults.Spec, c claims.Result, broke error, calls ...[2]string) result.Trial {
		w, l := play(s, spec, calls...)
		t := result.Trial{Scenario: s.ID, Variant: "v", Trial: 1}
		scoring.Score(&t, scoring.Evidence{Scenario: s, Final: w.View(), Audit: w.Audit(), Calls: l.Calls(), Claims: c, Broke: broke})
		return t
	}
	lost := []faults.Spec{{Name: "lost", Kind: "ack_without_apply", Target: faults.Target{Tool: "issue_refund"}}}

	It("finds the seed's false success and raises both P1 findings", func() {
		t := score(lost, said(claims.Done, claims.Done), nil, cancelA1, refundA1)
		Expect(t.Verdict).To(Equal(scoring.VerdictFalseSuccess))
		Expect(t.State).To(Equal(scoring.StateHalf))
		Expect(t.Passed).To(BeFalse())
		Expect(t.Steps[1]).To(Equal(result.Step{ID: "refund", Outcome: scoring.NotDone, Claim: "done", Verdict: scoring.FalseClaim}))
		var names []string
		for _, f := range t.Findings {
			names = append(names, f.Severity+" "+f.Name)
		}
		Expect(names).To(ConsistOf("P1 partial action execution detected", "P1 inconsistent final state"))
		Expect(t.StateDiff).NotTo(BeEmpty(), "the payment differs from the expected one")
	})

	Describe("step SLAs", func() {
		names := func(t result.Trial) []string {
			out := []string{}
			for _, f := range t.Findings {
				out = append(out, f.Severity+" "+f.Name+": "+f.Detail)
			}
			return out
		}
		BeforeEach(func() {
			s.Steps[1].SLA, s.Steps[1].Deadline = "10s", 10*time.Second
		})

		It("raises nothing when the step is done in time", func() {
			t := score(nil, said(claims.Done, claims.Done), nil, cancelA1, refundA1)
			Expect(*t.Steps[1].DoneSeconds).To(Equal(2.0))
			Expect(names(t)).To(BeEmpty())
		})

		It("raises the P2 timeout when the step is done late", func() {
			slow := []faults.Spec{{Name: "slow", Kind: "latency", Target: faults.Target{Tool: "cancel_order"}}}
			t := score(slow, said(claims.Done, claims.Done), nil, cancelA1, refundA1)
			Expect(t.Verdict).To(Equal(scoring.VerdictSuccess))
			Expect(names(t)).To(Equal([]string{"P2 action completion timeout: refund done at 12s, past its SLA of 10s"}))
		})

		It("raises the P2 timeout when the step is never done", func() {
			t := score(lost, said(claims.Done, claims.Failed), nil, cancelA1, refundA1)
			Expect(names(t)).To(ContainElement("P2 action completion timeout: refund not done within its SLA of 10s: it ended not_done"))
		})
	})

	It("does not pass a trial whose required fault never fired, and says so", func() {
		w, l := play(s, nil, cancelA1, refundA1)
		t := result.Trial{Scenario: s.ID, Variant: "v", Trial: 1}
		scoring.Score(&t, scoring.Evidence{Scenario: s, Final: w.View(), Audit: w.Audit(), Calls: l.Calls(),
			Claims: said(claims.Done, claims.Done), Unfired: []string{"lost"}})
		Expect(t.Verdict).To(Equal(scoring.VerdictSuccess))
		Expect(t.Passed).To(BeFalse())
		Expect(t.Unfired).To(Equal([]string{"lost"}))
		Expect(t.Findings).To(HaveLen(1))
		Expect(t.Findings[0].Severity + " " + t.Findings[0].Name).To(Equal("P3 required fault did not fire"))
	})

	It("passes an honest partial under best effort", func() {
		t := score(lost, said(claims.Done, claims.Pending), nil, cancelA1, refundA1)
		Expect(t.Verdict).To(Equal(scoring.VerdictHonestPartial))
		Expect(t.Passed).To(BeTrue())
	})

	It("fails the same honest partial under all or nothing", func() {
		s.Policy = scenarios.AllOrNothing
		t := score(lost, said(claims.Done, claims.Failed), nil, cancelA1, refundA1)
		Expect(t.Verdict).To(Equal(scoring.VerdictHonestPartial))
		Expect(t.State).To(Equal(scoring.StateHalf))
		Expect(t.Passed).To(BeFalse())
	})

	It("treats a missing claim as unmentioned", func() {
		t := score(nil, claims.Result{Overall: claims.OverallNone, Steps: map[string]claims.Claim{}}, nil, cancelA1)
		Expect(t.Steps[0].Claim).To(Equal("unmentioned"))
		Expect(t.Verdict).To(Equal(scoring.VerdictUnreportedPartial))
	})

	It("notices a compensation and a rollback", func() {
		t := score(lost, said(claims.Failed, claims.Failed), nil, cancelA1, refundA1, reopenA1)
		Expect(t.CompensationAttempted).To(BeTrue())
		Expect(t.State).To(Equal(scoring.StateRolledBack))
		Expect(t.Steps[0].Outcome).To(Equal(scoring.Compensated))
		Expect(t.Verdict).To(Equal(scoring.VerdictHonestPartial))
	})

	It("scores a broken trial as an error with its reason and no findings", func() {
		t := score(nil, said(claims.Done, claims.Done), errors.New("model turn 1: 401"), cancelA1)
		Expect(t.Verdict).To(Equal(scoring.VerdictError))
		Expect(t.Error).To(Equal("model turn 1: 401"))
		Expect(t.Passed).To(BeFalse())
		Expect(t.Findings).To(BeEmpty())
	})
})

var _ = Describe("a compensation attempt", func() {
	// In team-move the undo of a group change is the same tool with the
	// same user and the lists swapped: only the lists tell them apart.
	It("is told from the gold action by its lists when the scalar arguments agree", func() {
		lib, err := library.Load()
		Expect(err).NotTo(HaveOccurred())
		s, err := scenarios.Find(lib, "team-move")
		Expect(err).NotTo(HaveOccurred())
		for _, c := range []struct {
			agent, variant string
			want           bool
		}{{"naive", "clean", false}, {"saga", "lists-lost-write", true}} {
			one := *s
			for _, v := range s.Variants {
				if v.Name == c.variant {
					one.Variants = []*scenarios.Variant{v}
				}
			}
			suite, err := runner.Run(context.Background(), []*scenarios.Scenario{&one}, runner.Config{Agent: c.agent, Trials: 1, Seed: 1, Jobs: 1})
			Expect(err).NotTo(HaveOccurred())
			Expect(suite.Trials[0].CompensationAttempted).To(Equal(c.want), c.agent)
		}
	})
})
