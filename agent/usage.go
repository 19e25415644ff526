package agent

import "github.com/evalrun/evalrun/result"

// Usage is what a model backend spent on one trial: model calls, the extra
// attempts its retries cost, and tokens. The runner stores it on the trial
// result and totals it for the suite, so a run says what it cost. It is the
// result model's type.
type Usage = result.ModelUsage

// MaxTokensPerCall is the most tokens one model call can plausibly report;
// a larger count is a broken endpoint, not spend.
const MaxTokensPerCall = 100_000_000

// SatAdd adds two counts, saturating instead of wrapping around.
func SatAdd(a, b int) int { return result.SatAdd(a, b) }

// Metered is an optional ability of a model that calls a paid endpoint: the
// runner reads its usage when the trial ends. Models without it (the
// reference and scripted agents) report none.
type Metered interface {
	Usage() Usage
}
