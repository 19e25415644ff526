package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/evalrun/evalrun/internal/yamlx"
	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/toolpack"
)

func cmdValidate(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("validate", "[PATH...]", stderr)
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	var list []*scenarios.Scenario
	// Pack files named on their own are checked as packs; the scenarios
	// that name a pack check it again, in their own context.
	var errs scenarios.Errors
	var scenarioPaths []string
	packs := 0
	for _, p := range paths {
		if !scenarios.IsPackFile(filepath.Base(p)) {
			scenarioPaths = append(scenarioPaths, p)
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			errs = append(errs, &scenarios.Error{File: p, Msg: err.Error()})
			continue
		}
		var perrs yamlx.Errors
		if _, err := toolpack.Load(p, b); errors.As(err, &perrs) {
			errs = append(errs, perrs...)
		} else if err != nil {
			errs = append(errs, &scenarios.Error{File: p, Msg: err.Error()})
		}
		packs++
	}
	switch {
	case len(paths) == 0:
		list, err = library.Load()
	case len(scenarioPaths) > 0:
		list, err = scenarios.LoadPaths(scenarioPaths)
	}
	var more scenarios.Errors
	if errors.As(err, &more) {
		errs = append(errs, more...)
	} else if err != nil {
		return exitUsage, err
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		fmt.Fprintf(stderr, "%d problem(s)\n", len(errs))
		return exitUsage, nil
	}
	// The scenarios load: now read their phrases back through the claim
	// extractor, as the reference agents would use them.
	for _, s := range list {
		errs = append(errs, saycheck.Check(s)...)
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		fmt.Fprintf(stderr, "%d problem(s)\n", len(errs))
		return exitUsage, nil
	}
	variants := 0
	for _, s := range list {
		variants += len(s.Variants)
	}
	if packs > 0 {
		fmt.Fprintf(stdout, "ok: %d scenario(s), %d variant(s), %d tool pack(s)\n", len(list), variants, packs)
		return exitPass, nil
	}
	fmt.Fprintf(stdout, "ok: %d scenario(s), %d variant(s)\n", len(list), variants)
	return exitPass, nil
}
