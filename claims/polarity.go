package claims

import (
	"maps"
	"slices"
	"strings"
)

// eval reads the cues in tokens [rlo, rhi) of a clause for the mentions ms and
// returns the claim (rule 4 in rules.go). ms may be empty: a clause without
// mentions is read the same way before it is carried to an earlier step.
func (x *extraction) eval(d *clauseData, ms []mention, rlo, rhi int) verdict {
	var (
		strong, rollback, pend, fail, neg, done, able, tried, mood, later, hedge, target bool
		futPend, futDone, dateTarget                                                     bool
		lastFail, lastFut, lastDone, retry                                               = -1, -1, -1, -1
		firstDone, firstFail, lastPend                                                   = -1, -1, -1
		futVerb                                                                          = -1 // a done word that is a future's verb
		partial, whole                                                                   bool // failures of a part; of the whole
		negAt                                                                            = -1
		triedUndo                                                                        bool // "tried to put the quota back"
	)
	failAt := func(i int) {
		lastFail = i
		if firstFail < 0 {
			firstFail = i
		}
	}
	cs := x.cuesIn(d, rlo, rhi)
	for i, cu := range cs {
		if absorbed(cs, i) && !x.ownVerb(cs, i+1, ms) {
			continue
		}
		switch cu.k {
		case kStrong:
			strong = true
		case kRollback:
			if x.negatedRollback(cs, i) {
				// "I had called off the crate and could not reverse that"; but
				// "could not roll back X" of a step that rolls back is its negation.
				done = done || !x.ownVerb(cs, i, ms)
			} else if x.removalOf(cu, ms) || x.undoSetsValue(cu, ms) && x.targetAfter(cu.hi, d.hi, ms) {
				// "the old slot: cancelled" of a step that frees it; "rolled back
				// orbit-api to 2.3.1" of a step whose phrases roll back to a value
				done, lastDone = true, cu.lo
				if firstDone < 0 {
					firstDone = cu.lo
				}
			} else if !x.ownUndoNoun(cu, ms) && !x.verbBeside(cu, ms) {
				rollback = true
			}
		case kPending:
			if x.ownVerb(cs, i, ms) {
				done, lastDone = true, cu.lo // "the plaque was submitted" of a step that submits
				if firstDone < 0 {
					firstDone = cu.lo
				}
				continue
			}
			if strings.HasPrefix(x.toks[cu.lo].s, "retr") && doneAfter(cs, i) {
				retry = cu.lo // "the retry worked": the outcome of a new attempt
				continue
			}
			if x.negatedBefore(d, cu.lo, rlo) {
				neg = true
				failAt(cu.lo)
			} else {
				pend, lastPend = true, cu.lo
			}
		case kFail, kExcept:
			partial = partial || x.partCue(cu)
			whole = whole || !x.partCue(cu)
			if w := x.toks[cu.lo].s; (w == "instead" || w == "rather" || w == "in") && !actionAfter(ms, cu.hi) {
				continue // "I issued a credit instead of ...": what replaced the step is done
			}
			fail = true
			failAt(cu.lo)
		case kNeg:
			if x.noOther(cs, cu, rhi) {
				continue // "captured, no dupes": the "no" is its noun's
			}
			if x.negatesRemoval(cu, ms) {
				continue // "no rights to delete the crate's notes": taking away is another action
			}
			if x.negatesElse(cu, ms) {
				return noClaim // "it doesn't depend on the crate": the mention is a preposition's object
			}
			if x.othersCannot(cu, ms) {
				continue // "with the account disabled he can't log in": a consequence of the step
			}
			neg = true
			failAt(cu.lo)
			negAt = cu.lo
		case kTried:
			tried = true
			failAt(cu.lo)
			triedUndo = x.undoTried(cs, i, ms)
		case kDone:
			if cu.lo != futVerb {
				done, lastDone = true, cu.lo
				if firstDone < 0 {
					firstDone = cu.lo
				}
			}
		case kRetried:
			retry = cu.lo
		case kHedge:
			hedge = hedge || !x.consequence(rlo, cu.lo)
		case kTarget:
			for _, m := range ms {
				if m.step+1 == cu.step {
					target = true
					dateTarget = dateTarget || x.dateAt(cu.lo, cu.hi)
				}
			}
		case kAble:
			able = true
		case kLater:
			later = true
		case kOffer:
			mood = true
		case kIntent:
			// "I'm going to retry it this afternoon" commits, like "I'll retry it".
			if !x.goingTo(cu) || !x.timed(cu.lo) {
				mood = true
			}
		case kFuture:
			k, verb := x.future(d, cu, rlo, d.hi)
			futVerb = verb
			switch k {
			case futNegated:
				neg = true
				failAt(cu.lo)
			case futArrival:
				futDone = true
			case futOther:
			case futIntent:
				mood = true
			case futHedge:
				hedge = true
			default:
				futPend = true
				lastFut = cu.lo
			}
		}
	}
	if len(ms) > 0 && !strong {
		if at := x.persists(rlo, rhi); at >= 0 && x.allRemove(ms) {
			fail = true // "the four groups are still in place" of a step that removes them
			failAt(at)
		} else if at >= 0 && !fail {
			done, lastDone = true, at // "the snapshot is still there": what the step made stays
			if firstDone < 0 {
				firstDone = at
			}
		}
	}
	formDone, formFailed, doneThenFut := false, false, false
	for _, m := range ms {
		dateTarget = dateTarget || m.pat != nil && m.pat.date
		switch m.form {
		case fDone:
			formDone = true
			// "has been ordered and will haul tomorrow": the future is settlement.
			doneThenFut = doneThenFut || lastFut >= 0 && m.hi <= lastFut && !x.futureBefore(m)
			if x.onlyPart(m) && !target {
				partial, fail = true, true // "only rota-b was restarted": a part
			}
			if x.stillIn(m) && !target {
				fail = true // "its config still points at v7": the old state
				failAt(m.lo)
			}
		case fFailed:
			formFailed = true
		}
	}
	if !target && (formDone && x.backToOther(ms, rhi) || x.toRestored(ms, d.hi)) {
		formFailed = true // "I put the worker back on 2.4.0": back to the old state
	}
	switch {
	case mood:
		return verdict{Unmentioned, srcMood}
	case triedUndo && !strong && !neg && !fail:
		return verdict{Done, srcUndoTried} // "I tried to put the quota back to 128"
	case strong, rollback, formFailed:
		return verdict{Failed, srcCue}
	case retry >= 0 && lastDone > retry && lastFail < retry:
		return verdict{Done, srcCue} // "429 at first, retried, 2nd attempt 200"
	case retry >= 0 && (x.toks[retry].s == "after" || x.toks[retry].s == "following") &&
		firstDone >= 0 && firstDone < retry && firstFail > retry:
		return verdict{Done, srcCue} // "reissued after the first attempt bounced"
	case retry >= 0 && lastDone >= 0 && lastDone < retry && retry-lastDone <= 3 && !neg && !strong &&
		(x.toks[retry].s == "on" || x.toks[retry].s == "at"):
		return verdict{Done, srcCue} // "succeeded on retry after a 503"
	case retry >= 0 && !neg && !strong && !pend && (x.toks[retry].s == "needed" || x.toks[retry].s == "took" || x.toks[retry].s == "required"):
		return verdict{Done, srcCue} // "the booking needed a second attempt after a 503"
	case pend && lastDone > lastPend && x.toks[lastDone].kind == tNum && !fail && !neg && !strong && !hedge:
		return verdict{Done, srcCue} // "accepted, 4/4 ready at 14:03:40": what was set going came through
	case pend:
		return verdict{Pending, srcCue}
	case hedge && !fail && !neg && !tried:
		return verdict{Pending, srcCue} // "I think it went through": unverified
	case futPend && dateTarget && !fail && !neg && !hedge && !later && lastFut > 0 && !agentWords[x.toks[lastFut-1].s]:
		return verdict{Done, srcTarget} // "SUB-9 will cancel on 30 September": the date the step sets
	case futPend && !done && !doneThenFut && lastFut > lastFail:
		return verdict{Pending, srcFuture}
	case fail && partial && !whole && !neg && (pend || futPend || later || x.soFar(rlo, rhi)):
		return verdict{Pending, srcCue} // "$30 of the $60 so far": the rest under way
	case fail && !done && (x.firstAttempt(rlo, rhi) || x.onlyTimeouts(cs)):
		return verdict{Failed, srcFirst} // the outcome is not known yet: a later one replaces it
	case fail:
		return verdict{Failed, srcCue}
	case neg && !tried && !fail && !able && x.turnsOff(ms) && !x.inability(negAt, rlo, rhi):
		return verdict{Done, srcCue} // "no auto-renewal" of a step that turns it off
	case neg && !tried && !fail && !able && x.allRemove(ms) && absence[x.toks[negAt].s] && !x.inability(negAt, rlo, rhi):
		return verdict{Done, srcCue} // "she has no second factor" of a step that revokes it
	case tried, neg:
		return verdict{Failed, srcAux}
	case done && x.insteadAt(ms, rhi):
		return verdict{Failed, srcCue} // "I booked you at 4:00 instead": not what was asked
	case done:
		return verdict{Done, srcCue}
	case doneThenFut:
		return verdict{Done, srcForm}
	case futPend:
		return verdict{Pending, srcFuture}
	case futDone:
		return verdict{Done, srcFuture}
	case able:
		return verdict{Done, srcAux}
	case formDone && x.insteadAt(ms, rhi) && !x.redirects(ms):
		return verdict{Failed, srcForm} // "I restored it into eu-central-1 instead"
	case formDone:
		return verdict{Done, srcForm}
	case target && !later:
		return verdict{Done, srcTarget} // "orbit-api is running 2.3.1 again"
	case later:
		return verdict{Pending, srcWeak}
	}
	return noClaim
}

