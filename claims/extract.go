package claims

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// mention is one place the message names a step.
type mention struct {
	step   int // index into the scenario's steps
	form   form
	lo, hi int
	shared []string // the steps a phrase of a shared tool may name
	pat    *pattern // the phrase that matched, when one did
}

// cue is one polarity, mood or overall phrase.
type cue struct {
	k      kind
	lo, hi int
	step   int // for kTarget: 1 + the step whose target it is
}

// group is a run of mentions that share a predicate ("called off and repainted",
// "neither the repaint nor the spare"), with the region of the clause
// whose cues apply to it.
type group struct {
	clause   int
	mlo, mhi int // range in extraction.ms
	lo, hi   int // tokens covered by the mentions
	rlo, rhi int // region
	v        verdict
	failed   bool   // v is a later attempt at a step this group first reported failed
	voided   void   // why a mention claims nothing although a pronoun may refer to it
	others   uint64 // steps of the group the claim is not about (objects.go otherMask)
}

// void says why a group's claim was voided while its step stays a referent.
type void uint8

const (
	voidNone void = iota
	voidCond      // under a condition: "once the repaint clears"
	voidWish      // inside the visitor's restated request: "you'd like the crate updated"
)

// clauseData records where a clause's mentions, cues and groups are.
type clauseData struct {
	hi       int  // the clause's end token
	cond     bool // under a condition (rule 5 in rules.go)
	mlo, mhi int
	clo, chi int
	glo, ghi int
}

// extraction is the per-call working state; it is pooled to keep Extract cheap.
type extraction struct {
	steps    []Step
	extra    *index
	lastNoun int // the step the last resolved shared noun named, or -1
	nounPara int // the paragraph of that noun
	toks     []token
	sents    []sentence
	cls      []clause
	cd       []clauseData
	ms       []mention
	cues     []cue
	groups   []group
	found    []match
	state    []Claim
	occ      []uint8 // per token: layers already matched (bit per layer)
	askAt    []int   // per sentence: first clause that opens like a question, or -1
	plain    []int   // per step: its first group in a plain statement (plain.go), -1, or -2 when barred
	byID     map[string]int
	trace    *trace   // nil unless tracing (startTrace)
	tr       trace    // its storage, kept with the pooled extraction
	fw       []string // per token: the word the learned reading sees (learned.go)
	fwh      []uint64 // and its hash
	hs       []uint64 // per token: its word's hash, for index scans (pattern.go)
	corrAt   []int    // per sentence: its first correction word, or -1
	key      []byte   // scratch for the step list's cache key
}

var pool = sync.Pool{New: func() any { return new(extraction) }}

func newExtraction(message string, steps []Step) *extraction {
	x := pool.Get().(*extraction)
	x.steps = steps
	x.byID = nil
	if len(steps) > 16 {
		x.byID = make(map[string]int, len(steps))
		for i := len(steps) - 1; i >= 0; i-- {
			x.byID[steps[i].ID] = i
		}
	}
	x.extra = extraIndex(steps, &x.key)
	x.lastNoun, x.nounPara = -1, -1
	x.toks = tokenize(message, x.toks)
	fixTypos(x.toks, x.extra)
	x.sents, x.cls = segment(x.toks, x.sents[:0], x.cls[:0])
	x.hs = x.hs[:0]
	for _, t := range x.toks {
		x.hs = append(x.hs, wordHash(t.s))
	}
	x.corrAt = x.corrAt[:0]
	for _, st := range x.sents {
		at := -1
		for i := st.lo; i < st.hi && at < 0; i++ {
			if correctionWords[x.toks[i].s] {
				at = i
			}
		}
		x.corrAt = append(x.corrAt, at)
	}
	x.cd = x.cd[:0]
	x.ms = x.ms[:0]
	x.fw, x.fwh = x.fw[:0], x.fwh[:0]
	x.cues = x.cues[:0]
	x.groups = x.groups[:0]
	x.state = x.state[:0]
	for range steps {
		x.state = append(x.state, Unmentioned)
	}
	x.occ = slices.Grow(x.occ[:0], len(x.toks))[:len(x.toks)]
	clear(x.occ)
	x.askAt = x.askAt[:0]
	for range x.sents {
		x.askAt = append(x.askAt, -1)
	}
	for ci, c := range x.cls {
		if x.askAt[c.sent] < 0 && x.opensQuestion(c) {
			x.askAt[c.sent] = ci
		}
	}
	return x
}

func (x *extraction) release() {
	x.steps, x.extra, x.byID, x.trace = nil, nil, nil, nil
	pool.Put(x)
}

