package faults

import "github.com/evalrun/evalrun/mocktools"

// EmptyResult answers with nothing: every list empty, or an empty body.
type EmptyResult struct{}

var (
	_ Kind  = EmptyResult{}
	_ Aimer = EmptyResult{}
)

func init() { Register(EmptyResult{}) }

// Name returns the kind's name.
func (EmptyResult) Name() string { return "empty_result" }

// Sees says what the agent sees.
func (EmptyResult) Sees() string { return "an empty list or an empty body" }

// Gets says what the world gets.
func (EmptyResult) Gets() string { return "unchanged" }

// State drops the call's writes.
func (EmptyResult) State() Effect { return None }

// Aim sends sweeps at a step's read-back.
func (EmptyResult) Aim() Aim { return AimRead }

// Respond empties every list of the reply; a reply without lists becomes
// an empty object.
func (EmptyResult) Respond(_ Call, normal mocktools.Response) mocktools.Response {
	out := mocktools.Body{}
	for k, v := range normal.Body {
		if _, ok := v.([]any); ok {
			out[k] = []any{}
		}
	}
	return mocktools.Response{Status: normal.Status, Body: out}
}
