package mocktools_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
)

var _ = Describe("NewToolbox", func() {
	It("fails on an unknown pack, naming the known ones", func() {
		tb, err := mocktools.NewToolbox([]string{"no-such-pack"})
		Expect(err).To(MatchError(HavePrefix(`unknown tool pack "no-such-pack" (known: [`)))
		Expect(tb).To(BeNil())
	})

	echo := mocktools.Func{Def: mocktools.Definition{Name: "echo"}}
	It("fails when two packs define the same tool", func() {
		tb, err := mocktools.ToolboxOf(mocktools.Pack{Name: "a", Collections: []string{"x"}, Tools: []mocktools.Tool{echo}},
			mocktools.Pack{Name: "b", Collections: []string{"y"}, Tools: []mocktools.Tool{echo}})
		Expect(err).To(MatchError(`tool "echo" is defined by two packs`))
		Expect(tb).To(BeNil())
	})

	It("fails when two packs own the same collection", func() {
		tb, err := mocktools.ToolboxOf(mocktools.Pack{Name: "a", Collections: []string{"x"}}, mocktools.Pack{Name: "b", Collections: []string{"x"}})
		Expect(err).To(MatchError(`collection "x" is owned by two packs`))
		Expect(tb).To(BeNil())
	})

	It("is empty for no packs", func() {
		tb, err := mocktools.NewToolbox(nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(tb.Names()).To(BeEmpty())
		Expect(tb.Definitions()).To(BeEmpty())
	})
})

var _ = Describe("Response", func() {
	It("renders its body as JSON for the model", func() {
		r := mocktools.Response{Status: mocktools.StatusOK, Body: mocktools.Body{"status": "ok", "amount": 12.5}}
		Expect(r.Content()).To(Equal(`{"amount":12.5,"status":"ok"}`))
	})

	It("reports a body that cannot be rendered", func() {
		r := mocktools.Response{Status: mocktools.StatusOK, Body: mocktools.Body{"bad": make(chan int)}}
		Expect(r.Content()).To(Equal(`{"error": "json: unsupported type: chan int"}`))
	})

	It("builds an explicit tool error", func() {
		r := mocktools.Errorf("order %s not found", "A9")
		Expect(r).To(Equal(mocktools.Response{Status: mocktools.StatusError, Body: mocktools.Body{"error": "order A9 not found"}}))
	})
})

var _ = Describe("Validate", func() {
	def := mocktools.Definition{Name: "address", Parameters: mocktools.Object(map[string]any{
		"line1": mocktools.Str("the first line"),
		"line2": map[string]any{"type": "string", "description": "the second line, or empty", "minLength": 0},
	}, "line1", "line2")}

	It("refuses an empty string by default", func() {
		Expect(mocktools.Validate(def, mocktools.Args{"line1": "", "line2": "Apt 1"})).
			To(MatchError("line1: must not be empty"))
	})

	It("accepts an empty string whose schema says minLength 0", func() {
		Expect(mocktools.Validate(def, mocktools.Args{"line1": "1 Main St", "line2": ""})).To(Succeed())
	})
})
