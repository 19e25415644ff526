package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

func cmdValidate(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("validate", "[PATH...]", stderr)
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	var list []*scenarios.Scenario
	if len(paths) == 0 {
		list, err = library.Load()
	} else {
		list, err = scenarios.LoadPaths(paths)
	}
	var errs scenarios.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		fmt.Fprintf(stderr, "%d problem(s)\n", len(errs))
		return exitUsage, nil
	}
	if err != nil {
		return exitUsage, err
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
	fmt.Fprintf(stdout, "ok: %d scenario(s), %d variant(s)\n", len(list), variants)
	return exitPass, nil
}
