package cli

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

// loadScenarios reads the given paths, or the bundled library when there
// are none. An argument that is not a file or folder but names library
// scenarios by id (or a glob of ids: "payments-*") selects those.
func loadScenarios(args []string) ([]*scenarios.Scenario, error) {
	if len(args) == 0 {
		return library.Load()
	}
	var paths, ids []string
	for _, a := range args {
		if _, err := os.Stat(a); err != nil && isIDPattern(a) {
			ids = append(ids, a)
			continue
		}
		paths = append(paths, a)
	}
	var list []*scenarios.Scenario
	if len(paths) > 0 {
		var err error
		if list, err = scenarios.LoadPaths(paths); err != nil {
			return nil, usageError{err: err}
		}
	}
	if len(ids) > 0 {
		lib, err := library.Load()
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			found, err := matchIDs(lib, id)
			if err != nil {
				return nil, usageError{err: fmt.Errorf("%s is neither a file nor a library scenario: %w", id, err)}
			}
			list = append(list, found...)
		}
	}
	return list, nil
}

// isIDPattern is an argument that can only be a scenario id or a glob of
// them: no path separator, no file extension.
func isIDPattern(a string) bool {
	return a != "" && !strings.ContainsAny(a, `/\`) && !strings.HasSuffix(a, ".yaml") && !strings.HasSuffix(a, ".yml")
}

// matchIDs returns the scenarios whose id matches the glob, or one of a
// comma-separated list of them.
func matchIDs(list []*scenarios.Scenario, glob string) ([]*scenarios.Scenario, error) {
	if err := checkGlobs(glob); err != nil {
		return nil, err
	}
	var out []*scenarios.Scenario
	for _, s := range list {
		if matches(glob, s.ID) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no scenario id matches %q (known: %s)", glob, strings.Join(ids(list), ", "))
	}
	return out, nil
}

// selectCases keeps the scenarios whose id matches scenarioGlob and, in
// them, the variants whose name matches variantGlob; empty globs keep all.
func selectCases(list []*scenarios.Scenario, scenarioGlob, variantGlob string) ([]*scenarios.Scenario, error) {
	if scenarioGlob != "" {
		var err error
		if list, err = matchIDs(list, scenarioGlob); err != nil {
			return nil, fmt.Errorf("--scenario: %w", err)
		}
	}
	if variantGlob == "" {
		return list, nil
	}
	if err := checkGlobs(variantGlob); err != nil {
		return nil, fmt.Errorf("--variant: %w", err)
	}
	var out []*scenarios.Scenario
	for _, s := range list {
		var keep []*scenarios.Variant
		for _, v := range s.Variants {
			if matches(variantGlob, v.Name) {
				keep = append(keep, v)
			}
		}
		if len(keep) > 0 {
			c := *s
			c.Variants = keep
			out = append(out, &c)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("--variant: no variant name matches " + fmt.Sprintf("%q", variantGlob))
	}
	return out, nil
}

func ids(list []*scenarios.Scenario) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.ID
	}
	return out
}

// checkGlobs checks a comma-separated list of globs.
func checkGlobs(globs string) error {
	for _, g := range strings.Split(globs, ",") {
		if _, err := path.Match(g, ""); err != nil {
			return fmt.Errorf("bad pattern %q: %w", g, err)
		}
	}
	return nil
}

// matches says whether name matches one of a comma-separated list of globs.
func matches(globs, name string) bool {
	for _, g := range strings.Split(globs, ",") {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}
