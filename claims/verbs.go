package claims

import (
	"slices"
	"strings"
)

// Verbs and states no cue lists, read from their grammar: a past-tense verb
// the agent applies to a step, a result stated as where a thing is or who
// has it, "still" before a verb in -ing, and the words of steps that take
// something away (rule 2 of rules.go).

// verbCues reads a past-tense verb no cue lists as done when it says, of a
// step the clause names, that it happened: "I scaled rota-west to
// six", "the plaque was lodged". A verb of looking or asking is no report
// ("I checked the plaque"), nor is a participle before its noun.
func (x *extraction) verbCues(d clauseData, c clause) {
	if d.mhi == d.mlo {
		return
	}
	first := -1 // the first mention that may be a passive's subject
	for k, m := range x.ms[d.mlo:d.mhi] {
		if m.pat == nil || !m.pat.value {
			first = d.mlo + k
			break
		}
	}
	for i := c.lo; i < c.hi; i++ {
		w := x.toks[i].s
		undo := undoVerbs[w]
		if !undo && !pastForm(w) && !unWord(w) || x.insideMention(d, i, i+1) || x.cueCovers(d, i) || i+1 < c.hi && x.toks[i+1].s == "off" {
			continue
		}
		j := i - 1
		for j >= c.lo && (adverbs[x.toks[j].s] || x.toks[j].s == "have" || x.toks[j].s == "'ve" || x.toks[j].s == "has") {
			j--
		}
		if j < c.lo {
			continue
		}
		gov, active := -1, false // the mention the verb is said of
		switch p := x.toks[j].s; {
		case (p == "i" || p == "we") && (j == c.lo || !subordinators[x.toks[j-1].s]),
			(p == "and" || p == "then") && x.agentBefore(c, j):
			// Active, the agent its subject ("I filed the claim and filed the
			// photos under it"): the step must follow as its object.
			gov, active = x.mentionWithin(d, i+1, i+6), true
		case p == ":" && j > c.lo:
			// A label's value: "devices: both removed".
			gov = x.mentionBefore(d, j)
		case passiveAux[p] || p == "'s" && j > c.lo && pronounSubjects[x.toks[j-1].s]:
			// Passive: the step is its subject.
			if first >= 0 && x.ms[first].lo < j && !x.anyWord(max(c.lo, j-3), j, subordinators) {
				gov = first
			}
		case i+1 == c.hi || x.toks[i+1].kind == tPunct:
			// A list's item: "account active, the four groups added, DV-0707
			// assigned": the step's words, then the verb, then the item ends.
			if k := x.mentionBefore(d, i); k >= 0 && x.ms[k].hi == j+1 && !x.inParens(c.lo, i) {
				gov = k
			}
		}
		// An undoing verb reports only a step that itself removes: "the
		// passes were terminated" of revoke_passes. A verb with "back" puts
		// something back: "put the estimate back to 11 June".
		if gov < 0 || x.anyWord(i+1, min(c.hi, i+6), backWord) {
			continue
		}
		if w == "dropped" && x.anyWord(i+1, min(c.hi, i+8), noteWords) {
			x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1}) // "dropped the depot an email"
			continue
		}
		if active && x.directObject(gov, i) && (undo && !x.removes(x.ms[gov].step) && x.destroys(w, gov) || !undo && unWord(w)) {
			// Taking away what a step made undoes it: "deleted the spare
			// plaque", "removed CR-1", "un-cancelled the crate".
			x.cues = append(x.cues, cue{k: kRollback, lo: i, hi: i + 1})
			continue
		}
		if undo && !x.removes(x.ms[gov].step) {
			continue
		}
		x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1})
	}
	x.stateCues(d, c)
	x.stillCues(d, c)
}

