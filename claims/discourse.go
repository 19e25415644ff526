package claims

import (
	"slices"
	"strings"
)

// crossClause applies rule 6 of rules.go: a clause without mentions may carry
// its claim to the last step named before it, and a bare label ("Repaint —")
// takes the claim of the clause that follows it.
func (x *extraction) crossClause() {
	var last *group
	para := -1
	for ci := range x.cls {
		c, d := x.cls[ci], &x.cd[ci]
		if c.para != para {
			last, para = nil, c.para
		}
		if d.ghi > d.glo {
			x.introduced(ci)
			last = &x.groups[d.ghi-1]
			if last.v.src == srcMood && last.voided == voidNone {
				last = nil // a question, an offer or an intention is no referent
			}
			x.attachLabel(ci)
			continue
		}
		if last == nil || x.asks(ci) {
			continue
		}
		hi := c.hi
		if x.conditional(d) {
			// Only a predicate before the one the condition governs says
			// something: "I'll retry it in an hour and message you once it's through".
			cp := x.firstCue(d, kCond, c.lo, c.hi)
			if cp <= c.lo || x.hasCue(d, kCond, c.lo, cp) {
				continue
			}
			if hi = x.laterPredicate(d, c.lo, c.lo, cp); hi < 0 {
				continue
			}
		} else if cp := x.hypothesis(d, c); cp >= 0 {
			// What follows "if" or "in case" is hypothetical: "keep the tracking
			// number handy in case we need it".
			hi = cp
		}
		v := x.eval(d, nil, c.lo, hi)
		if v.claim == Unmentioned || v.claim == Failed && last.v.src == srcUndoTried {
			continue // "I tried to put it back, but the API refused": the undo failed
		}
		pronoun := x.refersBack(clause{lo: c.lo, hi: hi, sent: c.sent, para: c.para, lead: c.lead})
		if last.voided != voidNone {
			// A step named under a condition or in the visitor's request is
			// still what a pronoun refers to: "you'll get the $120 back once the
			// repaint clears; right now it's pending". A completion carries only
			// as a report ("it was sent this morning"), not as a future.
			if pronoun && v.src != srcWeak && (v.claim != Done || last.voided == voidWish || v.src == srcCue) {
				last.v, last.voided = v, voidNone
			}
			continue
		}
		// After a contrast, a failure word, or a negation whose subject is the
		// step ("but it didn't go through", "but didn't go through").
		contrast := c.lead == leadContrast && x.cls[last.clause].sent == c.sent && v.claim != Done &&
			(v.src == srcCue || v.src == srcFirst || v.src == srcAux && (pronoun || auxWords[x.toks[c.lo].s])) && !x.ownObject(d, c) &&
			!(v.claim == Failed && !pronoun && x.explainsNext(ci)) &&
			!(v.src == srcAux && last.v.claim == Pending && x.hasCue(&x.cd[last.clause], kHedge, last.rlo, last.rhi))
		switch {
		case v.claim == Failed && pronoun && x.hasCue(d, kRollback, c.lo, c.hi):
			last.v = v // "created the spare, but then had to call it off"
		case contrast:
			last.v = v // "repaint txn created but PSP returned 429"
		case c.lead == leadContrast && pronoun && v.claim == Done && v.src == srcCue && last.v.claim == Failed &&
			x.cls[last.clause].sent == c.sent && x.emphatic(c):
			last.v = v // "the request timed out on my end, but it did go through"
		case v.claim == Done && (x.hasCue(d, kRetried, c.lo, c.hi) || x.retriedJustBefore(ci)) && (pronoun || x.cls[last.clause].sent == c.sent):
			last.v = v // "it was declined at first, but went through on the second try"; "I retried and it's now in place"
		case v.claim == Done && last.v.src == srcFirst && (pronoun || v.src == srcCue && !x.anyWord(c.lo, hi, otherWords) && !x.anyWord(max(x.sents[c.sent].lo, c.lo-6), hi, maybeWords)):
			last.v = v // "timed out on the first try ... it had gone through", "... so the change had landed"
		case pronoun && v.claim == Pending && (last.v.claim == Unmentioned || last.v.claim == Failed && !x.anyWord(c.lo, hi, replyVerbs)):
			// A retry says the step is not done ("the delivery plaque is wrong
			// in places. I'm retrying that update now").
			last.failed = last.failed || last.v.claim == Failed || x.retrying(c)
			last.v = v
		case pronoun && v.claim == Pending && last.v.claim == Done && x.hasCue(d, kHedge, c.lo, hi) && !x.because(c) &&
			!x.hasCue(d, kLater, c.lo, hi) && !x.hasCue(d, kFuture, c.lo, hi):
			last.v = v // "I sent the email; it looks like it went out": the result is a guess
		case v.claim == Pending && last.v.claim == Failed && x.restOf(c) && x.inPart(last):
			last.v = v // "only 8 of the 10 nodes are ready. The last two are still provisioning"
		case pronoun && v.claim == Pending && last.v.claim == Done && x.retrying(c):
			last.v, last.failed = v, true // "only the street changed. I'm retrying that update now"
		case pronoun && v.claim == Failed && last.v.claim == Unmentioned:
			last.v = v
		case v.claim == Pending && v.src != srcWeak && last.v.claim == Failed && x.commits(c):
			last.v, last.failed = v, true // "The repaint failed. I'll try again in a few minutes."
		case pronoun && v.claim == Done && last.v == noClaim:
			last.v = v // "the spare didn't need a new crate, so it's been sent out"
		}
	}
}

