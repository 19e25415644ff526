package scoring_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/scoring"
)

var _ = Describe("statistics", func() {
	DescribeTable("Wilson 95% intervals match published values",
		func(k, n int, lo, hi float64) {
			l, h := scoring.Wilson(k, n)
			Expect(l).To(BeNumerically("~", lo, 5e-5))
			Expect(h).To(BeNumerically("~", hi, 5e-5))
		},
		Entry("0 of 10", 0, 10, 0.0, 0.2775),
		Entry("5 of 10", 5, 10, 0.2366, 0.7634),
		Entry("10 of 10", 10, 10, 0.7225, 1.0),
		Entry("1 of 1", 1, 1, 0.2065, 1.0),
		Entry("81 of 263", 81, 263, 0.2553, 0.3662),
	)

	It("gives an empty interval for n = 0", func() {
		l, h := scoring.Wilson(0, 0)
		Expect([]float64{l, h}).To(Equal([]float64{0, 0}))
	})

	DescribeTable("binomial coefficients",
		func(n, k int, want float64) { Expect(scoring.Binomial(n, k)).To(Equal(want)) },
		Entry(nil, 4, 2, 6.0), Entry(nil, 5, 0, 1.0), Entry(nil, 5, 5, 1.0), Entry(nil, 3, 4, 0.0), Entry(nil, 10, 3, 120.0),
	)

	It("computes pass^k as the mean of C(c,k)/C(n,k) over cases", func() {
		v, cases, ok := scoring.PassHatK([]int{2, 0, 4}, []int{4, 4, 4}, 2)
		Expect(ok).To(BeTrue())
		Expect(cases).To(Equal(3))
		Expect(v).To(BeNumerically("~", (1.0/6+0+1)/3, 1e-12))
		v, _, _ = scoring.PassHatK([]int{2, 0, 4}, []int{4, 4, 4}, 1)
		Expect(v).To(BeNumerically("~", 0.5, 1e-12))
	})

	It("leaves out cases with fewer trials than k", func() {
		v, cases, ok := scoring.PassHatK([]int{1, 3}, []int{1, 3}, 3)
		Expect(ok).To(BeTrue())
		Expect(cases).To(Equal(1))
		Expect(v).To(Equal(1.0))
		_, _, ok = scoring.PassHatK([]int{1}, []int{1}, 2)
		Expect(ok).To(BeFalse())
	})

	DescribeTable("p95 by nearest rank",
		func(values []float64, want float64) { Expect(scoring.P95(values)).To(Equal(want)) },
		Entry("one value", []float64{7}, 7.0),
		Entry("twenty values", []float64{20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}, 19.0),
		Entry("ten values", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 100}, 100.0),
		Entry("none", []float64{}, 0.0),
	)
})
