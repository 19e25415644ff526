package claims_test

import (
	"errors"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
)

var _ = Describe("phrase patterns", func() {
	DescribeTable("a malformed pattern is an error at its column",
		func(src string, col int, msg string) {
			_, err := claims.MatchPattern(src, "anything")
			var pe *claims.PatternError
			Expect(errors.As(err, &pe)).To(BeTrue(), "pattern %q compiled", src)
			Expect(pe.Col).To(Equal(col))
			Expect(pe.Msg).To(ContainSubstring(msg))
			Expect(err.Error()).To(ContainSubstring(src))
		},
		Entry("a two-digit gap", "order ~12 voided", 7, "from 1 to 9"),
		Entry("a gap of letters", "order ~x voided", 7, `"~x"`),
		Entry("a gap of zero", "order ~0 voided", 7, "from 1 to 9"),
		Entry("a bare ~", "order ~ voided", 7, `"~"`),
		Entry("two gaps", "order ~2 ~3 voided", 10, "two gaps"),
		Entry("a gap first", "~2 order", 1, "starts with a word"),
		Entry("an optional first", "?the order", 1, "starts with a word"),
		Entry("a negation first", "!not order", 1, "starts with a word"),
		Entry("a gap last", "order voided ~2", 15, "at the end"),
		Entry("an empty alternative", "order|| voided", 7, "empty alternative"),
		Entry("a leading bar", "order |voided", 7, "empty alternative"),
		Entry("a gap as an alternative", "order a|~2", 9, "not an alternative"),
		Entry("a star alone", "order *", 7, "prefix"),
		Entry("a star inside", "ref*und", 1, "prefix"),
		Entry("upper case", "Refunded", 1, "lower case"),
		Entry("upper case in an optional", "order ?The", 8, "lower case"),
		Entry("nothing", "   ", 1, "empty pattern"),
	)

	DescribeTable("a well-formed pattern matches what it says",
		func(src, text string, want bool) {
			got, err := claims.MatchPattern(src, text)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want), "%q in %q", src, text)
		},
		Entry("alternatives", "refunded|reimbursed", "you were reimbursed", true),
		Entry("a prefix", "refund*", "refunding now", true),
		Entry("an optional present", "back ?in stock", "back in stock", true),
		Entry("an optional absent", "back ?in stock", "back stock", true),
		Entry("a gap within its width", "order ~3 voided", "order A1 was voided", true),
		Entry("a gap too narrow", "order ~1 voided", "order A1 was voided", false),
		Entry("an identifier is one word of a gap", "moved ~4 over", "moved the funds from ACC-310 over", true),
		Entry("however many parts it has", "moved ~1 over", "moved v2.3.1-rc over", true),
		Entry("a gap never crosses and", "order ~3 voided", "order and voided", false),
		Entry("a negation", "credit !card", "a credit card", false),
		Entry("a negation passed", "credit !card", "a credit of $5", true),
		Entry("a negation at the end of the text", "credit !card", "a credit", true),
		Entry("punctuation as a word", "new !.|?", "a new one", true),
	)
})

// FuzzPattern checks that any source compiles or is refused with an error
// that names a column inside it; never a panic.
func FuzzPattern(f *testing.F) {
	for _, s := range []string{"order ~3 voided", "~12", "?a|b !c", "a||b", "$*|€* ~2 back", "x ~", "! ?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, err := claims.MatchPattern(src, "the order was voided and $5 is back")
		if err == nil {
			return
		}
		var pe *claims.PatternError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: %v is not a PatternError", src, err)
		}
		if pe.Col < 1 || pe.Col > max(len(src), 1) || strings.TrimSpace(pe.Msg) == "" {
			t.Fatalf("%q: column %d, message %q", src, pe.Col, pe.Msg)
		}
	})
}

var _ = Describe("a pack's phrases for a step", func() {
	DescribeTable("name the step",
		func(message string, phrases claims.Phrases, want claims.Claim) {
			got := claims.Extract(message, []claims.Step{{ID: "page_oncall", Phrases: phrases}, {ID: "restart_api"}})
			Expect(got.Steps["page_oncall"]).To(Equal(want))
		},
		Entry("without them the reply names nothing", "The night shift is on it now.", claims.Phrases{}, claims.Unmentioned),
		Entry("a done phrase", "The night shift is on it now.",
			claims.Phrases{Done: []string{"night shift|rota is|are ?now on|handling it"}}, claims.Done),
		Entry("a name read in its context", "I couldn't wake the night shift.",
			claims.Phrases{Name: []string{"night shift|rota"}}, claims.Failed),
		Entry("a failed phrase", "Nobody on the rota has picked it up.",
			claims.Phrases{Failed: []string{"nobody ~4 picked|picking it up"}}, claims.Failed),
		Entry("a malformed phrase is left out", "The night shift is on it now.",
			claims.Phrases{Done: []string{"night ~12 shift"}}, claims.Unmentioned),
	)

	It("checks a phrase with CheckPattern", func() {
		Expect(claims.CheckPattern("night shift|rota ?now")).To(Succeed())
		var pe *claims.PatternError
		Expect(errors.As(claims.CheckPattern("night ~x"), &pe)).To(BeTrue())
		Expect(pe.Col).To(Equal(7))
	})
})

