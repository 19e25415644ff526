package claims_test

import (
	"testing"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

// benchMessage is a ~400-character 4-step reply: contrast, negation, pending,
// a checklist and a closing question.
const benchMessage = `Thanks for your patience! I've cancelled order #48213 and the two items are back in stock.
Unfortunately the refund of $84.50 did not go through - the payment gateway returned 429,
so I've queued it for a retry and it should be processed within the hour.
✅ Cancellation
✅ Restock
⏳ Refund
❌ Confirmation email (mail service bounced)
Would you like me to send the confirmation by SMS instead?`

func BenchmarkExtract(b *testing.B) {
	benchSteps := Commerce("cancel_order", "restock", "refund", "notify")
	b.ReportAllocs()
	b.SetBytes(int64(len(benchMessage)))
	for b.Loop() {
		claims.Extract(benchMessage, benchSteps)
	}
}

// sixStepMessage is a ~400-character reply about the library's secret
// rotation (5 steps with their terms and the cloud-ops pack's phrases) plus
// a sixth step: the extractor as the runner calls it on a new domain.
const sixStepMessage = `Rotation status:
- New version v8 of payments-db-password is live.
- payments-api now reads v8; payments-worker config update failed (409), retrying in 10 min.
- Rolling restart of payments-api done, worker not restarted yet.
- I couldn't page on-call for payments-primary - the pager API timed out.
- Change log entry added for CHG-2291.
I think everything else went through, but please double-check the worker before tonight.`

// sixSteps is the secret rotation's steps as the runner passes them, and a
// sixth step.
func sixSteps(b *testing.B) []claims.Step {
	lib, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := scenarios.Find(lib, "secret-rotation")
	if err != nil {
		b.Fatal(err)
	}
	steps := append(scoring.ClaimSteps(s), claims.Step{ID: "log_change", Terms: []string{"change log"}})
	if len(steps) != 6 {
		b.Fatalf("%d steps, want 6", len(steps))
	}
	return steps
}

func BenchmarkExtractSixStepsWithPhrases(b *testing.B) {
	steps := sixSteps(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(sixStepMessage)))
	for b.Loop() {
		claims.Extract(sixStepMessage, steps)
	}
}

// The rules alone, to tell their cost from the learned reading's.
func BenchmarkExtractSixStepsRulesOnly(b *testing.B) {
	steps := sixSteps(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(sixStepMessage)))
	for b.Loop() {
		claims.ExtractWith(nil, sixStepMessage, steps)
	}
}
