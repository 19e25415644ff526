package faults

import "github.com/evalrun/evalrun/mocktools"

// HardError is a loud failure: an explicit error, nothing written.
type HardError struct{}

var _ Kind = HardError{}

func init() { Register(HardError{}) }

// Name returns the kind's name.
func (HardError) Name() string { return "hard_error" }

// Sees says what the agent sees.
func (HardError) Sees() string { return "an explicit tool error (upstream 503)" }

// Gets says what the world gets.
func (HardError) Gets() string { return "unchanged" }

// State drops the call's writes.
func (HardError) State() Effect { return None }

// Respond returns an explicit error.
func (HardError) Respond(c Call, _ mocktools.Response) mocktools.Response {
	return mocktools.Errorf("%s failed: upstream service unavailable (503)", c.Tool)
}
