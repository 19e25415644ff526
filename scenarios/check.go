package scenarios

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// check validates what the YAML shape cannot: names, references, tools and
// their arguments, expressions, and that the gold actions really perform
// every step on a fault-free world.
func (d *decoder) check(s *Scenario) {
	switch {
	case s.ID == "":
		d.failAt("", "missing id")
	case !idPattern.MatchString(s.ID):
		d.failAt("id", "id %q: use lower-case letters, digits, - and _", s.ID)
	}
	if strings.TrimSpace(s.Task) == "" {
		d.failAt("task", "missing task: what the user asks the agent")
	}
	switch s.Policy {
	case "":
		s.Policy = BestEffort
	case BestEffort, AllOrNothing:
	default:
		d.failAt("policy", "policy %q: want %s or %s", s.Policy, BestEffort, AllOrNothing)
	}
	if len(s.Tools) == 0 {
		d.failAt("tools", "missing tools: name at least one tool pack (known: %v)", mocktools.PackNames())
		return
	}
	tb := d.toolbox(s)
	if tb == nil {
		return
	}
	s.Toolbox = tb
	d.checkWorld(s)
	d.checkDurations(s)
	if len(s.Steps) == 0 && !s.ExactWorld {
		d.failAt("steps", "missing steps: a scenario has at least one step (or exact_world: true, where nothing may change)")
	}
	for i, r := range s.UserReplies {
		if strings.TrimSpace(r) == "" {
			d.failAt(fmt.Sprintf("user_replies[%d]", i), "user reply %d is empty: say what the user answers", i+1)
		}
	}
	env := s.Before.Env()
	seen := map[string]bool{}
	for i, st := range s.Steps {
		p := fmt.Sprintf("steps[%d]", i)
		d.checkName(p, "id", "step id", st.ID, seen)
		d.checkAction(tb, p+".action", &st.Action, true)
		if st.Compensate != nil {
			d.checkAction(tb, p+".compensate", st.Compensate, true)
		}
		if st.Done == "" {
			d.failAt(p, "step %q: missing done: the assertion that holds iff the step's effect is in place", st.ID)
		} else {
			st.DoneProgram = d.compile(p+".done", st.Done, env)
			d.checkFields(p+".done", st.Done, tb)
		}
		if st.Says != nil {
			for _, pr := range st.Says.Problems() {
				d.failAt(p+".says."+pr.Path, "step %q: %v", st.ID, pr.Err)
			}
		}
		if st.SLA != "" {
			sla, err := time.ParseDuration(st.SLA)
			switch {
			case err != nil:
				d.failAt(p+".sla", "sla %q is not a duration such as 90s or 5m", st.SLA)
			case sla <= 0:
				d.failAt(p+".sla", "sla must be positive, got %s", st.SLA)
			default:
				st.Deadline = sla
			}
		}
		for j, c := range st.Verify {
			vp := fmt.Sprintf("%s.verify[%d]", p, j)
			a := Action{Tool: c.Tool, Args: c.Args}
			d.checkAction(tb, vp, &a, false)
			c.ArgsJSON = a.ArgsJSON
			if c.Expect == "" {
				d.failAt(vp, "verify: missing expect: an expression over the reply (result)")
			} else {
				c.ExpectProgram = d.compile(vp+".expect", c.Expect, map[string]any{"result": map[string]any{}})
			}
		}
		if len(st.Touches) == 0 {
			d.failAt(p, "step %q: missing touches: the resources it changes, e.g. orders/A1001 or refunds", st.ID)
		}
		for j, t := range st.Touches {
			r, err := world.ParseRef(t)
			if err != nil {
				d.failAt(fmt.Sprintf("%s.touches[%d]", p, j), "%v", err)
				continue
			}
			if _, ok := s.Before.Collections[r.Collection]; !ok {
				d.failAt(fmt.Sprintf("%s.touches[%d]", p, j), "unknown collection %q", r.Collection)
			} else if fields, ok := tb.Fields(r.Collection); ok && r.Field != "" {
				if _, ok := fields[r.Field]; !ok {
					d.failAt(fmt.Sprintf("%s.touches[%d]", p, j), "%s has no field %q (fields: %s)", r.Collection, r.Field, strings.Join(sortedFields(fields), ", "))
				}
			}
			st.Refs = append(st.Refs, r)
			s.Touched = appendRef(s.Touched, r)
		}
	}
	d.checkVariants(s, tb)
	if len(d.Errs) == 0 {
		d.replayGold(s)
	}
}

