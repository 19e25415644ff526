package excerpt

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOf(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `""`},
		{"  a\n\tb  ", `"a b"`},
		{"\x01bad\xffbyte", `"\x01bad�byte"`},
		{strings.Repeat("é", 12), `"` + strings.Repeat("é", 10) + `..."`},
	}
	for _, c := range cases {
		if got := Of([]byte(c.in), 10); got != c.want {
			t.Errorf("Of(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// FuzzOf checks that any body gives one quoted line of valid UTF-8 within
// the length asked for.
func FuzzOf(f *testing.F) {
	f.Add([]byte("hello\nworld"), 5)
	f.Add([]byte("\xff\xfe\x00"), 1)
	f.Fuzz(func(t *testing.T, b []byte, n int) {
		if n < 1 || n > 1000 {
			return
		}
		q := Of(b, n)
		s, err := strconv.Unquote(q)
		if err != nil {
			t.Fatalf("Of = %s, not a quoted string: %v", q, err)
		}
		if strings.ContainsAny(q, "\n\r") || !utf8.ValidString(s) {
			t.Fatalf("Of = %s, not one valid line", q)
		}
		if c := utf8.RuneCountInString(strings.TrimSuffix(s, "...")); c > n {
			t.Fatalf("Of = %s, %d runes, asked for %d", q, c, n)
		}
	})
}
