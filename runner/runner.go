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
	"strconv"
	"strings"
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
	// Sink, when set, receives every finished trial in case order, and the
	// suite keeps none: a run of any size streams to disk in constant
	// memory. The summary, cases and sweep are still computed; the
	// findings stay with their trials, for the sink to gather.
	Sink func(t *result.Trial) error

	// Shard, when set, runs only that slice of the cases.
	Shard *result.Shard

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

	// Judge, when set, reads every final message the scorer reads (not
	// those of error trials, nor of trials with no final reply) for a
	// second opinion on its claims. Its reading is recorded beside the
	// rules' on every step, and scored instead when ScoreJudge is set.
	Judge Judge
	// ScoreJudge scores the judge's reading; a trial the judge cannot read
	// is then an error, since nothing is left to score it by.
	ScoreJudge bool
	// JudgeModel names the judge's model, and JudgeCost prices its usage,
	// for the report.
	JudgeModel string
	JudgeCost  func(agent.Usage) *float64
}

// Judge reads a final message for a second opinion on its claims: per
// step, the claim and the words it rests on. seed is the trial's judge
// stream. The usage is what its calls spent, failed ones included.
type Judge interface {
	Read(ctx context.Context, s *scenarios.Scenario, message string, seed uint64) (map[string]result.JudgeClaim, agent.Usage, error)
}

// judgeStream names the trial's random stream the judge's seed comes from.
const judgeStream = "claims-judge"

