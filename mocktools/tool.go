// Package mocktools holds the stateful mock tools that agents call. A tool
// owns part of the world: it reads and writes records through a transaction,
// so the fault layer can decide what really happens to a call.
package mocktools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/internal/jsonx"
	"github.com/evalrun/evalrun/internal/registry"
	"github.com/evalrun/evalrun/world"
)

// Definition is what the agent is told about a tool: an OpenAI-style function
// definition, plus whether the tool writes (reads are never faulted by a
// sweep and never need compensation).
type Definition struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  map[string]any `json:"parameters"`
	Write       bool           `json:"-"`
}

// Tool is one callable mock tool. Call validates nothing itself: the caller
// checks args against the definition first (see Validate). A returned error
// is a tool error that the agent sees, never a crash.
type Tool interface {
	Definition() Definition
	Call(ctx context.Context, tx *world.Tx, args Args) (Body, error)
}

// PartialApplier is an optional ability: a tool that knows what half of its
// effect looks like (2 of 3 items restocked, a short refund). Tools without
// it are partly applied by committing the first half of their writes.
type PartialApplier interface {
	CallPartial(ctx context.Context, tx *world.Tx, args Args) (Body, error)
}

// Phraser is an optional ability: a tool that says how replies speak of
// its effect, so that the claim extractor, which knows no domain, reads a
// domain's words from the domain's own pack (see claims.Phrases).
type Phraser interface {
	Phrases() claims.Phrases
}

// Body is a tool's reply: a JSON object.
type Body = map[string]any

// Status says how a reply reached the agent.
type Status string

// Reply statuses.
const (
	StatusOK      Status = "ok"      // a normal envelope; the body may still say it failed
	StatusError   Status = "error"   // an explicit tool error
	StatusTimeout Status = "timeout" // no reply: the call timed out
)

// Response is what the agent receives for one call.
type Response struct {
	Status Status `json:"status"`
	Body   Body   `json:"body"`
}

// Content renders the response as the text a model reads in a tool message.
func (r Response) Content() string {
	if b, ok := jsonx.Append(make([]byte, 0, 256), map[string]any(r.Body)); ok {
		return string(b)
	}
	b, err := json.Marshal(r.Body)
	if err != nil {
		return fmt.Sprintf(`{"error": %q}`, err.Error())
	}
	return string(b)
}

// Errorf builds an explicit tool-error response.
func Errorf(format string, a ...any) Response {
	return Response{Status: StatusError, Body: Body{"error": fmt.Sprintf(format, a...)}}
}

// Pack is a named set of tools over the collections they own, such as the
// commerce pack (orders, inventory, payments, ...).
type Pack struct {
	Name        string
	Description string
	Collections []string
	Tools       []Tool
	// Fields, when a collection has an entry, gives the fields its records
	// may have and each one's JSON type (string, number, integer, boolean,
	// array, object or any): scenarios' world data and done assertions are
	// checked against it. Packs read from YAML always declare them.
	Fields map[string]map[string]string
}

var packs = registry.New[Pack]("mocktools: pack", "tool pack")

// Register adds a pack; each pack file calls it from init. It panics on a
// duplicate name, which is a programming error caught by any test.
func Register(p Pack) { packs.Add(p.Name, p) }

// Lookup returns the pack called name.
func Lookup(name string) (Pack, bool) {
	p, err := packs.Get(name)
	return p, err == nil
}

// Packs returns every registered pack, sorted by name.
func Packs() []Pack { return packs.All() }

// Toolbox is the tools of one scenario, by name.
type Toolbox struct {
	byName      map[string]Tool
	names       []string
	collections []string
	fields      map[string]map[string]string
	defs        []Definition
}

// NewToolbox gathers the tools of the named registered packs.
func NewToolbox(packNames []string) (*Toolbox, error) {
	var list []Pack
	for _, name := range packNames {
		p, err := packs.Get(name)
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return ToolboxOf(list...)
}

// ToolboxOf gathers the tools of packs, registered or not (a scenario's
// own tools.yaml).
func ToolboxOf(list ...Pack) (*Toolbox, error) {
	tb := &Toolbox{byName: map[string]Tool{}, fields: map[string]map[string]string{}}
	for _, p := range list {
		for _, c := range p.Collections {
			if slices.Contains(tb.collections, c) {
				return nil, fmt.Errorf("collection %q is owned by two packs", c)
			}
		}
		tb.collections = append(tb.collections, p.Collections...)
		for c, f := range p.Fields {
			tb.fields[c] = f
		}
		for _, t := range p.Tools {
			n := t.Definition().Name
			if _, dup := tb.byName[n]; dup {
				return nil, fmt.Errorf("tool %q is defined by two packs", n)
			}
			tb.byName[n] = t
			tb.names = append(tb.names, n)
		}
	}
	sort.Strings(tb.names)
	tb.defs = make([]Definition, len(tb.names))
	for i, n := range tb.names {
		tb.defs[i] = tb.byName[n].Definition()
	}
	return tb, nil
}

// PackNames lists the registered pack names.
func PackNames() []string { return packs.Names() }

// Tool returns the named tool.
func (tb *Toolbox) Tool(name string) (Tool, bool) {
	t, ok := tb.byName[name]
	return t, ok
}

// Names lists the tools, sorted.
func (tb *Toolbox) Names() []string { return tb.names }

// Collections lists the collections the packs own.
func (tb *Toolbox) Collections() []string { return tb.collections }

// Fields gives the declared fields of a collection's records and their
// types; ok is false when its pack declares none.
func (tb *Toolbox) Fields(collection string) (fields map[string]string, ok bool) {
	f, ok := tb.fields[collection]
	return f, ok
}

// Definitions returns every tool's definition, sorted by name: what a model
// is told it can call. The slice is shared: callers must not modify it.
func (tb *Toolbox) Definitions() []Definition { return tb.defs }
