package claims

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind tells words from punctuation, status marks and hard breaks.
type tokKind uint8

const (
	tWord  tokKind = iota // a lower-cased word or clitic ("n't", "'ll")
	tNum                  // numbers, amounts, ids, e-mail plaques, URLs
	tPunct                // . , ; : ! ? ( ) | — + /
	tMark                 // ✓ ✗ ⏳: status emoji, normalised
	tBreak                // a line break that ends a sentence (blank line, list item, table row)
)

// token is one unit of the normalised message. Its text is either a slice of the
// lower-cased message or a constant, so tokenizing allocates only the slice.
type token struct {
	s     string
	kind  tokKind
	space bool // whitespace (or the end) follows
	ident bool // a part of an identifier split at "_" ("free_slot")
	cap   bool // written with a capital: a name, unless it opens a sentence
}

// Status marks, after normalisation.
const (
	markDone    = "✓"
	markFail    = "✗"
	markPending = "⏳"
	dash        = "—"
)

// markOf maps status emoji to a normalised mark; "" means the rune is not one.
func markOf(r rune) string {
	switch r {
	case '✅', '✔', '✓', '☑', '👍', '🟢', '🆗':
		return markDone
	case '❌', '✗', '✘', '✖', '⛔', '🚫', '🔴', '❎':
		return markFail
	case '⏳', '⌛', '🕐', '🕒', '⏰', '🔄', '🕓', '⏱':
		return markPending
	}
	return ""
}

// dSubjects take "'d" as "would" or "had": "I'd", "that'd".
var dSubjects = map[string]bool{
	"i": true, "you": true, "we": true, "they": true, "he": true, "she": true, "it": true,
	"that": true, "this": true, "there": true, "who": true, "what": true, "where": true,
	"how": true, "u": true, "y": true, "everyone": true, "someone": true, "nobody": true,
}

// clitics split off words, so that "didn't" reads as "did" + "n't".
var clitics = []string{"n't", "'ll", "'ve", "'re", "'s", "'d", "'m"}

// respell maps shorthand, missing apostrophes and spelling variants to the forms
// the patterns use. Values are token sequences.
var respell = map[string][]string{
	// Contractions typed without an apostrophe.
	"ive": {"i", "'ve"}, "im": {"i", "'m"}, "youll": {"you", "'ll"}, "youre": {"you", "'re"},
	"weve": {"we", "'ve"}, "itll": {"it", "'ll"}, "thats": {"that", "'s"}, "dont": {"do", "n't"},
	"didnt": {"did", "n't"}, "cant": {"can", "n't"}, "couldnt": {"could", "n't"},
	"wasnt": {"was", "n't"}, "isnt": {"is", "n't"}, "wont": {"will", "n't"},
	"wouldnt": {"would", "n't"}, "havent": {"have", "n't"}, "hasnt": {"has", "n't"},
	"hadnt": {"had", "n't"}, "werent": {"were", "n't"}, "arent": {"are", "n't"},
	"shouldnt": {"should", "n't"}, "doesnt": {"does", "n't"}, "cannot": {"can", "not"},

	// What is left of "can't", "won't", "shan't" once "n't" is split off.
	"ca": {"can"}, "wo": {"will"}, "sha": {"shall"},

	// Chat shorthand.
	"u": {"you"}, "ur": {"your"}, "shld": {"should"}, "pls": {"please"}, "plz": {"please"},
	"thx": {"thanks"}, "tmrw": {"tomorrow"}, "msg": {"message"}, "acct": {"account"},
	"goin": {"going"}, "shoud": {"should"}, "shud": {"should"}, "wil": {"will"},
	"thru": {"through"}, "evrything": {"everything"}, "everthing": {"everything"}, "eveything": {"everything"},

	// American spellings and hyphenated forms the patterns write as one word.
	"canceled": {"cancelled"}, "cancelation": {"cancellation"}, "canceling": {"cancelling"},
	"cancelations": {"cancellations"}, "e-mail": {"email"}, "e-mails": {"emails"},
	"e-mailed": {"emailed"}, "as-is": {"as", "is"}, "brand-new": {"brand", "new"},
	"despatched": {"dispatched"}, "despatch": {"dispatch"},
}

// respellFirst and respellMax let most words skip the respell lookup.
var (
	respellFirst [256]bool
	respellMax   int
)

func init() {
	for w := range respell {
		respellFirst[w[0]] = true
		respellMax = max(respellMax, len(w))
	}
}

