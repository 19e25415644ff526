package faults

import "github.com/evalrun/evalrun/mocktools"

// StaleRead answers a read from a lagging replica: the data as it was
// before the trial's writes. The world itself is correct.
type StaleRead struct{}

var (
	_ Kind        = StaleRead{}
	_ StaleReader = StaleRead{}
	_ Aimer       = StaleRead{}
)

func init() { Register(StaleRead{}) }

// Name returns the kind's name.
func (StaleRead) Name() string { return "stale_read" }

// Sees says what the agent sees.
func (StaleRead) Sees() string { return "a read that returns the data from before the writes" }

// Gets says what the world gets.
func (StaleRead) Gets() string { return "correct" }

// State leaves the call alone.
func (StaleRead) State() Effect { return Full }

// ReadsStale asks the layer for the old data.
func (StaleRead) ReadsStale() bool { return true }

// Aim sends sweeps at a step's read-back.
func (StaleRead) Aim() Aim { return AimRead }

// Respond returns the stale reply the layer computed.
func (StaleRead) Respond(_ Call, stale mocktools.Response) mocktools.Response { return stale }