// stillCues read "still" before a verb in -ing as work under way: "still
// creating in ap-north-9", "is still syncing"; so is one "right now".
func (x *extraction) stillCues(d clauseData, c clause) {
	for i := c.lo; i+1 < c.hi; i++ {
		w := x.toks[i+1].s
		if len(w) < 6 || !strings.HasSuffix(w, "ing") || x.cueCovers(d, i) || x.cueCovers(d, i+1) {
			continue
		}
		switch s := x.toks[i].s; {
		case s == "still" && !notUnderWay[w]:
		case (s == "'m" || s == "am" || s == "'re" || s == "are") && i > c.lo && (x.toks[i-1].s == "i" || x.toks[i-1].s == "we") &&
			!notAtWork[w] && x.mentionWithin(d, i+2, i+6) >= 0:
			// The agent at work on it as it writes: "I'm running the repaint now".
		case (s == "is" || s == "are" || s == "'s" || s == "'re") && !notUnderWay[w] && x.nowAt(i+2, c.hi):
			// At work as the reply is written: "the rollback is rolling out right now".
		default:
			continue
		}
		x.cues = append(x.cues, cue{k: kPending, lo: i, hi: i + 2})
	}
}

// nowAt reports "now", "right now" or "as we speak" at token i, after at
// most one particle: "rolling out right now".
func (x *extraction) nowAt(i, hi int) bool {
	if i < hi && particles[x.toks[i].s] {
		i++
	}
	if i < hi && x.toks[i].s == "right" {
		i++
	}
	return i < hi && x.toks[i].s == "now" || i+2 < hi && x.toks[i].s == "as" && x.toks[i+1].s == "we" && x.toks[i+2].s == "speak"
}

// particles close a phrasal verb: "rolling out", "going through".
var particles = map[string]bool{"out": true, "through": true, "over": true, "up": true, "in": true, "back": true}

// notAtWork are -ing words after "I'm" that are no work on a step.
var notAtWork = map[string]bool{
	"going": true, "having": true, "hoping": true, "wondering": true, "thinking": true,
	"seeing": true, "planning": true, "writing": true, "sending": true, "reaching": true,
}

// notUnderWay are -ing words after "still" that say no work is under way.
var notUnderWay = map[string]bool{
	"showing": true, "pointing": true, "missing": true, "failing": true, "using": true,
	"running": true, "listing": true, "reading": true, "waiting": true, "erroring": true,
	"getting": true, "holding": true, "having": true, "nothing": true, "something": true,
	"anything": true, "everything": true, "working": true, "serving": true, "sitting": true,
	"receiving": true, "charging": true, "billing": true, "living": true, "referencing": true,
	"outstanding": true, "pending": true, "standing": true, "existing": true,
}

// stateCues read a result stated as where a step's object now is or who has
// it: "Alex has a note from us", "the crate is on shelf-9", "the four
// crates are in", "the crates are at 25".
func (x *extraction) stateCues(d clauseData, c clause) {
	for i := c.lo; i < c.hi-1; i++ {
		w := x.toks[i].s
		switch {
		case w == "has" || w == "have" || w == "got" && i > c.lo && x.toks[i-1].s == "'s":
			// The holder has the step's thing: not "I have", "has been", "has to".
			if i > c.lo && (x.toks[i-1].s == "i" || x.toks[i-1].s == "we" || x.toks[i-1].s == "you") || holdNot[x.toks[i+1].s] {
				continue
			}
			j := i + 1
			for j < c.hi && j <= i+3 && (determiners[x.toks[j].s] || x.toks[j].s == "now") {
				j++
			}
			if k := x.mentionWithin(d, j, j+1); k < 0 || x.insideMention(d, i, i+1) || x.cueCovers(d, i) {
				continue
			}
		case passiveAux[w] || w == "'s" || w == "'re":
			// The step's thing is in, on or at its place: after a mention, not a value.
			j, still := i+1, false
			for j < c.hi && (x.toks[j].s == "now" || x.toks[j].s == "already" || x.toks[j].s == "all" || x.toks[j].s == "both" || x.toks[j].s == "still") {
				still = still || x.toks[j].s == "still"
				j++
			}
			if j >= c.hi || x.cueCovers(d, j) || x.anyWord(max(c.lo, i-3), i, subordinators) {
				continue
			}
			if goneWords[x.toks[j].s] {
				// Of a step that takes something away, its thing is gone: "all
				// three passes are gone", "he's out of all four groups".
				if k := x.mentionBefore(d, i); k >= 0 && x.removes(x.ms[k].step) && !x.anyWord(c.lo, i, onlyWord) {
					x.cues = append(x.cues, cue{k: kDone, lo: j, hi: j + 1})
				} else if k := x.mentionWithin(d, j+1, j+6); k >= 0 && x.toks[j].s == "out" && x.removes(x.ms[k].step) {
					x.cues = append(x.cues, cue{k: kDone, lo: j, hi: j + 1})
				}
				i = j
				continue
			}
			if !placeWords[x.toks[j].s] {
				continue
			}
			if j+1 < c.hi && (placeNot[x.toks[j+1].s] || strings.ContainsAny(x.toks[j+1].s, "0123456789")) {
				continue // "on hold", "at 7": a number says it only when it is the target
			}
			if j+1 < c.hi && x.toks[j].s == "in" && (x.toks[j+1].s == "the" || x.toks[j+1].s == "a" || x.toks[j+1].s == "an") {
				continue // "in the pipeline", "in a change freeze"
			}
			if x.anyWord(c.lo, i, onlyWord) {
				continue // "only FIG-404 was on it": a part
			}
			// Of a step that takes something away, being in place is the
			// opposite: still there, it failed ("auto-haul is still on").
			k := x.mentionBefore(d, i)
			if k >= 0 && still && (x.removes(x.ms[k].step) || x.turnsOff(x.ms[k:k+1])) && !x.anyWord(max(c.lo, i-4), i, thatWords) {
				x.cues = append(x.cues, cue{k: kFail, lo: j, hi: j + 1})
				i = j
				continue
			}
			v := j + 1
			if v < c.hi && x.toks[v].s == "the" {
				v++
			}
			if k < 0 && !still && j > c.lo+1 && x.valueAt(d, v) >= 0 && !x.removes(x.valueAt(d, v)) && !x.anyWord(c.lo, c.hi, oldState) {
				// Someone is now in the group or on the list the step names: "Alex is on crew-b".
				x.cues = append(x.cues, cue{k: kDone, lo: j, hi: j + 1})
				i = j
				continue
			}
			if k < 0 || still || x.ms[k].pat != nil && x.ms[k].pat.value || x.removes(x.ms[k].step) {
				continue
			}
			i = j
		default:
			continue
		}
		x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1})
	}
}