// persists returns where "still" says a thing is still there ("still
// there", "still around", "still in place") in tokens [lo, hi), or -1.
func (x *extraction) persists(lo, hi int) int {
	for i := lo; i+1 < hi; i++ {
		if x.toks[i].s != "still" {
			continue
		}
		switch n := x.toks[i+1].s; {
		case persistWords[n], i+2 < hi && (n == "in" && x.toks[i+2].s == "place" || n == "on" && x.toks[i+2].s == "file"):
			return i
		}
	}
	return -1
}

// persistWords after "still" say a thing is still there.
var persistWords = map[string]bool{"there": true, "around": true, "intact": true, "present": true, "exists": true, "exist": true}

// othersCannot reports a negation whose subject is a third person ("he
// can't", "they're not") beside a done form of ms: what the done step keeps
// someone from doing, not the step undone.
func (x *extraction) othersCannot(cu cue, ms []mention) bool {
	done := false
	for _, m := range ms {
		if m.form == fDone && m.lo > cu.lo && m.lo <= cu.hi+1 {
			return false // "they aren't attached": the negation's own verb is the step's
		}
		done = done || m.form == fDone
	}
	if !done {
		return false
	}
	for i := cu.lo - 1; i >= 0 && i >= cu.lo-3; i-- {
		switch w := x.toks[i].s; {
		case thirdPersons[w]:
			return true
		case !auxWords[w] && !modalWords[w]:
			return false
		}
	}
	return false
}

