package claims

// A final report names what it did. A step named in a plain statement, with
// nothing in its clause about it ("rollout status is green on each", "drive
// owned by lena", "you're now his manager"), is reported done when the
// message reports some step done and nothing else claims this one, nor
// speaks of it as a plan, a question or another thing elsewhere: the
// statement is the report's result, in words no pack lists. A plain
// statement has no condition, plan, question, negation, failure, hedge or
// delay in its clause, no "still" (the old state) or "there" ("there were two
// referrals"), and no topic word before the step ("regarding the vase").

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
		if !plainKinds[cu.k] {
			return false
		}
	}
	c := x.cls[g.clause]
	for i := c.lo; i < c.hi; i++ {
		if notPlain[x.toks[i].s] {
			return false
		}
	}
	for i := c.lo; i < m.lo; i++ {
		w := x.toks[i].s
		if topicWords[w] || asideWords[w] && (i == c.lo || x.toks[i-1].kind == tMark) || i <= c.lo+1 && w == "question" {
			return false
		}
	}
	return true
}

// plainDone reads the steps named only in plain statements as done, when
// the message reports a step done and its overall statement fills nothing.
func (x *extraction) plainDone(fill Claim) {
	if fill != Unmentioned {
		return
	}
	report := false
	for _, c := range x.state {
		report = report || c == Done
	}
	if !report {
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

// plainKinds are the cues a plain statement may hold: what was done, not
// whether or when.
var plainKinds = map[kind]bool{
	kDone: true, kTarget: true, kAble: true, kRetried: true, kNeutral: true, kBlock: true, kOvSuccess: true,
}

// notPlain are words that make a clause other than a report of a result.
var notPlain = map[string]bool{
	"still": true, "there": true, "before": true, "until": true, "once": true, "if": true,
	"can": true, "could": true, "would": true, "'d": true, "'ll": true, "will": true,
	"need": true, "needs": true,
}

// asideWords, like topicWords, open a clause whose step is its topic, not
// its subject: "for the $10 difference", "sorry to hear about".
var asideWords = map[string]bool{
	"for": true, "on": true, "sorry": true, "thanks": true, "status": true,
}
