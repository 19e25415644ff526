// Package world is the ground truth of a trial: an in-memory store of records
// that the mock tools own, with an audit log of every mutation and a
// simulated clock. The scorer reads the world, never what a tool replied.
package world

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Record is one stored object: JSON-like values only (string, float64, bool,
// nil, []any, map[string]any), so that snapshots, diffs and expressions see
// the same shapes the agent sees.
type Record = map[string]any

// Collection maps record ids to records. Its values are Records, typed as any
// so that expressions index it directly.
type Collection = map[string]any

// State is a deep copy of the world's records at one moment.
type State struct {
	Collections map[string]Collection `json:"collections"`
}

// Mutation is one audit-log entry: which call changed which field, from what
// to what, and when on the simulated clock. Field is empty when the whole
// record was created (Before nil) or deleted (After nil).
type Mutation struct {
	Call       string        `json:"call"`
	Tool       string        `json:"tool"`
	Collection string        `json:"collection"`
	ID         string        `json:"id"`
	Field      string        `json:"field,omitempty"`
	Before     any           `json:"before"`
	After      any           `json:"after"`
	At         time.Duration `json:"at_ns"`
	// Absolute marks a field write that sets a value rather than moves a
	// number by an amount: a duplicate delivery sets it again, and does
	// not move it twice.
	Absolute bool `json:"absolute,omitempty"`
}

// World is the live store. It is not safe for concurrent use: each trial has
// its own. It reads through to the state it started from and copies only
// what it writes, so that many trials share one large initial world.
type World struct {
	initial State
	live    overlay
	audit   []Mutation
	clock   time.Duration
	seq     map[string]int
}

// New returns a world holding a deep copy of initial, with an empty
// collection for each name in collections that initial lacks.
func New(initial State, collections ...string) *World {
	return Shared(initial.Clone(), collections...)
}

// Shared returns a world that starts from initial without copying it: the
// world copies a collection's map and a record only when it first writes
// them. initial and everything in it must never change again; scenarios
// load their initial world once and share it with every trial this way.
func Shared(initial State, collections ...string) *World {
	return &World{initial: initial, live: newOverlay(initial, collections...), seq: map[string]int{}}
}

// Snapshot returns a deep copy of the current records.
func (w *World) Snapshot() State { return w.live.s.Clone() }

// View returns the live records for read-only use (expressions, read tools,
// the scorer). Callers must not modify it: unwritten records are shared
// with every world started from the same state. A collection's map may be
// replaced by the world's first write to it, so take View again after
// writing rather than keeping a collection.
func (w *World) View() State { return w.live.s }

// Initial returns the state the world started from. It is shared: callers
// must not change it.
func (w *World) Initial() State { return w.initial }

// Audit returns the audit log so far.
func (w *World) Audit() []Mutation { return w.audit }

// Now is the simulated time since the trial started.
func (w *World) Now() time.Duration { return w.clock }

// Advance moves the simulated clock forward.
func (w *World) Advance(d time.Duration) {
	if d > 0 {
		w.clock += d
	}
}

// Get returns the live record, or nil when it does not exist. It is for
// reading only, and may be shared with other worlds; the world's first
// write to it replaces it with a copy, so read it again after writing.
func (w *World) Get(collection, id string) Record {
	r, _ := w.live.s.Collections[collection][id].(Record)
	return r
}

// Records returns the ids of a collection in sorted order, so that tools that
// list records answer deterministically.
func (w *World) Records(collection string) []string {
	c := w.live.s.Collections[collection]
	ids := make([]string, 0, len(c))
	for id := range c {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return NaturalLess(ids[i], ids[j]) })
	return ids
}

// NaturalLess orders ids as people do: "RF-9" before "RF-10".
func NaturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// Begin opens a transaction for one tool call. Every write goes through it,
// so that the fault layer can commit, roll back or partly apply the call.
func (w *World) Begin(call, tool string) *Tx {
	return &Tx{w: w, call: call, tool: tool}
}

// Tx is the set of writes of one tool call. Writes are visible at once (a
// tool reads its own writes); Rollback undoes them and Commit writes them to
// the audit log.
type Tx struct {
	w     *World
	call  string
	tool  string
	muts  []Mutation
	seqs  []seqUndo
	ended bool
}

