package extend

import (
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
)

// StaleOK answers a bare "ok" and drops the write: a gateway that
// acknowledges everything and keeps nothing.
type StaleOK struct{}

var _ faults.Kind = StaleOK{}

func init() { faults.Register(StaleOK{}) }

// Name is what scenarios write in variants[].faults[].kind.
func (StaleOK) Name() string { return "stale_ok" }

// Sees and Gets are the two halves, as `evalrun list` prints them.
func (StaleOK) Sees() string { return `{"status": "ok"} and nothing else` }
func (StaleOK) Gets() string { return "unchanged" }

// State drops the call's writes.
func (StaleOK) State() faults.Effect { return faults.None }

// Respond replaces the tool's reply.
func (StaleOK) Respond(faults.Call, mocktools.Response) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusOK, Body: mocktools.Body{"status": "ok"}}
}
