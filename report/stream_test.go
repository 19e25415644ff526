package report_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
)

// streamed renders s through a format's stream, a trial at a time.
func streamed(format string, s *result.Suite) []byte {
	st, ok := report.LookupStream(format)
	Expect(ok).To(BeTrue())
	var b bytes.Buffer
	w, err := st(&b, s, report.Options{})
	Expect(err).NotTo(HaveOccurred())
	for i := range s.Trials {
		Expect(w.Trial(&s.Trials[i])).To(Succeed())
	}
	rest := *s
	rest.Trials = nil
	Expect(w.Close(&rest)).To(Succeed())
	return b.Bytes()
}

func loadFile(path string) *result.Suite {
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	var s result.Suite
	Expect(json.Unmarshal(b, &s)).To(Succeed())
	return &s
}

var _ = Describe("streamed reports", func() {
	DescribeTable("the streamed JSON is the document, byte for byte",
		func(path string) {
			s := hostileSuite()
			if path != "" {
				s = loadFile(path)
			}
			// A suite's findings are its trials' findings, in order: the
			// stream gathers them from the trials.
			s.Findings = []result.Finding{}
			for _, t := range s.Trials {
				s.Findings = append(s.Findings, t.Findings...)
			}
			var whole bytes.Buffer
			Expect(report.JSON(&whole, s, report.Options{})).To(Succeed())
			Expect(string(streamed("json", s))).To(Equal(whole.String()))
		},
		Entry("a run", suiteFile),
		Entry("a sweep", sweepFile),
		Entry("hostile strings", ""),
	)

	It("JSON Lines reads back as the same suite", func() {
		s := loadFile(suiteFile)
		back, err := result.Decode(bytes.NewReader(streamed("jsonl", s)))
		Expect(err).NotTo(HaveOccurred())
		var a, b bytes.Buffer
		Expect(report.JSON(&a, s, report.Options{})).To(Succeed())
		Expect(report.JSON(&b, back, report.Options{})).To(Succeed())
		Expect(b.String()).To(Equal(a.String()))
	})

	It("JSON Lines cut short by a kill still gives every finished trial", func() {
		s := loadFile(suiteFile)
		full := streamed("jsonl", s)
		lines := bytes.SplitAfter(full, []byte("\n"))
		cut := bytes.Join(lines[:4], nil)                // the header and three trials
		cut = append(cut, lines[4][:len(lines[4])/2]...) // and half a line
		back, err := result.Decode(bytes.NewReader(cut))
		Expect(errors.Is(err, result.ErrIncomplete)).To(BeTrue(), "%v", err)
		Expect(back.Trials).To(HaveLen(3))
		Expect(back.Agent).To(Equal(s.Agent))
		Expect(back.Trials[2].Scenario).To(Equal(s.Trials[2].Scenario))
	})
})

var _ = DescribeTable("ReadSummary reads a result's summary, cases and sweep without its trials",
	func(format, path string) {
		s := loadFile(path)
		file := GinkgoT().TempDir() + "/r." + format
		Expect(os.WriteFile(file, streamed(format, s), 0o644)).To(Succeed())
		got, err := result.ReadSummary(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(got.Trials).To(BeEmpty())
		Expect(got.Summary).To(Equal(s.Summary))
		Expect(got.Cases).To(Equal(s.Cases))
		Expect(got.Sweep).To(Equal(s.Sweep))
		Expect(got.Agent).To(Equal(s.Agent))
		full, err := result.Read(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(full.Trials).To(HaveLen(len(s.Trials)))
	},
	Entry(nil, "json", suiteFile),
	Entry(nil, "jsonl", suiteFile),
	Entry(nil, "json", sweepFile),
	Entry(nil, "jsonl", sweepFile),
)
