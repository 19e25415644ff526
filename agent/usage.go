package agent

import "math"

// Usage is what a model backend spent on one trial: model calls, the extra
// attempts its retries cost, and tokens. The runner stores it on the trial
// result and totals it for the suite, so a run says what it cost.
type Usage struct {
	// Requests counts model calls that were made (each a Next).
	Requests int `json:"requests"`
	// Retries counts extra attempts after rate limits, server errors and
	// timeouts; it depends on the endpoint's mood, not on the agent.
	Retries int `json:"retries"`
	// PromptTokens and CompletionTokens sum the counts the endpoint
	// reported, over the requests whose counts were usable.
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	// Unknown counts answered requests whose token counts were missing,
	// negative or absurd: they are left out of the sums, and a cost
	// computed without them would be a guess, so there is none.
	Unknown int `json:"unknown_usage,omitempty"`
}

// MaxTokensPerCall is the most tokens one model call can plausibly report;
// a larger count is a broken endpoint, not spend.
const MaxTokensPerCall = 100_000_000

// Add returns the sum of two usages. Every field saturates at the largest
// int instead of wrapping: a total is never negative.
func (u Usage) Add(o Usage) Usage {
	return Usage{Requests: SatAdd(u.Requests, o.Requests), Retries: SatAdd(u.Retries, o.Retries),
		PromptTokens: SatAdd(u.PromptTokens, o.PromptTokens), CompletionTokens: SatAdd(u.CompletionTokens, o.CompletionTokens),
		Unknown: SatAdd(u.Unknown, o.Unknown)}
}

// SatAdd adds two counts, saturating at the ends of int instead of
// wrapping around.
func SatAdd(a, b int) int {
	switch {
	case b > 0 && a > math.MaxInt-b:
		return math.MaxInt
	case b < 0 && a < math.MinInt-b:
		return math.MinInt
	}
	return a + b
}

// Metered is an optional ability of a model that calls a paid endpoint: the
// runner reads its usage when the trial ends. Models without it (the
// reference and scripted agents) report none.
type Metered interface {
	Usage() Usage
}
