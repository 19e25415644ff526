package mocktools

import (
	"context"

	"github.com/evalrun/evalrun/world"
)

// Func is a Tool made of a definition and a function: most tools need no
// more.
type Func struct {
	Def Definition
	Run func(ctx context.Context, tx *world.Tx, args Args) (Body, error)
}

var _ Tool = Func{}

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
