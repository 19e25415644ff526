package faults

import "github.com/evalrun/evalrun/mocktools"

// AuthExpired rejects the call as unauthorised: the service's credentials
// expired mid-task. Nothing is written.
type AuthExpired struct{}

var _ Kind = AuthExpired{}

func init() { Register(AuthExpired{}) }

// Name returns the kind's name.
func (AuthExpired) Name() string { return "auth_expired" }

// Sees says what the agent sees.
func (AuthExpired) Sees() string { return "a 401 error: the access token expired" }

// Gets says what the world gets.
func (AuthExpired) Gets() string { return "unchanged" }

// State drops the call's writes.
func (AuthExpired) State() Effect { return None }

// Respond returns a 401-style error.
func (AuthExpired) Respond(c Call, _ mocktools.Response) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusError, Body: mocktools.Body{
		"error": "401 Unauthorized: the access token for " + c.Tool + " has expired",
		"code":  "AUTH_EXPIRED",
	}}
}
