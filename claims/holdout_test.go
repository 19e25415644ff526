package claims_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The held-out replies were written apart from the extractor and are never
// used to tune it: they measure how it does on replies it has not seen. The
// floor is the last measured figure; the known misses pin which replies.
var _ = Describe("accuracy on the held-out replies", func() {
	It("is measured and reported", func() {
		cases, err := LoadCases("../fixtures/claims-holdout")
		Expect(err).NotTo(HaveOccurred())
		Expect(len(cases)).To(BeNumerically(">=", 100))
		terms, err := BundledTerms()
		Expect(err).NotTo(HaveOccurred())
		s := Accuracy(cases, terms)
		GinkgoWriter.Printf("holdout: %s", summary(s))
		AddReportEntry("claim accuracy (held out)", s.String())
		ratchet("held out, bundled terms", s)
		Expect(s.StepAccuracy()).To(BeNumerically(">=", 0.973), summary(s))
	})
})
