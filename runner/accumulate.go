package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/scoring"
)

// accumulator builds a suite's summary, cases, findings, sweep matrix and
// usage one trial at a time, in case order, so that a streamed run never
// holds its trials and an in-memory one is summed the same way.
type accumulator struct {
	tally    scoring.Tally
	cases    []*caseAcc
	byCase   map[[2]string]*caseAcc
	rows     []*rowAcc
	byRow    map[[2]string]*rowAcc
	kinds    []string
	findings []result.Finding
	// streamed leaves findings with their trials: a streamed report
	// gathers them itself, so that the run holds none.
	streamed bool
	usage    *result.Usage
	// judgeUsage sums the claims judge's calls; unread counts the trials
	// it gave no reading for, first names the first of them.
	judgeUsage *result.Usage
	unread     int
	first      string
}

// caseAcc is one scenario and variant.
type caseAcc struct {
	c     result.Case
	tally scoring.Tally
}

// rowAcc is one swept step, by kind.
type rowAcc struct {
	row   result.SweepRow
	cells map[string]*cellAcc
}

// cellAcc is one step under one kind.
type cellAcc struct {
	cell  result.SweepCell
	tally scoring.Tally
}

// counts adds a trial to the counts a case or a sweep cell reports.
func counts(t *result.Trial) (passed, errs, unfired, half int) {
	if t.Passed {
		passed = 1
	}
	if t.Verdict == scoring.VerdictError {
		errs = 1
	}
	if len(t.Unfired) > 0 {
		unfired = 1
	}
	if t.State == scoring.StateHalf {
		half = 1
	}
	return
}

func (a *accumulator) add(t *result.Trial) {
	if a.byCase == nil {
		a.byCase, a.byRow = map[[2]string]*caseAcc{}, map[[2]string]*rowAcc{}
		a.findings = []result.Finding{}
	}
	a.tally.Add(t)
	passed, errs, unfired, half := counts(t)
	key := [2]string{t.Scenario, t.Variant}
	c, ok := a.byCase[key]
	if !ok {
		c = &caseAcc{c: result.Case{Scenario: t.Scenario, Variant: t.Variant, Policy: t.Policy, Verdicts: map[string]int{}}}
		a.byCase[key] = c
		a.cases = append(a.cases, c)
	}
	c.tally.Add(t)
	c.c.Trials++
	c.c.Passed += passed
	c.c.Errors += errs
	c.c.Unfired += unfired
	c.c.Verdicts[t.Verdict]++
	if !a.streamed {
		a.findings = append(a.findings, t.Findings...)
	}
	if t.Usage != nil {
		if a.usage == nil {
			a.usage = &result.Usage{}
		}
		a.usage.ModelUsage = a.usage.ModelUsage.Add(*t.Usage)
	}
	if t.JudgeUsage != nil {
		if a.judgeUsage == nil {
			a.judgeUsage = &result.Usage{}
		}
		a.judgeUsage.ModelUsage = a.judgeUsage.ModelUsage.Add(*t.JudgeUsage)
	}
	for _, w := range t.Warnings {
		if strings.HasPrefix(w, scoring.JudgeWarning) {
			if a.unread == 0 {
				a.first = fmt.Sprintf("%s/%s #%d: %s", t.Scenario, t.Variant, t.Trial, strings.TrimPrefix(w, scoring.JudgeWarning))
			}
			a.unread++
			break
		}
	}
	if t.Cell == nil {
		return
	}
	rk := [2]string{t.Scenario, t.Cell.Step}
	r, ok := a.byRow[rk]
	if !ok {
		r = &rowAcc{row: result.SweepRow{Scenario: t.Scenario, Step: t.Cell.Step, Cells: map[string]result.SweepCell{}}, cells: map[string]*cellAcc{}}
		a.byRow[rk] = r
		a.rows = append(a.rows, r)
	}
	if !slices.Contains(a.kinds, t.Cell.Kind) {
		a.kinds = append(a.kinds, t.Cell.Kind)
	}
	cell, ok := r.cells[t.Cell.Kind]
	if !ok {
		cell = &cellAcc{}
		r.cells[t.Cell.Kind] = cell
	}
	cell.tally.Add(t)
	cell.cell.Trials++
	cell.cell.Passed += passed
	cell.cell.Errors += errs
	cell.cell.Unfired += unfired
	cell.cell.Half += half
}

// finish writes what was accumulated into the suite.
func (a *accumulator) finish(s *result.Suite) {
	s.Summary = a.tally.Summary()
	s.Cases = []result.Case{}
	for _, c := range a.cases {
		c.c.Summary = c.tally.Summary()
		s.Cases = append(s.Cases, c.c)
	}
	s.Findings = a.findings
	if s.Findings == nil {
		s.Findings = []result.Finding{}
	}
	s.Usage = a.usage
	s.JudgeUsage = a.judgeUsage
	if a.unread > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("the claims judge gave no reading for %d trial(s); the first, %s", a.unread, a.first))
	}
	s.Sweep = nil
	if len(a.rows) == 0 {
		return
	}
	sw := &result.Sweep{Kinds: a.kinds}
	for _, r := range a.rows {
		for kind, c := range r.cells {
			c.cell.FalseSuccess = c.tally.Summary()[scoring.MetricFalseSuccess]
			r.row.Cells[kind] = c.cell
		}
		sw.Rows = append(sw.Rows, r.row)
	}
	s.Sweep = sw
}
