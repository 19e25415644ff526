// Package toolpack reads tool packs written in YAML: collections with
// their record fields, and tools whose parameters, preconditions, effects
// on the world and replies are declared as expressions. A declared tool is
// an ordinary mocktools.Tool: it runs through the same fault layer, audit
// log, sweeps and scoring as a tool written in Go.
package toolpack

import "github.com/evalrun/evalrun/claims"

// File is a tools.yaml file.
type File struct {
	// Name is the pack's name; scenarios may also name the file itself.
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	// Collections are the record collections the pack owns, by name.
	Collections map[string]*Collection `yaml:"collections"`
	Tools       []*ToolSpec            `yaml:"tools"`
	// Cues are the domain's own status words (see claims.Phrases.Cues),
	// for every tool of the pack.
	Cues map[string][]string `yaml:"cues"`
}

// Collection declares the fields of a collection's records, so that world
// data and done assertions are checked against them.
type Collection struct {
	Description string            `yaml:"description"`
	Fields      map[string]*Field `yaml:"fields"`
}

// Field is one field of a record.
type Field struct {
	// Type is string, number, integer, boolean, array, object or any.
	Type        string `yaml:"type"`
	Description string `yaml:"description"`
}

// ToolSpec is one declared tool.
type ToolSpec struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	// Write marks a tool that changes the world: sweeps fault it,
	// compensation may undo it. A tool with effects must be a write.
	Write bool `yaml:"write"`
	// Parameters is the JSON Schema of the arguments, as the agent sees it.
	Parameters map[string]any `yaml:"parameters"`
	// Requires are checked in order before any effect: the first that does
	// not hold is the tool error the agent sees.
	Requires []*Require `yaml:"requires"`
	// Effects change the world in order; each sees the ones before it.
	Effects []*Effect `yaml:"effects"`
	// Partial is what a partly applied call does (the partial_apply fault);
	// without it, the first half of the effects' changes land.
	Partial []*Effect `yaml:"partial"`
	// Reply is the tool's answer: an expression that gives an object, or a
	// mapping of fields to expressions.
	Reply any `yaml:"reply"`
	// Says is how replies speak of what the tool does, for the claim
	// extractor: the words of this domain, kept in its pack.
	Says *Says `yaml:"says"`
}

// Says holds the tool's vocabulary (see claims.Phrases): phrase patterns
// in the syntax of claims.CheckPattern by what they say, and the words that
// decide a noun several tools share.
type Says = claims.Phrases

// Require is a precondition.
type Require struct {
	// Check is an expression that must hold.
	Check string `yaml:"check"`
	// Error is the message when it does not, with {expressions} filled in:
	// "account {account_id} not found".
	Error string `yaml:"error"`
}

// Effect is one change to the world. Exactly one of Set, Add, Append,
// Remove, Create and Delete names what it does.
type Effect struct {
	// Set, Add, Append and Remove name a field: collection[id].field,
	// where id is an expression.
	Set    string `yaml:"set"`
	Add    string `yaml:"add"`
	Append string `yaml:"append"`
	Remove string `yaml:"remove"`
	// Value is the expression Set stores, Add adds, Append appends and
	// Remove takes out of the list.
	Value any `yaml:"value"`
	// Create names a collection to add a record to: its id is ID (an
	// expression) or Prefix with the next number ("RF-" gives RF-1, RF-2),
	// its fields are Fields (expressions), and As names the new id for the
	// effects and the reply that follow.
	Create string         `yaml:"create"`
	ID     string         `yaml:"id"`
	Prefix string         `yaml:"prefix"`
	Fields map[string]any `yaml:"fields"`
	As     string         `yaml:"as"`
	// Delete names a record: collection[id].
	Delete string `yaml:"delete"`
	// When, if set, is an expression: the effect applies only when it holds.
	When string `yaml:"when"`
}