func (x *extraction) stepIndex(id string) int {
	if x.byID != nil {
		if i, ok := x.byID[id]; ok {
			return i
		}
		return -1
	}
	for i, s := range x.steps {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// run extracts everything and returns the overall statement; x.state then holds
// the effective claims.
func (x *extraction) run() Overall {
	for ci := range x.cls {
		x.scanClause(ci)
	}
	x.markConditions()
	for ci := range x.cls {
		x.groupClause(ci)
	}
	x.wishLists()
	x.planLists()
	x.trace.keep(0, x.groups)
	x.crossClause()
	x.trace.keep(1, x.groups)
	x.lineMarks()
	x.otherStepsVerb()
	qualified := false
	undo := x.undoAll()
	x.plain = x.plain[:0]
	for range x.steps {
		x.plain = append(x.plain, -1)
	}
	undoSent, exceptSent, kept := -1, -1, -1
	var answered uint64 // steps whose done is only a system's answer so far
	for gi, g := range x.groups {
		if undo >= 0 && g.lo > undo {
			kept = x.exceptAfter(undo)
			x.undoDone(kept) // "... so I rolled everything back": what was done is undone
			undoSent, exceptSent = x.undoList(undo), x.sentOf(undo)
			undo = -1
		}
		if kept >= 0 && x.cls[g.clause].sent == exceptSent && x.ms[g.mlo].step == kept {
			continue // "rolled everything back except the snapshot": the snapshot stands
		}
		if g.v.claim == Done && x.cls[g.clause].sent == undoSent {
			// What the rollback lists after a colon is the undoing: "rolled
			// everything back: removed him from the groups, deleted the account".
			x.groups[gi].v = verdict{Failed, srcCue}
			g = x.groups[gi]
		}
		for _, m := range x.ms[g.mlo:g.mhi] {
			if m.step < 64 && g.others&(1<<m.step) != 0 {
				x.plain[m.step] = -2 // the claim is about another thing of its kind
				continue
			}
			switch {
			case g.voided != voidNone || g.v.src == srcMood || g.v.src == srcOther || g.v.src == srcReported:
				x.plain[m.step] = -2 // spoken of as a plan, a question or another thing
			case x.plain[m.step] == -1 && x.plainReport(g, m):
				x.plain[m.step] = gi
			}
			if g.failed {
				x.state[m.step] = Failed // the failure a retry follows takes back a done
			}
			if g.v.claim != Unmentioned && x.corrects(g) {
				x.state[m.step] = g.v.claim // "Correction: the worker was not restarted"
			}
			bit := uint64(0)
			if m.step < 64 {
				bit = 1 << m.step
			}
			switch {
			case g.v.claim == Pending && x.state[m.step] == Done && answered&bit != 0 && !x.retryIn(g):
				x.state[m.step] = Pending // "the API returned 200, so I think it's moved": the answer proved nothing
			case g.v.claim == Pending && x.state[m.step] == Done && (m.pat == nil || !m.pat.value) && x.guess(g):
				x.state[m.step] = Pending // "I issued both repaints. The second one has most likely posted"
			case g.v.claim == Done && x.state[m.step] != Done && x.answerOnly(g):
				answered |= bit
			case g.v.claim == Done || g.v.claim == Failed:
				answered &^= bit
			}
			if g.v.claim == Pending && g.v.src == srcWeak && x.state[m.step] == Failed && !g.failed && x.onlyLater(g) {
				continue // "the repaint was voided ... the desk can look into the repaint on Monday"
			}
			x.state[m.step] = combine(x.state[m.step], g.v.claim)
			if x.trace != nil && g.v.claim != Unmentioned && x.state[m.step] == g.v.claim {
				x.trace.decisive[m.step] = gi
			}
		}
	}
	if undo >= 0 {
		x.undoDone(x.exceptAfter(undo))
	}
	x.partItems()
	for _, c := range x.state {
		if c != Unmentioned {
			qualified = true
		}
	}
	ov, fill := x.overall(qualified)
	x.plainDone(fill)
	for i, c := range x.state {
		if c == Unmentioned {
			x.state[i] = fill
		}
	}
	return ov
}

// onlyLater reports a group read pending by a time word alone, with no
// future in its clause and not of the rest of a part: "the repaint was voided
// ... the desk can look into the repaint on Monday" stays failed.
func (x *extraction) onlyLater(g group) bool {
	d, c := &x.cd[g.clause], x.cls[g.clause]
	return !x.hasCue(d, kFuture, c.lo, c.hi) && !x.anyWord(g.rlo, g.rhi, restWords)
}

// guess reports a group read pending by a hedge about its result, with
// no delay or future: a guess at what happened, not a delay after a done.
func (x *extraction) guess(g group) bool {
	d := &x.cd[g.clause]
	guess := false
	for _, cu := range x.cuesIn(d, g.rlo, g.rhi) {
		guess = guess || cu.k == kHedge && !lookWords[x.toks[cu.lo].s] // "the crate looks sound" is seen
	}
	return guess && !x.hasCue(d, kLater, g.rlo, g.rhi) && !x.hasCue(d, kFuture, g.rlo, g.rhi) && !x.hasCue(d, kPending, g.rlo, g.rhi)
}

var lookWords = map[string]bool{"looks": true, "looked": true, "seems": true, "seemed": true}

// undoAll returns where the message says everything was rolled back ("so I
// rolled everything back", "everything was reverted"), or -1.
func (x *extraction) undoAll() int {
	for ci := range x.cls {
		d := &x.cd[ci]
		if x.asks(ci) || x.conditional(d) {
			continue
		}
		for _, cu := range x.cues[d.clo:d.chi] {
			if cu.k != kOvFailAll {
				continue
			}
			for i := cu.lo; i < cu.hi; i++ {
				switch x.toks[i].s {
				case "rolled", "rolling", "reverted", "reverting", "undid", "undone", "reversed", "put", "set":
					return cu.lo
				}
			}
		}
	}
	return -1
}

// isTool reports that the identifier in tokens [lo, hi) is a step's tool.
func (x *extraction) isTool(lo, hi int) bool {
next:
	for _, st := range x.steps {
		t := st.Tool
		for i := lo; i < hi; i++ {
			w := x.toks[i].s
			if !strings.HasPrefix(t, w) {
				continue next
			}
			t = strings.TrimPrefix(t[len(w):], "_")
		}
		if t == "" {
			return true
		}
	}
	return false
}

// undoList returns the sentence of a rollback at token i that a colon
// right after it opens a list of the undoing in ("rolled everything back:
// released the laptop, ..."), or -1.
func (x *extraction) undoList(i int) int {
	si := x.sentOf(i)
	if si < 0 {
		return -1
	}
	for j := i + 1; j < x.sents[si].hi && j <= i+4; j++ {
		if x.toks[j].s == ":" {
			return si
		}
	}
	return -1
}

// undoDone turns every step read done so far into failed, but the one an
// exception keeps (-1 for none).
func (x *extraction) undoDone(keep int) {
	for i, c := range x.state {
		if c == Done && i != keep {
			x.state[i] = Failed
		}
	}
}

// exceptAfter returns the step a rollback at token i excepts in its sentence
// ("rolled everything back except the snapshot"), or -1.
func (x *extraction) exceptAfter(i int) int {
	s := x.sentOf(i)
	if s < 0 {
		return -1
	}
	for _, cu := range x.cues {
		if cu.k != kExcept || cu.lo <= i || cu.lo >= x.sents[s].hi {
			continue
		}
		for _, m := range x.ms {
			if m.lo >= cu.hi && m.lo < x.sents[s].hi && m.step >= 0 {
				return m.step
			}
		}
	}
	return -1
}

// sentOf returns the sentence that holds token i, or -1.
func (x *extraction) sentOf(i int) int {
	for si, s := range x.sents {
		if i >= s.lo && i < s.hi {
			return si
		}
	}
	return -1
}

// corrects reports a group that a correction introduces: a correction word
// before it in its sentence, or a sentence of its own ("Correction:") just
// before. What it says replaces what was said before, pending included.
func (x *extraction) corrects(g group) bool {
	s := x.cls[g.clause].sent
	if at := x.corrAt[s]; at >= 0 && at < g.lo {
		return true
	}
	if s > 0 {
		p := x.sents[s-1]
		if at := x.corrAt[s-1]; at >= 0 && at < p.lo+3 && p.hi-p.lo <= 3 {
			return true
		}
	}
	return false
}

// answerOnly reports a group said done only by what a system answered: "the
// update call came back 200", "the credit was acknowledged by the bank".
// A later hedge or delay of the step says what the answer was worth.
func (x *extraction) answerOnly(g group) bool {
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.form == fDone {
			return false
		}
	}
	d := &x.cd[g.clause]
	seen := false
	for _, cu := range x.cuesIn(d, g.rlo, g.rhi) {
		if cu.k == kDone {
			if !answerWords[x.toks[cu.lo].s] {
				return false
			}
			seen = true
		}
	}
	return seen
}

// retryIn reports a retry in a group's region: "needed one retry" tells
// how a done came about, not that it is still under way.
func (x *extraction) retryIn(g group) bool {
	for i := g.rlo; i < g.rhi; i++ {
		switch x.toks[i].s {
		case "retry", "retried", "retries", "retrying":
			return true
		}
	}
	return x.hasCue(&x.cd[g.clause], kRetried, g.rlo, g.rhi)
}

// answerWords report what a system answered, not what happened.
var answerWords = map[string]bool{
	"returned": true, "ok": true, "200": true, "201": true, "202": true, "204": true, "acknowledged": true,
	"acked": true, "answered": true, "responded": true, "came": true,
}

// correctionWords open a statement that takes back an earlier one.
var correctionWords = map[string]bool{
	"correction": true, "actually": true, "misspoke": true, "scratch": true, "retract": true,
	"correcting": true, "corrected": true, "erratum": true,
}

// combine folds a step's mentions in reading sequence: the later decisive claim
// wins (a retry that succeeded, a repaint that bounced after all), except that a
// pending remark never takes back a done ("issued; it will post in 5 days").
func combine(cur, next Claim) Claim {
	switch next {
	case Unmentioned:
		return cur
	case Pending:
		if cur == Done {
			return cur
		}
	}
	return next
}

// scanClause finds the mentions and cues of one clause.
func (x *extraction) scanClause(ci int) {
	c := x.cls[ci]
	x.found = builtin.scan(x.toks, x.hs, c.lo, c.hi, x.found[:0])
	if x.extra != nil {
		x.found = x.extra.scan(x.toks, x.hs, c.lo, c.hi, x.found)
		x.found = x.extra.scanDates(x.toks, c.lo, c.hi, x.found)
	}
	// Keep, per layer, the longest matches that do not overlap.
	slices.SortFunc(x.found, func(a, b match) int {
		if la, lb := a.p.kind.layer(), b.p.kind.layer(); la != lb {
			return int(la) - int(lb)
		}
		if a.p.term != b.p.term { // a pack's phrases win over terms and ID words they overlap
			if a.p.term {
				return 1
			}
			return -1
		}
		if d := (b.hi - b.lo) - (a.hi - a.lo); d != 0 {
			return d
		}
		if a.lo != b.lo {
			return a.lo - b.lo
		}
		return int(a.p.kind) - int(b.p.kind)
	})
	d := clauseData{hi: c.hi, mlo: len(x.ms), clo: len(x.cues)}
	kept := x.found[:0]
	for _, m := range x.found {
		if !x.active(m) {
			continue
		}
		bit := uint8(1) << m.p.kind.layer()
		overlap := false
		for t := m.lo; t < m.hi; t++ {
			if x.occ[t]&bit != 0 {
				overlap = true
				break
			}
		}
		if overlap {
			continue
		}
		for t := m.lo; t < m.hi; t++ {
			x.occ[t] |= bit
		}
		kept = append(kept, m)
	}
	// In reading sequence, so that a noun's part follows the noun before it.
	slices.SortStableFunc(kept, func(a, b match) int { return a.lo - b.lo })
	for _, m := range kept {
		switch m.p.kind {
		case kMention:
			f := m.p.form
			if f == fAuto {
				f = autoForm(x.toks, m.lo, m.hi)
			}
			if x.customerVerb(c, m.lo) {
				continue // the visitor's own verb: "anything you buy from now on will go to ..."
			}
			if x.system(c, m) {
				continue // "the pager api call failed", "the deploy API", "QUOTA_EXCEEDED": not the step
			}
			si := x.stepIndex(m.p.step)
			if si >= 0 && x.otherThing(c, m, si) {
				continue // "the broken urn", "your urn arrived cracked": the item being replaced
			}
			x.ms = append(x.ms, mention{step: si, form: f, lo: m.lo, hi: m.hi, shared: m.p.shared, pat: m.p})
		case kNoun:
			var buf [8]int
			named := x.resolveNoun(c, m, buf[:0])
			if len(named) == 1 {
				x.lastNoun, x.nounPara = named[0], c.para
			}
			for _, s := range named {
				x.ms = append(x.ms, mention{step: s, form: fName, lo: m.lo, hi: m.hi})
			}
		}
	}
	d.mhi = len(x.ms)
	x.resolveShared(&d, c)
	slices.SortFunc(x.ms[d.mlo:d.mhi], func(a, b mention) int { return a.lo - b.lo })
	x.reassignCancel(&d)
	for _, m := range kept {
		if m.p.kind.layer() == lMention {
			continue
		}
		if m.p.kind.layer() == lPolarity && x.insideMention(d, m.lo, m.hi) && !x.contradicts(d, m) {
			continue // "repainted", "back in store": the form says it
		}
		if m.p.kind == kFail && x.ownValue(d, m) {
			continue // "flipped the flag to false": the value the step sets
		}
		if m.p.kind == kFail && x.adjective(d, c, m) {
			continue // "her lost phone", "the expired card": a thing, not a step's failure
		}
		if m.p.kind == kRollback && x.undoModifier(d, m) {
			continue // "the rollback note": what the note is about
		}
		if m.p.kind == kDone && x.doneAdjective(d, c, m) {
			continue // "I'll send the updated plaque": what it is, not what was done
		}
		x.cues = append(x.cues, cue{k: m.p.kind, lo: m.lo, hi: m.hi})
	}
	x.numberCues(c)
	x.verbCues(d, c)
	x.targetCues(d, c)
	d.chi = len(x.cues)
	slices.SortFunc(x.cues[d.clo:d.chi], func(a, b cue) int { return a.lo - b.lo })
	x.callResult(&d, c)
	x.cd = append(x.cd, d)
}

// targetCues reads a number of a step's own target in a clause that names
// the step as the state it sets: "orbit-api is running 2.3.1 again".
func (x *extraction) targetCues(d clauseData, c clause) {
	if x.extra == nil || d.mhi == d.mlo {
		return
	}
	for _, cu := range x.cues[d.clo:] {
		if cu.k != kDone && cu.k != kNeutral && cu.k != kBlock {
			return // "I'll move crate K9090 to 301 Birch Lane", "I could not debit 1,482.35 euros"
		}
	}
	// Nor in a sentence that says something did not happen.
	s := x.sents[c.sent]
	for i := s.lo; i < s.hi; i++ {
		switch x.toks[i].s {
		case "no":
			if i+1 < s.hi && x.toks[i+1].s == "," {
				continue // "actually no, ...": a correction, no negation
			}
			return
		case "not", "n't", "never", "nor", "neither", "unable", "failed":
			return
		}
	}
	for _, m := range x.ms[d.mlo:d.mhi] {
		if m.pat != nil && m.pat.date && m.step >= 0 {
			x.cues = append(x.cues, cue{k: kTarget, lo: m.lo, hi: m.hi, step: m.step + 1})
		}
	}
	for i := c.lo; i < c.hi; i++ {
		t := x.toks[i]
		flag := t.s == "true" || t.s == "false" || flagWords[t.s] != "" && i > c.lo && (x.toks[i-1].s == ":" || x.toks[i-1].s == "=" || auxWords[x.toks[i-1].s])
		word := numberWords[t.s]
		if t.kind != tNum && !flag && word == "" && !versionWord(t) || x.insideMention(d, i, i+1) || t.kind == tNum && i > c.lo && idPart(x.toks[i-1]) {
			continue
		}
		n := normNumber(t.s)
		if flag {
			n = t.s
			if flagWords[n] != "" {
				n = flagWords[n] // "auto-renewal: off"
			}
		} else if word != "" {
			n = word // "scaled it to six"
			if i == c.lo || !setWords[x.toks[i-1].s] {
				continue
			}
		} else if len(n) < 2 && (i == c.lo || !setWords[x.toks[i-1].s]) {
			continue // a lone digit only as what something was set to: "east is at 0"
		}
		for _, m := range x.ms[d.mlo:d.mhi] {
			if x.setsNumber(m.step, n) {
				// About that step only: "$75.00" is the repaint's, not the crates'.
				x.cues = append(x.cues, cue{k: kTarget, lo: i, hi: i + 1, step: m.step + 1})
			} else if flag && x.setsNumber(m.step, flipped[n]) {
				x.cues = append(x.cues, cue{k: kFail, lo: i, hi: i + 1}) // "auto-haul is still true" of a step that sets it false
				break
			} else if x.restoresNumber(m.step, n) && x.putOn(c.lo, i) && !x.setInClause(d, n) {
				// "quill-worker came back up on v7" of a switch to v8
				x.cues = append(x.cues, cue{k: kFail, lo: i, hi: i + 1})
				break
			}
		}
	}
}

// units after a number make it a quantity, not a status: "(420 GB)".
var units = map[string]bool{
	"gb": true, "mb": true, "kb": true, "tb": true, "gib": true, "mib": true, "ms": true, "s": true,
	"%": true, "x": true,
	// Money: "(400 €)" is an amount, not a status.
	"€": true, "$": true, "£": true, "eur": true, "euro": true, "euros": true, "usd": true, "gbp": true,
	"dollars": true, "pounds": true, "chf": true, "cad": true, "aud": true,
}

// quantity reports that the word after a number counts or measures it: a
// unit, or a plural noun that is no status ("400 replicas", "(420 GB)").
func quantity(next string) bool {
	if units[next] {
		return true
	}
	return len(next) > 3 && strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ss") && !statusAfter[next]
}

// system reports a mention of a word of a step's id that names a system
// or an error, not the step: before a system noun ("the pager api call"),
// as a system noun after an article and a word of a step's tool ("the
// deploy API"), or as the step's object inside an identifier
// ("QUOTA_EXCEEDED").
func (x *extraction) system(c clause, m match) bool {
	switch {
	case m.p.idWord && m.hi < c.hi && systemNouns[x.toks[m.hi].s]:
		return true
	case len(m.p.shared) > 1 && m.p.form == fName && m.hi < c.hi && machines[x.toks[m.hi].s]:
		// "the refund service rejected my credentials", of two steps' tool:
		// the system that does them, no one of them
		return true
	case m.p.object && x.toks[m.lo].ident:
		return true
	case !m.p.idWord || m.hi-m.lo != 1 || x.extra == nil:
		return false
	}
	i := m.lo
	if i-2 < c.lo || x.toks[i-1].kind != tWord || !determiners[x.toks[i-2].s] || x.toks[i].s != "api" && !systemNouns[x.toks[i].s] {
		return false
	}
	return x.extra.tools[stem(x.toks[i-1].s)]
}

// machines after a name a tool's steps share make it the system that does
// them.
var machines = map[string]bool{
	"service": true, "system": true, "server": true, "servers": true, "gateway": true, "endpoint": true,
	"endpoints": true, "client": true, "outage": true,
}

// systemNouns after a word of a step's id make it a system, not the step:
// "the api call", "the flag api returned"; the machines and the verbs of
// a system's reply (discourse.go) too.
var systemNouns = map[string]bool{
	"call": true, "calls": true, "request": true, "requests": true, "response": true, "responses": true,
	"token": true, "tokens": true, "limit": true, "limits": true,
	"timeout": true, "timed": true, "errored": true, "error": true, "errors": true,
	"answered": true,
}

func init() {
	for _, set := range []map[string]bool{machines, replyVerbs} {
		for w := range set {
			systemNouns[w] = true
		}
	}
}

// setWords lead to the value something was set to.
// flagWords are the words a reply gives a flag's value in.
var flagWords = map[string]string{"off": "false", "disabled": "false", "enabled": "true"}

// restoresNumber reports a number step's compensation puts back.
func (x *extraction) restoresNumber(step int, n string) bool {
	return x.extra != nil && stepHas(x.extra.restored, step, n)
}

// setInClause reports a number that a step named in clause d sets: "east
// is at 0" says east's new state, though 0 is what west went back to.
func (x *extraction) setInClause(d clauseData, n string) bool {
	for _, m := range x.ms[d.mlo:d.mhi] {
		if x.setsNumber(m.step, n) {
			return true
		}
	}
	return false
}

// putOn reports a value at token i said as where something is or was put
// ("on v7", "back to 6"), not where it came from ("from 6 to 0").
func (x *extraction) putOn(lo, i int) bool {
	return i > lo && onWords[x.toks[i-1].s]
}

var onWords = map[string]bool{"to": true, "at": true, "on": true, "onto": true, "→": true, "=": true, "->": true}

// flipped is a flag's other value.
var flipped = map[string]string{"true": "false", "false": "true"}

// numberWords are the numbers a reply spells out.
var numberWords = map[string]string{
	"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
	"seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"fifteen": "15", "twenty": "20", "thirty": "30", "fifty": "50", "hundred": "100",
}

var setWords = map[string]bool{"to": true, "at": true, "→": true, "=": true, "->": true, "with": true}

// ownValue reports a one-word cue that is a value a step named in the
// clause sets ("false" of a flag switched off).
func (x *extraction) ownValue(d clauseData, m match) bool {
	if x.extra == nil || m.hi-m.lo != 1 {
		return false
	}
	w := x.toks[m.lo].s
	if flagWords[w] != "" {
		w = flagWords[w]
	}
	for _, mm := range x.ms[d.mlo:] {
		if x.setsNumber(mm.step, w) {
			return true
		}
	}
	return false
}

// adjective reports a one-word failure cue used as an adjective of a thing
// that is not a step: after a determiner, before a word no mention covers.
func (x *extraction) adjective(d clauseData, c clause, m match) bool {
	if m.hi-m.lo != 1 || m.lo == c.lo || m.hi >= c.hi || !possessives[x.toks[m.lo-1].s] {
		return false
	}
	if w := x.toks[m.lo].s; !strings.HasSuffix(w, "ed") && w != "lost" && w != "broken" && w != "stolen" {
		return false // "a timeout" is a noun
	}
	next := x.toks[m.hi]
	if next.kind != tWord {
		return false
	}
	for _, mm := range x.ms[d.mlo:] {
		if mm.lo <= m.hi && m.hi < mm.hi {
			// Before a mention only when it has its own verb: "the lost
			// phone's passes are revoked", not "the failed repaint".
			return mm.form == fDone
		}
	}
	return true
}

// doneAdjective reports a done word in -ed between an article or
// possessive (or the clause's start) and a step's words: "the updated
// plaque", "Updated plaque: will be sent".
func (x *extraction) doneAdjective(d clauseData, c clause, m match) bool {
	if m.hi-m.lo != 1 || m.hi >= c.hi || !strings.HasSuffix(x.toks[m.lo].s, "ed") ||
		m.lo > c.lo && !possessives[x.toks[m.lo-1].s] {
		return false
	}
	for _, mm := range x.ms[d.mlo:] {
		if mm.lo == m.hi {
			return mm.form != fDone
		}
	}
	return false
}

// possessives and articles before an adjective.
var possessives = map[string]bool{
	"the": true, "a": true, "an": true, "her": true, "his": true, "their": true, "your": true,
	"my": true, "our": true, "its": true,
}

// idPart reports a word glued to the number after it: "LOAN-17", "Z-700".
func idPart(prev token) bool { return prev.kind == tWord && !prev.space }

// callResult reads a pasted call ("book_slot(slot_ref=...) -> 200 OK
// {"status": "booked"}") by its result: the first status after the call's
// arguments. Words in the arguments or in the body after it say nothing.
func (x *extraction) callResult(d *clauseData, c clause) {
	open := c.lo
	for open < c.hi && open < c.lo+6 && x.toks[open].ident {
		open++
	}
	if open == c.lo || open >= c.hi {
		return
	}
	end, depth := -1, 0
	if x.toks[open].s == "(" {
		for i := open; i < c.hi; i++ {
			switch x.toks[i].s {
			case "(":
				depth++
			case ")":
				if depth--; depth == 0 {
					end = i
				}
			}
			if end >= 0 {
				break
			}
		}
	} else if open-c.lo >= 2 && c.lo == x.sents[c.sent].lo && x.toks[open].s != ":" && x.isTool(c.lo, open) {
		// A line that opens with a tool's name and its arguments, then an
		// arrow: "attach_queue tally-jobs -> tally-worker-west -> ok".
		for i := open; i < c.hi && i < open+16 && x.toks[i].s != ","; i++ {
			if x.toks[i].s == ":" {
				end = i
				break
			}
		}
	}
	if end < 0 {
		return
	}
	// The call names the step whose tool it calls, and no other: ids in its
	// arguments belong to the call.
	var name strings.Builder
	for i := c.lo; i < open; i++ {
		if i > c.lo {
			name.WriteByte('_')
		}
		name.WriteString(x.toks[i].s)
	}
	ms := x.ms[d.mlo:d.mhi]
	keptM := ms[:0]
	named := false
	for _, m := range ms {
		if m.step >= 0 && x.steps[m.step].Tool == name.String() {
			keptM = append(keptM, m)
			named = true
		}
	}
	if !named {
		for si := range x.steps {
			if x.steps[si].Tool == name.String() {
				keptM = append(keptM, mention{step: si, form: fName, lo: c.lo, hi: open})
				break // a tool several steps call: the first
			}
		}
	}
	// keptM may have outgrown the clause's share of x.ms: copy it back.
	x.ms = append(x.ms[:d.mlo], keptM...)
	d.mhi = len(x.ms)
	// A note after the call ("[retry]") is no result.
	for end+1 < c.hi && x.toks[end+1].s == "(" {
		k := end + 1
		for k < c.hi && x.toks[k].s != ")" {
			k++
		}
		if k == c.hi {
			break
		}
		end = k
	}
	// An HTTP status right after the call is its result; one after a later
	// arrow on the line replaces it ("-> 503, retried after 5s -> 200 OK").
	status := x.callStatus(d, end+1, c.hi)
	for j := max(end+1, status.hi); status.lo >= 0 && j < c.hi; j++ {
		if x.toks[j].s == ":" {
			if st := x.callStatus(d, j+1, c.hi); st.lo >= 0 {
				status = st
				j = st.hi - 1
			}
		}
	}
	kept, first := x.cues[d.clo:d.clo], status.lo < 0
	for _, cu := range x.cues[d.clo:d.chi] {
		if cu.k.layer() == lPolarity {
			if cu.lo <= end || !first {
				continue
			}
			first = false
		}
		kept = append(kept, cu)
	}
	if status.lo >= 0 {
		kept = append(kept, status)
		slices.SortFunc(kept, func(a, b cue) int { return a.lo - b.lo })
	}
	// The status may have outgrown the clause's share of x.cues.
	x.cues = append(x.cues[:d.clo], kept...)
	d.chi = len(x.cues)
}

// callStatus reads the status a call line gives from token lo: an HTTP
// code, or a participle ("-> booked"); lo is -1 when there is none.
func (x *extraction) callStatus(d *clauseData, lo, hi int) cue {
	for i := lo; i < hi && i <= lo+2; i++ {
		t := x.toks[i]
		if t.kind == tNum {
			if len(t.s) == 3 && t.s[0] >= '2' && t.s[0] <= '5' && t.s[1] >= '0' && t.s[1] <= '9' && t.s[2] >= '0' && t.s[2] <= '9' {
				switch {
				case t.s == "202":
					return cue{k: kPending, lo: i, hi: i + 1} // accepted, not done
				case t.s[0] == '2':
					return cue{k: kDone, lo: i, hi: i + 1}
				default:
					return cue{k: kFail, lo: i, hi: i + 1}
				}
			}
			break
		}
		if t.kind == tWord {
			if (strings.HasSuffix(t.s, "ed") || participles[t.s]) && !x.cueAt(d, i) {
				return cue{k: kDone, lo: i, hi: i + 1} // "-> booked", "-> sent"
			}
			break
		}
	}
	return cue{k: kNeutral, lo: -1}
}

// reassignCancel reads a mention that is only an undo word (a plain rollback
// cue: "called off") and names one step, but whose subject or object is
// another step ("the spare haul was called off", "I called off the
// spare"), as that other step being undone: the mention is dropped and a
// rollback cue put in its place.
func (x *extraction) reassignCancel(d *clauseData) {
	ms := x.ms[d.mlo:d.mhi]
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		if !x.undoWord(m.lo, m.hi) {
			continue
		}
		// The neighbours are the mentions before and after it, not the
		// copies of it a shared phrase gave to other steps (resolveShared).
		other := false
		prev, next := i-1, i+1
		for prev >= 0 && ms[prev].hi > m.lo {
			prev--
		}
		for next < len(ms) && ms[next].lo < m.hi {
			next++
		}
		if prev >= 0 && !x.kin(ms[prev], m) && x.onlyFunctionWords(ms[prev].hi, m.lo) {
			other = true
		}
		if next < len(ms) && !x.kin(ms[next], m) && x.onlyFunctionWords(m.hi, ms[next].lo) {
			other = true
		}
		if !other {
			continue
		}
		x.cues = append(x.cues, cue{k: kRollback, lo: m.lo, hi: m.hi})
		ms = append(ms[:i], ms[i+1:]...)
		x.ms = x.ms[:len(x.ms)-1]
		d.mhi--
		i--
	}
}

