package claims

import (
	"slices"
	"strings"
	"sync"
)

// mention is one place the message names a step.
type mention struct {
	step   int // index into the scenario's steps
	form   form
	lo, hi int
	shared []string // the steps a phrase of a shared tool may name
}

// cue is one polarity, mood or overall phrase.
type cue struct {
	k      kind
	lo, hi int
}

// group is a run of mentions that share a predicate ("cancelled and refunded",
// "neither the refund nor the replacement"), with the region of the clause
// whose cues apply to it.
type group struct {
	clause   int
	mlo, mhi int // range in extraction.ms
	lo, hi   int // tokens covered by the mentions
	rlo, rhi int // region
	v        verdict
	failed   bool // v is a later attempt at a step this group first reported failed
	voided   void // why a mention claims nothing although a pronoun may refer to it
}

// void says why a group's claim was voided while its step stays a referent.
type void uint8

const (
	voidNone void = iota
	voidCond      // under a condition: "once the refund clears"
	voidWish      // inside the customer's restated request: "you'd like the order updated"
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
	upd      int // index of update_address, or -1
	red      int // index of redirect_order, or -1
	lastAddr int // the step the last resolved address named, or -1
	addrPara int // the paragraph of that address
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
	byID     map[string]int
	trace    *trace // nil unless explaining
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
	x.extra = extraIndex(steps)
	x.upd, x.red = x.stepIndex("update_address"), x.stepIndex("redirect_order")
	x.lastAddr, x.addrPara = -1, -1
	x.toks = tokenize(message, x.toks)
	x.sents, x.cls = segment(x.toks, x.sents[:0], x.cls[:0])
	x.cd = x.cd[:0]
	x.ms = x.ms[:0]
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
	x.trace.keep(0, x.groups)
	x.crossClause()
	x.trace.keep(1, x.groups)
	x.lineMarks()
	qualified := false
	for gi, g := range x.groups {
		for _, m := range x.ms[g.mlo:g.mhi] {
			if g.failed {
				x.state[m.step] = Failed // the failure a retry follows takes back a done
			}
			x.state[m.step] = combine(x.state[m.step], g.v.claim)
			if x.trace != nil && g.v.claim != Unmentioned && x.state[m.step] == g.v.claim {
				x.trace.decisive[m.step] = gi
			}
		}
	}
	for _, c := range x.state {
		if c != Unmentioned {
			qualified = true
		}
	}
	ov, fill := x.overall(qualified)
	for i, c := range x.state {
		if c == Unmentioned {
			x.state[i] = fill
		}
	}
	return ov
}