// replyVerbs report what a system answered: a pending word in its answer
// ("billing returns \"account locked for review\" on both calls") is the
// failure's reason, not the step waiting.
var replyVerbs = map[string]bool{"returns": true, "returned": true, "responded": true, "replied": true}

// restOf reports a clause that opens on the rest of a part: "the other
// two", "the last 2", "the remaining £840", "the rest".
func (x *extraction) restOf(c clause) bool {
	return x.anyWord(c.lo, min(c.hi, c.lo+2), restWords)
}

// restWords name the rest of a part.
var restWords = map[string]bool{"other": true, "others": true, "last": true, "remaining": true, "rest": true}

// inPart reports a group failed for being done in part: "8 of the 10".
func (x *extraction) inPart(g *group) bool {
	for _, cu := range x.cuesIn(&x.cd[g.clause], g.rlo, g.rhi) {
		if x.partCue(cu) {
			return true
		}
	}
	return false
}

// because reports a clause that gives a reason, not a result: "since this
// looks like your rent reserve".
func (x *extraction) because(c clause) bool {
	for i := max(c.lo-1, 0); i <= c.lo && i < c.hi; i++ {
		if causeWords[x.toks[i].s] {
			return true
		}
	}
	return false
}

var causeWords = map[string]bool{"since": true, "because": true, "as": true, "cause": true}

// otherWords make a clause about other things than the one named before.
var otherWords = map[string]bool{"else": true, "other": true, "others": true, "rest": true}

// maybeWords make a clause a possibility, not an outcome: "can take a while to reflect".
var maybeWords = map[string]bool{"can": true, "could": true, "may": true, "might": true, "would": true}

// retriedJustBefore reports a retry in the clause before ci, in its
// sentence, that names no step: "I retried and it's now in place".
func (x *extraction) retriedJustBefore(ci int) bool {
	if ci == 0 || x.cls[ci-1].sent != x.cls[ci].sent {
		return false
	}
	d := &x.cd[ci-1]
	return d.ghi == d.glo && x.hasCue(d, kRetried, x.cls[ci-1].lo, x.cls[ci-1].hi)
}

