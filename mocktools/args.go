package mocktools

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Args are a call's decoded JSON arguments.
type Args map[string]any

// String returns a string argument ("" when absent).
func (a Args) String(name string) string {
	s, _ := a[name].(string)
	return s
}

// Number returns a numeric argument and whether it was given.
func (a Args) Number(name string) (float64, bool) {
	f, ok := a[name].(float64)
	return f, ok
}

// Items returns an array-of-objects argument.
func (a Args) Items(name string) []map[string]any {
	list, _ := a[name].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// Validate checks args against a definition's JSON schema (the subset tools
// use: object, string, number, integer, boolean, array, required, enum,
// items, minimum). An empty string is refused unless its schema says
// "minLength": 0, as a second address line may. The message names the
// argument, so a model can fix it.
func Validate(def Definition, args Args) error {
	return checkValue("arguments", def.Parameters, map[string]any(args))
}

func checkValue(path string, schema map[string]any, v any) error {
	typ, _ := schema["type"].(string)
	switch typ {
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %s", path, kindOf(v))
		}
		props, _ := schema["properties"].(map[string]any)
		for _, r := range stringList(schema["required"]) {
			if _, ok := obj[r]; !ok {
				return fmt.Errorf("%s: missing required %q", path, r)
			}
		}
		var buf [8]string // most calls have a few arguments: no allocation
		keys := buf[:0]
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub, ok := props[k].(map[string]any)
			if !ok {
				return fmt.Errorf("%s: unknown argument %q", path, k)
			}
			name := k
			if path != "arguments" {
				name = path + "." + k
			}
			if err := checkValue(name, sub, obj[k]); err != nil {
				return err
			}
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: want an array, got %s", path, kindOf(v))
		}
		if min, ok := schema["minItems"].(int); ok && len(list) < min {
			return fmt.Errorf("%s: want at least %d items, got %d", path, min, len(list))
		}
		items, _ := schema["items"].(map[string]any)
		for i, e := range list {
			if err := checkValue(path+"["+strconv.Itoa(i)+"]", items, e); err != nil {
				return err
			}
		}
	case "string":
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s: want a string, got %s", path, kindOf(v))
		}
		if s == "" && !mayBeEmpty(schema) {
			return fmt.Errorf("%s: must not be empty", path)
		}
		if enum := stringList(schema["enum"]); len(enum) > 0 && !contains(enum, s) {
			return fmt.Errorf("%s: %q is not one of %s", path, s, strings.Join(enum, ", "))
		}
	case "number", "integer":
		f, ok := v.(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%s: want a number, got %s", path, kindOf(v))
		}
		if typ == "integer" && f != math.Trunc(f) {
			return fmt.Errorf("%s: want a whole number, got %v", path, f)
		}
		if min, ok := schema["minimum"].(float64); ok && f < min {
			return fmt.Errorf("%s: must be at least %v, got %v", path, min, f)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s: want true or false, got %s", path, kindOf(v))
		}
	}
	return nil
}

// mayBeEmpty reports whether a string schema declares "minLength": 0.
func mayBeEmpty(schema map[string]any) bool {
	switch n := schema["minLength"].(type) {
	case int:
		return n == 0
	case float64:
		return n == 0
	}
	return false
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	default:
		return fmt.Sprintf("%T", v)
	}
}

func stringList(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// Object builds a JSON schema object from properties and required names.
func Object(props map[string]any, required ...string) map[string]any {
	return map[string]any{"type": "object", "properties": props, "required": required}
}

// Str, Num, Int and List build property schemas.
func Str(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }

// Num is a number property.
func Num(desc string) map[string]any {
	return map[string]any{"type": "number", "description": desc, "minimum": 0.0}
}

// Int is a positive whole-number property.
func Int(desc string) map[string]any {
	return map[string]any{"type": "integer", "description": desc, "minimum": 1.0}
}

// List is an array property of item schemas.
func List(desc string, items map[string]any) map[string]any {
	return map[string]any{"type": "array", "description": desc, "items": items, "minItems": 1}
}

// Enum is a string property with fixed values.
func Enum(desc string, values ...string) map[string]any {
	return map[string]any{"type": "string", "description": desc, "enum": values}
}