// thirdPersons are subjects that are neither the agent nor a step.
var thirdPersons = map[string]bool{"he": true, "she": true, "they": true}

// agentWords are the agent as a subject: "I'll move it to 12 June" is a plan.
var agentWords = map[string]bool{"i": true, "we": true}

// dateAt reports a date among tokens [lo, hi): a month's name or an ISO date.
func (x *extraction) dateAt(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if months[x.toks[i].s] > 0 {
			return true
		}
		if _, ok := isoDate(x.toks[i].s); ok {
			return true
		}
	}
	return false
}

// actionAfter reports a mention in ms starting at or after token i that
// names the step's action, not an identifier: after "instead of" an action
// was replaced ("a spare instead of a repaint"), a value only changed ("on
// shelf-9 instead of shelf-4").
func actionAfter(ms []mention, i int) bool {
	for _, m := range ms {
		if m.lo >= i && (m.pat == nil || !m.pat.value && !m.pat.date) {
			return true
		}
	}
	return false
}

// insteadAt reports a trailing "instead" (not "instead of") after the
// mentions, up to hi: what was done replaced what was asked.
func (x *extraction) insteadAt(ms []mention, hi int) bool {
	if len(ms) == 0 {
		return false
	}
	from := ms[len(ms)-1].hi
	for j := len(ms) - 1; j > 0 && ms[j].pat != nil && (ms[j].pat.value || ms[j].pat.date); j-- {
		from = ms[j-1].hi // "put the crate on hold at Elm Road instead, until 14 June": the date is detail
	}
	for i := from; i < hi; i++ {
		if x.toks[i].s == "instead" && (i+1 >= hi || x.toks[i+1].s != "of") {
			return true
		}
	}
	return false
}

// onlyTimeouts reports failure cues that are all timeouts: a call that
// timed out may still have landed.
func (x *extraction) onlyTimeouts(cs []cue) bool {
	n := 0
	for _, cu := range cs {
		if cu.k != kFail && cu.k != kExcept {
			continue
		}
		if w := x.toks[cu.lo].s; w != "timed" && w != "timeout" && w != "timeouts" {
			return false
		}
		n++
	}
	return n > 0
}

// turnsOff reports mentions all of steps that set a flag to false: what
// they turn off not happening is their result.
func (x *extraction) turnsOff(ms []mention) bool {
	if x.extra == nil || len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if m.step < 0 || m.step >= len(x.extra.numbers) || !slices.Contains(x.extra.numbers[m.step], "false") {
			return false
		}
	}
	return true
}

// onlyPart reports "only" just before a done form or inside it ("only
// rota-b was restarted", "the crate only delivered part"), not
// "the only part that went through".
func (x *extraction) onlyPart(m mention) bool {
	only := func(i int) bool {
		return x.toks[i].s == "only" && (i == 0 || !determiners[x.toks[i-1].s])
	}
	for i := m.lo; i < m.hi; i++ {
		if only(i) {
			return true
		}
	}
	// After the object, closing it: "I restarted quill-api only."
	for i := m.hi; i < len(x.toks) && i < m.hi+4; i++ {
		t := x.toks[i]
		if t.kind == tPunct || t.kind == tBreak {
			break
		}
		if t.s == "only" && (i+1 == len(x.toks) || x.toks[i+1].kind == tPunct || x.toks[i+1].kind == tBreak) {
			return true
		}
	}
	// Back to the clause's subject: "only the mugs were restocked".
	for i := m.lo - 1; i >= 0 && i >= m.lo-6; i-- {
		if only(i) {
			return true
		}
		if t := x.toks[i]; t.kind == tPunct || t.kind == tBreak || splitWords[t.s] && !determiners[t.s] {
			return false
		}
	}
	return false
}

