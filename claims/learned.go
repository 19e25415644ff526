package claims

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The learned reading is a second, last stage after the rules: a small
// linear model that sees what the rules read of a step (its claim, the rule
// and cues that decided it, the words of the clauses that name it) and
// outvotes the rules only when it is clearly surer. It is trained on the
// labeled replies of fixtures/ and the reference agents' replies (go test
// ./claims -retrain; learned_test.go) and keeps only features made of
// general words: a word counts only if replies of every domain it was
// trained on use it, so it carries no domain's vocabulary.

//go:embed learned.json
var learnedJSON []byte

// modelFile is the learned reading's file format (claims/learned.json):
// the weights per feature, one per claim in Claims' order, and the margin
// by which the model must beat the rules' own claim to replace it.
type modelFile struct {
	About      string                `json:"about"`
	Claims     []Claim               `json:"claims"`
	Margin     float64               `json:"margin"`
	MinDomains int                   `json:"min_domains"`
	Weights    map[string][4]float64 `json:"weights"`
}

// learned is the compiled model: weights by feature hash (the reading
// looks up some hundred features a step), and the words the features hold.
type learned struct {
	margin float64
	feats  table
	vals   [][4]float64 // by feats' slot
	names  []string     // by feats' slot, for errors
	words  table        // hashes of the words the word features hold
}

func (l *learned) empty() bool { return len(l.feats.keys) == 0 }

// lookup returns the weights of the feature with hash h, or nil.
func (l *learned) lookup(h uint64) *[4]float64 {
	if i, ok := l.feats.slot(h); ok {
		return &l.vals[i]
	}
	return nil
}

// knownWord reports a word, by its hash, that some feature holds.
func (l *learned) knownWord(h uint64) bool {
	_, ok := l.words.slot(h)
	return ok
}

// table is an open-addressing set of hashes (never 0, see hashEnd).
type table struct {
	keys []uint64 // 0: empty
	mask uint64
}

func newTable(n int) table {
	size := 1
	for size < 4*n {
		size *= 2
	}
	return table{keys: make([]uint64, size), mask: uint64(size - 1)}
}

// slot returns where h is, or where it would go and false.
func (t *table) slot(h uint64) (int, bool) {
	if t.mask == 0 {
		return 0, false
	}
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		switch t.keys[i] {
		case h:
			return int(i), true
		case 0:
			return int(i), false
		}
	}
}

// rulesOnly is no learned reading at all.
var rulesOnly = &learned{}

var embedded = sync.OnceValue(func() *learned {
	l, err := compileModel(learnedJSON)
	if err != nil {
		panic("claims: learned.json: " + err.Error()) // embedded, checked by the tests
	}
	return l
})

func compileModel(b []byte) (*learned, error) {
	var m modelFile
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if len(m.Weights) > 0 && (len(m.Claims) != 4 || m.Claims[0] != Done || m.Claims[1] != Failed || m.Claims[2] != Pending || m.Claims[3] != Unmentioned) {
		return nil, fmt.Errorf("claims must be [done failed pending unmentioned], got %v", m.Claims)
	}
	l := &learned{margin: m.Margin}
	if len(m.Weights) == 0 {
		return l, nil
	}
	l.feats = newTable(len(m.Weights))
	l.vals, l.names = make([][4]float64, len(l.feats.keys)), make([]string, len(l.feats.keys))
	var words []uint64
	for f, w := range m.Weights {
		h := featureHash(f, "", "", "", "")
		i, dup := l.feats.slot(h)
		if dup {
			return nil, fmt.Errorf("features %q and %q share a hash", l.names[i], f)
		}
		l.feats.keys[i], l.vals[i], l.names[i] = h, w, f
		for _, w := range featureWordsOf(f) {
			words = append(words, wordHash(w))
		}
	}
	slices.Sort(words)
	words = slices.Compact(words)
	l.words = newTable(len(words))
	for _, h := range words {
		i, _ := l.words.slot(h)
		l.words.keys[i] = h
	}
	return l, nil
}

// featureWordsOf returns the reply's words a feature's name holds: one for
// a word, two for a pair.
func featureWordsOf(name string) []string {
	key, val, ok := strings.Cut(name, "=")
	if !ok {
		return nil
	}
	switch key {
	case "dw", "mw":
		return []string{val}
	case "dw|r", "mw|r":
		w, _, _ := strings.Cut(val, "|")
		return []string{w}
	case "dbg", "mbg":
		a, b, _ := strings.Cut(val, "_")
		return []string{a, b}
	}
	return nil
}

