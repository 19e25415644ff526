// Package runner runs suites: every scenario variant, times the trials, on a
// bounded pool of workers, each trial in its own world. Results come back in
// a fixed order whatever the concurrency, so the same seed gives the same
// document.
package runner

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"sync"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
	"github.com/evalrun/evalrun/world"
)

// Config is how to run a suite.
type Config struct {
	Agent  string
	Trials int
	Seed   uint64
	Jobs   int
	Script string
	// System is the system prompt for every scenario; empty means each
	// scenario's own system_prompt, or agent.SystemPrompt.
	System   string
	MaxTurns int
	// Progress, when set, is called after each finished trial.
	Progress func(done, total int)
	// Drain, when closed, stops scheduling: the trials already running
	// finish (bounded by their own timeouts and turns) and are kept.
	// Cancelling Run's context instead aborts the running trials too.
	Drain <-chan struct{}

	// Factory, when set, builds the models instead of the registered agent
	// called Agent: a backend with per-run state (an HTTP client, a rate
	// limiter, recordings) hands its own. Agent stays the reported name.
	Factory agent.Factory
	// Model is the model name a backend talks to, for the report.
	Model string
	// Cost, when set, prices the suite's total usage (nil: unknown).
	Cost func(agent.Usage) *float64
}

// job is one trial to run.
type job struct {
	index    int
	scenario *scenarios.Scenario
	variant  *scenarios.Variant
	trial    int
	// steps names the scenario's steps for the claim extractor, built once
	// per scenario rather than once per trial.
	steps []claims.Step
}

// Run runs every variant of every scenario cfg.Trials times. When
// cfg.Drain is closed it stops scheduling and lets running trials finish;
// when ctx is cancelled it stops at once and drops the trials cut short.
// Either way it returns what finished with Interrupted set: nothing already
// measured is lost, and the usage of dropped trials still counts.
func Run(ctx context.Context, list []*scenarios.Scenario, cfg Config) (*result.Suite, error) {
	info := agent.Info{Name: cfg.Agent, New: cfg.Factory}
	if cfg.Factory == nil {
		var err error
		if info, err = agent.Lookup(cfg.Agent); err != nil {
			return nil, err
		}
	}
	if cfg.Trials < 1 {
		return nil, errors.New("trials must be at least 1")
	}
	jobs := cfg.Jobs
	if jobs < 1 {
		jobs = 1
	}
	var all []job
	for _, s := range list {
		steps := scoring.ClaimSteps(s)
		for _, v := range s.Variants {
			for t := 1; t <= cfg.Trials; t++ {
				all = append(all, job{index: len(all), scenario: s, variant: v, trial: t, steps: steps})
			}
		}
	}
	trials := make([]*result.Trial, len(all))
	queue := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	var dropped *agent.Usage // spent by trials cut short
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				t, ok := runTrial(ctx, info, j, cfg)
				mu.Lock()
				if ok {
					trials[j.index] = &t
				} else if t.Usage != nil {
					sum := t.Usage.Add(orZero(dropped))
					dropped = &sum
				}
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, len(all))
				}
				mu.Unlock()
			}
		}()
	}
	interrupted := false
schedule:
	for _, j := range all {
		select {
		case <-ctx.Done():
			interrupted = true
			break schedule
		case <-cfg.Drain:
			interrupted = true
			break schedule
		case queue <- j:
		}
	}
	close(queue)
	wg.Wait()
	suite := &result.Suite{
		SchemaVersion: result.SchemaVersion, Tool: "evalrun", Agent: cfg.Agent, Seed: cfg.Seed,
		TrialsPerCase: cfg.Trials, Trials: []result.Trial{},
	}
	for _, t := range trials {
		if t == nil {
			interrupted = true
			continue
		}
		suite.Trials = append(suite.Trials, *t)
	}
	suite.Interrupted = interrupted || ctx.Err() != nil
	suite.Model = cfg.Model
	Finish(suite)
	if dropped != nil {
		if suite.Usage == nil {
			suite.Usage = &result.Usage{}
		}
		suite.Usage.ModelUsage = suite.Usage.ModelUsage.Add(*dropped)
	}
	if suite.Usage != nil && cfg.Cost != nil && suite.Usage.Unknown == 0 {
		suite.Usage.CostUSD = cfg.Cost(suite.Usage.ModelUsage)
	}
	return suite, nil
}

func orZero(u *agent.Usage) agent.Usage {
	if u == nil {
		return agent.Usage{}
	}
	return *u
}

// Finish computes the suite's summary, cases and findings from its trials.
func Finish(suite *result.Suite) {
	suite.Summary = scoring.Summarize(suite.Trials)
	suite.Cases = []result.Case{}
	suite.Findings = []result.Finding{}
	index := map[[2]string]int{}
	var groups [][]result.Trial
	for _, t := range suite.Trials {
		key := [2]string{t.Scenario, t.Variant}
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, nil)
			suite.Cases = append(suite.Cases, result.Case{Scenario: t.Scenario, Variant: t.Variant, Policy: t.Policy, Verdicts: map[string]int{}})
		}
		groups[i] = append(groups[i], t)
		suite.Cases[i].Verdicts[t.Verdict]++
		suite.Findings = append(suite.Findings, t.Findings...)
	}
	for i := range suite.Cases {
		c, n := &suite.Cases[i], tally(groups[i])
		c.Trials, c.Passed, c.Errors, c.Unfired = len(groups[i]), n.passed, n.errors, n.unfired
		c.Summary = scoring.Summarize(groups[i])
	}
	suite.Sweep = sweep(suite.Trials)
	suite.Usage = totalUsage(suite.Trials)
}

// counts are the per-trial tallies cases and sweep cells report.
type counts struct{ passed, errors, unfired, half int }

