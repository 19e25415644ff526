package world

import "maps"

// overlay is a state written over a base it never changes: the first write
// to a collection copies that collection's map (its records stay shared),
// and the first write to a record copies the record. A trial on a large
// world then costs what it writes, not what the world holds.
type overlay struct {
	s State
	// own holds, per collection whose map is the overlay's, the ids of the
	// records it owns. A collection absent here is still the base's map.
	own map[string]map[string]struct{}
}

// newOverlay starts an overlay on base: a top-level map of its own whose
// collections are base's, plus an empty collection for each name in extra
// that base lacks.
func newOverlay(base State, extra ...string) overlay {
	o := overlay{
		s:   State{Collections: make(map[string]Collection, len(base.Collections)+len(extra))},
		own: map[string]map[string]struct{}{},
	}
	maps.Copy(o.s.Collections, base.Collections)
	for _, c := range extra {
		if _, ok := o.s.Collections[c]; !ok {
			o.s.Collections[c] = Collection{}
			o.own[c] = map[string]struct{}{}
		}
	}
	return o
}

// coll returns the collection's map for writing, copied from the base on
// the first write; a missing collection is created.
func (o *overlay) coll(name string) Collection {
	if _, ok := o.own[name]; ok {
		return o.s.Collections[name]
	}
	c := maps.Clone(o.s.Collections[name])
	if c == nil {
		c = Collection{}
	}
	o.s.Collections[name] = c
	o.own[name] = map[string]struct{}{}
	return c
}

// record returns a record for writing, copied on the first write; nil when
// it does not exist.
func (o *overlay) record(coll, id string) Record {
	if r, _ := o.s.Collections[coll][id].(Record); r == nil {
		return nil
	}
	c := o.coll(coll)
	r := c[id].(Record)
	if _, ok := o.own[coll][id]; !ok {
		r = Clone(r).(Record)
		c[id] = r
		o.own[coll][id] = struct{}{}
	}
	return r
}

// put stores a record the overlay owns.
func (o *overlay) put(coll, id string, r Record) {
	o.coll(coll)[id] = r
	o.own[coll][id] = struct{}{}
}

// remove deletes a record.
func (o *overlay) remove(coll, id string) {
	delete(o.coll(coll), id)
	delete(o.own[coll], id)
}

// apply writes m (or undoes it).
func (o *overlay) apply(m Mutation, undo bool) {
	v := m.After
	if undo {
		v = m.Before
	}
	if m.Field == "" {
		if r, ok := Clone(v).(Record); ok && r != nil {
			o.put(m.Collection, m.ID, r)
		} else {
			o.remove(m.Collection, m.ID)
		}
		return
	}
	r := o.record(m.Collection, m.ID)
	if r == nil {
		o.coll(m.Collection) // as a write to a missing record always did
		return
	}
	if v == nil {
		delete(r, m.Field)
	} else {
		r[m.Field] = Clone(v)
	}
}
