package faults

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

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
	// Match narrows the aim with an expression over the call's arguments,
	// which it sees by name: `amount > 100`, `record_id == "R-1"`.
	Match string `yaml:"match" json:"match,omitempty"`
	When  When   `yaml:"when" json:"when"`
	// MaxInjections caps how often the fault fires in a trial (0: no cap).
	MaxInjections int `yaml:"max_injections" json:"max_injections,omitempty"`
	// RequireFired reports a trial in which the fault never fired, instead
	// of letting it pass as if the fault had been survived.
	RequireFired bool `yaml:"require_fired" json:"require_fired,omitempty"`
	// State overrides the kind's state half (none, partial, full, twice,
	// later); latency uses it to say what happens behind the delay.
	State Effect `yaml:"state" json:"state,omitempty"`
	// Delay is how long latency holds the reply and after how much simulated
	// time delayed_apply lands its write ("90s", "5m").
	Delay string `yaml:"delay" json:"delay,omitempty"`

	// Target is what the fault matches, resolved when the scenario loads.
	Target Target `yaml:"-" json:"-"`

	match *vm.Program
	delay time.Duration
}

// When says on which of the matched calls a fault fires: give at most one
// of its fields. Empty: every matched call.
type When struct {
	// Calls lists the matched calls that fail, counted from 1.
	Calls []int `yaml:"calls" json:"calls,omitempty"`
	// AfterCalls lets that many matched calls through, then fails the rest.
	AfterCalls int `yaml:"after_calls" json:"after_calls,omitempty"`
	// Sequence scripts the matched calls in order: "fail" or "ok" each;
	// calls past its end go through.
	Sequence []string `yaml:"sequence" json:"sequence,omitempty"`
	// Probability fails each matched call with this chance, drawn from the
	// fault's own random stream.
	Probability *float64 `yaml:"probability" json:"probability,omitempty"`
}

// FieldError is a problem with one field of a Spec, so that a loader can
// point at the field's line and column.
type FieldError struct {
	Field string // "when", "match", "delay", ...
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Prepare checks the fields that need the aimed tool and compiles the match
// expression. tool is the definition the fault is aimed at. It returns every
// problem found.
func (s *Spec) Prepare(tool mocktools.Definition) []*FieldError {
	var errs []*FieldError
	bad := func(field, format string, a ...any) {
		errs = append(errs, &FieldError{Field: field, Err: fmt.Errorf(format, a...)})
	}
	if err := s.When.Check(); err != nil {
		bad("when", "%v", err)
	}
	if s.MaxInjections < 0 {
		bad("max_injections", "must not be negative, got %d", s.MaxInjections)
	}
	if s.State != "" && !slices.Contains(Effects, s.State) {
		bad("state", "unknown state %q (known: %s)", s.State, joinEffects())
	}
	if s.Delay != "" {
		d, err := time.ParseDuration(s.Delay)
		switch {
		case err != nil:
			bad("delay", "%q is not a duration such as 90s or 5m", s.Delay)
		case d < 0:
			bad("delay", "must not be negative, got %s", s.Delay)
		default:
			s.delay = d
		}
	}
	if s.Match != "" {
		prog, err := compileMatch(s.Match, tool)
		if err != nil {
			bad("match", "%v", err)
		}
		s.match = prog
	}
	return errs
}

// compileMatch compiles a match expression and checks that every name it
// uses is an argument of the tool.
func compileMatch(src string, tool mocktools.Definition) (*vm.Program, error) {
	tree, err := parser.ParseWithConfig(src, conf.CreateNew())
	if err != nil {
		return nil, exprError(src, err)
	}
	known := argNames(tool)
	var unknown []string
	for _, n := range identifiers(tree.Node) {
		if !slices.Contains(known, n) && !slices.Contains(unknown, n) {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("expression %q: %s has no argument %s (its arguments: %s)",
			src, tool.Name, strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	// Compile against the arguments' types, so that "amount + 1" or
	// `record_id > 5` is refused now rather than never matching.
	prog, err := expr.Compile(src, expr.Env(argTypes(tool)), expr.AsBool())
	if err != nil {
		return nil, exprError(src, err)
	}
	return prog, nil
}

func exprError(src string, err error) error {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return fmt.Errorf("expression %q: %s", src, msg)
}

// argTypes is an environment of zero values shaped like the tool's
// arguments, for type checking.
func argTypes(tool mocktools.Definition) map[string]any {
	props, _ := tool.Parameters["properties"].(map[string]any)
	env := make(map[string]any, len(props))
	for k, p := range props {
		schema, _ := p.(map[string]any)
		switch schema["type"] {
		case "number", "integer":
			env[k] = 0.0
		case "string":
			env[k] = ""
		case "boolean":
			env[k] = false
		case "array":
			env[k] = []any{}
		default:
			env[k] = map[string]any{}
		}
	}
	return env
}

// identifiers lists the names an expression reads.
func identifiers(tree ast.Node) []string {
	var out []string
	ast.Find(tree, func(n ast.Node) bool {
		if id, ok := n.(*ast.IdentifierNode); ok && !slices.Contains(out, id.Value) {
			out = append(out, id.Value)
		}
		return false
	})
	return out
}

func argNames(tool mocktools.Definition) []string {
	props, _ := tool.Parameters["properties"].(map[string]any)
	out := make([]string, 0, len(props))
	for k := range props {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
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

// matches reports whether a call is aimed at: the target, then the match
// expression. An expression that cannot be evaluated on the call (a missing
// argument) does not match.
func (s *Spec) matches(tool string, args mocktools.Args) bool {
	if !s.Target.Matches(tool, args) {
		return false
	}
	if s.match == nil {
		return true
	}
	out, err := expr.Run(s.match, map[string]any(args))
	ok, _ := out.(bool)
	return err == nil && ok
}

// Check validates the timing fields.
func (w When) Check() error {
	given := 0
	for _, set := range []bool{len(w.Calls) > 0, w.AfterCalls != 0, len(w.Sequence) > 0, w.Probability != nil} {
		if set {
			given++
		}
	}
	if given > 1 {
		return fmt.Errorf("give one of calls, after_calls, sequence or probability")
	}
	for _, n := range w.Calls {
		if n < 1 {
			return fmt.Errorf("calls: call numbers start at 1, got %d", n)
		}
	}
	if w.AfterCalls < 0 {
		return fmt.Errorf("after_calls: must not be negative, got %d", w.AfterCalls)
	}
	for i, s := range w.Sequence {
		if s != "fail" && s != "ok" {
			return fmt.Errorf("sequence[%d]: want fail or ok, got %q", i, s)
		}
	}
	if p := w.Probability; p != nil && (math.IsNaN(*p) || *p < 0 || *p > 1) {
		return fmt.Errorf("probability: want a number from 0 to 1, got %v", *p)
	}
	return nil
}

// fires decides for the index-th matched call; draw gives the next number
// from the fault's own stream and is called only for probability.
func (w When) fires(index int, draw func() float64) bool {
	switch {
	case len(w.Calls) > 0:
		return slices.Contains(w.Calls, index)
	case len(w.Sequence) > 0:
		return index <= len(w.Sequence) && w.Sequence[index-1] == "fail"
	case w.Probability != nil:
		// Draw on every matched call, so the stream's position depends only
		// on how many calls this fault saw.
		return draw() < *w.Probability
	}
	return index > w.AfterCalls
}
