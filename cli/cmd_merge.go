package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
)

// cmdMerge joins the results of the slices of a sharded run into the
// result the unsharded run would have written.
func cmdMerge(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("merge", "[--format F] [--out FILE] SHARD...", stderr)
	format := fs.String("format", "json", "output format: "+strings.Join(report.Names(), ", "))
	out := fs.String("out", "", "write to `FILE` instead of standard output")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if len(paths) == 0 {
		return exitUsage, usageError{err: errors.New("give the result files of every shard")}
	}
	render, err := report.Lookup(*format)
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	var shards []*result.Suite
	for _, p := range paths {
		s, err := result.Read(p)
		if err != nil {
			return exitUsage, usageError{err: err}
		}
		shards = append(shards, s)
	}
	merged, err := merge(shards, paths)
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	w := stdout
	if *out != "" {
		f, err := openOut(*out, false)
		if err != nil {
			return exitUsage, usageError{err: err}
		}
		defer f.Close()
		w = f
	}
	if err := render(w, merged, report.Options{}); err != nil {
		return exitHarness, fmt.Errorf("writing the result: %w", err)
	}
	return exitCode(merged, 0), nil
}

// merge deals the shards' cases back in their original order: case j came
// from shard (j mod N) + 1, as its j/N-th case.
func merge(shards []*result.Suite, paths []string) (*result.Suite, error) {
	first := shards[0]
	if first.Shard == nil {
		return nil, fmt.Errorf("%s is not the result of a shard (run --shard I/N)", paths[0])
	}
	n := first.Shard.Count
	if len(shards) != n {
		return nil, fmt.Errorf("the run was split in %d shards; give all %d, got %d", n, n, len(shards))
	}
	byIndex := make([]*result.Suite, n)
	for i, s := range shards {
		switch {
		case s.Shard == nil || s.Shard.Count != n:
			return nil, fmt.Errorf("%s is not one of %d shards", paths[i], n)
		case byIndex[s.Shard.Index-1] != nil:
			return nil, fmt.Errorf("%s: shard %d/%d is given twice", paths[i], s.Shard.Index, n)
		case s.SchemaVersion != first.SchemaVersion || s.Agent != first.Agent || s.Model != first.Model ||
			s.Seed != first.Seed || s.TrialsPerCase != first.TrialsPerCase || s.Claims != first.Claims || s.JudgeModel != first.JudgeModel:
			return nil, fmt.Errorf("%s is from another run (agent, model, seed, trials, claims, judge or schema differ)", paths[i])
		}
		byIndex[s.Shard.Index-1] = s
	}
	// Each shard's trials, grouped by case, in order.
	type group []result.Trial
	cases := make([][]group, n)
	for i, s := range byIndex {
		var last string
		for _, t := range s.Trials {
			key := t.Scenario + "\x00" + t.Variant
			if len(cases[i]) == 0 || key != last {
				cases[i] = append(cases[i], nil)
				last = key
			}
			cases[i][len(cases[i])-1] = append(cases[i][len(cases[i])-1], t)
		}
	}
	merged := &result.Suite{SchemaVersion: first.SchemaVersion, Tool: first.Tool, Agent: first.Agent, Model: first.Model,
		Seed: first.Seed, TrialsPerCase: first.TrialsPerCase, Claims: first.Claims, JudgeModel: first.JudgeModel, Trials: []result.Trial{}}
	for j := 0; ; j++ {
		s := j % n
		if j/n >= len(cases[s]) {
			break
		}
		merged.Trials = append(merged.Trials, cases[s][j/n]...)
	}
	total := 0
	for i := range cases {
		total += len(cases[i])
		merged.Interrupted = merged.Interrupted || byIndex[i].Interrupted
	}
	if got := countCases(merged.Trials); got != total {
		return nil, fmt.Errorf("the shards' cases do not interleave: %d of %d placed (were they run with the same scenarios?)", got, total)
	}
	runner.Finish(merged)
	// The costs were priced per shard; sum the estimates when all have one.
	if merged.Usage != nil {
		merged.Usage.CostUSD = sumCost(byIndex, func(s *result.Suite) *result.Usage { return s.Usage })
	}
	if merged.JudgeUsage != nil {
		merged.JudgeUsage.CostUSD = sumCost(byIndex, func(s *result.Suite) *result.Usage { return s.JudgeUsage })
	}
	return merged, nil
}

// sumCost adds up the shards' cost estimates of one usage; nil when a
// shard has none.
func sumCost(shards []*result.Suite, usage func(*result.Suite) *result.Usage) *float64 {
	var cost float64
	for _, s := range shards {
		u := usage(s)
		if u == nil || u.CostUSD == nil {
			return nil
		}
		cost += *u.CostUSD
	}
	return &cost
}

func countCases(trials []result.Trial) int {
	n, last := 0, ""
	for _, t := range trials {
		if key := t.Scenario + "\x00" + t.Variant; key != last {
			n++
			last = key
		}
	}
	return n
}
