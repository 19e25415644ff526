package faults

import "github.com/evalrun/evalrun/mocktools"

// DuplicateApply delivers the call twice (at-least-once delivery): a second
// payout, a second message, a count raised twice. The reply is normal.
type DuplicateApply struct{}

var _ Kind = DuplicateApply{}

func init() { Register(DuplicateApply{}) }

// Name returns the kind's name.
func (DuplicateApply) Name() string { return "duplicate_apply" }

// Sees says what the agent sees.
func (DuplicateApply) Sees() string { return "the normal success" }

// Gets says what the world gets.
func (DuplicateApply) Gets() string { return "applied twice: every write lands a second time" }

// State applies every write twice.
func (DuplicateApply) State() Effect { return Twice }

// Respond returns the normal reply.
func (DuplicateApply) Respond(_ Call, normal mocktools.Response) mocktools.Response { return normal }
