package faults

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/evalrun/evalrun/internal/jsonx"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/world"
)

// CallDuration is the simulated time one tool call takes.
const CallDuration = time.Second

// Injection is one ledger entry: a fault that fired on a call.
type Injection = result.Injection

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
	effect  Effect
	matched int
	fired   int
	rng     *rand.Rand // only for a probability
}

// draw returns the fault's next number in [0, 1).
func (a *armed) draw() float64 { return a.rng.Float64() }

// replyDelay is how long the fault holds the reply back.
func (a *armed) replyDelay() time.Duration {
	if a.spec.delay > 0 && a.effect != Later {
		return a.spec.delay
	}
	if d, ok := a.kind.(Delayer); ok {
		return d.Delay()
	}
	return 0
}

// landDelay is how long a "later" write waits to land.
func (a *armed) landDelay() time.Duration {
	if a.spec.delay > 0 {
		return a.spec.delay
	}
	return DefaultLandDelay
}

// DefaultLandDelay is when a delayed write lands unless the spec says.
const DefaultLandDelay = 5 * time.Minute

// pending is a delayed write waiting for the clock.
type pending struct {
	call, tool string
	args       mocktools.Args
	due        time.Duration
}

// Layer runs tool calls against a world through a trial's faults. Every
// firing goes to the ledger and every call to the call log.
type Layer struct {
	durations map[string]time.Duration
	world     *world.World
	tools     *mocktools.Toolbox
	faults    []*armed
	ledger    []Injection
	calls     []CallRecord
	pending   []pending
}

// NewLayer arms specs (already validated) over a world and its tools. Each
// fault draws from its own stream, seeded by seed (the trial's) and the
// fault's name, so adding a fault never shifts another's draws.
func NewLayer(w *world.World, tools *mocktools.Toolbox, specs []Spec, seed uint64) (*Layer, error) {
	l := &Layer{world: w, tools: tools}
	for _, s := range specs {
		k, err := Lookup(s.Kind)
		if err != nil {
			return nil, err
		}
		effect := k.State()
		if s.State != "" {
			effect = s.State
		}
		a := &armed{spec: s, kind: k, effect: effect}
		if s.When.Probability != nil {
			a.rng = rand.New(rand.NewPCG(StreamSeed(seed, s.Name), seed))
		}
		l.faults = append(l.faults, a)
	}
	return l, nil
}

// StreamSeed is the seed of one fault's random stream in a trial.
func StreamSeed(trialSeed uint64, fault string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], trialSeed)
	h.Write(b[:])
	h.Write([]byte(fault))
	return h.Sum64()
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

// Unfired names the faults that require firing and never fired.
func (l *Layer) Unfired() []string {
	var out []string
	for _, a := range l.faults {
		if a.spec.RequireFired && a.fired == 0 {
			out = append(out, a.spec.Name)
		}
	}
	return out
}

// SetDurations overrides how long calls of the named tools take.
func (l *Layer) SetDurations(d map[string]time.Duration) { l.durations = d }

// Wait lets simulated time pass (an agent backing off), landing any
// delayed write that falls due.
func (l *Layer) Wait(ctx context.Context, d time.Duration) {
	l.world.Advance(d)
	l.land(ctx)
}

// Call runs one tool call: it decodes and checks the arguments, runs the tool
// in a transaction, lets the faults aimed at the call decide the state and
// the reply, and logs it. Bad input comes back as a tool error.
func (l *Layer) Call(ctx context.Context, id, tool, rawArgs string) mocktools.Response {
	d, ok := l.durations[tool]
	if !ok {
		d = CallDuration
	}
	l.Wait(ctx, d)
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
	firing := l.pick(name, args)
	if err := mocktools.Validate(t.Definition(), args); err != nil {
		return mocktools.Errorf("invalid arguments for %s: %v", name, err), ""
	}
	tx := l.world.Begin(id, name)
	body, err := t.Call(ctx, tx, args)
	if err != nil {
		tx.Rollback()
		return mocktools.Errorf("%v", err), ""
	}
	resp := mocktools.Response{Status: mocktools.StatusOK, Body: body}
	if len(firing) == 0 {
		tx.Commit()
		return resp, ""
	}
	// Composition, in this fixed order: the state comes from the first
	// declared fault that changes it (one that only delays or reshapes the
	// reply never masks a lost write); a stale reply is computed next; then
	// each fault rewrites the reply in declaration order, and their delays
	// add up.
	state := firing[0]
	for _, f := range firing {
		if f.effect != Full {
			state = f
			break
		}
	}
	l.applyState(ctx, state, t, tx, args)
	for _, f := range firing {
		if s, ok := f.kind.(StaleReader); ok && s.ReadsStale() {
			resp = l.staleReply(ctx, t, id, args)
			break
		}
	}
	names := make([]string, 0, len(firing))
	for _, f := range firing {
		f.fired++
		resp = f.kind.Respond(Call{ID: id, Tool: name, Index: f.matched, Args: args}, resp)
		l.world.Advance(f.replyDelay())
		l.ledger = append(l.ledger, Injection{
			Fault: f.spec.Name, Kind: f.kind.Name(), Tool: name, Call: id, Index: f.matched,
			Response: fmt.Sprintf("%s %s", resp.Status, resp.Content()), State: string(state.effect), At: l.world.Now(),
		})
		names = append(names, f.spec.Name)
	}
	return resp, strings.Join(names, ",")
}