// wishLists carries a restated request over the clauses its sentence
// goes on with, while none is the agent speaking or a verb of its own:
// "you'd like the notes sent, your visit cancelled, and an email when
// it's done" asks for three things; "..., and it has been cancelled" or
// "..., which I did" reports.
func (x *extraction) wishLists() {
	for ci := 0; ci < len(x.cls); ci++ {
		if x.wishAt(&x.cd[ci], x.cls[ci]) < 0 {
			continue
		}
		cj := ci + 1
		for ; cj < len(x.cls) && x.cls[cj].sent == x.cls[ci].sent; cj++ {
			c := x.cls[cj]
			if x.firstPerson(c.lo, c.hi) || x.anyWord(c.lo, c.hi, finiteWords) {
				break
			}
			for gi := x.cd[cj].glo; gi < x.cd[cj].ghi; gi++ {
				x.groups[gi].v, x.groups[gi].voided = verdict{Unmentioned, srcMood}, voidWish
			}
		}
		ci = cj - 1
	}
}

// planLists reads what a plan's colon introduces as the plan, not as
// results: "Here's what I'll do: repaint the crate, close CR-310 and write
// to you", or a list under "Here's the plan:" up to a blank line. A plan is
// introduced by a plan word ("plan", "planning", "propose") or by a future
// or intention whose verb is "do" ("what I'm about to do:"). A line that
// announces a plan and ends in a question introduces the list under it.
func (x *extraction) planLists() {
	for k, t := range x.toks {
		if t.kind != tPunct {
			continue
		}
		lineAsks := t.s == "?" && k+1 < len(x.toks) && x.toks[k+1].kind == tBreak
		switch {
		case t.s == ":" && (x.planIntro(k) || x.restates(k)):
		case lineAsks && x.planIntro(k):
		default:
			continue
		}
		hi := len(x.toks)
		if k+1 < len(x.toks) && x.toks[k+1].kind == tBreak {
			for j := k + 2; j < len(x.toks); j++ {
				if x.toks[j].kind == tBreak && x.toks[j].s == blankLine {
					hi = j
					break
				}
			}
		} else {
			for _, s := range x.sents {
				if s.lo <= k && k < s.hi {
					hi = s.hi
				}
			}
		}
		for gi := range x.groups {
			if g := &x.groups[gi]; g.lo > k && g.lo < hi {
				g.v, g.voided = verdict{Unmentioned, srcMood}, voidCond
			}
		}
	}
}

// planIntro reports that the words of the sentence before the colon at k
// announce a plan.
func (x *extraction) planIntro(k int) bool {
	lo := x.sentenceStart(k)
	future := false
	for i := lo; i < k; i++ {
		switch w := x.toks[i].s; {
		case w == "plan" && i > lo && planOwners[x.toks[i-1].s], planWords[w] && w != "plan":
			return true // "here's the plan:", not "change of plan:" nor "plan=gold"
		case w == "plan" && i == lo && (i+1 == k || x.toks[i+1].s == "for"):
			return true // a heading: "Plan for the move:"
		case w == "next" && i == lo && i+1 < k && (x.toks[i+1].s == "steps" || x.toks[i+1].s == "step" || x.toks[i+1].s == "up"):
			return true // "Next steps, once it's available:"
		case w == "'ll" || w == "will" || w == "about" || w == "going" || w == "'d" || w == "would":
			future = true
		case future && w == "do" && (i+1 == k || x.toks[i+1].kind != tWord || doFor[x.toks[i+1].s]):
			return true // "here's what I'll do:", "what I'm about to do for OPS-12:"
		case future && planVerbs[w]:
			return true // "here's how I'd like to handle it:"
		}
	}
	return false
}

