package claims

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A phrase pattern is a space-separated list of elements matched against tokens:
//
//	a|b|c   one of these words; "repaint*" matches by prefix
//	?a|b    optional element
//	~N      skip up to N words, numbers or parentheses (never other punctuation);
//	        an identifier written as one ("QZ-515") is one word
//	!a|b    zero-width: the next token is none of these
//
// Patterns are compiled once, at package init, into an index by first word.

type elem struct {
	alts []string
	opt  bool
	gap  int
	not  bool
	// plural lets a word also match its plural ("config" finds "configs"):
	// set on the last word of a mention pattern, where a noun sits.
	plural bool
}

// plural reports s as a plus "s": "configs" of "config".
func plural(s, a string) bool {
	n := len(a)
	return len(s) == n+1 && s[n] == 's' && n >= 4 && a[n-1] != 's' && a[n-1] != '*' && s[:n] == a
}

func (e *elem) matches(s string) bool {
	for _, a := range e.alts {
		if a == s || e.plural && plural(s, a) {
			return true
		}
		if n := len(a) - 1; n > 0 && a[n] == '*' && strings.HasPrefix(s, a[:n]) {
			return true
		}
	}
	return false
}

// pattern is one compiled phrase with what it means.
type pattern struct {
	elems []elem
	kind  kind
	form  form   // for mentions
	step  string // for mentions
	term  bool   // from a scenario's terms or step ID: yields to pack phrases it overlaps
	// shared lists every step whose tool declares this phrase when more
	// than one does; the clause's own words decide which it names.
	shared []string
	// part marks a shared noun's part ("the zip code").
	part bool
	// idWord marks a word of a step's ID or tool name.
	idWord bool
	// object marks an ID word that is the step's object (soleObject): it
	// does not name the step inside an identifier ("QUOTA_EXCEEDED").
	object bool
	// need holds, per word the pattern requires after its first, the bits
	// (wordBit) of the words that can fill it: a clause whose words lack one
	// of them cannot match, and is not tried.
	need []uint64
	// value marks an identifier from a step's arguments: it names the
	// object, whose own states ("K9090 is packed") are not the step's.
	value bool
	// date marks a date of a step's arguments (dates.go).
	date bool
}

// literal reports w as one of the pattern's own words: "disabled" in "flag
// is disabled" is what the phrase says, not a failure inside its gap.
func (p *pattern) literal(w string) bool {
	if p == nil {
		return false
	}
	for _, e := range p.elems {
		if !e.not && slices.Contains(e.alts, w) {
			return true
		}
	}
	return false
}

// PatternError is a malformed phrase pattern. A pattern that compiled
// anyway would match something other than what its author wrote ("~12"
// read as a gap of 1), so every problem is reported, with its column.
type PatternError struct {
	Pattern string
	Col     int // 1-based byte column of the element or alternative at fault
	Msg     string
}

func (e *PatternError) Error() string {
	return fmt.Sprintf("pattern %q, column %d: %s", e.Pattern, e.Col, e.Msg)
}

// maxGap bounds ~N: a phrase spread over more words is a sentence, not a phrase.
const maxGap = 9

// parsePattern reads src in the syntax above.
func parsePattern(src string) ([]elem, error) {
	var es []elem
	fail := func(col int, format string, a ...any) ([]elem, error) {
		return nil, &PatternError{Pattern: src, Col: col + 1, Msg: fmt.Sprintf(format, a...)}
	}
	for col := 0; col < len(src); {
		if src[col] == ' ' || src[col] == '\t' {
			col++
			continue
		}
		end := col
		for end < len(src) && src[end] != ' ' && src[end] != '\t' {
			end++
		}
		f, at := src[col:end], col
		col = end
		var e elem
		switch {
		case f[0] == '~':
			n, err := strconv.Atoi(f[1:])
			if err != nil || n < 1 || n > maxGap {
				return fail(at, "gap %q: want ~ and a number from 1 to %d", f, maxGap)
			}
			if len(es) > 0 && es[len(es)-1].gap > 0 {
				return fail(at, "two gaps in a row: write one")
			}
			e.gap = n
			es = append(es, e)
			continue
		case f[0] == '?' && len(f) > 1:
			e.opt, f, at = true, f[1:], at+1
		case f[0] == '!' && len(f) > 1:
			e.not, f, at = true, f[1:], at+1
		}
		for i, a := range strings.Split(f, "|") {
			switch {
			case a == "":
				if at == end { // the last: point at the bar before it
					at--
				}
				return fail(at, "empty alternative in %q", f)
			case i == 0 && (a[0] == '?' || a[0] == '!') && len(a) > 1 || a[0] == '~':
				return fail(at, "%q: ~, ? and ! start an element, not an alternative", a)
			case strings.IndexByte(a, '*') >= 0 && (a == "*" || strings.IndexByte(a, '*') != len(a)-1):
				return fail(at, "%q: * ends a prefix of at least one character", a)
			case strings.ToLower(a) != a:
				return fail(at, "%q: replies are matched lower-cased, so patterns are lower case", a)
			}
			e.alts = append(e.alts, a)
			at += len(a) + 1
		}
		es = append(es, e)
	}
	switch {
	case len(es) == 0:
		return fail(0, "empty pattern")
	case es[0].gap > 0 || es[0].opt || es[0].not:
		return fail(0, "a pattern starts with a word that must be there")
	case es[len(es)-1].gap > 0:
		return fail(len(src)-1, "a gap at the end skips nothing")
	}
	return es, nil
}