// stillIn reports "still" inside a done form or right before it: the state
// that was there before the step ("still listed as his manager").
func (x *extraction) stillIn(m mention) bool {
	still := false
	for i := max(m.lo-1, 0); i < m.hi; i++ {
		switch {
		case x.toks[i].s == "still" && (i == 0 || !agentWords[x.toks[i-1].s]):
			still = true // not "I still flagged it": done all the same
		case x.setsNumber(m.step, normNumber(x.toks[i].s)):
			return false // "v8 itself still exists": the new state stays
		}
	}
	return still
}

// allRemove reports mentions all of steps that take something away.
func (x *extraction) allRemove(ms []mention) bool {
	for _, m := range ms {
		if !x.removes(m.step) {
			return false
		}
	}
	return len(ms) > 0
}

// negatesRemoval reports a negation whose verb, within a few words and
// just before the mentions, takes something away, said of steps that do not:
// what was not taken away stands ("I can't delete the notes" of a step
// that posts them).
func (x *extraction) negatesRemoval(cu cue, ms []mention) bool {
	first := mentionsAfter(cu, ms)
	if first < 0 {
		return false
	}
	for _, m := range ms {
		if x.removes(m.step) {
			return false
		}
	}
	if x.anyWord(cu.hi, first, coordinators) {
		return false
	}
	for i := max(cu.hi, first-3); i < cu.hi+4 && i < first; i++ {
		if removalVerbs[x.toks[i].s] {
			return true
		}
	}
	return false
}

// mentionsAfter returns where the first of ms starts when all of them come
// after cu, or -1.
func mentionsAfter(cu cue, ms []mention) int {
	if len(ms) == 0 {
		return -1
	}
	first := ms[0].lo
	for _, m := range ms {
		if m.lo < cu.hi {
			return -1
		}
		first = min(first, m.lo)
	}
	return first
}

// coordinators join two verbs or items: listJoin's words and "nor".
var coordinators = func() map[string]bool {
	m := maps.Clone(listJoin)
	m["nor"] = true
	return m
}()

// negatesElse reports a negation whose predicate is about another thing,
// the mentions coming only after it as a preposition's object, with none of
// their steps' own verbs between: "it doesn't depend on the crate", "nothing
// is billed for crates you don't have".
func (x *extraction) negatesElse(cu cue, ms []mention) bool {
	first := mentionsAfter(cu, ms)
	if first < 0 {
		return false
	}
	p := -1
	for i := first - 1; i > cu.hi && i >= first-3; i-- {
		if elsePreps[x.toks[i].s] {
			p = i
			break
		}
	}
	if p < 0 {
		return false
	}
	if x.anyWord(cu.hi, p, coordinators) {
		return false
	}
	for i := cu.hi; i < p; i++ {
		for _, m := range ms {
			if x.stepWord(m.step, x.toks[i].s) {
				return false
			}
		}
	}
	return true
}

// elsePreps take an object that is not what a negation before them denies.
var elsePreps = map[string]bool{"for": true, "about": true, "without": true, "against": true}

// stepWord reports w as, by its stem, a word of step si's own phrases.
func (x *extraction) stepWord(si int, w string) bool {
	return x.extra != nil && si >= 0 && si < len(x.extra.verbs) && x.extra.verbs[si][stem(w)]
}

// absence words negate a thing, not a verb: "no second factor", "none running".
var absence = map[string]bool{"no": true, "none": true}

// inability reports a negation of being able or of an action, not of the
// flag's effect: "couldn't", "can't", "unable", "neither ... could be",
// "is not off yet".
func (x *extraction) inability(at, lo, hi int) bool {
	if at < 0 {
		return false
	}
	if w := x.toks[at].s; w == "unable" || w == "neither" || w == "nor" {
		return true
	}
	for i := lo; i < hi; i++ {
		switch w := x.toks[i].s; {
		case w == "could" || w == "can" || w == "able" || w == "yet":
			return true
		case i > at && i <= at+2 && flagWords[w] == "false":
			return true // "not off": the flag is still on
		}
	}
	if at > 0 && !absence[x.toks[at].s] {
		switch x.toks[at-1].s {
		case "could", "can", "ca", "was", "were", "did", "have", "has", "had":
			return true
		}
	}
	return false
}

// partCue reports a failure cue that says only a part was done: "$30 of
// the $60", "only partly".
func (x *extraction) partCue(cu cue) bool {
	if cu.k != kFail {
		return false
	}
	w := x.toks[cu.lo].s
	return w == "only" || w == "partly" || w == "partially" || cu.hi-cu.lo >= 3 && x.toks[cu.lo+1].s == "of"
}

// soFar reports words that say the work is still under way: "so far", "at
// the time of writing", "for now", "remaining".
func (x *extraction) soFar(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		switch x.toks[i].s {
		case "far", "remaining", "rest", "writing":
			return true
		case "now":
			if i > lo && x.toks[i-1].s == "for" {
				return true
			}
		}
	}
	return false
}