// pick counts the call against every fault aimed at it and returns, in
// declaration order, those that fire. A fault fires only when the tool
// accepts the call: a rejected call is already a failure the agent sees.
func (l *Layer) pick(tool string, args mocktools.Args) []*armed {
	var out []*armed
	for _, a := range l.faults {
		if !a.spec.matches(tool, args) {
			continue
		}
		a.matched++
		if !a.spec.When.fires(a.matched, a.draw) {
			continue
		}
		if a.spec.MaxInjections > 0 && a.fired >= a.spec.MaxInjections {
			continue
		}
		out = append(out, a)
	}
	return out
}

func (l *Layer) applyState(ctx context.Context, f *armed, t mocktools.Tool, tx *world.Tx, args mocktools.Args) {
	switch f.effect {
	case Full:
		tx.Commit()
	case Twice:
		tx.Commit()
		again := l.world.Begin(tx.Call(), tx.Tool())
		if err := reapply(again, tx.Mutations()); err != nil {
			again.Rollback()
			return
		}
		again.Commit()
	case Later:
		tx.Rollback()
		l.pending = append(l.pending, pending{call: tx.Call(), tool: tx.Tool(), args: args, due: l.world.Now() + f.landDelay()})
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

// reapply lands a committed call's writes a second time, as a duplicate
// delivery would: a created record again under a fresh id, a number moved by
// the same amount again (unless it was assigned an absolute value), any
// other field set again.
func reapply(tx *world.Tx, muts []world.Mutation) error {
	for _, m := range muts {
		var err error
		switch {
		case m.Field == "" && m.Before == nil && m.After != nil:
			prefix, _, ok := cutLast(m.ID, "-")
			if !ok {
				prefix = m.ID
			}
			r, _ := world.Clone(m.After).(world.Record)
			err = tx.Create(m.Collection, tx.NextID(prefix), r)
		case m.Field == "":
			// a deletion: nothing left to delete twice
		default:
			after := m.After
			b, bok := m.Before.(float64)
			a, aok := m.After.(float64)
			if cur, ok := tx.World().Get(m.Collection, m.ID)[m.Field].(float64); ok && bok && aok && !m.Absolute {
				after = math.Round((cur+a-b)*100) / 100
			}
			err = tx.Set(m.Collection, m.ID, m.Field, after)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// staleReply runs the call on the world as it was before the trial's
// writes, for a reply a lagging replica would give; nothing it does stays.
func (l *Layer) staleReply(ctx context.Context, t mocktools.Tool, id string, args mocktools.Args) mocktools.Response {
	old := world.Shared(l.world.Initial())
	tx := old.Begin(id, t.Definition().Name)
	defer tx.Rollback()
	body, err := t.Call(ctx, tx, args)
	if err != nil {
		return mocktools.Errorf("%v", err)
	}
	return mocktools.Response{Status: mocktools.StatusOK, Body: body}
}

// land applies the delayed writes that are due, oldest first. A write that
// no longer applies (its record was removed meanwhile) is dropped.
func (l *Layer) land(ctx context.Context) {
	if len(l.pending) == 0 {
		return
	}
	now := l.world.Now()
	kept := l.pending[:0]
	for _, p := range l.pending {
		if p.due > now {
			kept = append(kept, p)
			continue
		}
		t, _ := l.tools.Tool(p.tool)
		tx := l.world.Begin(p.call, p.tool)
		if _, err := t.Call(ctx, tx, p.args); err != nil {
			tx.Rollback()
			continue
		}
		tx.Commit()
	}
	l.pending = kept
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

// CallResults converts call records to the result model's.
func CallResults(calls []CallRecord) []result.CallRecord {
	out := make([]result.CallRecord, len(calls))
	for i, c := range calls {
		out[i] = result.CallRecord{ID: c.ID, Tool: c.Tool, Args: c.Args, Status: string(c.Status), Failed: c.Failed, Fault: c.Fault, At: c.At}
	}
	return out
}
