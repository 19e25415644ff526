package scoring

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
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
	// Message is the final message the claims were read from.
	Message string
	// Broke is set when the harness or the model failed.
	Broke error
	// Unfinished is set when the agent ran out of turns still calling
	// tools, with no final reply.
	Unfinished bool
	// MaxTurns is the turn limit it ran out of, for the finding.
	MaxTurns int
	// Unfired names the required faults that never fired.
	Unfired []string

	// Judge is the claims judge's reading of the final message, when it
	// read one: recorded beside the rules' reading, and scored instead of
	// it when ScoreJudge is set.
	Judge map[string]result.JudgeClaim
	// ScoreJudge scores the judge's reading instead of the rules'.
	ScoreJudge bool
	// JudgeError says why the judge gave no reading; it becomes a warning
	// on the trial.
	JudgeError string
}

// ClaimSteps names a scenario's steps for the claim extractor: each with
// its terms, the phrases its action's tool declares and its own.
func ClaimSteps(s *scenarios.Scenario) []claims.Step {
	out := make([]claims.Step, len(s.Steps))
	for i, st := range s.Steps {
		out[i] = claims.Step{ID: st.ID, Terms: st.Terms, Objects: objects(st.Action.Args), Tool: st.Action.Tool,
			Values: values(st.Action.Args), Targets: targets(st.Action.Args), Items: items(st.Action.Args)}
		if c := st.Compensate; c != nil && c.Tool == st.Action.Tool {
			out[i].Restores = targets(c.Args)
		}
		if s.Toolbox != nil {
			if t, ok := s.Toolbox.Tool(st.Action.Tool); ok {
				if p, ok := t.(mocktools.Phraser); ok {
					out[i].Phrases = p.Phrases()
				}
			}
		}
		if st.Says != nil {
			out[i].Phrases = out[i].Phrases.With(*st.Says)
		}
	}
	return out
}

// targets are an action's scalar argument values as text.
func targets(args map[string]any) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(args)) {
		switch v := args[k].(type) {
		case string:
			out = append(out, v)
		case float64:
			out = append(out, strconv.FormatFloat(v, 'f', -1, 64))
		case int:
			out = append(out, strconv.Itoa(v))
		case bool:
			out = append(out, strconv.FormatBool(v))
		}
	}
	return out
}

// items are the identifiers of an action's one list argument of two or
// more ("service_ids: [payments-api, payments-worker]"); none when it has
// several such lists, since a reply's item would not say whose.
func items(args map[string]any) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(args)) {
		l, ok := args[k].([]any)
		if !ok || len(l) < 2 {
			continue
		}
		if out != nil {
			return nil
		}
		for _, a := range l {
			v, ok := a.(string)
			if !ok || !strings.ContainsAny(v, "0123456789-") {
				return nil // only identifiers: "visit_notes" is no name a reply writes
			}
			out = append(out, v)
		}
	}
	return out
}

// values are the identifiers among an action's arguments, alone or in a
// list: strings with a digit, a hyphen, an underscore or an @ ("SL-0410",
// "payments-api", "billing@kestrel.dev", the groups of [eng-platform,
// github-org]).
func values(args map[string]any) []string {
	var out []string
	add := func(a any) {
		v, ok := a.(string)
		if !ok || len(v) < 3 || len(v) > 64 || strings.ContainsAny(v, " \t\n") || slices.Contains(out, v) {
			return
		}
		if strings.ContainsAny(v, "0123456789-_@") {
			out = append(out, v)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		if l, ok := args[k].([]any); ok {
			for _, a := range l {
				add(a)
			}
			continue
		}
		add(args[k])
	}
	return out
}

// objects are the records an action acts on, by its id arguments
// ("order_id" gives "order" and "orders"): words that name the record, not
// the step.
func objects(args map[string]any) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(args)) {
		k = strings.ToLower(k)
		base, ok := strings.CutSuffix(k, "_id")
		if !ok {
			base, ok = strings.CutSuffix(k, "_ids")
		}
		if !ok {
			continue
		}
		words := strings.Split(base, "_")
		w := words[len(words)-1]
		if len(w) >= 3 && !slices.Contains(out, w) {
			out = append(out, w, w+"s")
		}
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
		rules := claim
		var jc *result.JudgeClaim
		if r, ok := ev.Judge[st.ID]; ok {
			jc = &r
			if ev.ScoreJudge {
				claim = claims.Claim(r.Claim)
			}
		}
		verdicts[i] = StepVerdict(claim, facts[i].Outcome)
		t.Steps[i] = result.Step{ID: st.ID, Outcome: facts[i].Outcome, Claim: string(claim), Verdict: verdicts[i]}
		if ev.Judge != nil {
			t.Steps[i].RulesClaim, t.Steps[i].Judge = string(rules), jc
		}
		if r := recovery[i]; r != nil {
			sec := r.Seconds()
			t.Steps[i].RecoverySeconds = &sec
		}
		if at := facts[i].DoneAt; facts[i].Outcome == Done && len(at) > 0 {
			sec := at[len(at)-1].Seconds()
			t.Steps[i].DoneSeconds = &sec
		}
	}
	diff := world.Diff(s.After, ev.Final)
	var stray []world.Change
	if s.ExactWorld {
		stray = scenarios.Untouched(s, diff)
	}
	t.State = consistency(s, ev.Final, stray)
	t.Verdict = TrialVerdict(verdicts, ev.Broke != nil, ev.Unfinished)
	if ev.Broke != nil {
		t.Error = ev.Broke.Error()
	}
	t.Passed = Passes(t.Verdict, t.State, s.Policy == scenarios.AllOrNothing) && len(stray) == 0
	if len(ev.Unfired) > 0 && t.Verdict != VerdictError {
		t.Unfired = ev.Unfired
		t.Passed = false
	}
	t.CompensationAttempted = compensationAttempted(s, ev.Calls)
	t.StateDiff = []result.StateChange{}
	for _, c := range diff {
		t.StateDiff = append(t.StateDiff, result.StateChange{Collection: c.Collection, ID: c.ID, Field: c.Field, Expected: c.Before, Actual: c.After})
	}
	if ev.JudgeError != "" {
		t.Warnings = append(t.Warnings, JudgeWarning+ev.JudgeError)
	}
	t.Findings = findings(s, t, ev.MaxTurns, stray)
	if t.Verdict != VerdictError {
		t.Findings = append(t.Findings, disagreements(s, t, ev.Message, ev.ScoreJudge)...)
	}
}

