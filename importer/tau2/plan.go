package tau2

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// maxSharers bounds how many writes may move one number together before
// the importer stops enumerating which of them landed (2^(n-1) replays per
// write) and gives the number to the last of them alone.
const maxSharers = 4

// Dropped is a gold write that is not a step, and why.
type Dropped struct {
	Action string `json:"action"`
	Tool   string `json:"tool"`
	Reason string `json:"reason"`
}

// write is a gold write that changed the database when replayed.
type write struct {
	action  Action
	words   Words
	changes []change
	asserts []assertion
}

// plan is what one task becomes: its writes that are steps, what was
// dropped, and the gold result.
type plan struct {
	steps   []*write
	dropped []Dropped
	reads   int
	after   world.State
}

// replayer runs gold actions through the domain's tools, on worlds that
// share the database.
type replayer struct {
	db world.State
	tb *mocktools.Toolbox
}

// run replays actions in order from the database and returns the world
// and, per action, its response and the mutations it made.
func (r *replayer) run(actions []Action, specs []faults.Spec) (*world.World, []mocktools.Response, [][]world.Mutation, error) {
	w := world.Shared(r.db, r.tb.Collections()...)
	layer, err := faults.NewLayer(w, r.tb, specs, 1)
	if err != nil {
		return nil, nil, nil, err
	}
	resps := make([]mocktools.Response, len(actions))
	muts := make([][]world.Mutation, len(actions))
	for i, a := range actions {
		args, err := json.Marshal(a.Args)
		if err != nil {
			return nil, nil, nil, err
		}
		n := len(w.Audit())
		resps[i] = layer.Call(context.Background(), fmt.Sprintf("gold-%d", i+1), a.Name, string(args))
		muts[i] = w.Audit()[n:]
	}
	return w, resps, muts, nil
}

// plan replays a task's gold writes (reads change nothing and are left to
// the agent) and decides which become steps and what each must leave.
func (im *Importer) plan(t Task) (*plan, error) {
	p := &plan{}
	var writes []Action
	for _, a := range t.Actions {
		tool, ok := im.tb.Tool(a.Name)
		if !ok {
			return nil, fmt.Errorf("action %s: unknown %s tool %q", a.ID, im.domain.Name(), a.Name)
		}
		if tool.Definition().Write {
			writes = append(writes, a)
		} else {
			p.reads++
		}
	}
	r := &replayer{db: im.db, tb: im.tb}
	// Each write is worded from the world just before it: replay them one
	// at a time.
	w := world.Shared(im.db, im.tb.Collections()...)
	layer, err := faults.NewLayer(w, im.tb, nil, 1)
	if err != nil {
		return nil, err
	}
	var kept []*write
	for i, a := range writes {
		words := im.domain.Describe(lookupIn(w), a)
		args, _ := json.Marshal(a.Args)
		n := len(w.Audit())
		resp := layer.Call(context.Background(), fmt.Sprintf("gold-%d", i+1), a.Name, string(args))
		if resp.Status != mocktools.StatusOK {
			msg, _ := resp.Body["error"].(string)
			if msg == "" {
				msg = resp.Content()
			}
			p.dropped = append(p.dropped, Dropped{a.ID, a.Name,
				fmt.Sprintf("fails when replayed (%s); tau2's replay ignores the error, so it changes nothing", msg)})
			continue
		}
		changes := fieldChanges(w.Audit()[n:])
		if len(changes) == 0 {
			p.dropped = append(p.dropped, Dropped{a.ID, a.Name, "changes nothing: the database already holds what it writes"})
			continue
		}
		kept = append(kept, &write{action: a, words: words, changes: changes})
	}
	p.after = w.View()

	if err := im.assign(r, kept, p.after); err != nil {
		return nil, err
	}
	var superseded bool
	for _, k := range kept {
		if len(k.asserts) == 0 {
			p.dropped = append(p.dropped, Dropped{k.action.ID, k.action.Name, "superseded: " + supersededBy(k, kept, im.db, p.after)})
			superseded = true
			continue
		}
		p.steps = append(p.steps, k)
	}
	if superseded {
		// The writes left out must not matter: the steps alone give the
		// same database.
		acts := make([]Action, len(p.steps))
		for i, s := range p.steps {
			acts[i] = s.action
		}
		alone, resps, _, err := r.run(acts, nil)
		if err != nil {
			return nil, err
		}
		for i, resp := range resps {
			if resp.Status != mocktools.StatusOK {
				return nil, fmt.Errorf("action %s fails without the superseded writes: %s", acts[i].ID, resp.Content())
			}
		}
		if d := world.Diff(alone.View(), p.after); len(d) > 0 {
			return nil, fmt.Errorf("the superseded writes matter: without them %s/%s/%s ends differently", d[0].Collection, d[0].ID, d[0].Field)
		}
	}
	// Keep the order of the dropped writes as in the task.
	order := map[string]int{}
	for i, a := range t.Actions {
		order[a.ID] = i
	}
	sort.SliceStable(p.dropped, func(i, j int) bool { return order[p.dropped[i].Action] < order[p.dropped[j].Action] })
	return p, nil
}

