package claims

import "strings"

// A phrase pattern is a space-separated list of elements matched against tokens:
//
//	a|b|c   one of these words; "refund*" matches by prefix
//	?a|b    optional element
//	~N      skip up to N words, numbers or parentheses (never other punctuation)
//	!a|b    zero-width: the next token is none of these
//
// Patterns are compiled once, at package init, into an index by first word.

type elem struct {
	alts []string
	opt  bool
	gap  int
	not  bool
}

func (e *elem) matches(s string) bool {
	for _, a := range e.alts {
		if a == s {
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
	term  bool   // from a scenario's terms or step ID: yields to built-in phrases it overlaps
}

func compilePattern(src string, k kind, f form, step string) *pattern {
	p := &pattern{kind: k, form: f, step: step}
	for _, f := range strings.Fields(src) {
		var e elem
		switch {
		case f[0] == '~':
			e.gap = int(f[1] - '0')
		case f[0] == '?':
			e.opt = true
			f = f[1:]
		case f[0] == '!' && len(f) > 1:
			e.not = true
			f = f[1:]
		}
		if e.gap == 0 {
			e.alts = strings.Split(f, "|")
		}
		p.elems = append(p.elems, e)
	}
	if len(p.elems) == 0 || p.elems[0].gap > 0 || p.elems[0].opt || p.elems[0].not {
		panic("claims: pattern must start with a word: " + src)
	}
	return p
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
		for g := 0; g <= e.gap && i+g <= end; g++ {
			if g > 0 {
				if t := toks[i+g-1]; t.kind != tWord && t.kind != tNum && t.s != "(" && t.s != ")" || gapStops[t.s] {
					break
				}
			}
			if r := matchElems(es[1:], toks, i+g, end); r >= 0 {
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
// predicates ("voided order 99 and restored the inventory").
var gapStops = map[string]bool{"and": true, "or": true, "but": true, "then": true, "nor": true}

// index finds the patterns that can start at a token: by exact first word, and by
// the first three bytes for prefix ("refund*") first words.
type index struct {
	exact  map[string][]*pattern
	prefix map[string][]*pattern
	short  [256]bool // first bytes of prefix keys shorter than three bytes ("$*")
	all    []*pattern
}

func newIndex() *index {
	return &index{exact: map[string][]*pattern{}, prefix: map[string][]*pattern{}}
}

func (ix *index) add(p *pattern) {
	ix.all = append(ix.all, p)
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
			continue
		}
		ix.exact[a] = append(ix.exact[a], p)
	}
}

// match is one pattern found in the token stream.
type match struct {
	p      *pattern
	lo, hi int // token range
}

// scan appends every match of the indexed patterns starting in toks[lo:hi].
func (ix *index) scan(toks []token, lo, hi int, out []match) []match {
	for i := lo; i < hi; i++ {
		s := toks[i].s
		for _, p := range ix.exact[s] {
			if e := p.matchAt(toks, i, hi); e > i {
				out = append(out, match{p, i, e})
			}
		}
		if len(ix.prefix) == 0 {
			continue
		}
		// Each pattern sits under one key, its prefix cut to three bytes; shorter
		// keys are looked up only when there are some.
		for n := min(len(s), 3); n > 0; n-- {
			for _, p := range ix.prefix[s[:n]] {
				if e := p.matchAt(toks, i, hi); e > i {
					out = append(out, match{p, i, e})
				}
			}
			if !ix.short[s[0]] {
				break
			}
		}
	}
	return out
}
