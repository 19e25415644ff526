package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/compare"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("run", "[flags] [PATH...]", stderr)
	agentName := fs.String("agent", "naive", "the agent: "+strings.Join(agentNames(), ", "))
	trials := fs.Int("trials", 1, "trials per scenario variant")
	seed := fs.Uint64("seed", 1, "run seed: the same seed gives the same transcripts, ledgers and JSON")
	jobs := fs.Int("jobs", runtime.NumCPU(), "trials run at once")
	format := fs.String("format", "text", "report format: "+strings.Join(report.Names(), ", "))
	out := fs.String("out", "", "write the report to `FILE` instead of standard output (opened before any trial runs)")
	mkdir := fs.Bool("mkdir", false, "create --out's parent folders when they are missing")
	script := fs.String("script", "", "script `FILE` or folder for --agent scripted")
	maxTurns := fs.Int("max-turns", agent.DefaultMaxTurns, "model turns allowed per trial")
	noColor := fs.Bool("no-color", false, "no colours in the text report (also: NO_COLOR)")
	sweep := fs.Bool("sweep", false, "derive one variant per step and fault kind, run them, and report the step x kind matrix")
	kinds := fs.String("kinds", "", "with --sweep: comma-separated fault `KINDS` (default: every kind)")
	systemPrompt := fs.String("system-prompt", "", "`FILE` whose text replaces the default system prompt")
	maxErrorRate := fs.Float64("max-error-rate", 0, "exit 3 when more than this fraction of trials error (model or harness broke)")
	scenarioGlob := fs.String("scenario", "", "run only the scenarios whose id matches `GLOB` (order-*, or a list: transfer,chargeback)")
	shard := fs.String("shard", "", "run only slice `I/N` of the cases (1/3, 2/3, 3/3); evalrun merge joins the results")
	gateExpr := fs.String("gate", "", "pass or fail on `EXPR` over the metrics instead of on every trial: 'false_success_rate.hi <= 0.10 && pass_rate.rate >= 0.9'")
	baselinePath := fs.String("baseline", "", "compare with the result `FILE` of an earlier run and fail on a significant regression (see compare)")
	variantGlob := fs.String("variant", "", "run only the variants whose name matches `GLOB` (clean, or a list: clean,*-lost-write)")
	oa := addOpenAIFlags(fs)
	ext := addExternalFlags(fs)
	jf := addJudgeFlags(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	switch {
	case *trials < 1:
		return exitUsage, usageError{err: fmt.Errorf("--trials must be at least 1, got %d", *trials)}
	case *jobs < 1:
		return exitUsage, usageError{err: fmt.Errorf("--jobs must be at least 1, got %d", *jobs)}
	case *maxTurns < 1:
		return exitUsage, usageError{err: fmt.Errorf("--max-turns must be at least 1, got %d", *maxTurns)}
	case *maxErrorRate < 0 || *maxErrorRate > 1:
		return exitUsage, usageError{err: fmt.Errorf("--max-error-rate must be from 0 to 1, got %v", *maxErrorRate)}
	}
	if _, err := agent.Lookup(*agentName); err != nil {
		return exitUsage, usageError{err: err}
	}
	render, err := report.Lookup(*format)
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	if *agentName == "scripted" {
		if *script == "" {
			return exitUsage, usageError{err: errors.New("--agent scripted needs --script FILE|DIR")}
		}
		if _, err := agent.LoadScripts(*script); err != nil {
			return exitUsage, usageError{err: err}
		}
	}
	var sweepKinds []string
	if *kinds != "" && !*sweep {
		return exitUsage, usageError{err: errors.New("--kinds needs --sweep")}
	}
	if *sweep {
		var names []string
		if *kinds != "" {
			names = strings.Split(*kinds, ",")
		}
		if sweepKinds, err = scenarios.SweepKinds(names); err != nil {
			return exitUsage, usageError{err: fmt.Errorf("--kinds: %w", err)}
		}
	}
	list, err := loadScenarios(paths)
	if err != nil {
		return exitUsage, err
	}
	if list, err = selectCases(list, *scenarioGlob, *variantGlob); err != nil {
		return exitUsage, usageError{err: err}
	}
	if *sweep {
		for i, s := range list {
			if list[i], err = scenarios.Sweep(s, sweepKinds); err != nil {
				return exitHarness, err
			}
		}
	}
	cfg := runner.Config{Agent: *agentName, Trials: *trials, Seed: *seed, Jobs: *jobs, Script: *script, MaxTurns: *maxTurns}
	if *systemPrompt != "" {
		b, err := os.ReadFile(*systemPrompt)
		if err != nil {
			return exitUsage, usageError{err: fmt.Errorf("--system-prompt: %w", err)}
		}
		cfg.System = string(b)
	}
	// The transport flags shape the judge's calls too: with a judge they
	// are for every agent.
	modelOnly, owner := openaiOnly, "--agent openai"
	if jf.on() {
		modelOnly = agentModelOnly
	}
	switch {
	case *agentName == "openai":
		if err := oa.configure(&cfg); err != nil {
			return exitUsage, usageError{err: err}
		}
		if err := checkUnused(fs, *agentName, externalOnly, "--agent exec or http"); err != nil {
			return exitUsage, usageError{err: err}
		}
	case isExternal(*agentName):
		if err := ext.configure(fs, *agentName, &cfg); err != nil {
			return exitUsage, usageError{err: err}
		}
		if err := checkUnused(fs, *agentName, modelOnly, owner); err != nil {
			return exitUsage, usageError{err: err}
		}
	default:
		if err := checkUnused(fs, *agentName, modelOnly, owner); err != nil {
			return exitUsage, usageError{err: err}
		}
		if err := checkUnused(fs, *agentName, externalOnly, "--agent exec or http"); err != nil {
			return exitUsage, usageError{err: err}
		}
	}
	if err := jf.configure(fs, oa, *agentName == "openai", &cfg); err != nil {
		return exitUsage, usageError{err: err}
	}
	if *shard != "" {
		var i, n int
		if _, err := fmt.Sscanf(*shard, "%d/%d", &i, &n); err != nil || n < 1 || i < 1 || i > n || fmt.Sprintf("%d/%d", i, n) != *shard {
			return exitUsage, usageError{err: fmt.Errorf("--shard %q: want I/N with 1 <= I <= N, e.g. 2/3", *shard)}
		}
		cfg.Shard = &result.Shard{Index: i, Count: n}
	}
	var g gate
	if *gateExpr != "" {
		if g.program, err = compileGate(*gateExpr); err != nil {
			return exitUsage, usageError{err: err}
		}
		g.src = *gateExpr
	}
	if *baselinePath != "" {
		if g.baseline, err = compare.Load(*baselinePath); err != nil {
			return exitUsage, usageError{err: fmt.Errorf("--baseline: %w", err)}
		}
		g.path = *baselinePath
	}
	if *mkdir && *out == "" {
		return exitUsage, usageError{err: errors.New("--mkdir needs --out FILE")}
	}
	var outFile *os.File
	if *out != "" {
		// Open the report's file before any trial runs: a path that cannot
		// be written is the caller's mistake, found before the run costs
		// anything.
		if outFile, err = openOut(*out, *mkdir); err != nil {
			return exitUsage, usageError{err: err}
		}
		defer outFile.Close()
	}
	cfg.Drain = drainOf(ctx)
	if isTerminal(stderr) {
		cfg.Progress = func(done, total int) {
			fmt.Fprintf(stderr, "\r%d/%d trials", done, total)
			if done == total {
				fmt.Fprint(stderr, "\r\033[K")
			}
		}
	}
	// A format that streams writes each trial as it finishes: the run
	// holds no trials, and a killed run leaves what finished (jsonl).
	var stream report.Stream
	if st, ok := report.LookupStream(*format); ok {
		var w io.Writer = stdout
		if outFile != nil {
			w = outFile
		}
		head := &result.Suite{SchemaVersion: result.SchemaVersion, Tool: "evalrun", Agent: *agentName, Model: cfg.Model, Seed: *seed, TrialsPerCase: *trials,
			Claims: runner.ClaimsMode(cfg), JudgeModel: cfg.JudgeModel}
		if stream, err = st(w, head, report.Options{}); err != nil {
			return exitHarness, err
		}
		cfg.Sink = stream.Trial
	}
	suite, err := runner.Run(ctx, list, cfg)
	if err != nil {
		return exitHarness, err
	}
	if stream != nil {
		err := stream.Close(suite)
		if outFile != nil {
			if cerr := outFile.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return exitHarness, fmt.Errorf("writing the report: %w", err)
		}
		if outFile != nil {
			fmt.Fprintf(stderr, "evalrun: %s; report in %s\n", oneLine(suite), *out)
		}
		return g.exitCode(suite, *maxErrorRate, stderr)
	}
	if outFile == nil {
		colour := !*noColor && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
		if err := render(stdout, suite, report.Options{Color: colour}); err != nil {
			return exitHarness, fmt.Errorf("writing the report: %w", err)
		}
		return g.exitCode(suite, *maxErrorRate, stderr)
	}
	err = render(outFile, suite, report.Options{})
	if cerr := outFile.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		// The suite is measured: do not lose it.
		fmt.Fprintf(stderr, "evalrun run: writing the report to %s: %v; writing it to standard output instead\n", *out, err)
		if err := render(stdout, suite, report.Options{}); err != nil {
			return exitHarness, fmt.Errorf("writing the report: %w", err)
		}
		return exitHarness, nil
	}
	fmt.Fprintf(stderr, "evalrun: %s; report in %s\n", oneLine(suite), *out)
	return g.exitCode(suite, *maxErrorRate, stderr)
}