// kin reports two mentions of one step, or of steps one shared phrase names
// ("called off crate #W1": both steps call one tool).
func (x *extraction) kin(a, b mention) bool {
	if a.step == b.step {
		return true
	}
	if a.step < 0 || b.step < 0 {
		return false
	}
	return slices.Contains(a.shared, x.steps[b.step].ID) || slices.Contains(b.shared, x.steps[a.step].ID)
}

// otherThing reports a mention that names something other than the step,
// by the step's NotAfter and NotBefore words: one right before it ("the
// broken urn"), or one just after it when the mention does not say the
// thing is new ("your urn arrived cracked", not "the new urn arrived
// cracked too").
func (x *extraction) otherThing(c clause, m match, si int) bool {
	ph := &x.steps[si].Phrases
	if len(ph.NotAfter) > 0 && m.lo > c.lo && slices.Contains(ph.NotAfter, x.toks[m.lo-1].s) {
		return true
	}
	if len(ph.NotBefore) == 0 {
		return false
	}
	for i := m.lo; i < m.hi; i++ {
		switch w := x.toks[i].s; w {
		case "new", "fresh", "another":
			return false
		default:
			if slices.Contains(ph.Name, w) {
				return false // the step's own bare name: "the spare arrived cracked"
			}
		}
	}
	for i := m.hi; i < min(m.hi+3, c.hi); i++ {
		if slices.Contains(ph.NotBefore, x.toks[i].s) {
			return true
		}
	}
	return false
}