// MaxStrayListed bounds the stray writes a finding names one by one.
const MaxStrayListed = 5

// strayDetail names stray writes: where, and from what to what.
func strayDetail(stray []world.Change) string {
	var parts []string
	for _, c := range stray[:min(len(stray), MaxStrayListed)] {
		ref := scenarios.ChangeRef(c).String()
		switch {
		case c.Before == nil && c.Field == "":
			parts = append(parts, ref+" created")
		case c.After == nil && c.Field == "":
			parts = append(parts, ref+" deleted")
		default:
			parts = append(parts, fmt.Sprintf("%s %s -> %s", ref, brief(c.Before), brief(c.After)))
		}
	}
	if len(stray) > MaxStrayListed {
		parts = append(parts, fmt.Sprintf("and %d more", len(stray)-MaxStrayListed))
	}
	return "the world must equal the gold result (exact_world), and these changes are not in it: " + strings.Join(parts, "; ")
}

// brief is a value as compact JSON, cut at 60 characters.
func brief(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if s := []rune(string(b)); len(s) > 60 {
		return string(s[:57]) + "..."
	}
	return string(b)
}

// seconds prints simulated seconds as a duration: 95 -> "1m35s".
func seconds(sec float64) string {
	return time.Duration(sec * float64(time.Second)).String()
}

// compensationAttempted says whether a call undid a step. When the undo
// and the gold action are the same tool with the same scalar arguments (a
// group change and its reverse differ only in their lists), a call counts
// as the undo only when its arguments are the undo's, lists included.
func compensationAttempted(s *scenarios.Scenario, calls []faults.CallRecord) bool {
	for _, st := range s.Steps {
		if st.Compensate == nil {
			continue
		}
		target := st.Compensate.Target()
		ambiguous := st.Action.Target().Tool == target.Tool && world.Equal(world.Clone(st.Action.Target().Args), world.Clone(target.Args))
		for _, c := range calls {
			if !target.Matches(c.Tool, c.Decoded) {
				continue
			}
			if !ambiguous || world.Equal(world.Clone(map[string]any(c.Decoded)), world.Clone(st.Compensate.Args)) {
				return true
			}
		}
	}
	return false
}

// findings raises the seed's alerts for one trial.
func findings(s *scenarios.Scenario, t *result.Trial, maxTurns int, stray []world.Change) []result.Finding {
	out := []result.Finding{}
	if t.Verdict == VerdictError {
		return out
	}
	if t.Verdict == VerdictUnfinished {
		out = append(out, result.Finding{Severity: "P2", Name: "agent did not finish",
			Detail: fmt.Sprintf("still calling tools after %d turns: no final reply to score", maxTurns)})
	}
	if t.State == StateHalf {
		var changed []string
		for _, st := range t.Steps {
			if st.Outcome != Done {
				changed = append(changed, st.ID+" "+st.Outcome)
			}
		}
		// Half only because of stray writes: the finding below says so.
		if len(changed) > 0 || len(stray) == 0 {
			out = append(out, result.Finding{Severity: "P1", Name: "partial action execution detected",
				Detail: "the state matches neither before nor after: " + strings.Join(changed, ", ")})
		}
	}
	if len(stray) > 0 {
		out = append(out, result.Finding{Severity: "P1", Name: "stray write detected", Detail: strayDetail(stray)})
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
	for i, st := range s.Steps {
		if st.Deadline == 0 {
			continue
		}
		step := t.Steps[i]
		switch {
		case step.Outcome != Done:
			out = append(out, result.Finding{Severity: "P2", Name: "action completion timeout",
				Detail: fmt.Sprintf("%s not done within its SLA of %s: it ended %s", st.ID, st.SLA, step.Outcome)})
		case step.DoneSeconds != nil && *step.DoneSeconds > st.Deadline.Seconds():
			out = append(out, result.Finding{Severity: "P2", Name: "action completion timeout",
				Detail: fmt.Sprintf("%s done at %s, past its SLA of %s", st.ID, seconds(*step.DoneSeconds), st.SLA)})
		}
	}
	if len(t.Unfired) > 0 {
		out = append(out, result.Finding{Severity: "P3", Name: "required fault did not fire",
			Detail: strings.Join(t.Unfired, ", ") + " never fired: the trial did not test what its variant says"})
	}
	for i := range out {
		out[i].Scenario, out[i].Variant, out[i].Trial = t.Scenario, t.Variant, t.Trial
	}
	return out
}
