package claims

// lead is the connector that opened a clause.
type lead uint8

const (
	leadNone     lead = iota
	leadContrast      // but, however, although, though, whereas, while, unfortunately
	leadCause         // because, since, so, otherwise, semicolon, dash
)

// clause is a run of tokens that carries one predicate structure: sentences are
// cut at contrast and cause connectors, semicolons, long dashes and "and" before a
// new subject, because a claim rarely crosses them ("called off, but the repaint
// failed").
type clause struct {
	lo, hi int
	sent   int
	para   int // paragraph or list item, for carrying claims across sentences
	lead   lead
}

// sentence is a run of clauses ended by . ! ? or a hard line break.
type sentence struct {
	lo, hi   int
	question bool
}

var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "mr": true, "mrs": true, "ms": true, "dr": true,
	"approx": true, "etc": true, "vs": true, "st": true, "inc": true, "ltd": true,
}

// connector reports a word that opens a clause, and how.
func connector(w string) (lead, bool) {
	switch w {
	case "but", "however", "although", "though", "whereas", "while", "unfortunately":
		return leadContrast, true
	case "because", "since", "otherwise", "so":
		return leadCause, true
	}
	return leadNone, false
}

// newSubject words after ", and" open an independent clause ("updated, and the
// carrier will leave a note"), not the next item of a list ("called off, and repainted").
var newSubject = map[string]bool{
	"the": true, "a": true, "an": true, "your": true, "our": true, "my": true, "i": true,
	"we": true, "you": true, "it": true, "they": true, "this": true, "that": true, "these": true,
	"those": true, "no": true, "nothing": true, "everything": true, "their": true, "its": true,
	"there": true,
}

// subjectThen reports a short noun phrase and then a finite verb from lo:
// ", and crate-7 is back" opens a clause as ", and the crate is" does.
func subjectThen(toks []token, lo, hi int) bool {
	for i := lo; i < hi && i < lo+3; i++ {
		t := toks[i]
		if t.kind != tWord && t.kind != tNum {
			return false
		}
		if i > lo && finiteWords[t.s] {
			return true
		}
	}
	return false
}

// subjectPronouns after a bare "and" open an independent clause ("I'm retrying
// now and you'll get a message").
var subjectPronouns = map[string]bool{
	"i": true, "we": true, "you": true, "they": true, "it": true,
	"nothing": true, "no": true, "none": true, // "resealed and nothing was charged"
}

// askWords and askSubjects open a question inside a sentence: ", would you", ", is there".
var (
	askWords = map[string]bool{
		"would": true, "could": true, "can": true, "do": true, "is": true, "shall": true,
		"should": true, "did": true, "are": true, "want": true,
	}
	askSubjects = map[string]bool{
		"you": true, "there": true, "i": true, "we": true, "that": true, "this": true, "me": true,
	}
)

// sinceAdverb: "since" next to these is a time adverb, not a clause connector
// ("has since been called off", "since then").
var sinceAdverb = map[string]bool{
	"has": true, "have": true, "had": true, "'s": true, "'ve": true, "ever": true, "long": true,
	"been": true, "then": true, "was": true, "were": true, "is": true, "are": true,
}

// statementBefore reports that the tokens before a colon are a sentence of their
// own, not a label: at least four words outside parentheses, one of them a finite
// verb ("your trade is underway: the black pair ..."). A label ("Repaint of $40
// to Visa:", "Reseal (2 cups):") keeps its value.
func statementBefore(toks []token, lo, hi int) bool {
	words, finite, depth := 0, false, 0
	for i := lo; i < hi; i++ {
		t := toks[i]
		switch {
		case t.s == "(":
			depth++
		case t.s == ")":
			depth = max(depth-1, 0)
		case depth > 0 || t.kind != tWord:
		default:
			words++
			finite = finite || finiteWords[t.s]
		}
	}
	return words >= 4 && finite
}

var finiteWords = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "had": true,
	"'s": true, "'ve": true, "'re": true, "'m": true, "am": true, "should": true, "will": true,
	"'ll": true, "did": true, "n't": true, "can": true, "could": true, "went": true,
}

