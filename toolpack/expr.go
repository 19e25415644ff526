package toolpack

import (
	"fmt"
	"maps"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// functions are the helpers every expression of a pack may call, beyond
// expr's own (len, filter, any, values, keys, round, ...).
var functions = []expr.Option{
	expr.Function("merge", func(params ...any) (any, error) {
		out := map[string]any{}
		for i, p := range params {
			switch m := p.(type) {
			case nil:
			case map[string]any:
				maps.Copy(out, m)
			default:
				return nil, fmt.Errorf("merge: argument %d is not an object", i+1)
			}
		}
		return out, nil
	}),
	expr.Function("cents", func(params ...any) (any, error) {
		if len(params) != 1 {
			return nil, fmt.Errorf("cents takes one number")
		}
		f, ok := toFloat(params[0])
		if !ok {
			return nil, fmt.Errorf("cents: %v is not a number", params[0])
		}
		return math.Round(f*100) / 100, nil
	}),
}

// scope is the names an expression may use, each with a value of its type:
// parameters by their schema type, collections as maps, created ids as
// strings. A name that is not in it (a typo) fails at load.
type scope map[string]any

// with returns a copy of sc with more names.
func (sc scope) with(kv ...any) scope {
	out := make(scope, len(sc)+len(kv)/2)
	for k, v := range sc {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// zero is a value of a JSON Schema type: what an argument the agent left
// out is, so that "reason == \"\"" works on an optional one.
func zero(schema any) any {
	s, _ := schema.(map[string]any)
	if d, ok := s["default"]; ok {
		return normalize(d)
	}
	switch s["type"] {
	case "string":
		return ""
	case "number", "integer":
		return 0.0
	case "boolean":
		return false
	case "array":
		return []any{}
	case "object":
		return map[string]any{}
	}
	return nil
}

func compile(src string, env scope, asBool bool) (*vm.Program, error) {
	opts := append([]expr.Option{expr.Env(map[string]any(env))}, functions...)
	if asBool {
		opts = append(opts, expr.AsBool())
	}
	p, err := expr.Compile(src, opts...)
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return nil, fmt.Errorf("expression %q: %s", src, msg)
	}
	return p, nil
}

func run(p *vm.Program, env map[string]any) (any, error) {
	out, err := expr.Run(p, env)
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return nil, fmt.Errorf("%s", msg)
	}
	return out, nil
}

// template is text with {expression} holes: "account {id} not found".
type template struct {
	parts []string // literal text, one more than holes
	holes []*vm.Program
}

func compileTemplate(src string, names scope) (*template, error) {
	t := &template{}
	rest := src
	for {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			t.parts = append(t.parts, rest)
			return t, nil
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("message %q: a { without its }", src)
		}
		p, err := compile(rest[i+1:i+j], names, false)
		if err != nil {
			return nil, err
		}
		t.parts = append(t.parts, rest[:i])
		t.holes = append(t.holes, p)
		rest = rest[i+j+1:]
	}
}

func (t *template) render(env map[string]any) string {
	var b strings.Builder
	for i, h := range t.holes {
		b.WriteString(t.parts[i])
		v, err := run(h, env)
		if err != nil {
			b.WriteString("?")
			continue
		}
		b.WriteString(text(v))
	}
	b.WriteString(t.parts[len(t.parts)-1])
	return b.String()
}

// text prints a value for a message or an id: numbers without a needless
// ".0", strings as they are.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	if f, ok := toFloat(v); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}

// normalize turns an expression's result into world values: numbers are
// float64, lists []any, objects map[string]any, copied so that a result
// never aliases a live record.
func normalize(v any) any {
	if f, ok := toFloat(v); ok {
		return f
	}
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	}
	return v
}

// FieldRefs finds the record fields an expression reads by direct index:
// collection[...].field. It returns each as collection and field, so that
// a typo in a done assertion ("payments[p].refundd") is caught at load.
func FieldRefs(src string) ([][2]string, error) {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil, err
	}
	var v fieldVisitor
	ast.Walk(&tree.Node, &v)
	sort.Slice(v.refs, func(i, j int) bool { return v.refs[i][0]+"."+v.refs[i][1] < v.refs[j][0]+"."+v.refs[j][1] })
	return v.refs, nil
}

type fieldVisitor struct{ refs [][2]string }

func (v *fieldVisitor) Visit(node *ast.Node) {
	m, ok := (*node).(*ast.MemberNode)
	if !ok {
		return
	}
	inner, ok := m.Node.(*ast.MemberNode)
	if !ok {
		return
	}
	coll, ok := inner.Node.(*ast.IdentifierNode)
	if !ok {
		return
	}
	field, ok := m.Property.(*ast.StringNode)
	if !ok {
		return
	}
	v.refs = append(v.refs, [2]string{coll.Value, field.Value})
}
