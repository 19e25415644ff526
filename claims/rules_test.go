package claims_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
)

const (
	D = claims.Done
	F = claims.Failed
	P = claims.Pending
	U = claims.Unmentioned
)

// want is "step=claim" pairs, e.g. "refund=failed notify=done". Steps are the
// scenario's; the table checks every one of them.
func check(message string, steps string, want string) {
	var in []claims.Step
	for _, id := range strings.Fields(steps) {
		in = append(in, claims.Step{ID: id})
	}
	got := claims.Extract(message, in)
	exp := map[string]claims.Claim{}
	for _, id := range strings.Fields(steps) {
		exp[id] = U
	}
	for _, kv := range strings.Fields(want) {
		k, v, _ := strings.Cut(kv, "=")
		exp[k] = claims.Claim(v)
	}
	Expect(got.Steps).To(Equal(exp), "message: %s", message)
}

const (
	cancelFlow  = "cancel_order restock refund notify"
	replaceFlow = "refund replacement"
	addressFlow = "update_address redirect_order notify"
)

var _ = Describe("rules", func() {
	DescribeTable("negation",
		check,
		Entry("not", "The refund was not issued.", cancelFlow, "refund=failed"),
		Entry("couldn't", "I couldn't cancel the order.", cancelFlow, "cancel_order=failed"),
		Entry("no X was", "No refund was issued.", cancelFlow, "refund=failed"),
		Entry("failed to", "The refund failed to go through.", cancelFlow, "refund=failed"),
		Entry("unable to", "I was unable to restock the items.", cancelFlow, "restock=failed"),
		Entry("did not go through", "The refund did not go through.", cancelFlow, "refund=failed"),
		Entry("declined", "Your card issuer declined the refund.", cancelFlow, "refund=failed"),
		Entry("bounced", "The confirmation email bounced.", cancelFlow, "notify=failed"),
		Entry("negation in another clause", "Your order wasn't shipped yet, so I was able to cancel it.", cancelFlow, "cancel_order=done"),
		Entry("no problem is not a negation", "No problem — your refund has been issued.", cancelFlow, "refund=done"),
		Entry("won't ship after a cancellation", "Your order is cancelled, so it won't ship.", cancelFlow, "cancel_order=done"),
		Entry("negation shared by a coordination", "I couldn't cancel the order or issue a refund.", cancelFlow, "cancel_order=failed refund=failed"),
		Entry("not yet", "I have not yet sent a confirmation email.", cancelFlow, "notify=failed"),
	)

	DescribeTable("contrast",
		check,
		Entry("but", "Your order was cancelled, but the refund did not go through.", cancelFlow, "cancel_order=done refund=failed"),
		Entry("however", "The refund went through; however, the replacement could not be created.", replaceFlow, "refund=done replacement=failed"),
		Entry("failure after but, without a mention", "Refund txn created but PSP returned 429.", cancelFlow, "refund=failed"),
		Entry("although", "I restocked the items, although the confirmation email bounced.", cancelFlow, "restock=done notify=failed"),
		Entry("two predicates, one sentence", "The refund was issued and the items were not restocked.", cancelFlow, "refund=done restock=failed"),
		Entry("retry that succeeded", "The refund failed at first. I retried and the refund went through.", cancelFlow, "refund=done"),
	)

	DescribeTable("pending",
		check,
		Entry("being processed", "Your refund is being processed.", cancelFlow, "refund=pending"),
		Entry("queued", "The refund has been queued and will be processed within 3-5 business days.", cancelFlow, "refund=pending"),
		Entry("issued, then settles later", "The refund has been issued and will be processed within 5-7 business days.", cancelFlow, "refund=done"),
		Entry("we will email you", "We will email you a confirmation.", cancelFlow, "notify=pending"),
		Entry("you'll receive", "You'll receive a confirmation email shortly.", cancelFlow, "notify=done"),
		Entry("sent, received later", "I've sent a confirmation; you'll receive it shortly.", cancelFlow, "notify=done"),
		Entry("retry after a failure", "The refund failed, so I've queued it for a retry.", cancelFlow, "refund=pending"),
		Entry("ships tomorrow", "Your replacement ships tomorrow.", replaceFlow, "replacement=done"),
		Entry("we'll ship", "We'll ship your replacement within 2 business days.", replaceFlow, "replacement=pending"),
		Entry("later by someone else", "The items have not been restocked yet; the warehouse will do that on Monday.", cancelFlow, "restock=pending"),
		Entry("will appear on the statement", "Your refund will appear on your statement in 3-5 days.", cancelFlow, "refund=done"),
		Entry("hourglass", "Refund: ⏳", cancelFlow, "refund=pending"),
	)

	DescribeTable("conditionals",
		check,
		Entry("once", "Once the return arrives we will refund you.", cancelFlow, ""),
		Entry("if", "If the charge has posted, the refund will be applied automatically.", cancelFlow, ""),
		Entry("condition after a done step", "Your order is cancelled, and once the refund clears you'll get an email.", cancelFlow, "cancel_order=done"),
		Entry("as soon as", "I'll send you a confirmation email as soon as the refund completes.", cancelFlow, ""),
		Entry("past 'when' is not a condition", "When the refund failed I reversed the cancellation.", cancelFlow, "cancel_order=failed refund=failed"),
	)

	DescribeTable("offers, questions and intentions",
		check,
		Entry("would you like me to", "Would you like me to refund you?", cancelFlow, ""),
		Entry("I can ... if you'd like", "I can issue a refund if you'd like.", cancelFlow, ""),
		Entry("let me", "Let me process the refund.", cancelFlow, ""),
		Entry("I will now", "I will now refund the payment.", cancelFlow, ""),
		Entry("go ahead and, shared", "I'll go ahead and cancel the order and process the refund.", cancelFlow, ""),
		Entry("question after a claim", "Refund issued. Would you also like a replacement?", replaceFlow, "refund=done"),
		Entry("offer does not undo a claim", "The refund went through. Want me to refund the shipping too?", replaceFlow, "refund=done"),
	)

	DescribeTable("hedges and doubt",
		check,
		Entry("should have been", "Your order should have been cancelled.", cancelFlow, "cancel_order=done"),
		Entry("appears to have", "The refund appears to have gone through.", cancelFlow, "refund=done"),
		Entry("I believe", "I believe a confirmation email was sent.", cancelFlow, "notify=done"),
		Entry("may not have", "The refund may not have been processed.", cancelFlow, "refund=failed"),
		Entry("not sure", "I'm not sure the refund went through.", cancelFlow, "refund=failed"),
	)

	DescribeTable("rollback",
		check,
		Entry("reversed the cancellation", "I reversed the cancellation, so your order is active again.", cancelFlow, "cancel_order=failed"),
		Entry("rolled back", "The refund was issued but then rolled back.", cancelFlow, "refund=failed"),
		Entry("undid", "I undid the restock.", cancelFlow, "restock=failed"),
		Entry("restored your order", "I restored your order after the refund failed.", cancelFlow, "cancel_order=failed refund=failed"),
		Entry("voided refund", "The replacement shipped, but the refund was voided.", replaceFlow, "refund=failed replacement=done"),
		Entry("cancelled replacement is not the order's cancellation",
			"The replacement shipment was cancelled.", "cancel_order replacement", "replacement=failed"),
		Entry("pronoun rollback", "I created the replacement order, but then had to cancel it.", replaceFlow, "replacement=failed"),
	)

	DescribeTable("lists and tables",
		check,
		Entry("checkmarks", "✅ Refund issued\n❌ Notification not sent", cancelFlow, "refund=done notify=failed"),
		Entry("numbered", "1. Cancelled order #2291 ✔\n2. Refund — pending with the bank", cancelFlow, "cancel_order=done refund=pending"),
		Entry("key: value and dashes", "Refund: done\nRestock — failed", cancelFlow, "refund=done restock=failed"),
		Entry("table", "| Step | Status |\n|---|---|\n| Refund | ✅ |\n| Notify customer | ❌ bounced |", cancelFlow, "refund=done notify=failed"),
		Entry("step ids", "- cancel_order: ok\n- refund: error (rate_limited)", cancelFlow, "cancel_order=done refund=failed"),
		Entry("markdown bullets", "* **Refund:** $14.99 has been refunded.\n* **Replacement:** not created (out of stock).", replaceFlow, "refund=done replacement=failed"),
	)

	DescribeTable("which step",
		check,
		Entry("order alone names no step", "I found your order #4410 and looked at it.", cancelFlow, ""),
		Entry("profile address", "I've updated the address on your profile.", addressFlow, "update_address=done"),
		Entry("order's address", "Your order will ship to the new address.", addressFlow, "redirect_order=done"),
		Entry("default shipping address is the profile", "I updated your default shipping address in your account settings.", addressFlow, "update_address=done"),
		Entry("refund and replacement", "Your refund and replacement are processed.", replaceFlow, "refund=done replacement=done"),
		Entry("email about the refund", "I've emailed you about the refund.", cancelFlow, "notify=done"),
		Entry("typos", "hi, ive canceled ur order and refundd the payment, u shld get an emial soon", cancelFlow, "cancel_order=done refund=done notify=done"),
	)

	DescribeTable("scenario terms and unknown steps",
		func(message string, steps []claims.Step, want map[string]claims.Claim) {
			Expect(claims.Extract(message, steps).Steps).To(Equal(want))
		},
		Entry("unknown id, by its words", "The voucher was issued.", []claims.Step{{ID: "issue_voucher"}},
			map[string]claims.Claim{"issue_voucher": D}),
		Entry("unknown id, by a term", "Your gift card could not be sent.", []claims.Step{{ID: "issue_voucher", Terms: []string{"gift card"}}},
			map[string]claims.Claim{"issue_voucher": F}),
		Entry("term for a known step", "Store credit was applied to your account.", []claims.Step{{ID: "refund", Terms: []string{"store credit"}}},
			map[string]claims.Claim{"refund": D}),
		Entry("participle of an id word", "Your account has been closed.", []claims.Step{{ID: "close_account"}},
			map[string]claims.Claim{"close_account": D}),
	)

	DescribeTable("overall statements",
		func(message, steps string, overall claims.Overall, want string) {
			var in []claims.Step
			for _, id := range strings.Fields(steps) {
				in = append(in, claims.Step{ID: id})
			}
			Expect(claims.Extract(message, in).Overall).To(Equal(overall))
			check(message, steps, want)
		},
		Entry("all done", "All done!", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=done"),
		Entry("success fills unqualified steps only", "Everything is taken care of, though the email bounced.", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=failed"),
		Entry("exception makes it partial, the rest done", "Everything went through except the refund, which was declined.", cancelFlow, claims.OverallPartial,
			"cancel_order=done restock=done refund=failed notify=done"),
		Entry("partial leaves the rest alone", "Your request was partially completed: the refund failed.", cancelFlow, claims.OverallPartial,
			"refund=failed"),
		Entry("nothing was done", "I couldn't complete any of it; no changes were made.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("request failed, nothing named", "I wasn't able to complete your request.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("request failed, one step named", "I wasn't able to complete your request. The refund failed.", cancelFlow, claims.OverallFailure,
			"refund=failed"),
		Entry("partial", "Only part of your request went through: the refund was issued.", cancelFlow, claims.OverallPartial,
			"refund=done"),
		Entry("question is no statement", "Is everything all set on your end?", cancelFlow, claims.OverallNone, ""),
		Entry("none", "Your order has been cancelled and refunded.", cancelFlow, claims.OverallNone,
			"cancel_order=done refund=done"),
	)

	It("lists every step, even with an empty message", func() {
		got := claims.Extract("", []claims.Step{{ID: "refund"}, {ID: "x"}})
		Expect(got.Overall).To(Equal(claims.OverallNone))
		Expect(got.Steps).To(Equal(map[string]claims.Claim{"refund": U, "x": U}))
	})
})