// thatWords open a relative or reported clause: "the crate that was still
// on the shelf", "mentioned that the flag is still on".
var thatWords = map[string]bool{"that": true, "which": true, "who": true}

// holdNot after "has" make it an auxiliary or a need.
var holdNot = map[string]bool{
	"been": true, "to": true, "n't": true, "not": true, "no": true, "yet": true, "already": true,
	"gone": true, "got": true, "had": true, "failed": true,
}

// goneWords after a copula say a thing is no longer there.
var goneWords = map[string]bool{"gone": true, "out": true, "off": true}

// placeWords after a copula state where a thing now is.
var placeWords = map[string]bool{"in": true, "on": true, "at": true, "up": true, "live": true, "active": true}

// placeNot after a place word is a state of work or of supply, not a result:
// "on hold", "in progress", "up to you".
var placeNot = map[string]bool{
	"hold": true, "progress": true, "review": true, "queue": true, "to": true,
	"its": true, "their": true, "way": true, "order": true,
	"pending": true, "process": true, "time": true, "risk": true, "track": true, "hand": true,
}

// mentionBefore returns the last mention of the clause ending by token i, or -1.
func (x *extraction) mentionBefore(d clauseData, i int) int {
	k := -1
	for j, m := range x.ms[d.mlo:d.mhi] {
		if m.hi <= i {
			k = d.mlo + j
		}
	}
	return k
}

// removes reports a step whose action takes something away (its tool's or
// ID's verb is one of removalVerbs).
func (x *extraction) removes(step int) bool {
	return step >= 0 && x.extra != nil && step < len(x.extra.removal) && x.extra.removal[step]
}

// agentBefore reports "I" or "we" as the subject of the clause before token
// j, within its sentence: the subject a coordinated verb shares.
func (x *extraction) agentBefore(c clause, j int) bool {
	for k := j - 1; k >= x.sents[c.sent].lo && k >= j-16; k-- {
		switch x.toks[k].s {
		case "i", "we":
			return k == x.sents[c.sent].lo || !subordinators[x.toks[k-1].s]
		case "he", "she", "they", "it", "you", ".", ";":
			return false
		}
	}
	return false
}

// verbForm reports a participle, past or in -ing: a verb, not a name.
func verbForm(w string) bool {
	return pastForm(w) || strings.HasSuffix(w, "ing")
}

