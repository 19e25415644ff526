package jsonx

import (
	"strconv"
	"unicode/utf8"
)

// maxDepth bounds nesting; deeper input is left to encoding/json.
const maxDepth = 512

// Decode parses JSON text into the values encoding/json.Unmarshal gives an
// `any` (map[string]any, []any, string, float64, bool, nil). ok is false for
// text it does not take on (invalid JSON, \u escapes, invalid UTF-8, huge
// numbers, deep nesting): the caller then uses encoding/json, which also
// gives the precise error.
func Decode(s string) (v any, ok bool) {
	d := decoder{s: s}
	d.space()
	v, ok = d.value(0)
	if !ok {
		return nil, false
	}
	d.space()
	return v, d.i == len(d.s)
}

type decoder struct {
	s string
	i int
}

func (d *decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (any, bool) {
	if d.i >= len(d.s) || depth > maxDepth {
		return nil, false
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		return d.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case d.literal("true"):
		return true, true
	case d.literal("false"):
		return false, true
	case d.literal("null"):
		return nil, true
	}
	return nil, false
}

func (d *decoder) literal(word string) bool {
	if len(d.s)-d.i >= len(word) && d.s[d.i:d.i+len(word)] == word {
		d.i += len(word)
		return true
	}
	return false
}

func (d *decoder) object(depth int) (any, bool) {
	d.i++ // {
	m := map[string]any{}
	d.space()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		return m, true
	}
	for {
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return nil, false
		}
		k, ok := d.str()
		if !ok {
			return nil, false
		}
		d.space()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.space()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		m[k.(string)] = v
		if end, ok := d.after('}'); !ok || end {
			return m, ok
		}
	}
}

func (d *decoder) array(depth int) (any, bool) {
	d.i++ // [
	list := []any{}
	d.space()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		return list, true
	}
	for {
		d.space()
		v, ok := d.value(depth + 1)
		if !ok {
			return nil, false
		}
		list = append(list, v)
		if end, ok := d.after(']'); !ok || end {
			return list, ok
		}
	}
}

// after reads what follows an element of an object or array: a comma (more
// to come) or the closing byte (end).
func (d *decoder) after(closing byte) (end, ok bool) {
	d.space()
	if d.i >= len(d.s) {
		return false, false
	}
	switch d.s[d.i] {
	case ',':
		d.i++
		return false, true
	case closing:
		d.i++
		return true, true
	}
	return false, false
}

func (d *decoder) str() (any, bool) {
	d.i++ // opening quote
	start := d.i
	var buf []byte // only when there are escapes
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			var out string
			if buf == nil {
				out = d.s[start:d.i]
			} else {
				out = string(append(buf, d.s[start:d.i]...))
			}
			d.i++
			return out, true
		case c < 0x20:
			return nil, false
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return nil, false
			}
			var r byte
			switch d.s[d.i+1] {
			case '"', '\\', '/':
				r = d.s[d.i+1]
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'n':
				r = '\n'
			case 'r':
				r = '\r'
			case 't':
				r = '\t'
			default:
				return nil, false // \u and anything else: encoding/json's job
			}
			buf = append(append(buf, d.s[start:d.i]...), r)
			d.i += 2
			start = d.i
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			if r == utf8.RuneError && size == 1 {
				return nil, false
			}
			d.i += size
		default:
			d.i++
		}
	}
	return nil, false
}

func (d *decoder) number() (any, bool) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.s) && d.s[d.i] == '0':
		d.i++
	case d.i < len(d.s) && d.s[d.i] >= '1' && d.s[d.i] <= '9':
		d.digits()
	default:
		return nil, false
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if !d.digits() {
			return nil, false
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return nil, false
		}
	}
	f, err := strconv.ParseFloat(d.s[start:d.i], 64)
	if err != nil {
		return nil, false
	}
	return f, true
}

func (d *decoder) digits() bool {
	start := d.i
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}
