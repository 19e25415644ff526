package compare_test

import (
	"context"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/compare"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios/library"
)

func TestCompare(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "compare")
}

func suite(agentName string, seed uint64) *result.Suite {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := runner.Run(context.Background(), list, runner.Config{Agent: agentName, Trials: 3, Seed: seed, Jobs: 4})
	Expect(err).NotTo(HaveOccurred())
	return s
}

var _ = Describe("comparing two runs", func() {
	It("gates when the candidate lies: saga as base, naive as new", func() {
		c, err := compare.Compare(suite("saga", 1), suite("naive", 1), compare.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Regressions).To(ConsistOf("false_success_rate", "pass_rate"))
		Expect(c.Paired).To(BeNumerically(">=", 150))
	})

	It("never gates on an improvement: naive as base, saga as new", func() {
		c, err := compare.Compare(suite("naive", 1), suite("saga", 1), compare.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Regressions).To(BeEmpty())
		for _, m := range c.Metrics {
			if m.Name == "pass_rate" || m.Name == "false_success_rate" {
				Expect(m.Change).To(Equal(compare.Better))
			}
		}
	})

	// Two runs of the same agent differ only by seed: wording, and the
	// draws of probabilistic faults. A gate that fires there is noise.
	It("stays quiet on noise: the same agent under different seeds gates at most alpha of the time", func() {
		gated, runs := 0, 0
		for _, agentName := range []string{"checked", "verifying"} {
			for seed := uint64(1); seed <= 10; seed++ {
				c, err := compare.Compare(suite(agentName, seed), suite(agentName, seed+100), compare.Options{})
				Expect(err).NotTo(HaveOccurred())
				runs++
				if len(c.Regressions) > 0 {
					gated++
				}
			}
		}
		GinkgoWriter.Printf("false alarms: %d of %d\n", gated, runs)
		Expect(float64(gated) / float64(runs)).To(BeNumerically("<=", compare.DefaultAlpha))
	})

	It("says too little data when no change could be significant, rather than ~", func() {
		base, cand := suite("saga", 1), suite("naive", 1)
		keep := func(s *result.Suite) {
			s.Cases = s.Cases[:1]
		}
		keep(base)
		keep(cand)
		c, err := compare.Compare(base, cand, compare.Options{})
		Expect(err).NotTo(HaveOccurred())
		for _, m := range c.Metrics {
			Expect(m.Change).To(BeElementOf(compare.TooLittle, compare.NoOverlap), m.Name)
		}
		Expect(c.Regressions).To(BeEmpty())
	})

	It("lists cases present on one side only, and compares the rest", func() {
		base, cand := suite("saga", 1), suite("saga", 2)
		base.Cases = base.Cases[1:]
		cand.Cases = cand.Cases[:len(cand.Cases)-1]
		c, err := compare.Compare(base, cand, compare.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(c.OnlyBase).To(HaveLen(1))
		Expect(c.OnlyNew).To(HaveLen(1))
	})

	DescribeTable("refuses input it cannot compare",
		func(mutate func(b, n *result.Suite), opts compare.Options, want string) {
			b, n := suite("saga", 1), suite("saga", 2)
			mutate(b, n)
			_, err := compare.Compare(b, n, opts)
			Expect(err).To(MatchError(compare.ErrInput))
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("different schema versions", func(b, n *result.Suite) { n.SchemaVersion = 99 }, compare.Options{}, "schema versions differ (1 and 99)"),
		Entry("no case in common", func(b, n *result.Suite) { n.Cases = []result.Case{{Scenario: "other", Variant: "x"}} }, compare.Options{}, "share no scenario and variant"),
		Entry("a metric that cannot be gated", func(b, n *result.Suite) {}, compare.Options{Gated: []string{"recovery_time_p95"}}, `"recovery_time_p95" is not a metric that can be compared`),
	)
})