var _ = Describe("a noun several packs' tools share", func() {
	rota := claims.Phrases{Noun: []string{"rota|rotas"}, Parts: []string{"the|its slot"}, Near: map[string]int{"night": 2, "weekend": 1}}
	pager := claims.Phrases{Noun: []string{"rota|rotas"}, Parts: []string{"the|its slot"}, Near: map[string]int{"day": 2, "primary": 2}, Standing: true}
	steps := []claims.Step{{ID: "night_rota", Phrases: rota}, {ID: "day_rota", Phrases: pager}}
	DescribeTable("is the step whose near words are around it",
		func(message, want string) {
			got := claims.Extract(message, steps)
			for _, id := range []string{"night_rota", "day_rota"} {
				exp := claims.Unmentioned
				if strings.Contains(want, id) {
					exp = claims.Done
				}
				Expect(got.Steps[id]).To(Equal(exp), "%s: %s", id, message)
			}
		},
		Entry("a near word before it", "The night rota was updated.", "night_rota"),
		Entry("a near word after it", "The rota for the day shift was updated.", "day_rota"),
		Entry("the plural is every step", "Both rotas were updated.", "night_rota day_rota"),
		Entry("'everywhere' is every step", "The rota was updated everywhere.", "night_rota day_rota"),
		Entry("no qualifier: the first", "The rota was updated.", "night_rota"),
		Entry("from now on favours the standing step", "From now on the rota is updated.", "day_rota"),
		Entry("a part names what the noun last named", "The day rota was updated and the slot was updated.", "day_rota"),
		Entry("an old noun with no qualifier names nothing", "The old rota was updated.", ""),
	)

	It("with one step declaring it, is that step", func() {
		got := claims.Extract("The rota was updated.", []claims.Step{{ID: "night_rota", Phrases: rota}})
		Expect(got.Steps["night_rota"]).To(Equal(claims.Done))
	})
})

var _ = Describe("words that make a mention another thing", func() {
	swap := claims.Phrases{Name: []string{"replacement", "new lamp|lamps"}, Cues: map[string][]string{"done": {"dispatched"}}, NotAfter: []string{"broken"}, NotBefore: []string{"cracked"}}
	DescribeTable("not_after and not_before",
		func(message string, want claims.Claim) {
			got := claims.Extract(message, []claims.Step{{ID: "swap", Phrases: swap, Terms: []string{"lamp"}}})
			Expect(got.Steps["swap"]).To(Equal(want), message)
		},
		Entry("a word right before", "We collected the broken lamp.", claims.Unmentioned),
		Entry("a word just after", "Your lamp dispatched cracked.", claims.Unmentioned),
		Entry("unless it is called new", "The new lamp dispatched cracked.", claims.Done),
		Entry("or by the step's own name", "The replacement dispatched cracked.", claims.Done),
		Entry("without them, the step", "The lamp has been dispatched.", claims.Done),
	)

	It("a neutral phrase keeps its negation off the step", func() {
		stop := claims.Phrases{Done: []string{"stopped"}, Neutral: []string{"won't|n't run"}}
		got := claims.Extract("The job is stopped, so it won't run tonight.", []claims.Step{{ID: "halt", Phrases: stop}})
		Expect(got.Steps["halt"]).To(Equal(claims.Done))
	})
})

var _ = Describe("a step's own phrases beside its tool's", func() {
	It("hold both, the step's after the tool's, and leave the tool's as they were", func() {
		tool := claims.Phrases{Done: make([]string, 1, 4), Cues: map[string][]string{"done": {"crated"}}, Near: map[string]int{"dock": 2}}
		tool.Done[0] = "sealed"
		own := claims.Phrases{Done: []string{"boxed"}, Cues: map[string][]string{"done": {"packed"}, "ready": {"stacked"}}, Near: map[string]int{"bay": 1}, Removes: true}
		got := tool.With(own)
		Expect(got.Done).To(Equal([]string{"sealed", "boxed"}))
		Expect(got.Cues).To(Equal(map[string][]string{"done": {"crated", "packed"}, "ready": {"stacked"}}))
		Expect(got.Near).To(Equal(map[string]int{"dock": 2, "bay": 1}))
		Expect(got.Removes).To(BeTrue())
		got.Done[0], got.Cues["done"][0] = "x", "x"
		Expect(tool.Done[:cap(tool.Done)][1]).To(BeEmpty())
		Expect(tool.Cues).To(Equal(map[string][]string{"done": {"crated"}}))
		Expect(tool.Near).To(Equal(map[string]int{"dock": 2}))
	})
})