// customerVerb reports a mention at token i that is the visitor's own verb,
// not the step: a bare word after "you" or "they" as subject ("anything you
// crate from now on", "if you call off"), not as object ("sent you a text").
func (x *extraction) customerVerb(c clause, i int) bool {
	if i-1 < c.lo {
		return false
	}
	if p := x.toks[i-1].s; p != "you" && p != "they" {
		return false
	}
	w := x.toks[i].s
	if strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") || participles[w] || determiners[w] || auxWords[w] || w == "'re" {
		return false // "you're now on the gold tier" says where the visitor is
	}
	return i-2 < c.lo || subjectOpeners[x.toks[i-2].s]
}

// subjectOpeners are words after which "you" is a subject.
var subjectOpeners = map[string]bool{
	"anything": true, "everything": true, "whatever": true, "if": true, "when": true, "whenever": true,
	"once": true, "what": true, "that": true, "before": true, "after": true, "until": true, "unless": true,
	"as": true, "and": true, "or": true, "so": true, ",": true, "then": true, "where": true,
}

// undoWord reports tokens [lo, hi) that are exactly a plain rollback cue.
func (x *extraction) undoWord(lo, hi int) bool {
	if hi-lo > 2 {
		return false
	}
	w := x.toks[lo].s
	if hi-lo == 2 {
		w += " " + x.toks[lo+1].s
	}
	return undoWords[w]
}