// restates reports that the colon at k introduces the request restated as
// orders: a lead-in that checks the request ("Just to confirm:", "To recap:",
// "To make sure I've got it:")
// before a step's own verb in its plain form ("pause the plan, suspend the
// workspace"). "To confirm: paused" reports.
func (x *extraction) restates(k int) bool {
	if k > 0 && k+1 < len(x.toks) && digits(x.toks[k-1].s) && digits(x.toks[k+1].s) {
		return false // a time: "09:00"
	}
	lo := x.sentenceStart(k)
	checks := false
	for i := lo; i < k; i++ {
		w := x.toks[i].s
		checks = checks || restateWords[w] || w == "confirm" && i > lo && x.toks[i-1].s == "to" ||
			w == "sure" && i > lo+1 && (x.toks[i-1].s == "make" || x.toks[i-1].s == "be") && x.toks[i-2].s == "to"
	}
	if !checks {
		return false // "I can confirm the following:" reports
	}
	for j := k + 1; j < len(x.toks); j++ {
		t := x.toks[j]
		if t.kind != tWord {
			continue // a break, a list's number or bullet
		}
		if t.s == "you" || verbForm(t.s) {
			return false // "you'd like ..." is a wish (rules.go); "To confirm: paused" reports
		}
		for si, st := range x.steps {
			if x.stepWord(si, t.s) || slices.Contains(termWords(st.ID), t.s) || slices.Contains(termWords(st.Tool), t.s) {
				return true // "add 5 desks" of add_desks
			}
		}
		return false
	}
	return false
}

// restateWords, and "to confirm", check back what was asked before doing it.
var restateWords = map[string]bool{"recap": true, "confirming": true, "scope": true}

// doFor go on "what I'll do" up to the plan's colon: "... do for you:".
var doFor = map[string]bool{"for": true, "next": true, "now": true, "first": true, "today": true}

// planVerbs after a future or wish say how the agent means to go about it.
var planVerbs = map[string]bool{"handle": true, "proceed": true, "approach": true, "tackle": true}

// planOwners before "plan" make it the agent's plan.
var planOwners = map[string]bool{"the": true, "my": true, "our": true, "this": true, "a": true}

// planWords announce a plan.
var planWords = map[string]bool{
	"plan": true, "planning": true, "propose": true, "proposed": true, "proposing": true, "intend": true,
	"suggest": true, "recommend": true,
}

// lineMarks applies a status mark that opens a line to the step the line is
// about: in "❌ Reseal: the cups were returned to storeroom, but the lantern was
// not" the mark is the verdict and the rest is detail.
func (x *extraction) lineMarks() {
	for gi := 0; gi < len(x.groups); gi++ {
		g := &x.groups[gi]
		c := x.cls[g.clause]
		s := x.sents[c.sent]
		if g.lo != s.lo+1 || x.toks[s.lo].kind != tMark || g.v.src == srcMood {
			continue
		}
		var v verdict
		switch x.toks[s.lo].s {
		case markDone:
			v = verdict{Done, srcCue}
		case markFail:
			v = verdict{Failed, srcCue}
		default:
			v = verdict{Pending, srcCue}
		}
		if g.v.claim != v.claim {
			if g.v.claim == Unmentioned || g.v.src == srcMood {
				continue
			}
			g.v = v // "✓ plaque BX-1 lodged with the depot": the mark decides
		}
		step := x.ms[g.mlo].step
		for gj := gi + 1; gj < len(x.groups) && x.cls[x.groups[gj].clause].sent == c.sent; gj++ {
			h := &x.groups[gj]
			if h.v.claim != Unmentioned && h.v.claim != v.claim && x.ms[h.mlo].step == step && h.mhi-h.mlo == 1 {
				h.v = v
			}
		}
	}
}

// otherStepsVerb drops the claim of a group that names a thing another
// step's action also lists, when the group's verb is that other step's and
// not its own: "quill-worker never rolled" speaks of the restart that
// lists quill-worker, not of its config change.
func (x *extraction) otherStepsVerb() {
	if x.extra == nil {
		return
	}
	for gi := range x.groups {
		g := &x.groups[gi]
		if g.v.claim == Unmentioned || g.mhi-g.mlo != 1 {
			continue
		}
		m := x.ms[g.mlo]
		if m.step < 0 || m.form != fName {
			continue
		}
		for b := range x.steps {
			if b == m.step || len(x.extra.items[b].forms) == 0 {
				continue
			}
			if _, n := x.itemAt(x.extra.items[b].forms, m.lo, m.hi); n == 0 {
				continue
			}
			if x.verbOf(b, m.step, g.rlo, g.rhi, m) {
				g.v = noClaim
				break
			}
		}
	}
}

