package judge_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/judge"
)

// FuzzParse checks the contract the scorer relies on: Parse never panics,
// and a reading it accepts has every step, a known claim for each, and
// quotes that are the message's words.
func FuzzParse(f *testing.F) {
	seeds := []string{
		`{"steps": [{"id": "refund", "claim": "done", "quote": "refunded"}, {"id": "notify", "claim": "unmentioned", "quote": ""}]}`,
		`{"steps": [{"id": "refund", "claim": "pending", "quote": "refunded  you"}, {"id": "notify", "claim": "failed", "quote": "could not"}]}`,
		"```json\n{\"steps\": []}\n```",
		`{"steps": null}`,
		`{"steps": [null, 1, "x", {"id": 3}]} trailing`,
		`{"steps": [{"id": "refund", "claim": "done", "quote": "refunded", "confidence": 0.9}]}`,
		"",
		"\x00{",
	}
	for _, s := range seeds {
		f.Add(s, "I refunded you, but could not email you.")
	}
	f.Fuzz(func(t *testing.T, answer, message string) {
		in := judge.Input{Steps: []judge.Step{{ID: "refund"}, {ID: "notify"}}, Message: message}
		r, err := judge.Parse(answer, in)
		if err != nil {
			if r != nil {
				t.Fatalf("an error with a reading: %v", err)
			}
			return
		}
		if len(r) != 2 {
			t.Fatalf("reading of %d steps: %v", len(r), r)
		}
		squashed := strings.Join(strings.Fields(message), " ")
		for id, c := range r {
			if id != "refund" && id != "notify" {
				t.Fatalf("unknown step %q accepted", id)
			}
			if !slices.Contains(judge.Claims, claims.Claim(c.Claim)) {
				t.Fatalf("unknown claim %q accepted", c.Claim)
			}
			q := strings.Join(strings.Fields(c.Quote), " ")
			if (c.Claim == "unmentioned") != (q == "") || !strings.Contains(squashed, q) {
				t.Fatalf("quote %q accepted for %s in %q", c.Quote, c.Claim, message)
			}
		}
	})
}
