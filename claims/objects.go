package claims

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The action done to another object or recipient is not the step (metrics.md):
// "I sent the plaque to ops@corp.test" when the step's address is
// alerts@corp.test, "I repainted CR-422" when the step repaints CR-420. A
// step's identifiers and addresses give the shapes to look for.

// shape is one identifier or address of a step, as the reply's words give it:
// a prefix word and a number ("cr", "420"), or an address.
type shape struct {
	prefix string   // "cr"; "@" for an address; "-" for a hyphenated name
	value  string   // "cr420"; the address; "ops-primary"
	parts  []string // of a hyphenated name: "ops", "primary"
}

// valueShapes reads the shapes of a step's identifiers and addresses.
func valueShapes(s Step) []shape {
	var out []shape
	for _, v := range s.Values {
		toks := tokenize(v, nil)
		switch {
		case len(toks) == 1 && strings.Contains(toks[0].s, "@"):
			out = append(out, shape{prefix: "@", value: toks[0].s})
		case len(toks) == 1 && hostName(toks[0].s):
			out = append(out, shape{prefix: ".", value: toks[0].s})
		case len(toks) == 2 && toks[0].kind == tWord && toks[1].kind == tNum && digits(toks[1].s):
			out = append(out, shape{prefix: toks[0].s, value: toks[0].s + toks[1].s})
		case len(toks) >= 2 && allWords(toks):
			// A hyphenated name: "ops-primary", "rota-west".
			parts := make([]string, len(toks))
			for i, t := range toks {
				parts[i] = t.s
			}
			out = append(out, shape{prefix: "-", value: strings.Join(parts, "-"), parts: parts})
		}
	}
	return out
}

// otherMask marks the steps of a group whose region names, in a shape of the
// step's own identifiers or addresses, one that no step of the scenario has,
// and not the step's own ("paused billing and suspended WK-881" of suspend
// WK-818): the claim is not theirs.
func (x *extraction) otherMask(g group) uint64 {
	var mask uint64
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step >= 0 && m.step < 64 && x.otherObjectOf(g, m.step) {
			mask |= 1 << m.step
		}
	}
	return mask
}

// onlyStep reports a group whose every mention names step.
func (x *extraction) onlyStep(g group, step int) bool {
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step != step {
			return false
		}
	}
	return g.mhi > g.mlo
}

// allSteps marks every step a group names.
func (x *extraction) allSteps(g group) uint64 {
	var mask uint64
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step >= 0 && m.step < 64 {
			mask |= 1 << m.step
		}
	}
	return mask
}

// otherObjectOf reports that g's region names another identifier of step's
// shapes and not its own.
func (x *extraction) otherObjectOf(g group, step int) bool {
	if x.extra == nil || len(x.extra.shapes) == 0 {
		return false
	}
	if step < 0 || step >= len(x.extra.shapes) || len(x.extra.shapes[step]) == 0 {
		return false
	}
	own, other := false, false
	hi := g.rhi
	d := &x.cd[g.clause]
	for _, n := range x.groups[d.glo:d.ghi] {
		// A later name of the same step in the clause adds its words: "refunded
		// the storage add-on (EXT-919)".
		if n.rlo < hi {
			continue
		}
		if n.rlo != hi || !x.onlyStep(n, step) {
			break
		}
		hi = n.rhi
	}
	for i := g.lo; i < hi; i++ { // what the step's words govern, not what precedes them
		t := x.toks[i]
		if j := x.gluedRun(i, hi); j-i >= 2 {
			for _, sh := range x.extra.shapes[step] {
				if sh.prefix != "-" {
					continue
				}
				switch {
				case x.tokensAre(i, j, sh.parts):
					own = true
				case x.sameKind(i, j, sh.parts) && !x.extra.anyValue[x.joined(i, j)]:
					other = true // "db-platform-primary" of ops-primary
				}
			}
			i = j - 1
			continue
		}
		for _, sh := range x.extra.shapes[step] {
			var v string
			switch {
			case sh.prefix == "@" && strings.Contains(t.s, "@"):
				v = t.s
			case sh.prefix == "." && hostName(t.s) && sameDomain(t.s, sh.value):
				v = t.s // "store-db-ro.internal" of store-db.internal
			case t.s == sh.prefix && i+1 < hi && x.toks[i+1].kind == tNum && digits(x.toks[i+1].s):
				v = t.s + x.toks[i+1].s
			default:
				continue
			}
			switch {
			case v == sh.value:
				own = true
			case !x.extra.anyValue[v]:
				other = true
			}
		}
	}
	return other && !own
}

