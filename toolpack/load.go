package toolpack

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/internal/yamlx"
	"github.com/evalrun/evalrun/mocktools"
)

var (
	namePattern  = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	toolPattern  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_-]*$`)
	identPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	fieldTarget  = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]\.([A-Za-z_][A-Za-z0-9_]*)$`)
	recordTarget = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$`)
)

// FieldTypes are the types a record field may declare.
var FieldTypes = []string{"string", "number", "integer", "boolean", "array", "object", "any"}

// reserved names cannot be parameters or collections: expressions use them.
var reserved = []string{"args", "true", "false", "nil", "merge", "cents", "result"}

// Pack is a loaded tool pack: the tools, ready to register or to hand to a
// toolbox, with the declared fields of each collection (Pack.Fields) for
// checking worlds and expressions.
type Pack struct {
	mocktools.Pack
}

// Load reads a tool-pack file. file names it in error positions. The
// error, when not nil, is yamlx.Errors, every problem at its line and
// column.
func Load(file string, data []byte) (*Pack, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, yamlx.Errors{{File: file, Line: 1, Col: 1, Msg: "empty file: a tool pack needs name, collections and tools"}}
		}
		return nil, yamlx.Errors{yamlx.SyntaxError(file, data, err)}
	}
	d := yamlx.NewDecoder(file)
	var f File
	d.Decode(&doc, reflect.ValueOf(&f).Elem(), "")
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	l := &loader{d: d, f: &f}
	p := l.check()
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	return p, nil
}

type loader struct {
	d *yamlx.Decoder
	f *File
}

func (l *loader) fail(path, format string, a ...any) { l.d.FailAt(path, format, a...) }

func (l *loader) check() *Pack {
	f := l.f
	switch {
	case f.Name == "":
		l.fail("", "missing name: the pack's name, e.g. payments")
	case !namePattern.MatchString(f.Name):
		l.fail("name", "name %q: use lower-case letters, digits, - and _", f.Name)
	}
	if len(f.Collections) == 0 {
		l.fail("", "missing collections: the records the tools own, each with its fields")
	}
	p := &Pack{Pack: mocktools.Pack{Name: f.Name, Description: f.Description, Fields: map[string]map[string]string{}}}
	for _, name := range sortedKeys(f.Collections) {
		c := f.Collections[name]
		path := "collections." + name
		if !identPattern.MatchString(name) || slices.Contains(reserved, name) {
			l.fail(path, "collection %q: use letters, digits and _, and not %s", name, strings.Join(reserved, ", "))
		}
		if c == nil || len(c.Fields) == 0 {
			l.fail(path, "collection %q: missing fields: the fields its records have, each with a type", name)
			continue
		}
		p.Collections = append(p.Collections, name)
		p.Fields[name] = map[string]string{}
		for _, fn := range sortedKeys(c.Fields) {
			fd := c.Fields[fn]
			typ := "any"
			if fd != nil && fd.Type != "" {
				typ = fd.Type
			}
			if !slices.Contains(FieldTypes, typ) {
				l.fail(path+".fields."+fn+".type", "field %q: type %q: want one of %s", fn, typ, strings.Join(FieldTypes, ", "))
			}
			p.Fields[name][fn] = typ
		}
	}
	if len(f.Tools) == 0 {
		l.fail("", "missing tools: a pack declares at least one tool")
	}
	l.cues("cues", f.Cues)
	seen := map[string]bool{}
	for i, ts := range f.Tools {
		if t := l.tool(fmt.Sprintf("tools[%d]", i), ts, p, seen); t != nil {
			if tt, ok := t.(interface{ addCues(map[string][]string) }); ok && len(f.Cues) > 0 {
				tt.addCues(f.Cues)
			}
			p.Tools = append(p.Tools, t)
		}
	}
	return p
}

// cues checks a cues mapping: known kinds, well-formed entries.
func (l *loader) cues(path string, cues map[string][]string) {
	for _, p := range claims.CueProblems(cues) {
		l.fail(path+"."+p.Path, "%v", p.Err)
	}
}

func (l *loader) tool(path string, ts *ToolSpec, p *Pack, seen map[string]bool) mocktools.Tool {
	switch {
	case ts.Name == "":
		l.fail(path, "missing name")
		return nil
	case !toolPattern.MatchString(ts.Name):
		l.fail(path+".name", "tool name %q: use letters, digits, _ and -", ts.Name)
	case seen[ts.Name]:
		l.fail(path+".name", "tool %q is declared twice", ts.Name)
	}
	seen[ts.Name] = true
	if strings.TrimSpace(ts.Description) == "" {
		l.fail(path, "tool %q: missing description: what the agent is told the tool does", ts.Name)
	}
	params := l.parameters(path+".parameters", ts, p)
	t := &tool{def: mocktools.Definition{Name: ts.Name, Description: strings.TrimSpace(ts.Description), Parameters: ts.Parameters, Write: ts.Write},
		params: params}
	names := scope{"args": map[string]any{}}
	props, _ := ts.Parameters["properties"].(map[string]any)
	t.zeros = map[string]any{}
	for _, n := range params {
		names[n] = zero(props[n])
		t.zeros[n] = names[n]
	}
	for _, c := range p.Collections {
		names[c] = map[string]any{}
	}
	for i, r := range ts.Requires {
		rp := fmt.Sprintf("%s.requires[%d]", path, i)
		c := &require{}
		if r.Check == "" {
			l.fail(rp, "missing check: an expression that must hold")
		} else if prog, err := compile(r.Check, names, true); err != nil {
			l.fail(rp+".check", "%v", err)
		} else {
			c.check = prog
		}
		if r.Error == "" {
			l.fail(rp, "missing error: the message the agent gets when the check fails")
		} else if tm, err := compileTemplate(r.Error, names); err != nil {
			l.fail(rp+".error", "%v", err)
		} else {
			c.message = tm
		}
		t.requires = append(t.requires, c)
	}
	if (len(ts.Effects) > 0 || len(ts.Partial) > 0) && !ts.Write {
		l.fail(path, "tool %q has effects: mark it write: true", ts.Name)
	}
	if ts.Write && len(ts.Effects) == 0 {
		l.fail(path, "tool %q is a write with no effects: add effects, or make it a read", ts.Name)
	}
	var bound []string
	t.effects, bound = l.effects(path+".effects", ts.Effects, names, p)
	if len(ts.Partial) > 0 {
		t.partial, _ = l.effects(path+".partial", ts.Partial, names, p)
	}
	sc := names
	for _, b := range bound {
		sc = sc.with(b, "")
	}
	t.reply = l.reply(path+".reply", ts.Reply, sc)
	if ts.Says != nil {
		t.says = *ts.Says
		for _, p := range ts.Says.Problems() {
			l.fail(path+".says."+p.Path, "%v", p.Err)
		}
	}
	if len(t.partial) > 0 {
		return partialTool{t}
	}
	return t
}

// parameters checks the JSON Schema of the arguments and returns their
// names.
func (l *loader) parameters(path string, ts *ToolSpec, p *Pack) []string {
	if ts.Parameters == nil {
		ts.Parameters = map[string]any{"type": "object", "properties": map[string]any{}}
	}
	if typ, _ := ts.Parameters["type"].(string); typ != "object" {
		l.fail(path, "parameters: want a JSON Schema with type: object")
		return nil
	}
	props, ok := ts.Parameters["properties"].(map[string]any)
	if !ok && ts.Parameters["properties"] != nil {
		l.fail(path+".properties", "parameters: properties must be a mapping of name to schema")
		return nil
	}
	var names []string
	for _, n := range sortedKeys(props) {
		s, _ := props[n].(map[string]any)
		switch {
		case !identPattern.MatchString(n):
			l.fail(path+".properties."+n, "parameter %q: use letters, digits and _", n)
		case slices.Contains(p.Collections, n) || slices.Contains(reserved, n):
			l.fail(path+".properties."+n, "parameter %q has the name of a collection or a built-in: rename it", n)
		case s == nil || s["type"] == nil:
			l.fail(path+".properties."+n, "parameter %q: want a schema with a type", n)
		}
		names = append(names, n)
	}
	req, _ := ts.Parameters["required"].([]any)
	for _, r := range req {
		if s, _ := r.(string); !slices.Contains(names, s) {
			l.fail(path+".required", "required parameter %v is not among the properties", r)
		}
	}
	return names
}

func (l *loader) effects(path string, specs []*Effect, names scope, p *Pack) ([]*effect, []string) {
	var out []*effect
	var bound []string
	for i, s := range specs {
		ep := fmt.Sprintf("%s[%d]", path, i)
		sc := names
		for _, b := range bound {
			sc = sc.with(b, "")
		}
		e := l.effect(ep, s, sc, p)
		if s.As != "" {
			// Bound even when the effect is wrong, so that one mistake is
			// reported once, not again at every use of the name.
			switch {
			case s.Create == "":
				l.fail(ep+".as", "as names the id of a created record: only create takes it")
			case !identPattern.MatchString(s.As) || names[s.As] != nil || slices.Contains(bound, s.As):
				l.fail(ep+".as", "as %q: want a new name of letters, digits and _", s.As)
			default:
				bound = append(bound, s.As)
			}
		}
		if e != nil {
			out = append(out, e)
		}
	}
	return out, bound
}

func (l *loader) effect(path string, s *Effect, names scope, p *Pack) *effect {
	ops := map[string]string{"set": s.Set, "add": s.Add, "append": s.Append, "remove": s.Remove, "create": s.Create, "delete": s.Delete}
	var op string
	for _, k := range []string{"set", "add", "append", "remove", "create", "delete"} {
		if ops[k] == "" {
			continue
		}
		if op != "" {
			l.fail(path, "an effect does one thing: both %s and %s", op, k)
			return nil
		}
		op = k
	}
	if op == "" {
		l.fail(path, "an effect needs one of set, add, append, remove, create or delete")
		return nil
	}
	e := &effect{op: op}
	if s.When != "" {
		var err error
		if e.when, err = compile(s.When, names, true); err != nil {
			l.fail(path+".when", "%v", err)
		}
	}
	switch op {
	case "create":
		e.collection = s.Create
		if !l.knownCollection(path+".create", s.Create, p) {
			return nil
		}
		switch {
		case s.ID != "" && s.Prefix != "":
			l.fail(path, "create: give id or prefix, not both")
		case s.ID != "":
			e.id = l.expr(path+".id", s.ID, names)
		case s.Prefix == "":
			l.fail(path, "create: give the new record's id (an expression) or a prefix for generated ids")
		}
		e.prefix, e.as = s.Prefix, s.As
		e.fields = map[string]*value{}
		for _, fn := range sortedKeys(s.Fields) {
			l.knownField(path+".fields."+fn, s.Create, fn, p)
			e.fields[fn] = l.value(path+".fields."+fn, s.Fields[fn], names)
		}
		if s.Value != nil {
			l.fail(path+".value", "create takes fields, not value")
		}
		return e
	case "delete":
		m := recordTarget.FindStringSubmatch(s.Delete)
		if m == nil {
			l.fail(path+".delete", "delete %q: want collection[id], e.g. sessions[session_id]", s.Delete)
			return nil
		}
		e.collection = m[1]
		l.knownCollection(path+".delete", m[1], p)
		e.id = l.expr(path+".delete", m[2], names)
		return e
	}
	target := ops[op]
	m := fieldTarget.FindStringSubmatch(target)
	if m == nil {
		l.fail(path+"."+op, "%s %q: want collection[id].field, e.g. accounts[account_id].balance", op, target)
		return nil
	}
	e.collection, e.field = m[1], m[3]
	if l.knownCollection(path+"."+op, m[1], p) {
		l.knownField(path+"."+op, m[1], m[3], p)
		if op == "add" && !slices.Contains([]string{"number", "integer", "any"}, p.Fields[m[1]][m[3]]) && p.Fields[m[1]][m[3]] != "" {
			l.fail(path+"."+op, "add: %s.%s is a %s, not a number", m[1], m[3], p.Fields[m[1]][m[3]])
		}
		if (op == "append" || op == "remove") && !slices.Contains([]string{"array", "any"}, p.Fields[m[1]][m[3]]) && p.Fields[m[1]][m[3]] != "" {
			l.fail(path+"."+op, "%s: %s.%s is a %s, not an array", op, m[1], m[3], p.Fields[m[1]][m[3]])
		}
	}
	e.id = l.expr(path+"."+op, m[2], names)
	if s.Value == nil {
		l.fail(path, "%s needs a value", op)
		return nil
	}
	e.value = l.value(path+".value", s.Value, names)
	return e
}

func (l *loader) knownCollection(path, name string, p *Pack) bool {
	if _, ok := p.Fields[name]; ok {
		return true
	}
	l.fail(path, "unknown collection %q (declared: %s)", name, strings.Join(p.Collections, ", "))
	return false
}

func (l *loader) knownField(path, coll, field string, p *Pack) {
	if _, ok := p.Fields[coll][field]; !ok && p.Fields[coll] != nil {
		l.fail(path, "%s has no field %q (fields: %s)", coll, field, strings.Join(sortedKeys(p.Fields[coll]), ", "))
	}
}

func (l *loader) expr(path, src string, names scope) *value {
	prog, err := compile(src, names, false)
	if err != nil {
		l.fail(path, "%v", err)
		return nil
	}
	return &value{prog: prog}
}

// value reads a YAML value: a string is an expression, anything else (a
// number, true, a list, a mapping) a literal.
func (l *loader) value(path string, v any, names scope) *value {
	if s, ok := v.(string); ok {
		return l.expr(path, s, names)
	}
	return &value{literal: normalize(v), isLiteral: true}
}

func (l *loader) reply(path string, v any, names scope) *reply {
	switch x := v.(type) {
	case nil:
		return &reply{}
	case string:
		if val := l.expr(path, x, names); val != nil {
			return &reply{whole: val}
		}
	case map[string]any:
		r := &reply{fields: map[string]*value{}}
		for _, k := range sortedKeys(x) {
			r.fields[k] = l.value(path+"."+k, x[k], names)
		}
		return r
	default:
		l.fail(path, "reply: want an expression giving an object, or a mapping of fields to expressions")
	}
	return &reply{}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
