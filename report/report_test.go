package report_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

// The goldens are rendered from a real run made at test time (the checked
// agent, seed 1, two library scenarios; and a sweep of one), so a change in
// the runner or the scorer shows up in them. go test ./report -update
// refreshes them, the run's JSON document included.
const (
	suiteFile  = "../fixtures/reports/checked-seed1.json"
	textGolden = "../fixtures/reports/checked-seed1.txt"
	colorGold  = "../fixtures/reports/checked-seed1.color.txt"
)

// realRun runs the checked agent over the given library scenarios, swept
// with kinds when there are any, and checks its JSON document against the
// golden file at path.
func realRun(path string, ids []string, kinds []string) *result.Suite {
	lib, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	var list []*scenarios.Scenario
	for _, id := range ids {
		s, err := scenarios.Find(lib, id)
		Expect(err).NotTo(HaveOccurred())
		if kinds != nil {
			s, err = scenarios.Sweep(s, kinds)
			Expect(err).NotTo(HaveOccurred())
		}
		list = append(list, s)
	}
	suite, err := runner.Run(context.Background(), list, runner.Config{Agent: "checked", Trials: 1, Seed: 1, Jobs: 4})
	Expect(err).NotTo(HaveOccurred())
	var b bytes.Buffer
	Expect(report.JSON(&b, suite, report.Options{})).To(Succeed())
	golden(path, b.Bytes())
	return suite
}

func loadSuite() (*result.Suite, []byte) {
	s := realRun(suiteFile, []string{"exchange", "order-cancellation"}, nil)
	b, err := os.ReadFile(suiteFile)
	Expect(err).NotTo(HaveOccurred())
	return s, b
}

func golden(path string, got []byte) {
	if *update {
		Expect(os.WriteFile(path, got, 0o644)).To(Succeed())
		return
	}
	want, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred(), "run go test ./report -update to create it")
	Expect(string(got)).To(Equal(string(want)))
}