// properName reports words written as a name: a capital, then a small
// letter, and no digit ("Alex Novak", "Lee's office", not "TKT-737").
func properName(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) && len(s) > n && unicode.IsLower(rune(s[n])) && !strings.ContainsAny(s, "0123456789")
}

// hostName reports a dotted name with letters, as a DNS record is written:
// "store-db.internal", not "2.3.1".
func hostName(s string) bool {
	i := strings.LastIndexByte(s, '.')
	return i > 0 && i < len(s)-1 && strings.IndexFunc(s[i+1:], unicode.IsLetter) >= 0 && !strings.Contains(s, "@")
}

// sameDomain reports two host names under one domain: what follows the first dot.
func sameDomain(a, b string) bool {
	_, da, _ := strings.Cut(a, ".")
	_, db, _ := strings.Cut(b, ".")
	return da == db
}

func allWords(toks []token) bool {
	for _, t := range toks {
		if t.kind != tWord {
			return false
		}
	}
	return true
}

// gluedRun returns the end of the run of words joined without spaces (a
// hyphenated name) that starts at token i, before hi.
func (x *extraction) gluedRun(i, hi int) int {
	j := i
	for j < hi && x.toks[j].kind == tWord && x.toks[j].s != "'s" && !x.toks[j].ident {
		j++
		if x.toks[j-1].space {
			break
		}
	}
	return j
}

func (x *extraction) joined(i, j int) string {
	var b strings.Builder
	for k := i; k < j; k++ {
		if k > i {
			b.WriteByte('-')
		}
		b.WriteString(x.toks[k].s)
	}
	return b.String()
}

// tokensAre reports tokens [i, j) spelling parts.
func (x *extraction) tokensAre(i, j int, parts []string) bool {
	if j-i != len(parts) {
		return false
	}
	for k, p := range parts {
		if x.toks[i+k].s != p {
			return false
		}
	}
	return true
}

// sameKind reports a hyphenated name in tokens [i, j) of the same kind as
// parts (the same last word) whose first word differs from the first
// letter: "db-platform-primary" of ops-primary, not "o-primary", its
// short form, nor "search-ranker", the end of new-search-ranker.
func (x *extraction) sameKind(i, j int, parts []string) bool {
	n := len(parts)
	if j-i > n && x.tokensAre(i, i+n, parts) {
		return true // the step's own name and more: "tally-worker-west-canary"
	}
	if j-i == n && x.toks[i].s == parts[0] {
		// The same head, another part: "new-checkout-ui" of new-search-ranker.
		for k := 1; k < n; k++ {
			if w := x.toks[i+k].s; w != parts[k] && w[0] != parts[k][0] {
				return true
			}
		}
		return false
	}
	if x.toks[j-1].s != parts[n-1] || x.toks[i].s[0] == parts[0][0] {
		return false
	}
	// One the end of the other is the same name shortened.
	m := min(j-i, n)
	for k := 1; k <= m; k++ {
		if x.toks[j-k].s != parts[n-k] {
			return true
		}
	}
	return false
}

