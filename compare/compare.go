// Package compare compares two runs of a suite (model A against model B,
// prompt v1 against v2) the way the project's reference definitions say:
// cases paired by scenario and variant, trials inside a case a cluster, a
// sign-flip permutation test and a bootstrap interval over cases for the
// suite, Fisher's exact test and Holm's correction per case, and a gate
// that fires only on a significant change for the worse. It reads results
// only: it imports nothing of the engine.
package compare

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/evalrun/evalrun/result"
)

// DefaultAlpha is the significance level.
const DefaultAlpha = 0.05

// DefaultGated are the metrics a regression gate watches by default.
var DefaultGated = []string{result.MetricFalseSuccess, result.MetricPass}

// higherIsWorse says, for each compared metric, which way is a regression.
var higherIsWorse = map[string]bool{
	result.MetricPass: false, result.MetricCompletion: false, result.MetricStepCompletion: false,
	result.MetricFalseSuccess: true, result.MetricFalseClaim: true, result.MetricDisclosure: false,
	result.MetricStateConsistency: false, result.MetricPartialExecutions: true, result.MetricStepFailure: true,
	result.MetricCompensation: false, result.MetricErrors: true,
}

// Metrics lists the metrics a comparison covers, in report order: the
// rates (recovery time and pass^k are not counts).
func Metrics() []string {
	var out []string
	for _, m := range result.MetricOrder {
		if _, ok := higherIsWorse[m]; ok {
			out = append(out, m)
		}
	}
	return out
}

// Options are how to compare.
type Options struct {
	Alpha float64
	// Gated are the metrics whose regression fails the gate.
	Gated []string
}

// Side describes one run.
type Side struct {
	File   string `json:"file"`
	Agent  string `json:"agent"`
	Model  string `json:"model,omitempty"`
	Seed   uint64 `json:"seed"`
	Trials int    `json:"trials"`
}

// Change says what a difference amounts to.
const (
	Better    = "better"
	Worse     = "worse"
	Same      = "~"
	TooLittle = "too little data"
	NoOverlap = "n/a"
)

// Comparison is the whole result of comparing two runs.
type Comparison struct {
	Base  Side    `json:"base"`
	New   Side    `json:"new"`
	Alpha float64 `json:"alpha"`
	// Paired is the number of cases present in both runs.
	Paired  int          `json:"paired_cases"`
	Metrics []MetricDiff `json:"metrics"`
	// OnlyBase and OnlyNew list the cases present in one run only; they
	// are listed, not compared.
	OnlyBase []string `json:"only_in_base"`
	OnlyNew  []string `json:"only_in_new"`
	// Regressions lists the gated metrics that got significantly worse.
	Regressions []string `json:"regressions"`
}

// MetricDiff is one metric, suite-wide and per case.
type MetricDiff struct {
	Name          string        `json:"metric"`
	Gated         bool          `json:"gated"`
	HigherIsWorse bool          `json:"higher_is_worse"`
	Base          result.Metric `json:"base"`
	New           result.Metric `json:"new"`
	// Cases is the number of paired cases with trials on both sides.
	Cases int `json:"cases"`
	// Delta is the weighted mean of the per-case differences (new - base),
	// CI95 its bootstrap interval, P the sign-flip p value; PGate is P after
	// Holm's correction across the gated metrics.
	Delta  *float64     `json:"delta"`
	CI95   *[2]float64  `json:"ci95"`
	P      *float64     `json:"p"`
	PGate  *float64     `json:"p_gate,omitempty"`
	Change string       `json:"change"`
	ByCase []CaseChange `json:"by_case"`
}

// CaseChange is one case of one metric.
type CaseChange struct {
	Case string        `json:"case"`
	Base result.Metric `json:"base"`
	New  result.Metric `json:"new"`
	// P is Fisher's exact p, PHolm after Holm across the metric's cases.
	P      float64 `json:"p"`
	PHolm  float64 `json:"p_holm"`
	Change string  `json:"change"`
}

// Load reads a result file's summary and cases, JSON or JSON Lines,
// without holding its trials; a run that did not finish cannot be
// compared.
func Load(path string) (*result.Suite, error) {
	s, err := result.ReadSummary(path)
	if err != nil {
		return nil, err
	}
	if s.Tool != "evalrun" {
		return nil, fmt.Errorf("%s: not an evalrun result document (no \"tool\": \"evalrun\")", path)
	}
	return s, nil
}

// ErrInput marks input that cannot be compared (exit 2).
var ErrInput = errors.New("cannot compare")