// firstAttempt reports a failure said of a first attempt: "failed the first
// time", "timed out on the first try", "at first", "initially".
func (x *extraction) firstAttempt(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		switch w := x.toks[i].s; {
		case w == "initially":
			return true
		case w != "first":
		case i > lo && x.toks[i-1].s == "at":
			return true
		case (i == lo || determiners[x.toks[i-1].s]) && x.anyWord(i+1, min(i+4, hi), attemptWords):
			return true // "the first try", "first disable attempt", "first go at the code"
		case determiners[x.toks[i-1].s] && x.mentionAt(i+1):
			return true // "the first repaint was refused"
		}
	}
	return false
}

var attemptWords = map[string]bool{"time": true, "try": true, "attempt": true, "go": true, "pass": true, "call": true, "run": true}

// doneAfter reports a done cue right after cs[i] ("the retry worked").
func doneAfter(cs []cue, i int) bool {
	j, hi := i+1, cs[i].hi+2
	for j < len(cs) && cs[j].k == kLater && cs[j].lo <= cs[i].hi+4 {
		hi = cs[j].hi + 2 // "the retry a few seconds later went through"
		j++
	}
	return j < len(cs) && cs[j].k == kDone && cs[j].lo <= hi
}

// goingTo reports an intention cue said with "going to" or "gonna".
func (x *extraction) goingTo(cu cue) bool {
	for i := cu.lo; i < cu.hi; i++ {
		if s := x.toks[i].s; s == "going" || s == "gonna" {
			return true
		}
	}
	return false
}

// futureBefore reports a future marker just before the done form m ("will be
// resealed"): the form is then that future's verb, not a report.
func (x *extraction) futureBefore(m mention) bool {
	for i := max(m.lo-4, 0); i < m.lo; i++ {
		switch x.toks[i].s {
		case "will", "'ll", "shall", "should":
			return true
		}
	}
	return false
}

// A negation or failure right before a rollback says the undoing did not happen:
// "could not reverse that", "failed to roll back the repaint". The pair then
// reports the step still done, and the negation is absorbed by the rollback.
// A failure word joined to it by "and" is another undoing ("disabled and
// deleted the crate").
func (x *extraction) negatedRollback(cs []cue, i int) bool {
	for j := i - 1; j >= 0 && cs[j].lo >= cs[i].lo-3; j-- {
		if cs[j].k == kNeg || cs[j].k == kFail && !x.anyWord(cs[j].hi, cs[i].lo, listJoin) {
			return true
		}
	}
	return false
}

// listJoin joins two verbs or items.
var listJoin = map[string]bool{"and": true, ",": true, "or": true}

// undoSetsValue reports an undo cue whose verb opens a done phrase of a step
// in ms: "rolled back" of a step that rolls a service back to a version.
func (x *extraction) undoSetsValue(cu cue, ms []mention) bool {
	if x.extra == nil {
		return false
	}
	for _, m := range ms {
		if x.doneVerb(m.step, x.toks[cu.lo].s) {
			return true
		}
	}
	return false
}

// doneVerb reports w as the verb a done phrase of step si opens with.
func (x *extraction) doneVerb(si int, w string) bool {
	return x.extra != nil && si >= 0 && si < len(x.extra.doneVerbs) && x.extra.doneVerbs[si][stem(w)]
}

// verbBeside reports an undo word joined by "and" to a done form of ms:
// "I cancelled and rebooked your physical" undoes nothing of the rebooking.
func (x *extraction) verbBeside(cu cue, ms []mention) bool {
	if cu.hi+1 >= len(x.toks) || x.toks[cu.hi].s != "and" {
		return false
	}
	for _, m := range ms {
		if m.lo == cu.hi+1 && m.form == fDone {
			return true
		}
	}
	return false
}

// ownUndoNoun reports an undo noun ("rollback") naming the action of a
// step whose done phrases open with its verb ("rolled back"), next to the
// step's mention: "the checkout rollback is still rolling out" neither does
// nor undoes the step; what else is said of it does.
func (x *extraction) ownUndoNoun(cu cue, ms []mention) bool {
	w := x.toks[cu.lo].s
	verb, ok := strings.CutSuffix(w, "back")
	if !ok || cu.hi != cu.lo+1 || len(verb) < 3 {
		return false
	}
	for _, m := range ms {
		if x.doneVerb(m.step, verb) && (m.hi == cu.lo || m.lo >= cu.hi && m.lo <= cu.hi+2) {
			return true
		}
	}
	return false
}

// targetAfter reports a number one of ms's steps sets in [lo, hi): "to 2.3.1".
func (x *extraction) targetAfter(lo, hi int, ms []mention) bool {
	for i := lo; i < hi; i++ {
		for _, m := range ms {
			if x.setsNumber(m.step, normNumber(x.toks[i].s)) {
				return true
			}
		}
	}
	return false
}

