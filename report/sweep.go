package report

import (
	"fmt"
	"strings"

	"github.com/evalrun/evalrun/result"
)

// kindLabels are short column heads for the sweep matrix.
var kindLabels = map[string]string{
	"hard_error": "hard", "soft_error": "soft", "swallowed_rate_limit": "429", "ack_without_apply": "ack",
	"partial_apply": "part", "timeout_after_commit": "to+c", "timeout_before_commit": "to-c",
	"duplicate_apply": "dup", "delayed_apply": "later", "stale_read": "stale", "wrong_field": "wrong",
	"empty_result": "empty", "schema_drift": "drift", "latency": "slow", "auth_expired": "auth",
	"compensation_noop": "noop",
}

func kindLabel(k string) string {
	if l, ok := kindLabels[k]; ok {
		return l
	}
	if len(k) > 6 {
		return k[:6]
	}
	return k
}

// writeSweep prints the step x kind matrix of false-success counts.
func writeSweep(ew *errWriter, sw *result.Sweep, p palette) {
	ew.printf("%s\n", p.bold("False success by step and fault kind (k/n: trials that claimed success with a step not done / trials that left one)"))
	rw := len("STEP")
	for _, r := range sw.Rows {
		rw = max(rw, len(Escape(r.Scenario+"/"+r.Step)))
	}
	widths := make([]int, len(sw.Kinds))
	ew.printf("%-*s", rw, "STEP")
	for i, k := range sw.Kinds {
		widths[i] = max(5, len(kindLabel(k)))
		for _, r := range sw.Rows {
			if c, ok := r.Cells[k]; ok {
				widths[i] = max(widths[i], len(cellText(c)))
			}
		}
		ew.printf("  %*s", widths[i], kindLabel(k))
	}
	ew.printf("\n")
	for _, r := range sw.Rows {
		ew.printf("%-*s", rw, r.Scenario+"/"+r.Step)
		for i, k := range sw.Kinds {
			c, ok := r.Cells[k]
			text := "·"
			if ok {
				text = cellText(c)
			}
			pad := strings.Repeat(" ", max(0, widths[i]-len([]rune(text))))
			ew.printf("  %s%s", pad, cellColour(c, ok, p)(text))
		}
		ew.printf("\n")
	}
	var legend []string
	for _, k := range sw.Kinds {
		legend = append(legend, kindLabel(k)+"="+k)
	}
	ew.printf("%s\n", p.dim("  "+strings.Join(legend, ", ")))
	ew.printf("%s\n", p.dim("  0/0: every trial ended with every step done; nf: the fault never fired (the agent never made that call); *: it did not fire in some trials; ·: nothing to aim at"))
}

func cellText(c result.SweepCell) string {
	if c.Trials > 0 && c.Unfired == c.Trials {
		return "nf"
	}
	t := fmt.Sprintf("%d/%d", c.FalseSuccess.K, c.FalseSuccess.N)
	if c.Unfired > 0 {
		t += "*"
	}
	return t
}

func cellColour(c result.SweepCell, ok bool, p palette) func(s string) styled {
	switch {
	case !ok || (c.Trials > 0 && c.Unfired == c.Trials):
		return p.dim
	case c.FalseSuccess.K > 0:
		return p.bad
	case c.FalseSuccess.N > 0:
		return p.warn // left work undone but said so
	}
	return p.good
}
