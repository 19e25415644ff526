package faults

import (
	"time"

	"github.com/evalrun/evalrun/mocktools"
)

// Latency holds the normal reply back (10s of simulated time unless the
// spec's delay says). What happens behind it is the spec's state, full by
// default. It counts against step SLAs and recovery times.
type Latency struct{}

var (
	_ Kind    = Latency{}
	_ Delayer = Latency{}
)

func init() { Register(Latency{}) }

// Name returns the kind's name.
func (Latency) Name() string { return "latency" }

// Sees says what the agent sees.
func (Latency) Sees() string { return "the normal reply, late (10s unless the spec's delay says)" }

// Gets says what the world gets.
func (Latency) Gets() string { return "per the spec's state (full by default)" }

// State applies every write unless the spec overrides it.
func (Latency) State() Effect { return Full }

// Delay is the default extra time.
func (Latency) Delay() time.Duration { return 10 * time.Second }

// Respond returns the normal reply.
func (Latency) Respond(_ Call, normal mocktools.Response) mocktools.Response { return normal }
