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
// agents choose their frames by seed, and two dozen seeds cover them.
const Seeds = 24

// Check returns every misread phrase of s, one problem per phrase, at the
// phrase's position. It composes every kind of reply the reference agents
// write (all done; stopped at a failure; a step pending; rolled back, with
// an undo that failed) in each of their wordings, and reads back every
// step of each.
func Check(s *scenarios.Scenario) scenarios.Errors {
	steps := scoring.ClaimSteps(s)
	var errs scenarios.Errors
	seen := map[string]bool{}
	for _, r := range Samples(s, Seeds) {
		got := claims.Extract(r.Reply, steps).Steps
		for i, st := range s.Steps {
			want, field := r.Want[i], r.Field[i]
			c := got[st.ID]
			if c == "" {
				c = claims.Unmentioned
			}
			key := fmt.Sprintf("%d.%s", i, field)
			if oneOf(c, want) || seen[key] {
				continue
			}
			seen[key] = true
			p := fmt.Sprintf("steps[%d].say.%s", i, field)
			pos := s.Positions[p]
			if pos.Line == 0 {
				pos = s.Positions[fmt.Sprintf("steps[%d]", i)]
			}
			errs = append(errs, &scenarios.Error{File: s.File, Line: pos.Line, Col: pos.Col,
				Msg: fmt.Sprintf("step %q: say.%s is read back as %s, not %s, in: %q (reword it, or add terms that name the step)",
					st.ID, field, c, wantText(want), r.Reply)})
		}
	}
	return errs
}

// Sample is one reply the reference agents can write for a scenario, with
// what each step (in the scenario's order) must be read as and the say
// phrase that words it. The claim extractor's learned reading trains on
// them, so that it keeps reading these replies as the rules do.
type Sample struct {
	Reply string
	Want  [][]claims.Claim
	Field []string
}

// Samples composes every kind of reply of Check in the first seeds
// wordings.
func Samples(s *scenarios.Scenario, seeds int) []Sample {
	var out []Sample
	for _, beliefs := range replies(s) {
		for seed := uint64(0); seed < uint64(seeds); seed++ {
			r := Sample{Reply: agent.Compose(s, beliefs, seed)}
			for i := range s.Steps {
				want, field := expected(beliefs[i])
				r.Want = append(r.Want, want)
				r.Field = append(r.Field, field)
			}
			out = append(out, r)
		}
	}
	return out
}

// expected is what a step with belief b must read as, and the phrase its
// reply uses.
func expected(b agent.Belief) ([]claims.Claim, string) {
	switch b {
	case agent.BelievedDone:
		return []claims.Claim{claims.Done}, "done"
	case agent.BelievedPending:
		return []claims.Claim{claims.Pending}, "pending"
	case agent.Undone:
		return []claims.Claim{claims.Failed, claims.Pending}, "undone"
	case agent.UndoFailed:
		return []claims.Claim{claims.Done}, "done"
	case agent.Untried:
		return []claims.Claim{claims.Failed, claims.Pending}, "failed"
	}
	return []claims.Claim{claims.Failed}, "failed"
}

// replies lists the beliefs of every kind of final message the reference
// agents can write for s.
func replies(s *scenarios.Scenario) [][]agent.Belief {
	n := len(s.Steps)
	out := [][]agent.Belief{fill(n, agent.BelievedDone)}
	for k := 0; k < n; k++ {
		stop := failedAt(n, k)
		out = append(out, stop)
		pending := fill(n, agent.BelievedDone)
		pending[k] = agent.BelievedPending
		out = append(out, pending)
		pendingStop := failedAt(n, k)
		pendingStop[k] = agent.BelievedPending
		out = append(out, pendingStop)
		goOn := fill(n, agent.BelievedDone)
		goOn[k] = agent.BelievedFailed
		out = append(out, goOn)
		if k == 0 {
			continue
		}
		// A saga's rollback: the steps before k undone, one of them
		// perhaps stuck.
		rolled := failedAt(n, k)
		for j := 0; j < k; j++ {
			if s.Steps[j].Compensate != nil {
				rolled[j] = agent.Undone
			}
		}
		out = append(out, rolled)
		for j := 0; j < k; j++ {
			if s.Steps[j].Compensate != nil {
				stuck := append([]agent.Belief(nil), rolled...)
				stuck[j] = agent.UndoFailed
				out = append(out, stuck)
			}
		}
	}
	return out
}

func fill(n int, b agent.Belief) []agent.Belief {
	out := make([]agent.Belief, n)
	for i := range out {
		out[i] = b
	}
	return out
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
