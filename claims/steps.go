package claims

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// builtin indexes the lexicon and every cue; it is built once, at init.
var builtin *index

func init() {
	builtin = newIndex()
	ids := make([]string, 0, len(lexicon))
	for id := range lexicon {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		lx := lexicon[id]
		for _, src := range lx.done {
			builtin.add(compilePattern(src, kMention, fDone, id))
		}
		for _, src := range lx.name {
			builtin.add(compilePattern(src, kMention, fName, id))
		}
		for _, src := range lx.failed {
			builtin.add(compilePattern(src, kMention, fFailed, id))
		}
		for _, src := range lx.neutral {
			builtin.add(compilePattern(src, kNeutral, fName, id))
		}
	}
	builtin.add(compilePattern("address|addresses", kAddress, fName, ""))
	// A part of an address ("the city and ZIP still show Boulder") is the address
	// last named, unless its own qualifiers say otherwise.
	builtin.add(compilePattern("the|its|your street|city|zip|zipcode|postcode ?line|code", kAddress, fName, ""))
	for k := kBlock; k <= kOvFailSome; k++ {
		for _, src := range cues[k] {
			builtin.add(compilePattern(src, k, fName, ""))
		}
	}
	buildTypos(builtin.all)
}

// Scenario terms and unknown step IDs are compiled into a small extra index,
// cached by the step list so that a suite of trials compiles them once.
var (
	extraCache sync.Map // key -> *index
	extraCount atomic.Int64
)

const extraCacheMax = 1024

func extraIndex(steps []Step) *index {
	need := false
	for _, s := range steps {
		if _, known := lexicon[s.ID]; len(s.Terms) > 0 || !known || !s.Phrases.empty() {
			need = true
			break
		}
	}
	if !need {
		return nil
	}
	var kb strings.Builder
	for _, s := range steps {
		kb.WriteString(s.ID)
		for _, t := range s.Terms {
			kb.WriteByte(0)
			kb.WriteString(t)
		}
		for i, l := range [...][]string{s.Phrases.Done, s.Phrases.Name, s.Phrases.Failed} {
			for _, t := range l {
				kb.WriteByte(byte(2 + i))
				kb.WriteString(t)
			}
		}
		kb.WriteByte(1)
	}
	key := kb.String()
	if v, ok := extraCache.Load(key); ok {
		return v.(*index)
	}
	ix := newIndex()
	for si, s := range steps {
		shared, first := siblings(steps, si)
		if !first {
			continue // compiled once, for the first step with these phrases
		}
		for i, l := range [...][]string{s.Phrases.Done, s.Phrases.Name, s.Phrases.Failed} {
			for _, src := range l {
				if es, err := parsePattern(src); err == nil { // packs check theirs at load
					ix.add(&pattern{elems: es, kind: kMention, form: [...]form{fDone, fName, fFailed}[i], step: s.ID, shared: shared})
				}
			}
		}
	}
	for _, s := range steps {
		for _, t := range s.Terms {
			if p := wordsPattern(termWords(t), s.ID, true); p != nil {
				ix.add(p)
			}
		}
		if _, known := lexicon[s.ID]; known {
			continue
		}
		words := termWords(s.ID) // "issue_voucher" reads as "issue voucher"
		if len(words) > 1 {
			if p := wordsPattern(words, s.ID, false); p != nil {
				ix.add(p)
			}
		}
		for _, w := range words {
			if len(w) >= 3 {
				if p := wordsPattern([]string{w}, s.ID, false); p != nil {
					ix.add(p)
				}
			}
		}
	}
	if extraCount.Add(1) <= extraCacheMax {
		extraCache.Store(key, ix)
	}
	return ix
}

// termWords normalises a scenario term the way messages are normalised.
func termWords(term string) []string {
	var out []string
	for _, t := range tokenize(term, nil) {
		if t.kind == tWord || t.kind == tNum {
			out = append(out, t.s)
		}
	}
	return out
}

// wordsPattern matches the words in order; the last word by its stem, so that a
// term "voucher" also finds "vouchers" and an ID word "close" finds "closed".
// A scenario term is taken as given; a lone generic word of an ID ("order" of
// "cancel_order") is refused, since it would name every step.
func wordsPattern(words []string, step string, term bool) *pattern {
	if len(words) == 0 || (!term && len(words) == 1 && stopIDWords[words[0]]) {
		return nil
	}
	p := &pattern{kind: kMention, form: fAuto, step: step, term: true}
	for i, w := range words {
		alts := []string{w}
		if i == len(words)-1 {
			alts = wordForms(w, term)
		}
		p.elems = append(p.elems, elem{alts: alts})
	}
	return p
}

// wordForms are the forms the last word of a name may take: a term's singular
// and plural ("mugs" also finds "mug"), an ID word's every inflection by its stem
// ("close" finds "closed"), which gives the done form of an unknown step.
func wordForms(w string, term bool) []string {
	if !term {
		if st := stem(w); len(st) >= 3 {
			return []string{st + "*"}
		}
		return []string{w}
	}
	if w == "" || w[len(w)-1] < 'a' || w[len(w)-1] > 'z' {
		return []string{w}
	}
	forms := []string{w, w + "s", w + "es"}
	if t, ok := strings.CutSuffix(w, "es"); ok && len(t) >= 3 {
		forms = append(forms, t)
	}
	if t, ok := strings.CutSuffix(w, "s"); ok && len(t) >= 3 {
		forms = append(forms, t)
	}
	return forms
}

// stem strips a common English ending.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s", "e"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// autoForm reads an fAuto mention's form from its words: a participle says the
// step happened.
func autoForm(toks []token, lo, hi int) form {
	for i := lo; i < hi; i++ {
		s := toks[i].s
		if strings.HasSuffix(s, "ed") || participles[s] {
			return fDone
		}
	}
	return fName
}

var participles = map[string]bool{
	"sent": true, "done": true, "made": true, "paid": true, "built": true, "set": true,
	"shut": true, "given": true, "taken": true, "written": true, "put": true, "held": true,
}

// siblings lists the steps with the same phrases as steps[i] (two steps that
// call one tool), when there are several, and whether steps[i] is the first.
func siblings(steps []Step, i int) (shared []string, first bool) {
	first = true
	for j, o := range steps {
		if j == i || !samePhrases(o.Phrases, steps[i].Phrases) {
			continue
		}
		if j < i {
			first = false
		}
		if shared == nil {
			shared = []string{steps[i].ID}
		}
		shared = append(shared, o.ID)
	}
	return shared, first
}

func samePhrases(a, b Phrases) bool {
	return !a.empty() && slices.Equal(a.Done, b.Done) && slices.Equal(a.Name, b.Name) && slices.Equal(a.Failed, b.Failed)
}
