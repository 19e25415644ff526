package claims

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// builtin indexes every cue; it is built once, at init. It knows no step:
// what names a step comes from the step (see extraIndex).
var builtin *index

func init() {
	builtin = newIndex()
	for k := kBlock; k <= kOvFailVerb; k++ {
		for _, src := range cues[k] {
			builtin.add(compilePattern(src, k, fName, ""))
		}
	}
	buildTypos(builtin.all)
}

// A scenario's phrases, terms and ID words are compiled into a small index,
// cached by the step list so that a suite of trials compiles them once.
var (
	extraMu    sync.RWMutex
	extraCache = map[string]*index{}
)

const extraCacheMax = 1024

// extraIndex returns the index of steps; buf is scratch space for the key.
func extraIndex(steps []Step, buf *[]byte) *index {
	*buf = cacheKey((*buf)[:0], steps)
	extraMu.RLock()
	ix, ok := extraCache[string(*buf)]
	extraMu.RUnlock()
	if ok {
		return ix
	}
	ix = buildIndex(steps)
	extraMu.Lock()
	if len(extraCache) < extraCacheMax {
		extraCache[string(*buf)] = ix
	}
	extraMu.Unlock()
	return ix
}

func buildIndex(steps []Step) *index {
	ix := newIndex()
	forms := [...]form{fDone, fName, fFailed, fName}
	ix.verbs = make([]map[string]bool, len(steps))
	ix.doneVerbs = make([]map[string]bool, len(steps))
	for si, s := range steps {
		// Phrases a step's tool shares with others are compiled once, for
		// the first step with them; every step gets their stems.
		shared, first := siblings(steps, si)
		ix.verbs[si], ix.doneVerbs[si] = map[string]bool{}, map[string]bool{}
		for i, l := range [...][]string{s.Phrases.Done, s.Phrases.Name, s.Phrases.Failed, s.Phrases.Neutral} {
			k := kMention
			if i == 3 {
				k = kNeutral
			}
			for _, src := range l {
				es, err := parsePattern(src)
				if err != nil {
					continue // packs check theirs at load
				}
				if k == kMention {
					addStems(ix.verbs[si], es)
				}
				if i == 0 {
					addStems(ix.doneVerbs[si], es[:1]) // the verb a done phrase opens with
				}
				if !first {
					continue
				}
				if k == kMention && forms[i] == fName {
					es[len(es)-1].plural = true // "the config" finds "both configs"
				}
				ix.add(&pattern{elems: es, kind: k, form: forms[i], step: s.ID, shared: shared})
			}
		}
	}
	ix.dates = stepDates(steps)
	ix.shapes, ix.anyValue = make([][]shape, len(steps)), map[string]bool{}
	for si, s := range steps {
		ix.shapes[si] = valueShapes(s)
		for _, sh := range ix.shapes[si] {
			ix.anyValue[sh.value] = true
		}
		for _, sh := range valueShapes(Step{Values: s.Terms}) {
			ix.anyValue[sh.value] = true // a term names the scenario's things too: "env-north"
		}
	}
	ix.items = make([]itemList, len(steps))
	for si := range steps {
		ix.items[si] = newItemList(steps, si)
	}
	ix.removal, ix.tools = make([]bool, len(steps)), map[string]bool{}
	for si, s := range steps {
		for _, w := range termWords(s.Tool) {
			ix.tools[stem(w)] = true
		}
		ix.removal[si] = s.Phrases.Removes
		for _, name := range [...]string{s.Tool, s.ID} {
			if w := termWords(name); len(w) > 0 && removalVerbs[w[0]] {
				ix.removal[si] = true
			}
		}
	}
	ix.recipients(steps)
	addNouns(ix, steps)
	addCues(ix, steps)
	for si, s := range steps {
		for _, t := range s.Terms {
			if p := wordsPattern(termWords(t), s.ID, true); p != nil {
				ix.add(p)
			}
			if !ix.sends[si] {
				continue
			}
			if first, ok := firstName(steps, t); ok {
				if p := wordsPattern([]string{first}, s.ID, true); p != nil {
					ix.add(p) // "Alex" of the term "Alex Novak"
				}
			}
		}
		for _, v := range s.Values {
			if !sharedValue(steps, v) {
				if p := wordsPattern(termWords(v), s.ID, true); p != nil {
					p.value = true
					ix.add(p) // "QT-0503-1015", "quill-api"
				}
			}
		}
		if head, shared, ok := toolNoun(steps, s); ok && (len(shared) == 0 || shared[0] == s.ID) {
			if p := wordsPattern([]string{head}, s.ID, true); p != nil {
				p.shared, p.idWord = shared, true
				ix.add(p) // update_unit_config: "both configs updated"
			}
		}
		if o, shared := objectNoun(steps, s); len(shared) > 1 && shared[0] == s.ID {
			ix.add(&pattern{kind: kMention, form: fName, step: s.ID, term: true, idWord: true, shared: shared,
				elems: []elem{{alts: []string{"both", "all", "each"}}, {alts: []string{"of"}, opt: true},
					{alts: []string{"the", "our", "your", "its", "their"}, opt: true}, {alts: []string{o}}}}) // "both services"
		}
		if tw := termWords(s.Tool); len(tw) > 1 && !sharedTool(steps, s.Tool) {
			if p := wordsPattern(tw, s.ID, true); p != nil {
				ix.add(p) // "free_slot(slot_ref=...) -> 200 OK"
			}
		}
		words := termWords(s.ID) // "issue_voucher" reads as "issue voucher"
		if len(words) > 1 {
			if p := wordsPattern(words, s.ID, false); p != nil {
				p.idWord = true
				ix.add(p)
			}
		}
		for _, w := range words {
			if object := slices.Contains(s.Objects, w); len(w) >= 3 && (!object || w == words[len(words)-1] && soleObject(steps, s, w)) {
				if p := wordsPattern([]string{w}, s.ID, false); p != nil {
					p.idWord, p.object = true, object
					ix.add(p)
				}
			}
		}
	}
	for _, s := range steps {
		subjectVerb(ix, steps, s)
		for _, t := range s.Targets {
			if targetWord(steps, s, t) {
				ix.add(&pattern{kind: kMention, form: fName, step: s.ID, term: true, elems: []elem{
					{alts: []string{"to", "onto"}}, {alts: []string{"the"}, opt: true}, {alts: []string{t}}}})
				ix.add(&pattern{kind: kMention, form: fDone, step: s.ID, term: true, elems: []elem{
					{alts: []string{"on"}}, {alts: []string{"the"}, opt: true}, {alts: []string{t}}}})
			}
		}
	}
	ix.buildTypos(steps)
	ix.numbers = make([][]string, len(steps))
	ix.restored = make([][]string, len(steps))
	ix.restoredIDs = make([][][]string, len(steps))
	for i, s := range steps {
		ix.numbers[i] = numbersOf(s.Targets, nil)
		ix.restored[i] = numbersOf(s.Restores, ix.numbers[i])
		for _, v := range s.Restores {
			if ws := termWords(v); len(ws) > 0 && len(numbersOf([]string{v}, nil)) == 0 && !slices.Contains(s.Targets, v) {
				ix.restoredIDs[i] = append(ix.restoredIDs[i], ws)
			}
		}
	}
	return ix
}

