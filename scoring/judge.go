package scoring

import (
	"fmt"
	"strings"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/scenarios"
)

// FindingDisagree is the finding raised for every step on which the claims
// judge and the rule-based extractor read the final message differently.
// It is P3, like "required fault did not fire": it says nothing of the
// agent, but that the trial's verdict rests on a reading in doubt.
const FindingDisagree = "claim readings disagree"

// JudgeWarning opens the warning a trial gets when the claims judge gave
// no reading of its final message.
const JudgeWarning = "claims judge: "

// disagreements raises FindingDisagree for each step the two readings of
// the message differ on, quoting both: the clause the rules decided by and
// the words the judge quoted.
func disagreements(s *scenarios.Scenario, t *result.Trial, message string, scoredJudge bool) []result.Finding {
	var out []result.Finding
	var ex *claims.Explanation
	scored := "the rules' reading is scored"
	if scoredJudge {
		scored = "the judge's reading is scored"
	}
	for i, st := range t.Steps {
		if st.Judge == nil || st.Judge.Claim == st.RulesClaim {
			continue
		}
		if ex == nil {
			e := claims.Explain(message, ClaimSteps(s))
			ex = &e
		}
		out = append(out, result.Finding{Severity: "P3", Name: FindingDisagree,
			Scenario: t.Scenario, Variant: t.Variant, Trial: t.Trial,
			Detail: fmt.Sprintf("%s: the rules read %s %s; the judge read %s %s; %s",
				st.ID, st.RulesClaim, rulesEvidence(ex, i), st.Judge.Claim, judgeEvidence(st.Judge), scored)})
	}
	return out
}

// rulesEvidence is what the rules decided a step by: the clause of the
// deciding mention, or where the claim came from when none decided.
func rulesEvidence(ex *claims.Explanation, i int) string {
	if i >= len(ex.Steps) {
		return ""
	}
	r := ex.Steps[i]
	switch r.DecidedBy {
	case "overall":
		return fmt.Sprintf("(from the overall statement, %s)", ex.Overall)
	case "nothing":
		return "(no words name it)"
	case "items":
		return fmt.Sprintf("(said done of only %s)", strings.Join(r.Items, ", "))
	case "learned":
		return fmt.Sprintf("(by the learned reading; the rules alone read %s)", r.Learned.Rules)
	}
	for _, m := range r.Mentions {
		if m.Decisive {
			return fmt.Sprintf("(in %q)", clip(m.Clause))
		}
	}
	return ""
}

func judgeEvidence(j *result.JudgeClaim) string {
	if j.Quote == "" {
		return "(no quote)"
	}
	return fmt.Sprintf("(quoting %q)", clip(j.Quote))
}

// clip puts a quote on one line, cut to a length a finding can carry.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 160 {
		s = string(r[:157]) + "..."
	}
	return s
}
