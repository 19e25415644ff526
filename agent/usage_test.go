package agent_test

import (
	"math"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
)

var _ = Describe("usage", func() {
	DescribeTable("adds counts, saturating instead of wrapping",
		func(a, b, want int) { Expect(agent.SatAdd(a, b)).To(Equal(want)) },
		Entry("small", 2, 3, 5),
		Entry("to the top", math.MaxInt-1, 1, math.MaxInt),
		Entry("past the top", math.MaxInt, math.MaxInt, math.MaxInt),
		Entry("past the bottom", math.MinInt, -1, math.MinInt),
		Entry("down from the top", math.MaxInt, -1, math.MaxInt-1),
	)

	It("sums every field, and a total of huge counts stays the largest int", func() {
		big := agent.Usage{Requests: 1, Retries: 2, PromptTokens: math.MaxInt, CompletionTokens: math.MaxInt - 5, Unknown: 1}
		sum := big.Add(big).Add(agent.Usage{PromptTokens: 7})
		Expect(sum).To(Equal(agent.Usage{Requests: 2, Retries: 4, PromptTokens: math.MaxInt, CompletionTokens: math.MaxInt, Unknown: 2}))
	})
})