// CheckPattern reports whether src is a well-formed phrase pattern:
//
//	a|b|c   one of these words; "repaint*" matches by prefix
//	?a|b    optional element
//	~N      skip up to N (1-9) words, numbers or parentheses; an
//	        identifier written as one ("QZ-515") is one word
//	!a|b    zero-width: the next token is none of these
//
// Words are lower case; a pattern starts with a word that must be there. A
// pack checks its phrases with it when it is loaded; the error is a
// *PatternError.
func CheckPattern(src string) error {
	_, err := parsePattern(src)
	return err
}

// CheckCue checks one entry of Phrases.Cues under its kind: a ready cue is
// a single word, the rest are patterns.
func CheckCue(kind, src string) error {
	if kind != "ready" {
		return CheckPattern(src)
	}
	if src == "" || strings.Trim(src, "abcdefghijklmnopqrstuvwxyz") != "" {
		return fmt.Errorf("ready cue %q: want one lower-case word", src)
	}
	return nil
}

// compilePattern compiles a built-in pattern; a malformed one is a bug in
// this package, caught at init by every test.
func compilePattern(src string, k kind, f form, step string) *pattern {
	es, err := parsePattern(src)
	if err != nil {
		panic("claims: " + err.Error())
	}
	return &pattern{elems: es, kind: k, form: f, step: step}
}

// matchAt returns the end (exclusive) of a match starting at toks[i], or -1.
func (p *pattern) matchAt(toks []token, i, end int) int {
	return matchElems(p.elems, toks, i, end)
}

func matchElems(es []elem, toks []token, i, end int) int {
	if len(es) == 0 {
		return i
	}
	e := &es[0]
	switch {
	case e.gap > 0:
		// The gap counts words: an identifier written as one ("QZ-515",
		// "v2.3.1") is one however many tokens it splits into.
		for j, words := i, 0; j <= end; j++ {
			if j > i {
				if t := toks[j-1]; t.kind != tWord && t.kind != tNum && t.s != "(" && t.s != ")" || gapStops[t.s] {
					break
				}
				if j-1 == i || toks[j-2].space {
					words++
				}
				if words > e.gap {
					break
				}
			}
			if r := matchElems(es[1:], toks, j, end); r >= 0 {
				return r
			}
		}
		return -1
	case e.not:
		if i < end && e.matches(toks[i].s) {
			return -1
		}
		return matchElems(es[1:], toks, i, end)
	}
	if i < end && e.matches(toks[i].s) {
		if r := matchElems(es[1:], toks, i+1, end); r >= 0 {
			return r
		}
	}
	if e.opt {
		return matchElems(es[1:], toks, i, end)
	}
	return -1
}

// gapStops are words a gap never skips: a phrase does not span two coordinated
// predicates ("voided crate 99 and restored the storeroom").
var gapStops = map[string]bool{"and": true, "or": true, "but": true, "then": true, "nor": true}

// index finds the patterns that can start at a token: by exact first word, and by
// the first three bytes for prefix ("repaint*") first words.
type index struct {
	exact  map[string][]*pattern
	prefix map[string][]*pattern
	short  [256]bool // first bytes of prefix keys shorter than three bytes ("$*")
	all    []*pattern
	typos  typos // misspellings of the words of this index's steps
	// plurals is set when a pattern's first word may match its plural.
	plurals bool
	// numbers are, per step of the list, the numbers of its targets.
	numbers [][]string
	// restored holds, per step, the numbers its compensation puts back;
	// restoredIDs the identifiers, as token words.
	restored    [][]string
	restoredIDs [][][]string
	// verbs are, per step, the stems of its phrases' words (addStems).
	verbs []map[string]bool
	// doneVerbs are, per step, the stems of the words its done phrases open with.
	doneVerbs []map[string]bool
	// dates are the dates one step's arguments alone hold.
	dates []stepDate
	// removal is, per step, whether its action takes something away.
	removal []bool
	// tools are the stems of the words of the steps' tools' names.
	tools map[string]bool
	// items are, per step, the items of its list (Step.Items).
	items []itemList
	// shapes are, per step, its identifiers and addresses (objects.go);
	// anyValue holds every step's.
	shapes   [][]shape
	anyValue map[string]bool
	// sends is, per step, whether its action sends a message, and own the
	// stems of the words that name it or its recipient (objects.go).
	sends []bool
	own   []map[string]bool
	// ownText is, per sending step, its terms, values and one-word targets
	// in lower case: a name found in them is the step's own recipient.
	ownText []string
	// named is, per sending step, whether a term names its recipient with
	// a capital ("Alex Novak"): then the visitor is not the recipient.
	named []bool
	// writes is, per step, whether it writes a record: a note, a log entry.
	writes []bool
	// firsts is a filter of the exact keys' hashes (wordHash, low 12
	// bits): a word outside it opens no pattern, and is not looked up.
	firsts [64]uint64
	// prefixes is the same filter of the prefix keys.
	prefixes [64]uint64
	// ready are the packs' own words for a state all of a count is in
	// ("6/6 crated"), beside readyWords.
	ready map[string]bool
}