// exitCode is the run's exit code: harness trouble first, then the gate
// when one is set, else whether every trial passed.
func (g *gate) exitCode(s *result.Suite, maxErrorRate float64, w io.Writer) (int, error) {
	code := exitCode(s, maxErrorRate)
	if code == exitHarness || (g.program == nil && g.baseline == nil) {
		return code, nil
	}
	pass, err := g.judge(s, w)
	switch {
	case err != nil:
		return exitUsage, usageError{err: err}
	case pass:
		return exitPass, nil
	}
	return exitFail, nil
}

// openOut creates (or empties) the report file, and its parent folders
// when asked to.
func openOut(path string, mkdir bool) (*os.File, error) {
	dir := filepath.Dir(path)
	if mkdir {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("--out %s: cannot create its folder: %w", path, err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		hint := ""
		if _, serr := os.Stat(dir); errors.Is(serr, os.ErrNotExist) {
			hint = " (the folder does not exist; --mkdir creates it)"
		}
		return nil, fmt.Errorf("--out %s: cannot write the report there: %w%s", path, err, hint)
	}
	return f, nil
}

func agentNames() []string {
	var out []string
	for _, m := range agent.Models() {
		out = append(out, m.Name)
	}
	return out
}

// exitCode maps a suite to the exit-code contract. Errored trials up to
// maxErrorRate of the trials are tolerated: they are out of every rate, so
// they neither pass nor fail the gate.
func exitCode(s *result.Suite, maxErrorRate float64) int {
	errs := s.Summary[scoring.MetricErrors]
	if s.Interrupted || (errs.K > 0 && float64(errs.K) > maxErrorRate*float64(errs.N)) {
		return exitHarness
	}
	for _, c := range s.Cases {
		if c.Passed+c.Errors < c.Trials {
			return exitFail
		}
	}
	return exitPass
}

func oneLine(s *result.Suite) string {
	passed, total := 0, 0
	for _, c := range s.Cases {
		passed += c.Passed
		total += c.Trials
	}
	return fmt.Sprintf("%d of %d trials passed", passed, total)
}

// isTerminal reports whether w is a terminal, for colour and progress.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}
