package result

import (
	"math"
	"time"
)

// Message is one entry of a trial's conversation, in chat-completions
// shape. The agent loop uses this type for its own transcript.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content,omitempty"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
	Name       string     `json:"name,omitempty"`
}

// ToolCall is a model's request to call a tool; Arguments is JSON text as
// the model wrote it (it may be invalid).
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// ModelUsage is what a model backend spent on one trial: model calls, the
// extra attempts its retries cost, and tokens.
type ModelUsage struct {
	// Requests counts model calls that were made.
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

// Add returns the sum of two usages. Every field saturates at the largest
// int instead of wrapping: a total is never negative.
func (u ModelUsage) Add(o ModelUsage) ModelUsage {
	return ModelUsage{Requests: SatAdd(u.Requests, o.Requests), Retries: SatAdd(u.Retries, o.Retries),
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

// Injection is one fault firing, as the ledger records it.
type Injection struct {
	Fault    string        `json:"fault"`
	Kind     string        `json:"kind"`
	Tool     string        `json:"tool"`
	Call     string        `json:"call"`
	Index    int           `json:"index"`
	Response string        `json:"response"`
	State    string        `json:"state"`
	At       time.Duration `json:"at_ns"`
}

// CallRecord is one tool call as the harness saw it.
type CallRecord struct {
	ID     string `json:"id"`
	Tool   string `json:"tool"`
	Args   string `json:"args"`
	Status string `json:"status"`
	// Failed is true when a fault fired or the tool returned an error.
	Failed bool          `json:"failed"`
	Fault  string        `json:"fault,omitempty"`
	At     time.Duration `json:"at_ns"`
}

// Cell is the step and fault kind a swept variant tests.
type Cell struct {
	Step string `json:"step"`
	Kind string `json:"kind"`
}
