package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"reflect"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
)

// hostile holds what a model or a scenario file may put in any string:
// NUL, an ANSI colour and cursor sequence, BEL, a C1 CSI, a bidi override,
// a zero-width space, a newline and a byte that is not UTF-8.
const hostile = "ok\x00\x1b[31m\x1b[2J\a\u009b\u202e\u200b\nend\xff"

// fill sets every string in v (struct fields, slice and map elements, map
// keys, interface values) to hostile, and gives every slice and map one
// element, so that no field a report prints escapes the test.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(hostile)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0))
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		fill(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		v.Set(reflect.ValueOf(hostile))
	}
}

// hostileSuite is a suite with every string hostile: one trial that
// failed with steps, ledger and reply, one that errored, one that ran out
// of turns.
func hostileSuite() *result.Suite {
	var s result.Suite
	fill(reflect.ValueOf(&s))
	base := s.Trials[0]
	base.Passed, base.Error = false, ""
	errored := base
	errored.Verdict, errored.Error = "error", hostile
	unfinished := base
	unfinished.Verdict, unfinished.OutOfTurns = "unfinished", true
	s.Trials = []result.Trial{base, errored, unfinished}
	s.Summary["false_success_rate"] = result.Metric{K: 1, N: 2}
	return &s
}

// hostileCases is hostileSuite as a plain run: the case table and the
// failing trials, not a sweep matrix.
func hostileCases() *result.Suite {
	s := hostileSuite()
	s.Sweep = nil
	return s
}

// sgr matches the colour sequences the palette itself writes.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// rawControl finds a control or format character, or invalid UTF-8, left
// in output; newlines and the indentation tabs of formats are allowed.
func rawControl(out string) string {
	for i, r := range out {
		switch {
		case r == '\n' || r == '\t':
		case r == 0xFFFD && !strings.HasPrefix(out[i:], "\uFFFD"):
			return "invalid UTF-8"
		case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0, r == 0x202e, r == 0x200b:
			return strings.TrimSpace(out[max(0, i-20):min(len(out), i+20)])
		}
	}
	return ""
}

var _ = Describe("every report format", func() {
	DescribeTable("escapes control characters from models and scenario files",
		func(format string, color bool, s *result.Suite) {
			render, err := report.Lookup(format)
			Expect(err).NotTo(HaveOccurred())
			var b bytes.Buffer
			Expect(render(&b, s, report.Options{Color: color})).To(Succeed())
			out := b.String()
			Expect(out).To(ContainSubstring("ok"), "the hostile text is in the report")
			if color {
				Expect(out).To(MatchRegexp("\x1b\\[31;1m"), "the palette's own colours stay")
				out = sgr.ReplaceAllString(out, "")
			}
			Expect(rawControl(out)).To(BeEmpty())
			switch format {
			case "json":
				var v any
				Expect(json.Unmarshal(b.Bytes(), &v)).To(Succeed())
			case "junit":
				var v any
				Expect(xml.Unmarshal(b.Bytes(), &v)).To(Succeed())
			}
		},
		Entry("text", "text", false, hostileCases()),
		Entry("text in colour", "text", true, hostileCases()),
		Entry("text, a sweep", "text", false, hostileSuite()),
		Entry("text in colour, a sweep", "text", true, hostileSuite()),
		Entry("json", "json", false, hostileSuite()),
		Entry("junit", "junit", false, hostileSuite()),
		Entry("markdown", "markdown", false, hostileCases()),
	)

	It("shows the text report's escapes where the characters were", func() {
		var b bytes.Buffer
		Expect(report.Text(&b, hostileCases(), report.Options{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring(`ok\x00\x1b[31m\x1b[2J\x07\x9b\u202e\u200b`))
		Expect(b.String()).To(ContainSubstring(`end\xff`))
	})

	It("says when an agent outside evalrun ran a trial, and that its model's side is not visible", func() {
		var b bytes.Buffer
		s := hostileCases()
		s.Trials[0].External = true
		Expect(report.Text(&b, s, report.Options{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring("external agent: 1 tool call(s) over MCP; the agent's own side of the conversation is not visible"))
	})

	It("says when a trial ran out of turns", func() {
		var b bytes.Buffer
		s := hostileCases()
		s.Trials[2].Turns = 40
		Expect(report.Text(&b, s, report.Options{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring("ran out of turns: still calling tools after 40 turns: no final reply"))
	})
})

var _ = DescribeTable("Escape",
	func(in, want string) { Expect(report.Escape(in)).To(Equal(want)) },
	Entry("plain text stays", "Refunded $120.00 — thanks!", "Refunded $120.00 — thanks!"),
	Entry("NUL, ESC, BEL", "a\x00b\x1bc\ad", `a\x00b\x1bc\x07d`),
	Entry("newline and tab", "a\nb\tc", `a\x0ab\x09c`),
	Entry("C1 and DEL", "\u0085\x7f", `\x85\x7f`),
	Entry("bidi override", "abc\u202edef", `abc\u202edef`),
	Entry("invalid UTF-8", "a\xffb", `a\xffb`),
	Entry("a real U+FFFD stays", "a\uFFFDb", "a\uFFFDb"),
)