func (d *decoder) checkDurations(s *Scenario) {
	for tool, text := range s.Durations {
		p := "durations." + tool
		if _, ok := s.Toolbox.Tool(tool); !ok {
			d.failAt(p, "durations: unknown tool %q (known: %s)", tool, strings.Join(s.Toolbox.Names(), ", "))
			continue
		}
		dur, err := time.ParseDuration(text)
		if err != nil || dur <= 0 {
			d.failAt(p, "durations: %q for %s: want a positive duration such as 500ms or 3s", text, tool)
			continue
		}
		if s.CallDurations == nil {
			s.CallDurations = map[string]time.Duration{}
		}
		s.CallDurations[tool] = dur
	}
}

// checkName checks a step id or variant name: present, well formed, unique.
func (d *decoder) checkName(p, field, what, name string, seen map[string]bool) {
	switch {
	case name == "":
		d.failAt(p, "missing %s", what)
	case !idPattern.MatchString(name):
		d.failAt(p+"."+field, "%s %q: use lower-case letters, digits, - and _", what, name)
	case seen[name]:
		d.failAt(p+"."+field, "%s %q is used twice", what, name)
	}
	seen[name] = true
}

func appendRef(refs []world.Ref, r world.Ref) []world.Ref {
	for _, e := range refs {
		if e == r {
			return refs
		}
	}
	return append(refs, r)
}

// checkWorld builds Before: the world file's records, shared and never
// copied, with the inline world's on top, and an empty collection for
// each the packs own that neither gives.
func (d *decoder) checkWorld(s *Scenario) {
	initial := world.State{Collections: map[string]world.Collection{}}
	known := map[string]bool{}
	for _, c := range s.Toolbox.Collections() {
		known[c] = true
	}
	var wf *worldFile
	if s.WorldFile != "" {
		if wf = d.worldFile(s.WorldFile); wf != nil && d.checkWorldFile(wf, s.Toolbox, known) {
			for name, c := range wf.collections {
				initial.Collections[name] = c
			}
		}
	}
	for _, name := range sortedKeys(s.World) {
		records := s.World[name]
		if !known[name] {
			d.failAt("world."+name, "world: unknown collection %q (the packs own: %v)", name, s.Toolbox.Collections())
			continue
		}
		c := world.Collection{}
		if wf != nil {
			c = maps.Clone(wf.collections[name]) // shares the file's records
			if c == nil {
				c = world.Collection{}
			}
		}
		for _, id := range sortedKeys(records) {
			p := "world." + name + "." + id
			if wf != nil {
				if _, dup := wf.collections[name][id]; dup {
					at := wf.pos[name+"/"+id]
					d.failAt(p, "record %s/%s is also in the world file %s (line %d, column %d): give it in one place", name, id, wf.name, at.Line, at.Col)
					continue
				}
			}
			for _, pr := range recordProblems(name, records[id], s.Toolbox) {
				d.failAt(p+pr.field, "%s", pr.msg)
			}
			c[id] = world.Clone(records[id])
		}
		initial.Collections[name] = c
	}
	for _, c := range s.Toolbox.Collections() {
		if _, ok := initial.Collections[c]; !ok {
			initial.Collections[c] = world.Collection{}
		}
	}
	s.Before = initial
}

