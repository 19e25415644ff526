package agent

// Usage is what a model backend spent on one trial: model calls, the extra
// attempts its retries cost, and tokens. The runner stores it on the trial
// result and totals it for the suite, so a run says what it cost.
type Usage struct {
	// Requests counts model calls that were made (each a Next).
	Requests int `json:"requests"`
	// Retries counts extra attempts after rate limits, server errors and
	// timeouts; it depends on the endpoint's mood, not on the agent.
	Retries          int `json:"retries"`
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Add returns the sum of two usages.
func (u Usage) Add(o Usage) Usage {
	return Usage{Requests: u.Requests + o.Requests, Retries: u.Retries + o.Retries,
		PromptTokens: u.PromptTokens + o.PromptTokens, CompletionTokens: u.CompletionTokens + o.CompletionTokens}
}

// Metered is an optional ability of a model that calls a paid endpoint: the
// runner reads its usage when the trial ends. Models without it (the
// reference and scripted agents) report none.
type Metered interface {
	Usage() Usage
}
