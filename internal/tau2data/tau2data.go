// Package tau2data finds tau2-bench's retail data, which lives beside the
// repository (../shared/data/tau2-retail from its root) and never in it, for
// the tests and benchmarks that read it: they skip, saying why, without it.
package tau2data

import (
	"fmt"
	"os"
	"path/filepath"
)

// Rel is where the data is, from the repository root.
const Rel = "../shared/data/tau2-retail"

// Root returns the repository root: the first folder up from the working
// folder that holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working folder")
		}
		dir = up
	}
}

// Dir returns the data's folder.
func Dir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Clean(filepath.Join(root, Rel)), nil
}

// Files returns the paths of the named files of the data, and, when one is
// missing, why: the message to skip with.
func Files(names ...string) (paths []string, missing string, err error) {
	dir, err := Dir()
	if err != nil {
		return nil, "", err
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Sprintf("tau2-bench retail data is not available (%s: %v); it is read from %s beside the repository and never stored in it", p, err, Rel), nil
		}
		paths = append(paths, p)
	}
	return paths, "", nil
}
