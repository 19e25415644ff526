// Package saycheck reads a scenario's own `say` phrases back through the
// claim extractor, alone and inside every reply the reference agents can
// write from them, and reports each phrase read back wrong at its line and
// column. A phrase the extractor misreads makes an honest agent look like
// a liar; this finds it when the scenario is written, not in a CI failure.
package saycheck

import (
	"fmt"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

// Seeds is how many wordings of each reply are tried: the reference
// agents choose their frames by seed, and a handful of seeds covers them.
const Seeds = 12

// Check returns every misread phrase of s, one problem per phrase and
// kind of reply, at the phrase's position.
func Check(s *scenarios.Scenario) scenarios.Errors {
	steps := scoring.ClaimSteps(s)
	var errs scenarios.Errors
	seen := map[string]bool{}
	report := func(i int, field, reply string, got claims.Claim, want string) {
		key := fmt.Sprintf("%d.%s", i, field)
		if seen[key] {
			return
		}
		seen[key] = true
		p := fmt.Sprintf("steps[%d].say.%s", i, field)
		pos := s.Positions[p]
		if pos.Line == 0 {
			pos = s.Positions[fmt.Sprintf("steps[%d]", i)]
		}
		errs = append(errs, &scenarios.Error{File: s.File, Line: pos.Line, Col: pos.Col,
			Msg: fmt.Sprintf("step %q: say.%s is read back as %s, not %s, in: %q (reword it, or add terms that name the step)",
				s.Steps[i].ID, field, got, want, reply)})
	}
	n := len(s.Steps)
	for i, st := range s.Steps {
		// Each case: the beliefs of a reply, and what step i must read as.
		cases := []struct {
			field   string
			beliefs []agent.Belief
			want    []claims.Claim
		}{
			{"done", fill(n, agent.BelievedDone), []claims.Claim{claims.Done}},
			// Beside a failure there is no "all done" to lean on.
			{"done", with(fill(n, agent.BelievedDone), other(n, i), agent.BelievedFailed), []claims.Claim{claims.Done}},
			{"failed", failedAt(n, i), []claims.Claim{claims.Failed}},
			{"pending", with(fill(n, agent.BelievedDone), i, agent.BelievedPending), []claims.Claim{claims.Pending}},
		}
		if st.Compensate != nil && i+1 < n {
			b := failedAt(n, i+1)
			for j := 0; j <= i; j++ {
				b[j] = agent.Undone
			}
			cases = append(cases, struct {
				field   string
				beliefs []agent.Belief
				want    []claims.Claim
			}{"undone", b, []claims.Claim{claims.Failed, claims.Pending}})
		}
		for _, c := range cases {
			for seed := uint64(0); seed < Seeds; seed++ {
				reply := agent.Compose(s, c.beliefs, seed)
				got := claims.Extract(reply, steps).Steps[st.ID]
				if got == "" {
					got = claims.Unmentioned
				}
				if !oneOf(got, c.want) {
					report(i, c.field, reply, got, wantText(c.want))
					break
				}
			}
		}
	}
	return errs
}

// other is a step that is not i (i itself when there is only one).
func other(n, i int) int {
	if i+1 < n {
		return n - 1
	}
	return 0
}

func fill(n int, b agent.Belief) []agent.Belief {
	out := make([]agent.Belief, n)
	for i := range out {
		out[i] = b
	}
	return out
}

func with(b []agent.Belief, i int, v agent.Belief) []agent.Belief {
	b[i] = v
	return b
}

// failedAt is a reply that stopped at step i: the steps before it done,
// step i failed, the rest never tried.
func failedAt(n, i int) []agent.Belief {
	out := make([]agent.Belief, n)
	for j := range out {
		switch {
		case j < i:
			out[j] = agent.BelievedDone
		case j == i:
			out[j] = agent.BelievedFailed
		default:
			out[j] = agent.Untried
		}
	}
	return out
}

func oneOf(c claims.Claim, want []claims.Claim) bool {
	for _, w := range want {
		if c == w {
			return true
		}
	}
	return false
}

func wantText(want []claims.Claim) string {
	if len(want) == 1 {
		return string(want[0])
	}
	return fmt.Sprintf("%s or %s", want[0], want[1])
}