// pastForm reports a regular or common irregular past participle that is
// not a verb of looking, asking or wanting.
func pastForm(w string) bool {
	if notReports[w] {
		return false
	}
	return len(w) >= 5 && strings.HasSuffix(w, "ed") || pastIrregular[w]
}

// undoVerbs take something away: done words only of a step that removes.
var undoVerbs = map[string]bool{
	"deleted": true, "removed": true, "cancelled": true, "canceled": true, "revoked": true,
	"disabled": true, "dropped": true, "killed": true, "terminated": true, "closed": true,
	"withdrawn": true, "voided": true, "wiped": true, "purged": true, "deactivated": true,
	"released": true, "freed": true, "stopped": true, "ended": true, "nuked": true,
	"stripped": true, "cleared": true, "unassigned": true, "detached": true, "suspended": true,
	"paused": true, "blocked": true, "locked": true, "archived": true, "retired": true,
}

// destroys reports an undoing verb that takes away what the step gov
// made, not an item the step itself removes ("shelf-4 removed" of a
// step that swaps groups).
func (x *extraction) destroys(w string, gov int) bool {
	switch w {
	case "removed", "stripped", "cleared", "unassigned", "detached", "released", "freed":
		return x.ms[gov].pat == nil || !x.ms[gov].pat.value
	}
	return true
}

// directObject reports the mention gov as the object of the verb at i:
// after it, with nothing but determiners and the step's own words between
// ("closed ADD-999 and refunded ADD-420" does not close the refund).
func (x *extraction) directObject(gov, i int) bool {
	for k := i + 1; k < x.ms[gov].lo; k++ {
		if t := x.toks[k]; !determiners[t.s] && !pronounObjects[t.s] && (t.kind != tWord || listJoin[t.s]) {
			return false
		}
	}
	return true
}

// pronounObjects may stand between a verb and the rest of its object.
var pronounObjects = map[string]bool{"his": true, "her": true, "him": true, "them": true}

// unWord reports a past form taken back by "un": "uncancelled", "unvoided".
func unWord(w string) bool {
	return len(w) > 6 && w[:2] == "un" && (undoVerbs[w[2:]] || pastForm(w[2:]))
}

// noteWords are what one drops someone: "dropped Bea a line".
var noteWords = map[string]bool{"line": true, "email": true, "note": true, "message": true, "text": true, "mail": true}

// removalVerbs are the verbs of tools that take something away.
var removalVerbs = map[string]bool{
	"revoke": true, "remove": true, "delete": true, "cancel": true, "disable": true, "close": true,
	"terminate": true, "suspend": true, "pause": true, "drop": true, "kill": true, "stop": true,
	"deactivate": true, "release": true, "free": true, "detach": true,
	"unassign": true, "unlink": true, "withdraw": true, "void": true, "expire": true, "lock": true,
	"block": true, "archive": true, "purge": true, "wipe": true,
	"unsubscribe": true, "retire": true, "clear": true, "end": true,
}

// removalWord reports a form of a removal verb: "cancelled", "voided".
func removalWord(w string) bool {
	for _, st := range removalStems {
		if strings.HasPrefix(w, st) {
			return true
		}
	}
	return false
}

// removalStems are the stems of removalVerbs long enough to tell a form
// of the verb ("cancel" of "cancelled"), sorted so that reads are
// repeatable; built once.
var removalStems = func() []string {
	var out []string
	for v := range removalVerbs {
		if st := stem(v); len(st) >= 4 {
			out = append(out, st)
		}
	}
	slices.Sort(out)
	return out
}()

var pastIrregular = map[string]bool{
	"sent": true, "made": true, "paid": true, "built": true, "given": true, "taken": true,
	"written": true, "bound": true, "rebound": true, "swept": true, "spun": true, "brought": true,
	"set": true, "put": true, "kept": true, "reran": true, "redid": true, "rerun": true, "redone": true,
}

