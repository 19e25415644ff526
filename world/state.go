package world

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Clone returns a deep copy of s.
func (s State) Clone() State {
	out := State{Collections: make(map[string]Collection, len(s.Collections))}
	for name, c := range s.Collections {
		out.Collections[name] = Clone(c).(Collection)
	}
	return out
}

// Env exposes the collections by name, the shape that step assertions read
// (orders["A1001"].status).
func (s State) Env() map[string]any {
	env := make(map[string]any, len(s.Collections))
	for name, c := range s.Collections {
		env[name] = c
	}
	return env
}

// Clone deep-copies a JSON-like value, turning every integer into float64 so
// that values loaded from YAML and values written by tools compare equal.
func Clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Clone(e)
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Clone(e)
		}
		return out
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	case float32:
		return float64(x)
	default:
		return v
	}
}

// Equal reports whether two JSON-like values are the same.
func Equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		if sameMap(x, y) {
			return true // a record or collection shared with the base
		}
		for k, e := range x {
			f, ok := y[k]
			if !ok || !Equal(e, f) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string, bool, nil:
		return a == b
	default:
		return reflect.DeepEqual(Clone(a), Clone(b))
	}
}

// sameMap reports whether two maps are the same map, not merely equal:
// worlds share unwritten records and collections with their base, so most
// comparisons of a large world end here.
func sameMap(a, b map[string]any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// Ref names a resource a step touches: a whole collection ("refunds"), one
// record ("orders/A1001") or one field of a record ("orders/#W1/address"),
// so that two steps that change one record are told apart.
type Ref struct {
	Collection string
	ID         string
	Field      string
}

// ParseRef reads "collection", "collection/id" or "collection/id/field".
// Ids may hold any character but "/".
func ParseRef(s string) (Ref, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 || slices.Contains(parts, "") {
		return Ref{}, fmt.Errorf("resource %q: want \"collection\", \"collection/id\" or \"collection/id/field\"", s)
	}
	r := Ref{Collection: parts[0]}
	if len(parts) > 1 {
		r.ID = parts[1]
	}
	if len(parts) > 2 {
		r.Field = parts[2]
	}
	return r, nil
}

func (r Ref) String() string {
	switch {
	case r.ID == "":
		return r.Collection
	case r.Field == "":
		return r.Collection + "/" + r.ID
	}
	return r.Collection + "/" + r.ID + "/" + r.Field
}

// Covers reports whether a change to field of record id in collection is a
// change to r. An empty field is the whole record (created or deleted),
// which changes every field of it.
func (r Ref) Covers(collection, id, field string) bool {
	return r.Collection == collection && (r.ID == "" || r.ID == id) && (r.Field == "" || field == "" || r.Field == field)
}

// EqualOn reports whether a and b agree on every ref. A whole collection is
// compared as a multiset of records, ignoring the ids that tools generate,
// so that a write retried under a new id still counts as the same effect.
func EqualOn(a, b State, refs []Ref) bool {
	for _, r := range refs {
		ca, cb := a.Collections[r.Collection], b.Collections[r.Collection]
		if r.Field != "" {
			ra, oka := ca[r.ID].(Record)
			rb, okb := cb[r.ID].(Record)
			fa, hasA := ra[r.Field]
			fb, hasB := rb[r.Field]
			if oka != okb || hasA != hasB || !Equal(fa, fb) {
				return false
			}
			continue
		}
		if r.ID != "" {
			ra, oka := ca[r.ID]
			rb, okb := cb[r.ID]
			if oka != okb || !Equal(ra, rb) {
				return false
			}
			continue
		}
		if !sameMultiset(ca, cb) {
			return false
		}
	}
	return true
}

func sameMultiset(a, b Collection) bool {
	if len(a) != len(b) {
		return false
	}
	same := true
	for id, ra := range a {
		rb, ok := b[id]
		if !ok || !Equal(ra, rb) {
			same = false
			break
		}
	}
	if same {
		return true
	}
	ka, kb := canonical(a), canonical(b)
	for i := range ka {
		if ka[i] != kb[i] {
			return false
		}
	}
	return true
}

func canonical(c Collection) []string {
	out := make([]string, 0, len(c))
	for _, r := range c {
		b, _ := json.Marshal(r) // map keys are sorted: a canonical form
		out = append(out, string(b))
	}
	sort.Strings(out)
	return out
}

// Change is one difference between two states, for reports and diffs.
type Change struct {
	Collection string `json:"collection"`
	ID         string `json:"id"`
	Field      string `json:"field,omitempty"`
	Before     any    `json:"before"`
	After      any    `json:"after"`
}

// Diff lists the differences from a to b, field by field, in sorted order.
func Diff(a, b State) []Change {
	var out []Change
	for _, name := range UnionKeys(a.Collections, b.Collections) {
		ca, cb := a.Collections[name], b.Collections[name]
		// Only the records that differ are sorted: a large world shares
		// most of its records with the other side, and costs a look each.
		for _, id := range differingIDs(ca, cb) {
			ra, oka := ca[id].(Record)
			rb, okb := cb[id].(Record)
			if !oka || !okb {
				if oka != okb {
					out = append(out, Change{Collection: name, ID: id, Before: ca[id], After: cb[id]})
				}
				continue
			}
			for _, f := range UnionKeys(ra, rb) {
				if !Equal(ra[f], rb[f]) {
					out = append(out, Change{Collection: name, ID: id, Field: f, Before: ra[f], After: rb[f]})
				}
			}
		}
	}
	return out
}

// differingIDs lists, sorted, the ids whose records differ between two
// collections, or are in one only.
func differingIDs(a, b Collection) []string {
	if len(a) == len(b) && sameMap(a, b) {
		return nil // an untouched collection: no look at its records
	}
	var ids []string
	for id, ra := range a {
		if rb, ok := b[id]; !ok || !Equal(ra, rb) {
			ids = append(ids, id)
		}
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// UnionKeys lists, sorted, the keys of a and b together: the fields or
// records two versions of a thing have between them.
func UnionKeys[V any](a, b map[string]V) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// Replay applies the audit log to a copy of before, one call at a time, and
// calls visit after each call's writes with those writes and the state at
// that moment. It is how the scorer learns whether a step was ever done,
// from the log alone. visit must not keep or modify the state. The state
// returned shares nothing with before.
func Replay(before State, audit []Mutation, visit func(call []Mutation, s State)) State {
	return Walk(before.Clone(), audit, visit)
}

// Walk is Replay without the copy of before: it copies only the
// collections and records the log writes, so that scoring a trial on a
// large world costs what the trial wrote. The states visit sees and the
// one returned share every unwritten record with before; nobody may
// change them. A collection's map may be replaced between visits.
func Walk(before State, audit []Mutation, visit func(call []Mutation, s State)) State {
	o := newOverlay(before)
	start := 0
	for i, m := range audit {
		o.apply(m, false)
		if i == len(audit)-1 || audit[i+1].Call != m.Call {
			visit(audit[start:i+1], o.s)
			start = i + 1
		}
	}
	return o.s
}