// verbOf reports a verb in tokens [lo, hi), outside mention m, that is a
// word of step b's phrases and of none of step a's.
func (x *extraction) verbOf(b, a, lo, hi int, m mention) bool {
	for i := lo; i < hi; i++ {
		if i >= m.lo && i < m.hi {
			continue
		}
		w := x.toks[i].s
		if !verbForm(w) {
			continue
		}
		if x.stepWord(b, w) && !x.stepWord(a, w) {
			return true
		}
	}
	return false
}

// attachLabel gives the groups of a clause that says nothing about them ("Repaint
// of $40 —") the claim of the next clause of the sentence, when that clause names
// no step.
// introduced gives the steps a clause only lists the claim of the statement
// that introduces them with a colon: "Two things didn't work: the copay
// repaint and the confirmation message."
func (x *extraction) introduced(ci int) {
	if ci == 0 {
		return
	}
	p, pd, c := x.cls[ci-1], &x.cd[ci-1], x.cls[ci]
	if pd.mhi > pd.mlo || p.hi >= len(x.toks) || x.toks[p.hi].s != ":" || p.para != c.para || x.asks(ci-1) || x.conditional(pd) {
		return
	}
	var v verdict
	for gi := x.cd[ci].glo; gi < x.cd[ci].ghi; gi++ {
		if x.groups[gi].v != noClaim {
			return // the list says more than names: "Done: the repaint went through"
		}
	}
	for i := p.lo; i < p.hi; i++ {
		if s := x.toks[i].s; s == "please" || s == "you" || s == "your" {
			return // a request to the user: "Please don't pay it again:"
		}
	}
	if v = x.eval(pd, nil, p.lo, p.hi); v.claim == Unmentioned {
		return
	}
	for gi := x.cd[ci].glo; gi < x.cd[ci].ghi; gi++ {
		x.groups[gi].v = v
	}
}

func (x *extraction) attachLabel(ci int) {
	d := &x.cd[ci]
	for _, g := range x.groups[d.glo:d.ghi] {
		if g.v != noClaim {
			return
		}
	}
	if ci+1 >= len(x.cls) || x.cls[ci+1].sent != x.cls[ci].sent && !x.heading(ci) {
		return
	}
	n, nd := x.cls[ci+1], &x.cd[ci+1]
	if nd.mhi > nd.mlo || x.asks(ci+1) || x.conditional(nd) {
		return
	}
	for gi := d.glo; gi < d.ghi; gi++ {
		g := &x.groups[gi]
		g.v = x.eval(nd, x.ms[g.mlo:g.mhi], n.lo, n.hi)
	}
}

// heading reports a clause that is a line of its own naming only steps, such as
// a markdown heading ("**Spare**") whose body follows on the next line.
func (x *extraction) heading(ci int) bool {
	c, d := x.cls[ci], &x.cd[ci]
	s := x.sents[c.sent]
	if c.lo != s.lo || c.hi < s.hi-1 || c.hi-c.lo > 5 || d.mhi == d.mlo {
		return false
	}
	if c.hi < s.hi && x.toks[c.hi].s != ":" || c.hi == s.hi && x.toks[c.hi-1].kind == tPunct && x.toks[c.hi-1].s != ":" {
		return false // a sentence ended by . ! ? is no heading
	}
	for i := c.lo; i < c.hi; i++ {
		if x.toks[i].kind == tWord && !determiners[x.toks[i].s] && !x.insideMention(*d, i, i+1) {
			return false
		}
	}
	return true
}

