package scenarios

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/evalrun/evalrun/internal/jsonpos"
	"github.com/evalrun/evalrun/world"
)

// MaxWorldFile bounds a world file's size: a world is held in memory, and
// a path to something endless must fail rather than hang.
const MaxWorldFile = 256 << 20

// worldCache holds the world files read while loading a set of scenarios,
// by key (an absolute path, or a path in the embedded library), so that
// every scenario naming one file shares one parsed copy.
type worldCache map[string]*worldFile

// worldFile is a parsed world file: {collection: {id: record}}. Its
// records are shared by every scenario that names it, and by every trial
// of those: nothing may change them.
type worldFile struct {
	name        string
	collections map[string]world.Collection
	// pos is where each collection ("orders") and record ("orders/#W1")
	// starts in the file.
	pos  map[string]Pos
	errs Errors
	// checked says, per set of declared fields the file was checked
	// against, whether it was fine: a file shared by many scenarios is
	// checked and reported once.
	checked map[string]bool
}

// worldFile reads the scenario's world_file once per load.
func (d *decoder) worldFile(rel string) *worldFile {
	p := "world_file"
	if d.files == nil {
		d.failAt(p, "world file %q: this scenario was not read from a file", rel)
		return nil
	}
	if !strings.HasSuffix(strings.ToLower(rel), ".json") {
		d.failAt(p, "world file %q: want a .json file of {collection: {id: record}}", rel)
		return nil
	}
	name, key := d.files.locate(rel)
	if wf, ok := d.cache.worlds[key]; ok {
		if len(wf.errs) > 0 {
			d.failAt(p, "world file %s has errors (reported above)", name)
			return nil
		}
		return wf
	}
	wf := &worldFile{name: name, checked: map[string]bool{}}
	d.cache.worlds[key] = wf
	info, err := d.files.stat(key)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d.failAt(p, "world file %s does not exist", name)
	case err != nil:
		d.failAt(p, "world file %s: %v", name, pathErr(err))
	case !info.Mode().IsRegular():
		d.failAt(p, "world file %s is not a regular file", name)
	case info.Size() > MaxWorldFile:
		d.failAt(p, "world file %s is %d MB; the most is %d MB", name, info.Size()>>20, MaxWorldFile>>20)
	default:
		data, err := d.files.read(key)
		if err != nil {
			d.failAt(p, "world file %s: %v", name, pathErr(err))
			break
		}
		wf.parse(data)
		d.Errs = append(d.Errs, wf.errs...)
		if len(wf.errs) > 0 {
			return nil
		}
		return wf
	}
	wf.errs = Errors{d.Errs[len(d.Errs)-1]}
	return nil
}

// parse reads {collection: {id: record}}, keeping where each collection
// and record starts. Every problem is an error at its line and column.
func (wf *worldFile) parse(data []byte) {
	wf.collections = map[string]world.Collection{}
	wf.pos = map[string]Pos{}
	dec := json.NewDecoder(bytes.NewReader(data))
	at := func(off int64) Pos { return position(data, off) }
	fail := func(off int64, format string, a ...any) {
		p := at(off)
		wf.errs = append(wf.errs, &Error{File: wf.name, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, a...)})
	}
	syntax := func(err error) {
		// A streaming decoder's offsets are not the file's: the whole
		// file, read at once, says where the error is.
		var v any
		if uerr := json.Unmarshal(data, &v); uerr != nil {
			err = uerr
		}
		off := int64(len(data))
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset - 1
		}
		msg := err.Error()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || msg == "unexpected end of JSON input" {
			msg, off = "unexpected end of the file", int64(len(data))
		}
		fail(max(off, 0), "invalid JSON: %s", msg)
	}
	// open reads the '{' that starts an object; what names what is expected.
	open := func(what string) bool {
		off := jsonpos.Next(data, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			syntax(err)
			return false
		}
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			fail(off, "want %s, got %s", what, describe(tok))
			return false
		}
		return true
	}
	// key reads an object's next key and where it starts.
	key := func() (string, int64, bool) {
		off := jsonpos.Next(data, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			syntax(err)
			return "", 0, false
		}
		return tok.(string), off, true // object keys are strings
	}
	if !open("an object of collections: {collection: {id: record}}") {
		return
	}
	for dec.More() {
		name, off, ok := key()
		if !ok {
			return
		}
		if _, dup := wf.collections[name]; dup {
			fail(off, "collection %q is given twice", name)
			return
		}
		wf.pos[name] = at(off)
		coll := world.Collection{}
		wf.collections[name] = coll
		if !open(fmt.Sprintf("collection %q to be an object of records by id", name)) {
			return
		}
		for dec.More() {
			id, off, ok := key()
			if !ok {
				return
			}
			if _, dup := coll[id]; dup {
				fail(off, "%s: record %q is given twice", name, id)
				return
			}
			wf.pos[name+"/"+id] = at(off)
			voff := jsonpos.Next(data, dec.InputOffset())
			var r any
			if err := dec.Decode(&r); err != nil {
				syntax(err)
				return
			}
			rec, ok := r.(map[string]any)
			if !ok {
				fail(voff, "%s/%s: want a record (an object), got %s", name, id, describe(r))
				return
			}
			coll[id] = rec
		}
		if _, err := dec.Token(); err != nil {
			syntax(err)
			return
		}
	}
	if _, err := dec.Token(); err != nil {
		syntax(err)
		return
	}
	if off := jsonpos.Next(data, dec.InputOffset()); off < int64(len(data)) {
		fail(off, "invalid JSON: more after the end of the object")
	}
}

// position is where a byte offset of the file is.
func position(data []byte, off int64) Pos {
	line, col := jsonpos.Position(data, off)
	return Pos{Line: line, Col: col}
}

// describe names a JSON value in a message.
func describe(v any) string {
	switch x := v.(type) {
	case json.Delim:
		if x == '[' {
			return "a list"
		}
		return fmt.Sprintf("%q", string(x))
	case []any:
		return "a list"
	case string:
		return fmt.Sprintf("the string %q", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", v)
}

// at is where a collection ("orders") or a record ("orders/#W1") starts
// in the file, as an error.
func (wf *worldFile) at(key, format string, a ...any) *Error {
	p := wf.pos[key]
	return &Error{File: wf.name, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, a...)}
}

// ReadWorldFile parses a world file's bytes, {collection: {id: record}},
// as world_file does, for tools that read one outside a scenario (an
// importer replaying actions on it). name is how messages show the file;
// every problem is an error at its line and column, and the state returned
// shares nothing with data.
func ReadWorldFile(name string, data []byte) (world.State, error) {
	wf := &worldFile{name: name, checked: map[string]bool{}}
	wf.parse(data)
	if len(wf.errs) > 0 {
		return world.State{}, wf.errs
	}
	return world.State{Collections: wf.collections}, nil
}
