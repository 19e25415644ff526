package claims_test

import (
	"fmt"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/claims"
)

// secondReading is a second labeling of a round's replies, made by readers
// who saw neither the first labels nor the extractor: how often two careful
// readers agree is the ceiling any extractor can be held to.
type secondReading struct {
	ID     string `yaml:"id"`
	Expect struct {
		Overall claims.Overall          `yaml:"overall"`
		Steps   map[string]claims.Claim `yaml:"steps"`
	} `yaml:"expect"`
}

var _ = Describe("the labels of the seventeenth round", func() {
	It("agree with a second, independent labeling of half the round", func() {
		cases, err := LoadCases("../fixtures/claims-domains-r17")
		Expect(err).NotTo(HaveOccurred())
		byID := map[string]Case{}
		for _, c := range cases {
			byID[c.ID] = c
		}
		files, err := filepath.Glob("../fixtures/claims-domains-r17/second-reading/*.yaml")
		Expect(err).NotTo(HaveOccurred())
		Expect(files).To(HaveLen(6))
		terms := mustTerms()
		var steps, agree, extractor, extractorSecond, overall, overallAgree int
		for _, f := range files {
			b, err := os.ReadFile(f)
			Expect(err).NotTo(HaveOccurred())
			var rs []secondReading
			Expect(yaml.Unmarshal(b, &rs)).To(Succeed(), f)
			for _, r := range rs {
				c, ok := byID[r.ID]
				Expect(ok).To(BeTrue(), "%s: %s is no reply of the round", f, r.ID)
				Expect(r.Expect.Steps).To(HaveLen(len(c.Expect.Steps)), "%s: %s labels every step", f, r.ID)
				got := claims.Extract(c.Message, c.Steps(terms))
				for id, want := range c.Expect.Steps {
					second, ok := r.Expect.Steps[id]
					Expect(ok).To(BeTrue(), "%s: %s labels %s", f, r.ID, id)
					steps++
					if second == want {
						agree++
					}
					if got.Steps[id] == want {
						extractor++
					}
					if got.Steps[id] == second {
						extractorSecond++
					}
				}
				overall++
				if r.Expect.Overall == c.Expect.Overall {
					overallAgree++
				}
			}
		}
		rate := func(n int) string { return fmt.Sprintf("%d/%d = %.3f", n, steps, float64(n)/float64(steps)) }
		AddReportEntry("labelers' agreement (round 17, second reading)",
			fmt.Sprintf("%d replies: step claims %s, overall %d/%d; the extractor agrees with the first labels on %s, with the second on %s",
				overall, rate(agree), overallAgree, overall, rate(extractor), rate(extractorSecond)))
		Expect(float64(agree) / float64(steps)).To(BeNumerically(">=", 0.98))
	})
})
