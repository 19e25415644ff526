package faults

import "github.com/evalrun/evalrun/mocktools"

// AckWithoutApply is a lost write: the normal success, confirmation id and
// all, and nothing stored. Only a read-back notices.
type AckWithoutApply struct{}

var _ Kind = AckWithoutApply{}

func init() { Register(AckWithoutApply{}) }

// Name returns the kind's name.
func (AckWithoutApply) Name() string { return "ack_without_apply" }

// Sees says what the agent sees.
func (AckWithoutApply) Sees() string { return "exactly the normal success, with a confirmation id" }

// Gets says what the world gets.
func (AckWithoutApply) Gets() string { return "unchanged (lost write)" }

// State drops the call's writes.
func (AckWithoutApply) State() Effect { return None }

// Respond returns the normal reply.
func (AckWithoutApply) Respond(_ Call, normal mocktools.Response) mocktools.Response { return normal }