// notSoConj: "so" followed by these is an adverb, not a clause connector.
var notSoConj = map[string]bool{
	"far": true, "much": true, "many": true, "sorry": true, "glad": true, "happy": true,
	"long": true, "please": true, "quickly": true, "soon": true,
}

// segment cuts tokens into sentences and clauses.
func segment(toks []token, sents []sentence, cls []clause) ([]sentence, []clause) {
	para := 0
	start := 0
	for i := 0; i <= len(toks); i++ {
		end := i == len(toks)
		if !end {
			t := toks[i]
			switch {
			case t.kind == tBreak:
			case t.kind == tPunct && (t.s == "." || t.s == "!" || t.s == "?") && t.space:
				if t.s == "." && i > 0 && abbreviations[toks[i-1].s] && i > start+1 {
					continue
				}
			default:
				continue
			}
		}
		hi := i
		if !end && toks[i].kind == tPunct {
			hi = i + 1
		}
		if hi > start {
			q := false
			for j := hi - 1; j >= start && j >= hi-2; j-- {
				if toks[j].s == "?" {
					q = true
				}
			}
			sents = append(sents, sentence{lo: start, hi: hi, question: q})
			cls = splitClauses(toks, start, hi, len(sents)-1, para, q, cls)
		}
		if !end && toks[i].kind == tBreak {
			para++
		}
		start = i + 1
	}
	return sents, cls
}

// splitClauses appends the clauses of one sentence.
func splitClauses(toks []token, lo, hi, sent, para int, question bool, cls []clause) []clause {
	start, ld := lo, leadNone
	words := 0
	for i := lo; i < hi; i++ {
		t := toks[i]
		cut, next, skip := false, leadNone, 0
		switch {
		case t.s == ";":
			cut, next, skip = true, leadCause, 1
		case t.s == dash && t.kind == tPunct && words > 3 && !(i > lo && i+1 < hi && toks[i-1].kind == tNum && toks[i+1].kind == tNum): // "4–14" is a range
			cut, next, skip = true, leadCause, 1
		case t.s == ":" && i+1 < hi && toks[i+1].kind == tWord && statementBefore(toks, start, i):
			cut, next, skip = true, leadNone, 1 // "your trade is underway: the ..."
		case t.s == "," && i+2 < hi && toks[i+1].s == "and" && (newSubject[toks[i+2].s] || subjectThen(toks, i+2, hi)):
			cut, next, skip = true, leadNone, 2
		case t.s == "and" && i > start && i+1 < hi && subjectPronouns[toks[i+1].s]:
			cut, next, skip = true, leadNone, 1
		case question && (t.s == "," || t.s == dash) && i+2 < hi &&
			(askWords[toks[i+1].s] && askSubjects[toks[i+2].s] || toks[i+1].s == "anything" || toks[i+1].s == "any"):
			cut, next, skip = true, leadNone, 1 // "called off, is there anything else?"
		case t.kind == tWord:
			l, ok := connector(t.s)
			if ok && i == start {
				if t.s != "so" || (i+1 < hi && !notSoConj[toks[i+1].s]) {
					start, ld = i+1, l
					continue
				}
			}
			if ok && i > start {
				if t.s == "so" && (i+1 >= hi || notSoConj[toks[i+1].s] || toks[i-1].s == "do" || toks[i-1].s == "and") {
					break
				}
				if t.s == "while" && i+1 < hi && toks[i+1].s == "ago" {
					break
				}
				if t.s == "since" && (sinceAdverb[toks[i-1].s] || i+1 < hi && sinceAdverb[toks[i+1].s]) {
					break // "has since been called off"
				}
				cut, next, skip = true, l, 1
			} else {
				words++
			}
		}
		if !cut {
			continue
		}
		if i > start {
			cls = append(cls, clause{lo: start, hi: i, sent: sent, para: para, lead: ld})
		}
		start, ld, words = i+skip, next, 0
	}
	if hi > start {
		cls = append(cls, clause{lo: start, hi: hi, sent: sent, para: para, lead: ld})
	}
	return cls
}
