package tau2

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/evalrun/evalrun/world"
)

// leaf is one place a write's effect is read at: a record's field, a place
// inside it ("items[0].price", "payment_methods.gift_card_1.balance"), or
// the length of a list there.
type leaf struct {
	coll, id string
	path     []any // string keys and int indexes; path[0] is the record's field
	length   bool  // the length of the list at path
}

// key tells leaves apart.
func (l leaf) key() string {
	var b strings.Builder
	b.WriteString(l.coll + "\x00" + l.id)
	for _, p := range l.path {
		switch p := p.(type) {
		case string:
			b.WriteString("\x00." + p)
		case int:
			b.WriteString("\x00[" + strconv.Itoa(p))
		}
	}
	if l.length {
		b.WriteString("\x00#")
	}
	return b.String()
}

// ref is the record's field the leaf is in: what a step touches.
func (l leaf) ref() string { return l.coll + "/" + l.id + "/" + l.path[0].(string) }

// read returns the value at the leaf (nil when it is not there); a length
// is a float64, like every number of the world.
func (l leaf) read(s world.State) any {
	var v any = map[string]any(nil)
	if r, ok := s.Collections[l.coll][l.id].(map[string]any); ok {
		v = r
	}
	for _, p := range l.path {
		switch p := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[p]
		case int:
			xs, _ := v.([]any)
			if p >= len(xs) {
				return nil
			}
			v = xs[p]
		}
	}
	if l.length {
		xs, ok := v.([]any)
		if !ok {
			return nil
		}
		return float64(len(xs))
	}
	return v
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// exprWords are expr's operators and literals, which cannot follow a dot.
var exprWords = map[string]bool{
	"in": true, "not": true, "and": true, "or": true, "matches": true, "contains": true,
	"startsWith": true, "endsWith": true, "let": true, "nil": true, "true": true, "false": true,
	"if": true, "else": true,
}

// expr is the leaf as an expression over base: `orders["#W1"].items[0].price`
// with base the record, or `result.items[0].price` with base a read's reply.
func (l leaf) expr(base string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, p := range l.path {
		switch p := p.(type) {
		case string:
			if ident.MatchString(p) && !exprWords[p] {
				b.WriteString("." + p)
			} else {
				b.WriteString("[" + strconv.Quote(p) + "]")
			}
		case int:
			b.WriteString("[" + strconv.Itoa(p) + "]")
		}
	}
	if l.length {
		return "len(" + b.String() + ")"
	}
	return b.String()
}

// recordExpr is a record of a collection, as done assertions name it.
func recordExpr(coll, id string) string {
	return coll + "[" + strconv.Quote(id) + "]"
}

// change is what one write did at one leaf.
type change struct {
	leaf
	before, after any
}

// leafChanges lists the leaves at which a field went from before to
// after. A string, a list of strings or an object of strings is one leaf
// (compared whole); numbers, and lists and objects that hold numbers or
// objects, are followed down to their leaves, so that two writes that
// move the same gift card balance, or append to the same list, are told
// apart.
func leafChanges(coll, id, field string, before, after any) []change {
	var out []change
	var walk func(path []any, b, a any)
	walk = func(path []any, b, a any) {
		if world.Equal(b, a) {
			return
		}
		at := leaf{coll: coll, id: id, path: append([]any(nil), path...)}
		if plain(a) {
			out = append(out, change{at, b, a})
			return
		}
		switch a := a.(type) {
		case map[string]any:
			bm, _ := b.(map[string]any)
			for _, k := range world.UnionKeys(a, bm) {
				walk(append(path, k), bm[k], a[k])
			}
		case []any:
			bl, isList := b.([]any)
			if !isList || len(bl) != len(a) {
				n := leaf{coll: coll, id: id, path: at.path, length: true}
				var bn any
				if isList {
					bn = float64(len(bl))
				}
				out = append(out, change{n, bn, float64(len(a))})
			}
			for i, e := range a {
				var be any
				if i < len(bl) {
					be = bl[i]
				}
				walk(append(path, i), be, e)
			}
		default:
			out = append(out, change{at, b, a})
		}
	}
	walk([]any{field}, before, after)
	return out
}

// plain is a value compared whole: a scalar other than a number, or a
// list or object of strings.
func plain(v any) bool {
	switch x := v.(type) {
	case nil, string, bool:
		return true
	case []any:
		for _, e := range x {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// assertion says a leaf holds one of some values.
type assertion struct {
	leaf
	values []any
}

// holds evaluates the assertion on a state.
func (a assertion) holds(s world.State) bool {
	v := a.read(s)
	for _, want := range a.values {
		if world.Equal(v, want) {
			return true
		}
	}
	return false
}

// expr is the assertion as an expression over base.
func (a assertion) expr(base string) string {
	if len(a.values) == 1 {
		return a.leaf.expr(base) + " == " + literal(a.values[0])
	}
	lits := make([]string, len(a.values))
	for i, v := range a.values {
		lits[i] = literal(v)
	}
	return a.leaf.expr(base) + " in [" + strings.Join(lits, ", ") + "]"
}

// literal writes a JSON-like value as an expr literal.
func literal(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		return strconv.Quote(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = literal(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + literal(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "nil"
}

// conjunction joins assertions about one record with &&, each over base.
func conjunction(as []assertion, base func(assertion) string) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.expr(base(a))
	}
	return strings.Join(parts, " && ")
}
