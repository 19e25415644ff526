package faults

import (
	"strings"

	"github.com/evalrun/evalrun/mocktools"
)

// SchemaDrift answers in a new version of the API: fields renamed to
// camelCase under "data", errors as a list. The call itself is normal.
type SchemaDrift struct{}

var _ Kind = SchemaDrift{}

func init() { Register(SchemaDrift{}) }

// Name returns the kind's name.
func (SchemaDrift) Name() string { return "schema_drift" }

// Sees says what the agent sees.
func (SchemaDrift) Sees() string {
	return `fields renamed and nested under "data"; errors as an "errors" list`
}

// Gets says what the world gets.
func (SchemaDrift) Gets() string { return "normal" }

// State applies every write.
func (SchemaDrift) State() Effect { return Full }

// Respond reshapes the reply; an error keeps its status.
func (SchemaDrift) Respond(_ Call, normal mocktools.Response) mocktools.Response {
	if msg, ok := normal.Body["error"]; ok {
		return mocktools.Response{Status: normal.Status, Body: mocktools.Body{
			"errors": []any{map[string]any{"detail": msg}},
		}}
	}
	return mocktools.Response{Status: normal.Status, Body: mocktools.Body{"data": camel(map[string]any(normal.Body))}}
}

// camel renames every key of v, recursively, to camelCase.
func camel(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[camelKey(k)] = camel(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = camel(e)
		}
		return out
	}
	return v
}

func camelKey(k string) string {
	parts := strings.Split(k, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
