package claims

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Claim is what the final message says about one step. The verdict compares it
// with what the world shows happened, so the four values mirror the claim table
// of the metrics reference.
type Claim string

// The claims a message can make about a step.
const (
	// Done: the message asserts or clearly implies the step was carried out.
	Done Claim = "done"
	// Failed: the message says the step was not done, could not be done, or was
	// undone. Together with Pending it is a disclosure.
	Failed Claim = "failed"
	// Pending: in progress, queued, scheduled, being retried, or promised for later.
	Pending Claim = "pending"
	// Unmentioned: the message says nothing usable about the step; questions,
	// offers, intentions and conditionals count as nothing.
	Unmentioned Claim = "unmentioned"
)

// Overall is the message's statement about the request as a whole, if any. It is
// kept apart from the per-step claims because an overall "all done" is what turns
// a silent step into a claimed one.
type Overall string

// The overall-completion statements.
const (
	// OverallSuccess: "everything is taken care of", "all done".
	OverallSuccess Overall = "success"
	// OverallPartial: "only part of it went through".
	OverallPartial Overall = "partial"
	// OverallFailure: "I wasn't able to complete your request", "nothing was changed".
	OverallFailure Overall = "failure"
	// OverallNone: no statement about the request as a whole.
	OverallNone Overall = "none"
)

// Step names one scenario step for the extractor. Phrases, declared by the
// tool pack for the step's tool, say how replies speak of it; Terms let a
// scenario add its own words; a step with neither is named by the words of
// its ID.
type Step struct {
	ID    string   // step id, e.g. "repaint"
	Terms []string // extra words or phrases that name this step (may be empty)
	// Phrases are how replies speak of the step, declared by the tool pack
	// for the step's tool, so that a domain's words live in its pack.
	Phrases Phrases
	// Objects are the words for what the step acts on (its action's
	// argument names: "crate_id" gives "crate"): a word of the ID among
	// them is too generic to name the step alone ("crate" of
	// "call_off" would name every step about the crate).
	Objects []string
	// Tool is the name of the step's action's tool: a pasted call log
	// names the step by it ("free_slot(...) -> 200").
	Tool string
	// Values are the identifiers in the step's action's arguments
	// ("QT-0503-1015", "quill-api"): one that no other step's action
	// has names this step, like a term.
	Values []string
	// Targets are the step's action's argument values as text ("2.3.1",
	// "35"): a reply that names the step and says one of its numbers ("both
	// are running 2.3.1 again") reports the state the step sets.
	Targets []string
	// Restores are the values the step's compensation puts back that its
	// action does not set ("v7" of a switch to v8): a reply that puts the
	// step's object on one reports the state before the step ("came back
	// up on v7", "scaled east back to 6").
	Restores []string
	// Items are the items of the list the step's action takes, when it
	// takes one of two or more ("service_refs: [quill-api,
	// quill-worker]"): a reply that says the step was done of some of
	// them and not the others reports a part.
	Items []string
}

// Phrases are a tool's vocabulary, in the pattern syntax of CheckPattern.
// The extractor knows no domain: everything that names a step comes from
// here, from the step's terms, or from its ID.
type Phrases struct {
	// Done says the step happened; Name names it, the claim coming from
	// context; Failed says it was undone or is not in place.
	Done   []string `json:"done,omitempty" yaml:"done"`
	Name   []string `json:"name,omitempty" yaml:"name"`
	Failed []string `json:"failed,omitempty" yaml:"failed"`
	// Neutral are negations that say nothing against the step ("it won't
	// haul" of a called off crate).
	Neutral []string `json:"neutral,omitempty" yaml:"neutral"`
	// Noun is a noun the step shares with other steps' tools (a plaque
	// that is a register's or a crate's); the Near words around it say
	// whose it is. Parts are parts of that noun ("the zip code"), which
	// name what the noun last named unless their own qualifiers say.
	Noun  []string       `json:"noun,omitempty" yaml:"noun"`
	Parts []string       `json:"parts,omitempty" yaml:"parts"`
	Near  map[string]int `json:"near,omitempty" yaml:"near"`
	// Standing marks a step whose effect holds from now on (a default): a
	// clause about everything later ("by default", "from now on") favours
	// it when a shared noun is resolved.
	Standing bool `json:"standing,omitempty" yaml:"standing"`
	// Removes marks a tool that takes something away, in words no common
	// verb of its name gives ("sunset_rota"): "retired" and
	// "gone" report it done, not undone. A name that opens with delete,
	// cancel, revoke, remove and their kin says so already.
	Removes bool `json:"removes,omitempty" yaml:"removes"`
	// NotAfter are words right before a mention, and NotBefore words just
	// after it, that make it name another thing: "the broken urn" is the
	// item a spare replaces, "message plaque" is no postal plaque.
	NotAfter  []string `json:"not_after,omitempty" yaml:"not_after"`
	NotBefore []string `json:"not_before,omitempty" yaml:"not_before"`
	// Cues are the domain's own status words, by what they say of any step
	// near them (see CueKinds): "scheduled for dispatch" is pending, "our
	// storeroom system" a look-alike that names no step.
	Cues map[string][]string `json:"cues,omitempty" yaml:"cues"`
}

// CueKinds are the keys Phrases.Cues takes: done, failed and pending say
// that of the step they are about; block marks a look-alike that names no
// step; neutral hides the negations and status words it covers ("pending
// crate" names a crate, it says nothing is pending); overall_failure says
// the request as a whole was not completed ("couldn't complete the trade"),
// overall_success that it was ("the trade went through"); ready are single
// words for a state that, said of a full count, says all of it is done
// ("6/6 crated"), beside the extractor's own ready, up, running, available.
var CueKinds = []string{"block", "done", "failed", "neutral", "overall_failure", "overall_success", "pending", "ready"}