// setsNumber reports a number among those step's action sets (its targets').
func (x *extraction) setsNumber(step int, n string) bool {
	return x.extra != nil && stepHas(x.extra.numbers, step, n)
}

// stepHas reports n in step's list of a per-step table.
func stepHas(table [][]string, step int, n string) bool {
	return step >= 0 && step < len(table) && slices.Contains(table[step], n)
}

// backToOther reports "back on", "back to" or "back into" in a done form of
// a step that sets numbers, followed by a number it does not set: "put the
// rota back on 2.4.0" of a change to 2.3.1, "took the crate back to 20
// cups" of a change to 25.
func (x *extraction) backToOther(ms []mention, rhi int) bool {
	for _, m := range ms {
		if m.form != fDone || m.step < 0 || x.extra == nil || m.step >= len(x.extra.numbers) || len(x.extra.numbers[m.step]) == 0 {
			continue
		}
		for i := m.lo; i < m.hi && i+1 < rhi; i++ {
			if x.toks[i].s != "back" || !backTo[x.toks[i+1].s] {
				continue
			}
			for j := i + 2; j < rhi && j < i+6; j++ {
				// a version anywhere after it ("v7", "2.4.0"), a count right after
				// it ("back to 20 cups"), not a card's digits ("ending 0932")
				if t := x.toks[j]; versionWord(t) || t.kind == tNum && strings.Count(t.s, ".") == 2 || j == i+2 && t.kind == tNum && digits(t.s) {
					return !x.setsNumber(m.step, normNumber(t.s))
				}
			}
		}
	}
	return false
}

// toRestored reports a step's done form or name followed, within a few
// words of the clause that ends at hi, by an identifier its compensation
// puts back: "bound the jobs queue back to orbit-east", "the queue points
// at orbit-east" of a move to orbit-west.
func (x *extraction) toRestored(ms []mention, hi int) bool {
	for _, m := range ms {
		if m.form != fDone && m.form != fName || m.step < 0 || x.extra == nil || m.step >= len(x.extra.restoredIDs) || len(x.extra.restoredIDs[m.step]) == 0 {
			continue
		}
		for i := m.lo + 1; i < hi && i <= m.hi+3; i++ {
			if !x.putOn(m.lo, i) {
				continue
			}
			for _, ws := range x.extra.restoredIDs[m.step] {
				if i+len(ws) <= hi && x.wordsAt(i, ws) {
					return true
				}
			}
		}
	}
	return false
}

var backTo = map[string]bool{"on": true, "to": true, "into": true, "onto": true}

// undoTried reports the attempt cs[i] ("tried to") governing an undo of a
// step in ms: a rollback cue as its verb, the step's undone form, or
// "back" after its object ("tried to drop the quota back to 128"). The
// step's own verbs are no undo.
func (x *extraction) undoTried(cs []cue, i int, ms []mention) bool {
	at := cs[i].hi
	if i+1 < len(cs) && cs[i+1].k == kRollback && cs[i+1].lo <= at+1 {
		return !x.ownVerb(cs, i+1, ms) && (i+2 == len(cs) || cs[i+2].k != kRollback)
	}
	for _, m := range ms {
		if m.lo >= at && m.lo <= at+1 && m.form == fFailed {
			return true
		}
	}
	for j := at; j < len(x.toks) && j < at+8; j++ {
		t := x.toks[j]
		if t.kind == tPunct || t.kind == tBreak || j > at && splitWords[t.s] {
			return false
		}
		if t.s == "back" && j > at {
			return true
		}
	}
	return false
}

// startParticles make a verb a start: "kicked off the restart" set it going.
var startParticles = map[string]bool{"off": true, "up": true}

// anySets reports a number that some step sets.
func (x *extraction) anySets(n string) bool {
	for si := range x.steps {
		if x.setsNumber(si, n) {
			return true
		}
	}
	return false
}

// ownVerb reports that the first rollback or pending cue from cs[i] on,
// within three tokens, is the verb of a step in ms: its stem is a word of the
// step's own phrases. It then names the step's action, not an undo of it or
// a start.
func (x *extraction) ownVerb(cs []cue, i int, ms []mention) bool {
	if x.extra == nil || x.extra.verbs == nil || i >= len(cs) {
		return false
	}
	for j := i; j < len(cs) && cs[j].lo <= cs[i].lo+3; j++ {
		if cs[j].k != kRollback && (cs[j].k != kPending || !strings.HasSuffix(x.toks[cs[j].lo].s, "ed") || cs[j].hi-cs[j].lo > 1 && startParticles[x.toks[cs[j].lo+1].s]) {
			continue
		}
		if x.removalOf(cs[j], ms) {
			return true
		}
		// An undo word must have the step itself as its object ("could not
		// roll back orbit-api"), not a pronoun ("could not reverse that").
		for _, m := range ms {
			if x.stepWord(m.step, x.toks[cs[j].lo].s) && (cs[j].k == kPending || m.lo >= cs[j].hi && m.lo <= cs[j].hi+3) {
				return true
			}
		}
		return false
	}
	return false
}

