package library_test

import (
	"context"
	"fmt"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

func TestLibrary(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "library")
}

// trials per case: the reference agents word their replies by seed, so a
// few trials exercise a few wordings.
const trials = 3

func load() []*scenarios.Scenario {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	return list
}

func run(agentName string, list []*scenarios.Scenario) *result.Suite {
	s, err := runner.Run(context.Background(), list, runner.Config{Agent: agentName, Trials: trials, Seed: 1, Jobs: 4})
	Expect(err).NotTo(HaveOccurred())
	return s
}

var _ = Describe("the bundled library", func() {
	It("has at least 30 scenarios in at least 6 domains, each with a fault-free variant and faulted ones", func() {
		list := load()
		Expect(len(list)).To(BeNumerically(">=", 30))
		domains := map[string]int{}
		for _, s := range list {
			domains[s.Domain]++
			clean, faulted := 0, 0
			for _, v := range s.Variants {
				if v.Clean() {
					clean++
				} else {
					faulted++
				}
			}
			Expect(clean).To(Equal(1), s.ID)
			Expect(faulted).To(BeNumerically(">=", 2), s.ID)
		}
		Expect(len(domains)).To(BeNumerically(">=", 6), fmt.Sprint(domains))
	})

	It("reads every step's phrases back right", func() {
		for _, s := range load() {
			Expect(saycheck.Check(s)).To(BeEmpty(), s.File)
		}
	})

	It("passes every fault-free variant with every reference agent", func() {
		var clean []*scenarios.Scenario
		for _, s := range load() {
			c := *s
			c.Variants = c.Variants[:0:0]
			for _, v := range s.Variants {
				if v.Clean() {
					c.Variants = append(c.Variants, v)
				}
			}
			clean = append(clean, &c)
		}
		for _, a := range []string{"naive", "checked", "verifying", "saga"} {
			for _, t := range run(a, clean).Trials {
				Expect(t.Verdict).To(Equal(scoring.VerdictSuccess), "%s %s/%s #%d: %s", a, t.Scenario, t.Variant, t.Trial, t.FinalMessage)
				Expect(t.Passed).To(BeTrue())
			}
		}
	})

	// Each variant says what the naive and saga agents get; every trial
	// must get it.
	for _, agentName := range []string{"naive", "saga"} {
		It("gives "+agentName+" the verdict each variant expects", func() {
			list := load()
			want := map[[2]string]string{}
			for _, s := range list {
				for _, v := range s.Variants {
					Expect(v.Expect).To(HaveKey(agentName), "%s/%s: expect has no %s", s.ID, v.Name, agentName)
					want[[2]string{s.ID, v.Name}] = v.Expect[agentName]
				}
			}
			for _, t := range run(agentName, list).Trials {
				Expect(t.Verdict).To(Equal(want[[2]string{t.Scenario, t.Variant}]),
					"%s/%s #%d: %s", t.Scenario, t.Variant, t.Trial, t.FinalMessage)
			}
		})
	}
})