// Compare compares base with new.
func Compare(base, new *result.Suite, opts Options) (*Comparison, error) {
	if opts.Alpha <= 0 || opts.Alpha >= 1 {
		opts.Alpha = DefaultAlpha
	}
	if opts.Gated == nil {
		opts.Gated = DefaultGated
	}
	for _, g := range opts.Gated {
		if _, ok := higherIsWorse[g]; !ok {
			return nil, fmt.Errorf("%w: %q is not a metric that can be compared (known: %s)", ErrInput, g, strings.Join(Metrics(), ", "))
		}
	}
	if base.SchemaVersion != new.SchemaVersion {
		return nil, fmt.Errorf("%w: schema versions differ (%d and %d)", ErrInput, base.SchemaVersion, new.SchemaVersion)
	}
	c := &Comparison{Base: side(base), New: side(new), Alpha: opts.Alpha, OnlyBase: []string{}, OnlyNew: []string{}, Regressions: []string{}}
	bc, nc := cases(base), cases(new)
	var paired []string
	for _, k := range keys(base) {
		if _, ok := nc[k]; ok {
			paired = append(paired, k)
		} else {
			c.OnlyBase = append(c.OnlyBase, k)
		}
	}
	for _, k := range keys(new) {
		if _, ok := bc[k]; !ok {
			c.OnlyNew = append(c.OnlyNew, k)
		}
	}
	if len(paired) == 0 {
		return nil, fmt.Errorf("%w: the two runs share no scenario and variant", ErrInput)
	}
	c.Paired = len(paired)
	var gatedAt []int
	var gatedP []float64
	for _, name := range Metrics() {
		md := diff(name, base, new, bc, nc, paired, opts.Alpha)
		md.Gated = slices.Contains(opts.Gated, name)
		if md.Gated && md.P != nil {
			gatedAt = append(gatedAt, len(c.Metrics))
			gatedP = append(gatedP, *md.P)
		}
		c.Metrics = append(c.Metrics, md)
	}
	for i, adj := range Holm(gatedP) {
		md := &c.Metrics[gatedAt[i]]
		a := adj
		md.PGate = &a
		if md.Change == Worse && adj < opts.Alpha {
			c.Regressions = append(c.Regressions, md.Name)
		}
	}
	return c, nil
}

func side(s *result.Suite) Side {
	return Side{Agent: s.Agent, Model: s.Model, Seed: s.Seed, Trials: len(s.Trials)}
}

func key(c result.Case) string { return c.Scenario + "/" + c.Variant }

func cases(s *result.Suite) map[string]result.Case {
	out := map[string]result.Case{}
	for _, c := range s.Cases {
		out[key(c)] = c
	}
	return out
}

func keys(s *result.Suite) []string {
	out := make([]string, len(s.Cases))
	for i, c := range s.Cases {
		out[i] = key(c)
	}
	return out
}

// diff compares one metric.
func diff(name string, base, new *result.Suite, bc, nc map[string]result.Case, paired []string, alpha float64) MetricDiff {
	md := MetricDiff{Name: name, HigherIsWorse: higherIsWorse[name], Base: base.Summary[name], New: new.Summary[name], ByCase: []CaseChange{}}
	var diffs, weights, ps []float64
	for _, k := range paired {
		a, b := bc[k].Summary[name], nc[k].Summary[name]
		if a.N == 0 || b.N == 0 {
			continue
		}
		ra, rb := float64(a.K)/float64(a.N), float64(b.K)/float64(b.N)
		diffs = append(diffs, rb-ra)
		weights = append(weights, float64(a.N+b.N)/2)
		cc := CaseChange{Case: k, Base: a, New: b, P: Fisher(a.K, a.N, b.K, b.N)}
		md.ByCase = append(md.ByCase, cc)
		ps = append(ps, cc.P)
	}
	for i, adj := range Holm(ps) {
		cc := &md.ByCase[i]
		cc.PHolm = adj
		cc.Change = judge(float64(cc.New.K)/float64(cc.New.N)-float64(cc.Base.K)/float64(cc.Base.N), adj, FisherFloor(cc.Base.N, cc.New.N), alpha, md.HigherIsWorse)
	}
	md.Cases = len(diffs)
	if md.Cases == 0 {
		md.Change = NoOverlap
		return md
	}
	d := WeightedMean(diffs, weights)
	ci := Bootstrap(diffs, weights)
	p := SignFlip(diffs, weights)
	md.Delta, md.CI95, md.P = &d, &ci, &p
	md.Change = judge(d, p, SignFlipFloor(md.Cases), alpha, md.HigherIsWorse)
	return md
}

// judge names a difference: significant for the better or the worse, not
// significant (~), or undetectable with this much data.
func judge(delta, p, floor, alpha float64, higherIsWorse bool) string {
	switch {
	case p < alpha && delta != 0:
		if (delta > 0) == higherIsWorse {
			return Worse
		}
		return Better
	case floor >= alpha:
		return TooLittle
	}
	return Same
}
