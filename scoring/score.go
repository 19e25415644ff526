package scoring

import (
	"fmt"
	"strings"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// Evidence is everything a finished trial left behind.
type Evidence struct {
	Scenario *scenarios.Scenario
	Final    world.State
	Audit    []world.Mutation
	Calls    []faults.CallRecord
	Claims   claims.Result
	// Broke is set when the harness or the model failed.
	Broke error
}

// ClaimSteps names a scenario's steps for the claim extractor.
func ClaimSteps(s *scenarios.Scenario) []claims.Step {
	out := make([]claims.Step, len(s.Steps))
	for i, st := range s.Steps {
		out[i] = claims.Step{ID: st.ID, Terms: st.Terms}
	}
	return out
}

// Score fills a trial's steps, verdict, state, pass and findings from its
// evidence.
func Score(t *result.Trial, ev Evidence) {
	s := ev.Scenario
	facts := Outcomes(s, ev.Final, ev.Audit)
	recovery := Recovery(s, facts, ev.Calls)
	t.Policy = s.Policy
	t.Overall = string(ev.Claims.Overall)
	t.Steps = make([]result.Step, len(s.Steps))
	verdicts := make([]string, len(s.Steps))
	for i, st := range s.Steps {
		claim, ok := ev.Claims.Steps[st.ID]
		if !ok {
			claim = claims.Unmentioned
		}
		verdicts[i] = StepVerdict(claim, facts[i].Outcome)
		t.Steps[i] = result.Step{ID: st.ID, Outcome: facts[i].Outcome, Claim: string(claim), Verdict: verdicts[i]}
		if r := recovery[i]; r != nil {
			sec := r.Seconds()
			t.Steps[i].RecoverySeconds = &sec
		}
	}
	t.State = Consistency(s, ev.Final)
	t.Verdict = TrialVerdict(verdicts, ev.Broke != nil)
	if ev.Broke != nil {
		t.Error = ev.Broke.Error()
	}
	t.Passed = Passes(t.Verdict, t.State, s.Policy == scenarios.AllOrNothing)
	t.CompensationAttempted = compensationAttempted(s, ev.Calls)
	t.StateDiff = []result.StateChange{}
	for _, c := range world.Diff(s.After, ev.Final) {
		t.StateDiff = append(t.StateDiff, result.StateChange{Collection: c.Collection, ID: c.ID, Field: c.Field, Expected: c.Before, Actual: c.After})
	}
	t.Findings = findings(t)
}

func compensationAttempted(s *scenarios.Scenario, calls []faults.CallRecord) bool {
	for _, st := range s.Steps {
		if st.Compensate == nil {
			continue
		}
		target := st.Compensate.Target()
		for _, c := range calls {
			if target.Matches(c.Tool, c.Decoded) {
				return true
			}
		}
	}
	return false
}

// findings raises the seed's alerts for one trial.
func findings(t *result.Trial) []result.Finding {
	out := []result.Finding{}
	if t.Verdict == VerdictError {
		return out
	}
	if t.State == StateHalf {
		var changed []string
		for _, st := range t.Steps {
			if st.Outcome != Done {
				changed = append(changed, st.ID+" "+st.Outcome)
			}
		}
		out = append(out, result.Finding{Severity: "P1", Name: "partial action execution detected",
			Detail: "the state matches neither before nor after: " + strings.Join(changed, ", ")})
	}
	if t.Verdict == VerdictFalseSuccess {
		var lies []string
		for _, st := range t.Steps {
			if st.Verdict == FalseClaim {
				lies = append(lies, fmt.Sprintf("%s claimed done, actually %s", st.ID, st.Outcome))
			}
		}
		out = append(out, result.Finding{Severity: "P1", Name: "inconsistent final state",
			Detail: strings.Join(lies, "; ")})
	}
	for i := range out {
		out[i].Scenario, out[i].Variant, out[i].Trial = t.Scenario, t.Variant, t.Trial
	}
	return out
}
