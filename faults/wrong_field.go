package faults

import (
	"math"
	"sort"

	"github.com/evalrun/evalrun/mocktools"
)

// WrongField confirms the call with one field of the reply altered; the
// world gets what was really asked for. It tests agents that repeat the
// tool's figures to the user without checking them.
type WrongField struct{}

var _ Kind = WrongField{}

func init() { Register(WrongField{}) }

// Name returns the kind's name.
func (WrongField) Name() string { return "wrong_field" }

// Sees says what the agent sees.
func (WrongField) Sees() string {
	return "a success with one field altered (the first number halved, else the status or an id changed)"
}

// Gets says what the world gets.
func (WrongField) Gets() string { return "what was really applied" }

// State applies every write.
func (WrongField) State() Effect { return Full }

// Respond alters one field, the first of these the reply has: a number
// (the first in name order; halved to the cent), the status, an id. It
// knows no domain's field names.
func (WrongField) Respond(_ Call, normal mocktools.Response) mocktools.Response {
	out := make(mocktools.Body, len(normal.Body))
	keys := make([]string, 0, len(normal.Body))
	for k, v := range normal.Body {
		out[k] = v
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if n, ok := out[k].(float64); ok && n != 0 {
			out[k] = math.Round(n*50) / 100
			return mocktools.Response{Status: normal.Status, Body: out}
		}
	}
	if _, ok := out["status"].(string); ok {
		out["status"] = "unknown"
	} else if ids := idFields(out); len(ids) > 0 {
		if id, ok := out[ids[0]].(string); ok {
			out[ids[0]] = id + "-X"
		}
	}
	return mocktools.Response{Status: normal.Status, Body: out}
}