// checkWorldFile checks the file's collections and records against the
// packs, once per load for each set of declared fields; it says whether
// the file is fine. A problem is reported at its place in the file.
func (d *decoder) checkWorldFile(wf *worldFile, tb *mocktools.Toolbox, known map[string]bool) bool {
	var fp strings.Builder
	for _, name := range sortedKeys(wf.collections) {
		fields, _ := tb.Fields(name)
		fmt.Fprintf(&fp, "%s %v %v;", name, known[name], fields)
	}
	if ok, seen := wf.checked[fp.String()]; seen {
		if !ok {
			d.failAt("world_file", "world file %s has errors (reported above)", wf.name)
		}
		return ok
	}
	before := len(d.Errs)
	for _, name := range sortedKeys(wf.collections) {
		if !known[name] {
			d.Errs = append(d.Errs, wf.at(name, "unknown collection %q (the packs own: %v)", name, tb.Collections()))
			continue
		}
		c := wf.collections[name]
		for _, id := range sortedKeys(c) {
			r, _ := c[id].(world.Record)
			for _, pr := range recordProblems(name, r, tb) {
				d.Errs = append(d.Errs, wf.at(name+"/"+id, "%s/%s%s: %s", name, id, pr.field, pr.msg))
			}
		}
	}
	ok := len(d.Errs) == before
	wf.checked[fp.String()] = ok
	return ok
}

func (d *decoder) checkAction(tb *mocktools.Toolbox, p string, a *Action, wantWrite bool) {
	a.ArgsJSON = ArgsJSON(a.Args)
	target := a.Target()
	a.target = &target
	if a.Tool == "" {
		d.failAt(p, "missing tool")
		return
	}
	t, ok := tb.Tool(a.Tool)
	if !ok {
		d.failAt(p+".tool", "unknown tool %q (known: %s)", a.Tool, strings.Join(tb.Names(), ", "))
		return
	}
	if t.Definition().Write != wantWrite {
		kind := "a read tool"
		if wantWrite {
			kind = "a write tool"
		}
		d.failAt(p+".tool", "tool %q: want %s here", a.Tool, kind)
	}
	args := mocktools.Args{}
	for k, v := range a.Args {
		args[k] = world.Clone(v)
	}
	if err := mocktools.Validate(t.Definition(), args); err != nil {
		d.failAt(p+".args", "%s: %v", a.Tool, err)
	}
}

