package tau2

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/evalrun/evalrun/scenarios"
)

// Options say what to import and where.
type Options struct {
	// Domain is the tau2 domain ("retail").
	Domain string
	// DB, Tasks and Policy are tau2's db.json, a task file and the
	// policy (optional).
	DB, Tasks, Policy string
	// Out is the folder the scenarios are written to; it is created.
	Out string
	// CopyDB copies the database into Out, so that the folder stands on
	// its own; by default the scenarios name it by a path relative to Out.
	CopyDB bool
	// Schema is the scenario JSON Schema's URL for the files' first line.
	Schema string
}

// InputError is a problem with what the import was given: a file that
// cannot be read, or is not what it should be. Nothing is written.
type InputError struct{ Err error }

// Error says what is wrong with the input.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap is the problem, often scenarios.Errors with every place.
func (e *InputError) Unwrap() error { return e.Err }

// Import reads the files, writes one scenario per task into Out, and
// returns the report. An *InputError means bad input and nothing written;
// ErrSkipped means some tasks could not be imported (the report says why)
// and the others were written.
func Import(o Options) (*Report, error) {
	d, err := LookupDomain(o.Domain)
	if err != nil {
		return nil, &InputError{err}
	}
	tasksData, err := readInput(o.Tasks, "task file", MaxTaskFile)
	if err != nil {
		return nil, err
	}
	tasks, err := ParseTasks(o.Tasks, tasksData)
	if err != nil {
		return nil, &InputError{err}
	}
	dbData, err := readInput(o.DB, "database", scenarios.MaxWorldFile)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(strings.ToLower(o.DB), ".json") {
		return nil, &InputError{fmt.Errorf("%s: the database must be a .json file", o.DB)}
	}
	db, err := scenarios.ReadWorldFile(o.DB, dbData)
	if err != nil {
		return nil, &InputError{err}
	}
	policy := ""
	if o.Policy != "" {
		b, err := readInput(o.Policy, "policy", 1<<20)
		if err != nil {
			return nil, err
		}
		if !utf8.Valid(b) {
			return nil, &InputError{fmt.Errorf("%s: the policy is not UTF-8 text", o.Policy)}
		}
		policy = strings.TrimSpace(strings.ReplaceAll(string(b), "\r\n", "\n"))
		if policy == "" {
			return nil, &InputError{fmt.Errorf("%s: the policy is empty", o.Policy)}
		}
	}
	worldFile, err := worldFilePath(o)
	if err != nil {
		return nil, &InputError{err}
	}
	im, err := NewImporter(d, db, Config{WorldFile: worldFile, Policy: policy, Source: filepath.Base(o.Tasks), Schema: o.Schema})
	if err != nil {
		return nil, &InputError{fmt.Errorf("%s: %w", o.DB, err)}
	}
	if err := im.CheckTools(o.Tasks, tasks); err != nil {
		return nil, &InputError{err}
	}
	// The input is good: now write.
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, &InputError{fmt.Errorf("--out: %w", err)}
	}
	if o.CopyDB {
		if err := os.WriteFile(filepath.Join(o.Out, worldFile), dbData, 0o644); err != nil {
			return nil, &InputError{fmt.Errorf("--copy-db: %w", err)}
		}
	}
	rep := &Report{Dir: o.Out, WorldFile: worldFile}
	skipped := false
	for _, t := range tasks {
		s, err := im.Task(t)
		rep.Tasks = append(rep.Tasks, s.Report)
		if err != nil {
			skipped = true
			continue
		}
		if err := os.WriteFile(filepath.Join(o.Out, s.File), s.Data, 0o644); err != nil {
			return rep, &InputError{fmt.Errorf("--out: %w", err)}
		}
	}
	if skipped {
		return rep, ErrSkipped
	}
	return rep, nil
}

// readInput reads one input file, at most limit bytes.
func readInput(path, what string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, &InputError{fmt.Errorf("%s: the %s does not exist", path, what)}
	case err != nil:
		return nil, &InputError{fmt.Errorf("%s: %w", path, err)}
	case !info.Mode().IsRegular():
		return nil, &InputError{fmt.Errorf("%s: the %s is not a regular file", path, what)}
	case info.Size() > limit:
		return nil, &InputError{fmt.Errorf("%s: the %s is %d MB; the most is %d MB", path, what, info.Size()>>20, limit>>20)}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &InputError{fmt.Errorf("%s: %w", path, err)}
	}
	return b, nil
}

// worldFilePath is the database as the scenarios in Out name it: a copy
// beside them, or the original by a path relative to Out.
func worldFilePath(o Options) (string, error) {
	if o.CopyDB {
		return filepath.Base(o.DB), nil
	}
	out, err := filepath.Abs(o.Out)
	if err != nil {
		return "", err
	}
	db, err := filepath.Abs(o.DB)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(out, db)
	if err != nil {
		return "", fmt.Errorf("%s: no path to it from %s: %w", o.DB, o.Out, err)
	}
	return filepath.ToSlash(rel), nil
}