type seqUndo struct {
	prefix string
	prev   int
}

// World returns the world the transaction writes to, for reads.
func (t *Tx) World() *World { return t.w }

// Mutations returns the writes made so far, in order.
func (t *Tx) Mutations() []Mutation { return t.muts }

// NextID returns a fresh id such as "RF-1" for a new record. The counter is
// part of the transaction: a rolled-back call does not consume an id.
func (t *Tx) NextID(prefix string) string {
	prev := t.w.seq[prefix]
	t.seqs = append(t.seqs, seqUndo{prefix, prev})
	t.w.seq[prefix] = prev + 1
	return prefix + "-" + strconv.Itoa(prev+1)
}

// Set writes one field of an existing record.
func (t *Tx) Set(collection, id, field string, value any) error {
	r := t.w.Get(collection, id)
	if r == nil {
		return fmt.Errorf("%s %q does not exist", collection, id)
	}
	before := r[field]
	t.apply(Mutation{Collection: collection, ID: id, Field: field, Before: Clone(before), After: Clone(value)})
	return nil
}

// Assign writes one field of an existing record to an absolute value
// ("replicas: 0"), as opposed to Set, whose number writes a duplicate
// delivery repeats as a second move of the same size (a second refund).
func (t *Tx) Assign(collection, id, field string, value any) error {
	r := t.w.Get(collection, id)
	if r == nil {
		return fmt.Errorf("%s %q does not exist", collection, id)
	}
	t.apply(Mutation{Collection: collection, ID: id, Field: field, Before: Clone(r[field]), After: Clone(value), Absolute: true})
	return nil
}

// Create adds a new record; it fails when the id is taken.
func (t *Tx) Create(collection, id string, r Record) error {
	if t.w.Get(collection, id) != nil {
		return fmt.Errorf("%s %q already exists", collection, id)
	}
	t.apply(Mutation{Collection: collection, ID: id, After: Clone(r)})
	return nil
}

func (t *Tx) apply(m Mutation) {
	m.Call, m.Tool, m.At = t.call, t.tool, t.w.clock
	t.w.live.apply(m, false)
	t.muts = append(t.muts, m)
}

// Commit writes the transaction's mutations to the audit log.
func (t *Tx) Commit() {
	if t.ended {
		return
	}
	t.ended = true
	t.w.audit = append(t.w.audit, t.muts...)
}

// Rollback undoes every write of the transaction, newest first.
func (t *Tx) Rollback() {
	if t.ended {
		return
	}
	t.ended = true
	t.undo()
}

func (t *Tx) undo() {
	t.undoWrites()
	for i := len(t.seqs) - 1; i >= 0; i-- {
		t.w.seq[t.seqs[i].prefix] = t.seqs[i].prev
	}
}

func (t *Tx) undoWrites() {
	for i := len(t.muts) - 1; i >= 0; i-- {
		t.w.live.apply(t.muts[i], true)
	}
}

// CommitFirst undoes the transaction, then re-applies and commits only its
// first n mutations: the generic half of a partly applied call. Ids the call
// drew stay drawn, since kept records may carry them.
func (t *Tx) CommitFirst(n int) {
	if t.ended {
		return
	}
	muts := t.muts
	t.undoWrites()
	t.muts = nil
	t.seqs = nil
	for _, m := range muts[:max(0, min(n, len(muts)))] {
		t.w.live.apply(m, false)
		t.muts = append(t.muts, m)
	}
	t.Commit()
}

// Delete removes a record; it fails when the record does not exist.
func (t *Tx) Delete(collection, id string) error {
	r := t.w.Get(collection, id)
	if r == nil {
		return fmt.Errorf("%s %q does not exist", collection, id)
	}
	t.apply(Mutation{Collection: collection, ID: id, Before: Clone(r)})
	return nil
}

// Call returns the id of the call the transaction belongs to.
func (t *Tx) Call() string { return t.call }

// Tool returns the tool the transaction belongs to.
func (t *Tx) Tool() string { return t.tool }