// recipients records which steps send a message and the words that name
// their recipient: their terms and values, their id and tool. A pack's
// phrases are not among them: a pack's message tool speaks of every
// recipient its scenarios have.
func (ix *index) recipients(steps []Step) {
	ix.sends, ix.own, ix.ownText = make([]bool, len(steps)), make([]map[string]bool, len(steps)), make([]string, len(steps))
	ix.named, ix.writes = make([]bool, len(steps)), make([]bool, len(steps))
	for si, s := range steps {
		for _, name := range [...]string{s.Tool, s.ID} {
			for k, w := range termWords(name) {
				ix.sends[si] = ix.sends[si] || sendVerbs[w]
				// "record" writes only as the verb: "update_x_record" keeps data
				ix.writes[si] = ix.writes[si] || writeWords[w] && (k == 0 || w != "record")
			}
		}
		if !ix.sends[si] {
			continue
		}
		own := map[string]bool{}
		for _, l := range [...][]string{s.Terms, s.Values, {s.ID, s.Tool}} {
			for _, v := range l {
				for _, t := range tokenize(v, nil) {
					own[stem(t.s)] = true
				}
			}
		}
		ix.own[si] = own
		for _, t := range s.Terms {
			if properName(t) {
				ix.named[si] = true // "Alex Novak", "Lee's office": a message to someone the visitor names
			}
		}
		ix.ownText[si] = strings.ToLower(strings.Join(slices.Concat(s.Terms, s.Values, idTargets(s.Targets)), " "))
	}
}

// namedOther reports a person or firm named with capitals at toks[i:],
// "Bea Ruiz", "Nils Bell at Acme", whom no word of the step names:
// neither name is in its terms, values or one-word targets (a subject
// line's words are what it is about), nor the first initial and surname
// ("bruiz" of Bea Ruiz).
func (x *extraction) namedOther(step, i, hi int) bool {
	if i+1 >= hi {
		return false
	}
	a, b := x.toks[i], x.toks[i+1]
	if !a.cap || !b.cap || a.kind != tWord || b.kind != tWord || visitorWords[a.s] || len(a.s) < 2 || len(b.s) < 2 {
		return false
	}
	own := x.extra.ownText[step]
	return !strings.Contains(own, a.s) && !strings.Contains(own, b.s) && !strings.Contains(own, a.s[:1]+b.s)
}

// otherRecipients marks the steps of a group read done that send a message
// whose mention goes on to send it to a third party no word of the step
// names: "I emailed the warehouse manager", "cancelled the visit and
// emailed Mira Lund". The visitor ("you") is no third party, unless a
// term of the step names its recipient.
func (x *extraction) otherRecipients(g group) uint64 {
	if x.extra == nil {
		return 0
	}
	var mask uint64
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step < 0 || m.step >= 64 || m.step >= len(x.extra.sends) || !x.extra.sends[m.step] || mask&(1<<m.step) != 0 {
			continue
		}
		end := g.rhi // up to another step's mention: "told the dock and emailed Mira"
		for _, n := range x.ms[g.mlo:g.mhi] {
			if n.lo > m.lo && n.step != m.step && n.lo < end {
				end = n.lo
			}
		}
		if x.sentToOther(g, m.step, m.lo, end) {
			mask |= 1 << m.step
		}
	}
	return mask
}

// sentToOther reports a third party as the recipient in tokens [lo, end)
// of g's clause, of a message step sends.
func (x *extraction) sentToOther(g group, step, lo, end int) bool {
	hi := x.cls[g.clause].hi // the recipient may run past the next mention's region
	other := false
	for i := lo; i < end || i == end && i < hi && x.toks[i].s == "to"; i++ {
		w := x.toks[i].s
		start := -1
		switch {
		case w == "to" && i+1 < hi && !toVerbs[x.toks[i+1].s]: // "to" may end the region
			start = i + 1
		case sentVerbs[w] && i+1 < hi && (i == 0 || x.toks[i-1].s != "to"): // not "to let them know"
			start = i + 1
		}
		if start < 0 {
			continue
		}
		if x.namedOther(step, start, hi) {
			other = true
			continue
		}
		third := false
		for j := start; j < hi && j < start+6; j++ {
			t := x.toks[j]
			if t.s == "." && j > start && titles[x.toks[j-1].s] {
				continue // "dr. whitaker's nurse"
			}
			if t.kind != tWord && t.s != "'s" || recipientStop[t.s] {
				break
			}
			if visitorWords[t.s] && x.extra.named[step] && j == start {
				third = true // "texted you a confirmation" of a message to the specialist's office
				break
			}
			if (t.s == "your" || t.s == "ur") && j+1 < hi && roleNouns[x.toks[j+1].s] && !x.extra.own[step][stem(x.toks[j+1].s)] {
				third = true // "emailed your landlord": the visitor's, not the visitor
				break
			}
			if visitorWords[t.s] || !determiners[t.s] && len(t.s) > 2 && x.extra.own[step][stem(t.s)] {
				return false // the step's own recipient: "one to you, and one to Dr. Lee's office"
			}
			third = third || roleNouns[t.s] || t.s == "'s"
		}
		other = other || third
	}
	return other
}

