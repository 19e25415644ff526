package tau2

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/evalrun/evalrun/internal/jsonpos"
	"github.com/evalrun/evalrun/scenarios"
)

// maxDepth bounds the nesting of a task file, as encoding/json does.
const maxDepth = 10000

// node is one JSON value and where it starts in its file, with an
// object's keys in file order, so that errors name a line and a column
// and gold arguments are written back in the order they were given.
type node struct {
	off  int64
	kind kind
	text string // a string's value, or a number as written
	b    bool
	keys []string // an object's keys, in order
	kids []*node  // an object's values (beside keys), or a list's elements
}

type kind byte

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kObject
	kList
)

func (k kind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an object", "a list"}[k]
}

// get returns an object's value for key, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != kObject {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.kids[i]
		}
	}
	return nil
}

// isNull says whether the value is absent or null.
func (n *node) isNull() bool { return n == nil || n.kind == kNull }

// value is the node as encoding/json would decode it (numbers as float64).
func (n *node) value() any {
	switch n.kind {
	case kBool:
		return n.b
	case kNumber:
		var f float64
		_ = json.Unmarshal([]byte(n.text), &f) // the decoder checked it
		return f
	case kString:
		return n.text
	case kObject:
		m := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			m[k] = n.kids[i].value()
		}
		return m
	case kList:
		l := make([]any, len(n.kids))
		for i, k := range n.kids {
			l[i] = k.value()
		}
		return l
	}
	return nil
}

// jsonFile is a file being read: its name and bytes, for positions.
type jsonFile struct {
	name string
	data []byte
}

// errAt is a problem at a byte offset of the file.
func (f *jsonFile) errAt(off int64, format string, a ...any) *scenarios.Error {
	line, col := f.position(off)
	return &scenarios.Error{File: f.name, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// position is where a byte offset of the file is.
func (f *jsonFile) position(off int64) (int, int) { return jsonpos.Position(f.data, off) }

// parse reads the whole file as one JSON value.
func (f *jsonFile) parse() (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(f.data))
	dec.UseNumber()
	root, err := f.value(dec, 0)
	if err != nil {
		return nil, err
	}
	if off := jsonpos.Next(f.data, dec.InputOffset()); off < int64(len(f.data)) {
		return nil, f.errAt(off, "invalid JSON: more after the end of the value")
	}
	return root, nil
}

// value reads one value from the decoder, recording where it starts.
func (f *jsonFile) value(dec *json.Decoder, depth int) (*node, error) {
	off := jsonpos.Next(f.data, dec.InputOffset())
	if depth > maxDepth {
		return nil, f.errAt(off, "invalid JSON: nested more than %d deep", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, f.syntax(err)
	}
	n := &node{off: off}
	switch t := tok.(type) {
	case nil:
		n.kind = kNull
	case bool:
		n.kind, n.b = kBool, t
	case json.Number:
		n.kind, n.text = kNumber, string(t)
	case string:
		n.kind, n.text = kString, t
	case json.Delim:
		if t == '[' {
			n.kind = kList
			for dec.More() {
				kid, err := f.value(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.kids = append(n.kids, kid)
			}
		} else {
			n.kind = kObject
			for dec.More() {
				koff := jsonpos.Next(f.data, dec.InputOffset())
				tok, err := dec.Token()
				if err != nil {
					return nil, f.syntax(err)
				}
				key, _ := tok.(string) // object keys are strings
				if n.get(key) != nil {
					return nil, f.errAt(koff, "invalid JSON: key %q is given twice in this object", key)
				}
				kid, err := f.value(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key)
				n.kids = append(n.kids, kid)
			}
		}
		if _, err := dec.Token(); err != nil { // the closing ']' or '}'
			return nil, f.syntax(err)
		}
	}
	return n, nil
}

// syntax turns a decoder error into one at its place in the file: a
// streaming decoder's offsets are not the file's, so the whole file, read
// at once, says where the error is.
func (f *jsonFile) syntax(err error) error {
	var v any
	if uerr := json.Unmarshal(f.data, &v); uerr != nil {
		err = uerr
	}
	off := int64(len(f.data))
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset - 1
	}
	msg := err.Error()
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || msg == "unexpected end of JSON input" {
		msg, off = "unexpected end of the file", int64(len(f.data))
	}
	return f.errAt(off, "invalid JSON: %s", msg)
}