// notReports are past forms that report no action on a step.
var notReports = map[string]bool{
	"checked": true, "rechecked": true, "looked": true, "reviewed": true, "verified": true,
	"inspected": true, "noticed": true, "asked": true, "requested": true, "wanted": true,
	"needed": true, "queried": true, "listed": true, "fetched": true, "searched": true,
	"expected": true, "planned": true, "hoped": true, "waited": true, "decided": true,
	"assumed": true, "believed": true, "noted": true, "mentioned": true, "explained": true,
	"advised": true, "reported": true, "received": true, "based": true, "related": true,
	"required": true, "supposed": true, "located": true, "used": true, "called": true,
	"contacted": true, "tried": true, "attempted": true, "pulled": true, "confused": true,
	"concerned": true, "interested": true, "pleased": true, "sorry": true, "tired": true,
	"involved": true, "included": true, "affected": true, "impacted": true, "owed": true,
	"charged": true, "billed": true, "signed": true, "logged": true, "scheduled": true,
	"queued": true, "delayed": true, "stuck": true, "limited": true, "allowed": true,
	"reverted": true, "reversed": true, "undid": true, "raised": true, "escalated": true, "flagged": true, "forwarded": true, "handed": true,
	"passed": true, "managed": true, "owned": true, "chained": true, "meant": true,
	"intended": true, "designed": true, "reserved": true, "packed": true, "labelled": true, "labeled": true, "covered": true, "marked": true,
}

var passiveAux = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "been": true, "got": true, "gotten": true,
}

// pronounSubjects before "'s" make it "is", not a possessive.
var pronounSubjects = map[string]bool{"it": true, "that": true, "this": true, "everything": true}

// subordinators open a clause that sets the scene: "when I scaled it to 0".
var subordinators = map[string]bool{
	"when": true, "if": true, "once": true, "after": true, "before": true, "while": true,
	"until": true, "since": true, "as": true, "because": true, "whether": true,
}

var adverbs = map[string]bool{
	"also": true, "just": true, "then": true, "now": true, "already": true, "successfully": true,
	"finally": true, "since": true, "both": true, "all": true, "fully": true, "actually": true,
}

// cueCovers reports a cue of the clause over token i.
func (x *extraction) cueCovers(d clauseData, i int) bool {
	for _, cu := range x.cues[d.clo:] {
		if cu.lo <= i && i < cu.hi {
			return true
		}
	}
	return false
}

// mentionWithin returns the first mention of the clause starting in tokens
// [lo, hi), or -1.
func (x *extraction) mentionWithin(d clauseData, lo, hi int) int {
	for k, m := range x.ms[d.mlo:d.mhi] {
		if m.lo >= lo && m.lo < hi {
			return d.mlo + k
		}
	}
	return -1
}

// oldState words say a state is the one before the change, or one that
// will not last: "on crew-a as before", "in crew-a at the moment".
var oldState = map[string]bool{
	"before": true, "again": true, "back": true, "original": true, "originally": true,
	"moment": true, "currently": true, "yet": true,
}

// valueAt returns the step of a mention by one of its identifiers that
// starts at token i, or -1.
func (x *extraction) valueAt(d clauseData, i int) int {
	k := x.mentionWithin(d, i, i+1)
	if k < 0 || x.ms[k].step < 0 {
		return -1
	}
	if x.ms[k].pat != nil && x.ms[k].pat.value {
		return x.ms[k].step
	}
	for _, v := range x.steps[x.ms[k].step].Values {
		if w := termWords(v); x.wordsAt(i, w) {
			return x.ms[k].step // "on the crew-b list"
		}
	}
	return -1
}

// wordsAt reports the words w at token i.
func (x *extraction) wordsAt(i int, w []string) bool {
	if len(w) == 0 || i+len(w) > len(x.toks) {
		return false
	}
	for j, s := range w {
		if x.toks[i+j].s != s {
			return false
		}
	}
	return true
}

// inParens reports an open parenthesis before token i, from lo: an aside.
func (x *extraction) inParens(lo, i int) bool {
	open := false
	for k := lo; k < i; k++ {
		switch x.toks[k].s {
		case "(":
			open = true
		case ")":
			open = false
		}
	}
	return open
}

// anyWord reports a word of words in tokens [lo, hi).
func (x *extraction) anyWord(lo, hi int, words map[string]bool) bool {
	for i := lo; i < hi; i++ {
		if words[x.toks[i].s] {
			return true
		}
	}
	return false
}

var (
	onlyWord = map[string]bool{"only": true} // "only FIG-404 was on it": a part
	backWord = map[string]bool{"back": true} // "put the estimate back to 11 June"
)
