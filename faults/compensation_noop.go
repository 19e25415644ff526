package faults

import "github.com/evalrun/evalrun/mocktools"

// CompensationNoop makes an undo (a reversal, a reopening) report
// success and do nothing, so a saga believes it rolled back.
type CompensationNoop struct{}

var (
	_ Kind  = CompensationNoop{}
	_ Aimer = CompensationNoop{}
)

func init() { Register(CompensationNoop{}) }

// Name returns the kind's name.
func (CompensationNoop) Name() string { return "compensation_noop" }

// Sees says what the agent sees.
func (CompensationNoop) Sees() string { return "the undo step's normal success" }

// Gets says what the world gets.
func (CompensationNoop) Gets() string { return "the undo is not applied" }

// State drops the call's writes.
func (CompensationNoop) State() Effect { return None }

// Aim sends sweeps at a step's compensating action.
func (CompensationNoop) Aim() Aim { return AimCompensation }

// Respond returns the normal reply.
func (CompensationNoop) Respond(_ Call, normal mocktools.Response) mocktools.Response { return normal }