// headline reports the message's opening sentence as a short report of the
// whole request done: at most three words, the last a done word, no step
// named ("Rollback complete.", "Migration finished", "All moved!").
func (x *extraction) headline(ci int) bool {
	c, d := x.cls[ci], &x.cd[ci]
	last := len(x.sents) - 1 // or the closing line: "... retried fine. Split done."
	if (c.sent != 0 || c.lo != x.sents[0].lo) && (c.sent != last || c.lo != x.sents[last].lo) {
		return false
	}
	words := 0
	lastWord := ""
	for i := c.lo; i < len(x.toks); i++ {
		t := x.toks[i]
		if t.kind == tWord {
			if x.insideMention(*d, i, i+1) {
				return false // "Repaint done:" is about the repaint
			}
			words++
			lastWord = t.s
			continue
		}
		// The headline ends at a full stop, a mark or a colon: "Offboarding
		// done ✅ disabled, ...", "Rotation done: v8 is current".
		end := t.s == "." || t.s == "!" || t.s == ":" || t.kind == tMark && t.s == markDone || t.kind == tBreak
		if !end {
			return false
		}
		if t.s == ":" && words < 2 && (!completeWords[lastWord] || x.badAfter(i, x.sents[c.sent].hi)) {
			return false // "Moved: 4/8 to 4/10" is a label; "Done: ..." heads what was done
		}
		if c.sent != 0 && !doneWords[lastWord] && !completeWords[lastWord] {
			return false // a closing line says the whole is done: "Split done.", not "It bounced."
		}

		break
	}
	if words < 1 || words > 3 || !doneWords[lastWord] && (!strings.HasSuffix(lastWord, "ed") || words > 2 || negWords[lastWord]) {
		return false
	}
	return !x.corrected() // "Move complete ✅ Wait, correction: ..."
}

// badAfter reports a failure, negation or delay in tokens [lo, hi).
func (x *extraction) badAfter(lo, hi int) bool {
	for _, cu := range x.cues {
		if cu.lo >= lo && cu.lo < hi && (cu.k == kFail || cu.k == kNeg || cu.k == kPending || cu.k == kStrong) {
			return true
		}
	}
	return false
}

// completeWords alone before a colon say the whole is done.
var completeWords = map[string]bool{"done": true, "complete": true, "completed": true, "finished": true}

// corrected reports a message that takes something back.
func (x *extraction) corrected() bool {
	for _, t := range x.toks {
		if correctionWords[t.s] {
			return true
		}
	}
	return false
}

// negWords end a headline in failure, not success.
var negWords = map[string]bool{"failed": true, "blocked": true, "stalled": true, "halted": true, "aborted": true, "paused": true, "delayed": true, "queued": true, "scheduled": true}

// doneWords alone, opening a clause ("Done ✅", "Swapped!"), say the request is done.
var doneWords = map[string]bool{
	"done": true, "sorted": true, "swapped": true, "completed": true, "complete": true,
	"finished": true, "handled": true, "resolved": true, "fixed": true,
}

var backRefs = map[string]bool{
	"it": true, "that": true, "this": true, "them": true, "they": true, "these": true,
	"those": true, "both": true,
}

// ownObject reports a clause whose first-person verb has an object of its own
// ("but I couldn't find the payment", "but we couldn't place the crate for the
// white pair"): its failure is about that object, not the step named before. A
// failure as object ("but I hit an error") is not one.
func (x *extraction) ownObject(d *clauseData, c clause) bool {
	i := c.lo
	for i < c.hi && x.toks[i].s != "i" && x.toks[i].s != "we" {
		i++
	}
	i++
	for i < c.hi && (auxWords[x.toks[i].s] || modalWords[x.toks[i].s]) {
		i++
	}
	if i+2 >= c.hi || x.toks[i].kind != tWord || x.cueAt(d, i) || !determiners[x.toks[i+1].s] && !quantifiers[x.toks[i+1].s] {
		return false
	}
	for _, cu := range x.cuesIn(d, i+1, min(i+4, c.hi)) {
		if cu.k == kFail || cu.k == kNeg || cu.k == kStrong {
			return false
		}
	}
	return true
}

