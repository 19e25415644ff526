package compare

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/evalrun/evalrun/result"
)

// Formats are the ways a comparison is written.
var Formats = []string{"text", "markdown", "json"}

// Write renders c in format; colour applies to text only.
func Write(w io.Writer, c *Comparison, format string, colour bool) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(c)
	case "markdown":
		return markdown(w, c)
	case "text", "":
		return text(w, c, colour)
	}
	return fmt.Errorf("unknown format %q (known: %s)", format, strings.Join(Formats, ", "))
}

func count(m result.Metric) string {
	if m.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d %.1f%%", m.K, m.N, 100*float64(m.K)/float64(m.N))
}

func pct(x float64) string { return fmt.Sprintf("%+.1f%%", 100*x) }

// delta is the difference as benchstat prints it: with its interval and p
// when significant, "~" when not, and why when nothing could be detected.
func delta(md MetricDiff) string {
	switch md.Change {
	case NoOverlap:
		return "n/a (no case with trials on both sides)"
	case TooLittle:
		return fmt.Sprintf("too little data (%d case(s): no change could reach p < alpha)", md.Cases)
	case Same:
		return fmt.Sprintf("~ (p=%.3f)", *md.P)
	}
	return fmt.Sprintf("%s [%s, %s] (p=%.3f)", pct(*md.Delta), pct(md.CI95[0]), pct(md.CI95[1]), *md.P)
}

func describe(s Side) string {
	who := s.Agent
	if s.Model != "" {
		who += " (" + s.Model + ")"
	}
	return fmt.Sprintf("%s, seed %d, %d trials", who, s.Seed, s.Trials)
}

func text(w io.Writer, c *Comparison, on bool) error {
	mk := func(attrs ...color.Attribute) func(a ...any) string {
		cl := color.New(attrs...)
		if on {
			cl.EnableColor()
		} else {
			cl.DisableColor()
		}
		return cl.SprintFunc()
	}
	good, bad, dim, bold := mk(color.FgGreen), mk(color.FgRed, color.Bold), mk(color.Faint), mk(color.Bold)
	var b strings.Builder
	fmt.Fprintf(&b, "%s base %s; new %s; %d paired case(s), alpha %.2f\n\n", bold("evalrun compare"), describe(c.Base), describe(c.New), c.Paired, c.Alpha)
	fmt.Fprintf(&b, "%-28s %-18s %-18s %s\n", "METRIC", "BASE", "NEW", "DELTA [95% CI]")
	for _, md := range c.Metrics {
		name := md.Name
		if md.Gated {
			name += " *"
		}
		d := delta(md)
		switch md.Change {
		case Worse:
			d = bad(d + " worse")
		case Better:
			d = good(d + " better")
		default:
			d = dim(d)
		}
		fmt.Fprintf(&b, "%-28s %-18s %-18s %s\n", name, count(md.Base), count(md.New), d)
	}
	fmt.Fprintf(&b, "%s\n", dim("* gated; delta: mean of per-case differences (new - base), weighted by trials; p: sign-flip permutation test over cases"))
	changed := false
	for _, md := range c.Metrics {
		for _, cc := range md.ByCase {
			if cc.Change != Worse && cc.Change != Better {
				continue
			}
			if !changed {
				fmt.Fprintf(&b, "\nCases that changed (Fisher's exact test, Holm across each metric's cases)\n")
				changed = true
			}
			mark := good("better")
			if cc.Change == Worse {
				mark = bad("worse")
			}
			fmt.Fprintf(&b, "  %-26s %-40s %s -> %s  p=%.3f  %s\n", md.Name, cc.Case, count(cc.Base), count(cc.New), cc.PHolm, mark)
		}
	}
	if len(c.OnlyBase) > 0 {
		fmt.Fprintf(&b, "\nOnly in base (not compared): %s\n", strings.Join(c.OnlyBase, ", "))
	}
	if len(c.OnlyNew) > 0 {
		fmt.Fprintf(&b, "\nOnly in new (not compared): %s\n", strings.Join(c.OnlyNew, ", "))
	}
	if len(c.Regressions) > 0 {
		fmt.Fprintf(&b, "\n%s %s got significantly worse (p < %.2f after Holm across the gated metrics)\n", bad("FAIL"), strings.Join(c.Regressions, ", "), c.Alpha)
	} else {
		fmt.Fprintf(&b, "\n%s no gated metric got significantly worse\n", good("PASS"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func markdown(w io.Writer, c *Comparison) error {
	var b strings.Builder
	verdict := "no gated metric got significantly worse"
	if len(c.Regressions) > 0 {
		verdict = "**" + strings.Join(c.Regressions, ", ") + " got significantly worse**"
	}
	fmt.Fprintf(&b, "### evalrun compare: %s\n\nbase %s; new %s; %d paired case(s), alpha %.2f\n\n", verdict, describe(c.Base), describe(c.New), c.Paired, c.Alpha)
	b.WriteString("| metric | base | new | delta [95% CI] |\n|---|---|---|---|\n")
	for _, md := range c.Metrics {
		name := "`" + md.Name + "`"
		if md.Gated {
			name += " (gated)"
		}
		d := delta(md)
		if md.Change == Worse || md.Change == Better {
			d = "**" + d + " " + md.Change + "**"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", name, count(md.Base), count(md.New), d)
	}
	var rows []string
	for _, md := range c.Metrics {
		for _, cc := range md.ByCase {
			if cc.Change == Worse || cc.Change == Better {
				rows = append(rows, fmt.Sprintf("| `%s` | %s | %s | %s | %.3f | %s |", md.Name, mdEscape(cc.Case), count(cc.Base), count(cc.New), cc.PHolm, cc.Change))
			}
		}
	}
	if len(rows) > 0 {
		b.WriteString("\n<details><summary>Cases that changed</summary>\n\n| metric | case | base | new | p (Holm) | |\n|---|---|---|---|---|---|\n")
		b.WriteString(strings.Join(rows, "\n") + "\n\n</details>\n")
	}
	if len(c.OnlyBase)+len(c.OnlyNew) > 0 {
		fmt.Fprintf(&b, "\nOnly in base: %d case(s); only in new: %d case(s) (listed in the JSON, not compared).\n", len(c.OnlyBase), len(c.OnlyNew))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape keeps a case name from breaking a table row.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "`", "'").Replace(s)
}
