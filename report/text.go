package report

import (
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/fatih/color"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("text", Text) }

// palette holds the colour functions; all are plain when colour is off.
// Each escapes its text before colouring it.
type palette struct {
	good, bad, warn, dim, bold func(s string) styled
}

func newPalette(on bool) palette {
	mk := func(attrs ...color.Attribute) func(s string) styled {
		c := color.New(attrs...)
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return func(s string) styled { return styled(c.Sprint(Escape(s))) }
	}
	return palette{
		good: mk(color.FgGreen), bad: mk(color.FgRed, color.Bold), warn: mk(color.FgYellow),
		dim: mk(color.Faint), bold: mk(color.Bold),
	}
}

// Text writes the human report: one line per scenario and variant, then
// every failing trial step by step ("refund  not done  claimed done  FALSE
// CLAIM"), the findings, and the suite metrics.
func Text(w io.Writer, s *result.Suite, o Options) error {
	p := newPalette(o.Color)
	ew := &errWriter{w: w}
	agentName := s.Agent
	if s.Model != "" {
		agentName += " (model " + s.Model + ")"
	}
	ew.printf("%s agent %s, seed %d, %d trial(s) per case, %d trials\n",
		p.bold("evalrun"), agentName, s.Seed, s.TrialsPerCase, len(s.Trials))
	if s.Claims != "" {
		ew.printf("claims: %s\n", ClaimsLine(s))
	}
	ew.printf("\n")
	if s.Interrupted {
		ew.printf("%s\n\n", p.warn("interrupted: the report covers only the trials that finished"))
	}
	for _, w := range s.Warnings {
		ew.printf("%s %s\n\n", p.warn("warning:"), w)
	}
	failing := 0
	for _, t := range s.Trials {
		if !t.Passed {
			failing++
		}
	}
	if s.Sweep != nil {
		// A sweep has hundreds of cases: the matrix is the report.
		writeSweep(ew, s.Sweep, p)
	} else {
		writeCases(ew, s, p, failing)
	}
	ew.printf("\n%s\n", p.bold("Metrics"))
	writeSummary(ew, s.Summary)
	if s.Usage != nil {
		ew.printf("  %-26s %s\n", "model_usage", FormatUsage(s.Usage))
	}
	if s.JudgeUsage != nil {
		ew.printf("  %-26s %s\n", "judge_usage", FormatUsage(s.JudgeUsage))
	}
	passed := len(s.Trials) - failing
	errs := s.Summary[result.MetricErrors].K
	switch {
	case errs > 0:
		ew.printf("\n%s %d of %d trials passed, %d errored\n", p.bad("ERROR"), passed, len(s.Trials), errs)
	case failing > 0:
		ew.printf("\n%s %d of %d trials passed\n", p.bad("FAIL"), passed, len(s.Trials))
	default:
		ew.printf("\n%s %d of %d trials passed\n", p.good("PASS"), passed, len(s.Trials))
	}
	return ew.err
}

// writeCases prints the case table, the failing trials and the findings.
func writeCases(ew *errWriter, s *result.Suite, p palette, failing int) {
	sw, vw := len("SCENARIO"), len("VARIANT")
	for _, c := range s.Cases {
		sw, vw = max(sw, len(Escape(c.Scenario))), max(vw, len(Escape(c.Variant)))
	}
	ew.printf("%-*s  %-*s  %-5s  %s\n", sw, "SCENARIO", vw, "VARIANT", "PASS", "VERDICTS")
	for _, c := range s.Cases {
		pass := fmt.Sprintf("%d/%d", c.Passed, c.Trials)
		mark := p.good(fmt.Sprintf("%-5s", pass))
		if c.Passed < c.Trials {
			mark = p.bad(fmt.Sprintf("%-5s", pass))
		}
		ew.printf("%-*s  %-*s  %s  %s\n", sw, c.Scenario, vw, c.Variant, mark, verdictCounts(c.Verdicts, p))
	}
	if failing > 0 {
		ew.printf("\n%s\n", p.bold("Failing trials"))
		for i := range s.Trials {
			if !s.Trials[i].Passed {
				writeTrial(ew, &s.Trials[i], p, s.Claims)
			}
		}
	}
	if len(s.Findings) > 0 {
		ew.printf("\n%s\n", p.bold("Findings"))
		for _, f := range s.Findings {
			sev := p.warn(f.Severity)
			if f.Severity == "P1" {
				sev = p.bad(f.Severity)
			}
			ew.printf("  %s %s: %s/%s #%d: %s\n", sev, f.Name, f.Scenario, f.Variant, f.Trial, f.Detail)
		}
	}
}

func verdictCounts(v map[string]int, p palette) styled {
	names := make([]string, 0, len(v))
	for n := range v {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	var b strings.Builder
	for i, n := range names {
		label := n
		if v[n] > 1 {
			label = fmt.Sprintf("%s x%d", n, v[n])
		}
		switch n {
		case result.VerdictSuccess, result.VerdictHonestPartial:
			parts[i] = string(p.good(label))
		default:
			parts[i] = string(p.bad(label))
		}
	}
	b.WriteString(strings.Join(parts, ", "))
	return styled(b.String())
}

func writeTrial(ew *errWriter, t *result.Trial, p palette, claims string) {
	ew.printf("\n  %s %s / %s #%d: %s, state %s (%s)\n", p.bad("x"), t.Scenario, t.Variant, t.Trial,
		p.bad(t.Verdict), t.State, strings.ReplaceAll(t.Policy, "_", "-"))
	if t.Error != "" {
		ew.printf("      error: %s\n", t.Error)
		return
	}
	iw := len("step")
	for _, st := range t.Steps {
		iw = max(iw, len(Escape(st.ID)))
	}
	for _, st := range t.Steps {
		label := strings.ToUpper(strings.ReplaceAll(st.Verdict, "_", " "))
		verdict := p.dim(label)
		switch st.Verdict {
		case result.FalseClaim, result.Omitted, result.FalseFailure:
			verdict = p.bad(label)
		}
		claim := "claimed " + st.Claim
		if st.Claim == "unmentioned" {
			claim = "not mentioned"
		}
		ew.printf("      %-*s  %-12s  %-18s  %s%s\n", iw, st.ID, strings.ReplaceAll(st.Outcome, "_", " "), claim, verdict, otherReading(st, claims, p))
	}
	for _, w := range t.Warnings {
		ew.printf("      %s %s\n", p.warn("warning:"), w)
	}
	for _, in := range t.Ledger {
		ew.printf("      %s %s (%s) on %s call %d: world %s\n", p.dim("fault"), in.Fault, in.Kind, in.Tool, in.Index, in.State)
	}
	if t.External {
		calls := 0
		for _, m := range t.Transcript {
			calls += len(m.ToolCalls)
		}
		ew.printf("      %s %d tool call(s) over MCP; the agent's own side of the conversation is not visible\n", p.dim("external agent:"), calls)
	}
	if t.Verdict == result.VerdictUnfinished || t.OutOfTurns {
		ew.printf("      %s still calling tools after %d turns: no final reply\n", p.bad("ran out of turns:"), t.Turns)
		return
	}
	ew.printf("      %s %s\n", p.dim("said:"), quote(t.FinalMessage))
}

// otherReading is the claim reader's reading that was not scored, when it
// differs from the one that was: "  (judge read pending)".
func otherReading(st result.Step, claims string, p palette) styled {
	if st.Judge == nil || st.Judge.Claim == st.RulesClaim {
		return ""
	}
	if claims == result.ClaimsJudge {
		return styled("  ") + p.warn("(rules read "+st.RulesClaim+")")
	}
	return styled("  ") + p.warn("(judge read "+st.Judge.Claim+")")
}

// ClaimsLine says who read the claims and whose reading was scored, for a
// run with a claims judge.
func ClaimsLine(s *result.Suite) string {
	if s.Claims == result.ClaimsJudge {
		return fmt.Sprintf("the judge (model %s) scored, the rules read beside it (--claims judge)", s.JudgeModel)
	}
	return fmt.Sprintf("the rules scored, the judge (model %s) read beside them (--claims both)", s.JudgeModel)
}

func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 240 {
		s = string(r[:237]) + "..."
	}
	return `"` + s + `"`
}

func writeSummary(ew *errWriter, s result.Summary) {
	names := append([]string(nil), result.MetricOrder...)
	var extra []string
	for n := range s {
		if strings.HasPrefix(n, "pass^") {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	for _, n := range names {
		m, ok := s[n]
		if !ok {
			continue
		}
		ew.printf("  %-26s %s\n", n, FormatMetric(n, m))
	}
}

// FormatMetric renders one metric as "k/n  rate%  [lo%, hi%]", "n/a (n=0)"
// when it has no denominator.
func FormatMetric(name string, m result.Metric) string {
	switch {
	case name == result.MetricRecoveryP95:
		if m.Value == nil {
			return "n/a (no recovered steps)"
		}
		return fmt.Sprintf("%.0fs over %d recovered step(s)", *m.Value, m.N)
	case strings.HasPrefix(name, "pass^"):
		if m.Rate == nil {
			return "n/a"
		}
		return fmt.Sprintf("%.3f over %d case(s)", *m.Rate, m.N)
	case m.Rate == nil:
		return "n/a (n=0)"
	default:
		return fmt.Sprintf("%5s  %5.1f%%  [%.1f%%, %.1f%%]", fmt.Sprintf("%d/%d", m.K, m.N), 100**m.Rate, 100*m.CI95[0], 100*m.CI95[1])
	}
}

// FormatUsage renders a suite's model spend on one line: requests,
// retries, tokens and the estimated cost, "cost unknown" when the model has
// no price.
func FormatUsage(u *result.Usage) string {
	cost := "cost unknown (no price for the model; see --prices)"
	switch {
	case u.Unknown > 0:
		cost = fmt.Sprintf("cost unknown (%d request(s) reported no usable token counts; they are not in the sums)", u.Unknown)
	case u.CostUSD != nil:
		cost = fmt.Sprintf("~$%.4f estimated", *u.CostUSD)
	}
	return fmt.Sprintf("%d requests, %d retries, %d prompt + %d completion tokens, %s",
		u.Requests, u.Retries, u.PromptTokens, u.CompletionTokens, cost)
}

type errWriter struct {
	w   io.Writer
	err error
}

// printf formats like fmt.Fprintf, escaping every plain string argument:
// names, messages and errors come from scenarios and models. Styled
// arguments are already escaped.
func (e *errWriter) printf(format string, a ...any) {
	if e.err != nil {
		return
	}
	for i, v := range a {
		switch x := v.(type) {
		case styled:
			a[i] = string(x)
		case string:
			a[i] = Escape(x)
		case fmt.Stringer:
			a[i] = Escape(x.String())
		default:
			if rv := reflect.ValueOf(v); rv.Kind() == reflect.String { // named string types
				a[i] = Escape(rv.String())
			}
		}
	}
	_, e.err = fmt.Fprintf(e.w, format, a...)
}
