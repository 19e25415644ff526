// Package excerpt quotes the start of a body someone else sent (an
// endpoint's reply, an agent's answer) for an error message: on one line,
// control characters escaped, invalid UTF-8 replaced, cut to a length a
// person reads.
package excerpt

import (
	"strconv"
	"strings"
)

// Of is the start of b, at most runes characters, quoted; "..." marks a cut.
func Of(b []byte, runes int) string {
	if len(b) > 4*runes+4 {
		b = b[:4*runes+4]
	}
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(b), "\uFFFD")), " ")
	if r := []rune(s); len(r) > runes {
		s = string(r[:runes]) + "..."
	}
	return strconv.Quote(s)
}
