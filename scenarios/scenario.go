// Package scenarios loads the YAML files that describe multi-step actions:
// the initial world, the user's task, the steps with their gold actions and
// done assertions, and the fault variants each scored as its own case.
package scenarios

import (
	"fmt"
	"github.com/expr-lang/expr/vm"
	"time"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// Policies say what a trial must leave behind to pass.
const (
	// BestEffort passes an honest partial result.
	BestEffort = "best_effort"
	// AllOrNothing also fails a trial that leaves a half-done state.
	AllOrNothing = "all_or_nothing"
)

// Scenario is one multi-step action an agent is asked to perform.
type Scenario struct {
	ID          string `yaml:"id"`
	Description string `yaml:"description"`
	// Domain groups scenarios in lists and reports ("payments"); empty
	// means the library folder the scenario is in, else its first pack.
	Domain string `yaml:"domain"`
	// Tools names tool packs: a built-in pack ("commerce") or a pack file
	// relative to the scenario ("tools.yaml").
	Tools []string `yaml:"tools"`
	// SystemPrompt, when set, replaces the default system prompt for this
	// scenario (--system-prompt still wins).
	SystemPrompt string `yaml:"system_prompt"`
	Policy       string `yaml:"policy"`
	// WorldFile names a JSON file of initial records, {collection: {id:
	// record}} (tau2-bench's db.json shape), relative to the scenario.
	// Scenarios that name one file share one parsed copy; World adds
	// records and collections on top of it.
	WorldFile string                             `yaml:"world_file"`
	World     map[string]map[string]world.Record `yaml:"world"`
	Task      string                             `yaml:"task"`
	// UserReplies are what the user answers, in order, each time the agent
	// replies without calling a tool while replies are left ("yes, go
	// ahead" to a request for confirmation). The agent's last message is
	// the final one, the one scored.
	UserReplies []string `yaml:"user_replies"`
	// ExactWorld makes the whole world, not only what the steps touch,
	// part of the result: any change the gold actions do not make is a
	// stray write, a finding that fails the trial and leaves the state
	// half. Such a scenario may have no steps: nothing may change.
	ExactWorld bool       `yaml:"exact_world"`
	Steps      []*Step    `yaml:"steps"`
	Variants   []*Variant `yaml:"variants"`
	// Durations sets how much simulated time a call of a tool takes
	// ("issue_refund: 3s"); tools not named take their pack's default.
	Durations map[string]string `yaml:"durations"`

	// CallDurations is Durations parsed.
	CallDurations map[string]time.Duration `yaml:"-"`

	// File is where the scenario was read from; Positions is where each
	// field path ("steps[0].say.done") is in it, for later checks.
	File      string         `yaml:"-"`
	Positions map[string]Pos `yaml:"-"`
	// Toolbox holds the scenario's tools.
	Toolbox *mocktools.Toolbox `yaml:"-"`
	// Before is the initial world; After is Before with every gold action
	// replayed, faults off (computed once, at load).
	Before world.State `yaml:"-"`
	After  world.State `yaml:"-"`
	// Touched is every resource a step touches.
	Touched []world.Ref `yaml:"-"`
}

// Step is one required sub-action.
type Step struct {
	ID string `yaml:"id"`
	// Action is the gold action: it performs the step on a fault-free world.
	Action Action `yaml:"action"`
	// Done is an expression over the world that holds iff the step's effect
	// is in place, e.g. orders["A1001"].status == "cancelled".
	Done string `yaml:"done"`
	// Touches lists the resources the step changes ("orders/A1001",
	// "refunds"): what partial and state consistency compare.
	Touches []string `yaml:"touches"`
	// Verify are the read-backs the verifying agents use after the write:
	// the step is confirmed when every one holds.
	Verify []*Check `yaml:"verify"`
	// Compensate undoes the step; the saga agent runs it on rollback.
	Compensate *Action `yaml:"compensate"`
	// Terms are extra words that name the step in a reply ("money back").
	Terms []string `yaml:"terms"`
	// Say is how the reference agents word the step in their replies.
	Say Say `yaml:"say"`
	// Says adds the step's own words for the claim extractor to those its
	// tool's pack declares, in the same form (claims.Phrases): what this
	// scenario's request makes of a phrase ("rolled back" is the step done
	// when the request is a rollback).
	Says *claims.Phrases `yaml:"says"`
	// SLA is how long, in simulated time from the start of the trial, the
	// step may take to be done ("90s", "5m"); past it the report raises
	// the P2 "action completion timeout" finding. Empty: no SLA.
	SLA string `yaml:"sla"`
	// Deadline is SLA parsed, 0 when there is none.
	Deadline time.Duration `yaml:"-"`

	DoneProgram *vm.Program `yaml:"-"`
	Refs        []world.Ref `yaml:"-"`
}

// Action is a tool call.
type Action struct {
	Tool string         `yaml:"tool"`
	Args map[string]any `yaml:"args"`
	// ArgsJSON is Args as a tool call carries them, rendered once at load.
	ArgsJSON string `yaml:"-"`
	target   *faults.Target
}

// Check is a read-back: a read call and an expression over its reply
// (`result`) that holds when the step's effect is visible.
type Check struct {
	Tool          string         `yaml:"tool"`
	Args          map[string]any `yaml:"args"`
	Expect        string         `yaml:"expect"`
	ExpectProgram *vm.Program    `yaml:"-"`
	ArgsJSON      string         `yaml:"-"`
}

// Say holds the phrases the reference agents build replies from.
type Say struct {
	// Done follows "I have": "cancelled order A1001".
	Done string `yaml:"done"`
	// Failed follows "I could not": "refund the $120.00".
	Failed string `yaml:"failed"`
	// Pending is a whole clause: "the refund is still pending at the bank".
	Pending string `yaml:"pending"`
	// Undone follows "I have": "reversed the cancellation of order A1001".
	Undone string `yaml:"undone"`
}

// Variant is one fault configuration of a scenario, scored as its own case.
type Variant struct {
	Name        string        `yaml:"name"`
	Description string        `yaml:"description"`
	Faults      []faults.Spec `yaml:"faults"`
	// Expect is the trial verdict a reference agent should get, by agent
	// ("naive: false_success"): what the description says, made testable.
	Expect map[string]string `yaml:"expect"`
	// Cell is set on variants a sweep derived.
	Cell *Cell `yaml:"-"`
}

// Find returns the scenario called id in list, or an error naming the
// known ones.
func Find(list []*Scenario, id string) (*Scenario, error) {
	ids := make([]string, 0, len(list))
	for _, s := range list {
		if s.ID == id {
			return s, nil
		}
		ids = append(ids, s.ID)
	}
	return nil, fmt.Errorf("unknown scenario %q (known: %v)", id, ids)
}

// Step returns the step called id.
func (s *Scenario) Step(id string) *Step {
	for _, st := range s.Steps {
		if st.ID == id {
			return st
		}
	}
	return nil
}

// Clean reports whether the variant injects nothing.
func (v *Variant) Clean() bool { return len(v.Faults) == 0 }

// Target is the calls that perform the action: the same tool with the same
// scalar arguments (lists and objects may differ). Faults aimed at a step
// and the scorer's call attribution both use it.
func (a Action) Target() faults.Target {
	if a.target != nil {
		return *a.target
	}
	args := map[string]any{}
	for k, v := range a.Args {
		switch v.(type) {
		case map[string]any, []any:
		default:
			args[k] = world.Clone(v)
		}
	}
	return faults.Target{Tool: a.Tool, Args: args}
}
