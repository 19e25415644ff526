package scenarios

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/internal/yamlx"
)

//go:embed library/*.yaml
var library embed.FS

// Library loads the bundled scenarios, so that `evalrun run` works from any
// folder.
func Library() ([]*Scenario, error) {
	return loadFS(library, "library")
}

func loadFS(fsys fs.FS, dir string) ([]*Scenario, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var files []namedData
	for _, e := range entries {
		if isYAML(e.Name()) {
			b, err := fs.ReadFile(fsys, dir+"/"+e.Name())
			if err != nil {
				return nil, err
			}
			files = append(files, namedData{path.Join("scenarios", dir, e.Name()), b})
		}
	}
	return loadAll(files)
}

type namedData struct {
	name string
	data []byte
}

// LoadPaths loads every scenario in the given files and folders (*.yaml and
// *.yml, not recursing into sub-folders), in path order. Every problem in
// every file is reported, each at its file, line and column.
func LoadPaths(paths []string) ([]*Scenario, error) {
	var files []namedData
	var errs Errors
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			errs = append(errs, &Error{File: p, Msg: pathErr(err)})
			continue
		}
		names := []string{p}
		if info.IsDir() {
			names = nil
			entries, err := os.ReadDir(p)
			if err != nil {
				errs = append(errs, &Error{File: p, Msg: pathErr(err)})
				continue
			}
			for _, e := range entries {
				if !e.IsDir() && isYAML(e.Name()) {
					names = append(names, filepath.Join(p, e.Name()))
				}
			}
			if len(names) == 0 {
				errs = append(errs, &Error{File: p, Msg: "no .yaml or .yml scenario files in this folder"})
			}
		}
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				errs = append(errs, &Error{File: n, Msg: pathErr(err)})
				continue
			}
			files = append(files, namedData{n, b})
		}
	}
	out, err := loadAll(files)
	var more Errors
	if errors.As(err, &more) {
		errs = append(errs, more...)
	} else if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func isYAML(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

func loadAll(files []namedData) ([]*Scenario, error) {
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	var out []*Scenario
	var errs Errors
	seen := map[string]string{}
	for _, f := range files {
		s, err := Load(f.name, f.data)
		if err != nil {
			var fe Errors
			if errors.As(err, &fe) {
				errs = append(errs, fe...)
				continue
			}
			return nil, err
		}
		if prev, dup := seen[s.ID]; dup {
			errs = append(errs, &Error{File: f.name, Line: 1, Col: 1,
				Msg: fmt.Sprintf("scenario id %q is also used by %s", s.ID, prev)})
			continue
		}
		seen[s.ID] = f.name
		out = append(out, s)
	}
	return out, errs.OrNil()
}

// Load reads one scenario from YAML. name is used in error positions. The
// error, when not nil, is Errors.
func Load(name string, data []byte) (*Scenario, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Errors{{File: name, Line: 1, Col: 1, Msg: "empty file: a scenario needs at least id, tools, task and steps"}}
		}
		return nil, Errors{yamlx.SyntaxError(name, data, err)}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, Errors{{File: name, Line: extra.Line, Col: extra.Column, Msg: "a file holds one scenario: found a second YAML document"}}
	}
	d := &decoder{yamlx.NewDecoder(name)}
	s := &Scenario{File: name}
	d.Decode(&doc, reflect.ValueOf(s).Elem(), "")
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	d.check(s)
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	return s, nil
}