// ClaimsMode is the suite's claims field for cfg: which reading is
// scored, "" when the rules read alone.
func ClaimsMode(c Config) string {
	switch {
	case c.Judge == nil:
		return ""
	case c.ScoreJudge:
		return result.ClaimsJudge
	}
	return result.ClaimsBoth
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
	caseIndex := 0
	for _, s := range list {
		steps := scoring.ClaimSteps(s)
		for _, v := range s.Variants {
			caseIndex++
			if sh := cfg.Shard; sh != nil && sh.Count > 1 && (caseIndex-1)%sh.Count != sh.Index-1 {
				continue
			}
			for t := 1; t <= cfg.Trials; t++ {
				all = append(all, job{index: len(all), scenario: s, variant: v, trial: t, steps: steps})
			}
		}
	}
	queue := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	var dropped, droppedJudge *agent.Usage // spent by trials cut short
	suite := &result.Suite{
		SchemaVersion: result.SchemaVersion, Tool: "evalrun", Agent: cfg.Agent, Seed: cfg.Seed,
		TrialsPerCase: cfg.Trials, Trials: []result.Trial{}, Model: cfg.Model, Shard: cfg.Shard,
		Claims: ClaimsMode(cfg), JudgeModel: cfg.JudgeModel,
	}
	// Trials finish in any order; they are handed on in the order of the
	// cases, holding only those that finished early, so that the same seed
	// gives the same document whatever --jobs is.
	acc := accumulator{streamed: cfg.Sink != nil}
	pending := map[int]*result.Trial{}
	next, missing := 0, 0
	var sinkErr error
	emit := func() {
		for {
			t, ok := pending[next]
			if !ok {
				return
			}
			delete(pending, next)
			next++
			if t == nil {
				missing++
				continue
			}
			acc.add(t)
			if cfg.Sink != nil {
				if sinkErr == nil {
					sinkErr = cfg.Sink(t)
				}
				continue
			}
			suite.Trials = append(suite.Trials, *t)
		}
	}
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				t, ok := runTrial(ctx, info, j, cfg)
				mu.Lock()
				if ok {
					pending[j.index] = &t
				} else {
					pending[j.index] = nil
					if t.Usage != nil {
						sum := t.Usage.Add(orZero(dropped))
						dropped = &sum
					}
					if t.JudgeUsage != nil {
						sum := t.JudgeUsage.Add(orZero(droppedJudge))
						droppedJudge = &sum
					}
				}
				emit()
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
	if sinkErr != nil {
		return nil, fmt.Errorf("writing a trial: %w", sinkErr)
	}
	suite.Interrupted = interrupted || missing > 0 || next < len(all) || ctx.Err() != nil
	acc.finish(suite)
	if dropped != nil {
		if suite.Usage == nil {
			suite.Usage = &result.Usage{}
		}
		suite.Usage.ModelUsage = suite.Usage.ModelUsage.Add(*dropped)
	}
	if droppedJudge != nil {
		if suite.JudgeUsage == nil {
			suite.JudgeUsage = &result.Usage{}
		}
		suite.JudgeUsage.ModelUsage = suite.JudgeUsage.ModelUsage.Add(*droppedJudge)
	}
	if suite.Usage != nil && cfg.Cost != nil && suite.Usage.Unknown == 0 {
		suite.Usage.CostUSD = cfg.Cost(suite.Usage.ModelUsage)
	}
	if suite.JudgeUsage != nil && cfg.JudgeCost != nil && suite.JudgeUsage.Unknown == 0 {
		suite.JudgeUsage.CostUSD = cfg.JudgeCost(suite.JudgeUsage.ModelUsage)
	}
	if suite.Usage != nil && suite.Usage.Unknown > 0 {
		suite.Warnings = append(suite.Warnings, fmt.Sprintf("%d model request(s) reported no usable token counts: they are not in the token sums, and the cost is unknown", suite.Usage.Unknown))
	}
	if suite.JudgeUsage != nil && suite.JudgeUsage.Unknown > 0 {
		suite.Warnings = append(suite.Warnings, fmt.Sprintf("%d claims judge request(s) reported no usable token counts: they are not in the judge's token sums, and its cost is unknown", suite.JudgeUsage.Unknown))
	}
	if missing > 0 {
		suite.Warnings = append(suite.Warnings, fmt.Sprintf("%d trial(s) were stopped midway and dropped: they measured nothing; their model calls count in the usage", missing))
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
	var acc accumulator
	for i := range suite.Trials {
		acc.add(&suite.Trials[i])
	}
	acc.finish(suite)
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
	w := world.Shared(s.Before)
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
			tr, err = agent.Play(ctx, m, agent.Trial{Tools: layer, Defs: s.Toolbox.Definitions(), System: system,
				Task: s.Task, UserReplies: s.UserReplies}, cfg.MaxTurns)
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
	ev := scoring.Evidence{
		Scenario: s, Final: w.View(), Audit: w.Audit(), Calls: layer.Calls(),
		Claims: claims.Extract(tr.Final, j.steps), Message: tr.Final, Broke: err, Unfired: layer.Unfired(),
		Unfinished: tr.OutOfTurns, MaxTurns: tr.Turns, ScoreJudge: cfg.ScoreJudge,
	}
	if cfg.Judge != nil && err == nil && !tr.OutOfTurns && strings.TrimSpace(tr.Final) != "" {
		reading, ju, jerr := cfg.Judge.Read(ctx, s, tr.Final, faults.StreamSeed(seed, judgeStream))
		t.JudgeUsage = &ju
		if jerr == nil {
			jerr = complete(reading, s)
		}
		if jerr != nil && ctx.Err() != nil {
			t.Usage = usage
			return t, false
		}
		if jerr != nil {
			ev.JudgeError = jerr.Error()
			if cfg.ScoreJudge {
				ev.Broke = fmt.Errorf("claims judge: %w", jerr)
			}
		} else {
			ev.Judge = reading
		}
	}
	scoring.Score(&t, ev)
	t.FinalMessage = tr.Final
	t.Ledger = orEmpty(layer.Ledger())
	t.Calls = faults.CallResults(layer.Calls())
	t.Transcript = orEmpty(tr.Messages)
	t.Turns, t.OutOfTurns, t.External = tr.Turns, tr.OutOfTurns, tr.External
	t.Usage = usage
	return t, true
}

// complete checks that a judge's reading has every step of s: a step it
// left out would be scored by the rules without a word.
func complete(r map[string]result.JudgeClaim, s *scenarios.Scenario) error {
	for _, st := range s.Steps {
		if _, ok := r[st.ID]; !ok {
			return fmt.Errorf("the reading has no claim for step %q", st.ID)
		}
	}
	return nil
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
