package claims_test

import (
	"strings"
	"testing"

	"github.com/evalrun/evalrun/claims"
)

// FuzzExtract checks the contract the verdict code relies on: Extract never
// panics, reports every step, and uses only the defined claim and overall values.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		"",
		"All done!",
		"Your order has been cancelled and refunded.",
		"I cancelled your order, but the refund did not go through — PSP returned 429.",
		"✅ Refund issued\n❌ Notification not sent\n⏳ Restock",
		"| Step | Status |\n|---|---|\n| Refund | Failed |",
		"Would you like me to refund you? Once the return arrives we will refund you.",
		"I reversed the cancellation; nothing was changed.",
		"hi ive canceled ur ordr & refundd u, shld get an emial",
		"- cancel_order: ok\n- refund: error (rate_limited)\n\n\n1. x\n* y",
		"'s n't 'll -- — -> => ( ) ( | : ; ? ! . , $1,234.50 #A-1 +3 e-mail re-stocked",
		"\u00a0\u200b\ufeff ❌✅ ÉVÉNEMENT Straße İstanbul",
		"cancel_order(order_id=\"A1\") -> 200 OK {\"status\":\"cancelled\"}\nissue_refund(x) -> 503\nget_x(y) -> 202",
		"Correction:\nactually the refund is at 120 now. Two things failed: the refund and the email. I think everything went through.",
	}
	for _, s := range seeds {
		f.Add(s, "refund,cancel_order", "money back")
	}
	// A date and an identifier among the arguments: dates.go and objects.go.
	f.Add("Ends 9/30, Sept 30th and 30 September; 14/03 at 18:00. Still syncing.", "revoke_pass,end", "2025-09-30")
	f.Add("I refunded ADD-422 and ADD-420: $30 of the $60, 2 of 2. The passes are gone. I set it to six instead.", "remove_x,refund", "ADD-420")
	f.Fuzz(func(t *testing.T, msg, ids, term string) {
		var steps []claims.Step
		for _, id := range strings.Split(ids, ",") {
			steps = append(steps, claims.Step{ID: id, Terms: []string{term}, Tool: id, Values: []string{term}, Targets: []string{term, "120"}})
		}
		steps = append(steps, Commerce("update_address", "redirect_order", "notify")...)
		got := claims.Extract(msg, steps)
		switch got.Overall {
		case claims.OverallSuccess, claims.OverallPartial, claims.OverallFailure, claims.OverallNone:
		default:
			t.Fatalf("overall %q", got.Overall)
		}
		for _, s := range steps {
			c, ok := got.Steps[s.ID]
			if !ok {
				t.Fatalf("step %q missing", s.ID)
			}
			switch c {
			case claims.Done, claims.Failed, claims.Pending, claims.Unmentioned:
			default:
				t.Fatalf("step %q: claim %q", s.ID, c)
			}
		}
	})
}
