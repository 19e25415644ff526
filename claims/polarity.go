package claims

import "strings"

// eval reads the cues in tokens [rlo, rhi) of a clause for the mentions ms and
// returns the claim (rule 4 in rules.go). ms may be empty: a clause without
// mentions is read the same way before it is carried to an earlier step.
func (x *extraction) eval(d *clauseData, ms []mention, rlo, rhi int) verdict {
	var (
		strong, rollback, pend, fail, neg, done, able, tried, mood, later bool
		futPend, futDone                                                  bool
		lastFail, lastFut                                                 = -1, -1
		futVerb                                                           = -1 // a done word that is a future's verb
	)
	cs := x.cuesIn(d, rlo, rhi)
	for i, cu := range cs {
		if absorbed(cs, i) {
			continue
		}
		switch cu.k {
		case kStrong:
			strong = true
		case kRollback:
			if negatedRollback(cs, i) {
				done = true // "I had cancelled the order and could not reverse that"
			} else {
				rollback = true
			}
		case kPending:
			if x.negatedBefore(d, cu.lo, rlo) {
				neg = true
				lastFail = cu.lo
			} else {
				pend = true
			}
		case kFail, kExcept:
			fail = true
			lastFail = cu.lo
		case kNeg:
			neg = true
			lastFail = cu.lo
		case kTried:
			tried = true
			lastFail = cu.lo
		case kDone:
			done = done || cu.lo != futVerb
		case kAble:
			able = true
		case kLater:
			later = true
		case kOffer, kIntent:
			mood = true
		case kFuture:
			k, verb := x.future(cu, rlo, d.hi)
			futVerb = verb
			switch k {
			case futNegated:
				neg = true
				lastFail = cu.lo
			case futArrival:
				futDone = true
			case futOther:
			default:
				futPend = true
				lastFut = cu.lo
			}
		}
	}
	formDone, formFailed := false, false
	for _, m := range ms {
		switch m.form {
		case fDone:
			formDone = true
		case fFailed:
			formFailed = true
		}
	}
	switch {
	case mood:
		return verdict{Unmentioned, srcMood}
	case strong, rollback, formFailed:
		return verdict{Failed, srcCue}
	case pend:
		return verdict{Pending, srcCue}
	case futPend && !done && lastFut > lastFail:
		return verdict{Pending, srcFuture}
	case fail:
		return verdict{Failed, srcCue}
	case tried, neg:
		return verdict{Failed, srcAux}
	case done:
		return verdict{Done, srcCue}
	case futPend:
		return verdict{Pending, srcFuture}
	case futDone:
		return verdict{Done, srcFuture}
	case able:
		return verdict{Done, srcAux}
	case formDone:
		return verdict{Done, srcForm}
	case later:
		return verdict{Pending, srcWeak}
	}
	return noClaim
}

// A negation or failure right before a rollback says the undoing did not happen:
// "could not reverse that", "failed to roll back the refund". The pair then
// reports the step still done, and the negation is absorbed by the rollback.
func negatedRollback(cs []cue, i int) bool {
	for j := i - 1; j >= 0 && cs[j].lo >= cs[i].lo-3; j-- {
		if cs[j].k == kNeg || cs[j].k == kFail {
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
	futCommit                 // "we'll ship", "I'll retry": the agent commits to later work
	futArrival                // "you'll receive", "will appear": the result of work done
	futNegated                // "won't", "will not"
	futOther                  // "I'll escalate this", "we'll keep you posted": no claim
)

// future reads a future marker with its subject and verb, and returns the verb's
// position ("will be completed" is a promise, not a report of completion).
func (x *extraction) future(cu cue, rlo, rhi int) (futKind, int) {
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
	passive := false
	for j < rhi && futureSkip[x.toks[j].s] {
		passive = passive || x.toks[j].s == "be"
		j++
	}
	if j >= rhi {
		return futAction, -1
	}
	v := x.toks[j].s
	switch {
	case nonCommitVerbs[v]:
		return futOther, j
	case subj == "i" || subj == "we":
		return futCommit, j
	case subj == "you" && passive && strings.HasSuffix(v, "ed"):
		return futArrival, j // "you'll be refunded", "you'll be notified"
	}
	if v == "go" && j+1 < rhi && (x.toks[j+1].s == "through" || x.toks[j+1].s == "ahead") {
		return futAction, j
	}
	if arrivalVerbs[v] {
		return futArrival, j
	}
	return futAction, j
}

// nonCommitVerbs after "I'll" promise no step: "I'll escalate this", "I'll keep you posted".
var nonCommitVerbs = map[string]bool{
	"need": true, "escalate": true, "ask": true, "contact": true, "check": true, "look": true,
	"investigate": true, "flag": true, "report": true, "reach": true, "keep": true, "let": true,
	"monitor": true, "have": true, "pass": true,
}

var futureSkip = map[string]bool{
	"now": true, "also": true, "then": true, "just": true, "still": true, "automatically": true,
	"soon": true, "shortly": true, "likely": true, "probably": true, "hopefully": true, "all": true,
	"definitely": true, "usually": true, "typically": true, "normally": true, "be": true,
	"generally": true, "only": true, "actually": true, "first": true, "already": true,
}

// arrivalVerbs describe the customer receiving or seeing the result.
var arrivalVerbs = map[string]bool{
	"receive": true, "get": true, "see": true, "arrive": true, "appear": true, "show": true,
	"reflect": true, "post": true, "land": true, "hit": true, "reach": true, "ship": true,
	"ships": true, "head": true, "follow": true, "go": true, "come": true, "take": true,
	"credited": true, "delivered": true, "reflected": true, "visible": true, "back": true,
	"there": true, "on": true, "in": true, "available": true, "showing": true, "arriving": true,
}