var _ = Describe("the text report", func() {
	It("matches the golden file", func() {
		s, _ := loadSuite()
		var b bytes.Buffer
		Expect(report.Text(&b, s, report.Options{})).To(Succeed())
		golden(textGolden, b.Bytes())
		Expect(b.String()).NotTo(ContainSubstring("\x1b["))
	})

	It("colours only when asked", func() {
		s, _ := loadSuite()
		var b bytes.Buffer
		Expect(report.Text(&b, s, report.Options{Color: true})).To(Succeed())
		Expect(b.String()).To(ContainSubstring("\x1b[31;1m"))
		golden(colorGold, b.Bytes())
	})

	It("shows n/a for a metric with no denominator", func() {
		Expect(report.FormatMetric("false_success_rate", result.Metric{})).To(Equal("n/a (n=0)"))
		r := 0.25
		Expect(report.FormatMetric("pass_rate", result.Metric{K: 1, N: 4, Rate: &r, CI95: &[2]float64{0.0456, 0.6994}})).
			To(Equal("  1/4   25.0%  [4.6%, 69.9%]"))
	})

	It("says when a run was interrupted", func() {
		var b bytes.Buffer
		Expect(report.Text(&b, &result.Suite{Interrupted: true, Summary: result.Summary{}}, report.Options{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring("interrupted"))
	})
})

var _ = Describe("the JUnit report", func() {
	It("matches the golden file and is valid XML with one case per trial", func() {
		s, _ := loadSuite()
		var b bytes.Buffer
		Expect(report.JUnit(&b, s, report.Options{})).To(Succeed())
		golden("../fixtures/reports/checked-seed1.junit.xml", b.Bytes())
		var doc struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Suites   []struct {
				Cases []struct {
					Name    string `xml:"name,attr"`
					Failure *struct {
						Type string `xml:"type,attr"`
					} `xml:"failure"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		Expect(xml.Unmarshal(b.Bytes(), &doc)).To(Succeed())
		failing := 0
		for _, t := range s.Trials {
			if !t.Passed {
				failing++
			}
		}
		Expect(doc.Tests).To(Equal(len(s.Trials)))
		Expect(doc.Failures).To(Equal(failing))
		scenarios := map[string]bool{}
		for _, c := range s.Cases {
			scenarios[c.Scenario] = true
		}
		Expect(doc.Suites).To(HaveLen(len(scenarios)))
	})
})

var _ = Describe("the JSON report", func() {
	It("round-trips the document byte for byte", func() {
		s, raw := loadSuite()
		var b bytes.Buffer
		Expect(report.JSON(&b, s, report.Options{})).To(Succeed())
		Expect(b.String()).To(Equal(string(raw)))
	})
})

var _ = Describe("the Markdown report", func() {
	It("is compact: the outcome, the metrics, the failing cases and the first failing trials' steps", func() {
		s, _ := loadSuite()
		var b bytes.Buffer
		Expect(report.Markdown(&b, s, report.Options{})).To(Succeed())
		out := b.String()
		failing := 0
		for _, t := range s.Trials {
			if !t.Passed {
				failing++
			}
		}
		Expect(out).To(HavePrefix(fmt.Sprintf("### evalrun: FAIL, %d of %d trials passed", len(s.Trials)-failing, len(s.Trials))))
		Expect(out).To(ContainSubstring("| `false_success_rate` |"))
		Expect(out).To(MatchRegexp(`\| refund \| not_done \| done \| \*\*false_claim\*\* \|`))
		Expect(strings.Count(out, "<details>")).To(BeNumerically("<=", report.MarkdownTrials+1))
		Expect(len(out)).To(BeNumerically("<", 65536), "a GitHub comment holds 65536 characters")
	})
})

var _ = Describe("the format registry", func() {
	It("knows text and json and rejects others", func() {
		Expect(report.Names()).To(ContainElements("json", "text"))
		_, err := report.Lookup("pdf")
		Expect(err).To(MatchError(ContainSubstring(`unknown format "pdf"`)))
	})
})

// A real sweep's JSON (checked agent, order-cancellation, five kinds).
const sweepFile = "../fixtures/reports/sweep-checked.json"

var _ = Describe("the sweep matrix", func() {
	load := func() *result.Suite {
		s := realRun(sweepFile, []string{"order-cancellation"}, []string{"hard_error", "ack_without_apply", "timeout_after_commit", "stale_read", "compensation_noop"})
		Expect(s.Sweep).NotTo(BeNil())
		return s
	}

	It("replaces the case table in the text report and matches the golden files", func() {
		s := load()
		var b bytes.Buffer
		Expect(report.Text(&b, s, report.Options{})).To(Succeed())
		golden("../fixtures/reports/sweep-checked.txt", b.Bytes())
		Expect(b.String()).To(ContainSubstring("order-cancellation/refund"))
		Expect(b.String()).NotTo(ContainSubstring("VARIANT"))
		b.Reset()
		Expect(report.Text(&b, s, report.Options{Color: true})).To(Succeed())
		golden("../fixtures/reports/sweep-checked.color.txt", b.Bytes())
	})

	It("prints each cell as the false-success count of its trials", func() {
		s := load()
		var b bytes.Buffer
		Expect(report.Text(&b, s, report.Options{})).To(Succeed())
		for _, r := range s.Sweep.Rows {
			for k, c := range r.Cells {
				var fs, n int
				for _, t := range s.Trials {
					if t.Cell == nil || t.Cell.Step != r.Step || t.Cell.Kind != k {
						continue
					}
					if t.Verdict == "false_success" {
						fs++
					}
					for _, st := range t.Steps {
						if st.Outcome != "done" {
							n++
							break
						}
					}
				}
				Expect(c.FalseSuccess.K).To(Equal(fs), r.Step+"/"+k)
				Expect(c.FalseSuccess.N).To(Equal(n), r.Step+"/"+k)
			}
		}
	})
})
