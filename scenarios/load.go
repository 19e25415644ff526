package scenarios

import (
	"bytes"
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

// LoadFS loads every scenario under root in fsys, recursively (tool-pack
// files are not scenarios), naming each file display/<path> in messages.
// The bundled library uses it on its embedded files.
func LoadFS(fsys fs.FS, root, display string) ([]*Scenario, error) {
	var files []namedData
	err := fs.WalkDir(fsys, root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !isScenarioFile(e.Name()) {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		files = append(files, namedData{name: path.Join(display, p), data: b, files: fsFiles{fsys: fsys, dir: path.Dir(p), display: display}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return loadAll(files)
}

// namedData is one scenario file: its name for messages, its bytes, and
// where the files it names (tool packs, a world file) are.
type namedData struct {
	name  string
	data  []byte
	files siblings
}

// siblings reads the files a scenario names relative to itself.
type siblings interface {
	// locate names the file rel: name as messages show it, key as caches
	// and reads know it.
	locate(rel string) (name, key string)
	stat(key string) (fs.FileInfo, error)
	read(key string) ([]byte, error)
}

// osFiles are the files beside a scenario on disk (or named by an absolute
// path).
type osFiles struct{ dir string }

func (o osFiles) locate(rel string) (string, string) {
	p := filepath.FromSlash(rel)
	if !filepath.IsAbs(p) {
		p = filepath.Join(o.dir, p)
	}
	key, err := filepath.Abs(p)
	if err != nil {
		key = p
	}
	return p, key
}

func (osFiles) stat(key string) (fs.FileInfo, error) { return os.Stat(key) }
func (osFiles) read(key string) ([]byte, error)      { return os.ReadFile(key) }

// fsFiles are the files beside a scenario in an fs.FS (the embedded
// library), shown under display.
type fsFiles struct {
	fsys    fs.FS
	dir     string
	display string
}

func (f fsFiles) locate(rel string) (string, string) {
	q := path.Join(f.dir, rel)
	return path.Join(f.display, q), q
}

func (f fsFiles) stat(key string) (fs.FileInfo, error) { return fs.Stat(f.fsys, key) }
func (f fsFiles) read(key string) ([]byte, error)      { return fs.ReadFile(f.fsys, key) }

// LoadPaths loads every scenario in the given files and folders (*.yaml and
// *.yml; folders recursively; tool-pack files named tools.yaml are not
// scenarios), in path order. Every problem in every file is reported, each
// at its file, line and column.
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
		if !info.IsDir() && IsPackFile(filepath.Base(p)) {
			errs = append(errs, &Error{File: p, Msg: "a tool pack, not a scenario: a scenario names it in its tools (tools: [" +
				filepath.Base(p) + "]); evalrun validate checks it on its own"})
			continue
		}
		if info.IsDir() {
			names = nil
			err := filepath.WalkDir(p, func(n string, e fs.DirEntry, err error) error {
				if err == nil && !e.IsDir() && isScenarioFile(e.Name()) {
					names = append(names, n)
				}
				return err
			})
			if err != nil {
				errs = append(errs, &Error{File: p, Msg: pathErr(err)})
				continue
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
			files = append(files, namedData{name: n, data: b, files: osFiles{dir: filepath.Dir(n)}})
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

// isScenarioFile is a YAML file that is not a tool pack.
func isScenarioFile(name string) bool {
	return isYAML(name) && !IsPackFile(name)
}

// IsPackFile says whether a file name is a tool pack's: tools.yaml, or
// anything ending in .tools.yaml.
func IsPackFile(name string) bool {
	base := path.Base(filepath.ToSlash(name))
	for _, ext := range []string{".yaml", ".yml"} {
		if base == "tools"+ext || strings.HasSuffix(base, ".tools"+ext) {
			return true
		}
	}
	return false
}

func loadAll(files []namedData) ([]*Scenario, error) {
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	var out []*Scenario
	var errs Errors
	seen := map[string]string{}
	c := &cache{packs: packCache{}, worlds: worldCache{}}
	for _, f := range files {
		s, err := load(f, c)
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

// Load reads one scenario from YAML. name is used in error positions, and
// pack files it names are read relative to it. The error, when not nil, is
// Errors.
func Load(name string, data []byte) (*Scenario, error) {
	return load(namedData{name: name, data: data, files: osFiles{dir: filepath.Dir(name)}}, &cache{packs: packCache{}, worlds: worldCache{}})
}

// cache holds what the scenarios of one load share: pack files and world
// files, each read, checked and reported once.
type cache struct {
	packs  packCache
	worlds worldCache
}

func load(f namedData, c *cache) (*Scenario, error) {
	name, data := f.name, f.data
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
	d := &decoder{Decoder: yamlx.NewDecoder(name), files: f.files, cache: c}
	s := &Scenario{File: name}
	d.Decode(&doc, reflect.ValueOf(s).Elem(), "")
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	d.check(s)
	if len(d.Errs) > 0 {
		return nil, d.Errs
	}
	s.Positions = d.Pos
	return s, nil
}