// quantifiers open an object as a determiner does: "point either service at it".
var quantifiers = map[string]bool{"either": true, "neither": true, "each": true, "every": true}

var modalWords = map[string]bool{
	"could": true, "can": true, "did": true, "do": true, "able": true, "to": true, "unable": true,
	"'ve": true, "'d": true, "would": true, "just": true, "then": true, "still": true, "never": true,
}

// retrying reports a new attempt under way or to come ("I'm retrying it",
// "resubmitting that now"), which says the step is not done yet.
func (x *extraction) retrying(c clause) bool {
	for i := c.lo; i < c.hi; i++ {
		switch x.toks[i].s {
		case "retry", "retrying", "resubmit", "resubmitting", "reattempt", "reattempting", "redo", "redoing":
			return true
		}
	}
	return false
}

// emphatic reports a clause that insists on what it says against what came
// before: "but it did go through", "but it actually posted".
func (x *extraction) emphatic(c clause) bool {
	for i := c.lo; i < c.hi; i++ {
		switch x.toks[i].s {
		case "actually", "nevertheless", "nonetheless", "anyway", "still":
			return true
		case "did", "does", "do":
			if i+1 < c.hi && x.toks[i+1].s != "n't" && x.toks[i+1].s != "not" {
				return true
			}
		}
	}
	return false
}

// commits reports a first-person commitment: "I'll", "we are", "I've".
func (x *extraction) commits(c clause) bool {
	for i := c.lo; i+1 < c.hi; i++ {
		if s := x.toks[i].s; s == "i" || s == "we" {
			switch x.toks[i+1].s {
			case "'ll", "will", "'m", "am", "are", "'re", "'ve", "have", "shall":
				return true
			}
		}
	}
	return false
}

func (x *extraction) refersBack(c clause) bool {
	for i := c.lo; i < c.hi; i++ {
		if w := x.toks[i].s; backRefs[w] {
			if (w == "that" || w == "this") && i > c.lo && timeBefore[x.toks[i-1].s] {
				continue // "right after that" is a time
			}
			return true
		}
	}
	return false
}

// timeBefore make "that" or "this" after them a time or a comparison.
var timeBefore = map[string]bool{"after": true, "before": true, "since": true, "than": true, "like": true}

// overall finds the message's overall-completion statement (rule 8) and what it
// claims for the steps the message does not qualify one by one.
func (x *extraction) overall(qualified bool) (Overall, Claim) {
	success, partial, failure, all, except, hedged := false, false, false, false, false, false
	lastSuccess, lastFailure := -1, -1 // clauses: a later statement replaces an earlier one
	for ci, c := range x.cls {
		d := &x.cd[ci]
		if x.asks(ci) || x.conditional(d) || x.hasCue(d, kOffer, c.lo, c.hi) {
			continue
		}
		wish := x.wishAt(d, c)
		exception := x.hasCue(d, kExcept, c.lo, c.hi)
		for _, cu := range x.cues[d.clo:d.chi] {
			if cu.k.layer() == lOverall && x.namesStep(d, cu) {
				continue // "your account plaque remains unchanged" is about that step
			}
			if wish >= 0 && cu.lo > wish {
				continue // "you wanted everything done today" restates the request
			}
			switch cu.k {
			case kOvSuccess:
				switch {
				case x.toks[cu.lo].s == "both" && d.mhi > d.mlo && x.ms[d.mlo].lo < cu.lo:
					// "your repaint and spare have both been processed" is about
					// the steps it names.
				case cu.lo > c.lo && (x.toks[cu.lo-1].s == "not" || x.toks[cu.lo-1].s == "n't"):
					partial = true
				case exception:
					except = true // "everything went through except the repaint"
				default:
					success, lastSuccess = true, ci
					// "I think everything went through": unchecked, so pending.
					hedged = hedged || x.hasCue(d, kHedge, c.lo, c.hi)
				}
			case kOvPartial:
				partial = true
			case kOvFailAll:
				if !x.overlapsNeutral(d, cu) {
					failure, all, lastFailure = true, true, ci
				}
			case kOvFailSome:
				failure, lastFailure = true, ci
			case kOvFailVerb:
				if x.mentionWithin(*d, cu.hi, c.hi) < 0 {
					failure, lastFailure = true, ci
				}
			}
		}
		if doneWords[x.toks[c.lo].s] && (c.hi == c.lo+1 || x.toks[c.lo+1].kind != tWord && x.toks[c.lo+1].s != ":") && !x.corrected() {
			success, lastSuccess = true, ci
		}
		if x.headline(ci) || x.fullyDone(d, c) {
			success, lastSuccess = true, ci // "Rollback complete.", "Migration finished ✅", "Moved!", "Bea is fully moved in"
		}
	}
	if success && failure && lastSuccess > lastFailure && !hedged {
		failure = false // "a read-back showed nothing had changed, so I retried ... Everything's in place."
	}
	switch {
	case partial:
		return OverallPartial, Unmentioned
	case except:
		return OverallPartial, Done // all but the exception, which the message qualifies
	case failure && (all || !qualified):
		return OverallFailure, Failed
	case failure:
		return OverallFailure, Unmentioned
	case success && hedged:
		return OverallSuccess, Pending
	case success:
		return OverallSuccess, Done
	}
	return OverallNone, Unmentioned
}