func (d *decoder) compile(p, src string, env map[string]any) *vm.Program {
	prog, err := expr.Compile(src, expr.Env(env), expr.AsBool())
	if err != nil {
		d.failAt(p, "expression %q: %s", src, firstLine(err.Error()))
		return nil
	}
	return prog
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func (d *decoder) checkVariants(s *Scenario, tb *mocktools.Toolbox) {
	if len(s.Variants) == 0 {
		d.failAt("", "missing variants: add at least a fault-free one (name: clean), the baseline")
		return
	}
	clean := false
	names := map[string]bool{}
	for i, v := range s.Variants {
		p := fmt.Sprintf("variants[%d]", i)
		d.checkName(p, "name", "variant name", v.Name, names)
		clean = clean || v.Clean()
		fnames := map[string]bool{}
		for j := range v.Faults {
			d.checkFault(s, tb, fmt.Sprintf("%s.faults[%d]", p, j), &v.Faults[j], fnames)
		}
	}
	if !clean {
		d.failAt("variants", "no fault-free variant: add one with no faults (the baseline)")
	}
}

func (d *decoder) checkFault(s *Scenario, tb *mocktools.Toolbox, p string, f *faults.Spec, names map[string]bool) {
	if _, err := faults.Lookup(f.Kind); err != nil {
		d.failAt(p+".kind", "%v", err)
	}
	if f.Name == "" {
		f.Name = f.Kind
	}
	if names[f.Name] {
		d.failAt(p, "fault name %q is used twice in this variant: give each a name", f.Name)
	}
	names[f.Name] = true
	switch {
	case (f.Tool == "") == (f.Step == ""):
		d.failAt(p, "aim the fault with exactly one of tool or step")
	case f.Step != "":
		st := s.Step(f.Step)
		if st == nil {
			d.failAt(p+".step", "unknown step %q", f.Step)
			break
		}
		f.Target = st.Action.Target()
	default:
		if _, ok := tb.Tool(f.Tool); !ok {
			d.failAt(p+".tool", "unknown tool %q (known: %s)", f.Tool, strings.Join(tb.Names(), ", "))
		}
		f.Target = faults.Target{Tool: f.Tool}
	}
	var def mocktools.Definition
	if t, ok := tb.Tool(f.Target.Tool); ok {
		def = t.Definition()
	}
	for _, e := range f.Prepare(def) {
		d.failAt(p+"."+e.Field, "%s: %v", e.Field, e.Err)
	}
}

// replayGold runs the gold actions on a fault-free world: each must succeed,
// no step may hold before and every step must hold after. It sets After.
func (d *decoder) replayGold(s *Scenario) {
	w := world.Shared(s.Before)
	layer, _ := faults.NewLayer(w, s.Toolbox, nil, 0)
	for i, st := range s.Steps {
		if Holds(st.DoneProgram, s.Before) {
			d.failAt(fmt.Sprintf("steps[%d].done", i), "step %q is already done before the agent acts", st.ID)
		}
		resp := layer.Call(context.Background(), fmt.Sprintf("gold-%d", i+1), st.Action.Tool, st.Action.ArgsJSON)
		if resp.Status != mocktools.StatusOK {
			d.failAt(fmt.Sprintf("steps[%d].action", i), "gold action %s fails on a fault-free world: %s", st.Action.Tool, resp.Content())
			return
		}
		for j, c := range st.Verify {
			rb := layer.Call(context.Background(), fmt.Sprintf("gold-%d-verify-%d", i+1, j+1), c.Tool, c.ArgsJSON)
			if !Expect(c.ExpectProgram, rb.Body) {
				d.failAt(fmt.Sprintf("steps[%d].verify[%d].expect", i, j), "expect does not hold after the gold action; the read-back said %s", rb.Content())
			}
		}
	}
	after := w.View() // shares what the gold actions did not write with Before
	for i, st := range s.Steps {
		if !Holds(st.DoneProgram, after) {
			d.failAt(fmt.Sprintf("steps[%d].done", i), "step %q is not done after replaying every gold action", st.ID)
		}
		if world.EqualOn(s.Before, after, st.Refs) {
			d.failAt(fmt.Sprintf("steps[%d].touches", i), "the gold actions change none of step %q's resources", st.ID)
		}
	}
	if s.ExactWorld {
		// Outside what the steps touch, After must equal Before: there,
		// any change a trial makes is a stray write.
		if untracked := Untouched(s, world.Diff(s.Before, after)); len(untracked) > 0 {
			var where []string
			for _, c := range untracked[:min(len(untracked), 5)] {
				where = append(where, ChangeRef(c).String())
			}
			if len(untracked) > 5 {
				where = append(where, fmt.Sprintf("and %d more", len(untracked)-5))
			}
			d.failAt("exact_world", "exact_world: the gold actions change %s, which no step touches: add each to a step's touches", strings.Join(where, ", "))
		}
	}
	s.After = after
}

// Untouched keeps the changes that no step of s touches.
func Untouched(s *Scenario, changes []world.Change) []world.Change {
	var out []world.Change
	for _, c := range changes {
		if !covered(s.Touched, c) {
			out = append(out, c)
		}
	}
	return out
}

func covered(refs []world.Ref, c world.Change) bool {
	for _, r := range refs {
		if r.Covers(c.Collection, c.ID, c.Field) {
			return true
		}
	}
	return false
}

// ChangeRef is the resource a change is to: a field, or a whole record
// created or deleted.
func ChangeRef(c world.Change) world.Ref {
	return world.Ref{Collection: c.Collection, ID: c.ID, Field: c.Field}
}

// Holds evaluates a done assertion on a state. An expression that fails to
// evaluate (a missing record) does not hold.
func Holds(p *vm.Program, s world.State) bool {
	return HoldsIn(p, s.Env())
}

// HoldsIn is Holds over an environment already built with State.Env, for
// callers that evaluate many assertions on one state.
func HoldsIn(p *vm.Program, env map[string]any) bool {
	if p == nil {
		return false
	}
	out, err := expr.Run(p, env)
	b, _ := out.(bool)
	return err == nil && b
}

// Expect evaluates a read-back expectation on a reply body.
func Expect(p *vm.Program, body mocktools.Body) bool {
	if p == nil {
		return false
	}
	out, err := expr.Run(p, map[string]any{"result": map[string]any(body)})
	b, _ := out.(bool)
	return err == nil && b
}

// ArgsJSON renders an action's arguments as a tool call carries them.
func ArgsJSON(args map[string]any) string {
	if args == nil {
		return "{}"
	}
	b, err := json.Marshal(args)
	if err != nil {
		return "{}"
	}
	return string(b)
}
