package report

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// styled is text that is safe to print as is: escaped, then coloured by
// the palette. Plain strings given to errWriter.printf are escaped there.
type styled string

// Escape makes outside text safe for a terminal: control characters (NUL,
// ESC, BEL, newlines), invisible format characters (bidirectional
// overrides, zero-width spaces) and invalid UTF-8 become visible escapes
// such as \x1b and \u202e, so that a model's reply cannot move the cursor,
// recolour, ring, or reorder the report around it.
func Escape(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == utf8.RuneError || strconv.IsPrint(r):
			b.WriteString(s[i : i+n])
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	return b.String()
}

// escapeEncoded rewrites the characters Escape would escape, in a JSON or
// XML document, as the format's own escapes (\u009b, &#x9b;). Encoders
// already escape what their format forbids, but leave C1 controls, DEL,
// bidirectional overrides and zero-width characters raw, and a terminal
// that shows the file would act on them. Such characters can only occur
// inside strings and text, where the escape means the same character;
// the layout's newlines and spaces stay.
func escapeEncoded(b []byte, ref func(r rune) string) []byte {
	clean := true
	for _, r := range string(b) {
		if r != '\n' && !strconv.IsPrint(r) {
			clean = false
			break
		}
	}
	if clean {
		return b
	}
	var out strings.Builder
	out.Grow(len(b) + 64)
	for _, r := range string(b) {
		if r == '\n' || strconv.IsPrint(r) {
			out.WriteRune(r)
			continue
		}
		out.WriteString(ref(r))
	}
	return []byte(out.String())
}

// jsonRef is a JSON string escape; characters past U+FFFF take a
// surrogate pair, as JSON requires.
func jsonRef(r rune) string {
	if r > 0xFFFF {
		hi, lo := utf16.EncodeRune(r)
		return fmt.Sprintf(`\u%04x\u%04x`, hi, lo)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// xmlRef is an XML character reference.
func xmlRef(r rune) string { return fmt.Sprintf("&#x%X;", r) }
