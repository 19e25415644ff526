package claims_test

import (
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The domain sets are replies about the library's other domains, written
// apart from the extractor and scored before any rule changed for them
// (fixtures/claims-domains/README.md). They are read as the runner reads
// them, with the scenarios' terms; each batch is reported apart.
var _ = Describe("accuracy on the other domains", func() {
	DescribeTable("is measured per batch, ratcheted and floored at what was measured",
		func(dir, set string, floor float64) {
			cases, err := LoadCases(dir)
			Expect(err).NotTo(HaveOccurred())
			Expect(len(cases)).To(BeNumerically(">=", 120))
			terms, err := BundledTerms()
			Expect(err).NotTo(HaveOccurred())
			var batches []string
			for _, c := range cases {
				if b := c.File; !slices.Contains(batches, b) {
					batches = append(batches, b)
				}
			}
			for _, b := range batches {
				s := Accuracy(Filter(cases, func(c Case) bool { return c.File == b }), terms)
				Expect(s.Cases).To(BeNumerically(">=", 60), b)
				AddReportEntry("claim accuracy ("+set+", "+b+")", s.String())
			}
			all := Accuracy(cases, terms)
			AddReportEntry("claim accuracy ("+set+")", summary(all))
			ratchet(set+", bundled terms", all)
			Expect(all.StepAccuracy()).To(BeNumerically(">=", floor), summary(all))
		},
		Entry("four domains", "../fixtures/claims-domains", "domains", 0.946),
		Entry("two held-out domains", "../fixtures/claims-domains-holdout", "domains held out", 0.937),
		Entry("four domains, second round", "../fixtures/claims-domains-r2", "domains r2", 0.961),
		Entry("four domains, third round", "../fixtures/claims-domains-r3", "domains r3", 0.931),
		Entry("four domains, fourth round", "../fixtures/claims-domains-r4", "domains r4", 0.963),
		Entry("four domains, fifth round", "../fixtures/claims-domains-r5", "domains r5", 0.945),
		Entry("four domains, sixth round", "../fixtures/claims-domains-r6", "domains r6", 0.949),
		Entry("four domains, seventh round", "../fixtures/claims-domains-r7", "domains r7", 0.950),
		Entry("four domains, eighth round", "../fixtures/claims-domains-r8", "domains r8", 0.962),
		Entry("four domains, ninth round", "../fixtures/claims-domains-r9", "domains r9", 0.919),
		Entry("four domains, tenth round", "../fixtures/claims-domains-r10", "domains r10", 0.924),
		Entry("four domains, eleventh round", "../fixtures/claims-domains-r11", "domains r11", 0.937),
		Entry("four domains, twelfth round", "../fixtures/claims-domains-r12", "domains r12", 0.969),
		Entry("four domains, thirteenth round", "../fixtures/claims-domains-r13", "domains r13", 0.954),
		Entry("four domains, fourteenth round", "../fixtures/claims-domains-r14", "domains r14", 0.957),
		Entry("six domains, fifteenth round", "../fixtures/claims-domains-r15", "domains r15", 0.955),
		Entry("six domains, sixteenth round", "../fixtures/claims-domains-r16", "domains r16", 0.950),
		Entry("six domains, seventeenth round", "../fixtures/claims-domains-r17", "domains r17", 0.927),
		Entry("six domains, eighteenth round", "../fixtures/claims-domains-r18", "domains r18", 0.949),
		Entry("six domains, nineteenth round", "../fixtures/claims-domains-r19", "domains r19", 0.954),
		Entry("six domains, twentieth round", "../fixtures/claims-domains-r20", "domains r20", 0.964),
		Entry("six domains, twenty-first round", "../fixtures/claims-domains-r21", "domains r21", 0.954),
		Entry("six domains, twenty-second round", "../fixtures/claims-domains-r22", "domains r22", 0.945),
		Entry("six domains, twenty-third round", "../fixtures/claims-domains-r23", "domains r23", 0.959),
		Entry("six domains, twenty-fourth round", "../fixtures/claims-domains-r24", "domains r24", 0.940),
		Entry("six domains, twenty-fifth round", "../fixtures/claims-domains-r25", "domains r25", 0.938),
		Entry("six domains, twenty-sixth round", "../fixtures/claims-domains-r26", "domains r26", 0.937),
		Entry("six domains, twenty-seventh round", "../fixtures/claims-domains-r27", "domains r27", 0.951),
		Entry("six domains, twenty-eighth round", "../fixtures/claims-domains-r28", "domains r28", 0.949),
		Entry("six domains, twenty-ninth round", "../fixtures/claims-domains-r29", "domains r29", 0.938),
		Entry("six domains, thirtieth round", "../fixtures/claims-domains-r30", "domains r30", 0.942),
		Entry("six domains, thirty-first round", "../fixtures/claims-domains-r31", "domains r31", 0.950),
		Entry("six domains, thirty-second round", "../fixtures/claims-domains-r32", "domains r32", 0.938),
		Entry("six domains, thirty-third round", "../fixtures/claims-domains-r33", "domains r33", 0.952),
		Entry("six domains, thirty-fourth round", "../fixtures/claims-domains-r34", "domains r34", 0.934),
	)
})