func newIndex() *index {
	return &index{exact: map[string][]*pattern{}, prefix: map[string][]*pattern{}}
}

// wordBit is a word's bit in a clause's word mask: its hash's top six bits.
func wordBit(s string) uint64 { return 1 << (wordHash(s) >> 58) }

// needs returns the masks of the words after the first that every match
// holds: each plain element's alternatives, their plurals among them. An
// element with a prefix alternative ("insufficient*") needs nothing.
func needs(es []elem) []uint64 {
	var out []uint64
	for _, e := range es[min(1, len(es)):] {
		if e.opt || e.not || e.gap > 0 {
			continue
		}
		var m uint64
		for _, a := range e.alts {
			if n := len(a) - 1; n >= 0 && a[n] == '*' {
				m = 0
				break
			}
			m |= wordBit(a)
			if e.plural {
				m |= wordBit(a + "s")
			}
		}
		if m != 0 {
			out = append(out, m)
		}
	}
	return out
}

// could reports that a clause of word mask m may hold a match of p.
func (p *pattern) could(m uint64) bool {
	for _, n := range p.need {
		if n&m == 0 {
			return false
		}
	}
	return true
}

// mayOpen reports that a word of hash h may be one of the keys filter
// holds (index.firsts, index.prefixes); setFilter adds a key.
func mayOpen(filter *[64]uint64, h uint64) bool { return filter[h>>6&63]&(1<<(h&63)) != 0 }

func setFilter(filter *[64]uint64, key string) {
	h := wordHash(key)
	filter[h>>6&63] |= 1 << (h & 63)
}

func (ix *index) add(p *pattern) {
	p.need = needs(p.elems)
	ix.all = append(ix.all, p)
	ix.plurals = ix.plurals || p.elems[0].plural
	for _, a := range p.elems[0].alts {
		if n := len(a) - 1; n > 0 && a[n] == '*' {
			k := a[:n]
			if len(k) > 3 {
				k = k[:3]
			}
			if len(k) < 3 {
				ix.short[k[0]] = true
			}
			ix.prefix[k] = append(ix.prefix[k], p)
			setFilter(&ix.prefixes, k)
			continue
		}
		ix.exact[a] = append(ix.exact[a], p)
		setFilter(&ix.firsts, a)
	}
}

// match is one pattern found in the token stream.
type match struct {
	p      *pattern
	lo, hi int // token range
}

// scan appends every match of the indexed patterns starting in toks[lo:hi];
// hs holds the words' hashes (wordHash) over that range.
func (ix *index) scan(toks []token, hs []uint64, lo, hi int, out []match) []match {
	var mask uint64
	for _, h := range hs[lo:hi] {
		mask |= 1 << (h >> 58)
	}
	try := func(ps []*pattern, i int, plural bool) {
		for _, p := range ps {
			if plural && !p.elems[0].plural || !p.could(mask) {
				continue
			}
			if e := p.matchAt(toks, i, hi); e > i {
				out = append(out, match{p, i, e})
			}
		}
	}
	for i := lo; i < hi; i++ {
		s := toks[i].s
		if mayOpen(&ix.firsts, hs[i]) {
			try(ix.exact[s], i, false)
		}
		if n := len(s) - 1; n >= 4 && s[n] == 's' && ix.plurals {
			try(ix.exact[s[:n]], i, true)
		}
		if len(ix.prefix) == 0 {
			continue
		}
		// Each pattern sits under one key, its prefix cut to three bytes; shorter
		// keys are looked up only when there are some.
		for n := min(len(s), 3); n > 0; n-- {
			if mayOpen(&ix.prefixes, wordHash(s[:n])) {
				try(ix.prefix[s[:n]], i, false)
			}
			if !ix.short[s[0]] {
				break
			}
		}
	}
	return out
}
