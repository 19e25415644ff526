package faults

import (
	"math"

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
	return "a success with one field altered (amount halved, stock off by one, status or id changed)"
}

// Gets says what the world gets.
func (WrongField) Gets() string { return "what was really applied" }

// State applies every write.
func (WrongField) State() Effect { return Full }

// Respond alters the first field present, in this order: amount, stock,
// status, then an id.
func (WrongField) Respond(_ Call, normal mocktools.Response) mocktools.Response {
	out := make(mocktools.Body, len(normal.Body))
	for k, v := range normal.Body {
		out[k] = v
	}
	if a, ok := out["amount"].(float64); ok {
		out["amount"] = math.Round(a*50) / 100
	} else if s, ok := out["stock"].(float64); ok {
		out["stock"] = s - 1
	} else if _, ok := out["status"].(string); ok {
		out["status"] = "unknown"
	} else {
		for _, f := range idFields {
			if id, ok := out[f].(string); ok {
				out[f] = id + "-X"
				break
			}
		}
	}
	return mocktools.Response{Status: normal.Status, Body: out}
}
