package commerce_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
)

// definition returns a commerce tool's definition. Tables call it while the
// spec tree is built, before Gomega can fail a spec, so it panics instead.
func definition(name string) mocktools.Definition {
	p, ok := mocktools.Lookup("commerce")
	if !ok {
		panic("no commerce pack")
	}
	for _, t := range p.Tools {
		if t.Definition().Name == name {
			return t.Definition()
		}
	}
	panic("no commerce tool " + name)
}

// decode reads arguments as a model sends them: JSON.
func decode(raw string) mocktools.Args {
	var a mocktools.Args
	Expect(json.Unmarshal([]byte(raw), &a)).To(Succeed())
	return a
}

var flagTool = mocktools.Definition{Name: "flag", Parameters: mocktools.Object(map[string]any{
	"urgent": map[string]any{"type": "boolean"},
	"note":   mocktools.Str("free text"),
}, "urgent")}

var _ = DescribeTable("Validate",
	func(def mocktools.Definition, raw, want string) {
		err := mocktools.Validate(def, decode(raw))
		if want == "" {
			Expect(err).NotTo(HaveOccurred())
			return
		}
		Expect(err).To(MatchError(want))
	},
	// Accepted.
	Entry("a valid refund", definition("issue_refund"), `{"order_id": "A1001", "amount": 12.5}`, ""),
	Entry("a zero amount: the minimum is inclusive", definition("issue_refund"), `{"order_id": "A1001", "amount": 0}`, ""),
	Entry("an optional argument left out", definition("cancel_order"), `{"order_id": "A1001"}`, ""),
	Entry("an integer written with a fraction of zero", definition("restock"), `{"items": [{"sku": "S1", "qty": 2.0}]}`, ""),
	Entry("an enum value", definition("notify_customer"),
		`{"customer_id": "C-1", "order_id": "A1", "message": "hi", "channel": "sms"}`, ""),
	Entry("a boolean", flagTool, `{"urgent": false}`, ""),

	// Missing and unknown.
	Entry("a missing required argument", definition("issue_refund"), `{"order_id": "A1001"}`,
		`arguments: missing required "amount"`),
	Entry("no arguments at all: the first required is named", definition("issue_refund"), `{}`,
		`arguments: missing required "order_id"`),
	Entry("missing beats unknown", definition("issue_refund"), `{"note": "x"}`,
		`arguments: missing required "order_id"`),
	Entry("an unknown argument", definition("issue_refund"), `{"order_id": "A1001", "amount": 1, "note": "x"}`,
		`arguments: unknown argument "note"`),
	Entry("unknown arguments are reported in name order", definition("issue_refund"),
		`{"order_id": "A1001", "amount": 1, "zeta": 1, "alpha": 2}`,
		`arguments: unknown argument "alpha"`),
	Entry("a missing required field of an item", definition("restock"), `{"items": [{"sku": "S1"}]}`,
		`items[0]: missing required "qty"`),
	Entry("an unknown field of an item", definition("restock"), `{"items": [{"sku": "S1", "qty": 1, "size": "L"}]}`,
		`items[0]: unknown argument "size"`),

	// Wrong types.
	Entry("a number for a string", definition("issue_refund"), `{"order_id": 1001, "amount": 1}`,
		`order_id: want a string, got a number`),
	Entry("null for a string", definition("issue_refund"), `{"order_id": null, "amount": 1}`,
		`order_id: want a string, got null`),
	Entry("a boolean for a string", definition("issue_refund"), `{"order_id": true, "amount": 1}`,
		`order_id: want a string, got a boolean`),
	Entry("a string for a number", definition("issue_refund"), `{"order_id": "A1001", "amount": "12"}`,
		`amount: want a number, got a string`),
	Entry("an array for a number", definition("issue_refund"), `{"order_id": "A1001", "amount": [12]}`,
		`amount: want a number, got an array`),
	Entry("an object for an array", definition("restock"), `{"items": {"sku": "S1", "qty": 1}}`,
		`items: want an array, got an object`),
	Entry("a string for an item object", definition("restock"), `{"items": ["S1"]}`,
		`items[0]: want an object, got a string`),
	Entry("a string for a whole number", definition("restock"), `{"items": [{"sku": "S1", "qty": "2"}]}`,
		`items[0].qty: want a number, got a string`),
	Entry("a string for a boolean", flagTool, `{"urgent": "yes"}`,
		`urgent: want true or false, got a string`),
	Entry("a number for a boolean", flagTool, `{"urgent": 1}`,
		`urgent: want true or false, got a number`),

	// Values.
	Entry("a value outside the enum", definition("notify_customer"),
		`{"customer_id": "C-1", "order_id": "A1", "message": "hi", "channel": "fax"}`,
		`channel: "fax" is not one of email, sms`),
	Entry("an empty enum value is reported as empty", definition("notify_customer"),
		`{"customer_id": "C-1", "order_id": "A1", "message": "hi", "channel": ""}`,
		`channel: must not be empty`),
	Entry("a fraction for a whole number", definition("restock"), `{"items": [{"sku": "S1", "qty": 1.5}]}`,
		`items[0].qty: want a whole number, got 1.5`),
	Entry("a whole number below its minimum", definition("restock"), `{"items": [{"sku": "S1", "qty": 0}]}`,
		`items[0].qty: must be at least 1, got 0`),
	Entry("a number below its minimum", definition("issue_refund"), `{"order_id": "A1001", "amount": -5}`,
		`amount: must be at least 0, got -5`),
	Entry("too few items", definition("restock"), `{"items": []}`,
		`items: want at least 1 items, got 0`),
	Entry("the second item is checked too", definition("restock"), `{"items": [{"sku": "S1", "qty": 1}, {"sku": "", "qty": 1}]}`,
		`items[1].sku: must not be empty`),
	Entry("an empty string", definition("notify_customer"),
		`{"customer_id": "C-1", "order_id": "A1", "message": ""}`,
		`message: must not be empty`),
	Entry("an empty optional string", definition("cancel_order"), `{"order_id": "A1001", "reason": ""}`,
		`reason: must not be empty`),
)

var _ = Describe("Validate on null arguments", func() {
	It("treats them as an empty object", func() {
		err := mocktools.Validate(definition("get_order"), nil)
		Expect(err).To(MatchError(`arguments: missing required "order_id"`))
	})
})

var _ = Describe("Args", func() {
	a := mocktools.Args{
		"order_id": "A1", "amount": 12.5, "qty": 3,
		"items": []any{map[string]any{"sku": "S1"}, "junk", map[string]any{"sku": "S2"}},
	}

	It("reads strings, empty when absent or not a string", func() {
		Expect(a.String("order_id")).To(Equal("A1"))
		Expect(a.String("amount")).To(Equal(""))
		Expect(a.String("nope")).To(Equal(""))
	})

	It("reads JSON numbers, and says when there is none", func() {
		f, ok := a.Number("amount")
		Expect(ok).To(BeTrue())
		Expect(f).To(Equal(12.5))
		_, ok = a.Number("qty")
		Expect(ok).To(BeFalse(), "a Go int is not a JSON number")
		_, ok = a.Number("nope")
		Expect(ok).To(BeFalse())
	})

	It("reads the objects of a list, skipping other values", func() {
		Expect(a.Items("items")).To(Equal([]map[string]any{{"sku": "S1"}, {"sku": "S2"}}))
		Expect(a.Items("order_id")).To(BeEmpty())
	})
})
