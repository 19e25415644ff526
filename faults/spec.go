package faults

import (
	"fmt"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// Spec is one fault as a scenario declares it: which kind, aimed at which
// calls.
type Spec struct {
	Name string `yaml:"name" json:"name"`
	Kind string `yaml:"kind" json:"kind"`
	// Tool aims at every call of a tool; Step at the calls that perform a
	// scenario step (its gold action's tool and arguments).
	Tool string `yaml:"tool" json:"tool,omitempty"`
	Step string `yaml:"step" json:"step,omitempty"`
	When When   `yaml:"when" json:"when"`
	// MaxInjections caps how often the fault fires in a trial (0: no cap).
	MaxInjections int `yaml:"max_injections" json:"max_injections,omitempty"`

	// Target is what the fault matches, resolved when the scenario loads.
	Target Target `yaml:"-" json:"-"`
}

// When says on which of the matched calls a fault fires. Empty: every one.
type When struct {
	Calls      []int `yaml:"calls" json:"calls,omitempty"`
	AfterCalls int   `yaml:"after_calls" json:"after_calls,omitempty"`
}

// Target is a tool and the scalar arguments a call must carry to match.
type Target struct {
	Tool string
	Args map[string]any
}

// Matches reports whether a call to tool with args is aimed at.
func (t Target) Matches(tool string, args mocktools.Args) bool {
	if tool != t.Tool {
		return false
	}
	for k, v := range t.Args {
		if !world.Equal(world.Clone(args[k]), world.Clone(v)) {
			return false
		}
	}
	return true
}

// Check validates the timing fields.
func (w When) Check() error {
	if len(w.Calls) > 0 && w.AfterCalls > 0 {
		return fmt.Errorf("when: give calls or after_calls, not both")
	}
	for _, n := range w.Calls {
		if n < 1 {
			return fmt.Errorf("when.calls: call numbers start at 1, got %d", n)
		}
	}
	if w.AfterCalls < 0 {
		return fmt.Errorf("when.after_calls: must not be negative, got %d", w.AfterCalls)
	}
	return nil
}

func (w When) fires(index int) bool {
	if len(w.Calls) > 0 {
		for _, n := range w.Calls {
			if n == index {
				return true
			}
		}
		return false
	}
	return index > w.AfterCalls
}
