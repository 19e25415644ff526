package faults

import "github.com/evalrun/evalrun/mocktools"

// SoftError is a failure inside a success envelope: the body says it failed.
type SoftError struct{}

var _ Kind = SoftError{}

func init() { Register(SoftError{}) }

// Name returns the kind's name.
func (SoftError) Name() string { return "soft_error" }

// Sees says what the agent sees.
func (SoftError) Sees() string { return `a normal reply whose body says "status": "error"` }

// Gets says what the world gets.
func (SoftError) Gets() string { return "unchanged" }

// State drops the call's writes.
func (SoftError) State() Effect { return None }

// Respond keeps the envelope and puts the failure in the body.
func (SoftError) Respond(c Call, normal mocktools.Response) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusOK, Body: keepIDs(normal.Body, mocktools.Body{
		"status":  "error",
		"code":    "UPSTREAM_DECLINED",
		"message": "could not process " + c.Tool + ": the upstream service declined the request",
	})}
}