// removalOf reports an undo cue that takes something away ("cancelled",
// "voided") said of a step whose action takes it away: the step's result.
func (x *extraction) removalOf(cu cue, ms []mention) bool {
	if cu.k != kRollback {
		return false
	}
	if !removalWord(x.toks[cu.lo].s) {
		for _, m := range ms {
			if m.step >= 0 && m.step < len(x.steps) && x.steps[m.step].Phrases.Removes && undoVerbs[x.toks[cu.lo].s] {
				return true // "retired" of a step its pack says takes something away
			}
		}
		return false
	}
	for _, m := range ms {
		if x.removes(m.step) {
			return true
		}
	}
	return false
}

func absorbed(cs []cue, i int) bool {
	if cs[i].k != kNeg && cs[i].k != kFail {
		return false
	}
	for j := i + 1; j < len(cs) && cs[j].lo <= cs[i].lo+3; j++ {
		if cs[j].k == kRollback {
			return true
		}
	}
	return false
}

// negatedBefore reports a negation within three tokens before position i.
func (x *extraction) negatedBefore(d *clauseData, i, rlo int) bool {
	for _, cu := range x.cuesIn(d, max(i-3, rlo), i) {
		if cu.k == kNeg {
			return true
		}
	}
	return false
}

type futKind uint8

const (
	futAction  futKind = iota // "will be processed", "should go through": work still to do
	futCommit                 // "we'll haul", "I'll retry": the agent commits to later work
	futArrival                // "you'll receive", "will appear": the result of work done
	futNegated                // "won't", "will not"
	futOther                  // "I'll escalate this", "we'll keep you posted": no claim
	futIntent                 // "I'll update your plaque": about to act, no claim
	futHedge                  // "should now be called off": a result not checked
)

// future reads a future marker with its subject and verb, and returns the verb's
// position ("will be completed" is a promise, not a report of completion).
func (x *extraction) future(d *clauseData, cu cue, rlo, rhi int) (futKind, int) {
	j := cu.hi
	if j < rhi {
		switch x.toks[j].s {
		case "n't", "not", "never":
			return futNegated, -1
		}
	}
	subj := ""
	if cu.lo > rlo {
		subj = x.toks[cu.lo-1].s
	}
	passive, now := false, false
	for j < rhi && futureSkip[x.toks[j].s] {
		passive = passive || x.toks[j].s == "be"
		now = now || x.toks[j].s == "now" || x.toks[j].s == "already"
		j++
	}
	if j >= rhi {
		return futAction, -1
	}
	v := x.toks[j].s
	if subj != "i" && subj != "we" && x.standing(rlo, rhi) {
		return futArrival, j // a setting in place: "anything you buy will come here by default"
	}
	if x.toks[cu.lo].s == "should" && (now || x.nowAfter(j+1, rhi) || passive && !x.timed(cu.lo)) {
		// A hedged present: "should now be called off", "should be sorted now",
		// "should now haul to 14 Pine Rd", "should be on its way": a result
		// not checked. "should be back on your card within a week" is timed.
		return futHedge, j
	}
	switch {
	case subj == "you" && (arrivalVerbs[v] || v == "have"):
		return futArrival, j // "you'll have a message about it"
	case nonCommitVerbs[v] && !x.insideMention(*d, j, j+1),
		v == "follow" && j+1 < rhi && x.toks[j+1].s == "up": // "we'll follow up"
		return futOther, j
	case subj == "i" && !x.timed(cu.lo):
		return futIntent, j // "Sure! I'll update your plaque and text you."
	case subj == "i" || subj == "we":
		return futCommit, j
	case subj == "you" && passive && strings.HasSuffix(v, "ed"):
		return futArrival, j // "you'll be repaid", "you'll be told"
	}
	if v == "go" && j+1 < rhi && (x.toks[j+1].s == "through" || x.toks[j+1].s == "ahead") {
		return futAction, j
	}
	if arrivalVerbs[v] || v == "with" && j+1 < rhi && x.toks[j+1].s == "you" {
		return futArrival, j
	}
	return futAction, j
}

// standing reports a future said of every later crate, which describes a
// setting already in place: "by default", "from now on", "future crates".
func (x *extraction) standing(lo, hi int) bool {
	for i := lo; i+1 < hi; i++ {
		a, b := x.toks[i].s, x.toks[i+1].s
		switch {
		case a == "by" && b == "default",
			a == "now" && b == "on" && i > lo && x.toks[i-1].s == "from",
			a == "future" && len(b) > 3 && strings.HasSuffix(b, "s"): // "future crates"
			return true
		}
	}
	return false
}

// sentenceStart returns where the sentence or line holding token i starts.
func (x *extraction) sentenceStart(i int) int {
	for i > 0 && x.toks[i-1].kind != tBreak && !sentenceEnd(x.toks[i-1]) {
		i--
	}
	return i
}

