package faults

import "github.com/evalrun/evalrun/mocktools"

// PartialApply lands part of the call (2 of 3 items, a short amount) and
// confirms the whole.
type PartialApply struct{}

var _ Kind = PartialApply{}

func init() { Register(PartialApply{}) }

// Name returns the kind's name.
func (PartialApply) Name() string { return "partial_apply" }

// Sees says what the agent sees.
func (PartialApply) Sees() string { return "the normal success" }

// Gets says what the world gets.
func (PartialApply) Gets() string { return "part applied: some items, a short amount, half the fields" }

// State applies part of the call.
func (PartialApply) State() Effect { return Partial }

// Respond returns the normal reply.
func (PartialApply) Respond(_ Call, normal mocktools.Response) mocktools.Response { return normal }
