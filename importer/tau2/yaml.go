package tau2

import (
	"bytes"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The scenario files are written as YAML nodes, never as text, and every
// string is quoted: an order id holds '#', and " #" in a plain scalar
// starts a comment.

// text is a quoted string: single quotes when it holds double quotes (an
// expression), a literal block when it spans lines (the policy), else
// double quotes.
func text(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
	switch {
	case strings.Contains(s, "\n") && literalSafe(s):
		n.Style = yaml.LiteralStyle
	case strings.Contains(s, `"`) && !strings.ContainsAny(s, "'\n\t\\"):
		n.Style = yaml.SingleQuotedStyle
	}
	return n
}

// literalSafe says whether a literal block keeps s exactly: no trailing
// spaces on a line, no tabs or carriage returns, no leading space on the
// first line.
func literalSafe(s string) bool {
	if strings.ContainsAny(s, "\t\r") || strings.HasPrefix(s, " ") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") {
			return false
		}
	}
	return true
}

// key is a mapping key, plain.
func key(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if !ident.MatchString(s) {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

func boolean(b bool) *yaml.Node {
	v := "false"
	if b {
		v = "true"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: v}
}

// mapping builds a block mapping from key, value pairs, skipping nil
// values.
func mapping(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(kv); i += 2 {
		v, _ := kv[i+1].(*yaml.Node)
		if v == nil {
			continue
		}
		m.Content = append(m.Content, key(kv[i].(string)), v)
	}
	return m
}

// flow makes a mapping or sequence, and everything in it, one line.
func flow(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = yaml.FlowStyle
	}
	return n
}

func sequence(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
}

func texts(ss []string) *yaml.Node {
	items := make([]*yaml.Node, len(ss))
	for i, s := range ss {
		items[i] = text(s)
	}
	return flow(sequence(items...))
}

// fromJSON is a task's JSON value as YAML, keys in the file's order and
// numbers as written.
func fromJSON(n *node) *yaml.Node {
	switch n.kind {
	case kNull:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	case kBool:
		return boolean(n.b)
	case kNumber:
		tag := "!!int"
		if strings.ContainsAny(n.text, ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: n.text}
	case kString:
		return text(n.text)
	case kList:
		items := make([]*yaml.Node, len(n.kids))
		for i, k := range n.kids {
			items[i] = fromJSON(k)
		}
		return flow(sequence(items...))
	}
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
	for i, k := range n.keys {
		m.Content = append(m.Content, key(k), fromJSON(n.kids[i]))
	}
	return m
}

// fromValue is a decoded JSON-like value as YAML, keys sorted.
func fromValue(v any) *yaml.Node {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
		for _, k := range keys {
			m.Content = append(m.Content, key(k), fromValue(x[k]))
		}
		return m
	case []any:
		items := make([]*yaml.Node, len(x))
		for i, e := range x {
			items[i] = fromValue(e)
		}
		return flow(sequence(items...))
	case string:
		return text(x)
	case bool:
		return boolean(x)
	case float64:
		tag := "!!int"
		if strings.ContainsAny(literal(x), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: literal(x)}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
}

// encode writes a document: the comment lines, then the node.
func encode(comment []string, doc *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	for _, c := range comment {
		if c == "" {
			b.WriteString("#\n")
			continue
		}
		b.WriteString("# " + c + "\n")
	}
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