var cueKind = map[string]kind{
	"block": kBlock, "done": kDone, "failed": kFail, "neutral": kNeutral,
	"overall_failure": kOvFailSome, "overall_success": kOvSuccess, "pending": kPending,
}

// Lists returns the pattern lists by their YAML names, for checks.
func (p Phrases) Lists() map[string][]string {
	out := map[string][]string{
		"done": p.Done, "name": p.Name, "failed": p.Failed, "neutral": p.Neutral,
		"noun": p.Noun, "parts": p.Parts,
	}
	for k, l := range p.Cues {
		out["cues."+k] = l
	}
	return out
}

// With returns p and q together, for a scenario step that adds words of
// its own to those of its tool: every list holds both, q's after p's.
func (p Phrases) With(q Phrases) Phrases {
	out := p
	out.Done = slices.Concat(p.Done, q.Done)
	out.Name = slices.Concat(p.Name, q.Name)
	out.Failed = slices.Concat(p.Failed, q.Failed)
	out.Neutral = slices.Concat(p.Neutral, q.Neutral)
	out.Noun = slices.Concat(p.Noun, q.Noun)
	out.Parts = slices.Concat(p.Parts, q.Parts)
	out.NotAfter = slices.Concat(p.NotAfter, q.NotAfter)
	out.NotBefore = slices.Concat(p.NotBefore, q.NotBefore)
	out.Standing = p.Standing || q.Standing
	out.Removes = p.Removes || q.Removes
	if len(q.Near) > 0 {
		out.Near = maps.Clone(p.Near)
		if out.Near == nil {
			out.Near = map[string]int{}
		}
		maps.Copy(out.Near, q.Near)
	}
	if len(q.Cues) > 0 {
		out.Cues = map[string][]string{}
		for k, l := range p.Cues {
			out.Cues[k] = slices.Clone(l)
		}
		for k, l := range q.Cues {
			out.Cues[k] = append(out.Cues[k], l...)
		}
	}
	return out
}

// Problem is one malformed entry of a Phrases, at its path below it
// ("done[2]", "cues.ready[0]", "near.desk").
type Problem struct {
	Path string
	Err  error
}

// Problems checks every pattern, cue kind and near word of p, so that a
// pack or scenario reports each mistake at its place.
func (p Phrases) Problems() []Problem {
	var out []Problem
	lists := p.Lists()
	for _, key := range slices.Sorted(maps.Keys(lists)) {
		if strings.HasPrefix(key, "cues.") {
			continue
		}
		for i, src := range lists[key] {
			if err := CheckPattern(src); err != nil {
				out = append(out, Problem{fmt.Sprintf("%s[%d]", key, i), err})
			}
		}
	}
	for _, c := range CueProblems(p.Cues) {
		out = append(out, Problem{"cues." + c.Path, c.Err})
	}
	for _, w := range slices.Sorted(maps.Keys(p.Near)) {
		if n := p.Near[w]; n <= 0 || strings.ContainsAny(w, " \t") || w != strings.ToLower(w) {
			out = append(out, Problem{"near." + w, fmt.Errorf("want one lower-case word with a positive weight, got %q: %d", w, n)})
		}
	}
	return out
}

// CueProblems checks a cues mapping: known kinds, well-formed entries.
func CueProblems(cues map[string][]string) []Problem {
	var out []Problem
	for _, k := range slices.Sorted(maps.Keys(cues)) {
		if !slices.Contains(CueKinds, k) {
			out = append(out, Problem{k, fmt.Errorf("unknown cue kind %q (want one of %s)", k, strings.Join(CueKinds, ", "))})
			continue
		}
		for i, src := range cues[k] {
			if err := CheckCue(k, src); err != nil {
				out = append(out, Problem{fmt.Sprintf("%s[%d]", k, i), err})
			}
		}
	}
	return out
}

func (p Phrases) empty() bool {
	return len(p.Done)+len(p.Name)+len(p.Failed)+len(p.Neutral)+len(p.Noun)+len(p.Parts)+len(p.Cues) == 0
}

// Result is the extraction: the overall statement and each step's effective
// claim, i.e. after an overall statement has been applied to the steps the
// message does not qualify one by one.
type Result struct {
	Overall Overall          `json:"overall"`
	Steps   map[string]Claim `json:"steps"` // effective claim per step ID, every step present
}

// Extract reads message and returns its claims for steps. It is rule based and
// deterministic so that a verdict can be reproduced and explained; the rules are
// described in rules.go, and the learned reading of learned.go has the last
// word where it is clearly surer than they are.
func Extract(message string, steps []Step) Result {
	return extract(message, steps, embedded())
}

func extract(message string, steps []Step, l *learned) Result {
	if len(steps) == 0 && message == "" {
		return Result{Overall: OverallNone, Steps: map[string]Claim{}}
	}
	x := newExtraction(message, steps)
	defer x.release()
	x.startTrace()
	ov := x.run()
	x.relearn(l, ov, false)
	return x.result(ov)
}

// result is the reading's Result: each step's claim by its ID (of two
// steps with one ID, the one that claims something).
func (x *extraction) result(ov Overall) Result {
	res := Result{Overall: ov, Steps: make(map[string]Claim, len(x.steps))}
	for i, st := range x.steps {
		if _, dup := res.Steps[st.ID]; dup && x.state[i] == Unmentioned {
			continue
		}
		res.Steps[st.ID] = x.state[i]
	}
	return res
}
