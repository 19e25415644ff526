package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/toolpack"
)

// packCache holds the pack files read while loading a set of scenarios, so
// that a tools.yaml shared by a folder is read, checked and reported once.
type packCache map[string]*cachedPack

type cachedPack struct {
	pack *toolpack.Pack
	err  error
}

// toolbox builds the scenario's tools: registered packs by name, pack
// files by their path relative to the scenario.
func (d *decoder) toolbox(s *Scenario) *mocktools.Toolbox {
	var list []mocktools.Pack
	for i, name := range s.Tools {
		p := fmt.Sprintf("tools[%d]", i)
		if !isYAML(name) {
			pk, ok := mocktools.Lookup(name)
			if !ok {
				d.failAt(p, "unknown tool pack %q (built in: %s; or name a tools.yaml file next to the scenario)",
					name, strings.Join(mocktools.PackNames(), ", "))
				continue
			}
			list = append(list, pk)
			continue
		}
		pk := d.packFile(p, name)
		if pk != nil {
			list = append(list, pk.Pack)
		}
	}
	if len(d.Errs) > 0 {
		return nil
	}
	tb, err := mocktools.ToolboxOf(list...)
	if err != nil {
		d.failAt("tools", "%v", err)
		return nil
	}
	if s.Domain == "" && len(list) > 0 {
		s.Domain = libraryDomain(s.File)
		if s.Domain == "" {
			s.Domain = list[0].Name
		}
	}
	return tb
}

// packFile reads a pack file once per load; its problems are reported at
// their own positions, once.
func (d *decoder) packFile(p, rel string) *toolpack.Pack {
	if d.files == nil {
		d.failAt(p, "tool pack file %q: this scenario was not read from a file", rel)
		return nil
	}
	name, key := d.files.locate(rel)
	data, err := d.files.read(key)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			d.failAt(p, "tool pack file %s does not exist", name)
		} else {
			d.failAt(p, "tool pack file %s: %v", name, err)
		}
		return nil
	}
	c, ok := d.cache.packs[name]
	if !ok {
		pk, err := toolpack.Load(name, data)
		c = &cachedPack{pack: pk, err: err}
		d.cache.packs[name] = c
		var es Errors
		if errors.As(err, &es) {
			d.Errs = append(d.Errs, es...)
			return nil
		}
	}
	if c.err != nil {
		if ok {
			d.failAt(p, "tool pack file %s has errors (reported above)", name)
		}
		return nil
	}
	return c.pack
}

// libraryDomain is the folder of a library scenario: scenarios/library/D/x.yaml.
func libraryDomain(file string) string {
	parts := strings.Split(path.Clean(strings.ReplaceAll(file, "\\", "/")), "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] == "scenarios" && parts[i+1] == "library" && i+3 < len(parts) {
			return parts[i+2]
		}
	}
	return ""
}

// checkFields checks a done assertion's direct field reads against the
// collections' declared fields.
func (d *decoder) checkFields(p, src string, tb *mocktools.Toolbox) {
	refs, err := toolpack.FieldRefs(src)
	if err != nil {
		return // the compile error is reported by compile
	}
	for _, r := range refs {
		fields, ok := tb.Fields(r[0])
		if !ok {
			continue
		}
		if _, ok := fields[r[1]]; !ok {
			d.failAt(p, "%s has no field %q (fields: %s)", r[0], r[1], strings.Join(sortedFields(fields), ", "))
		}
	}
}

// fieldProblem is one problem with a world record: the field's path
// suffix (".status") and what is wrong.
type fieldProblem struct{ field, msg string }

// recordProblems checks a world record's fields and their types.
func recordProblems(coll string, r map[string]any, tb *mocktools.Toolbox) []fieldProblem {
	fields, ok := tb.Fields(coll)
	if !ok {
		return nil
	}
	var out []fieldProblem
	for k, v := range r {
		typ, ok := fields[k]
		switch {
		case !ok:
			out = append(out, fieldProblem{"." + k, fmt.Sprintf("%s has no field %q (fields: %s)", coll, k, strings.Join(sortedFields(fields), ", "))})
		case !typeOK(typ, v):
			out = append(out, fieldProblem{"." + k, fmt.Sprintf("%s.%s is declared %s, got %v", coll, k, typ, v)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].field < out[j].field })
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func typeOK(typ string, v any) bool {
	if v == nil {
		return true
	}
	switch typ {
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := number(v)
		return ok
	case "integer":
		f, ok := number(v)
		return ok && f == float64(int64(f))
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	}
	return true
}

func sortedFields(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// number reads a YAML or JSON number, whole or not.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}
