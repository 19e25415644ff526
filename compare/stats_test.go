package compare_test

import (
	"math"
	"math/rand/v2"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/compare"
	"github.com/evalrun/evalrun/result"
)

var _ = Describe("the statistics", func() {
	DescribeTable("Fisher's exact test matches published values",
		func(k1, n1, k2, n2 int, want float64) {
			Expect(compare.Fisher(k1, n1, k2, n2)).To(BeNumerically("~", want, 5e-7))
		},
		// R: fisher.test(matrix(c(3,1,1,3), 2))$p.value (the lady tasting tea)
		Entry("the tea-tasting table", 3, 4, 1, 4, 0.4857143),
		// R: fisher.test(matrix(c(1,9,11,3), 2))$p.value
		Entry("a lopsided table", 1, 10, 11, 14, 0.002759456),
		Entry("no difference", 5, 10, 5, 10, 1.0),
		Entry("everything against nothing, 3 a side", 3, 3, 0, 3, 0.1),
		Entry("an empty side", 0, 0, 3, 5, 1.0),
	)

	It("gives the smallest p a case can reach: 0.1 for three trials a side, as metrics.md says", func() {
		Expect(compare.FisherFloor(3, 3)).To(BeNumerically("~", 0.1, 1e-9))
		Expect(compare.FisherFloor(10, 10)).To(BeNumerically("<", 0.001))
	})

	DescribeTable("Holm-Bonferroni",
		func(ps, want []float64) {
			got := compare.Holm(ps)
			Expect(got).To(HaveLen(len(want)))
			for i := range want {
				Expect(got[i]).To(BeNumerically("~", want[i], 1e-12))
			}
		},
		Entry("four tests", []float64{0.01, 0.04, 0.03, 0.005}, []float64{0.03, 0.06, 0.06, 0.02}),
		Entry("capped at 1", []float64{0.6, 0.9}, []float64{1, 1}),
		Entry("one test is unchanged", []float64{0.02}, []float64{0.02}),
		Entry("none", []float64{}, []float64{}),
	)

	DescribeTable("Wilson intervals match published values",
		func(k, n int, lo, hi float64) {
			l, h := result.Wilson(k, n)
			Expect(l).To(BeNumerically("~", lo, 5e-5))
			Expect(h).To(BeNumerically("~", hi, 5e-5))
		},
		Entry(nil, 0, 10, 0.0, 0.2775),
		Entry(nil, 5, 10, 0.2366, 0.7634),
		Entry(nil, 10, 10, 0.7225, 1.0),
		Entry(nil, 81, 263, 0.2553, 0.3662),
	)

	// bruteSignFlip enumerates every sign vector, written independently of
	// the implementation under test.
	bruteSignFlip := func(d, w []float64) float64 {
		obs := 0.0
		for i := range d {
			obs += d[i] * w[i]
		}
		hits, total := 0, 0
		var rec func(i int, t float64)
		rec = func(i int, t float64) {
			if i == len(d) {
				total++
				if math.Abs(t) >= math.Abs(obs)-1e-9 {
					hits++
				}
				return
			}
			rec(i+1, t+d[i]*w[i])
			rec(i+1, t-d[i]*w[i])
		}
		rec(0, 0)
		return float64(hits) / float64(total)
	}

	It("the sign-flip test equals brute-force enumeration on small inputs", func() {
		rng := rand.New(rand.NewPCG(7, 7))
		for trial := 0; trial < 200; trial++ {
			m := 1 + rng.IntN(10)
			d, w := make([]float64, m), make([]float64, m)
			for i := range d {
				d[i] = float64(rng.IntN(7)-3) / 3
				w[i] = float64(1 + rng.IntN(5))
			}
			Expect(compare.SignFlip(d, w)).To(BeNumerically("~", bruteSignFlip(d, w), 1e-12), "%v %v", d, w)
		}
	})

	It("the sign-flip test reaches 2/2^m at best, and draws from a fixed seed past 16 cases", func() {
		Expect(compare.SignFlip([]float64{1, 1, 1, 1, 1}, []float64{1, 1, 1, 1, 1})).To(Equal(2.0 / 32))
		Expect(compare.SignFlipFloor(5)).To(Equal(2.0 / 32))
		d, w := make([]float64, 40), make([]float64, 40)
		for i := range d {
			d[i], w[i] = float64(i%3)-0.5, 3
		}
		p := compare.SignFlip(d, w)
		Expect(compare.SignFlip(d, w)).To(Equal(p), "the same inputs give the same p")
		Expect(p).To(BeNumerically(">", 0))
	})

	It("the bootstrap interval is fixed by its seed, holds the mean, and collapses on constant differences", func() {
		d, w := []float64{0.1, 0.3, -0.2, 0.4, 0.0, 0.2}, []float64{3, 3, 3, 6, 3, 3}
		ci := compare.Bootstrap(d, w)
		Expect(compare.Bootstrap(d, w)).To(Equal(ci))
		mean := compare.WeightedMean(d, w)
		Expect(ci[0]).To(BeNumerically("<=", mean))
		Expect(ci[1]).To(BeNumerically(">=", mean))
		Expect(compare.Bootstrap([]float64{0.5, 0.5, 0.5}, []float64{1, 2, 3})).To(Equal([2]float64{0.5, 0.5}))
	})
})
