package faults

import "github.com/evalrun/evalrun/mocktools"

// SwallowedRateLimit is the seed's payment-gateway failure: the gateway
// rate-limited the request and dropped it, and the reply says "queued".
type SwallowedRateLimit struct{}

var _ Kind = SwallowedRateLimit{}

func init() { Register(SwallowedRateLimit{}) }

// Name returns the kind's name.
func (SwallowedRateLimit) Name() string { return "swallowed_rate_limit" }

// Sees says what the agent sees.
func (SwallowedRateLimit) Sees() string { return `an "accepted, queued" reply, no 429` }

// Gets says what the world gets.
func (SwallowedRateLimit) Gets() string { return "unchanged: the request was dropped" }

// State drops the call's writes.
func (SwallowedRateLimit) State() Effect { return None }

// Respond acknowledges the request as queued.
func (SwallowedRateLimit) Respond(c Call, normal mocktools.Response) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusOK, Body: keepIDs(normal.Body, mocktools.Body{
		"status":  "queued",
		"message": "request accepted for processing",
	})}
}