// fullyDone reports a clause that names no step and says its subject is
// fully or completely done by a past form: "Bea is fully moved in".
func (x *extraction) fullyDone(d *clauseData, c clause) bool {
	if d.mhi > d.mlo || x.hasCue(d, kNeg, c.lo, c.hi) || x.hasCue(d, kHedge, c.lo, c.hi) {
		return false
	}
	for i := c.lo + 1; i+1 < c.hi; i++ {
		if w := x.toks[i].s; (w == "fully" || w == "completely" || w == "entirely") && passiveAux[x.toks[i-1].s] && pastForm(x.toks[i+1].s) {
			return true
		}
	}
	return false
}

// namesStep reports a step mention inside an overall cue.
func (x *extraction) namesStep(d *clauseData, cu cue) bool {
	for _, m := range x.ms[d.mlo:d.mhi] {
		if cu.lo <= m.lo && m.lo < cu.hi && !x.excepted(cu, m) {
			return true
		}
	}
	return false
}

// excepted reports a mention inside an overall phrase that the phrase's own
// "except" or "but" excepts: "everything except the drive handover is done".
func (x *extraction) excepted(cu cue, m mention) bool {
	for i := cu.lo; i < m.lo; i++ {
		if w := x.toks[i].s; w == "except" || w == "but" {
			return true
		}
	}
	return false
}

func (x *extraction) overlapsNeutral(d *clauseData, c cue) bool {
	for _, cu := range x.cues[d.clo:d.chi] {
		if cu.k == kNeutral && cu.lo < c.hi && c.lo < cu.hi {
			return true
		}
	}
	return false
}

// explainsNext reports that the clause after ci, in the same sentence and led by
// a cause connector, names a step that fails: the failure at ci is that step's
// cause, not news about the step before it ("called off, but the mail server is
// down, so I couldn't send the message").
func (x *extraction) explainsNext(ci int) bool {
	n := ci + 1
	if n >= len(x.cls) || x.cls[n].sent != x.cls[ci].sent || x.cls[n].lead != leadCause {
		return false
	}
	for _, g := range x.groups[x.cd[n].glo:x.cd[n].ghi] {
		if g.v.claim == Failed {
			return true
		}
	}
	return false
}

// hypothesis returns where a clause's "if", "unless" or "in case" starts, or -1.
func (x *extraction) hypothesis(d *clauseData, c clause) int {
	for _, cu := range x.cuesIn(d, c.lo, c.hi) {
		if cu.k != kCond {
			continue
		}
		switch x.toks[cu.lo].s {
		case "if", "unless", "in":
			return cu.lo
		}
	}
	return -1
}
