package compare

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Draws and seeds of the resampling tests: fixed, so the same inputs
// always give the same p value and interval.
const (
	// ExactCases is the most cases whose sign flips are enumerated; above
	// it the permutation test draws PermutationDraws random flips.
	ExactCases       = 16
	PermutationDraws = 20000
	BootstrapDraws   = 10000
	seed1, seed2     = 0x5eed, 0xc0ffee
)

// lnC is the log of the binomial coefficient C(n, k).
func lnC(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// Fisher is the two-sided p value of Fisher's exact test on the 2x2 table
// k1 of n1 against k2 of n2: the probability, with the margins fixed, of a
// table no more likely than the one observed.
func Fisher(k1, n1, k2, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		return 1
	}
	k := k1 + k2
	n := n1 + n2
	lo, hi := max(0, k-n2), min(k, n1)
	p := func(x int) float64 { return math.Exp(lnC(n1, x) + lnC(n2, k-x) - lnC(n, k)) }
	obs := p(k1)
	sum := 0.0
	for x := lo; x <= hi; x++ {
		if px := p(x); px <= obs*(1+1e-7) {
			sum += px
		}
	}
	return math.Min(1, sum)
}

// FisherFloor is the smallest p value Fisher's test can give for samples
// of n1 and n2: below alpha, a difference can be detected at all.
func FisherFloor(n1, n2 int) float64 {
	return math.Min(Fisher(n1, n1, 0, n2), Fisher(0, n1, n2, n2))
}

// Holm adjusts p values for testing them together (Holm-Bonferroni): the
// i-th smallest is multiplied by the number not yet passed, and adjusted
// values never decrease in that order.
func Holm(ps []float64) []float64 {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return ps[idx[a]] < ps[idx[b]] })
	out := make([]float64, len(ps))
	running := 0.0
	for rank, i := range idx {
		adj := math.Min(1, float64(len(ps)-rank)*ps[i])
		running = math.Max(running, adj)
		out[i] = running
	}
	return out
}

// WeightedMean is the mean of diffs weighted by weights.
func WeightedMean(diffs, weights []float64) float64 {
	var s, w float64
	for i := range diffs {
		s += diffs[i] * weights[i]
		w += weights[i]
	}
	if w == 0 {
		return 0
	}
	return s / w
}

// SignFlip is the two-sided p value of a sign-flip permutation test on
// paired, weighted differences: under no change each difference is as
// likely negative as positive, so the observed weighted sum is compared
// with the sums of every flip of signs (exact up to ExactCases cases, else
// PermutationDraws draws from a fixed seed).
func SignFlip(diffs, weights []float64) float64 {
	m := len(diffs)
	if m == 0 {
		return 1
	}
	terms := make([]float64, m)
	obs := 0.0
	for i := range diffs {
		terms[i] = diffs[i] * weights[i]
		obs += terms[i]
	}
	obs = math.Abs(obs)
	tol := 1e-9 * (1 + obs)
	if m <= ExactCases {
		count := 0
		for mask := 0; mask < 1<<m; mask++ {
			t := 0.0
			for i, x := range terms {
				if mask&(1<<i) != 0 {
					t -= x
				} else {
					t += x
				}
			}
			if math.Abs(t) >= obs-tol {
				count++
			}
		}
		return float64(count) / float64(uint64(1)<<m)
	}
	rng := rand.New(rand.NewPCG(seed1, seed2))
	count := 0
	for d := 0; d < PermutationDraws; d++ {
		t := 0.0
		for _, x := range terms {
			if rng.IntN(2) == 0 {
				t -= x
			} else {
				t += x
			}
		}
		if math.Abs(t) >= obs-tol {
			count++
		}
	}
	return float64(count+1) / float64(PermutationDraws+1)
}

// SignFlipFloor is the smallest p value the sign-flip test can give for m
// cases.
func SignFlipFloor(m int) float64 {
	if m == 0 {
		return 1
	}
	if m > ExactCases {
		return 1 / float64(PermutationDraws+1)
	}
	return math.Min(1, 2/float64(uint64(1)<<m))
}

// Bootstrap is the 95% percentile interval of the weighted mean difference,
// resampling cases with replacement (BootstrapDraws draws, fixed seed).
func Bootstrap(diffs, weights []float64) [2]float64 {
	m := len(diffs)
	if m == 0 {
		return [2]float64{0, 0}
	}
	rng := rand.New(rand.NewPCG(seed2, seed1))
	means := make([]float64, BootstrapDraws)
	d, w := make([]float64, m), make([]float64, m)
	for b := range means {
		for i := 0; i < m; i++ {
			j := rng.IntN(m)
			d[i], w[i] = diffs[j], weights[j]
		}
		means[b] = WeightedMean(d, w)
	}
	sort.Float64s(means)
	at := func(q float64) float64 { return means[int(math.Round(q*float64(BootstrapDraws-1)))] }
	return [2]float64{at(0.025), at(0.975)}
}
