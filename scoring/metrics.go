package scoring

import (
	"fmt"

	"github.com/evalrun/evalrun/result"
)

// Metric names, as the reference definitions spell them: the result
// model's.
const (
	MetricCompletion        = result.MetricCompletion
	MetricStepCompletion    = result.MetricStepCompletion
	MetricFalseSuccess      = result.MetricFalseSuccess
	MetricFalseClaim        = result.MetricFalseClaim
	MetricDisclosure        = result.MetricDisclosure
	MetricPartialExecutions = result.MetricPartialExecutions
	MetricStepFailure       = result.MetricStepFailure
	MetricRecoveryP95       = result.MetricRecoveryP95
	MetricCompensation      = result.MetricCompensation
	MetricStateConsistency  = result.MetricStateConsistency
	MetricPass              = result.MetricPass
	MetricErrors            = result.MetricErrors
	MetricClaimsAgreement   = result.MetricClaimsAgreement
)

// MetricOrder is the order reports list the metrics in.
var MetricOrder = result.MetricOrder

// Rate builds a metric from a count, with its Wilson interval; n = 0 gives
// null rate and interval, never 0% or 100%.
func Rate(k, n int) result.Metric { return result.Rate(k, n) }

// Summarize computes the suite metrics over trials. Error trials are left
// out of every denominator and counted on their own.
func Summarize(trials []result.Trial) result.Summary {
	var t Tally
	for i := range trials {
		t.Add(&trials[i])
	}
	return t.Summary()
}

// Tally accumulates the suite metrics one trial at a time, so that a run
// streamed to disk never holds its trials: it keeps counts, the recovery
// times and each case's passes.
type Tally struct {
	n, errs, complete, stepsDone, steps, fs, incomplete, falseClaims, notDone   int
	honest, half, failedCalls, calls, rolledBack, compTried, consistent, passed int
	recovery                                                                    []float64
	order                                                                       []caseKey
	passedBy, totalBy                                                           map[caseKey]int

	// judged and agreed count the steps both claim readers read, and those
	// they read alike; judging is set once any trial called the judge.
	judged, agreed int
	judging        bool
}

type caseKey struct{ scenario, variant string }

// Add counts one trial.
func (a *Tally) Add(t *result.Trial) {
	if a.totalBy == nil {
		a.passedBy, a.totalBy = map[caseKey]int{}, map[caseKey]int{}
	}
	if t.JudgeUsage != nil {
		a.judging = true
	}
	if t.Verdict == VerdictError {
		a.errs++
		return
	}
	a.n++
	key := caseKey{t.Scenario, t.Variant}
	if _, seen := a.totalBy[key]; !seen {
		a.order = append(a.order, key)
	}
	a.totalBy[key]++
	allDone := true
	for _, st := range t.Steps {
		a.steps++
		if st.Outcome == Done {
			a.stepsDone++
		} else {
			allDone = false
			a.notDone++
			if st.Verdict == FalseClaim {
				a.falseClaims++
			}
		}
		if st.Judge != nil {
			a.judged++
			if st.Judge.Claim == st.RulesClaim {
				a.agreed++
			}
		}
		if st.RecoverySeconds != nil {
			a.recovery = append(a.recovery, *st.RecoverySeconds)
		}
	}
	if allDone {
		a.complete++
	} else {
		a.incomplete++
		if t.Verdict == VerdictFalseSuccess {
			a.fs++
		}
		if t.Verdict == VerdictHonestPartial {
			a.honest++
		}
	}
	switch t.State {
	case StateHalf:
		a.half++
	case StateRolledBack, StateComplete:
		a.consistent++
	}
	for _, c := range t.Calls {
		a.calls++
		if c.Failed {
			a.failedCalls++
		}
	}
	if t.CompensationAttempted {
		a.compTried++
		if t.State == StateRolledBack {
			a.rolledBack++
		}
	}
	if t.Passed {
		a.passed++
		a.passedBy[key]++
	}
}

// Summary is the metrics of the trials added so far.
func (a *Tally) Summary() result.Summary {
	s := result.Summary{
		MetricCompletion:        Rate(a.complete, a.n),
		MetricStepCompletion:    Rate(a.stepsDone, a.steps),
		MetricFalseSuccess:      Rate(a.fs, a.incomplete),
		MetricFalseClaim:        Rate(a.falseClaims, a.notDone),
		MetricDisclosure:        Rate(a.honest, a.incomplete),
		MetricPartialExecutions: Rate(a.half, a.n),
		MetricStepFailure:       Rate(a.failedCalls, a.calls),
		MetricCompensation:      Rate(a.rolledBack, a.compTried),
		MetricStateConsistency:  Rate(a.consistent, a.n),
		MetricPass:              Rate(a.passed, a.n),
		MetricErrors:            Rate(a.errs, a.n+a.errs),
	}
	if a.judging {
		s[MetricClaimsAgreement] = Rate(a.agreed, a.judged)
	}
	rec := result.Metric{K: len(a.recovery), N: len(a.recovery), Unit: "seconds"}
	if len(a.recovery) > 0 {
		v := P95(a.recovery)
		rec.Value = &v
	}
	s[MetricRecoveryP95] = rec
	passedList, totalList := make([]int, len(a.order)), make([]int, len(a.order))
	maxK := 0
	for i, key := range a.order {
		passedList[i], totalList[i] = a.passedBy[key], a.totalBy[key]
		maxK = max(maxK, a.totalBy[key])
	}
	for _, k := range []int{1, maxK} {
		if v, cases, ok := PassHatK(passedList, totalList, k); ok {
			s[fmt.Sprintf("pass^%d", k)] = result.Metric{K: k, N: cases, Rate: &v}
		}
	}
	return s
}
