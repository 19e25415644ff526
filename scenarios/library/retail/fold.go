package retail

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// fold is the form in which tau2 compares names and emails: surrounding
// white space trimmed, decomposed (NFD) with every combining mark dropped,
// then case-folded, so that "Álvaro " finds "alvaro". Nothing else is
// normalised: inner spaces and punctuation still count.
func fold(s string) string {
	s = strings.TrimFunc(s, isPySpace)
	if ascii(s) {
		return strings.ToLower(s) // ASCII has no marks, and folds to lower case
	}
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for i := 0; i < len(d); {
		p := norm.NFD.PropertiesString(d[i:])
		n := p.Size()
		if n == 0 {
			n = 1
		}
		if p.CCC() == 0 {
			b.WriteString(d[i : i+n])
		}
		i += n
	}
	return cases.Fold().String(b.String())
}

// foldEqual reports whether fold(s) == folded, without building fold(s)
// when s is ASCII.
func foldEqual(s, folded string) bool {
	if ascii(s) && ascii(folded) {
		return strings.EqualFold(strings.TrimFunc(s, isPySpace), folded)
	}
	return fold(s) == folded
}

// isPySpace is what Python's str.strip removes: Unicode white space and
// the four ASCII separators U+001C to U+001F.
func isPySpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
