package claims

// A final report names what it did. A step named in a plain statement, with
// nothing in its clause about it ("rota status is green on each", "crate
// held by bea", "you're now its keeper"), is reported done when the message
// reports some step done (or any step, with nothing undone; or nothing, when
// two steps are named so and nothing fails, waits or asks) and nothing else
// claims this one, nor speaks of it as a plan, a question or another thing
// elsewhere: the statement is the report's result, in words no pack lists. A plain
// statement has no condition, plan, question, negation, failure, hedge or
// delay in its clause, no "still" (the old state) or "there" ("there were two
// crates"), and no topic word before the step ("regarding the lamp").

// plainReport reports that m, in group g, stands in a plain statement.
func (x *extraction) plainReport(g group, m mention) bool {
	if g.v != noClaim || g.voided != voidNone || x.asks(g.clause) {
		return false
	}
	d := &x.cd[g.clause]
	if x.conditional(d) {
		return false
	}
	for _, cu := range x.cues[d.clo:d.chi] {
		if !plainKinds[cu.k] && !x.untilTime(cu) {
			return false
		}
	}
	c := x.cls[g.clause]
	said := false // a word besides the step's own: "Repaint." alone states nothing
	for i := c.lo; i < c.hi; i++ {
		if notPlain[x.toks[i].s] || x.toks[i].s == "next" && (i+1 == c.hi || x.toks[i+1].kind == tPunct) { // "crates and plaques next"
			return false
		}
		said = said || x.toks[i].kind != tPunct && x.toks[i].kind != tBreak && (i < m.lo || i >= m.hi)
	}
	if !said {
		return false
	}
	for i := c.lo; i < m.lo; i++ {
		w := x.toks[i].s
		if topicWords[w] || asideWords[w] && (i == c.lo || x.toks[i-1].kind == tMark) || i <= c.lo+1 && w == "question" {
			return false
		}
	}
	return true
}

// undoes reports a rollback or undo word anywhere in the message ("rolled
// everything back" is an overall failure cue).
func (x *extraction) undoes() bool {
	for _, cu := range x.cues {
		if cu.k == kRollback || cu.k == kOvFailAll {
			return true
		}
	}
	return false
}

// untilTime reports "until" before a date or time: how long a result
// lasts ("kept at the depot until 14 June"), no condition.
func (x *extraction) untilTime(cu cue) bool {
	if cu.k != kCond || x.toks[cu.lo].s != "until" && x.toks[cu.lo].s != "till" || cu.hi >= len(x.toks) {
		return false
	}
	n := x.toks[cu.hi]
	return n.kind == tNum || timeWords[n.s] || months[n.s] > 0 || n.s == "the" && cu.hi+1 < len(x.toks) && x.toks[cu.hi+1].kind == tNum
}

// plainDone reads the steps named only in plain statements as done, when
// the message reports a step done and its overall statement fills nothing.
func (x *extraction) plainDone(fill Claim) {
	if fill != Unmentioned {
		return
	}
	done, claimed := false, false
	for _, c := range x.state {
		done, claimed = done || c == Done, claimed || c != Unmentioned
	}
	// A report of failures alone is one too, unless something was undone:
	// then what stands is the old state ("the crate is on shelf-4 again").
	if !done && (claimed && x.undoes() || !claimed && !x.allPlain()) {
		return
	}
	for i, gi := range x.plain {
		if gi < 0 || x.state[i] != Unmentioned {
			continue
		}
		x.state[i] = Done
		x.groups[gi].v = verdict{Done, srcPlain}
		if x.trace != nil {
			x.trace.decisive[i] = gi
		}
	}
}

// allPlain reports a message that claims nothing but names two or more
// steps in plain statements, with no failure, delay, doubt or question in
// it: "Nils is in crew-b, and you're his manager of record."
func (x *extraction) allPlain() bool {
	n := 0
	for _, gi := range x.plain {
		if gi >= 0 {
			n++
		}
	}
	if n < 2 {
		return false
	}
	for _, cu := range x.cues {
		switch cu.k {
		case kFail, kNeg, kPending, kStrong, kHedge, kRollback, kOffer, kIntent, kFuture, kCond, kLater, kTried:
			return false
		}
	}
	for _, s := range x.sents {
		if s.question {
			return false
		}
	}
	return true
}

// plainKinds are the cues a plain statement may hold: what was done, not
// whether or when.
var plainKinds = map[kind]bool{
	kDone: true, kTarget: true, kAble: true, kRetried: true, kNeutral: true, kBlock: true, kOvSuccess: true,
}

// notPlain are words that make a clause other than a report of a result.
var notPlain = map[string]bool{
	"still": true, "there": true, "before": true, "once": true, "if": true,
	"can": true, "could": true, "would": true, "'d": true, "'ll": true, "will": true,
	"need": true, "needs": true,
}

// asideWords, like topicWords, open a clause whose step is its topic, not
// its subject: "for the $10 repaint", "sorry to hear about".
var asideWords = map[string]bool{
	"for": true, "on": true, "sorry": true, "thanks": true, "status": true,
}
