// Package registry is the one name -> value table behind every extension
// point (fault kinds, tool packs, agent models, report formats): each
// extension registers itself from init, and callers look it up by name.
package registry

import (
	"fmt"
	"sort"
	"sync"
)

// Registry holds values of one kind by name. It is safe for concurrent use.
type Registry[T any] struct {
	owner, noun string
	mu          sync.RWMutex
	items       map[string]T
}

// New returns an empty registry. owner and noun word its messages:
// "faults: kind registered twice: x" and "unknown fault kind "x"".
func New[T any](owner, noun string) *Registry[T] {
	return &Registry[T]{owner: owner, noun: noun, items: map[string]T{}}
}

// Add registers v as name. A duplicate name is a programming error that any
// test catches, so it panics.
func (r *Registry[T]) Add(name string, v T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.items[name]; dup {
		panic(r.owner + " registered twice: " + name)
	}
	r.items[name] = v
}

// Get returns the value called name, or an error naming the known ones.
func (r *Registry[T]) Get(name string) (T, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	v, ok := r.items[name]
	if !ok {
		return v, fmt.Errorf("unknown %s %q (known: %v)", r.noun, name, r.namesLocked())
	}
	return v, nil
}

// Names lists the registered names, sorted.
func (r *Registry[T]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.namesLocked()
}

// All lists the registered values, sorted by name.
func (r *Registry[T]) All() []T {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]T, 0, len(r.items))
	for _, n := range r.namesLocked() {
		out = append(out, r.items[n])
	}
	return out
}

func (r *Registry[T]) namesLocked() []string {
	out := make([]string, 0, len(r.items))
	for n := range r.items {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
