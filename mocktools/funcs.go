package mocktools

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/claims"

	"github.com/evalrun/evalrun/world"
)

// Func is a Tool made of a definition and a function: most tools need no
// more.
type Func struct {
	Def Definition
	Run func(ctx context.Context, tx *world.Tx, args Args) (Body, error)
	// Says is how replies speak of the tool's effect (see Phraser).
	Says claims.Phrases
}

var (
	_ Tool    = Func{}
	_ Phraser = Func{}
)

// Phrases returns the tool's vocabulary.
func (f Func) Phrases() claims.Phrases { return f.Says }

// Definition returns the tool's definition.
func (f Func) Definition() Definition { return f.Def }

// Call runs the tool.
func (f Func) Call(ctx context.Context, tx *world.Tx, args Args) (Body, error) {
	return f.Run(ctx, tx, args)
}

// PartialFunc is a Func that also knows its own partial effect.
type PartialFunc struct {
	Func
	Partial func(ctx context.Context, tx *world.Tx, args Args) (Body, error)
}

var _ PartialApplier = PartialFunc{}

// CallPartial applies part of the tool's effect.
func (f PartialFunc) CallPartial(ctx context.Context, tx *world.Tx, args Args) (Body, error) {
	return f.Partial(ctx, tx, args)
}

// RunFunc is the body of a tool written in Go: it reads and writes the
// world through tx, and returns the reply, or an error the agent sees.
type RunFunc = func(ctx context.Context, tx *world.Tx, args Args) (Body, error)

// Read makes a tool that only reads the world.
func Read(name, desc string, params map[string]any, run RunFunc) Func {
	return Func{Def: Definition{Name: name, Description: desc, Parameters: params}, Run: run}
}

// Write makes a tool that changes the world: sweeps fault it, and
// compensation may undo it.
func Write(name, desc string, params map[string]any, run RunFunc) Func {
	return Func{Def: Definition{Name: name, Description: desc, Parameters: params, Write: true}, Run: run}
}

// Record fetches a record, or returns the not-found error a real API
// gives ("order A1 not found"); what names the kind of record.
func Record(tx *world.Tx, collection, id, what string) (world.Record, error) {
	r := tx.World().Get(collection, id)
	if r == nil {
		return nil, fmt.Errorf("%s %s not found", what, id)
	}
	return r, nil
}

// WithID copies a record into a reply body under its id field, so that a
// reply never aliases the live world.
func WithID(r world.Record, key, id string) Body {
	out := world.Clone(r).(map[string]any)
	out[key] = id
	return out
}