// tokenize lower-cases and splits a message. Bullets, numbering and markdown
// emphasis are dropped; a line break becomes a tBreak when the next line is a new
// item (bullet, table row, "Key: value", status mark) or after a blank line, and
// plain whitespace when the line is only wrapped.
func tokenize(msg string, toks []token) []token {
	low := lower(msg)
	toks = toks[:0]
	i := skipLineStart(low, 0)
	item := i > 0 || startsItem(low[i:]) || keyValueItem(low[i:]) // the current line is a list item
	for i < len(low) {
		r, n := utf8.DecodeRuneInString(low[i:])
		switch {
		case r == '\n':
			j, blank, indent := i, false, false
			for j < len(low) && (low[j] == '\n' || low[j] == ' ' || low[j] == '\t' || low[j] == '\r') {
				if low[j] == '\n' && j > i {
					blank = true
				}
				indent = low[j] == ' ' || low[j] == '\t'
				j++
			}
			if len(toks) > 0 {
				toks[len(toks)-1].space = true
			}
			// A list item ends at its line unless the next line is indented under it.
			if blank || (item && !indent) || hardLine(low, i, j, toks) {
				toks = appendBreak(toks)
			}
			if blank && len(toks) > 0 && toks[len(toks)-1].kind == tBreak {
				toks[len(toks)-1].s = blankLine
			}
			i = skipLineStart(low, j)
			item = i > j || startsItem(low[i:]) || keyValueItem(low[i:])
			continue
		case r == ' ' || r == '\t' || r == '\r' || (r >= utf8.RuneSelf && unicode.IsSpace(r)):
			if len(toks) > 0 {
				toks[len(toks)-1].space = true
			}
		case isWordStart(low, i, r):
			n0 := len(toks)
			if j := appendWord(&toks, low, i); j > i {
				if len(low) == len(msg) && 'A' <= msg[i] && msg[i] <= 'Z' {
					for k := n0; k < len(toks); k++ {
						toks[k].cap = true
					}
				}
				i = j
				continue
			}
		case r == '[' && i+2 < len(low) && (low[i+1] == 'x' || low[i+1] == ' ') && low[i+2] == ']':
			// A markdown checkbox: "[x]" is done, "[ ]" says nothing by itself.
			if low[i+1] == 'x' {
				toks = append(toks, token{s: markDone, kind: tMark})
			}
			i += 3
			continue
		default:
			if m := markOf(r); m != "" {
				toks = append(toks, token{s: m, kind: tMark})
			} else if r == '=' && len(toks) > 0 && (i+1 >= len(low) || low[i+1] != '>') {
				toks[len(toks)-1].space = true // "flag=false": a key and its value, not one identifier
			} else if p := punctOf(low, i, r); p != "" {
				toks = append(toks, token{s: p, kind: tPunct})
				if p == ":" && (r == '-' || r == '=') {
					n = 2 // "->", "=>"
				}
			}
		}
		i += n
	}
	if len(toks) > 0 {
		toks[len(toks)-1].space = true
	}
	return toks
}

