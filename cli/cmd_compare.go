package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/evalrun/evalrun/compare"
)

// cmdCompare compares two result files and gates on a significant
// regression of the gated metrics.
func cmdCompare(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("compare", "[flags] BASE NEW", stderr)
	format := fs.String("format", "text", "output: "+strings.Join(compare.Formats, ", "))
	metrics := fs.String("metrics", strings.Join(compare.DefaultGated, ","), "comma-separated `METRICS` whose significant regression exits 1")
	alpha := fs.Float64("alpha", compare.DefaultAlpha, "significance level")
	noColor := fs.Bool("no-color", false, "no colours in the text output (also: NO_COLOR)")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if len(paths) != 2 {
		return exitUsage, usageError{err: errors.New("give two result files: BASE NEW")}
	}
	if *alpha <= 0 || *alpha >= 1 {
		return exitUsage, usageError{err: fmt.Errorf("--alpha must be between 0 and 1, got %v", *alpha)}
	}
	base, err := compare.Load(paths[0])
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	cand, err := compare.Load(paths[1])
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	c, err := compare.Compare(base, cand, compare.Options{Alpha: *alpha, Gated: strings.Split(*metrics, ",")})
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	c.Base.File, c.New.File = paths[0], paths[1]
	colour := !*noColor && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	if err := compare.Write(stdout, c, *format, colour); err != nil {
		return exitUsage, usageError{err: err}
	}
	if len(c.Regressions) > 0 {
		return exitFail, nil
	}
	return exitPass, nil
}