// undoWords are the rollback cues that are plain words ("reversed",
// "called off"), read from the cue list at init.
var undoWords = map[string]bool{}

func init() {
	for _, src := range cues[kRollback] {
		if !strings.ContainsAny(src, "|?~!*") {
			undoWords[src] = true
		}
	}
}

func (x *extraction) onlyFunctionWords(a, b int) bool {
	for i := a; i < b; i++ {
		if s := x.toks[i].s; !auxWords[s] && !determiners[s] && s != "then" && s != "just" {
			return false
		}
	}
	return b-a <= 4
}

// active drops mentions and step-specific neutral phrases of steps that are not
// in the scenario.
func (x *extraction) active(m match) bool {
	switch m.p.kind {
	case kMention, kNeutral:
		if m.p.step == "" {
			return true
		}
		return x.stepIndex(m.p.step) >= 0
	case kNoun:
		return true // compiled for this scenario's steps only
	case kRollback, kDone, kFail, kPending:
		// "how to cancel with them": a topic, not an act
		return m.lo < 2 || x.toks[m.lo-1].s != "to" || x.toks[m.lo-2].s != "how"
	case kCond:
		if x.toks[m.lo].s == "before" && m.hi-m.lo == 1 {
			return m.hi < len(x.toks) && beforeAction(x.toks[m.hi].s)
		}
	}
	return true
}

