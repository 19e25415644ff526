package faults

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/evalrun/evalrun/internal/jsonx"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// CallDuration is the simulated time one tool call takes.
const CallDuration = time.Second

// Injection is one ledger entry: a fault that fired on a call.
type Injection struct {
	Fault    string        `json:"fault"`
	Kind     string        `json:"kind"`
	Tool     string        `json:"tool"`
	Call     string        `json:"call"`
	Index    int           `json:"index"`
	Response string        `json:"response"`
	State    Effect        `json:"state"`
	At       time.Duration `json:"at_ns"`
}

// CallRecord is one tool call as the harness saw it.
type CallRecord struct {
	ID     string           `json:"id"`
	Tool   string           `json:"tool"`
	Args   string           `json:"args"`
	Status mocktools.Status `json:"status"`
	// Failed is true when a fault fired or the tool returned an error.
	Failed bool          `json:"failed"`
	Fault  string        `json:"fault,omitempty"`
	At     time.Duration `json:"at_ns"`
	// Decoded holds the arguments when they were a valid JSON object, so
	// that the scorer need not decode them again.
	Decoded mocktools.Args `json:"-"`
}

type armed struct {
	spec    Spec
	kind    Kind
	matched int
	fired   int
}

// Layer runs tool calls against a world through a trial's faults. Every
// firing goes to the ledger and every call to the call log.
type Layer struct {
	world  *world.World
	tools  *mocktools.Toolbox
	faults []*armed
	ledger []Injection
	calls  []CallRecord
}

// NewLayer arms specs (already validated) over a world and its tools.
func NewLayer(w *world.World, tools *mocktools.Toolbox, specs []Spec) (*Layer, error) {
	l := &Layer{world: w, tools: tools}
	for _, s := range specs {
		k, err := Lookup(s.Kind)
		if err != nil {
			return nil, err
		}
		l.faults = append(l.faults, &armed{spec: s, kind: k})
	}
	return l, nil
}

// Ledger returns every injection so far.
func (l *Layer) Ledger() []Injection { return l.ledger }

// Calls returns the call log.
func (l *Layer) Calls() []CallRecord { return l.calls }

// Fired returns how often each fault fired, by name.
func (l *Layer) Fired() map[string]int {
	out := make(map[string]int, len(l.faults))
	for _, a := range l.faults {
		out[a.spec.Name] = a.fired
	}
	return out
}

// Call runs one tool call: it decodes and checks the arguments, runs the tool
// in a transaction, lets the first fault aimed at the call decide the state
// and the reply, and logs it. Bad input comes back as a tool error.
func (l *Layer) Call(ctx context.Context, id, tool, rawArgs string) mocktools.Response {
	l.world.Advance(CallDuration)
	rec := CallRecord{ID: id, Tool: tool, Args: rawArgs, At: l.world.Now()}
	resp, fault := l.call(ctx, &rec)
	rec.Status = resp.Status
	rec.Failed = resp.Status != mocktools.StatusOK || fault != ""
	rec.Fault = fault
	l.calls = append(l.calls, rec)
	return resp
}

func (l *Layer) call(ctx context.Context, rec *CallRecord) (mocktools.Response, string) {
	id, name := rec.ID, rec.Tool
	t, ok := l.tools.Tool(name)
	if !ok {
		return mocktools.Errorf("unknown tool %q", name), ""
	}
	args, err := decodeArgs(rec.Args)
	if err != nil {
		return mocktools.Errorf("arguments are not a valid JSON object: %v", err), ""
	}
	rec.Decoded = args
	// Every call with readable arguments counts toward its faults' call
	// numbers, even one the tool then rejects: "the 1st call" means the 1st.
	f := l.pick(name, args)
	if err := mocktools.Validate(t.Definition(), args); err != nil {
		return mocktools.Errorf("invalid arguments for %s: %v", name, err), ""
	}
	tx := l.world.Begin(id, name)
	body, err := t.Call(ctx, tx, args)
	if err != nil {
		tx.Rollback()
		return mocktools.Errorf("%v", err), ""
	}
	normal := mocktools.Response{Status: mocktools.StatusOK, Body: body}
	if f == nil {
		tx.Commit()
		return normal, ""
	}
	f.fired++
	effect := f.kind.State()
	l.applyState(ctx, effect, t, tx, args)
	c := Call{ID: id, Tool: name, Index: f.matched, Args: args}
	resp := f.kind.Respond(c, normal)
	if d, ok := f.kind.(Delayer); ok {
		l.world.Advance(d.Delay())
	}
	l.ledger = append(l.ledger, Injection{
		Fault: f.spec.Name, Kind: f.kind.Name(), Tool: name, Call: id, Index: f.matched,
		Response: fmt.Sprintf("%s %s", resp.Status, resp.Content()), State: effect, At: l.world.Now(),
	})
	return resp, f.spec.Name
}

// pick counts the call against every fault aimed at it and returns the first
// (in declaration order) that would fire. Later faults on the same call are
// counted but do not fire. A picked fault fires only when the tool accepts
// the call: a rejected call is already a failure the agent sees.
func (l *Layer) pick(tool string, args mocktools.Args) *armed {
	var chosen *armed
	for _, a := range l.faults {
		if !a.spec.Target.Matches(tool, args) {
			continue
		}
		a.matched++
		if chosen != nil || !a.spec.When.fires(a.matched) {
			continue
		}
		if a.spec.MaxInjections > 0 && a.fired >= a.spec.MaxInjections {
			continue
		}
		chosen = a
	}
	return chosen
}

func (l *Layer) applyState(ctx context.Context, effect Effect, t mocktools.Tool, tx *world.Tx, args mocktools.Args) {
	switch effect {
	case Full:
		tx.Commit()
	case Partial:
		if pa, ok := t.(mocktools.PartialApplier); ok {
			tx.Rollback()
			ptx := l.world.Begin(tx.Call(), tx.Tool())
			if _, err := pa.CallPartial(ctx, ptx, args); err != nil {
				ptx.Rollback()
				return
			}
			ptx.Commit()
			return
		}
		tx.CommitFirst(len(tx.Mutations()) / 2)
	default:
		tx.Rollback()
	}
}

// decodeArgs reads a call's arguments; empty text means no arguments.
func decodeArgs(raw string) (mocktools.Args, error) {
	if raw == "" {
		return mocktools.Args{}, nil
	}
	if v, ok := jsonx.Decode(raw); ok {
		if m, ok := v.(map[string]any); ok {
			return m, nil
		}
	}
	var args mocktools.Args
	err := json.Unmarshal([]byte(raw), &args)
	return args, err
}
