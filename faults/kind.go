// Package faults injects silent failures into tool calls. A fault has two
// independent halves: the response the agent sees and the state effect the
// world gets. Each kind is one file that registers itself.
package faults

import (
	"sort"
	"strings"
	"time"

	"github.com/evalrun/evalrun/internal/registry"
	"github.com/evalrun/evalrun/mocktools"
)

// Effect is the state half of a fault: what really happens to the world.
type Effect string

// State effects, as in the fault taxonomy.
const (
	None    Effect = "none"    // the call's writes are dropped
	Partial Effect = "partial" // part of the writes land
	Full    Effect = "full"    // every write lands
	Twice   Effect = "twice"   // every write lands twice: a second payout, a second message
	Later   Effect = "later"   // the writes land after the fault's delay in simulated time
)

// Taxonomy is the order of the fault taxonomy, loud to silent to time and
// auth: the order of a sweep's columns. Kinds registered outside it follow.
var Taxonomy = []string{
	"hard_error", "soft_error", "swallowed_rate_limit", "ack_without_apply", "partial_apply",
	"timeout_after_commit", "timeout_before_commit", "duplicate_apply", "delayed_apply", "stale_read",
	"wrong_field", "empty_result", "schema_drift", "latency", "auth_expired", "compensation_noop",
}

// Effects lists the state effects a spec may name.
var Effects = []Effect{None, Partial, Full, Twice, Later}

func joinEffects() string {
	out := ""
	for i, e := range Effects {
		if i > 0 {
			out += ", "
		}
		out += string(e)
	}
	return out
}

// Aim is what part of a step a sweep aims a kind at.
type Aim string

// Aims: a step's gold action, its read-back, or its compensating action.
const (
	AimAction       Aim = "action"
	AimRead         Aim = "read"
	AimCompensation Aim = "compensation"
)

// Aimer is an optional ability: a kind that a sweep aims at something other
// than the step's own action (stale_read at its read-back).
type Aimer interface {
	Aim() Aim
}

// AimOf returns where a sweep aims k.
func AimOf(k Kind) Aim {
	if a, ok := k.(Aimer); ok {
		return a.Aim()
	}
	return AimAction
}

// StaleReader is an optional ability: a kind whose reply is computed on the
// world as it was before the trial's writes.
type StaleReader interface {
	ReadsStale() bool
}

// Call is the call a fault is deciding about.
type Call struct {
	ID    string
	Tool  string
	Index int // the call's number among the calls the fault's target matched, from 1
	Args  mocktools.Args
}

// Kind is one fault kind. Respond builds what the agent sees from the reply
// the tool would have given; State says what the world gets.
type Kind interface {
	Name() string
	// Sees and Gets describe, in one line each, what the agent sees and what
	// the world gets: the text of `evalrun list`.
	Sees() string
	Gets() string
	State() Effect
	Respond(c Call, normal mocktools.Response) mocktools.Response
}

// Delayer is an optional ability: a kind whose reply costs simulated time
// (a timeout waits before giving up). For delayed_apply it is also how long
// the write waits to land. A spec's delay overrides it.
type Delayer interface {
	Delay() time.Duration
}

var kinds = registry.New[Kind]("faults: kind", "fault kind")

// Register adds a kind; each kind's file calls it from init.
func Register(k Kind) { kinds.Add(k.Name(), k) }

// Lookup returns the kind called name.
func Lookup(name string) (Kind, error) { return kinds.Get(name) }

// Kinds returns every registered kind, sorted by name.
func Kinds() []Kind { return kinds.All() }

// isID says whether a reply field names a record: "id", or a name ending
// in "_id" ("record_id", "item_id"). A degraded reply keeps those, so that
// it still looks like an answer to the call, in any domain.
func isID(field string) bool { return field == "id" || strings.HasSuffix(field, "_id") }

// idFields lists a reply's id fields, sorted.
func idFields(body mocktools.Body) []string {
	var out []string
	for k := range body {
		if isID(k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func keepIDs(normal mocktools.Body, extra mocktools.Body) mocktools.Body {
	out := mocktools.Body{}
	for _, f := range idFields(normal) {
		out[f] = normal[f]
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}