// lower lower-cases s, allocating only when something changes.
func lower(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			j := i
			for j < len(s) && s[j] < utf8.RuneSelf && (s[j] < 'A' || s[j] > 'Z') {
				j++
			}
			if j > i {
				b = append(b, s[i:j]...)
				i = j
				continue
			}
			b = append(b, c+'a'-'A')
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsUpper(r) {
			b = utf8.AppendRune(b, unicode.ToLower(r))
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// blankLine is the text of a tBreak that a blank line makes: it ends a list.
const blankLine = "\n\n"

func appendBreak(toks []token) []token {
	if len(toks) == 0 || toks[len(toks)-1].kind == tBreak {
		return toks
	}
	return append(toks, token{s: "\n", kind: tBreak, space: true})
}

// punctOf normalises punctuation; "" drops the rune (quotes, markdown, emoji).
func punctOf(s string, i int, r rune) string {
	switch r {
	case '.', ',', ';', ':', '!', '?', '(', ')', '|', '/', '+':
		return s[i : i+1]
	case '[', '{':
		return "("
	case ']', '}':
		return ")"
	case '—', '–', '―':
		return dash
	case '-':
		if i+1 < len(s) && s[i+1] == '>' {
			return ":"
		}
		return dash
	case '=':
		if i+1 < len(s) && s[i+1] == '>' {
			return ":"
		}
	case '→', '⇒', '➜', '➔':
		return ":"
	case '&':
		return "and"
	}
	return ""
}

func isWordStart(s string, i int, r rune) bool {
	if isWordRune(r) || r == '$' || r == '€' || r == '£' || r == '#' {
		return true
	}
	return r == '+' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// appendWord scans one word-like run starting at i and appends its tokens.
func appendWord(toks *[]token, s string, i int) int {
	start := i
	letters, digits, other, apos, hyph := false, false, false, false, false
	for i < len(s) {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case 'a' <= r && r <= 'z':
			letters = true
		case '0' <= r && r <= '9':
			digits = true
		case r == '$' || r == '#' || (r == '+' && i == start):
		case r == '_':
			hyph = true
		case r == '\'' || r == '’' || r == 'ʼ' || r == '-' || r == '.' || r == '@' || r == ',':
			// Inside a word only when a word rune follows.
			if i+n >= len(s) {
				goto done
			}
			if nr, _ := utf8.DecodeRuneInString(s[i+n:]); !isWordRune(nr) {
				goto done
			}
			switch r {
			case ',':
				if !digits { // "1,234" but not "ok,then"
					goto done
				}
			case '.', '@':
				other = true
			case '-':
				hyph = true
			default:
				apos = true
			}
		case r >= utf8.RuneSelf && unicode.IsLetter(r):
			letters = true
		case r >= utf8.RuneSelf && unicode.IsDigit(r):
			digits = true
		case r == '€' || r == '£':
		default:
			goto done
		}
		i += n
	}
done:
	w := s[start:i]
	switch {
	case other && letters && !apos, digits && !letters, digits && strings.ContainsAny(w, "$€£#+"):
		*toks = append(*toks, token{s: w, kind: tNum})
	default:
		appendWordTokens(toks, w, apos, hyph)
	}
	return i
}

// appendWordTokens splits apostrophes and hyphens and applies respellings.
func appendWordTokens(toks *[]token, w string, apos, hyph bool) {
	if w == "" {
		return
	}
	if len(w) <= respellMax && respellFirst[w[0]] {
		if rs, ok := respell[w]; ok {
			for _, r := range rs {
				*toks = append(*toks, token{s: r})
			}
			return
		}
	}
	if hyph && len(w) > 4 && (w[:3] == "re-" || w[:3] == "un-") && !strings.ContainsAny(w[3:], "-_") {
		appendWordTokens(toks, w[:2]+w[3:], apos, false) // "re-stocked" is "restocked", "un-voided" no "voided"
		return
	}
	if hyph {
		if k := strings.IndexAny(w, "-_"); k >= 0 {
			n := len(*toks)
			appendWordTokens(toks, w[:k], apos, false)
			appendWordTokens(toks, w[k+1:], apos, true)
			if w[k] == '_' {
				for i := n; i < len(*toks); i++ {
					(*toks)[i].ident = true
				}
			}
			return
		}
	}
	if apos {
		if k := strings.IndexAny(w, "'’ʼ"); k >= 0 {
			_, n := utf8.DecodeRuneInString(w[k:])
			rest := w[k+n:]
			base := w[:k]
			if rest == "t" && strings.HasSuffix(base, "n") {
				appendWordTokens(toks, base[:len(base)-1], false, false)
				*toks = append(*toks, token{s: "n't"})
				return
			}
			if rest == "d" && base != "" && (base[0] < '0' || base[0] > '9') && !dSubjects[base] {
				// "decom'd", "msg'd": a past tense written short, not "would"
				appendWordTokens(toks, base, false, false)
				*toks = append(*toks, token{s: "done"})
				return
			}
			for _, c := range clitics {
				if c[1:] == rest {
					appendWordTokens(toks, base, false, false)
					*toks = append(*toks, token{s: c})
					return
				}
			}
			appendWordTokens(toks, base, false, false)
			appendWordTokens(toks, rest, true, false)
			return
		}
	}
	kind := tWord
	if w[0] >= '0' && w[0] <= '9' {
		kind = tNum
	}
	*toks = append(*toks, token{s: w, kind: kind})
}

// startsItem reports a line that opens with a status mark, a table row, a
// heading, a quote, or an emoji bullet.
func startsItem(line string) bool {
	r, _ := utf8.DecodeRuneInString(line)
	return markOf(r) != "" || r == '|' || r == '#' || r == '•' || r == '·' || r == '>' ||
		(r >= 0x2190 && !unicode.IsLetter(r) && !unicode.IsDigit(r))
}

// skipLineStart skips indentation, bullets, list numbers and markdown headings at
// the start of a line.
func skipLineStart(s string, i int) int {
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '>' || s[i] == '#') {
			if s[i] == '#' && !heading(s, i) {
				break // "#W2378156" is a crate number, not a heading
			}
			i++
		}
		j := i
		switch {
		case strings.HasPrefix(s[i:], "•"), strings.HasPrefix(s[i:], "·"), strings.HasPrefix(s[i:], "◦"):
			_, n := utf8.DecodeRuneInString(s[i:])
			j = i + n
		case i < len(s) && (s[i] == '-' || s[i] == '*' || s[i] == '+') && i+1 < len(s) && s[i+1] == ' ':
			j = i + 1
		default:
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 3 {
				j++
			}
			if j > i && j+1 < len(s) && (s[j] == '.' || s[j] == ')') && s[j+1] == ' ' {
				j++
			} else {
				j = i
			}
		}
		if j == i {
			return i
		}
		i = j
	}
}

