package faults

import (
	"time"

	"github.com/evalrun/evalrun/mocktools"
)

// TimeoutAfterCommit applies the call and then loses the reply: the agent
// sees a timeout for work that was done.
type TimeoutAfterCommit struct{}

var (
	_ Kind    = TimeoutAfterCommit{}
	_ Delayer = TimeoutAfterCommit{}
)

func init() { Register(TimeoutAfterCommit{}) }

// Name returns the kind's name.
func (TimeoutAfterCommit) Name() string { return "timeout_after_commit" }

// Sees says what the agent sees.
func (TimeoutAfterCommit) Sees() string { return "a timeout after 30s, no reply" }

// Gets says what the world gets.
func (TimeoutAfterCommit) Gets() string { return "fully applied" }

// State applies every write.
func (TimeoutAfterCommit) State() Effect { return Full }

// Delay is how long the caller waited.
func (TimeoutAfterCommit) Delay() time.Duration { return 30 * time.Second }

// Respond reports a timeout.
func (TimeoutAfterCommit) Respond(c Call, _ mocktools.Response) mocktools.Response {
	return timeoutReply(c)
}

func timeoutReply(c Call) mocktools.Response {
	return mocktools.Response{Status: mocktools.StatusTimeout, Body: mocktools.Body{
		"error": "timeout: no response from " + c.Tool + " after 30s",
	}}
}