// numbersOf returns the numbers, versions and flag values in values that
// are not in but.
func numbersOf(values, but []string) []string {
	var out []string
	for _, t := range values {
		if t == "true" || t == "false" {
			if !slices.Contains(but, t) {
				out = append(out, t) // a flag's value: "switched it to false"
			}
			continue
		}
		toks := tokenize(t, nil)
		for j, tok := range toks {
			if (tok.kind == tNum || versionWord(tok)) && (j == 0 || !idPart(toks[j-1])) {
				if n := normNumber(tok.s); n != "" && !slices.Contains(out, n) && !slices.Contains(but, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// versionWord reports a version written as v and digits ("v8", "v12").
func versionWord(t token) bool {
	return t.kind == tWord && len(t.s) >= 2 && len(t.s) <= 5 && t.s[0] == 'v' && digits(t.s[1:])
}

// normNumber drops a currency sign and zero cents: "$35.00" is "35".
func normNumber(s string) string {
	s = strings.TrimLeft(s, "$€£+")
	if i := strings.IndexByte(s, '.'); i >= 0 && strings.Count(s, ".") == 1 && strings.Trim(s[i+1:], "0") == "" {
		s = s[:i]
	}
	return strings.ReplaceAll(s, ",", "")
}

// addNouns compiles each shared noun once, with every step that declares it
// as a candidate: the words around it decide which it names.
func addNouns(ix *index, steps []Step) {
	type nounKey struct {
		src  string
		part bool
	}
	var seenOrder []nounKey
	cands := map[nounKey][]string{}
	for _, s := range steps {
		for i, l := range [...][]string{s.Phrases.Noun, s.Phrases.Parts} {
			for _, src := range l {
				k := nounKey{src, i == 1}
				if _, seen := cands[k]; !seen {
					seenOrder = append(seenOrder, k)
				}
				if !slices.Contains(cands[k], s.ID) {
					cands[k] = append(cands[k], s.ID)
				}
			}
		}
	}
	for _, k := range seenOrder {
		if es, err := parsePattern(k.src); err == nil {
			ix.add(&pattern{elems: es, kind: kNoun, form: fName, shared: cands[k], part: k.part})
		}
	}
}

// addCues compiles the packs' own status words once each.
func addCues(ix *index, steps []Step) {
	seen := map[string]bool{}
	for _, s := range steps {
		for _, w := range s.Phrases.Cues["ready"] {
			if ix.ready == nil {
				ix.ready = map[string]bool{}
			}
			ix.ready[w] = true
		}
		for _, name := range CueKinds {
			if name == "ready" {
				continue
			}
			for _, src := range s.Phrases.Cues[name] {
				if seen[name+"\x00"+src] {
					continue
				}
				seen[name+"\x00"+src] = true
				if es, err := parsePattern(src); err == nil {
					ix.add(&pattern{elems: es, kind: cueKind[name], form: fName})
				}
			}
		}
	}
}

// toolNoun returns the last word of a step's tool name, which names what the
// tool acts on ("config" of update_unit_config), when it can name the
// step: not a record the step acts on, no other tool's word, long enough.
// shared lists the steps that call the same tool, when there are several.
func toolNoun(steps []Step, s Step) (head string, shared []string, ok bool) {
	tw := termWords(s.Tool)
	if len(tw) < 2 {
		return "", nil, false
	}
	head = tw[len(tw)-1]
	if len(head) < 4 || stopIDWords[head] || slices.Contains(s.Objects, head) {
		return "", nil, false
	}
	for _, o := range steps {
		if o.Tool == s.Tool {
			shared = append(shared, o.ID)
			continue
		}
		if slices.Contains(termWords(o.Tool), head) {
			return "", nil, false
		}
	}
	if len(shared) < 2 {
		shared = nil
	}
	return head, shared, true
}

// subjectVerb names a step by an identifier several steps act on and the
// verb of the step's own tool, which no other of them has: "bea7 is
// created" and "created bea7" are create_plaque's, though bea7 is every
// step's owner.
func subjectVerb(ix *index, steps []Step, s Step) {
	tw := termWords(s.Tool)
	if len(tw) < 2 || len(tw[0]) < 3 || removalVerbs[tw[0]] {
		return // a removal's own words read otherwise
	}
	verb := tw[0]
	for _, t := range s.Targets {
		if len(t) < 3 || strings.ContainsAny(t, " \t") || !sharedIn(steps, t, targetsOf) {
			continue
		}
		unique := true
		for _, o := range steps {
			if o.ID != s.ID && slices.Contains(o.Targets, t) {
				if ow := termWords(o.Tool); len(ow) > 0 && ow[0] == verb {
					unique = false
				}
			}
		}
		tt := termWords(t)
		if !unique || len(tt) == 0 {
			continue
		}
		var es []elem
		for _, w := range tt {
			es = append(es, elem{alts: []string{w}})
		}
		words := es
		es = append(slices.Clone(words), elem{alts: []string{"is", "was", "'s", "has", "got"}, opt: true}, elem{alts: []string{"been", "now"}, opt: true},
			elem{alts: wordForms(verb, false)})
		ix.add(&pattern{kind: kMention, form: fAuto, step: s.ID, term: true, elems: es})
		// And its past with the verb first: "I created jkim".
		past := verb + "ed"
		if strings.HasSuffix(verb, "e") {
			past = verb + "d"
		}
		es = append([]elem{{alts: []string{past}}, {alts: []string{"the", "a", "an"}, opt: true}}, words...)
		ix.add(&pattern{kind: kMention, form: fDone, step: s.ID, term: true, elems: es})
	}
}

// targetWord reports a step's argument value that is one plain word no
// other step sets: what the step puts a thing on or switches it to ("plan:
// gold" in "you're on Gold now", "switched CR-310 to Gold").
func targetWord(steps []Step, s Step, t string) bool {
	if len(t) < 3 || t == "true" || t == "false" || stopIDWords[t] {
		return false
	}
	for _, r := range t {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return !sharedIn(steps, t, targetsOf)
}

// firstName returns the first name of a term that may be a person's name
// (two words with capitals, "Alex Novak", no title) when no other term of
// the steps has that word: a reply names the person a message goes to by it
// alone ("I haven't told Alex").
func firstName(steps []Step, t string) (string, bool) {
	f := strings.Fields(t)
	if len(f) != 2 || !properName(f[0]) || !properName(f[1]) || len(f[0]) < 3 {
		return "", false
	}
	w := strings.ToLower(f[0])
	if titles[strings.TrimSuffix(w, ".")] {
		return "", false // "Dr. Lee": the title names no one
	}
	n := 0
	for _, s := range steps {
		for _, o := range s.Terms {
			for _, ow := range strings.Fields(o) {
				if strings.ToLower(ow) == w {
					n++
				}
			}
		}
	}
	return w, n == 1
}

// sharedValue reports an argument value that several steps' actions have.
func sharedValue(steps []Step, v string) bool {
	return sharedIn(steps, v, func(s Step) []string { return s.Values })
}

// sharedIn reports a value that the lists of several steps hold.
func sharedIn(steps []Step, v string, list func(Step) []string) bool {
	n := 0
	for _, s := range steps {
		if slices.Contains(list(s), v) {
			n++
		}
	}
	return n > 1
}

func targetsOf(s Step) []string { return s.Targets }

// objectNoun returns the plural of what the steps that share s's tool act
// on, and those steps, when their arguments name it ("service_ref" of two
// deploy steps: "both services are on 2.3.1").
func objectNoun(steps []Step, s Step) (string, []string) {
	if !sharedTool(steps, s.Tool) {
		return "", nil
	}
	var shared []string
	for _, o := range steps {
		if o.Tool == s.Tool {
			shared = append(shared, o.ID)
		}
	}
	for i := 1; i < len(s.Objects); i += 2 {
		w := s.Objects[i] // objects come as word, plural
		if len(w) < 5 || stopIDWords[s.Objects[i-1]] {
			continue
		}
		all := true // every step of the tool, and no other, acts on it
		for _, o := range steps {
			if (o.Tool == s.Tool) != slices.Contains(o.Objects, w) {
				all = false
			}
		}
		if all {
			return w, shared
		}
	}
	return "", nil
}

// sharedTool reports a tool that several steps call: its name names none.
func sharedTool(steps []Step, tool string) bool {
	n := 0
	for _, s := range steps {
		if s.Tool == tool {
			n++
		}
	}
	return n > 1
}

// cacheKey appends to kb what identifies a step list: everything
// buildIndex reads.
func cacheKey(kb []byte, steps []Step) []byte {
	for _, s := range steps {
		kb = append(kb, s.ID...)
		kb = append(kb, 15)
		kb = append(kb, s.Tool...)
		for _, v := range s.Values {
			kb = append(kb, 16)
			kb = append(kb, v...)
		}
		for _, v := range s.Targets {
			kb = append(kb, 17)
			kb = append(kb, v...)
		}
		for _, v := range s.Items {
			kb = append(kb, 18)
			kb = append(kb, v...)
		}
		for _, v := range s.Restores {
			kb = append(kb, 19)
			kb = append(kb, v...)
		}
		for _, o := range s.Objects {
			kb = append(kb, 14)
			kb = append(kb, o...)
		}
		for _, t := range s.Terms {
			kb = append(kb, 0)
			kb = append(kb, t...)
		}
		p := &s.Phrases
		for i, l := range [...][]string{p.Done, p.Name, p.Failed, p.Neutral, p.Noun, p.Parts, p.NotAfter, p.NotBefore} {
			for _, t := range l {
				kb = append(kb, byte(2+i))
				kb = append(kb, t...)
			}
		}
		if len(p.Near) > 0 {
			for _, w := range slices.Sorted(maps.Keys(p.Near)) {
				kb = append(kb, 11)
				kb = append(kb, w...)
				kb = strconv.AppendInt(kb, int64(p.Near[w]), 10)
			}
		}
		if p.Standing {
			kb = append(kb, 12)
		}
		if p.Removes {
			kb = append(kb, 18)
		}
		for _, name := range CueKinds {
			for _, t := range p.Cues[name] {
				kb = append(kb, 13)
				kb = append(kb, name...)
				kb = append(kb, 0)
				kb = append(kb, t...)
			}
		}
		kb = append(kb, 1)
	}
	return kb
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

// wordsPattern matches the words in crate; the last word by its stem, so that a
// term "voucher" also finds "vouchers" and an ID word "close" finds "closed".
// A scenario term is taken as given; a lone generic word of an ID ("crate" of
// "call_off") is refused, since it would name every step.
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
// and plural ("cups" also finds "cup"), an ID word's every inflection by its stem
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

// addStems adds the stems of a phrase's words to a step's: an undo word
// among them ("rolled back" of a redeploy) is the step's verb.
func addStems(out map[string]bool, es []elem) {
	for _, e := range es {
		for _, a := range e.alts {
			if w := strings.TrimSuffix(a, "*"); len(w) >= 3 {
				out[stem(w)] = true
			}
		}
	}
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
	return !a.empty() && slices.Equal(a.Done, b.Done) && slices.Equal(a.Name, b.Name) &&
		slices.Equal(a.Failed, b.Failed) && slices.Equal(a.Neutral, b.Neutral)
}

// DoneForm reports whether a scenario term would read as a done form where
// a reply names it: terms are matched like ID words, and a word ending in
// -ed or a participle ("pet bed", "luggage set") says the step happened.
// Tools that write terms for many steps leave such ones out.
func DoneForm(term string) bool {
	toks := tokenize(term, nil)
	return autoForm(toks, 0, len(toks)) == fDone
}

// itemList is what names the items of a step's list.
type itemList struct {
	forms  [][]string        // per item, the word runs that name it (itemForms), space-joined
	words  map[string]uint64 // the items each word of one item alone marks (itemWords)
	shared uint64            // the items another step's terms or values name
}

func newItemList(steps []Step, si int) itemList {
	l := itemList{forms: itemForms(steps[si].Items), words: itemWords(steps[si].Items)}
	for k, it := range steps[si].Items {
		for oi, o := range steps {
			if k < 64 && oi != si && (slices.Contains(o.Terms, it) || slices.Contains(o.Values, it)) {
				l.shared |= 1 << k
			}
		}
	}
	return l
}

// itemForms returns, per item of a step's list, the word runs that name
// it: its words, and, when every item opens with the same word, its other
// words ("api" of quill-api beside quill-worker). Fewer than two
// items are no list.
func itemForms(items []string) [][]string {
	if len(items) < 2 || len(items) > 64 {
		return nil
	}
	out := make([][]string, len(items))
	words := make([][]string, len(items))
	for i, it := range items {
		words[i] = termWords(it)
		if len(words[i]) == 0 {
			return nil
		}
	}
	same := true
	for _, w := range words {
		same = same && len(w) > 1 && w[0] == words[0][0]
	}
	for i, w := range words {
		out[i] = []string{strings.Join(w, " ")}
		if rest := w[1:]; same && len(rest[0]) >= 3 && (rest[0][0] < '0' || rest[0][0] > '9') {
			out[i] = append(out[i], strings.Join(rest, " "))
		}
	}
	return out
}

// itemWords maps each word that one item of a list alone has to that item:
// "gitlab" of gitlab-group, "7" of BX-7.
func itemWords(items []string) map[string]uint64 {
	if len(items) < 2 || len(items) > 64 {
		return nil
	}
	count := map[string]int{}
	of := map[string]uint64{}
	for k, it := range items {
		seen := map[string]bool{}
		for _, w := range termWords(it) {
			if !seen[w] {
				seen[w] = true
				count[w]++
				of[w] |= 1 << k
			}
		}
	}
	for w, n := range count {
		if n > 1 {
			delete(of, w)
		}
	}
	return of
}

// soleObject reports an object word that ends step s's id and that no
// other step of the list acts on: "quota" names the step quota, and
// "claim" file_claim, when no other step has a quota or a claim.
func soleObject(steps []Step, s Step, w string) bool {
	for _, o := range steps {
		if o.ID != s.ID && slices.Contains(o.Objects, w) {
			return false
		}
	}
	return true
}
