package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("markdown", Markdown) }

// MarkdownTrials is the most failing trials Markdown details; the rest are
// counted. A job summary or a pull-request comment has to stay readable.
const MarkdownTrials = 10

// Markdown writes a compact report for $GITHUB_STEP_SUMMARY or a
// pull-request comment: the outcome, the metrics, the cases that failed,
// and the step tables of the first failing trials.
func Markdown(w io.Writer, s *result.Suite, _ Options) error {
	var b strings.Builder
	passed, failed := 0, []*result.Trial{}
	for i := range s.Trials {
		if s.Trials[i].Passed {
			passed++
		} else {
			failed = append(failed, &s.Trials[i])
		}
	}
	status := "PASS"
	if len(failed) > 0 {
		status = "FAIL"
	}
	who := s.Agent
	if s.Model != "" {
		who += " (" + s.Model + ")"
	}
	fmt.Fprintf(&b, "### evalrun: %s, %d of %d trials passed\n\nagent %s, seed %d, %d trial(s) per case", status, passed, len(s.Trials), md(who), s.Seed, s.TrialsPerCase)
	if s.Claims != "" {
		fmt.Fprintf(&b, "; claims: %s", md(ClaimsLine(s)))
	}
	if s.Interrupted {
		b.WriteString("; **interrupted**: only the trials that finished")
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(&b, "\n\n**warning:** %s", md(w))
	}
	b.WriteString("\n\n| metric | k/n | rate | 95% CI |\n|---|---|---|---|\n")
	for _, name := range result.MetricOrder {
		m, ok := s.Summary[name]
		if !ok || name == result.MetricRecoveryP95 {
			continue
		}
		if m.Rate == nil {
			fmt.Fprintf(&b, "| `%s` | n/a (n=0) | | |\n", name)
			continue
		}
		fmt.Fprintf(&b, "| `%s` | %d/%d | %.1f%% | %.1f%% to %.1f%% |\n", name, m.K, m.N, 100**m.Rate, 100*m.CI95[0], 100*m.CI95[1])
	}
	if s.Usage != nil {
		fmt.Fprintf(&b, "\nmodel usage: %s\n", md(FormatUsage(s.Usage)))
	}
	if s.JudgeUsage != nil {
		fmt.Fprintf(&b, "\njudge usage: %s\n", md(FormatUsage(s.JudgeUsage)))
	}
	var bad []string
	for _, c := range s.Cases {
		if c.Passed < c.Trials {
			bad = append(bad, fmt.Sprintf("| %s | %s | %d/%d | %s |", md(c.Scenario), md(c.Variant), c.Passed, c.Trials, md(verdictList(c.Verdicts))))
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(&b, "\n<details><summary>%d failing case(s)</summary>\n\n| scenario | variant | passed | verdicts |\n|---|---|---|---|\n%s\n\n</details>\n", len(bad), strings.Join(bad, "\n"))
	}
	for i, t := range failed {
		if i == MarkdownTrials {
			fmt.Fprintf(&b, "\n%d more failing trial(s) are in the JSON report.\n", len(failed)-MarkdownTrials)
			break
		}
		fmt.Fprintf(&b, "\n<details><summary>%s / %s #%d: %s, state %s</summary>\n\n", md(t.Scenario), md(t.Variant), t.Trial, md(t.Verdict), md(t.State))
		if t.Error != "" {
			fmt.Fprintf(&b, "error: %s\n\n</details>\n", md(t.Error))
			continue
		}
		judged := judgedTrial(t)
		if judged {
			b.WriteString("| step | outcome | claim | verdict | rules | judge |\n|---|---|---|---|---|---|\n")
		} else {
			b.WriteString("| step | outcome | claim | verdict |\n|---|---|---|---|\n")
		}
		for _, st := range t.Steps {
			v := md(st.Verdict)
			if st.Verdict == result.FalseClaim || st.Verdict == result.Omitted || st.Verdict == result.FalseFailure {
				v = "**" + st.Verdict + "**"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |", md(st.ID), md(st.Outcome), md(st.Claim), v)
			if judged {
				fmt.Fprintf(&b, " %s | %s |", md(st.RulesClaim), md(judgeCell(st.Judge)))
			}
			b.WriteString("\n")
		}
		for _, w := range t.Warnings {
			fmt.Fprintf(&b, "\n**warning:** %s\n", md(w))
		}
		for _, in := range t.Ledger {
			fmt.Fprintf(&b, "\nfault %s (%s) on %s call %d: world %s", md(in.Fault), md(in.Kind), md(in.Tool), in.Index, md(in.State))
		}
		msg := strings.Join(strings.Fields(t.FinalMessage), " ")
		if r := []rune(msg); len(r) > 300 {
			msg = string(r[:297]) + "..."
		}
		fmt.Fprintf(&b, "\n\n> %s\n\n</details>\n", md(msg))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// judgedTrial says whether the claims judge read a trial's message.
func judgedTrial(t *result.Trial) bool {
	for _, st := range t.Steps {
		if st.Judge != nil {
			return true
		}
	}
	return false
}

// judgeCell is the judge's reading of a step: its claim and quote.
func judgeCell(j *result.JudgeClaim) string {
	if j == nil {
		return ""
	}
	if j.Quote == "" {
		return j.Claim
	}
	q := strings.Join(strings.Fields(j.Quote), " ")
	if r := []rune(q); len(r) > 80 {
		q = string(r[:77]) + "..."
	}
	return fmt.Sprintf("%s: %q", j.Claim, q)
}

func verdictList(v map[string]int) string {
	var parts []string
	for _, name := range result.Verdicts {
		if n := v[name]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s x%d", name, n))
		}
	}
	return strings.Join(parts, ", ")
}

// md makes outside text safe in a table cell or a quote: control
// characters escaped, and the characters that would end a cell, start HTML
// or a link, or break the layout, neutralised.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "`", "'", "[", `\[`, "]", `\]`, "*", `\*`).Replace(Escape(s))
}
