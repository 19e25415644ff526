package judge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/internal/excerpt"
	"github.com/evalrun/evalrun/result"
)

// Reading is the judge's claim and quote for every step, by step id.
type Reading = map[string]result.JudgeClaim

// answer is the JSON the judge must send.
type answer struct {
	Steps []*answerStep `json:"steps"`
}

type answerStep struct {
	ID    *string `json:"id"`
	Claim *string `json:"claim"`
	Quote *string `json:"quote"`
}

// maxProblems bounds how many problems one error lists.
const maxProblems = 5

// Parse reads a judge's answer strictly: one JSON object and nothing
// around it, no field but those asked for, every step of in exactly once,
// each claim one of Claims, and each quote words of the message (whitespace
// aside), empty exactly when the claim is unmentioned. Anything else is an
// error that says what was wrong, for the judge's second attempt.
func Parse(content string, in Input) (Reading, error) {
	body := bytes.TrimSpace([]byte(content))
	if len(body) == 0 {
		return nil, errors.New("the answer is empty")
	}
	if body[0] != '{' {
		return nil, fmt.Errorf("the answer is not a JSON object: it starts %s", excerpt.Of(body, 40))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var a answer
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("the answer is not the JSON object asked for: %v", err)
	}
	if rest := bytes.TrimSpace(body[dec.InputOffset():]); len(rest) > 0 {
		return nil, fmt.Errorf("the answer has text after its JSON object: %s", excerpt.Of(rest, 40))
	}
	if a.Steps == nil {
		return nil, errors.New(`the answer has no "steps" list`)
	}
	known := map[string]bool{}
	for _, st := range in.Steps {
		known[st.ID] = true
	}
	message := squash(in.Message)
	out := Reading{}
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for i, st := range a.Steps {
		switch {
		case st == nil:
			add("steps[%d] is null", i)
			continue
		case st.ID == nil:
			add("steps[%d] has no id", i)
			continue
		}
		id := *st.ID
		if !known[id] {
			add("unknown step %q (the steps are %s)", id, ids(in))
			continue
		}
		if _, dup := out[id]; dup {
			add("step %q is listed twice", id)
			continue
		}
		if st.Claim == nil {
			add("step %q has no claim", id)
			continue
		}
		c := claims.Claim(*st.Claim)
		if !slices.Contains(Claims, c) {
			add("step %q: unknown claim %q (one of %s)", id, *st.Claim, claimList())
			continue
		}
		quote := ""
		if st.Quote != nil {
			quote = *st.Quote
		}
		q := squash(quote)
		switch {
		case c == claims.Unmentioned && q != "":
			add("step %q is unmentioned but quotes %s: an unmentioned step has an empty quote", id, excerpt.Of([]byte(quote), 80))
			continue
		case c != claims.Unmentioned && q == "":
			add("step %q is %s but quotes nothing", id, c)
			continue
		case !strings.Contains(message, q):
			add("step %q: the quote %s is not in the message", id, excerpt.Of([]byte(quote), 80))
			continue
		}
		out[id] = result.JudgeClaim{Claim: string(c), Quote: quote}
	}
	for _, st := range in.Steps {
		if _, ok := out[st.ID]; !ok && !mentioned(a, st.ID) {
			add("step %q is missing", st.ID)
		}
	}
	if len(problems) > 0 {
		if len(problems) > maxProblems {
			problems = append(problems[:maxProblems], fmt.Sprintf("and %d more", len(problems)-maxProblems))
		}
		return nil, errors.New(strings.Join(problems, "; "))
	}
	return out, nil
}

// mentioned says whether the answer lists a step at all, well or not, so
// that a step with a bad entry is not also reported missing.
func mentioned(a answer, id string) bool {
	for _, st := range a.Steps {
		if st != nil && st.ID != nil && *st.ID == id {
			return true
		}
	}
	return false
}

// squash collapses every run of whitespace to one space and trims the
// ends: a quote may break lines where the message does not.
func squash(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func ids(in Input) string {
	out := make([]string, len(in.Steps))
	for i, st := range in.Steps {
		out[i] = st.ID
	}
	return strings.Join(out, ", ")
}

func claimList() string {
	out := make([]string, len(Claims))
	for i, c := range Claims {
		out[i] = string(c)
	}
	return strings.Join(out, ", ")
}
