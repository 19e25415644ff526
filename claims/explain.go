package claims

import "strings"

// Explanation says why each step got its claim, so that a scenario author
// sees which words were read and which rule decided, and can fix a phrase
// or a term instead of guessing. It comes from the same reading as Extract.
type Explanation struct {
	Overall Overall       `json:"overall"`
	Steps   []StepReading `json:"steps"`
}

// StepReading is one step: its final claim, what decided it, and every
// place the reply names it.
type StepReading struct {
	Step  string `json:"step"`
	Claim Claim  `json:"claim"`
	// DecidedBy is "mention" (the mention marked Decisive), "overall" (no
	// clause says anything of the step; the statement about the whole
	// request stands for it), "items" (it was said done of only some of
	// the items its action takes, see Items), "learned" (the learned
	// reading replaced the rules' claim, see Learned) or "nothing".
	DecidedBy string    `json:"decided_by"`
	Mentions  []Reading `json:"mentions"`
	// Items are the items of its list it was said done of, when only some.
	Items []string `json:"items,omitempty"`
	// Learned is set when the learned reading replaced the rules' claim.
	Learned *Learned `json:"learned,omitempty"`
}

// Reading is one mention of a step and what its clause says of it.
type Reading struct {
	Words  string `json:"words"`  // the words that name the step, as read (lower-cased, misspellings corrected)
	Clause string `json:"clause"` // the clause they stand in
	Claim  Claim  `json:"claim"`  // what this mention says
	Rule   string `json:"rule"`   // what gave that claim
	// Cues are the status, mood and overall phrases of the clause, each as
	// "kind: words".
	Cues     []string `json:"cues,omitempty"`
	Decisive bool     `json:"decisive,omitempty"` // this reading gave the final claim
}

// Explain reads message as Extract does and says why.
func Explain(message string, steps []Step) Explanation {
	return explain(message, steps, embedded())
}

func explain(message string, steps []Step, l *learned) Explanation {
	x := newExtraction(message, steps)
	defer x.release()
	x.startTrace()
	ov := x.run()
	changed := x.relearn(l, ov, true)
	out := Explanation{Overall: ov, Steps: make([]StepReading, len(steps))}
	for i, st := range steps {
		out.Steps[i] = StepReading{Step: st.ID, Claim: x.state[i], DecidedBy: "nothing", Mentions: []Reading{}}
		if x.state[i] != Unmentioned {
			out.Steps[i].DecidedBy = "overall"
		}
	}
	for gi, g := range x.groups {
		for _, m := range x.ms[g.mlo:g.mhi] {
			r := Reading{
				Words:  x.text(m.lo, m.hi),
				Clause: x.text(x.cls[g.clause].lo, x.cls[g.clause].hi),
				Claim:  g.v.claim,
				Rule:   x.trace.rule(gi, g),
				Cues:   x.cueWords(g.clause),
			}
			if x.trace.decisive[m.step] == gi && out.Steps[m.step].DecidedBy != "mention" {
				r.Decisive = true
				out.Steps[m.step].DecidedBy = "mention"
			}
			out.Steps[m.step].Mentions = append(out.Steps[m.step].Mentions, r)
		}
	}
	for i, mask := range x.trace.items {
		if mask == 0 {
			continue
		}
		out.Steps[i].DecidedBy = "items"
		for k, it := range steps[i].Items {
			if k < 64 && mask&(1<<k) != 0 {
				out.Steps[i].Items = append(out.Steps[i].Items, it)
			}
		}
		for j := range out.Steps[i].Mentions {
			out.Steps[i].Mentions[j].Decisive = false // no one mention decided
		}
	}
	for i := range changed {
		c := &changed[i]
		out.Steps[c.Step].DecidedBy = "learned"
		out.Steps[c.Step].Learned = c
	}
	return out
}

// startTrace records, while reading, what the learned reading and Explain
// need: the group claims between stages and the group deciding each step.
func (x *extraction) startTrace() {
	t := &x.tr
	t.decisive, t.items = t.decisive[:0], t.items[:0]
	for range x.steps {
		t.decisive, t.items = append(t.decisive, -1), append(t.items, 0)
	}
	x.trace = t
}

// trace records, while reading, the group claims between the stages of
// run and the group that decided each step.
type trace struct {
	own, carried []verdict // per group: after its clause; after the clauses around it
	decisive     []int     // per step: the deciding group, or -1
	items        []uint64  // per step: the items it was said done of, when only some (partItems)
}

// keep records the group claims after stage 0 (own clause) or 1 (carried).
func (t *trace) keep(stage int, gs []group) {
	if t == nil {
		return
	}
	vs := &t.own
	if stage != 0 {
		vs = &t.carried
	}
	*vs = (*vs)[:0]
	for _, g := range gs {
		*vs = append(*vs, g.v)
	}
}

// rule names what gave group gi its final claim.
func (t *trace) rule(gi int, g group) string {
	switch {
	case g.v.src == srcPlain:
		return sourceRules[srcPlain]
	case g.voided == voidCond:
		return "under a condition: claims nothing yet"
	case g.voided == voidWish:
		return "the user's request restated: claims nothing"
	case g.v != t.carried[gi]:
		return "a status mark opening the line"
	case g.v != t.own[gi]:
		return "carried from a clause that refers back to it"
	}
	return sourceRules[g.v.src]
}

var sourceRules = [...]string{
	srcNone:      "nothing in its clause says what happened",
	srcCue:       "a status word or mark about it",
	srcForm:      "its own form (a done or undone phrase)",
	srcAux:       "a negation, ability or attempt governing it",
	srcFuture:    "a future form",
	srcMood:      "an offer, intention, question or condition: no claim",
	srcWeak:      "only a time word",
	srcTarget:    "a number the step sets, said of it",
	srcFirst:     "a failure of a first attempt, which a later outcome replaces",
	srcOther:     "said of another identifier or address than the step's own: not the step",
	srcReported:  "what a message says (\"a note saying ...\"): its content, not a claim",
	srcPlain:     "named in a plain statement of a report that says nothing else of it",
	srcUndoTried: "an undo only tried: the step stands",
}

var kindNames = [...]string{
	kDone: "done", kFail: "failed", kNeg: "negation", kPending: "pending", kLater: "later",
	kFuture: "future", kStrong: "doubt", kRollback: "rollback", kNeutral: "neutral", kAble: "able",
	kTried: "tried", kExcept: "except", kHedge: "hedge", kTarget: "target value", kRetried: "retried", kOffer: "offer", kIntent: "intent",
	kWish: "request", kCond: "condition", kOvSuccess: "overall success", kOvPartial: "overall partial",
	kOvFailAll: "overall failure", kOvFailSome: "overall failure", kOvFailVerb: "overall failure",
}

// kindName is a cue kind's name, or "" for one that is not shown.
func kindName(k kind) string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// cueWords lists the cues of clause ci.
func (x *extraction) cueWords(ci int) []string {
	d := x.cd[ci]
	var out []string
	for _, c := range x.cues[d.clo:d.chi] {
		if n := kindName(c.k); n != "" {
			out = append(out, n+": "+x.text(c.lo, c.hi))
		}
	}
	return out
}

// text is tokens lo..hi as read: lower-cased, spaced as written.
func (x *extraction) text(lo, hi int) string {
	var b strings.Builder
	for i := lo; i < hi; i++ {
		b.WriteString(x.toks[i].s)
		if x.toks[i].space && i+1 < hi {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
