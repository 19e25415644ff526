package claims_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
)

// cancels are two steps of one tool, told apart by their orders' numbers,
// which hold a '#' as tau2-bench's do.
func cancels() []claims.Step {
	ph := claims.Phrases{
		Done: []string{"cancelled|canceled"},
		Name: []string{"cancel", "cancellation"},
	}
	return []claims.Step{
		{ID: "w5199551", Tool: "cancel_pending_order", Terms: []string{"#W5199551"}, Phrases: ph},
		{ID: "w8665881", Tool: "cancel_pending_order", Terms: []string{"#W8665881"}, Phrases: ph},
	}
}

var _ = Describe("order numbers with '#' and steps that share a phrase", func() {
	DescribeTable("each order's cancellation is read on its own",
		func(message string, want map[string]claims.Claim) {
			Expect(claims.Extract(message, cancels()).Steps).To(Equal(want), message)
		},
		Entry("both in one list", "All done! I've cancelled order #W5199551 and cancelled order #W8665881.",
			map[string]claims.Claim{"w5199551": D, "w8665881": D}),
		Entry("one done, one not", "I have cancelled order #W5199551. But I could not cancel order #W8665881; that step failed.",
			map[string]claims.Claim{"w5199551": D, "w8665881": F}),
		Entry("an order number that starts a line is no heading", "#W5199551 is cancelled now.\n#W8665881 could not be cancelled.",
			map[string]claims.Claim{"w5199551": D, "w8665881": F}),
		Entry("a markdown heading still is one", "## Summary\nOrder #W5199551 is cancelled.",
			map[string]claims.Claim{"w5199551": D, "w8665881": U}),
	)

	DescribeTable("DoneForm says which terms read as a done form",
		func(term string, want bool) { Expect(claims.DoneForm(term)).To(Equal(want)) },
		Entry("a participle", "luggage set", true),
		Entry("a word ending in -ed", "pet bed", true),
		Entry("a plain noun", "mechanical keyboard", false),
		Entry("an order number", "#W5199551", false),
	)
})