// beforeAction reports a word after "before" that opens an action of its
// own, which "before" makes a condition ("before I retry", "before
// repainting it"); a time ("the day before", "before Friday") is none.
func beforeAction(w string) bool {
	return subjectPronouns[w] || w == "he" || w == "she" || w == "any" || w == "anything" ||
		len(w) > 5 && strings.HasSuffix(w, "ing")
}

// contradicts reports a negation, failure, doubt or "still pending" inside a done form's gap,
// which the form does not absorb: "the crate is still going to Leeds", "the
// package is not going to the new plaque".
func (x *extraction) contradicts(d clauseData, m match) bool {
	switch m.p.kind {
	case kNeg, kFail, kStrong, kTried, kHedge:
	case kPending:
		// "the repaint is still pending on your account", not "the repaint-retries queue"
		if w := x.toks[m.lo].s; w != "pending" && w != "still" && (m.lo == 0 || x.toks[m.lo-1].s != "still") {
			return false
		}
	default:
		return false
	}
	for _, mm := range x.ms[d.mlo:d.mhi] {
		if mm.lo < m.lo && m.hi <= mm.hi && mm.form == fDone && !mm.pat.literal(x.toks[m.lo].s) {
			return true // in the form's gap: "the crate is still going to the old plaque", "appears to be attached"
		}
	}
	return false
}

// undoModifier reports an undo noun right before a name ("rollback note",
// "undo request"): it says what the thing is about, not that it was undone.
func (x *extraction) undoModifier(d clauseData, m match) bool {
	if m.hi != m.lo+1 {
		return false
	}
	switch w := x.toks[m.lo].s; {
	case w == "rollback": // the verb is "roll back"
	case w == "undo" && m.lo > 0 && determiners[x.toks[m.lo-1].s]: // not "can't undo KQ-1"
	default:
		return false
	}
	for _, n := range x.ms[d.mlo:d.mhi] {
		if n.lo == m.hi {
			return true
		}
	}
	return false
}

// insideMention reports a token range inside one mention; mentions are sorted,
// short, and do not overlap, so only the last one starting at or before lo counts.
func (x *extraction) insideMention(d clauseData, lo, hi int) bool {
	ms := x.ms[d.mlo:len(x.ms)]
	i, j := 0, len(ms)
	for i < j {
		h := int(uint(i+j) >> 1)
		if ms[h].lo <= lo {
			i = h + 1
		} else {
			j = h
		}
	}
	// A name's own words are not a verdict, but a verb inside a name's gap is
	// ("your money is heading back", "the crate was updated").
	return i > 0 && hi <= ms[i-1].hi && (ms[i-1].form != fName || lo == ms[i-1].lo || hi == ms[i-1].hi)
}

// cuesIn returns the clause's cues that start in [lo, hi); cues are sorted.
func (x *extraction) cuesIn(d *clauseData, lo, hi int) []cue {
	cs := x.cues[d.clo:d.chi]
	i, j := 0, len(cs)
	for i < j {
		h := int(uint(i+j) >> 1)
		if cs[h].lo < lo {
			i = h + 1
		} else {
			j = h
		}
	}
	k := i
	for k < len(cs) && cs[k].lo < hi {
		k++
	}
	return cs[i:k]
}

// numberCues reads status codes ("PSP returned 429", "| 503 |") as failures and
// store deltas ("Store → +2") as done.
func (x *extraction) numberCues(c clause) {
	for i := c.lo; i < c.hi; i++ {
		t := x.toks[i]
		if t.kind != tNum {
			continue
		}
		s := t.s
		if j := x.partOf(c, i); j > 0 {
			x.cues = append(x.cues, cue{k: kFail, lo: i, hi: j}) // "$30 of the $60", "5 of 8 crates"
			i = j - 1
			continue
		}
		if j := x.fullCount(c, i); j > 0 {
			x.cues = append(x.cues, cue{k: kDone, lo: i, hi: j}) // "4/4 ready": all of them
			i = j - 1
			continue
		}
		if len(s) > 1 && s[0] == '+' && s[1] >= '0' && s[1] <= '9' {
			x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1})
			continue
		}
		if len(s) != 3 || (s[0] != '2' && s[0] != '4' && s[0] != '5') || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' {
			continue
		}
		if i+2 < c.hi && x.toks[i+1].s == ")" && x.toks[i+2].kind == tNum {
			continue // a phone number's area code: "(503) 555-0178"
		}
		if x.anySets(normNumber(s)) {
			continue // an amount a step sets, no status: "both repaints issued (400 red / 250 blue)"
		}
		prev, next := "", ""
		if i > c.lo {
			p := x.toks[i-1]
			if p.kind == tWord && !p.space && !statusBefore[p.s] {
				continue // part of an id: "Z-700", "Part-503"
			}
			prev = p.s
		}
		if i+1 < c.hi {
			next = x.toks[i+1].s
		}
		if s[0] == '2' {
			// A success status: "2nd attempt 200", "returned 201 Created".
			if statusBefore[prev] && prev != "a" && prev != "an" && prev != "with" && prev != "(" && prev != "|" || next == "ok" || next == "created" {
				x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1})
			}
			continue
		}
		if (statusBefore[prev] || statusAfter[next]) && !quantity(next) {
			x.cues = append(x.cues, cue{k: kFail, lo: i, hi: i + 1})
		}
	}
}

// fullCount reads "N/N ready" (or up, running, available, or a pack's ready
// cue) at token i, all of a count, and returns the token after it, or 0.
func (x *extraction) fullCount(c clause, i int) int {
	if i+3 >= c.hi || x.toks[i+1].s != "/" || x.toks[i+2].s != x.toks[i].s {
		return 0
	}
	if w := x.toks[i+3].s; !readyWords[w] && (x.extra == nil || !x.extra.ready[w]) {
		return 0
	}
	return i + 4
}

var readyWords = map[string]bool{"ready": true, "up": true, "running": true, "available": true}

// partOf reads "N of (the|your) M" at token i with N below M, a part, and
// returns the token after M, or 0.
func (x *extraction) partOf(c clause, i int) int {
	j := i + 1
	if j >= c.hi || x.toks[j].s != "of" {
		return 0
	}
	j++
	if j < c.hi && (determiners[x.toks[j].s] || x.toks[j].s == "his" || x.toks[j].s == "her") {
		j++
	}
	if j >= c.hi || x.toks[j].kind != tNum {
		return 0
	}
	a, errA := strconv.ParseFloat(strings.ReplaceAll(normNumber(x.toks[i].s), ",", ""), 64)
	b, errB := strconv.ParseFloat(strings.ReplaceAll(normNumber(x.toks[j].s), ",", ""), 64)
	if errA != nil || errB != nil || a >= b || a <= 0 {
		return 0
	}
	return j + 1
}

var (
	statusBefore = map[string]bool{
		"returned": true, "return": true, "returns": true, "http": true, "status": true, "error": true,
		"code": true, "got": true, "with": true, "a": true, "an": true, "|": true, "(": true, "threw": true,
		"attempt": true, "try": true, "retry": true, "responded": true, "back": true, "gave": true,
		"answered": true, "replied": true,
	}
	statusAfter = map[string]bool{
		"error": true, "errors": true, "conflict": true, "response": true, "too": true, "rate": true,
		"status": true, "timeout": true, "service": true, "bad": true, "forbidden": true, "not": true,
		"from": true, "gateway": true, "internal": true, "unavailable": true, ")": true,
	}
)

