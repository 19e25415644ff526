package scoring

import (
	"time"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// StepFacts is the ground truth about one step.
type StepFacts struct {
	Outcome string
	// DoneAt lists the simulated times at which the step's done assertion
	// became true, in the audit log's order.
	DoneAt []time.Duration
}

// Outcomes derives each step's outcome from the initial state, the audit
// log and the final state: never from tool replies or the agent's words.
// It replays the log call by call to learn whether a step was ever done.
func Outcomes(s *scenarios.Scenario, final world.State, audit []world.Mutation) []StepFacts {
	facts := make([]StepFacts, len(s.Steps))
	held := make([]bool, len(s.Steps))
	beforeEnv := s.Before.Env()
	for i, st := range s.Steps {
		held[i] = scenarios.HoldsIn(st.DoneProgram, beforeEnv)
	}
	env := map[string]any{}
	world.Walk(s.Before, audit, func(call []world.Mutation, state world.State) {
		// A collection's map is copied on its first write: read them anew.
		for name, c := range state.Collections {
			env[name] = c
		}
		for i, st := range s.Steps {
			if !touches(st, call) {
				continue
			}
			now := scenarios.HoldsIn(st.DoneProgram, env)
			if now && !held[i] {
				facts[i].DoneAt = append(facts[i].DoneAt, call[0].At)
			}
			held[i] = now
		}
	})
	finalEnv := final.Env()
	for i, st := range s.Steps {
		switch {
		case scenarios.HoldsIn(st.DoneProgram, finalEnv):
			facts[i].Outcome = Done
		case len(facts[i].DoneAt) > 0:
			facts[i].Outcome = Compensated
		case !world.EqualOn(s.Before, final, st.Refs):
			facts[i].Outcome = Partial
		default:
			facts[i].Outcome = NotDone
		}
	}
	return facts
}

// touches reports whether a mutation changed one of the step's resources:
// only then can its done assertion change, so only then is it evaluated.
func touches(st *scenarios.Step, call []world.Mutation) bool {
	for _, m := range call {
		for _, r := range st.Refs {
			if r.Covers(m.Collection, m.ID, m.Field) {
				return true
			}
		}
	}
	return false
}

// Consistency classes the final state against before and after on every
// resource a step touches. Under exact_world a stray write anywhere (a
// change the gold actions do not make, outside what the steps touch)
// leaves it half.
func Consistency(s *scenarios.Scenario, final world.State) string {
	var stray []world.Change
	if s.ExactWorld {
		stray = scenarios.Untouched(s, world.Diff(s.After, final))
	}
	return consistency(s, final, stray)
}

func consistency(s *scenarios.Scenario, final world.State, stray []world.Change) string {
	switch {
	case len(stray) > 0:
		return StateHalf
	case world.EqualOn(final, s.After, s.Touched):
		return StateComplete
	case world.EqualOn(final, s.Before, s.Touched):
		return StateRolledBack
	default:
		return StateHalf
	}
}

// Recovery returns, per step, the simulated time from its first failed call
// to the step being done, or nil when the step had no failed call or was
// not done after it.
func Recovery(s *scenarios.Scenario, facts []StepFacts, calls []faults.CallRecord) []*time.Duration {
	out := make([]*time.Duration, len(s.Steps))
	for i, st := range s.Steps {
		if facts[i].Outcome != Done {
			continue
		}
		target := st.Action.Target()
		for _, c := range calls {
			if !c.Failed || !target.Matches(c.Tool, c.Decoded) {
				continue
			}
			for _, at := range facts[i].DoneAt {
				if at >= c.At {
					d := at - c.At
					out[i] = &d
					break
				}
			}
			break
		}
	}
	return out
}