// combine folds a step's mentions in reading order: the later decisive claim
// wins (a retry that succeeded, a refund that bounced after all), except that a
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
	x.found = builtin.scan(x.toks, c.lo, c.hi, x.found[:0])
	if x.extra != nil {
		x.found = x.extra.scan(x.toks, c.lo, c.hi, x.found)
	}
	// Keep, per layer, the longest matches that do not overlap.
	slices.SortFunc(x.found, func(a, b match) int {
		if la, lb := a.p.kind.layer(), b.p.kind.layer(); la != lb {
			return int(la) - int(lb)
		}
		if a.p.term != b.p.term { // the built-in lexicon resolves "shipping address" by qualifiers
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
	for _, m := range kept {
		switch m.p.kind {
		case kMention:
			f := m.p.form
			if f == fAuto {
				f = autoForm(x.toks, m.lo, m.hi)
			}
			if x.toks[m.lo].s == "order" && m.lo > c.lo && subjectPronouns[x.toks[m.lo-1].s] {
				continue // a verb: "anything you order from now on will go to ..."
			}
			if m.p.step == "replacement" && x.originalItem(c, m) {
				continue // "the broken vase", "your vase arrived cracked": the item being replaced
			}
			x.ms = append(x.ms, mention{step: x.stepIndex(m.p.step), form: f, lo: m.lo, hi: m.hi, shared: m.p.shared})
		case kAddress:
			at := m.hi - 1
			if s := x.toks[at].s; m.hi-m.lo > 2 && (s == "line" || s == "code") {
				at-- // "the street line", "the zip code"
			}
			a, b := x.resolveAddress(c, at)
			if a >= 0 && b < 0 {
				x.lastAddr, x.addrPara = a, c.para
			}
			for _, s := range [2]int{a, b} {
				if s >= 0 {
					x.ms = append(x.ms, mention{step: s, form: fName, lo: m.lo, hi: m.hi})
				}
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
			continue // "refunded", "back in stock": the form says it
		}
		x.cues = append(x.cues, cue{k: m.p.kind, lo: m.lo, hi: m.hi})
	}
	x.numberCues(c)
	d.chi = len(x.cues)
	slices.SortFunc(x.cues[d.clo:d.chi], func(a, b cue) int { return a.lo - b.lo })
	x.cd = append(x.cd, d)
}

// reassignCancel reads a bare "cancel"/"cancelled"/"called off" whose subject or
// object is another step ("the replacement shipment was cancelled", "I cancelled
// the replacement") as that step being undone, not as the order's cancellation:
// the cancel_order mention is dropped and a rollback cue put in its place.
func (x *extraction) reassignCancel(d *clauseData) {
	ms := x.ms[d.mlo:d.mhi]
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		bare := m.hi-m.lo == 1 && cancelVerbs[x.toks[m.lo].s] ||
			m.hi-m.lo == 2 && x.toks[m.lo].s == "called" && x.toks[m.lo+1].s == "off"
		if !bare || x.steps[m.step].ID != "cancel_order" {
			continue
		}
		other := false
		if i > 0 && ms[i-1].step != m.step && x.onlyFunctionWords(ms[i-1].hi, m.lo) {
			other = true
		}
		if i+1 < len(ms) && ms[i+1].step != m.step && x.onlyFunctionWords(m.hi, ms[i+1].lo) {
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

// originalItem reports a replacement mention that names the item being replaced:
// a damage word before it ("the broken vase"), or after it when the mention does
// not say the item is new ("your vase arrived cracked", not "the new vase arrived
// cracked too").
func (x *extraction) originalItem(c clause, m match) bool {
	if m.lo > c.lo && originalItem[x.toks[m.lo-1].s] {
		return true
	}
	for i := m.lo; i < m.hi; i++ {
		switch x.toks[i].s {
		case "new", "replacement", "replacements", "fresh", "another":
			return false
		}
	}
	for i := m.hi; i < min(m.hi+3, c.hi); i++ {
		if originalItem[x.toks[i].s] && x.toks[i].s != "original" && x.toks[i].s != "old" && x.toks[i].s != "returned" {
			return true
		}
	}
	return false
}

// originalItem words before the item's name mean the one being replaced.
var originalItem = map[string]bool{
	"broken": true, "damaged": true, "faulty": true, "defective": true, "cracked": true,
	"original": true, "old": true, "returned": true, "shattered": true, "chipped": true,
}

var cancelVerbs = map[string]bool{"cancel": true, "cancelled": true, "cancelling": true}

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
	case kAddress:
		return x.upd >= 0 || x.red >= 0
	}
	return true
}

// contradicts reports a negation, failure or doubt inside a done form's gap,
// which the form does not absorb: "the order is still going to Boulder", "the
// package is not going to the new address".
func (x *extraction) contradicts(d clauseData, m match) bool {
	switch m.p.kind {
	case kNeg, kFail, kStrong, kTried:
	default:
		return false
	}
	for _, mm := range x.ms[d.mlo:d.mhi] {
		if mm.lo < m.lo && m.hi <= mm.hi && mm.form == fDone {
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
	// ("your money is heading back", "the order was updated").
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
// stock deltas ("Stock → +2") as done.
func (x *extraction) numberCues(c clause) {
	for i := c.lo; i < c.hi; i++ {
		t := x.toks[i]
		if t.kind != tNum {
			continue
		}
		s := t.s
		if len(s) > 1 && s[0] == '+' && s[1] >= '0' && s[1] <= '9' {
			x.cues = append(x.cues, cue{k: kDone, lo: i, hi: i + 1})
			continue
		}
		if len(s) != 3 || (s[0] != '2' && s[0] != '4' && s[0] != '5') || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' {
			continue
		}
		prev, next := "", ""
		if i > c.lo {
			p := x.toks[i-1]
			if p.kind == tWord && !p.space && !statusBefore[p.s] {
				continue // part of an id: "C-400", "SKU-503"
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
		if statusBefore[prev] || statusAfter[next] {
			x.cues = append(x.cues, cue{k: kFail, lo: i, hi: i + 1})
		}
	}
}

var (
	statusBefore = map[string]bool{
		"returned": true, "return": true, "returns": true, "http": true, "status": true, "error": true,
		"code": true, "got": true, "with": true, "a": true, "an": true, "|": true, "(": true, "threw": true,
		"attempt": true, "try": true, "retry": true, "responded": true,
	}
	statusAfter = map[string]bool{
		"error": true, "errors": true, "conflict": true, "response": true, "too": true, "rate": true,
		"status": true, "timeout": true, "service": true, "bad": true, "forbidden": true, "not": true,
		"from": true, "gateway": true, "internal": true, "unavailable": true, ")": true,
	}
)

// resolveAddress decides whether "address" at token i is the profile address
// (update_address) or the order's shipping address (redirect_order) from the
// qualifiers around it, stopping at clause-internal boundaries. "everywhere" or
// "both" names the two. The second result is -1 unless both are named.
func (x *extraction) resolveAddress(c clause, i int) (int, int) {
	if x.upd < 0 || x.red < 0 {
		if x.upd >= 0 {
			return x.upd, -1
		}
		return x.red, -1
	}
	prev := ""
	if i > c.lo {
		prev = x.toks[i-1].s
	}
	part := !strings.HasPrefix(x.toks[i].s, "address")
	old := false
	switch prev {
	case "email", "ip", "web":
		return -1, -1
	case "old", "original", "previous", "former", "existing":
		old = true // names a step only with a qualifier: "the order's old address"
	}
	p, o, both := 0, 0, false
	score := func(j int) bool {
		t := x.toks[j]
		if addressStop(t) {
			return false
		}
		p += profileWords[t.s]
		o += orderWords[t.s]
		both = both || t.s == "everywhere" || t.s == "both"
		return true
	}
	j := i - 1
	for ; j >= c.lo && j >= i-6 && score(j); j-- {
	}
	for j, lim := i+1, i+7; j < c.hi && j <= lim; j++ {
		if k := x.appositive(j, c.hi); k > j {
			// "your new address, 301 Cedar Lane, Denver, is saved everywhere"
			lim += k - j
			j = k
			continue
		}
		if !score(j) {
			break
		}
	}
	if x.standing(c.lo, c.hi) {
		p += 4 // "anything you order from now on will go to your new address"
	}
	if p == 0 && o == 0 && !both && (j < i-6 || j >= c.lo && x.toks[j].s == ",") {
		// Nothing near: a qualifier further back in the same stretch still says
		// whose address it is ("when I pulled the order up it still shows the
		// Boulder address", "for order A4004, the street was changed").
		for ; j >= c.lo && (x.toks[j].s == "," || score(j)); j-- {
		}
	}
	switch {
	case x.toks[i].s == "addresses" && !old:
		return x.upd, x.red // "all addresses updated": the plural is both
	case part && p == 0 && o == 0 && !both && x.lastAddr >= 0 && x.addrPara == c.para:
		return x.lastAddr, -1
	case old && o > p:
		return x.red, -1
	case old && p > o:
		return x.upd, -1
	case old:
		return -1, -1
	case both:
		return x.upd, x.red
	case o > p:
		return x.red, -1
	case p == 0 && prev == "new":
		return -1, -1
	}
	return x.upd, -1
}

func addressStop(t token) bool {
	switch t.s {
	case ",", ";", "and", "but", "(", ")", "|", dash, ".":
		return true
	}
	return t.kind == tBreak || t.kind == tMark
}

// appositive returns the end of an address written out between commas after an
// address (", 301 Cedar Lane, Denver 80203,"): the last comma of a run of short
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
// "both", "all" or "each" gives it to every one; otherwise the one named
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
		if len(named) == 0 && x.namesAll(c) {
			for _, id := range m.shared {
				named = append(named, x.stepIndex(id))
			}
		}
		for j := d.mlo - 1; len(named) == 0 && j >= 0; j-- {
			// "so that refund did not land": the one named last before.
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
		case "both", "all", "each":
			return true
		}
	}
	return false
}