// fieldChanges turns one call's mutations into leaf changes: each field
// from its first before to its last after.
func fieldChanges(muts []world.Mutation) []change {
	type fieldKey struct{ coll, id, field string }
	var keys []fieldKey
	first := map[fieldKey]any{}
	last := map[fieldKey]any{}
	for _, m := range muts {
		k := fieldKey{m.Collection, m.ID, m.Field}
		if _, seen := first[k]; !seen {
			keys = append(keys, k)
			first[k] = m.Before
		}
		last[k] = m.After
	}
	var out []change
	for _, k := range keys {
		out = append(out, leafChanges(k.coll, k.id, k.field, first[k], last[k])...)
	}
	return out
}

// assign gives each kept write the assertions its done checks. A leaf one
// write changes must end as the gold replay leaves it. A leaf that ends
// as it began is asserted by nobody. A number several writes move (a gift
// card two cancellations credit) is asserted by each of them as any value
// it can take with that write landed and any of the others landed or not;
// any other leaf several writes set belongs to the last of them.
func (im *Importer) assign(r *replayer, kept []*write, after world.State) error {
	type shared struct {
		leaf    leaf
		writers []int
	}
	var order []string
	leaves := map[string]*shared{}
	for i, k := range kept {
		for _, c := range k.changes {
			key := c.key()
			s, ok := leaves[key]
			if !ok {
				s = &shared{leaf: c.leaf}
				leaves[key] = s
				order = append(order, key)
			}
			if !slices.Contains(s.writers, i) {
				s.writers = append(s.writers, i)
			}
		}
	}
	for _, key := range order {
		s := leaves[key]
		begin, end := s.leaf.read(im.db), s.leaf.read(after)
		if world.Equal(begin, end) {
			continue
		}
		last := s.writers[len(s.writers)-1]
		if len(s.writers) == 1 || !numeric(begin, end) || len(s.writers) > maxSharers {
			kept[last].asserts = append(kept[last].asserts, assertion{s.leaf, []any{end}})
			continue
		}
		for _, wi := range s.writers {
			values, err := im.outcomes(r, kept, wi, s.writers, s.leaf)
			if err != nil {
				return err
			}
			// The gold replay's own value, in case a subset replayed alone
			// failed where the whole task did not.
			if !slices.ContainsFunc(values, func(v any) bool { return world.Equal(v, end) }) {
				values = append(values, end)
			}
			kept[wi].asserts = append(kept[wi].asserts, assertion{s.leaf, values})
		}
	}
	return nil
}

func numeric(vs ...any) bool {
	for _, v := range vs {
		if _, ok := v.(float64); !ok {
			return false
		}
	}
	return true
}

// outcomes replays write wi with every subset of the other writers of a
// leaf, in gold order, and collects the values the leaf takes.
func (im *Importer) outcomes(r *replayer, kept []*write, wi int, writers []int, at leaf) ([]any, error) {
	others := slices.DeleteFunc(slices.Clone(writers), func(x int) bool { return x == wi })
	var values []any
	for mask := 0; mask < 1<<len(others); mask++ {
		set := []int{wi}
		for b, o := range others {
			if mask&(1<<b) != 0 {
				set = append(set, o)
			}
		}
		slices.Sort(set)
		acts := make([]Action, len(set))
		for i, x := range set {
			acts[i] = kept[x].action
		}
		w, resps, _, err := r.run(acts, nil)
		if err != nil {
			return nil, err
		}
		failed := false
		for _, resp := range resps {
			failed = failed || resp.Status != mocktools.StatusOK
		}
		if failed {
			continue
		}
		v := at.read(w.View())
		if !slices.ContainsFunc(values, func(x any) bool { return world.Equal(x, v) }) {
			values = append(values, v)
		}
	}
	return values, nil
}

// supersededBy says why a write's changes do not last.
func supersededBy(k *write, kept []*write, db, after world.State) string {
	var parts []string
	seen := map[string]bool{}
	for _, c := range k.changes {
		ref := c.ref()
		if seen[ref] {
			continue
		}
		seen[ref] = true
		var earlier, later []string
		mine := false
		for _, o := range kept {
			if o == k {
				mine = true
				continue
			}
			for _, oc := range o.changes {
				if oc.ref() == ref {
					if mine {
						later = append(later, o.action.ID)
					} else {
						earlier = append(earlier, o.action.ID)
					}
					break
				}
			}
		}
		unchanged := world.Equal(c.read(db), c.read(after))
		switch {
		case unchanged && len(later) == 0 && len(earlier) > 0:
			parts = append(parts, fmt.Sprintf("it puts %s back as it was before %s changed it, so the task ends with it unchanged", ref, strings.Join(earlier, ", ")))
		case unchanged && len(later) > 0:
			parts = append(parts, fmt.Sprintf("%s changes %s again and it ends as it began", strings.Join(later, ", "), ref))
		case unchanged:
			parts = append(parts, fmt.Sprintf("%s ends as it began", ref))
		default:
			parts = append(parts, fmt.Sprintf("%s sets %s again", strings.Join(later, ", "), ref))
		}
	}
	return strings.Join(parts, "; ")
}