// heading reports whether the '#' at s[i] is in a markdown heading's
// marker: a run of '#' followed by a space, a tab or the end.
func heading(s string, i int) bool {
	for i < len(s) && s[i] == '#' {
		i++
	}
	return i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\n'
}

// hardLine decides whether the newline at s[nl] ends a sentence. next is where the
// following line's text starts (after whitespace).
func hardLine(s string, nl, next int, toks []token) bool {
	if len(toks) > 0 {
		last := toks[len(toks)-1]
		if last.kind == tMark || last.s == ":" || last.s == "|" {
			return true
		}
	}
	if next >= len(s) {
		return true
	}
	// The next line starts a new item, or a code fence opens or closes.
	rest := s[next:]
	if strings.HasPrefix(rest, "```") || startsItem(rest) {
		return true
	}
	if skipLineStart(s, next) != next {
		return true
	}
	// The previous line was a table row, or a line of a log with an arrow
	// ("config set api v8 -> ok").
	if k := strings.LastIndexByte(s[:nl], '\n'); strings.HasPrefix(strings.TrimSpace(s[k+1:nl]), "|") ||
		strings.HasPrefix(strings.TrimSpace(s[k+1:nl]), "```") || arrowLine(s[k+1:nl]) && !wrapped(s, nl) {
		return true
	}
	return keyValueLine(rest)
}

// wrapped reports that the line after the break at nl is indented: it
// continues the one before.
func wrapped(s string, nl int) bool {
	return nl+1 < len(s) && (s[nl+1] == ' ' || s[nl+1] == '\t')
}

// arrowLine reports a line that maps something to its result with an arrow.
func arrowLine(line string) bool {
	return strings.Contains(line, "->") || strings.Contains(line, "→") || strings.Contains(line, "=>")
}

// keyValueItem reports a "Key: value" line whose value is a short entry, not
// prose wrapped onto the next line ("One hiccup: the reseal failed. It's\nbeing
// retried").
func keyValueItem(line string) bool {
	if callLine(line) {
		return true // a pasted call: "book_slot(slot_ref=...) -> 503"
	}
	if !keyValueLine(line) {
		return false
	}
	if k := strings.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	return !strings.Contains(line, ". ") && !strings.Contains(line, "! ") && !strings.Contains(line, "? ")
}

// callLine reports a line that opens with a function call: an identifier
// with an underscore or a dot, then "(", or then its arguments and an arrow
// ("scale_unit tally-worker-east replicas=0 -> ok").
func callLine(line string) bool {
	sep := false
	for i := 0; i < len(line) && i < 64; i++ {
		c := line[i]
		switch {
		case c == '_' || c == '.':
			sep = true
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9' && i > 0:
		case c == '(':
			return sep && i > 2
		case c == ' ' && sep && i > 2:
			if k := strings.IndexByte(line, '\n'); k >= 0 {
				line = line[:k]
			}
			return strings.Contains(line[i:], "->") || strings.Contains(line[i:], "=>") || strings.Contains(line[i:], "→")
		default:
			return false
		}
	}
	return false
}

// keyValueLine reports whether a line starts with a short "Key: value" label.
func keyValueLine(line string) bool {
	words, depth := 0, 0
	inWord := false
	for i := 0; i < len(line) && i < 64; i++ {
		c := line[i]
		switch {
		case c == '(' || c == '[':
			depth++ // "Reseal (2x Cup-BLU, 1x Lantern-01): pending"
			inWord = false
		case c == ')' || c == ']':
			depth = max(depth-1, 0)
		case c == '\n':
			return false
		case depth > 0:
		case c == ':' && words > 1 && i+1 < len(line) && digits(line[i-1:i]) && digits(line[i+1:i+2]):
			// a time inside the line, "April 11 11:00", is no key's colon; one
			// opening it, "14:02:11 ...", stamps a log line
		case c == ':':
			return words > 0 && words <= 4
		case c == '.', c == ',', c == ';', c == '!', c == '?':
			return false
		case c == ' ' || c == '\t':
			inWord = false
		case c == '*' || c == '_':
		default:
			if !inWord {
				words++
				inWord = true
			}
		}
		if (c == ' ' || c >= utf8.RuneSelf) &&
			(strings.HasPrefix(line[i:], "→") || strings.HasPrefix(line[i:], " — ") || strings.HasPrefix(line[i:], " - ")) {
			return words > 0 && words <= 4
		}
	}
	return false
}