// featureHash is FNV-1a over the parts of a feature's name, never 0.
func featureHash(a, b, c, d, e string) uint64 {
	return hashEnd(hashOn(hashOn(hashOn(hashOn(hashOn(fnvOffset, a), b), c), d), e))
}

const fnvOffset = uint64(14695981039346656037)

// hashOn goes on hashing h with s.
func hashOn(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// wordHash is a word's own hash, for knownWord.
func wordHash(w string) uint64 { return hashEnd(hashOn(fnvOffset, w)) }

func hashEnd(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
}

var claimOrder = [4]Claim{Done, Failed, Pending, Unmentioned}

func claimIndex(c Claim) int {
	switch c {
	case Done:
		return 0
	case Failed:
		return 1
	case Pending:
		return 2
	}
	return 3
}

// claimSets are the names of the sets of claims, by bit mask in
// claimOrder's order.
var claimSets = func() (out [16]string) {
	for m := range out {
		for i, c := range claimOrder {
			if m&(1<<i) != 0 {
				if out[m] != "" {
					out[m] += "+"
				}
				out[m] += string(c)
			}
		}
	}
	return
}()

// barSets are claimSets after a "|", for a feature of two sets; made
// once, so that the reading does not join strings.
var barSets = func() (out [16]string) {
	for m, s := range claimSets {
		out[m] = "|" + s
	}
	return
}()

// feature is one feature as it is emitted: its hash, and the parts of its
// name, joined only when a name is wanted.
type feature struct {
	hash  uint64
	parts [5]string
}

func (f *feature) name() string {
	return f.parts[0] + f.parts[1] + f.parts[2] + f.parts[3] + f.parts[4]
}

// features calls emit with each feature of step si, as the rules read it
// (x.state holds the rules' claims, ov their overall statement). The
// feature is scratch, valid during the call only.
//
// With known, a word it does not hold is in no feature of the model, and
// the features made of it are skipped (the model's words are few).
func (x *extraction) features(si int, ov Overall, known *learned, emit func(*feature)) {
	rc := string(x.state[si])
	x.featureWords()
	var ft feature
	f := func(a, b, c, d, e string) {
		ft.hash = featureHash(a, b, c, d, e)
		ft.parts = [5]string{a, b, c, d, e}
		emit(&ft)
	}
	f("b", "", "", "", "")
	f("r=", rc, "", "", "")
	f("ov=", string(ov), "", "", "")
	f("ov|r=", string(ov), "|", rc, "")
	f("dec|r=", x.decidedBy(si), "|", rc, "")
	var mc, oc, n int
	for _, g := range x.groups {
		for _, m := range x.ms[g.mlo:g.mhi] {
			if m.step == si {
				mc |= 1 << claimIndex(g.v.claim)
				n++
			}
		}
	}
	for j, c := range x.state {
		if j != si {
			oc |= 1 << claimIndex(c)
		}
	}
	f("mc|r=", claimSets[mc], "|", rc, "")
	f("oth|r=", claimSets[oc], "|", rc, "")
	f("nm|r=", counts[min(n, 3)], "|", rc, "")
	// A step's own mentions read against the rest of the reply, and
	// against what decided it: "failed" beside steps all done is another
	// reply than "failed" among failures.
	f("mc|oth|r=", claimSets[mc], barSets[oc], "|", rc)
	f("dec|mc|r=", x.decidedBy(si), barSets[mc], "|", rc)
	for gi, g := range x.groups {
		for _, m := range x.ms[g.mlo:g.mhi] {
			if m.step != si {
				continue
			}
			w, bg, wr := "mw=", "mbg=", "mw|r="
			hw, hbg, hwr := hashMW, hashMBG, hashMWR
			if x.trace.decisive[si] == gi {
				w, bg, wr = "dw=", "dbg=", "dw|r="
				hw, hbg, hwr = hashDW, hashDBG, hashDWR
				f("rule|r=", x.trace.rule(gi, g), "|", rc, "")
				d := x.cd[g.clause]
				for _, c := range x.cues[d.clo:d.chi] {
					if c.hi <= g.rlo || c.lo >= g.rhi {
						continue // another mention's
					}
					switch {
					case x.stepVerb(si, c):
						f("cue|r=", "own verb", "|", rc, "") // "submitted" of a step that submits
					case kindName(c.k) != "":
						f("cue|r=", kindName(c.k), "|", rc, "")
					}
				}
			}
			f("mclaim|r=", string(g.v.claim), "|", rc, "")
			// The clause's words, those of the mention as one STEP.
			cl := x.cls[g.clause]
			prev, prevKnown := "^", true
			for i := cl.lo; i < cl.hi; i++ {
				word, hword := x.fw[i], x.fwh[i]
				if i >= m.lo && i < m.hi {
					if prev == "STEP" {
						continue
					}
					word, hword = "STEP", hashSTEP
				} else if word != "" && x.ownCueAt(g.clause, si, i) {
					// A status word that is a verb of the step's own tool is
					// the step happening: "submitted" of a step that submits.
					word, hword = "OWN", hashOWN
				}
				if word == "" {
					continue
				}
				isKnown := known == nil || known.knownWord(hword)
				if isKnown {
					// f(w, word) and f(wr, word, "|", rc), hashed on from
					// their prefixes
					ft.parts = [5]string{w, word}
					ft.hash = hashEnd(hashOn(hw, word))
					emit(&ft)
					ft.parts = [5]string{wr, word, "|", rc}
					ft.hash = hashEnd(hashOn(hashOn(hashOn(hwr, word), "|"), rc))
					emit(&ft)
				}
				if isKnown && prevKnown {
					ft.parts = [5]string{bg, prev, "_", word}
					ft.hash = hashEnd(hashOn(hashOn(hashOn(hbg, prev), "_"), word))
					emit(&ft)
				}
				prevKnown = isKnown
				prev = word
			}
		}
	}
}

// stepVerb reports a one-word status cue that is a verb of step si's own
// tool: what it says is the step happening, not its status.
func (x *extraction) stepVerb(si int, c cue) bool {
	return c.hi-c.lo == 1 && x.stepWord(si, x.toks[c.lo].s)
}

// ownCueAt reports a one-word status cue at token i of clause ci that is
// a verb of step si's own tool.
func (x *extraction) ownCueAt(ci, si, i int) bool {
	d := &x.cd[ci]
	for _, c := range x.cues[d.clo:d.chi] {
		if c.lo == i && x.stepVerb(si, c) {
			return true
		}
	}
	return false
}

// featureWords fills x.fw with each token as the model sees it, and x.fwh
// with its hash, once per reading.
func (x *extraction) featureWords() {
	if len(x.fw) == len(x.toks) {
		return
	}
	x.fw, x.fwh = x.fw[:0], x.fwh[:0]
	for _, t := range x.toks {
		w := featureWord(t)
		x.fw = append(x.fw, w)
		x.fwh = append(x.fwh, wordHash(w))
	}
	for _, sn := range x.sents {
		for i := sn.lo + 1; i < sn.hi && i < len(x.toks); i++ {
			t, p := x.toks[i], x.toks[i-1]
			if t.cap && t.kind == tWord && x.fw[i] != "i" && (p.kind == tWord || p.s == ",") {
				x.fw[i], x.fwh[i] = "NAME", hashNAME // a name inside a sentence: whose, not which word
			}
		}
	}
}

var hashSTEP, hashNAME, hashOWN = wordHash("STEP"), wordHash("NAME"), wordHash("OWN")

var counts = [...]string{"0", "1", "2", "3"}

var (
	hashMW, hashMBG, hashMWR = hashOn(fnvOffset, "mw="), hashOn(fnvOffset, "mbg="), hashOn(fnvOffset, "mw|r=")
	hashDW, hashDBG, hashDWR = hashOn(fnvOffset, "dw="), hashOn(fnvOffset, "dbg="), hashOn(fnvOffset, "dw|r=")
)

// featureWord is a token as the model sees it: words as read, numbers and
// identifiers by their kind, punctuation not at all.
func featureWord(t token) string {
	switch t.kind {
	case tWord, tMark:
		return t.s
	case tNum:
		return "NUM"
	}
	return ""
}

func (x *extraction) decidedBy(si int) string {
	switch {
	case x.trace.decisive[si] >= 0:
		return "mention"
	case x.state[si] != Unmentioned:
		return "overall"
	}
	return "nothing"
}

// relearn applies l to x.state, which holds the rules' claims, and returns
// what it changed. Every step is judged against the rules' reading of all.
func (x *extraction) relearn(l *learned, ov Overall, explain bool) []Learned {
	if l.empty() {
		return nil
	}
	var out []Learned
	for si := range x.steps {
		var s [4]float64
		x.features(si, ov, l, func(f *feature) {
			if w := l.lookup(f.hash); w != nil {
				for k := range s {
					s[k] += w[k]
				}
			}
		})
		p := softmax(s)
		best := 0
		for k := 1; k < 4; k++ {
			if p[k] > p[best] {
				best = k
			}
		}
		rc := claimIndex(x.state[si])
		if best == rc || p[best]-p[rc] <= l.margin {
			continue
		}
		out = append(out, Learned{Step: si, Rules: x.state[si], Claim: claimOrder[best], Confidence: round3(p[best]), RulesConfidence: round3(p[rc])})
	}
	if explain {
		for i, c := range out {
			out[i].Features = x.why(l, c.Step, ov, c.Rules, c.Claim)
		}
	}
	for _, c := range out {
		x.state[c.Step] = c.Claim
	}
	return out
}

// Learned records a claim the learned reading changed.
type Learned struct {
	Step            int     `json:"-"`
	Rules           Claim   `json:"rules"`            // what the rules read
	Claim           Claim   `json:"claim"`            // what the model read instead
	Confidence      float64 `json:"confidence"`       // the model's probability of Claim
	RulesConfidence float64 `json:"rules_confidence"` // its probability of the rules' claim
	// Features are the features that pushed hardest from the rules' claim
	// to the model's, strongest first.
	Features []string `json:"features,omitempty"`
}

func softmax(s [4]float64) [4]float64 {
	mx := math.Max(math.Max(s[0], s[1]), math.Max(s[2], s[3]))
	var z float64
	for k := range s {
		s[k] = math.Exp(s[k] - mx)
		z += s[k]
	}
	for k := range s {
		s[k] /= z
	}
	return s
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// why lists the features of step si, with the rules' claims in state,
// that moved the reading most from the rules' claim to the model's.
func (x *extraction) why(l *learned, si int, ov Overall, from, to Claim) []string {
	type pull struct {
		name string
		by   float64
	}
	var ps []pull
	seen := map[uint64]bool{}
	x.features(si, ov, l, func(f *feature) {
		w := l.lookup(f.hash)
		if w == nil || seen[f.hash] {
			return
		}
		seen[f.hash] = true
		if by := w[claimIndex(to)] - w[claimIndex(from)]; by > 0 {
			ps = append(ps, pull{f.name(), by})
		}
	})
	// strongest first; ties by name, for a stable explanation
	slices.SortStableFunc(ps, func(a, b pull) int {
		if c := cmp.Compare(b.by, a.by); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	for _, p := range ps[:min(len(ps), 4)] {
		out = append(out, fmt.Sprintf("%s (+%.2f)", describeFeature(p.name), p.by))
	}
	return out
}

// describeFeature says a feature's name in words, for Explain.
func describeFeature(name string) string {
	key, val, _ := strings.Cut(name, "=")
	val, _, _ = strings.Cut(val, "|") // the rules' claim, said elsewhere
	where := " in the deciding clause"
	if strings.HasPrefix(key, "m") && key != "mc|r" && key != "mclaim|r" {
		where = " in another clause naming it"
	}
	switch key {
	case "b":
		return "the model's prior"
	case "r":
		return "the rules read " + val
	case "ov", "ov|r":
		return "the overall statement is " + val
	case "dec|r":
		return "decided by " + val
	case "mc|r":
		return "its mentions read " + orNone(val)
	case "mc|oth|r":
		mine, other := twoParts(name, key)
		return "its mentions read " + orNone(mine) + ", the other steps " + orNone(other)
	case "dec|mc|r":
		by, mine := twoParts(name, key)
		return "decided by " + by + ", its mentions read " + orNone(mine)
	case "oth|r":
		return "the other steps read " + orNone(val)
	case "nm|r":
		return val + " mentions"
	case "rule|r":
		return "the rule: " + val
	case "cue|r":
		return "a cue: " + val
	case "mclaim|r":
		return "a mention reads " + val
	case "dw", "dw|r", "mw", "mw|r":
		return strconv.Quote(val) + where
	case "dbg", "mbg":
		return strconv.Quote(strings.ReplaceAll(strings.TrimPrefix(val, "^_"), "_", " ")) + where
	}
	return name
}

// twoParts returns the first two "|"-parts of a feature's value: "done"
// and "failed" of "mc|oth|r=done|failed|done".
func twoParts(name, key string) (string, string) {
	a, rest, _ := strings.Cut(strings.TrimPrefix(name, key+"="), "|")
	b, _, _ := strings.Cut(rest, "|")
	return a, b
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}
