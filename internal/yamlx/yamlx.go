// Package yamlx decodes YAML strictly into Go values: an unknown field or a
// value of the wrong shape is an error at its file, line and column, and the
// position of every field path is kept for later checks. Scenario files and
// tool-pack files share it.
package yamlx

import (
	"fmt"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Pos is a place in a file.
type Pos struct {
	Line, Col int
}

// Decoder fills Go values from YAML nodes strictly. It records where each
// field path ("steps[0].action.tool") was found, so later checks can point
// at it too.
type Decoder struct {
	Errs Errors
	File string
	Pos  map[string]Pos
}

// NewDecoder starts decoding the file called file.
func NewDecoder(file string) *Decoder { return &Decoder{File: file, Pos: map[string]Pos{}} }

func (d *Decoder) fail(n *yaml.Node, format string, a ...any) {
	d.Errs = append(d.Errs, &Error{File: d.File, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)})
}

// At is the position of path, or of its nearest parent that has one.
func (d *Decoder) At(path string) *Error {
	p := d.Pos[path]
	for p.Line == 0 && path != "" {
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			path = ""
		} else {
			path = path[:i]
		}
		p = d.Pos[path]
	}
	return &Error{File: d.File, Line: p.Line, Col: p.Col}
}

// FailAt records a problem at path's position.
func (d *Decoder) FailAt(path, format string, a ...any) {
	e := d.At(path)
	e.Msg = fmt.Sprintf(format, a...)
	d.Errs = append(d.Errs, e)
}

// Decode fills v from n; path names n in messages ("" for the document).
func (d *Decoder) Decode(n *yaml.Node, v reflect.Value, path string) { d.decode(n, v, path) }

func (d *Decoder) decode(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return
		}
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	d.Pos[path] = Pos{n.Line, n.Column}
	if n.Tag == "!!null" {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		d.decode(n, v.Elem(), path)
	case reflect.Struct:
		d.decodeStruct(n, v, path)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.fail(n, "%s: want a list, got %s", Label(path), Describe(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			d.decode(c, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.fail(n, "%s: want a mapping, got %s", Label(path), Describe(n))
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				d.fail(k, "%s: keys must be plain strings", Label(path))
				continue
			}
			if v.MapIndex(reflect.ValueOf(k.Value)).IsValid() {
				d.fail(k, "%s: duplicate key %q", Label(path), k.Value)
				continue
			}
			e := reflect.New(v.Type().Elem()).Elem()
			d.decode(val, e, path+"."+k.Value)
			v.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), e)
		}
	case reflect.Interface:
		var x any
		if err := n.Decode(&x); err != nil {
			d.fail(n, "%s: %v", Label(path), CleanErr(err))
			return
		}
		v.Set(reflect.ValueOf(&x).Elem())
	default:
		d.decodeScalar(n, v, path)
	}
}

func (d *Decoder) decodeStruct(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.fail(n, "%s: want a mapping, got %s", Label(path), Describe(n))
		return
	}
	fields := map[string]int{}
	var names []string
	for i := 0; i < v.NumField(); i++ {
		tag := strings.Split(v.Type().Field(i).Tag.Get("yaml"), ",")[0]
		if tag == "" || tag == "-" {
			continue
		}
		fields[tag] = i
		names = append(names, tag)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		idx, ok := fields[k.Value]
		if !ok {
			d.fail(k, "%sunknown field %q (known: %s)", prefix(path), k.Value, strings.Join(names, ", "))
			continue
		}
		if seen[k.Value] {
			d.fail(k, "%sfield %q given twice", prefix(path), k.Value)
			continue
		}
		seen[k.Value] = true
		d.decode(val, v.Field(idx), join(path, k.Value))
	}
}

func (d *Decoder) decodeScalar(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.ScalarNode {
		d.fail(n, "%s: want %s, got %s", Label(path), kindName(v.Kind()), Describe(n))
		return
	}
	want := map[reflect.Kind]string{reflect.Int: "!!int", reflect.Bool: "!!bool", reflect.Float64: "!!float"}[v.Kind()]
	switch {
	case v.Kind() == reflect.String:
		if n.Tag != "!!str" && n.Tag != "!!int" && n.Tag != "!!float" {
			d.fail(n, "%s: want a string, got %s", Label(path), Describe(n))
			return
		}
		v.SetString(n.Value)
		return
	case v.Kind() == reflect.Float64 && n.Tag == "!!int":
	case want != "" && n.Tag != want:
		d.fail(n, "%s: want %s, got %s", Label(path), kindName(v.Kind()), Describe(n))
		return
	}
	if err := n.Decode(v.Addr().Interface()); err != nil {
		d.fail(n, "%s: %v", Label(path), CleanErr(err))
	}
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

func prefix(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

// Label names a path in a message: "document" for the top.
func Label(path string) string {
	if path == "" {
		return "document"
	}
	return path
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Int:
		return "a whole number"
	case reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	default:
		return "a " + k.String()
	}
}

// Describe says what a node is: "a list", "the string \"x\"".
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch n.Tag {
	case "!!str":
		return fmt.Sprintf("the string %q", n.Value)
	case "!!int", "!!float":
		return "the number " + n.Value
	case "!!bool":
		return n.Value
	}
	return fmt.Sprintf("%q", n.Value)
}

// CleanErr is a yaml error without its "yaml: line N:" prefix.
func CleanErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: ")
	if i := strings.Index(s, ": "); strings.HasPrefix(s, "line ") && i > 0 {
		s = s[i+2:]
	}
	return s
}

// Error is one problem in a file, at its line and column.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error prints file:line:col: message.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Errors is every problem found in one or more files; validation reports
// them all at once rather than one per run.
type Errors []*Error

// Error prints one problem a line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// OrNil is nil for no errors, so that a nil slice is not a non-nil error.
func (es Errors) OrNil() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// SyntaxError turns a YAML syntax error ("yaml: line 4: ...") into a
// positioned Error that names the cause where the parser's words do not:
// a tab in the indentation says "tab".
func SyntaxError(file string, data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line, col := 1, 1
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		msg = msg[strings.Index(msg, ":")+2:]
	}
	lines := strings.Split(string(data), "\n")
	// The parser reports a tab on the line it was reading, or the next.
	for _, l := range []int{line, line + 1, line - 1} {
		if l < 1 || l > len(lines) {
			continue
		}
		text := lines[l-1]
		indent := len(text) - len(strings.TrimLeft(text, " \t"))
		if i := strings.IndexByte(text[:indent], '\t'); i >= 0 && strings.TrimSpace(text) != "" {
			return &Error{File: file, Line: l, Col: i + 1, Msg: "invalid YAML: a tab in the indentation; YAML indents with spaces only"}
		}
	}
	if strings.Contains(msg, "mapping values are not allowed") && line <= len(lines) {
		text := lines[line-1]
		if i := strings.Index(text, ": "); i >= 0 {
			if j := strings.Index(text[i+2:], ": "); j >= 0 {
				col = i + 2 + j + 1
			}
		}
		msg += `: a value that holds ": " (an expression with a map, a sentence) must be quoted, e.g. '...'`
	}
	return &Error{File: file, Line: line, Col: col, Msg: "invalid YAML: " + msg}
}