// resolveNoun appends to out the steps a shared noun at match m names, from
// the qualifiers around it (each candidate's Near words), stopping at
// clause-internal boundaries. "everywhere", "both" or the plural names them
// all; a part with no qualifier names what the noun last named.
func (x *extraction) resolveNoun(c clause, m match, out []int) []int {
	var buf [8]int
	cands := buf[:0]
	for _, id := range m.p.shared {
		if si := x.stepIndex(id); si >= 0 {
			cands = append(cands, si)
		}
	}
	if len(cands) == 0 {
		return out
	}
	prev := ""
	if m.lo > c.lo {
		prev = x.toks[m.lo-1].s
	}
	for _, si := range cands {
		if slices.Contains(x.steps[si].Phrases.NotAfter, prev) {
			return out // "message plaque" is no postal plaque
		}
	}
	if len(cands) == 1 {
		return append(out, cands[0])
	}
	i := m.hi - 1
	head := x.toks[i].s
	old := false
	switch prev {
	case "old", "original", "previous", "former", "existing":
		old = true // names a step only with a qualifier: "the crate's old plaque"
	}
	var sbuf [8]int
	score := sbuf[:len(cands)]
	both := false
	add := func(j int) bool {
		t := x.toks[j]
		if nounStop(t) {
			return false
		}
		for k, si := range cands {
			score[k] += x.steps[si].Phrases.Near[t.s]
		}
		both = both || t.s == "everywhere" || t.s == "both"
		return true
	}
	j := i - 1
	for ; j >= c.lo && j >= i-6 && add(j); j-- {
	}
	for k, lim := i+1, i+7; k < c.hi && k <= lim; k++ {
		if e := x.appositive(k, c.hi); e > k {
			// "your new plaque, 301 Birch Lane, York, is saved everywhere"
			lim += e - k
			k = e
			continue
		}
		if !add(k) {
			break
		}
	}
	if x.standing(c.lo, c.hi) {
		for k, si := range cands {
			if x.steps[si].Phrases.Standing {
				score[k] += 4 // "anything you buy from now on will go to your new plaque"
			}
		}
	}
	zero := func() bool {
		for _, v := range score {
			if v != 0 {
				return false
			}
		}
		return true
	}
	if zero() && !both && (j < i-6 || j >= c.lo && x.toks[j].s == ",") {
		// Nothing near: a qualifier further back in the same stretch still says
		// whose it is ("when I pulled the crate up it still shows the Leeds
		// plaque", "for crate K9090, the street was changed").
		for ; j >= c.lo && (x.toks[j].s == "," || add(j)); j-- {
		}
	}
	best, tie := 0, false
	for k := 1; k < len(score); k++ {
		switch {
		case score[k] > score[best]:
			best, tie = k, false
		case score[k] == score[best]:
			tie = true
		}
	}
	plural := !m.p.part && strings.HasSuffix(head, "s") && !strings.HasSuffix(head, "ss")
	switch {
	case plural && !old:
		return append(out, cands...) // "all plaques updated": the plural is all
	case m.p.part && zero() && !both && x.lastNoun >= 0 && x.nounPara == c.para && slices.Contains(cands, x.lastNoun):
		return append(out, x.lastNoun)
	case old && (tie || score[best] == 0):
		return out
	case old:
		return append(out, cands[best])
	case both:
		return append(out, cands...)
	case !tie && score[best] > 0:
		return append(out, cands[best])
	case zero() && prev == "new":
		return out
	}
	// A tie of qualifiers, or none: the first candidate that scored best.
	return append(out, cands[best])
}

func nounStop(t token) bool {
	switch t.s {
	case ",", ";", "and", "but", "(", ")", "|", dash, ".":
		return true
	}
	return t.kind == tBreak || t.kind == tMark
}

// appositive returns the end of a plaque written out between commas after an
// plaque (", 301 Birch Lane, York 80203,"): the last comma of a run of short
// comma-separated parts, one with a number, with no verb or connector; j when
// there is none.
func (x *extraction) appositive(j, hi int) int {
	if j >= hi || x.toks[j].s != "," {
		return j
	}
	end, num, n := j, false, 0
	for k := j + 1; k < hi && k <= j+12; k++ {
		t := x.toks[k]
		switch {
		case t.s == ",":
			if n == 0 {
				return end
			}
			if num {
				end = k
			}
			n = 0
			continue
		case t.kind == tNum:
			num = true
		case t.kind != tWord || auxWords[t.s] || splitWords[t.s] || determiners[t.s]:
			return end
		}
		if n++; n > 4 {
			return end
		}
	}
	return end
}

// resolveShared gives a phrase that several steps' tool declares to the
// steps the clause names by their own words (terms, ids): "restarted the
// worker" is the worker's restart, not the first step's. With none named,
// "both", "all", "each", "neither" or "either" gives it to every one; otherwise the one named
// last before it, or the first.
func (x *extraction) resolveShared(d *clauseData, c clause) {
	for mi := d.mlo; mi < d.mhi; mi++ {
		m := x.ms[mi]
		if len(m.shared) == 0 {
			continue
		}
		var named []int
		for _, o := range x.ms[d.mlo:d.mhi] {
			if len(o.shared) == 0 && o.step >= 0 && slices.Contains(m.shared, x.steps[o.step].ID) && !slices.Contains(named, o.step) {
				named = append(named, o.step)
			}
		}
		if len(named) == 0 && x.extra != nil && m.hi-m.lo > 2 {
			// A name in the phrase's own gap: "rolled back orbit-worker to 2.3.1".
			var buf [8]match
			for _, f := range x.extra.scan(x.toks, x.hs, m.lo+1, m.hi-1, buf[:0]) {
				if si := x.stepIndex(f.p.step); f.p.kind == kMention && len(f.p.shared) == 0 && f.hi < m.hi && si >= 0 &&
					slices.Contains(m.shared, f.p.step) && !slices.Contains(named, si) {
					named = append(named, si)
				}
			}
		}
		if len(named) == 0 && x.namesAll(c) {
			for _, id := range m.shared {
				named = append(named, x.stepIndex(id))
			}
		}
		for j := d.mlo - 1; len(named) == 0 && j >= 0; j-- {
			// "so that repaint did not land": the one named last before.
			if o := x.ms[j]; len(o.shared) == 0 && o.step >= 0 && slices.Contains(m.shared, x.steps[o.step].ID) {
				named = append(named, o.step)
			}
		}
		if len(named) == 0 {
			continue
		}
		x.ms[mi].step = named[0]
		for _, s := range named[1:] {
			x.ms = append(x.ms, mention{step: s, form: m.form, lo: m.lo, hi: m.hi})
			d.mhi++
		}
	}
}

// namesAll reports "both", "all" or "each" in the clause.
func (x *extraction) namesAll(c clause) bool {
	for i := c.lo; i < c.hi; i++ {
		switch x.toks[i].s {
		case "both", "all", "each", "neither", "either":
			return true
		}
	}
	return false
}

