package scenarios

import (
	"fmt"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Pos is a place in a scenario file.
type Pos struct {
	Line, Col int
}

// decoder fills Go values from YAML nodes strictly: an unknown field or a
// value of the wrong shape is an error at its line and column. It records
// where each field path was found, so later checks can point at it too.
type decoder struct {
	errs Errors
	file string
	pos  map[string]Pos
}

func (d *decoder) fail(n *yaml.Node, format string, a ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, a...)})
}

func (d *decoder) decode(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return
		}
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	d.pos[path] = Pos{n.Line, n.Column}
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
			d.fail(n, "%s: want a list, got %s", label(path), describe(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			d.decode(c, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.fail(n, "%s: want a mapping, got %s", label(path), describe(n))
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				d.fail(k, "%s: keys must be plain strings", label(path))
				continue
			}
			if v.MapIndex(reflect.ValueOf(k.Value)).IsValid() {
				d.fail(k, "%s: duplicate key %q", label(path), k.Value)
				continue
			}
			e := reflect.New(v.Type().Elem()).Elem()
			d.decode(val, e, path+"."+k.Value)
			v.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), e)
		}
	case reflect.Interface:
		var x any
		if err := n.Decode(&x); err != nil {
			d.fail(n, "%s: %v", label(path), cleanYAMLErr(err))
			return
		}
		v.Set(reflect.ValueOf(&x).Elem())
	default:
		d.decodeScalar(n, v, path)
	}
}

func (d *decoder) decodeStruct(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.fail(n, "%s: want a mapping, got %s", label(path), describe(n))
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

func (d *decoder) decodeScalar(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.ScalarNode {
		d.fail(n, "%s: want %s, got %s", label(path), kindName(v.Kind()), describe(n))
		return
	}
	want := map[reflect.Kind]string{reflect.Int: "!!int", reflect.Bool: "!!bool", reflect.Float64: "!!float"}[v.Kind()]
	switch {
	case v.Kind() == reflect.String:
		if n.Tag != "!!str" && n.Tag != "!!int" && n.Tag != "!!float" {
			d.fail(n, "%s: want a string, got %s", label(path), describe(n))
			return
		}
		v.SetString(n.Value)
		return
	case v.Kind() == reflect.Float64 && n.Tag == "!!int":
	case want != "" && n.Tag != want:
		d.fail(n, "%s: want %s, got %s", label(path), kindName(v.Kind()), describe(n))
		return
	}
	if err := n.Decode(v.Addr().Interface()); err != nil {
		d.fail(n, "%s: %v", label(path), cleanYAMLErr(err))
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

func label(path string) string {
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

func describe(n *yaml.Node) string {
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

func cleanYAMLErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: ")
	if i := strings.Index(s, ": "); strings.HasPrefix(s, "line ") && i > 0 {
		s = s[i+2:]
	}
	return s
}
