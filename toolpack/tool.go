package toolpack

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/expr-lang/expr/vm"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// tool is a declared tool at run time.
type tool struct {
	def      mocktools.Definition
	params   []string
	zeros    map[string]any // what a parameter left out is
	requires []*require
	effects  []*effect
	partial  []*effect
	reply    *reply
	says     Says
}

// Phrases makes a declared tool a mocktools.Phraser.
func (t *tool) Phrases() Says { return t.says }

// addCues adds the pack's cues to the tool's own.
func (t *tool) addCues(cues map[string][]string) {
	merged := map[string][]string{}
	for k, l := range cues {
		merged[k] = append(merged[k], l...)
	}
	for k, l := range t.says.Cues {
		merged[k] = append(merged[k], l...)
	}
	t.says.Cues = merged
}

// partialTool is a tool that declares its partial effects.
type partialTool struct{ *tool }

var (
	_ mocktools.Tool           = (*tool)(nil)
	_ mocktools.PartialApplier = partialTool{}
	_ mocktools.Phraser        = (*tool)(nil)
)

type require struct {
	check   *vm.Program
	message *template
}

type effect struct {
	op                string
	collection, field string
	id                *value
	prefix            string
	value             *value
	fields            map[string]*value
	as                string
	when              *vm.Program
}

// value is an expression or a literal.
type value struct {
	prog      *vm.Program
	literal   any
	isLiteral bool
}

func (v *value) eval(env map[string]any) (any, error) {
	if v == nil {
		return nil, errors.New("no value")
	}
	if v.isLiteral {
		return world.Clone(v.literal), nil
	}
	out, err := run(v.prog, env)
	if err != nil {
		return nil, err
	}
	return normalize(out), nil
}

type reply struct {
	whole  *value
	fields map[string]*value
}

// Definition is what the agent is told.
func (t *tool) Definition() mocktools.Definition { return t.def }

// Call checks the preconditions, applies the effects and answers.
func (t *tool) Call(_ context.Context, tx *world.Tx, args mocktools.Args) (mocktools.Body, error) {
	return t.call(tx, args, t.effects)
}

// CallPartial applies the declared partial effects instead of the full
// ones. A tool that declares none is not a partialTool: the fault layer
// keeps the first half of its call's changes, as for any tool.
func (t partialTool) CallPartial(_ context.Context, tx *world.Tx, args mocktools.Args) (mocktools.Body, error) {
	return t.call(tx, args, t.partial)
}

func (t *tool) call(tx *world.Tx, args mocktools.Args, effects []*effect) (mocktools.Body, error) {
	view := tx.World().View()
	env := make(map[string]any, len(t.params)+len(view.Collections)+4)
	for _, p := range t.params {
		if v, ok := args[p]; ok && v != nil {
			env[p] = v
		} else {
			env[p] = world.Clone(t.zeros[p])
		}
	}
	env["args"] = map[string]any(args)
	for name, c := range view.Collections {
		env[name] = c
	}
	for _, r := range t.requires {
		out, err := run(r.check, env)
		if ok, _ := out.(bool); err != nil || !ok {
			return nil, errors.New(r.message.render(env))
		}
	}
	for _, e := range effects {
		if err := e.apply(tx, env); err != nil {
			return nil, err
		}
		// The world copies a collection on its first write to it: the
		// next effect and the reply read the copy.
		for name, c := range tx.World().View().Collections {
			env[name] = c
		}
	}
	return t.reply.body(env)
}

func (e *effect) apply(tx *world.Tx, env map[string]any) error {
	if e.when != nil {
		out, err := run(e.when, env)
		if err != nil {
			return fmt.Errorf("%s %s: %v", e.op, e.collection, err)
		}
		if ok, _ := out.(bool); !ok {
			return nil
		}
	}
	var id string
	if e.id != nil {
		v, err := e.id.eval(env)
		if err != nil {
			return fmt.Errorf("%s %s: the id: %v", e.op, e.collection, err)
		}
		if id = text(v); id == "" {
			return fmt.Errorf("%s %s: the id is empty", e.op, e.collection)
		}
	}
	switch e.op {
	case "create":
		if id == "" {
			id = tx.NextID(e.prefix)
		}
		r := world.Record{}
		for f, v := range e.fields {
			x, err := v.eval(env)
			if err != nil {
				return fmt.Errorf("create %s: field %s: %v", e.collection, f, err)
			}
			r[f] = x
		}
		if err := tx.Create(e.collection, id, r); err != nil {
			return err
		}
		if e.as != "" {
			env[e.as] = id
		}
		return nil
	case "delete":
		return tx.Delete(e.collection, id)
	}
	rec := tx.World().Get(e.collection, id)
	if rec == nil {
		return fmt.Errorf("%s %s not found", e.collection, id)
	}
	v, err := e.value.eval(env)
	if err != nil {
		return fmt.Errorf("%s %s[%s].%s: %v", e.op, e.collection, id, e.field, err)
	}
	switch e.op {
	case "add":
		cur, _ := toFloat(rec[e.field])
		by, ok := toFloat(v)
		if !ok {
			return fmt.Errorf("add %s[%s].%s: %v is not a number", e.collection, id, e.field, v)
		}
		v = decimal(cur + by)
	case "append":
		list, _ := rec[e.field].([]any)
		v = append(append([]any{}, list...), v)
	case "remove":
		list, _ := rec[e.field].([]any)
		kept := []any{}
		for _, x := range list {
			if !world.Equal(x, v) {
				kept = append(kept, x)
			}
		}
		v = kept
	}
	if e.op == "set" {
		// A declared set is absolute: a duplicate delivery sets it again.
		return tx.Assign(e.collection, id, e.field, v)
	}
	return tx.Set(e.collection, id, e.field, v)
}

func (r *reply) body(env map[string]any) (mocktools.Body, error) {
	switch {
	case r.whole != nil:
		v, err := r.whole.eval(env)
		if err != nil {
			return nil, fmt.Errorf("reply: %v", err)
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("reply: not an object: %v", v)
		}
		return world.Clone(m).(map[string]any), nil
	case r.fields != nil:
		out := mocktools.Body{}
		for k, f := range r.fields {
			v, err := f.eval(env)
			if err != nil {
				return nil, fmt.Errorf("reply: %s: %v", k, err)
			}
			out[k] = world.Clone(v)
		}
		return out, nil
	}
	return mocktools.Body{"status": "ok"}, nil
}

// decimal rounds a sum to nine decimal places, so that adding and taking
// back 0.1 leaves the number it started from: 215.1, not
// 215.09999999999999. Tool packs count money and units, never beyond that.
func decimal(x float64) float64 { return math.Round(x*1e9) / 1e9 }
