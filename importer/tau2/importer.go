package tau2

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// Confirmation is the user's answer each time the agent asks before a
// write, as tau2's policy makes it do.
const Confirmation = "yes"

// Importer turns tau2 tasks of one domain into evalrun scenarios over one
// database.
type Importer struct {
	domain Domain
	tb     *mocktools.Toolbox
	db     world.State
	cfg    Config
}

// Config is what every scenario of an import shares.
type Config struct {
	// WorldFile is the database as the scenarios name it: a path relative
	// to the folder they are written to.
	WorldFile string
	// Policy is the domain's agent policy, the scenarios' system prompt;
	// empty leaves evalrun's default prompt.
	Policy string
	// Source names the task file in the scenarios' header comments.
	Source string
	// Schema, when set, is the URL of the scenario JSON Schema, named in
	// each file's first line for editors.
	Schema string
}

// NewImporter returns an importer for a domain's tasks over db.
func NewImporter(d Domain, db world.State, cfg Config) (*Importer, error) {
	tb, err := mocktools.NewToolbox([]string{d.Pack()})
	if err != nil {
		return nil, err
	}
	for name := range db.Collections {
		if !slices.Contains(tb.Collections(), name) {
			return nil, fmt.Errorf("the database has a collection %q, which the %s pack does not own (it owns %s)",
				name, d.Pack(), strings.Join(tb.Collections(), ", "))
		}
	}
	return &Importer{domain: d, tb: tb, db: db, cfg: cfg}, nil
}

