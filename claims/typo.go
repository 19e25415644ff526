package claims

import (
	"strings"
)

// Replies are typed fast. A word the patterns do not know, that is one edit away
// from a step word ("repaintd", "emial", "confrimed"), is read as that step word.
// The correction uses symmetric deletions: both the word and the targets are
// reduced by one letter, and a shared form is a match. The built-in targets
// are status words; each scenario adds its steps' own words.

// typos corrects misspellings to one set of target words.
type typos struct {
	vocab  map[string]bool     // every literal word in a pattern: never corrected
	index  map[string]string   // target, or target minus one letter -> target
	swaps  map[string]string   // a short target with two letters swapped -> target
	prefix [26][26]bool        // first two letters of the targets
	stems  map[string][]string // the stems of wildcard words ("repaint*"), by their first three letters: never corrected
}

var global typos

const (
	typoMin = 5
	typoMax = 16
	// stepTypoMin is the shortest step word worth correcting to: shorter
	// ones have real words one edit away ("filed" of "failed"). Those of
	// typoMin letters are corrected to from a swap only ("emial").
	stepTypoMin = 6
)

// typoTargets are the status words worth correcting to. Short or common verbs
// ("issued", "failed", "hauled") are left out: their one-edit neighbours are
// real words ("issues", "filed", "shopped").
var typoTargets = []string{
	"processed", "confirmed", "declined", "rejected", "changed", "updated", "confirmation",
	"except",
}

// commonWords are real words one edit away from a target.
var commonWords = []string{
	"processes", "process", "confirms", "declines", "rejects", "emails", "emailing", "cancels",
	"confined", "confirmer", "updates", "changes", "charged", "chained", "hanged",
	"expect", "accept", "excerpt", "exempt",
}

func buildTypos(patterns []*pattern) {
	global = typos{vocab: map[string]bool{}, index: map[string]string{}}
	global.addVocab(patterns)
	for _, w := range commonWords {
		global.vocab[w] = true
	}
	for _, t := range typoTargets {
		global.target(t)
	}
}

func (ty *typos) addVocab(patterns []*pattern) {
	for _, p := range patterns {
		for _, e := range p.elems {
			for _, a := range e.alts {
				if st, ok := strings.CutSuffix(a, "*"); !ok {
					ty.vocab[a] = true
				} else if len(st) >= 3 {
					if ty.stems == nil {
						ty.stems = map[string][]string{}
					}
					ty.stems[st[:3]] = append(ty.stems[st[:3]], st)
				}
			}
		}
	}
}

func (ty *typos) target(t string) {
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' || t[1] < 'a' || t[1] > 'z' {
		return
	}
	ty.prefix[t[0]-'a'][t[1]-'a'] = true
	put := func(k string) {
		if old, ok := ty.index[k]; !ok || len(t) > len(old) {
			ty.index[k] = t
		}
	}
	put(t)
	for i := range t {
		put(t[:i] + t[i+1:])
	}
}

// swapTarget makes t a target of the words that swap two of its adjacent
// letters, the one slip of a short word that seldom makes another word.
func (ty *typos) swapTarget(t string) {
	if ty.swaps == nil {
		ty.swaps = map[string]string{}
	}
	b := []byte(t)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == b[i+1] {
			continue
		}
		b[i], b[i+1] = b[i+1], b[i]
		ty.swaps[string(b)] = t
		ty.prefix[b[0]-'a'][b[1]-'a'] = true
		b[i], b[i+1] = b[i+1], b[i]
	}
}