func tally(ts []result.Trial) counts {
	var n counts
	for _, t := range ts {
		if t.Passed {
			n.passed++
		}
		if t.Verdict == scoring.VerdictError {
			n.errors++
		}
		if len(t.Unfired) > 0 {
			n.unfired++
		}
		if t.State == scoring.StateHalf {
			n.half++
		}
	}
	return n
}

// sweep builds the step x kind matrix from the trials of swept variants,
// rows and kinds in the order they first appear; nil when there are none.
func sweep(trials []result.Trial) *result.Sweep {
	type key struct{ scenario, step, kind string }
	groups := map[key][]result.Trial{}
	rows := map[[2]string]int{}
	var out result.Sweep
	for _, t := range trials {
		if t.Cell == nil {
			continue
		}
		rk := [2]string{t.Scenario, t.Cell.Step}
		if _, ok := rows[rk]; !ok {
			rows[rk] = len(out.Rows)
			out.Rows = append(out.Rows, result.SweepRow{Scenario: t.Scenario, Step: t.Cell.Step, Cells: map[string]result.SweepCell{}})
		}
		if !slices.Contains(out.Kinds, t.Cell.Kind) {
			out.Kinds = append(out.Kinds, t.Cell.Kind)
		}
		k := key{t.Scenario, t.Cell.Step, t.Cell.Kind}
		groups[k] = append(groups[k], t)
	}
	if len(out.Rows) == 0 {
		return nil
	}
	for k, ts := range groups {
		n := tally(ts)
		out.Rows[rows[[2]string{k.scenario, k.step}]].Cells[k.kind] = result.SweepCell{
			FalseSuccess: scoring.Summarize(ts)[scoring.MetricFalseSuccess], Trials: len(ts),
			Passed: n.passed, Errors: n.errors, Unfired: n.unfired, Half: n.half,
		}
	}
	return &out
}

// totalUsage sums the trials' model usage; nil when no trial reports any.
func totalUsage(trials []result.Trial) *result.Usage {
	var total *result.Usage
	for _, t := range trials {
		if t.Usage == nil {
			continue
		}
		if total == nil {
			total = &result.Usage{}
		}
		total.ModelUsage = total.ModelUsage.Add(*t.Usage)
	}
	return total
}

// TrialSeed derives a trial's seed from the run seed and the trial's
// identity, so that adding a scenario or variant never shifts another's.
func TrialSeed(seed uint64, scenario, variant string, trial int) uint64 {
	h := fnv.New64a()
	h.Write(strconv.AppendUint(nil, seed, 10))
	for _, s := range []string{scenario, variant, strconv.Itoa(trial)} {
		h.Write([]byte{0})
		h.Write([]byte(s))
	}
	return h.Sum64()
}

// runTrial runs and scores one trial. ok is false when the run was
// cancelled mid-trial: such a trial measured nothing and is dropped.
func runTrial(ctx context.Context, info agent.Info, j job, cfg Config) (t result.Trial, ok bool) {
	s, v := j.scenario, j.variant
	seed := TrialSeed(cfg.Seed, s.ID, v.Name, j.trial)
	t = result.Trial{Scenario: s.ID, Variant: v.Name, Cell: v.Cell, Agent: cfg.Agent, Trial: j.trial, Seed: seed}
	defer func() {
		// A bug in a model or tool costs one trial, reported as an error,
		// never the suite and what it already measured.
		if r := recover(); r != nil {
			t = result.Trial{Scenario: s.ID, Variant: v.Name, Cell: v.Cell, Agent: cfg.Agent, Trial: j.trial, Seed: seed,
				Policy: s.Policy, Verdict: scoring.VerdictError,
				Error: fmt.Sprintf("internal error: %v", r), Steps: []result.Step{}, Findings: []result.Finding{},
				Ledger: []result.Injection{}, Calls: []result.CallRecord{}, StateDiff: []result.StateChange{}, Transcript: []agent.Message{}}
			ok = true
		}
	}()
	w := world.New(s.Before)
	layer, err := faults.NewLayer(w, s.Toolbox, v.Faults, seed)
	if err != nil {
		layer, _ = faults.NewLayer(w, s.Toolbox, nil, seed)
	}
	layer.SetDurations(s.CallDurations)
	var tr agent.Transcript
	var usage *agent.Usage
	if err == nil {
		var m agent.Model
		m, err = info.New(s, agent.Options{Seed: seed, Script: cfg.Script, Variant: v.Name, Trial: j.trial})
		if err == nil {
			system := cfg.System
			if system == "" {
				system = s.SystemPrompt
			}
			if system == "" {
				system = agent.SystemPrompt
			}
			tr, err = agent.Run(ctx, m, layer, s.Toolbox.Definitions(), system, s.Task, cfg.MaxTurns)
			if mt, ok := m.(agent.Metered); ok {
				u := mt.Usage()
				usage = &u
			}
		}
	}
	if err != nil && ctx.Err() != nil {
		t.Usage = usage
		return t, false
	}
	final := w.View()
	scoring.Score(&t, scoring.Evidence{
		Scenario: s, Final: final, Audit: w.Audit(), Calls: layer.Calls(),
		Claims: claims.Extract(tr.Final, j.steps), Broke: err, Unfired: layer.Unfired(),
		Unfinished: tr.OutOfTurns, MaxTurns: tr.Turns,
	})
	t.FinalMessage = tr.Final
	t.Ledger = faults.Results(layer.Ledger())
	t.Calls = faults.CallResults(layer.Calls())
	t.Transcript = orEmpty(tr.Messages)
	t.Turns, t.OutOfTurns, t.External = tr.Turns, tr.OutOfTurns, tr.External
	t.Usage = usage
	return t, true
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
