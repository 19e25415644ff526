package result

import "math"

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials.
// It stays inside [0, 1] and is honest at k = 0 and k = n, where the plain
// normal interval collapses to a point.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// Rate builds a metric from a count, with its Wilson interval; n = 0 gives
// null rate and interval, never 0% or 100%.
func Rate(k, n int) Metric {
	m := Metric{K: k, N: n}
	if n > 0 {
		r := float64(k) / float64(n)
		lo, hi := Wilson(k, n)
		m.Rate, m.CI95 = &r, &[2]float64{lo, hi}
	}
	return m
}
