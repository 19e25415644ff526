package claims

import "strings"

// The action done to another object or recipient is not the step (metrics.md):
// "I sent the plaque to ops@lumen.io" when the step's address is
// ops@kestrel.dev, "I repainted CR-422" when the step repaints CR-420. A
// step's identifiers and addresses give the shapes to look for.

// shape is one identifier or address of a step, as the reply's words give it:
// a prefix word and a number ("cr", "420"), or an address.
type shape struct {
	prefix string // "cr"; "@" for an address
	value  string // "cr420"; the address
}

// valueShapes reads the shapes of a step's identifiers and addresses.
func valueShapes(s Step) []shape {
	var out []shape
	for _, v := range s.Values {
		toks := tokenize(v, nil)
		switch {
		case len(toks) == 1 && strings.Contains(toks[0].s, "@"):
			out = append(out, shape{"@", toks[0].s})
		case len(toks) == 2 && toks[0].kind == tWord && toks[1].kind == tNum && digits(toks[1].s):
			out = append(out, shape{toks[0].s, toks[0].s + toks[1].s})
		}
	}
	return out
}

// otherObject reports a group read done whose region names, in a shape of its
// step's own identifiers or addresses, one that no step of the scenario has,
// and not the step's own.
func (x *extraction) otherObject(g group) bool {
	if x.extra == nil || len(x.extra.shapes) == 0 {
		return false
	}
	step := x.ms[g.mlo].step
	if step < 0 || step >= len(x.extra.shapes) || len(x.extra.shapes[step]) == 0 {
		return false
	}
	own, other := false, false
	for i := g.lo; i < g.rhi; i++ { // what the step's words govern, not what precedes them
		t := x.toks[i]
		for _, sh := range x.extra.shapes[step] {
			var v string
			switch {
			case sh.prefix == "@" && strings.Contains(t.s, "@"):
				v = t.s
			case t.s == sh.prefix && i+1 < g.rhi && x.toks[i+1].kind == tNum && digits(x.toks[i+1].s):
				v = t.s + x.toks[i+1].s
			default:
				continue
			}
			switch {
			case v == sh.value:
				own = true
			case !x.extra.anyValue[v]:
				other = true
			}
		}
	}
	return other && !own
}
