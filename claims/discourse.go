package claims

// crossClause applies rule 6 of rules.go: a clause without mentions may carry
// its claim to the last step named before it, and a bare label ("Refund —")
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
			last = &x.groups[d.ghi-1]
			if last.v.src == srcMood {
				last = nil
			}
			x.attachLabel(ci)
			continue
		}
		if last == nil || x.asks(ci) || x.conditional(d) {
			continue
		}
		v := x.eval(d, nil, c.lo, c.hi)
		if v.claim == Unmentioned {
			continue
		}
		pronoun := x.refersBack(c)
		// After a contrast, a failure word, or a negation whose subject is the
		// step ("but it didn't go through", "but didn't go through").
		contrast := c.lead == leadContrast && x.cls[last.clause].sent == c.sent && v.claim != Done &&
			(v.src == srcCue || v.src == srcAux && (pronoun || auxWords[x.toks[c.lo].s])) && !x.ownObject(d, c)
		switch {
		case v.claim == Failed && pronoun && x.hasCue(d, kRollback, c.lo, c.hi):
			last.v = v // "created the replacement, but then had to cancel it"
		case contrast:
			last.v = v // "refund txn created but PSP returned 429"
		case v.claim == Done && x.hasCue(d, kRetried, c.lo, c.hi) && (pronoun || x.cls[last.clause].sent == c.sent):
			last.v = v // "it was declined at first, but went through on the second try"
		case pronoun && v.claim == Pending && (last.v.claim == Unmentioned || last.v.claim == Failed):
			last.v = v
		case pronoun && v.claim == Failed && last.v.claim == Unmentioned:
			last.v = v
		case v.claim == Pending && v.src != srcWeak && last.v.claim == Failed && x.commits(c):
			last.v = v // "The refund failed. I'll try again in a few minutes."
		case pronoun && v.claim == Done && last.v == noClaim:
			last.v = v // "the replacement didn't need a new order, so it's been sent out"
		}
	}
}

// attachLabel gives the groups of a clause that says nothing about them ("Refund
// of $40 —") the claim of the next clause of the sentence, when that clause names
// no step.
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
// a markdown heading ("**Replacement**") whose body follows on the next line.
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
// ("but I couldn't find the payment", "but we couldn't place the order for the
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
	if i+2 >= c.hi || x.toks[i].kind != tWord || x.cueAt(d, i) || !determiners[x.toks[i+1].s] {
		return false
	}
	for _, cu := range x.cuesIn(d, i+1, min(i+4, c.hi)) {
		if cu.k == kFail || cu.k == kNeg || cu.k == kStrong {
			return false
		}
	}
	return true
}

var modalWords = map[string]bool{
	"could": true, "can": true, "did": true, "do": true, "able": true, "to": true, "unable": true,
	"'ve": true, "'d": true, "would": true, "just": true, "then": true, "still": true, "never": true,
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
		if backRefs[x.toks[i].s] {
			return true
		}
	}
	return false
}

// overall finds the message's overall-completion statement (rule 8) and what it
// claims for the steps the message does not qualify one by one.
func (x *extraction) overall(qualified bool) (Overall, Claim) {
	success, partial, failure, all, except := false, false, false, false, false
	for ci, c := range x.cls {
		d := &x.cd[ci]
		if x.asks(ci) || x.conditional(d) || x.hasCue(d, kOffer, c.lo, c.hi) {
			continue
		}
		exception := x.hasCue(d, kExcept, c.lo, c.hi)
		for _, cu := range x.cues[d.clo:d.chi] {
			if cu.k.layer() == lOverall && x.namesStep(d, cu) {
				continue // "your account address remains unchanged" is about that step
			}
			switch cu.k {
			case kOvSuccess:
				switch {
				case x.toks[cu.lo].s == "both" && d.mhi > d.mlo && x.ms[d.mlo].lo < cu.lo:
					// "your refund and replacement have both been processed" is about
					// the steps it names.
				case cu.lo > c.lo && (x.toks[cu.lo-1].s == "not" || x.toks[cu.lo-1].s == "n't"):
					partial = true
				case exception:
					except = true // "everything went through except the refund"
				default:
					success = true
				}
			case kOvPartial:
				partial = true
			case kOvFailAll:
				if !x.overlapsNeutral(d, cu) {
					failure, all = true, true
				}
			case kOvFailSome:
				failure = true
			}
		}
		if doneWords[x.toks[c.lo].s] && (c.hi == c.lo+1 || x.toks[c.lo+1].kind != tWord && x.toks[c.lo+1].s != ":") {
			success = true
		}
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
	case success:
		return OverallSuccess, Done
	}
	return OverallNone, Unmentioned
}

// namesStep reports a step mention inside an overall cue.
func (x *extraction) namesStep(d *clauseData, cu cue) bool {
	for _, m := range x.ms[d.mlo:d.mhi] {
		if cu.lo <= m.lo && m.lo < cu.hi {
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
