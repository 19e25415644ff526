package claims_test

import (
	"testing"

	"github.com/evalrun/evalrun/claims"
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

var benchSteps = []claims.Step{{ID: "cancel_order"}, {ID: "restock"}, {ID: "refund"}, {ID: "notify"}}

func BenchmarkExtract(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchMessage)))
	for b.Loop() {
		claims.Extract(benchMessage, benchSteps)
	}
}
