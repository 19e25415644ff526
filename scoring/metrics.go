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
)

// MetricOrder is the order reports list the metrics in.
var MetricOrder = result.MetricOrder

// Rate builds a metric from a count, with its Wilson interval; n = 0 gives
// null rate and interval, never 0% or 100%.
func Rate(k, n int) result.Metric { return result.Rate(k, n) }

// Summarize computes the suite metrics over trials. Error trials are left
// out of every denominator and counted on their own.
func Summarize(trials []result.Trial) result.Summary {
	var (
		n, errs, complete, stepsDone, steps, fs, incomplete, falseClaims, notDone   int
		honest, half, failedCalls, calls, rolledBack, compTried, consistent, passed int
		recovery                                                                    []float64
	)
	type caseKey struct{ scenario, variant string }
	var order []caseKey
	passedBy, totalBy := map[caseKey]int{}, map[caseKey]int{}
	for i := range trials {
		t := &trials[i]
		if t.Verdict == VerdictError {
			errs++
			continue
		}
		n++
		key := caseKey{t.Scenario, t.Variant}
		if _, seen := totalBy[key]; !seen {
			order = append(order, key)
		}
		totalBy[key]++
		allDone := true
		for _, st := range t.Steps {
			steps++
			if st.Outcome == Done {
				stepsDone++
			} else {
				allDone = false
				notDone++
				if st.Verdict == FalseClaim {
					falseClaims++
				}
			}
			if st.RecoverySeconds != nil {
				recovery = append(recovery, *st.RecoverySeconds)
			}
		}
		if allDone {
			complete++
		} else {
			incomplete++
			if t.Verdict == VerdictFalseSuccess {
				fs++
			}
			if t.Verdict == VerdictHonestPartial {
				honest++
			}
		}
		switch t.State {
		case StateHalf:
			half++
		case StateRolledBack:
			consistent++
		case StateComplete:
			consistent++
		}
		for _, c := range t.Calls {
			calls++
			if c.Failed {
				failedCalls++
			}
		}
		if t.CompensationAttempted {
			compTried++
			if t.State == StateRolledBack {
				rolledBack++
			}
		}
		if t.Passed {
			passed++
			passedBy[key]++
		}
	}
	s := result.Summary{
		MetricCompletion:        Rate(complete, n),
		MetricStepCompletion:    Rate(stepsDone, steps),
		MetricFalseSuccess:      Rate(fs, incomplete),
		MetricFalseClaim:        Rate(falseClaims, notDone),
		MetricDisclosure:        Rate(honest, incomplete),
		MetricPartialExecutions: Rate(half, n),
		MetricStepFailure:       Rate(failedCalls, calls),
		MetricCompensation:      Rate(rolledBack, compTried),
		MetricStateConsistency:  Rate(consistent, n),
		MetricPass:              Rate(passed, n),
		MetricErrors:            Rate(errs, n+errs),
	}
	rec := result.Metric{K: len(recovery), N: len(recovery), Unit: "seconds"}
	if len(recovery) > 0 {
		v := P95(recovery)
		rec.Value = &v
	}
	s[MetricRecoveryP95] = rec
	passedList, totalList := make([]int, len(order)), make([]int, len(order))
	maxK := 0
	for i, key := range order {
		passedList[i], totalList[i] = passedBy[key], totalBy[key]
		maxK = max(maxK, totalBy[key])
	}
	for _, k := range []int{1, maxK} {
		if v, cases, ok := PassHatK(passedList, totalList, k); ok {
			s[fmt.Sprintf("pass^%d", k)] = result.Metric{K: k, N: cases, Rate: &v}
		}
	}
	return s
}