// buildTypos makes the words of a scenario's phrases and terms targets: the
// literal words of its patterns, long enough that a one-edit neighbour is
// rarely a real word.
func (ix *index) buildTypos(steps []Step) {
	ix.typos = typos{vocab: map[string]bool{}, index: map[string]string{}}
	ix.typos.addVocab(ix.all)
	for _, w := range commonWords {
		ix.typos.vocab[w] = true
	}
	for _, p := range ix.all {
		if p.kind != kMention && p.kind != kNoun {
			continue
		}
		for _, e := range p.elems {
			if e.not {
				continue // "!tomorrow" is no word of the step
			}
			for _, w := range e.alts {
				if t, ok := global.index[w]; ok && t == w {
					continue // a status word already
				}
				switch {
				case len(w) >= stepTypoMin && len(w) <= typoMax && plainWord(w):
					ix.typos.target(w)
				case len(w) == typoMin && plainWord(w):
					ix.typos.swapTarget(w)
				}
			}
		}
	}
}

func (ty *typos) stemmed(w string) bool {
	if len(w) < 3 {
		return false
	}
	for _, st := range ty.stems[w[:3]] {
		if rest, ok := strings.CutPrefix(w, st); ok && endings[rest] && (rest != "d" || strings.HasSuffix(st, "e")) {
			return true
		}
	}
	return false
}

// endings are what a stem takes: "repaint*" knows "repainted",
// not "repaintted".
var endings = map[string]bool{
	"": true, "s": true, "es": true, "ed": true, "d": true, // "d" after an e "ing": true, "e": true, "er": true,
	"ers": true, "ion": true, "ions": true, "ment": true, "ments": true, "ly": true,
}

// inflection reports two forms of one word ("scale" and "scaled"): no typo.
func inflection(w, t string) bool {
	if len(w) > len(t) {
		w, t = t, w
	}
	rest, ok := strings.CutPrefix(t, w)
	return ok && (rest == "d" || rest == "s")
}

// substitution reports one letter of t replaced in w: the edit that most
// often makes another real word ("scheduler" of "scheduled"), so a
// scenario's own words are not corrected that way.
func substitution(w, t string) bool {
	if len(w) != len(t) {
		return false
	}
	diff := -1
	for i := range len(w) {
		if w[i] != t[i] {
			if diff >= 0 {
				return false // two differences: a transposition
			}
			diff = i
		}
	}
	return diff >= 0
}

func plainWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// fixTypos corrects the words of a tokenized reply: to a status word, or to
// a word of the scenario's steps.
func fixTypos(toks []token, extra *index) {
	var own *typos
	if extra != nil {
		own = &extra.typos
	}
	for i := range toks {
		if toks[i].kind != tWord {
			continue
		}
		w := toks[i].s
		if own != nil {
			if own.stemmed(w) {
				continue
			}
			if t, ok := global.fix(w, own.vocab); ok {
				toks[i].s = t
			} else if t, ok := own.fix(w, global.vocab); ok && !global.stemmed(w) && !substitution(w, t) {
				toks[i].s = t
			}
			continue
		}
		if t, ok := global.fix(w, nil); ok {
			toks[i].s = t
		}
	}
}

// fix returns the target w is a misspelling of; known lists more words that
// are not misspellings.
func (ty *typos) fix(w string, known map[string]bool) (string, bool) {
	if len(ty.index)+len(ty.swaps) == 0 || len(w) < typoMin || len(w) > typoMax || w[0] < 'a' || w[0] > 'z' || w[1] < 'a' || w[1] > 'z' ||
		!ty.prefix[w[0]-'a'][w[1]-'a'] || ty.vocab[w] || known[w] {
		return "", false
	}
	if !plainWord(w) || ty.stemmed(w) {
		return "", false
	}
	if t, ok := ty.index[w]; ok && !inflection(w, t) {
		return t, true
	}
	if t, ok := ty.swaps[w]; ok {
		return t, true
	}
	var buf [typoMax]byte
	for i := range len(w) {
		n := copy(buf[:], w[:i])
		n += copy(buf[n:], w[i+1:])
		if t, ok := ty.index[string(buf[:n])]; ok && len(t) >= typoMin && !inflection(w, t) {
			return t, true
		}
	}
	return "", false
}