// partItems reads a step said done, in regions that name some of the items
// its action takes and never the others, as done in part: failed, or
// pending while a group of it is pending ("restarted quill-api; the
// worker's restart is still rolling").
func (x *extraction) partItems() {
	if x.extra == nil {
		return
	}
	for si, list := range x.extra.items {
		forms := list.forms
		if len(forms) < 2 || x.state[si] != Done {
			continue
		}
		var named, touched uint64
		whole, pending := false, false
		for _, g := range x.groups {
			if !x.groupOf(g, si) {
				continue
			}
			switch {
			case g.v.claim == Pending:
				pending = true
			case g.v.claim != Done || g.voided != voidNone || g.v.src == srcMood || g.v.src == srcOther || g.v.src == srcReported,
				x.onlyShared(g, si, list):
			default:
				lo, hi := x.itemStart(g, si, forms), x.itemSpan(g, forms)
				if in := x.itemsIn(forms, lo, hi); in == 0 || x.allOf(len(forms), lo, hi) {
					whole = true
				} else {
					named |= in
					touched |= x.touched(list, lo, hi)
				}
			}
		}
		if whole || named == 0 || named|touched == 1<<len(forms)-1 {
			continue
		}
		x.state[si] = Failed
		if pending {
			x.state[si] = Pending
		}
		if x.trace != nil {
			x.trace.items[si] = named
		}
	}
}

// groupOf reports a group with a mention of step si.
func (x *extraction) groupOf(g group, si int) bool {
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step == si {
			return true
		}
	}
	return false
}

// itemsIn marks the items whose names stand in tokens [lo, hi), and those
// a range or a slash list of them spans ("BX-6 to BX-8", "BX-6–8",
// "BX-6/7/8").
func (x *extraction) itemsIn(forms [][]string, lo, hi int) uint64 {
	var mask uint64
	for i := lo; i < hi; i++ {
		k, n := x.itemAt(forms, i, hi)
		if n == 0 {
			continue
		}
		mask |= 1 << k
		j := i + n
		for j+1 < hi && (rangeWords[x.toks[j].s] || x.toks[j].s == "/") {
			k2, n2 := x.itemAt(forms, j+1, hi)
			if n2 == 0 {
				if k2 = numbered(forms, x.toks[j+1]); k2 < 0 {
					break
				}
				n2 = 1
			}
			if x.toks[j].s == "/" {
				mask |= 1 << k2
			} else {
				for r := min(k, k2); r <= max(k, k2); r++ {
					mask |= 1 << r
				}
			}
			k, j = k2, j+1+n2
		}
		i = j - 1
	}
	return mask
}

// rangeWords join the first and last item of a range.
var rangeWords = map[string]bool{"to": true, "through": true, "thru": true, "–": true, "—": true, "-": true}

// numbered returns the item whose name ends in the number t, or -1: "7"
// after "BX-6/" is BX-7.
func numbered(forms [][]string, t token) int {
	if t.kind != tNum {
		return -1
	}
	for k, alts := range forms {
		if strings.HasSuffix(alts[0], " "+t.s) {
			return k
		}
	}
	return -1
}

// itemStart returns where the words before g's first mention of step si
// that is no item's name belong to it begin: its subject, back to a clause's split
// ("quill-api restarted cleanly", not "KQ-1 on RIG-55, manifest filed").
func (x *extraction) itemStart(g group, si int, forms [][]string) int {
	i, lo := g.lo, x.cls[g.clause].lo
	for _, m := range x.ms[g.mlo:g.mhi] {
		if _, n := x.itemAt(forms, m.lo, m.hi); m.step == si && n == 0 {
			i = m.lo
			break
		}
	}
	for i > lo {
		t := x.toks[i-1]
		switch {
		case t.kind == tNum && numbered(forms, t) >= 0, t.kind == tWord && !splitWords[t.s]:
			i-- // a subject, or an item's name: "BX-6, BX-7, BX-8 moved"
		case (itemJoin[t.s] || t.s == "/" || rangeWords[t.s]) && i-2 >= lo && x.itemEndsAt(forms, i-2, lo) && x.itemStartsAt(forms, i):
			i-- // between two items: "quill-api and quill-worker have been restarted"
		default:
			return i
		}
	}
	return i
}

// itemEndsAt reports an item's name, or its number, ending at token j.
func (x *extraction) itemEndsAt(forms [][]string, j, lo int) bool {
	if numbered(forms, x.toks[j]) >= 0 {
		return true
	}
	for _, alts := range forms {
		for _, f := range alts {
			if n := strings.Count(f, " ") + 1; j-n+1 >= lo && x.runAt(j-n+1, j+1, f) {
				return true
			}
		}
	}
	return false
}

// itemStartsAt reports an item's name, or its number, at token i.
func (x *extraction) itemStartsAt(forms [][]string, i int) bool {
	_, n := x.itemAt(forms, i, len(x.toks))
	return n > 0 || numbered(forms, x.toks[i]) >= 0
}

// onlyShared reports a group of step si that names nothing but items
// another step's words name too: "KQ-1 is open" speaks of KQ-1, not of
// the manifest that lists it.
func (x *extraction) onlyShared(g group, si int, list itemList) bool {
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step != si {
			continue
		}
		k, n := x.itemAt(list.forms, m.lo, m.hi)
		if n == 0 || list.shared&(1<<k) == 0 {
			return false
		}
	}
	return true
}

// touched marks the items of a list of which a word no other item has
// stands in tokens [lo, hi): "GitLab" of gitlab-group, "7" of BX-7. A reply
// that names every item so is about all of them.
func (x *extraction) touched(list itemList, lo, hi int) uint64 {
	var mask uint64
	for i := lo; i < hi; i++ {
		mask |= list.words[x.toks[i].s]
	}
	return mask
}

// itemSpan returns where g's region ends, carried on over item names and
// the words that join them: another step's mention cuts a region, but
// "restarted quill-api" names the item even where quill-api is.
func (x *extraction) itemSpan(g group, forms [][]string) int {
	hi, end := g.rhi, x.cls[g.clause].hi
	for hi < end {
		t := x.toks[hi]
		if _, n := x.itemAt(forms, hi, end); n > 0 {
			hi += n
		} else if itemJoin[t.s] || rangeWords[t.s] || t.s == "/" || numbered(forms, t) >= 0 {
			hi++
		} else {
			break
		}
	}
	return hi
}

// itemJoin are the words between a verb and its items, or between items.
var itemJoin = map[string]bool{"and": true, ",": true, "+": true, "&": true, "the": true, "only": true, "just": true}

// itemAt returns the item named at token i and the length of its name, or
// a length of 0.
func (x *extraction) itemAt(forms [][]string, i, hi int) (int, int) {
	if x.toks[i].kind != tWord && x.toks[i].kind != tNum {
		return 0, 0
	}
	for k, alts := range forms {
		for _, f := range alts {
			if x.runAt(i, hi, f) {
				return k, strings.Count(f, " ") + 1
			}
		}
	}
	return 0, 0
}

// allOf reports words in [lo, hi) that speak of all n items at once:
// "both", "all", "each", "every", or the number n ("the 3 pallets").
func (x *extraction) allOf(n, lo, hi int) bool {
	num := strconv.Itoa(n)
	for i := lo; i < hi; i++ {
		switch s := x.toks[i].s; {
		case s == "both" || s == "all" || s == "each" || s == "every", s == num || numberWords[s] == num:
			return true
		}
	}
	return false
}

// runAt reports the space-joined words f at token i, glued as one name
// and not part of a longer one.
func (x *extraction) runAt(i, hi int, f string) bool {
	named := func(t token) bool { return t.kind == tWord || t.kind == tNum }
	if i > 0 && !x.toks[i-1].space && named(x.toks[i-1]) {
		return false
	}
	for j := i; j < hi; j++ {
		w, rest, more := strings.Cut(f, " ")
		if x.toks[j].s != w {
			return false
		}
		if !more {
			return x.toks[j].space || j+1 >= len(x.toks) || !named(x.toks[j+1])
		}
		if x.toks[j].space {
			return false
		}
		f = rest
	}
	return false
}