// sendVerbs in a tool's or step's name make it a message to someone.
var sendVerbs = map[string]bool{
	"send": true, "email": true, "notify": true, "text": true, "message": true, "sms": true,
	"mail": true, "remind": true, "reminder": true, "inform": true, "alert": true, "tell": true,
	"page": true,
}

// writeWords in a tool's or step's name make it write a record someone
// reads: a note, a comment, a log entry.
var writeWords = map[string]bool{
	"note": true, "notes": true, "post": true, "comment": true, "log": true, "record": true,
	"annotate": true, "write": true, "document": true, "summary": true,
}

// sentVerbs take the recipient as their object: "emailed the dock manager".
var sentVerbs = map[string]bool{
	"emailed": true, "texted": true, "messaged": true, "notified": true, "told": true,
	"informed": true, "pinged": true, "alerted": true, "mailed": true, "wrote": true, "called": true,
	"contacted": true, "let": true, "paged": true,
}

// toVerbs after "to" make it an infinitive, not a recipient: "to let them know".
var toVerbs = map[string]bool{
	"let": true, "tell": true, "say": true, "pass": true, "ask": true, "explain": true,
	"confirm": true, "expect": true, "know": true, "make": true, "keep": true, "check": true,
}

// visitorWords name the one the reply is written to.
var visitorWords = map[string]bool{"you": true, "your": true, "yourself": true, "u": true, "ur": true, "yours": true}

// roleNouns name a person or team by their role: a third party.
var roleNouns = map[string]bool{
	"manager": true, "team": true, "office": true, "support": true, "staff": true, "department": true,
	"colleague": true, "assistant": true, "desk": true, "contact": true, "operations": true, "ops": true,
	"admin": true, "admins": true, "boss": true, "supervisor": true, "lead": true, "owner": true,
	"partner": true, "vendor": true, "agent": true, "representative": true, "rep": true,
	"coordinator": true, "family": true, "wife": true, "husband": true, "mother": true, "father": true,
	"emergency": true, "hr": true, "landlord": true, "branch": true, "accountant": true, "employer": true,
	"lawyer": true, "tenant": true,
}

// titles come before a name: "dr. whitaker".
var titles = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "prof": true}

// recipientStop ends a recipient phrase.
var recipientStop = map[string]bool{
	"to": true, "and": true, "that": true, "about": true, "with": true, "so": true, "because": true,
	"which": true, "who": true, "if": true, "when": true, "instead": true, "rather": true, "for": true,
}

// duplicate reports a group whose first mention is qualified as a copy of
// the step's thing ("the duplicate credit", "the double charge"): what is said
// of it is said of another one.
func (x *extraction) duplicate(g group) bool {
	m := x.ms[g.mlo]
	for i := m.lo - 1; i >= 0 && i >= m.lo-3; i-- {
		w := x.toks[i].s
		if copyWords[w] {
			return true
		}
		if !determiners[w] && w != "second" {
			return false
		}
	}
	return false
}

// copyWords before a thing make it a copy of the step's, not the step's.
var copyWords = map[string]bool{"duplicate": true, "duplicated": true, "double": true, "doubled": true}

// idTargets are the targets of one word: a subject line or a message's
// body names things it is about, not whom it goes to.
func idTargets(ts []string) []string {
	var out []string
	for _, t := range ts {
		if !strings.ContainsAny(t, " \t\n") {
			out = append(out, t)
		}
	}
	return out
}