// CheckTools reports every gold action that names a tool the domain's pack
// does not have, at its place in the task file (name).
func (im *Importer) CheckTools(name string, tasks []Task) error {
	var errs scenarios.Errors
	for _, t := range tasks {
		for _, a := range t.Actions {
			if _, ok := im.tb.Tool(a.Name); !ok {
				errs = append(errs, &scenarios.Error{File: name, Line: a.Line, Col: a.Col,
					Msg: fmt.Sprintf("task %s: action %s: unknown %s tool %q (known: %s)", t.ID, a.ID, im.domain.Name(), a.Name, strings.Join(im.tb.Names(), ", "))})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// Scenario is one imported task: its file's name and bytes, and what the
// import did.
type Scenario struct {
	File   string
	Data   []byte
	Report TaskReport
}

// ScenarioID is the id of the scenario a task becomes.
func ScenarioID(domain, task string) string {
	return "tau2-" + domain + "-" + strings.ToLower(task)
}

// Task imports one task. An error means the task cannot be imported as it
// is (an unknown tool, writes whose order matters); the rest of a file
// can still be.
func (im *Importer) Task(t Task) (Scenario, error) {
	id := ScenarioID(im.domain.Name(), t.ID)
	rep := TaskReport{Task: t.ID, Scenario: id, File: id + ".yaml", Actions: len(t.Actions)}
	p, err := im.plan(t)
	if err != nil {
		rep.Error = err.Error()
		return Scenario{File: rep.File, Report: rep}, err
	}
	rep.Reads = p.reads
	rep.Dropped = p.dropped
	vs := im.variants(p)
	doc, steps := im.document(t, id, p, vs)
	rep.Steps = steps
	for _, v := range vs {
		if v.step >= 0 {
			rep.Variants = append(rep.Variants, steps[v.step]+"-"+v.name)
		} else {
			rep.Variants = append(rep.Variants, v.name)
		}
	}
	data, err := encode(im.header(t, p), doc)
	if err != nil {
		return Scenario{File: rep.File, Report: rep}, err
	}
	return Scenario{File: rep.File, Data: data, Report: rep}, nil
}

// header is the file's comment: where it came from and what was dropped.
func (im *Importer) header(t Task, p *plan) []string {
	var out []string
	if im.cfg.Schema != "" {
		out = append(out, "yaml-language-server: $schema="+im.cfg.Schema)
	}
	src := ""
	if im.cfg.Source != "" {
		src = " of " + im.cfg.Source
	}
	out = append(out,
		fmt.Sprintf("tau2-bench %s task %s%s, imported by evalrun import tau2.", im.domain.Name(), t.ID, src),
		"Each gold write that changes the database is a step, its arguments as tau2 gives them;",
		fmt.Sprintf("the %d gold read(s) are left to the agent. The whole database must end as tau2's gold replay leaves it.", p.reads))
	if len(p.steps) == 0 {
		out = append(out, "No gold write changes the database: nothing may change, and any write is a stray one.")
	}
	if len(p.dropped) > 0 {
		out = append(out, "", "Gold writes dropped:")
		for _, d := range p.dropped {
			out = append(out, fmt.Sprintf("  %s %s: %s", d.Action, d.Tool, d.Reason))
		}
	}
	return out
}

// document builds the scenario and returns it with its step ids.
func (im *Importer) document(t Task, id string, p *plan, vs []variant) (*yaml.Node, []string) {
	words := make([]Words, len(p.steps))
	for i, s := range p.steps {
		words[i] = s.words
	}
	uniqueTerms(words)
	ids := uniqueIDs(words)
	touches := stepTouches(p.steps)

	replies := make([]string, len(p.steps))
	for i := range replies {
		replies[i] = Confirmation
	}
	desc := fmt.Sprintf("tau2-bench %s task %s: %d write(s) as steps", im.domain.Name(), t.ID, len(p.steps))
	if len(p.dropped) > 0 {
		desc += fmt.Sprintf(", %d gold write(s) dropped (see the comment above)", len(p.dropped))
	}
	var system *yaml.Node
	if im.cfg.Policy != "" {
		system = text(im.cfg.Policy)
	}
	var userReplies, steps *yaml.Node
	if len(replies) > 0 {
		userReplies = texts(replies)
		steps = sequence()
		for i, s := range p.steps {
			steps.Content = append(steps.Content, im.step(s, ids[i], words[i], touches[i]))
		}
	}
	variants := sequence()
	for _, v := range vs {
		variants.Content = append(variants.Content, variantNode(v, ids))
	}
	doc := mapping(
		"id", text(id),
		"description", text(desc),
		"tools", texts([]string{im.domain.Pack()}),
		"world_file", text(im.cfg.WorldFile),
		"exact_world", boolean(true),
		"system_prompt", system,
		"task", text(Opening(t.Instructions)),
		"user_replies", userReplies,
		"steps", steps,
		"variants", variants,
	)
	return doc, ids
}

// step is one step's YAML.
func (im *Importer) step(s *write, id string, w Words, touches []string) *yaml.Node {
	action := flow(mapping("tool", text(s.action.Name), "args", fromJSON(s.action.args)))
	done := conjunction(s.asserts, func(a assertion) string { return recordExpr(a.coll, a.id) })

	// One read-back per record the step changes, the action's own first.
	type rec struct{ coll, id string }
	var recs []rec
	by := map[rec][]assertion{}
	for _, a := range s.asserts {
		r := rec{a.coll, a.id}
		if _, ok := by[r]; !ok {
			recs = append(recs, r)
		}
		by[r] = append(by[r], a)
	}
	own := func(r rec) bool {
		for _, v := range s.action.Args {
			if v == r.id {
				return true
			}
		}
		return false
	}
	slices.SortStableFunc(recs, func(a, b rec) int {
		switch {
		case own(a) && !own(b):
			return -1
		case own(b) && !own(a):
			return 1
		}
		return 0
	})
	verify := sequence()
	for _, r := range recs {
		call, ok := im.domain.ReadBack(r.coll, r.id)
		if !ok {
			continue
		}
		expect := conjunction(by[r], func(assertion) string { return "result" })
		verify.Content = append(verify.Content, flow(mapping("tool", text(call.Tool), "args", fromValue(call.Args), "expect", text(expect))))
	}
	if len(verify.Content) == 0 {
		verify = nil
	}
	var compensate *yaml.Node
	if w.Compensate != nil {
		compensate = flow(mapping("tool", text(w.Compensate.Tool), "args", fromValue(w.Compensate.Args)))
	}
	var terms *yaml.Node
	if len(w.Terms) > 0 {
		terms = texts(w.Terms)
	}
	say := flow(mapping("done", opt(w.Say.Done), "failed", opt(w.Say.Failed), "pending", opt(w.Say.Pending), "undone", opt(w.Say.Undone)))
	n := mapping(
		"id", text(id),
		"action", action,
		"done", text(done),
		"touches", texts(touches),
		"verify", verify,
		"compensate", compensate,
		"terms", terms,
		"say", say,
	)
	n.HeadComment = "gold action " + s.action.ID
	return n
}

func opt(s string) *yaml.Node {
	if s == "" {
		return nil
	}
	return text(s)
}

func variantNode(v variant, ids []string) *yaml.Node {
	var fs *yaml.Node
	if len(v.faults) > 0 {
		fs = sequence()
		for _, f := range v.faults {
			fs.Content = append(fs.Content, flow(mapping(
				"name", text(f.Name), "kind", text(f.Kind), "tool", text(f.Tool),
				"match", text(f.Match), "require_fired", boolean(f.RequireFired))))
		}
	}
	name := v.name
	if v.step >= 0 {
		name = ids[v.step] + "-" + name
	}
	keys := make([]string, 0, len(v.expect))
	for k := range v.expect {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	expect := flow(mapping())
	for _, k := range keys {
		expect.Content = append(expect.Content, key(k), text(v.expect[k]))
	}
	var desc *yaml.Node
	if v.description != "" {
		desc = text(v.description)
	}
	return mapping("name", text(name), "description", desc, "faults", fs, "expect", expect)
}

// uniqueIDs names the steps: verb_object, or the object alone when the
// verb is shared, numbering any repeat.
func uniqueIDs(words []Words) []string {
	verbs := map[string]int{}
	for _, w := range words {
		verbs[w.Verb]++
	}
	out := make([]string, len(words))
	seen := map[string]int{}
	for i, w := range words {
		id := w.Verb
		switch {
		case w.Object == "":
		case verbs[w.Verb] > 1:
			id = w.Object
		default:
			id += "_" + w.Object
		}
		id = stepID(id)
		seen[id]++
		out[i] = id
		if n := seen[id]; n > 1 {
			out[i] = id + "_" + strconv.Itoa(n)
		}
	}
	return out
}

// stepID keeps what a step id may hold: lower-case letters, digits, - and
// _, starting with a letter or digit.
func stepID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	out := strings.TrimLeft(b.String(), "_-")
	if out == "" {
		return "step"
	}
	return out
}

// stepTouches lists each step's touched fields. A field several steps
// assert (a gift card balance they all move) is touched by the last of
// them only, so that an earlier step that never ran reads as not done,
// not as partly done by the others; a step left with nothing keeps it.
func stepTouches(steps []*write) [][]string {
	out := make([][]string, len(steps))
	last := map[string]int{}
	for i, s := range steps {
		for _, a := range s.asserts {
			ref := a.ref()
			if !slices.Contains(out[i], ref) {
				out[i] = append(out[i], ref)
			}
			last[ref] = i
		}
	}
	for i := range out {
		mine := slices.DeleteFunc(slices.Clone(out[i]), func(ref string) bool { return last[ref] != i })
		if len(mine) > 0 {
			out[i] = mine
		}
	}
	return out
}

// ErrSkipped marks an import that left tasks out; the report says which.
var ErrSkipped = errors.New("some tasks were not imported")
