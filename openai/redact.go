package openai

import (
	"strings"

	"github.com/evalrun/evalrun/agent"
)

// Redacted replaces the API key wherever it appears.
const Redacted = "[redacted]"

// MinRedactedKey is the shortest key treated as a secret. Shorter ones are
// placeholders (Ollama's and vLLM's examples use "ollama" and "EMPTY"),
// and replacing every "EMPTY" in a model's text would change what is
// scored.
const MinRedactedKey = 8

// redactor removes the API key from anything that came back from the
// endpoint: replies, error messages and recordings. Everything evalrun
// writes about a model call (transcripts, final messages, tool arguments,
// reports, recordings, errors) passes through it first.
type redactor struct{ key string }

func newRedactor(key string) redactor {
	if len(key) < MinRedactedKey {
		return redactor{}
	}
	return redactor{key: key}
}

// String returns s without the key.
func (r redactor) String(s string) string {
	if r.key == "" || !strings.Contains(s, r.key) {
		return s
	}
	return strings.ReplaceAll(s, r.key, Redacted)
}

// Reply returns the reply without the key in its text or its calls.
func (r redactor) Reply(rep agent.Reply) agent.Reply {
	rep.Content = r.String(rep.Content)
	if len(rep.ToolCalls) > 0 {
		calls := make([]agent.ToolCall, len(rep.ToolCalls))
		for i, c := range rep.ToolCalls {
			calls[i] = agent.ToolCall{ID: r.String(c.ID), Name: r.String(c.Name), Arguments: r.String(c.Arguments)}
		}
		rep.ToolCalls = calls
	}
	return rep
}

// Value returns a decoded JSON value with the key taken out of every
// string in it, keys of objects included.
func (r redactor) Value(v any) any {
	if r.key == "" {
		return v
	}
	switch x := v.(type) {
	case string:
		return r.String(x)
	case []any:
		for i := range x {
			x[i] = r.Value(x[i])
		}
	case map[string]any:
		for k, e := range x {
			if rk := r.String(k); rk != k {
				delete(x, k)
				k = rk
			}
			x[k] = r.Value(e)
		}
	}
	return v
}