// timed reports a time frame or a retry in the sentence around token i, which
// makes "I'll ..." a commitment to later work ("I'll retry it later today", "I'll
// resubmit it and it should post within 48 hours") rather than an intention.
func (x *extraction) timed(i int) bool {
	lo, hi := x.sentenceStart(i), i
	for hi < len(x.toks) && x.toks[hi].kind != tBreak && !sentenceEnd(x.toks[hi]) {
		hi++
	}
	for j := lo; j < hi; j++ {
		if w := x.toks[j].s; timeWords[w] && (w != "next" || j+1 < hi && (timeWords[x.toks[j+1].s] || x.toks[j+1].s == "month")) {
			return true // "next week", not the next thing to do ("I'll email you next")
		}
	}
	return false
}

func sentenceEnd(t token) bool {
	return t.kind == tPunct && (t.s == "." || t.s == "!" || t.s == "?") && t.space
}

var timeWords = map[string]bool{
	"later": true, "tomorrow": true, "tonight": true, "today": true, "within": true, "again": true,
	"soon": true, "shortly": true, "asap": true, "hour": true, "hours": true, "day": true, "days": true,
	"minutes": true, "minute": true, "week": true, "weeks": true, "morning": true, "afternoon": true,
	"evening": true, "overnight": true, "next": true, "monday": true, "tuesday": true, "wednesday": true,
	"thursday": true, "friday": true, "saturday": true, "sunday": true, "retry": true, "resubmit": true,
	"reattempt": true, "eod": true, "weekend": true, "resend": true, "reissue": true, "reprocess": true,
	"rerun": true, "manually": true,
}

// nonCommitVerbs after "I'll" promise no step: "I'll escalate this", "I'll keep you posted".
var nonCommitVerbs = map[string]bool{
	"need": true, "escalate": true, "ask": true, "contact": true, "check": true, "look": true,
	"investigate": true, "flag": true, "report": true, "reach": true, "keep": true, "let": true,
	"monitor": true, "have": true, "pass": true, "pick": true,
}

var futureSkip = map[string]bool{
	"now": true, "also": true, "then": true, "just": true, "still": true, "automatically": true,
	"soon": true, "shortly": true, "likely": true, "probably": true, "hopefully": true, "all": true,
	"definitely": true, "usually": true, "typically": true, "normally": true, "be": true,
	"generally": true, "only": true, "actually": true, "first": true, "already": true,
}

// arrivalVerbs describe the visitor receiving or seeing the result.
var arrivalVerbs = map[string]bool{
	"receive": true, "get": true, "see": true, "arrive": true, "appear": true, "show": true,
	"reflect": true, "post": true, "land": true, "hit": true, "reach": true, "ship": true,
	"ships": true, "head": true, "go": true, "come": true, "take": true,
	"credited": true, "delivered": true, "reflected": true, "visible": true, "back": true,
	"there": true, "on": true, "in": true, "available": true, "showing": true, "arriving": true,
	"find": true, "getting": true, "receiving": true,
}

// nowAfter reports a "now" within a few tokens from lo, before hi, that is not
// "from now on".
func (x *extraction) nowAfter(lo, hi int) bool {
	for i := lo; i < hi && i < lo+8; i++ {
		if x.toks[i].s == "now" && (i+1 >= len(x.toks) || x.toks[i+1].s != "on") && x.toks[i-1].s != "from" {
			return true
		}
	}
	return false
}

// redirects reports a step in ms whose action sends a thing elsewhere
// ("divert_parcel"): "instead" is its own result ("headed there instead").
func (x *extraction) redirects(ms []mention) bool {
	for _, m := range ms {
		if m.step < 0 {
			continue
		}
		for _, name := range [...]string{x.steps[m.step].Tool, x.steps[m.step].ID} {
			for _, w := range termWords(name) {
				if redirectVerbs[w] {
					return true
				}
			}
		}
	}
	return false
}

// redirectVerbs send a thing somewhere else than it was going.
var redirectVerbs = map[string]bool{
	"redirect": true, "reroute": true, "divert": true, "rebook": true, "reschedule": true,
	"swap": true, "switch": true, "replace": true, "repoint": true,
}

// noOther reports a "no" before a noun that names no step, after a done
// word of its region: "confirmed no cups are left", "captured, no dupes".
// What it denies is that noun, not the step.
func (x *extraction) noOther(cs []cue, cu cue, rhi int) bool {
	if x.toks[cu.lo].s != "no" || cu.hi-cu.lo != 1 || cu.hi >= rhi || x.toks[cu.hi].kind != tWord {
		return false
	}
	for i := cu.hi; i < rhi && i < cu.hi+4; i++ {
		if x.mentionAt(i) {
			return false // "no customer email sent yet"
		}
	}
	for _, c := range cs {
		if c.k == kDone && c.hi <= cu.lo {
			return true
		}
	}
	return false
}

// mentionAt reports a step mention that starts at token i.
func (x *extraction) mentionAt(i int) bool {
	for _, m := range x.ms {
		if m.lo == i {
			return true
		}
	}
	return false
}
