package faults

import "github.com/evalrun/evalrun/mocktools"

// DelayedApply accepts the call and lands it only after a delay in
// simulated time (5m unless the spec's delay says; state: none for never).
// Eventual consistency: a read-back right away shows nothing yet.
type DelayedApply struct{}

var _ Kind = DelayedApply{}

func init() { Register(DelayedApply{}) }

// Name returns the kind's name.
func (DelayedApply) Name() string { return "delayed_apply" }

// Sees says what the agent sees.
func (DelayedApply) Sees() string { return `a "processing" reply` }

// Gets says what the world gets.
func (DelayedApply) Gets() string {
	return "applied after the delay (default 5m of simulated time), or never"
}

// State lands the writes later.
func (DelayedApply) State() Effect { return Later }

// Respond says the request is being processed.
func (DelayedApply) Respond(c Call, normal mocktools.Response) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusOK, Body: keepIDs(normal.Body, mocktools.Body{
		"status":  "processing",
		"message": c.Tool + " accepted; it will complete shortly",
	})}
}
