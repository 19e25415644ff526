package faults

import (
	"time"

	"github.com/evalrun/evalrun/mocktools"
)

// TimeoutBeforeCommit loses the call before it lands: the agent sees the
// same timeout as timeout_after_commit, but here a retry is safe.
type TimeoutBeforeCommit struct{}

var (
	_ Kind    = TimeoutBeforeCommit{}
	_ Delayer = TimeoutBeforeCommit{}
)

func init() { Register(TimeoutBeforeCommit{}) }

// Name returns the kind's name.
func (TimeoutBeforeCommit) Name() string { return "timeout_before_commit" }

// Sees says what the agent sees.
func (TimeoutBeforeCommit) Sees() string { return "a timeout after 30s, no reply" }

// Gets says what the world gets.
func (TimeoutBeforeCommit) Gets() string { return "unchanged" }

// State drops the call's writes.
func (TimeoutBeforeCommit) State() Effect { return None }

// Delay is how long the caller waited.
func (TimeoutBeforeCommit) Delay() time.Duration { return 30 * time.Second }

// Respond reports a timeout, word for word as timeout_after_commit does:
// the agent cannot tell the two apart from the reply.
func (TimeoutBeforeCommit) Respond(c Call, _ mocktools.Response) mocktools.Response {
	return timeoutReply(c)
}
