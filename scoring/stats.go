package scoring

import (
	"math"
	"sort"

	"github.com/evalrun/evalrun/result"
)

// Wilson returns the 95% Wilson score interval of k successes in n trials
// (the result model's, which every report and comparison uses).
func Wilson(k, n int) (lo, hi float64) { return result.Wilson(k, n) }

// Binomial returns C(n, k) as a float, 0 when k > n.
func Binomial(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// PassHatK is the mean over cases of C(c,k)/C(n,k), where c of a case's n
// trials passed: the chance that k fresh trials all pass. Cases with fewer
// than k trials are left out; ok is false when none remain.
func PassHatK(passed, total []int, k int) (value float64, cases int, ok bool) {
	sum := 0.0
	for i := range total {
		if total[i] < k || k < 1 {
			continue
		}
		sum += Binomial(passed[i], k) / Binomial(total[i], k)
		cases++
	}
	if cases == 0 {
		return 0, 0, false
	}
	return sum / float64(cases), cases, true
}

// P95 is the 95th percentile by the nearest-rank method: the smallest value
// with at least 95% of the values at or below it.
func P95(values []float64) float64 {
	if len(values) == 0 {
		return 0
	}
	v := append([]float64(nil), values...)
	sort.Float64s(v)
	rank := int(math.Ceil(0.95 * float64(len(v))))
	return v[rank-1]
}
