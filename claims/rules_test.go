package claims_test

import (
	"fmt"
	"maps"
	"slices"
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
	got := readRules(message, Commerce(strings.Fields(steps)...))
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

// expectClaims checks, for a table of messages about steps, the claims the
// entry names; the other steps are not checked.
func expectClaims(steps []claims.Step) func(string, map[string]claims.Claim) {
	return func(message string, want map[string]claims.Claim) {
		got := readRules(message, steps).Steps
		for id, c := range want {
			Expect(got[id]).To(Equal(c), "%s in %q", id, message)
		}
	}
}

// bundled returns the steps of a scenario of the bundled library, as the
// runner builds them.
func bundled(scenario string) []claims.Step {
	t, err := BundledTerms()
	if err != nil {
		panic(err)
	}
	return t[scenario]
}

// expectInBundled checks, for a table of messages about a bundled
// scenario's steps, the claims the entry names.
func expectInBundled(scenario, message string, want map[string]claims.Claim) {
	expectClaims(bundled(scenario))(message, want)
}

// cs is a commerce step with its pack's phrases and the given terms.
func cs(id string, terms ...string) claims.Step {
	st := Commerce(id)[0]
	st.Terms = terms
	return st
}

const (
	cancelFlow   = "cancel_order restock refund notify"
	replaceFlow  = "refund replacement"
	addressFlow  = "update_address redirect_order notify"
	exchangeFlow = "restock replacement refund"
)

var _ = Describe("rule 1: sentences and clauses", func() {
	DescribeTable("a word written short with 'd is its past tense",
		expectClaims(bundled("db-region-migration")),
		Entry("decom'd", "snap + restore both good. use1 is decom'd.",
			map[string]claims.Claim{"decommission": claims.Done}),
		Entry("but I'd is I would", "snap + restore both good. I'd decom use1 tomorrow.",
			map[string]claims.Claim{"decommission": claims.Pending}),
	)

	DescribeTable("a line wrapped before a time goes on the sentence",
		check,
		Entry("a restated request over the wrap", "You'd like the order placed on Friday,\n11 April 10:30 cancelled and the refund issued. Shall I go ahead?", cancelFlow, ""),
		Entry("a log line stamped with a time is its own line", "14:02:11 order cancelled\nThe refund was declined.", cancelFlow, "cancel_order=done refund=failed"),
	)

	DescribeTable("a key=value splits its key from its value",
		expectClaims(bundled("bad-deploy-rollback")),
		Entry("a flag set in a log", "14:03:40 set_feature_flag new-pricing-engine=false → ok",
			map[string]claims.Claim{"pricing_flag": claims.Done}),
	)

	DescribeTable("a dash between numbers is a range, not a clause boundary",
		expectClaims([]claims.Step{{ID: "resize", Tool: "resize_pool"}, {ID: "autoscaling", Tool: "set_autoscaling", Terms: []string{"autoscaling bounds"}}}),
		Entry("4–14", "I resized the pool, but I did not apply the 4–14 autoscaling bounds.",
			map[string]claims.Claim{"resize": claims.Done, "autoscaling": claims.Failed}),
	)

	DescribeTable("clause boundaries",
		check,
		Entry("colon after a full statement", "Your return is being handled: the jacket was put back into inventory.", exchangeFlow, "restock=done"),
		Entry("colon after a hedge", "I think the cancellation should be fine now: order 77 shows as cancelled.", cancelFlow, "cancel_order=done"),
		Entry("a label keeps its value", "Refund of $30 to the Visa card: pending", cancelFlow, "refund=pending"),
		Entry("'has since' is not a cause", "The new lamp was dispatched but has since been recalled and cancelled.", replaceFlow, "replacement=failed"),
		Entry("', and there is' opens a clause", "The items are back in stock, and there's an email waiting in your inbox.", cancelFlow, "restock=done notify=done"),
	)

	DescribeTable("', and' before a short subject and its verb opens a clause",
		expectClaims([]claims.Step{{ID: "snapshot", Tool: "create_snapshot"}, {ID: "restore", Tool: "restore_snapshot", Values: []string{"db-2"}}}),
		Entry("an offer stays in its own clause", "The snapshot and the restore are both fine, and db-2 is still up if you want to debug it there.",
			map[string]claims.Claim{"snapshot": claims.Done}),
		Entry("a list of verbs stays one clause", "Took the snapshot, and restored it if you want to look.",
			map[string]claims.Claim{"snapshot": claims.Unmentioned}),
	)

	DescribeTable("key: value reports",
		check,
		Entry("label with a parenthesis", "Refund (EUR 40, Mastercard 1111): declined\nRestock (3x CUP-RED): done", cancelFlow, "refund=failed restock=done"),
		Entry("each short value ends its line", "Order status: cancelled\nEmail status: queued", cancelFlow, "cancel_order=done notify=pending"),
		Entry("prose after a label wraps", "One snag: the card issuer declined the refund. It is\nbeing retried every hour.", cancelFlow, "refund=pending"),
	)

	DescribeTable("lists and tables",
		check,
		Entry("checkmarks", "✅ Refund issued\n❌ Notification not sent", cancelFlow, "refund=done notify=failed"),
		Entry("marks after their items, on one line", "refund ✅ restock ❌ email ✅", cancelFlow, "refund=done restock=failed notify=done"),
		Entry("marks before their items, on one line", "✅ refund ❌ restock", cancelFlow, "refund=done restock=failed"),
		Entry("numbered", "1. Cancelled order #2291 ✔\n2. Refund — pending with the bank", cancelFlow, "cancel_order=done refund=pending"),
		Entry("Text: label", "Profile: updated\nText: sent", addressFlow, "update_address=done notify=done"),
		Entry("key: value and dashes", "Refund: done\nRestock — failed", cancelFlow, "refund=done restock=failed"),
		Entry("table", "| Step | Status |\n|---|---|\n| Refund | ✅ |\n| Notify customer | ❌ bounced |", cancelFlow, "refund=done notify=failed"),
		Entry("step ids", "- cancel_order: ok\n- refund: error (rate_limited)", cancelFlow, "cancel_order=done refund=failed"),
		Entry("markdown checkboxes", "- [x] Order cancelled\n- [ ] Refund: waiting on the bank", cancelFlow, "cancel_order=done refund=pending"),
		Entry("checked boxes only", "- [x] Refund\n- [x] Replacement", replaceFlow, "refund=done replacement=done"),
		Entry("a heading names the step of its body", "**Replacement**\nCould not be created, the item is discontinued.", replaceFlow, "replacement=failed"),
		Entry("a sentence is no heading", "Refund.\nThe replacement could not be created.", replaceFlow, "replacement=failed"),
		Entry("markdown bullets", "* **Refund:** $14.99 has been refunded.\n* **Replacement:** not created (out of stock).", replaceFlow, "refund=done replacement=failed"),
	)
})

var _ = Describe("rule 2: mentions name steps", func() {
	DescribeTable("which step",
		check,
		Entry("order alone names no step", "I found your order #4410 and looked at it.", cancelFlow, ""),
		Entry("profile address", "I've updated the address on your profile.", addressFlow, "update_address=done"),
		Entry("plural addresses are both", "All addresses are updated now.", addressFlow, "update_address=done redirect_order=done"),
		Entry("order's address", "Your order will ship to the new address.", addressFlow, "redirect_order=done"),
		Entry("default shipping address is the profile", "I updated your default shipping address in your account settings.", addressFlow, "update_address=done"),
		Entry("refund and replacement", "Your refund and replacement are processed.", replaceFlow, "refund=done replacement=done"),
		Entry("email about the refund", "I've emailed you about the refund.", cancelFlow, "notify=done"),
		Entry("typos", "hi, ive canceled ur order and refundd the payment, u shld get an emial soon", cancelFlow, "cancel_order=done refund=done notify=done"),
		Entry("a misspelled exception", "Everything's done exept the email to you.", cancelFlow, "cancel_order=done restock=done refund=done notify=failed"),
	)

	DescribeTable("a short step word is corrected to from a swap of two letters only",
		func(message string, want claims.Claim) {
			steps := []claims.Step{{ID: "pause_plan", Phrases: claims.Phrases{Done: []string{"paused"}, Name: []string{"pause"}}}}
			Expect(readRules(message, steps).Steps).To(Equal(map[string]claims.Claim{"pause_plan": want}))
		},
		Entry("a swap", "The puase went through.", D),
		Entry("another swap", "The paues went through.", D),
		Entry("a changed letter is another word", "The cause went through.", U),
	)

	DescribeTable("paraphrases of the steps",
		check,
		Entry("scanned into stock", "The returned boots were scanned into stock this morning.", exchangeFlow, "restock=done"),
		Entry("checked in", "Your old pair has been checked in at our warehouse.", exchangeFlow, "restock=done"),
		Entry("checking in with someone is not a restock", "I checked in with the warehouse about your case.", exchangeFlow, ""),
		Entry("a new item is the replacement", "A new teapot is on its way to you.", replaceFlow, "replacement=done"),
		Entry("ordered for you", "The larger size has been ordered for you and ships Friday.", exchangeFlow, "replacement=done"),
		Entry("couldn't place the order for", "I wasn't able to place the order for the blue model.", exchangeFlow, "replacement=failed"),
		Entry("what the customer ordered is no claim", "The jug you originally ordered is out of stock, so no replacement was sent.", replaceFlow, "replacement=failed"),
		Entry("the price difference is the refund", "The $5 difference has been credited back to your card.", exchangeFlow, "refund=done"),
		Entry("no difference owed", "No difference was owed, so nothing was refunded.", exchangeFlow, "refund=failed"),
		Entry("the right size is the replacement", "The correct size is on its way to you.", exchangeFlow, "replacement=done"),
		Entry("back on the shelves", "The lamps were returned to the store shelves.", cancelFlow, "restock=done"),
		Entry("available to customers", "The mugs are available to other shoppers now.", cancelFlow, "restock=done"),
		Entry("stopped the order", "I stopped your order before it left.", cancelFlow, "cancel_order=done"),
		Entry("put a stop on it", "We put a stop on the order this morning.", cancelFlow, "cancel_order=done"),
		Entry("payment returned to the card", "The payment of $60 was sent back to your card.", cancelFlow, "refund=done"),
		Entry("dropped you an email", "I dropped you an email with the receipt.", cancelFlow, "notify=done"),
		Entry("inbox", "A receipt is sitting in your inbox.", cancelFlow, "notify=done"),
		Entry("let you know by text", "We have let you know by text as well.", addressFlow, "notify=done"),
		Entry("account is the profile", "Your account now lists the Elm Street address.", addressFlow, "update_address=done"),
		Entry("shipping details", "The delivery details for the parcel are updated.", addressFlow, "redirect_order=done"),
		Entry("delivered there", "The package will be delivered there on Thursday.", addressFlow, "redirect_order=done"),
		Entry("order updated", "Your order was updated with the new street.", addressFlow, "redirect_order=done"),
		Entry("old address with its qualifier", "I had to put the order's old address back.", addressFlow, "redirect_order=failed"),
	)

	DescribeTable("look-alikes that name no step",
		check,
		Entry("inventory system", "Our inventory system is slow today, but your refund went through.", cancelFlow, "refund=done"),
		Entry("someone else's confirmation", "I've submitted the refund to the bank and am awaiting their confirmation.", cancelFlow, "refund=pending"),
		Entry("number on file", "The phone number on file was invalid, so the text bounced.", addressFlow, "notify=failed"),
	)

	DescribeTable("a system the tool calls is not the step its name shares a word with",
		expectClaims([]claims.Step{{ID: "api", Tool: "deploy_image", Values: []string{"checkout-api"}}, {ID: "worker", Tool: "deploy_image", Values: []string{"checkout-worker"}}}),
		Entry("the deploy API", "checkout-api is back on 2.3.1. The deploy API accepted the worker rollout but never started it.",
			map[string]claims.Claim{"api": D}),
		Entry("another word before it", "The checkout API is back on 2.3.1; the deploy never reached the worker.",
			map[string]claims.Claim{"api": D, "worker": F}),
	)

	DescribeTable("an object word that ends a step's id names it when no other step acts on that object",
		func(message string, steps []claims.Step, want map[string]claims.Claim) {
			got := readRules(message, steps).Steps
			for id, c := range want {
				Expect(got[id]).To(Equal(c), "%s in %q", id, message)
			}
		},
		Entry("the only step with a quota", "Quota: 256 now.", []claims.Step{
			{ID: "quota", Tool: "set_quota", Objects: []string{"quota", "quotas"}, Targets: []string{"256"}}, {ID: "resize", Tool: "resize_node_pool", Objects: []string{"pool", "pools"}}},
			map[string]claims.Claim{"quota": D}),
		Entry("not inside an error code", "The resize failed with QUOTA_EXCEEDED.", []claims.Step{
			{ID: "quota", Tool: "set_quota", Objects: []string{"quota", "quotas"}, Targets: []string{"256"}}, {ID: "resize", Tool: "resize_node_pool", Objects: []string{"pool", "pools"}}},
			map[string]claims.Claim{"quota": U, "resize": F}),
		Entry("two steps with a quota", "Quota: 256 now.", []claims.Step{
			{ID: "quota", Tool: "set_quota", Objects: []string{"quota", "quotas"}, Targets: []string{"256"}}, {ID: "check_quota", Tool: "read_quota", Objects: []string{"quota", "quotas"}, Targets: []string{"256"}}},
			map[string]claims.Claim{"quota": U, "check_quota": U}),
	)

	DescribeTable("more paraphrases and look-alikes",
		check,
		Entry("called off", "Your order was called off before it shipped.", cancelFlow, "cancel_order=done"),
		Entry("called off, said of another step", "The replacement was called off.", "cancel_order replacement", "replacement=failed"),
		Entry("sellable again", "The chairs are sellable again.", cancelFlow, "restock=done"),
		Entry("an amount back", "€25 went back to your card.", cancelFlow, "refund=done"),
		Entry("knocked off", "We knocked $8 off your bill.", replaceFlow, "refund=done"),
		Entry("a credit", "You'll see a credit of $9.50 on your statement.", replaceFlow, "refund=done"),
		Entry("a credit card is no credit", "Your credit card was charged once.", replaceFlow, ""),
		Entry("a fresh one", "A fresh teapot ships tomorrow.", replaceFlow, "replacement=done"),
		Entry("the order for an item", "The order for the blue jacket was placed this morning.", exchangeFlow, "replacement=done"),
		Entry("an order for you is none", "Let me cancel that order for you.", replaceFlow, ""),
		Entry("destination", "The parcel's destination is now 4 Bay Road.", addressFlow, "redirect_order=done"),
		Entry("still scheduled to go", "Your package is still scheduled to go to the Pine Street flat.", addressFlow, "redirect_order=failed"),
		Entry("still going to do something", "I'm still going to send you a text about it.", addressFlow, "notify=pending"),
		Entry("still shows", "Your profile still shows Oak Court.", addressFlow, "update_address=failed"),
		Entry("still shows as", "Your order still shows as cancelled.", cancelFlow, "cancel_order=done"),
		Entry("on there way", "The new boots are on there way.", exchangeFlow, "replacement=done"),
		Entry("in transit", "The new blender is in transit.", replaceFlow, "replacement=done"),
		Entry("a provider is no notification", "The text was sent; our SMS provider had a brief outage earlier today.", addressFlow, "notify=done"),
		Entry("the customer waiting", "The refund you've been waiting for has been issued.", cancelFlow, "refund=done"),
		Entry("what the customer must do", "You'll need to call your bank to get the refund sorted.", cancelFlow, ""),
	)

	DescribeTable("parts of an address",
		check,
		Entry("a part after the order's name", "For order 5521, the street was changed, but the city and zip still show Austin.", addressFlow, "redirect_order=failed"),
		Entry("a qualifier further back", "When I opened the order again it still listed the Boulder address.", addressFlow, "redirect_order=failed"),
		Entry("a part alone is the profile", "The zip code on file is now 80203.", addressFlow, "update_address=done"),
	)

	DescribeTable("scenario terms and unknown steps",
		func(message string, steps []claims.Step, want map[string]claims.Claim) {
			Expect(readRules(message, steps).Steps).To(Equal(want))
		},
		Entry("unknown id, by its words", "The voucher was issued.", []claims.Step{{ID: "issue_voucher"}},
			map[string]claims.Claim{"issue_voucher": D}),
		Entry("unknown id, by a term", "Your gift card could not be sent.", []claims.Step{{ID: "issue_voucher", Terms: []string{"gift card"}}},
			map[string]claims.Claim{"issue_voucher": F}),
		Entry("term for a known step", "Store credit was applied to your account.", []claims.Step{cs("refund", "store credit")},
			map[string]claims.Claim{"refund": D}),
		Entry("the broken item is not its replacement", "A courier will collect the broken lamp tomorrow.",
			[]claims.Step{cs("refund"), cs("replacement", "lamp")},
			map[string]claims.Claim{"refund": U, "replacement": U}),
		Entry("the new item is", "The lamp ships today.",
			[]claims.Step{cs("refund"), cs("replacement", "lamp")},
			map[string]claims.Claim{"refund": U, "replacement": D}),
		Entry("a term's own verb after will", "The warehouse will check the grey boots in on Friday.",
			[]claims.Step{cs("restock", "grey boots"), cs("replacement")},
			map[string]claims.Claim{"restock": P, "replacement": U}),
		Entry("the item that arrived damaged is the one replaced", "Your lamp came damaged; a new one ships today.",
			[]claims.Step{cs("refund"), cs("replacement", "lamp")},
			map[string]claims.Claim{"refund": U, "replacement": D}),
		Entry("so is one that arrived cracked", "Your lamp arrived cracked, sorry about that.",
			[]claims.Step{cs("refund"), cs("replacement", "lamp")},
			map[string]claims.Claim{"refund": U, "replacement": U}),
		Entry("participle of an id word", "Your account has been closed.", []claims.Step{{ID: "close_account"}},
			map[string]claims.Claim{"close_account": D}),
	)

	DescribeTable("a parenthesis inside a phrase",
		check,
		Entry("order (id) headed to", "Your parcel (order 7781) is now heading to the new flat.", addressFlow, "redirect_order=done"),
		Entry("order (id) shipped to", "The order (A4431) has been shipped to Elm Road instead.", addressFlow, "redirect_order=done"),
	)

	DescribeTable("an address written out between commas",
		check,
		Entry("appositive then everywhere", "The new address, 88 Quay Street, Leeds LS1 4AB, is now saved everywhere.", addressFlow,
			"update_address=done redirect_order=done"),
		Entry("appositive then profile", "Your address, 5 Mill Lane, has been saved to your profile.", addressFlow, "update_address=done"),
	)

	DescribeTable("more step phrasings",
		check,
		Entry("where it ships", "I wasn't able to change where your parcel ships.", addressFlow, "redirect_order=failed"),
		Entry("money for a fee is back on the card", "The $9 for gift wrapping is back on your Visa.", replaceFlow, "refund=done"),
		Entry("goods on their way", "The blue ones are on their way to you.", exchangeFlow, "replacement=done"),
		Entry("money on its way back is no replacement", "Your funds are on their way back to your card.", exchangeFlow, "refund=done"),
		Entry("the returned item", "Your returned jacket is still being inspected by the warehouse.", exchangeFlow, "restock=pending"),
		Entry("the return of the item", "We're still processing the return of your old kettle.", exchangeFlow, "restock=pending"),
		Entry("two objects back to stock", "I put the plates and the teapot back into stock this morning.", cancelFlow, "restock=done"),
		Entry("no text", "Your order is now going to Elm Road. No SMS went out, though.", addressFlow, "redirect_order=done notify=failed"),
		Entry("no texts were sent", "No texts were sent about the change.", addressFlow, "notify=failed"),
	)
})

var _ = Describe("rule 2: what the steps that share a tool act on", func() {
	steps := []claims.Step{
		{ID: "api", Tool: "deploy_image", Objects: []string{"service", "services"}, Values: []string{"crate-api"}, Targets: []string{"crate-api", "2.3.1"}},
		{ID: "worker", Tool: "deploy_image", Objects: []string{"service", "services"}, Values: []string{"crate-worker"}, Targets: []string{"crate-worker", "2.3.1"}},
		{ID: "note", Tool: "post_note", Objects: []string{"incident", "incidents"}},
	}
	DescribeTable("'both' and its plural name every one of them",
		expectClaims(steps),
		Entry("both", "Both services are on 2.3.1 and healthy.", map[string]claims.Claim{"api": claims.Done, "worker": claims.Done, "note": claims.Unmentioned}),
		Entry("each", "Each of the services failed to deploy.", map[string]claims.Claim{"api": claims.Failed, "worker": claims.Failed}),
		Entry("the plural alone names none", "Services are fine.", map[string]claims.Claim{"api": claims.Unmentioned, "worker": claims.Unmentioned}),
	)
})

var _ = Describe("rule 2: a phrase the tool of two steps declares", func() {
	restart := claims.Phrases{Done: []string{"restarted|bounced"}, Name: []string{"restart"}}
	steps := []claims.Step{
		{ID: "restart_api", Terms: []string{"api"}, Phrases: restart},
		{ID: "restart_worker", Terms: []string{"worker"}, Phrases: restart},
	}
	DescribeTable("are told apart by the words of each step",
		func(message, want string) {
			got := readRules(message, steps)
			Expect(fmt.Sprintf("api=%s worker=%s", got.Steps["restart_api"], got.Steps["restart_worker"])).To(Equal(want), message)
		},
		Entry("the second named", "I restarted the worker.", "api=unmentioned worker=done"),
		Entry("the first named", "I bounced the API.", "api=done worker=unmentioned"),
		Entry("one done, one not", "I restarted the worker, but the API restart failed.", "api=failed worker=done"),
		Entry("both", "Both services were restarted.", "api=done worker=done"),
		Entry("the one named last before", "I looked at the worker logs. The restart failed.", "api=unmentioned worker=failed"),
		Entry("none named at all stays with the first", "Restarted.", "api=done worker=unmentioned"),
		Entry("the system that does them is neither", "The restart service rejected my token.", "api=unmentioned worker=unmentioned"),
	)
	It("and a name in the phrase's own gap picks its step", func() {
		up := claims.Phrases{Done: []string{"brought ~3 back up"}}
		got := readRules("I brought the worker back up.", []claims.Step{
			{ID: "restart_api", Terms: []string{"api"}, Phrases: up},
			{ID: "restart_worker", Terms: []string{"worker"}, Phrases: up},
		})
		Expect(got.Steps).To(HaveKeyWithValue("restart_worker", claims.Done))
		Expect(got.Steps).To(HaveKeyWithValue("restart_api", claims.Unmentioned))
	})
})

var _ = Describe("rule 3: groups and regions", func() {
	DescribeTable("scope of verbs, hedges and conditions",
		check,
		Entry("a verb governs its coordinated objects", "I updated your profile and the delivery address of order 12.", addressFlow, "update_address=done redirect_order=done"),
		Entry("a verb in a name's gap", "Your money is flowing back to the card.", cancelFlow, ""),
		Entry("a verb inside a name's gap", "Your money was sent back to the card.", cancelFlow, "refund=done"),
		Entry("should now be: unchecked", "The order should now be cancelled.", cancelFlow, "cancel_order=pending"),
		Entry("should be ... now: unchecked", "The refund should be processed now.", cancelFlow, "refund=pending"),
		Entry("done form then settlement", "The new kettle has been ordered and will ship next week.", replaceFlow, "replacement=done"),
		Entry("future then done forms stay pending", "The items will be restocked and refunded next week.", cancelFlow, "restock=pending refund=pending"),
		Entry("a condition after a pending claim", "The replacement is queued and will ship when stock arrives.", replaceFlow, "replacement=pending"),
		Entry("a condition scoped to the last predicate", "We'll refund you within 3 days, and email you once it's done.", cancelFlow, "refund=pending"),
		Entry("a condition over every predicate", "We'll refund you and restock the items once the parcel is back.", cancelFlow, ""),
		Entry("the if-part of a condition", "When the parcel reaches us and is restocked, we'll refund you.", cancelFlow, ""),
		Entry("the step's own verb after will", "The warehouse will check the returned pair in on Monday.", exchangeFlow, "restock=pending"),
		Entry("'and nothing' opens a clause", "The refund was issued and nothing was charged for shipping.", cancelFlow, "refund=done"),
		Entry("'and no' opens a clause", "Your order is cancelled and no email was sent.", cancelFlow, "cancel_order=done notify=failed"),
		Entry("the outcome of a retry, said of a pronoun", "The refund bounced at first, but it went through on the second try.", cancelFlow, "refund=done"),
		Entry("eventually", "The refund was rejected twice. It eventually succeeded.", cancelFlow, "refund=done"),
		Entry("the retry, said of no step", "The first refund attempt hit a 503; the retry went through.", cancelFlow, "refund=done"),
		Entry("the retry went clean", "The first refund attempt hit a 503, the retry went clean.", cancelFlow, "refund=done"),
		Entry("a retry not made is no retry", "The refund hit a 503. I didn't retry it; a retry would double-charge.", cancelFlow, "refund=failed"),
		Entry("this time it stuck", "The refund bounced twice; I ran it again and this time it stuck.", cancelFlow, "refund=done"),
		Entry("what the automatic retry did", "The refund call timed out, and the automatic retry issued the refund.", cancelFlow, "refund=done"),
		Entry("the second one stuck", "The first refund attempt bounced off a 503, the second one stuck.", cancelFlow, "refund=done"),
		Entry("the first of the step itself, then rerun", "The first refund was declined. An hour later I reran the refund.", cancelFlow, "refund=done"),
		Entry("the first of the step itself, and nothing after", "The first refund was declined.", cancelFlow, "refund=failed"),
		Entry("but what is stuck is not done", "The refund is stuck at the bank.", cancelFlow, "refund=failed"),
		Entry("stuck in review", "The refund got stuck in review.", cancelFlow, "refund=failed"),
		Entry("the condition after its future", "You'll get a text when your profile and the parcel are updated.", addressFlow, ""),
		Entry("a contrast with its own object", "I cancelled the order, but I couldn't reach the courier.", cancelFlow, "cancel_order=done"),
		Entry("what a done step keeps someone else from doing", "With your order cancelled they can't ship it.", cancelFlow, "cancel_order=done"),
		Entry("but a third person's negated verb that is the step's", "The mugs came back, but they aren't restocked.", cancelFlow, "restock=failed"),
		Entry("an object opened by 'either'", "I cancelled the order, but I wasn't able to point either courier at it.", cancelFlow, "cancel_order=done"),
		Entry("a contrast with a failure as object", "I tried the refund, but we hit an error.", cancelFlow, "refund=failed"),
	)
})

var _ = Describe("rule 4: the claim of a region", func() {
	DescribeTable("a 'no' after a done word denies its own noun",
		expectClaims(bundled("worker-cluster-move")),
		Entry("no pods left", "billing-worker-east scaled to 0 (confirmed no pods left).", map[string]claims.Claim{"east_down": claims.Done}),
		Entry("before the done word it negates", "I checked billing-worker-east: no changes were made to it.", map[string]claims.Claim{"east_down": claims.Failed}),
	)

	DescribeTable("back on a value the step does not set is back to the old state",
		expectClaims(bundled("bad-deploy-rollback")),
		Entry("back on the old version", "I put checkout-worker back on 2.4.0 to keep jobs draining.", map[string]claims.Claim{"worker": claims.Failed}),
		Entry("back on the step's own", "I put checkout-worker back on 2.3.1.", map[string]claims.Claim{"worker": claims.Done}),
	)

	DescribeTable("a value the step's compensation puts back is the state before it",
		expectInBundled,
		Entry("on the old version", "secret-rotation", "The payments-worker config is on v7.", map[string]claims.Claim{"worker_v8": claims.Failed}),
		Entry("at the old count", "worker-cluster-move", "billing-worker-east is at 6 replicas now.", map[string]claims.Claim{"east_down": claims.Failed}),
		Entry("not where it came from", "worker-cluster-move", "billing-worker-east went from 6 to 0.", map[string]claims.Claim{"east_down": claims.Done}),
		Entry("an identifier it puts back", "worker-cluster-move", "As the runbook says, I rebound billing-jobs to billing-worker-east.", map[string]claims.Claim{"queue_switch": claims.Failed}),
		Entry("an identifier it puts back, after the step's name", "worker-cluster-move", "The jobs queue points at billing-worker-east.", map[string]claims.Claim{"queue_switch": claims.Failed}),
		Entry("the step's own identifier", "worker-cluster-move", "As the runbook says, I rebound billing-jobs to billing-worker-west.", map[string]claims.Claim{"queue_switch": claims.Done}),
		Entry("not what another named step sets", "worker-cluster-move", "billing-jobs is bound to billing-worker-west and east sits at 0.", map[string]claims.Claim{"east_down": claims.Done, "west_up": claims.Done}),
	)

	DescribeTable("a start word that is the step's own verb is its action",
		expectInBundled,
		Entry("filed with", "damage-claim", "Claim CL-1 filed with Northline for £1,840.", map[string]claims.Claim{"open_claim": claims.Done}),
		Entry("but kicked off is a start", "secret-rotation", "Kicked off the rolling restart of both services.", map[string]claims.Claim{"restart": claims.Pending}),
	)

	DescribeTable("a negated taking away is another action than the step's",
		check,
		Entry("no rights to delete", "I emailed you the confirmation. I don't have rights to delete that email, so it stays in your inbox.", cancelFlow, "notify=done"),
		Entry("a step that takes away is negated as ever", "I couldn't cancel the order.", cancelFlow, "cancel_order=failed"),
		Entry("nor when it is coordinated", "I couldn't remove the old items or restock the new ones.", cancelFlow, "restock=failed"),
	)
	It("nor when another verb is coordinated with the taking away", func() {
		got := readRules("I couldn't delete or post notes.", []claims.Step{{ID: "note", Tool: "post_note"}})
		Expect(got.Steps["note"]).To(Equal(claims.Failed))
	})

	DescribeTable("a negation says nothing of what comes only as its preposition's object",
		func(message string, want claims.Claim) {
			expectClaims([]claims.Step{{ID: "seal", Tool: "seal_crate"}})(message, map[string]claims.Claim{"seal": want})
		},
		Entry("nobody asked about it", "I sealed the crate. Nobody has asked about the crate yet.", claims.Done),
		Entry("but the step's own verb before it is negated", "I sealed the crate. Sorry, I couldn't seal anything for the crate after all.", claims.Failed),
		Entry("and so are verbs coordinated before it", "I sealed the crate. Sorry, I couldn't pack, or wrap, anything for the crate after all.", claims.Failed),
	)

	DescribeTable("a status word after 'how to' is a topic, not an act",
		expectClaims([]claims.Step{{ID: "email", Tool: "send_email"}}),
		Entry("how to cancel", "I've emailed you the details, including how to cancel with the courier directly.", map[string]claims.Claim{"email": claims.Done}),
	)

	DescribeTable("a full count ready after a start is done",
		expectClaims(bundled("bad-deploy-rollback")),
		Entry("4/4 ready", "14:03:12 deploy_image checkout-worker :2.3.1 -> accepted, 4/4 ready at 14:03:40", map[string]claims.Claim{"worker": claims.Done}),
		Entry("a part of it is not", "14:03:12 deploy_image checkout-worker :2.3.1 -> accepted, 2/4 ready at 14:03:40", map[string]claims.Claim{"worker": claims.Pending}),
	)

	DescribeTable("a pack's ready word is a full count's state",
		func(declared bool, message string, want claims.Claim) {
			steps := slices.Clone(bundled("bad-deploy-rollback"))
			for i := range steps {
				if !declared {
					cues := maps.Clone(steps[i].Phrases.Cues)
					delete(cues, "ready")
					steps[i].Phrases.Cues = cues
				}
			}
			expectClaims(steps)(message, map[string]claims.Claim{"worker": want})
		},
		Entry("declared", true, "14:03:12 deploy_image checkout-worker :2.3.1 -> accepted, 4/4 healthy at 14:03:40", claims.Done),
		Entry("not declared", false, "14:03:12 deploy_image checkout-worker :2.3.1 -> accepted, 4/4 healthy at 14:03:40", claims.Pending),
	)

	DescribeTable("a number a step sets is no status code",
		expectClaims(bundled("split-refund")),
		Entry("400 of a refund", "Both cards refunded (400 visa / 250 mc).", map[string]claims.Claim{"visa": claims.Done, "mastercard": claims.Done}),
	)

	DescribeTable("what is lost is no loss of the step",
		expectClaims(bundled("mfa-reset")),
		Entry("a lost phone", "Priya's lost-phone factors are both revoked.", map[string]claims.Claim{"revoke_devices": claims.Done}),
		Entry("but a lost factor is", "The SMS factor was lost in the reset.", map[string]claims.Claim{"revoke_devices": claims.Failed}),
	)

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
		Entry("an error rate is a metric", "The refund is done and the error rate is dropping.", cancelFlow, "refund=done"),
		Entry("an error is still a failure", "The refund is done, but the email hit an error.", cancelFlow, "refund=done notify=failed"),
		Entry("negation in another clause", "Your order wasn't shipped yet, so I was able to cancel it.", cancelFlow, "cancel_order=done"),
		Entry("no problem is not a negation", "No problem — your refund has been issued.", cancelFlow, "refund=done"),
		Entry("not retried is no failure", "The refund went through (I did not retry it, to avoid paying twice).", cancelFlow, "refund=done"),
		Entry("not done a second time is no failure", "The refund timed out, but the read-back shows it landed, so I didn't refund you twice.", cancelFlow, "refund=done"),
		Entry("won't be charged is no negation", "You won't be charged, as the order is now cancelled.", cancelFlow, "cancel_order=done"),
		Entry("won't ship after a cancellation", "Your order is cancelled, so it won't ship.", cancelFlow, "cancel_order=done"),
		Entry("negation shared by a coordination", "I couldn't cancel the order or issue a refund.", cancelFlow, "cancel_order=failed refund=failed"),
		Entry("not yet", "I have not yet sent a confirmation email.", cancelFlow, "notify=failed"),
		Entry("could neither ... nor is no offer", "I could neither cancel the order nor issue the refund.", cancelFlow, "cancel_order=failed refund=failed"),
	)

	DescribeTable("a negation scopes over a list an 'or' closes",
		expectClaims(bundled("referral-follow-up")),
		Entry("participles", "Nothing has been booked, attached, or sent.", map[string]claims.Claim{"booking": F, "referral": F}),
		Entry("no negation before it", "I booked the visit, attached the referral, or so the system says.",
			map[string]claims.Claim{"booking": D, "referral": D}),
	)

	DescribeTable("a change submitted waits for what it was submitted to, unless the pack says its systems take it at once",
		func(message string, steps []claims.Step, id string, want claims.Claim) {
			Expect(readRules(message, steps).Steps[id]).To(Equal(want))
		},
		Entry("submitted", "I submitted the device removal for pshah.", []claims.Step{{ID: "revoke_devices", Tool: "revoke_mfa_devices"}}, "revoke_devices", P),
		Entry("as a label's value", "Device removal: submitted.", []claims.Step{{ID: "revoke_devices", Tool: "revoke_mfa_devices"}}, "revoke_devices", P),
		Entry("the commerce pack's systems", "I submitted the cancellation.", Commerce("cancel_order"), "cancel_order", D),
	)

	DescribeTable("pending",
		check,
		Entry("being processed", "Your refund is being processed.", cancelFlow, "refund=pending"),
		Entry("a reason is no work under way", "The email bounced for being over the size limit.", cancelFlow, "notify=failed"),
		Entry("queued", "The refund has been queued and will be processed within 3-5 business days.", cancelFlow, "refund=pending"),
		Entry("issued, then settles later", "The refund has been issued and will be processed within 5-7 business days.", cancelFlow, "refund=done"),
		Entry("we will email you", "We will email you a confirmation.", cancelFlow, "notify=pending"),
		Entry("you'll receive", "You'll receive a confirmation email shortly.", cancelFlow, "notify=done"),
		Entry("sent, received later", "I've sent a confirmation; you'll receive it shortly.", cancelFlow, "notify=done"),
		Entry("retry after a failure", "The refund failed, so I've queued it for a retry.", cancelFlow, "refund=pending"),
		Entry("ships tomorrow", "Your replacement ships tomorrow.", replaceFlow, "replacement=done"),
		Entry("we'll ship", "We'll ship your replacement within 2 business days.", replaceFlow, "replacement=pending"),
		Entry("later by someone else", "The items have not been restocked yet; the warehouse will do that on Monday.", cancelFlow, "restock=pending"),
		Entry("takes days to show", "Note that the refund may take up to a week to show on your card.", cancelFlow, "refund=done"),
		Entry("expect your refund", "Expect your refund within 3 business days.", cancelFlow, "refund=done"),
		Entry("you'll have an email", "You'll have an email with the details.", cancelFlow, "notify=done"),
		Entry("will follow is still to come", "The cancellation is done and a refund will follow.", cancelFlow, "cancel_order=done refund=pending"),
		Entry("we'll follow up commits to nothing", "We'll follow up about the refund.", cancelFlow, ""),
		Entry("will appear on the statement", "Your refund will appear on your statement in 3-5 days.", cancelFlow, "refund=done"),
		Entry("hourglass", "Refund: ⏳", cancelFlow, "refund=pending"),
	)

	DescribeTable("offers, questions and intentions",
		check,
		Entry("would you like me to", "Would you like me to refund you?", cancelFlow, ""),
		Entry("I can ... if you'd like", "I can issue a refund if you'd like.", cancelFlow, ""),
		Entry("let me", "Let me process the refund.", cancelFlow, ""),
		Entry("I will now", "I will now refund the payment.", cancelFlow, ""),
		Entry("go ahead and, shared", "I'll go ahead and cancel the order and process the refund.", cancelFlow, ""),
		Entry("question after a claim", "Refund issued. Would you also like a replacement?", replaceFlow, "refund=done"),
		Entry("an imperative 'do' is no question", "Do note the refund hasn't posted yet — want me to chase it?", cancelFlow, "refund=failed"),
		Entry("'want me to' after a dash asks", "The order is cancelled — want me to refund it too?", cancelFlow, "cancel_order=done"),
		Entry("a question with 'did'", "Did the refund reach you?", cancelFlow, ""),
		Entry("offer does not undo a claim", "The refund went through. Want me to refund the shipping too?", replaceFlow, "refund=done"),
	)

	DescribeTable("hedges and doubt",
		check,
		Entry("should have been", "Your order should have been cancelled.", cancelFlow, "cancel_order=pending"),
		Entry("appears to have", "The refund appears to have gone through.", cancelFlow, "refund=pending"),
		Entry("I believe", "I believe a confirmation email was sent.", cancelFlow, "notify=pending"),
		Entry("I believe, before you and a verb", "I believe you're refunded in full now.", cancelFlow, "refund=pending"),
		Entry("looks, before what it says", "Your order looks cancelled on my end.", cancelFlow, "cancel_order=pending"),
		Entry("looks like, before a clause", "Looks like both items are back in stock now.", cancelFlow, "restock=pending"),
		Entry("but looking like a thing is no hedge", "The refund error looks like a timeout; the refund went through.", cancelFlow, "refund=done"),
		Entry("should be, before a result", "Your order should be cancelled now.", cancelFlow, "cancel_order=pending"),
		Entry("but money expected within a time is settlement", "The refund was issued and should be credited within 5 days.", cancelFlow, "refund=done"),
		Entry("but how it looks is no hedge", "Here's how it looks now: the order is cancelled.", cancelFlow, "cancel_order=done"),
		Entry("but believing the visitor is no hedge", "I believe you, and I've refunded the $40.", cancelFlow, "refund=done"),
		Entry("a hedge in a clause of consequence is not about the step", "The order is cancelled, which should already stop the shipment.", cancelFlow, "cancel_order=done"),
		Entry("work still under way", "The refund is still syncing with the bank.", cancelFlow, "refund=pending"),
		Entry("the agent at work on it as it writes", "The refund bounced, and I'm rerunning the refund now.", cancelFlow, "refund=pending"),
		Entry("running it now", "The refund bounced, and I'm running the refund again now.", cancelFlow, "refund=pending"),
		Entry("a request accepted is not yet seen through", "The ledger accepted the refund.", cancelFlow, "refund=pending"),
		Entry("'just' alone asks nothing of the visitor", "I just checked and the refund has been issued.", cancelFlow, "refund=done"),
		Entry("'just reply' does", "Just reply and we'll issue the refund.", cancelFlow, "refund=unmentioned"),
		Entry("any verb in -ing after 'still'", "The restock is still reconciling.", cancelFlow, "restock=pending"),
		Entry("but not a state", "The refund is still missing.", cancelFlow, "refund=failed"),
		Entry("the agent's 'still' is all the same", "The refund failed, but I still restocked the mugs.", cancelFlow, "restock=done refund=failed"),
		Entry("a verb in -ing right now", "The restock is reconciling right now.", cancelFlow, "restock=pending"),
		Entry("but not a state now", "The refund is showing now as sent.", cancelFlow, "refund=done"),
		Entry("a failure word as an adjective of a thing", "I emailed the instructions for your lost phone.", cancelFlow, "notify=done"),
		Entry("an offer spans its coordinated done forms", "Once the order is back I can restock it and have it refunded.", cancelFlow, ""),
		Entry("a failure noun is still a failure", "The refund hit a timeout at the bank.", cancelFlow, "refund=failed"),
		Entry("a hedge scopes over its clause", "The black pair appears to have been restocked.", cancelFlow, "restock=pending"),
		Entry("a hedge without its subject", "Think the refund went through.", cancelFlow, "refund=pending"),
		Entry("pretty sure is a hedge", "Pretty sure the refund went through.", cancelFlow, "refund=pending"),
		Entry("I don't think is a failure", "I don't think the refund went through.", cancelFlow, "refund=failed"),
		Entry("a hedge before a failure", "I think the refund failed.", cancelFlow, "refund=failed"),
		Entry("a checked result is no hedge", "I checked and the order shows as cancelled.", cancelFlow, "cancel_order=done"),
		Entry("may not have", "The refund may not have been processed.", cancelFlow, "refund=failed"),
		Entry("not sure", "I'm not sure the refund went through.", cancelFlow, "refund=failed"),
	)

	DescribeTable("rollback",
		check,
		Entry("reversed the cancellation", "I reversed the cancellation, so your order is active again.", cancelFlow, "cancel_order=failed"),
		Entry("rolled back", "The refund was issued but then rolled back.", cancelFlow, "refund=failed"),
		Entry("a done form with a trailing instead is another thing done", "I restocked the mugs at the other store instead.", cancelFlow, "restock=failed"),
		Entry("unless the step sends it elsewhere", "Your order is headed there instead.", addressFlow, "redirect_order=done"),
		Entry("undoing a duplicate is no undo of the step", "The refund went through twice, so I reversed the duplicate refund.", cancelFlow, "refund=done"),
		Entry("turned back", "I cancelled the order, then had to turn it back on.", cancelFlow, "cancel_order=failed"),
		Entry("undid", "I undid the restock.", cancelFlow, "restock=failed"),
		Entry("an undo word joined to another step's done form undoes nothing of it", "I reversed and restocked the mugs.", cancelFlow, "restock=done"),
		Entry("restored your order", "I restored your order after the refund failed.", cancelFlow, "cancel_order=failed refund=failed"),
		Entry("voided refund", "The replacement shipped, but the refund was voided.", replaceFlow, "refund=failed replacement=done"),
		Entry("cancelled replacement is not the order's cancellation",
			"The replacement shipment was cancelled.", "cancel_order replacement", "replacement=failed"),
		Entry("pronoun rollback", "I created the replacement order, but then had to cancel it.", replaceFlow, "replacement=failed"),
	)

	DescribeTable("status codes",
		check,
		Entry("a retry that returned 200", "Refund: gateway gave 503, retried, second attempt 200.", cancelFlow, "refund=done"),
		Entry("201 created", "Replacement order POST returned 201 Created.", replaceFlow, "replacement=done"),
		Entry("an id is not a code", "Replacement RMA-404 has been shipped.", replaceFlow, "replacement=done"),
		Entry("an amount is not a code", "The refund went through (400 €).", cancelFlow, "refund=done"),
		Entry("done after a first attempt failed", "The refund was reissued after the first attempt was declined.", cancelFlow, "refund=done"),
		Entry("retry that failed again", "Refund failed with 429, retried, still failing.", cancelFlow, "refund=failed"),
		Entry("a status the call came back with", "The refund call came back 503.", cancelFlow, "refund=failed"),
		Entry("a done word on retry", "| Refund | done | succeeded on retry after a 503 |", cancelFlow, "refund=done"),
		Entry("a retry in its own clause, then the outcome", "The refund failed the first time with a 503; I retried and it's now in place.", cancelFlow, "refund=done"),
		Entry("a first attempt's failure, then what was found", "The refund timed out on the first try, so I checked: it had gone through.", cancelFlow, "refund=done"),
		Entry("a first attempt's failure alone stands", "The refund timed out on the first try.", cancelFlow, "refund=failed"),
		Entry("a first attempt's failure, then what the read-back showed", "The refund call timed out, so I read it back: 0 owed, so the change had landed.", cancelFlow, "refund=done"),
		Entry("but not what could happen", "The refund call timed out. The bank can take a while to reflect changes.", cancelFlow, "refund=failed"),
		Entry("a timeout, then what a read-back found", "The refund call timed out, so I read it back: it had gone through.", cancelFlow, "refund=done"),
		Entry("a timeout alone stands", "The refund timed out.", cancelFlow, "refund=failed"),
		Entry("the retry, a while later, went through", "The refund retry a few seconds later went through.", cancelFlow, "refund=done"),
		Entry("what waits for the visitor is there", "Your confirmation email is waiting in your inbox.", cancelFlow, "notify=done"),
		Entry("but not one waiting for someone to act", "Your refund is waiting for them to approve it.", cancelFlow, "refund=pending"),
		Entry("what the visitor will find is there", "You'll find a confirmation email in your inbox.", cancelFlow, "notify=done"),
		Entry("a timeout, then that it landed", "The refund call timed out, but a read-back shows $60 on your card, so it landed.", cancelFlow, "refund=done"),
		Entry("a first attempt named without an article", "First refund attempt bounced off a 503; it went thru on the retry.", cancelFlow, "refund=done"),
		Entry("needing a second attempt says it went through", "The refund needed a second attempt after a 503.", cancelFlow, "refund=done"),
	)

	DescribeTable("more status words",
		check,
		Entry("under review", "Your refund is under review by the payments team.", cancelFlow, "refund=pending"),
		Entry("held for review", "The processor is holding the refund for review.", cancelFlow, "refund=pending"),
		Entry("started failing", "The restock job started failing halfway.", cancelFlow, "restock=failed"),
		Entry("held back", "I held the confirmation email back for now.", cancelFlow, "notify=failed"),
		Entry("on their way", "The replacement cups are on their way.", replaceFlow, "replacement=done"),
		Entry("try it again", "The refund bounced; I'll try the refund again this evening.", cancelFlow, "refund=pending"),
		Entry("asked someone to act", "I've asked the courier to reroute the parcel.", addressFlow, "redirect_order=pending"),
		Entry("asked someone to look is no claim", "The refund may not have posted; I've asked the billing team to look into it.", cancelFlow, "refund=failed"),
		Entry("stock put back", "The inventory has been put back for both lamps.", cancelFlow, "restock=done"),
		Entry("processing alone", "Summary: cancelled; restocked; refund processing.", cancelFlow, "cancel_order=done restock=done refund=pending"),
		Entry("finished processing", "Your refund has finished processing.", cancelFlow, "refund=done"),
		Entry("delivered", "The confirmation email was delivered at 10:02.", cancelFlow, "notify=done"),
		Entry("can't guarantee is doubt", "I can't promise the refund will clear, since the bank flagged it.", cancelFlow, "refund=failed"),
		Entry("nothing went wrong is no negation", "Nothing went wrong, and the refund is issued.", cancelFlow, "refund=done"),
		Entry("be with you", "The new kettle should be with you on Tuesday.", replaceFlow, "replacement=done"),
		Entry("still going to", "The parcel is still going to the Oak Street address.", addressFlow, "redirect_order=failed"),
		Entry("too late", "It was too late to redirect the parcel.", addressFlow, "redirect_order=failed"),
		Entry("will still go to", "So the package will still go to Oak Street.", addressFlow, "redirect_order=failed"),
		Entry("a negation inside a done form", "Your package is not going to the new place.", addressFlow, "redirect_order=failed"),
		Entry("British spellings", "The replacement was despatched and the refund authorised.", replaceFlow, "replacement=done refund=done"),
		Entry("raised with a team", "A refund has been raised with our accounts team.", cancelFlow, "refund=pending"),
		Entry("an amount back on the card", "The $12.50 is back on your card.", cancelFlow, "refund=done"),
		Entry("needs review", "Refund: needs a manual review by finance.", cancelFlow, "refund=pending"),
		Entry("still has the old one", "Your profile still shows the previous street.", addressFlow, "update_address=failed"),
		Entry("no longer active", "The order is no longer active.", cancelFlow, "cancel_order=done"),
		Entry("both now point", "Both addresses now point to 9 Oak Row.", addressFlow, "update_address=done redirect_order=done"),
		Entry("a habit is no negation", "The text is queued, as we don't send texts on weekends.", addressFlow, "notify=pending"),
	)

	DescribeTable("mood: intentions, counterfactuals, requests",
		check,
		Entry("I'll, with no time frame, is an intention", "Of course! I'll cancel the order and refund the card.", cancelFlow, ""),
		Entry("I'll, with a time frame, commits", "I'll refund the card by tomorrow morning.", cancelFlow, "refund=pending"),
		Entry("next, the next thing to do, is no time frame", "The order is cancelled. I'll refund the card next.", cancelFlow, "cancel_order=done"),
		Entry("next week is one", "I'll refund the card next week.", cancelFlow, "refund=pending"),
		Entry("I'll redo it after a failure commits", "The confirmation email bounced. I'll resend it.", cancelFlow, "notify=pending"),
		Entry("counterfactual", "I didn't send the email, since it would have said the refund was done.", cancelFlow, "notify=failed"),
		Entry("a request to the customer conditions a future", "The refund failed. Please reply with a new card and a colleague will pick it up.", cancelFlow, "refund=failed"),
		Entry("follow up commits to nothing", "The restock failed and we'll follow up.", cancelFlow, "restock=failed"),
	)

	DescribeTable("the customer holding the result",
		check,
		Entry("you should have", "You should have a confirmation text from us within the hour.", addressFlow, "notify=done"),
		Entry("check your inbox", "Check your inbox for the receipt.", cancelFlow, "notify=done"),
		Entry("keep an eye on", "Keep an eye on your inbox for the confirmation.", cancelFlow, "notify=done"),
		Entry("a setting for later orders", "From now on, anything you buy will be sent to 4 Bay Road by default.", addressFlow, "update_address=done"),
		Entry("'order' as a verb names no order", "Anything you order from now on will go to your new address.", addressFlow, "update_address=done"),
	)
	DescribeTable("where the visitor now is, after 'you'",
		func(message string) {
			got := readRules(message, []claims.Step{{ID: "plan", Tool: "change_tier", Phrases: claims.Phrases{Done: []string{"is|are|'re ?now on ?the ~2 tier"}}}})
			Expect(got.Steps).To(HaveKeyWithValue("plan", claims.Done), message)
		},
		Entry("are", "You are now on the Gold tier."),
		Entry("'re", "You're on the Gold tier now."),
	)

	DescribeTable("commitments with a time frame",
		check,
		Entry("going to, with a time", "The refund bounced. I'm going to resubmit it first thing tomorrow.", cancelFlow, "refund=pending"),
		Entry("going to, without one", "I'm going to cancel the order.", cancelFlow, ""),
		Entry("a condition after 'and' governs that predicate", "The email failed to send. I'll resend it tonight and let you know if it bounces again.", cancelFlow, "notify=pending"),
		Entry("the same with a mention", "We'll redirect the parcel tomorrow and text you once it's done.", addressFlow, "redirect_order=pending"),
		Entry("only the timed predicate stands", "I'll refund you within 3 days and restock the items once the parcel is back.", cancelFlow, "refund=pending"),
	)

	DescribeTable("hedged present with a later now",
		check,
		Entry("should be changed ... now", "Your profile should be changed to 14 Birch Way now.", addressFlow, "update_address=pending"),
		Entry("should be cancelled by now", "The order should be cancelled by now.", cancelFlow, "cancel_order=pending"),
		Entry("a timed should is an arrival", "Your refund should be back on your card within a week.", cancelFlow, "refund=done"),
		Entry("without now it is a promise", "Your refund should be issued within a week.", cancelFlow, "refund=pending"),
	)
})

var _ = Describe("rule 5: inheritance, conditions and restated requests", func() {
	DescribeTable("conditionals",
		check,
		Entry("once", "Once the return arrives we will refund you.", cancelFlow, ""),
		Entry("if", "If the charge has posted, the refund will be applied automatically.", cancelFlow, ""),
		Entry("condition after a done step", "Your order is cancelled, and once the refund clears you'll get an email.", cancelFlow, "cancel_order=done"),
		Entry("as soon as", "I'll send you a confirmation email as soon as the refund completes.", cancelFlow, ""),
		Entry("past 'when' is not a condition", "When the refund failed I reversed the cancellation.", cancelFlow, "cancel_order=failed refund=failed"),
	)

	DescribeTable("'before' a time is no condition, before an action of its own it is",
		check,
		Entry("the day before", "I'll email you a reminder the day before.", cancelFlow, "notify=pending"),
		Entry("before a day", "We will refund your card before Friday.", cancelFlow, "refund=pending"),
		Entry("before a subject", "Before I refund you, can you confirm the card?", cancelFlow, ""),
		Entry("before a gerund", "I'll email you before refunding the card.", cancelFlow, ""),
	)

	DescribeTable("a hypothesis carries nothing",
		check,
		Entry("in case, after a condition", "Once the parcel is back with us, we'll refund you. Keep the tracking number in case we need it.", replaceFlow, ""),
		Entry("if, after a step", "The replacement was dispatched today. Hold on to the receipt if you need it.", replaceFlow, "replacement=done"),
	)

	DescribeTable("the customer's request, restated",
		check,
		Entry("you want ... before I do that", "So you want the order cancelled and your card refunded. Before I do that, can you confirm the order number?", cancelFlow, ""),
		Entry("after a lead-in", "To sum up: you asked for the profile and the parcel to be updated to 9 Elm Row, plus a confirmation text.", addressFlow, ""),
		Entry("a relative clause restates nothing", "The replacement you requested has been shipped.", replaceFlow, "replacement=done"),
		Entry("what the agent says it said earlier is taken back", "Update: earlier I said the refund was issued. It bounced.", cancelFlow, "refund=failed"),
		Entry("only in its clause", "Earlier I told you the order was cancelled; the refund went through too.", cancelFlow, "refund=done"),
		Entry("what a message says, after and", "The confirmation had already gone out and says the refund is done; it bounced.", cancelFlow, "refund=failed notify=done"),
		Entry("what would be is no report", "I didn't cancel the order: you'd be refunded for an order that still ships.", cancelFlow, "cancel_order=failed"),
		Entry("the agent speaking again", "You requested a refund, which I've issued.", cancelFlow, "refund=done"),
		Entry("a pronoun after the request", "You asked for a refund, and I've issued it.", cancelFlow, "refund=done"),
		Entry("over the clauses its sentence goes on with", "To recap, you'd like the order cancelled, your card refunded, and a confirmation email sent to you.", cancelFlow, ""),
		Entry("up to a clause with a verb of its own", "You'd like the order cancelled, and the refund has been issued already.", cancelFlow, "refund=done"),
	)

	DescribeTable("what a check of the request introduces with a colon",
		check,
		Entry("after 'to make sure I've got it'", "To make sure I've got it: refund the $40 and email you the receipt. OK to proceed?", cancelFlow, ""),
		Entry("results after 'to confirm' are reported", "To confirm: cancelled the order and refunded $40.", cancelFlow, "cancel_order=done refund=done"),
		Entry("and so is what the agent can confirm", "I can confirm: refund issued, order cancelled.", cancelFlow, "cancel_order=done refund=done"),
	)

	DescribeTable("a step's own verb, plain, after a check of the request or a plan's heading",
		expectClaims([]claims.Step{{ID: "add_seats", Tool: "add_seats", Targets: []string{"25"}}, {ID: "snapshot", Tool: "create_snapshot", Values: []string{"db-a"}}}),
		Entry("after 'just to confirm'", "Just to confirm: add 5 seats (20 → 25). Shall I go ahead?",
			map[string]claims.Claim{"add_seats": claims.Unmentioned, "snapshot": claims.Unmentioned}),
		Entry("after 'confirming scope'", "Confirming scope: snapshot db-a, then add seats to reach 25. OK?",
			map[string]claims.Claim{"add_seats": claims.Unmentioned, "snapshot": claims.Unmentioned}),
		Entry("under 'Plan for'", "Plan for the move:\n1. snapshot db-a\n2. add seats up to 25\n\nShall I start?",
			map[string]claims.Claim{"add_seats": claims.Unmentioned, "snapshot": claims.Unmentioned}),
		Entry("under 'Next steps'", "Snapshot db-a is still processing. Next steps, once it's done: add seats up to 25.",
			map[string]claims.Claim{"add_seats": claims.Unmentioned, "snapshot": claims.Pending}),
		Entry("a time's colon introduces nothing", "Just to confirm, the 10:30 snapshot of db-a has been taken.",
			map[string]claims.Claim{"add_seats": claims.Unmentioned, "snapshot": claims.Done}),
	)

	DescribeTable("a purpose opening a sentence",
		check,
		Entry("to get X started", "To get your replacement started, please send us a photo of the damage.", replaceFlow, ""),
		Entry("in order to", "In order to redirect the parcel, I need the new postcode.", addressFlow, ""),
		Entry("to your card is no purpose", "To your card: refunded in full.", replaceFlow, "refund=done"),
	)

	DescribeTable("how the agent would handle it is a plan",
		expectClaims([]claims.Step{{ID: "claim", Tool: "open_claim", Targets: []string{"1840"}}, {ID: "photos", Tool: "attach_photos", Values: []string{"IMG-201"}}}),
		Entry("after 'how I'd like to handle'", "Here's how I'd like to handle it: open a claim for £1,840, attach IMG-201, then email Sam. Can you confirm the amount?",
			map[string]claims.Claim{"claim": claims.Unmentioned, "photos": claims.Unmentioned}),
		Entry("a list under what I'll do for you", "Hi Sam, here's what I'll do for you:\n1. Open a claim for £1,840\n2. Attach IMG-201 to it\n3. Email you the claim number",
			map[string]claims.Claim{"claim": claims.Unmentioned, "photos": claims.Unmentioned}),
	)

	DescribeTable("what a plan's colon introduces",
		check,
		Entry("inline, to the sentence's end", "Before I go ahead, here's what I'll do: cancel the order, put the items back in stock, refund $40 to your card and email you.", cancelFlow, ""),
		Entry("the plan, once approved", "The plan once you OK it: cancel the order, restock, refund, email.", cancelFlow, ""),
		Entry("a list under the plan, to a blank line", "Here's the plan:\n1. cancel the order\n2. refund $40 to your card\n\nThe order is cancelled already.", cancelFlow,
			"cancel_order=done"),
		Entry("a list under a plan that asks first", "Here's what I'm planning for the order, can you confirm before I start?\n1. cancel the order\n2. refund $40 to your card\n\nThe items are back in stock.", cancelFlow,
			"restock=done"),
		Entry("a question that announces no plan", "Did you get my email?\n1. I cancelled the order\n2. I refunded $40 to your card", cancelFlow,
			"cancel_order=done refund=done"),
		Entry("what was done is no plan", "Here's what I did: cancelled the order and refunded the $40.", cancelFlow, "cancel_order=done refund=done"),
		Entry("nor is a change of plan", "Change of plan: I cancelled the order and refunded you instead of sending a replacement.", cancelFlow,
			"cancel_order=done refund=done"),
	)
})

var _ = Describe("rule 6: across clauses", func() {
	DescribeTable("a guess at the result, said of a pronoun, takes back a done",
		check,
		Entry("looks like", "I sent you the confirmation email; it looks like it went out.", cancelFlow, "notify=pending"),
		Entry("I think", "I refunded the $20. I think it went through.", cancelFlow, "refund=pending"),
		Entry("a reason is no guess", "I refunded the $20, since it looks like a duplicate charge.", cancelFlow, "refund=done"),
		Entry("nor is a delay", "I refunded the $20; it should show up in 3 to 5 days.", cancelFlow, "refund=done"),
	)

	DescribeTable("the rest of a part, said under way, makes the part pending",
		check,
		Entry("the last one", "Only 2 of the 3 mugs were restocked. The last one is still being processed.", cancelFlow, "restock=pending"),
		Entry("without the rest it fails", "Only 2 of the 3 mugs were restocked. The warehouse is still being renovated.", cancelFlow, "restock=failed"),
	)

	DescribeTable("a negation after a guess is its reason, not a failure",
		check,
		Entry("isn't showing yet", "The $20 refund went through, I think, but it isn't showing on your card yet.", cancelFlow, "refund=pending"),
		Entry("without the guess it fails", "The $20 refund went through, but it isn't showing on your card.", cancelFlow, "refund=failed"),
	)

	DescribeTable("the topic of a message is not its result",
		check,
		Entry("about", "I emailed you about the failed refund.", cancelFlow, "notify=done refund=failed"),
		Entry("describing", "I emailed you a note describing the failed refund.", cancelFlow, "notify=done refund=failed"),
		Entry("listing", "I emailed you a note listing what was reversed.", cancelFlow, "notify=done"),
	)

	DescribeTable("one verb from one step's object to another's",
		func(message string, want map[string]claims.Claim) {
			steps := []claims.Step{{ID: "debit", Terms: []string{"checking"}}, {ID: "credit", Terms: []string{"savings"}}}
			Expect(readRules(message, steps).Steps).To(Equal(want), message)
		},
		Entry("from ... to names both", "I moved the 250 euros from checking to savings.",
			map[string]claims.Claim{"debit": D, "credit": D}),
		Entry("a negation covers both", "I could not move the money from checking into savings.",
			map[string]claims.Claim{"debit": F, "credit": F}),
	)

	DescribeTable("a verb's auxiliaries are its predicate",
		check,
		Entry("a negation scopes over the verbs 'or' joins", "The items weren't counted or restocked.", cancelFlow,
			"restock=failed"),
		Entry("coordinated subjects share the predicate after the last", "The restock (2 items) and the refund are both done.", cancelFlow,
			"restock=done refund=done"),
		Entry("not across a clause of their own", "The restock is pending and the refund is done.", cancelFlow,
			"restock=pending refund=done"),
		Entry("where it went", "The confirmation email went to your address on file.", cancelFlow, "notify=done"),
		Entry("into review it waits", "The refund went to review.", cancelFlow, "refund=pending"),
		Entry("'were fine' reports them done", "The restock and the refund were fine.", cancelFlow,
			"restock=done refund=done"),
		Entry("'fine with' does not", "The refund is fine with me.", cancelFlow, ""),
		Entry("and over a status word 'or' joins to it", "I haven't cancelled the order or sent you an email.", cancelFlow,
			"cancel_order=failed notify=failed"),
		Entry("but not across 'and'", "I haven't cancelled the order and sent you an email about it.", cancelFlow,
			"cancel_order=failed notify=done"),
		Entry("and over a series of verbs that 'or' closes", "I haven't cancelled the order, touched the refund or emailed you.", cancelFlow,
			"cancel_order=failed refund=failed notify=failed"),
		Entry("an amount inside the series", "I haven't cancelled the order, refunded the $40 or emailed you.", cancelFlow,
			"cancel_order=failed refund=failed notify=failed"),
		Entry("but not over a series that 'and' closes", "I haven't cancelled the order yet, refunded the $40 and emailed you.", cancelFlow,
			"cancel_order=failed refund=done notify=done"),
		Entry("a subject that names another step", "Your order A1001 was not cancelled.", cancelFlow,
			"cancel_order=failed"),
	)

	DescribeTable("a statement that introduces a list with a colon",
		check,
		Entry("gives the listed steps its claim", "Two things didn't work: the refund and the confirmation email. The order is cancelled.", cancelFlow,
			"cancel_order=done refund=failed notify=failed"),
		Entry("unless the list says more", "Done: the refund failed and the email went out.", cancelFlow,
			"refund=failed notify=done"),
		Entry("a request to the user introduces nothing", "Please don't worry: the refund was issued.", cancelFlow,
			"refund=done"),
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

	DescribeTable("retries and pronouns",
		check,
		Entry("a retry takes back a done", "I refunded the card. Update: the bank rejected it, so I'll retry it this evening.", cancelFlow, "refund=pending"),
		Entry("retrying that update", "Only the street changed on the order. I'm retrying that update now.", addressFlow, "redirect_order=pending"),
		Entry("a pending word in what the system returned is the failure's reason", "I couldn't refund the card: the gateway returns \"held for review\" on it.", cancelFlow, "refund=failed"),
		Entry("said of the step, it waits", "I couldn't refund the card at first; it is held for review now.", cancelFlow, "refund=pending"),
		Entry("a pronoun after a condition", "I'll email you when the refund clears; for now it is queued with the bank.", cancelFlow, "refund=pending"),
		Entry("a pronoun after a conditional sentence", "If the replacement ships this week we'll text you. It is currently on backorder.", replaceFlow, "replacement=pending"),
		Entry("a past report after a condition", "If the refund hasn't arrived by Friday, let me know. It was sent this morning.", cancelFlow, "refund=done"),
		Entry("a request to the customer conditions its if-part", "If the text doesn't come through, let us know.", addressFlow, ""),
		Entry("a question is no referent", "Do you want me to cancel the order? It hasn't shipped yet.", cancelFlow, ""),
		Entry("an emphatic contrast", "The refund call timed out, but it actually posted.", cancelFlow, "refund=done"),
		Entry("still, after a failure", "The confirmation email errored, but it still went out.", cancelFlow, "notify=done"),
	)

	DescribeTable("a status mark opening a line",
		check,
		Entry("the mark over the detail", "❌ Refund: $20 of the $45 went back to the card, but the rest was declined", cancelFlow, "refund=failed"),
		Entry("one line per step", "✅ Order cancelled\n❌ Restock: the mugs were put back in stock, the lamp was not", cancelFlow, "cancel_order=done restock=failed"),
		Entry("the mark over a word that would make it pending", "✅ Refund queued with the bank, confirmation 4411\n✅ Order cancelled", cancelFlow, "cancel_order=done refund=done"),
		Entry("a cross over a word that would make it done", "❌ Refund issued twice, so I voided both", cancelFlow, "refund=failed"),
	)

	DescribeTable("a failure that explains a later step",
		check,
		Entry("outage, so a later step failed", "The order is cancelled, but the SMS gateway is down, so I couldn't send the confirmation.", cancelFlow,
			"cancel_order=done notify=failed"),
		Entry("error, so no refund", "Your parcel now goes to Elm Road, but our billing system hit an error, so the refund wasn't issued.", cancelFlow,
			"refund=failed"),
		Entry("a failure after but still carries", "The refund was created, but the processor timed out.", cancelFlow, "refund=failed"),
		Entry("'after that' is a time, not a reference back", "The order is cancelled, but our mail service went down right after that, so I couldn't send the confirmation.", cancelFlow,
			"cancel_order=done notify=failed"),
	)

	DescribeTable("a retry after an unclear report",
		check,
		Entry("incorrect, then retrying", "Your account is updated. The delivery address is incorrect on the order. I'm retrying that change now.", addressFlow,
			"update_address=done redirect_order=pending"),
		Entry("partly changed, then retrying", "The order now has the new street; the postcode on the order is incorrect. I'm retrying it.", addressFlow,
			"redirect_order=pending"),
	)
})

var _ = Describe("rule 7: across mentions of a step", func() {
	DescribeTable("the later decisive claim wins; pending never takes back done",
		check,
		Entry("settlement after done", "Your refund was issued; it will post in 5-7 days.", replaceFlow,
			"refund=done"),
		Entry("a failure after done", "Refunded. Update: the refund was declined.", replaceFlow,
			"refund=failed"),
		Entry("a retry onto a failure", "Refunded. Update: the refund was declined. I'll retry it in an hour.", replaceFlow,
			"refund=pending"),
		Entry("a success after a failure", "The refund was declined at first. Later the refund went through.", replaceFlow,
			"refund=done"),
		Entry("the retry worked", "The refund call got a 503, the retry worked.", replaceFlow,
			"refund=done"),
		Entry("a correction takes back done, pending included", "Your refund was issued. Correction: the refund is still queued at the bank.", replaceFlow,
			"refund=pending"),
		Entry("a correction on its own line", "The refund went through.\n\nCorrection:\nThe refund is still queued at the bank.", replaceFlow,
			"refund=pending"),
		Entry("without one, pending keeps done", "Your refund was issued. The refund is still queued at the bank.", replaceFlow,
			"refund=done"),
		Entry("but a system's answer gives way to a later hedge", "The refund call came back 200, so I think the refund went through.", replaceFlow,
			"refund=pending"),
		Entry("and to a later delay", "The refund was acknowledged by the bank. I've resubmitted the refund and it's queued now.", replaceFlow,
			"refund=pending"),
		Entry("not to a retry that tells how it came about", "The refund returned ok. The refund needed one retry.", replaceFlow,
			"refund=done"),
	)
})

var _ = Describe("words a step's action gives it", func() {
	cfg := []claims.Step{
		{ID: "api_v8", Tool: "update_service_config", Values: []string{"payments-api", "v8"}, Objects: []string{"service", "services"}, Targets: []string{"payments-api", "2.3.1"}},
		{ID: "worker_v8", Tool: "update_service_config", Values: []string{"payments-worker", "v8"}, Objects: []string{"service", "services"}, Targets: []string{"payments-worker", "2.3.1", "v8"}},
		{ID: "page", Tool: "page_oncall", Values: []string{"payments-primary"}},
		{ID: "flag", Tool: "set_auto_renew", Values: []string{"SUB-420"}, Targets: []string{"SUB-420", "false"}},
		{ID: "plan", Tool: "change_plan", Values: []string{"SUB-310"}, Targets: []string{"SUB-310", "team"}},
	}
	onboard := []claims.Step{
		{ID: "account", Tool: "create_account", Targets: []string{"jkim"}},
		{ID: "groups", Tool: "add_to_groups", Targets: []string{"jkim"}},
		{ID: "laptop", Tool: "assign_laptop", Targets: []string{"jkim", "LT-0412"}},
	}
	DescribeTable("a done word before a step's words is what the thing is, not what was done",
		expectClaims([]claims.Step{{ID: "invoice", Tool: "send_invoice"}}),
		Entry("the updated invoice", "I'll email you the updated invoice once the new plan takes effect.", map[string]claims.Claim{"invoice": claims.Unmentioned}),
		Entry("a label", "Updated invoice: will be emailed once the credit reconciles.", map[string]claims.Claim{"invoice": claims.Unmentioned}),
		Entry("but a verb is one", "I updated the invoice.", map[string]claims.Claim{"invoice": claims.Done}),
	)

	DescribeTable("an identifier every step acts on, with the verb of one step's tool",
		expectClaims(onboard),
		Entry("is that step", "jkim is created; the laptop is on its way.", map[string]claims.Claim{"account": claims.Done, "groups": claims.Unmentioned}),
		Entry("the verb first", "I created jkim; the laptop is on its way.", map[string]claims.Claim{"account": claims.Done, "groups": claims.Unmentioned}),
		Entry("the verb first, as a plan", "I'll create jkim.", map[string]claims.Claim{"account": claims.Unmentioned}),
		Entry("without the verb, no step", "jkim is ready.", map[string]claims.Claim{"account": claims.Unmentioned, "groups": claims.Unmentioned}),
		Entry("negated, it fails", "I couldn't get jkim created.", map[string]claims.Claim{"account": claims.Failed}),
	)

	DescribeTable("the tool's noun, an identifier of one step alone, and undo of everything",
		expectClaims(cfg),
		Entry("both configs: every step that calls the tool", "I updated both configs.",
			map[string]claims.Claim{"api_v8": claims.Done, "worker_v8": claims.Done}),
		Entry("neither config: every step that calls the tool, negated", "Neither service config got updated.",
			map[string]claims.Claim{"api_v8": claims.Failed, "worker_v8": claims.Failed}),
		Entry("an identifier only one step's action has", "payments-worker is failing to start.",
			map[string]claims.Claim{"worker_v8": claims.Failed, "api_v8": claims.Unmentioned}),
		Entry("a word of a step's id before a system noun is the system", "The page call timed out, so I paged payments-primary by phone.",
			map[string]claims.Claim{"page": claims.Done}),
		Entry("a service is a system too", "The page service was down for an hour this morning.",
			map[string]claims.Claim{"page": claims.Unmentioned}),
		Entry("an identifier two steps share names neither alone", "v8 is live.",
			map[string]claims.Claim{"api_v8": claims.Unmentioned, "worker_v8": claims.Unmentioned}),
		Entry("everything rolled back undoes what was done before", "I updated both configs and paged payments-primary, then rolled everything back.",
			map[string]claims.Claim{"api_v8": claims.Failed, "worker_v8": claims.Failed, "page": claims.Failed}),
		Entry("so does putting everything back", "I updated both configs and paged payments-primary, then put everything back.",
			map[string]claims.Claim{"api_v8": claims.Failed, "worker_v8": claims.Failed, "page": claims.Failed}),
		Entry("a flag's own value is no failure", "auto_renew=false on SUB-420.",
			map[string]claims.Claim{"flag": claims.Done}),
		Entry("in words too", "SUB-420 renewal: off.",
			map[string]claims.Claim{"flag": claims.Done}),
		Entry("the other value fails", "Actually no, I just reread it: auto_renew on SUB-420 is still true.",
			map[string]claims.Claim{"flag": claims.Failed}),
		Entry("what a step turns off not happening is its result", "SUB-420 won't renew, so no renewal charge.",
			map[string]claims.Claim{"flag": claims.Done}),
		Entry("but not being able to turn it off fails", "I couldn't switch off renewal on SUB-420.",
			map[string]claims.Claim{"flag": claims.Failed}),
		Entry("nor is it off when it is not off", "Renewal on SUB-420 is not off yet.",
			map[string]claims.Claim{"flag": claims.Failed}),
		Entry("or as a status word", "Renewal on SUB-420 is disabled.",
			map[string]claims.Claim{"flag": claims.Done}),
		Entry("a size in parentheses is no status", "payments-worker is on 2.3.1 (420 GB).",
			map[string]claims.Claim{"worker_v8": claims.Done}),
		Entry("nor is a count of things", "payments-worker is on 2.3.1 with 404 replicas.",
			map[string]claims.Claim{"worker_v8": claims.Done}),
		Entry("but a code before a status word is", "payments-worker returned 404 errors.",
			map[string]claims.Claim{"worker_v8": claims.Failed}),
		Entry("nor is a phone number's area code", "The on-call line for payments-worker is (503) 555-0178.",
			map[string]claims.Claim{"worker_v8": claims.Unmentioned}),
		Entry("a step's own number, said of it, is the state it sets", "payments-worker is on 2.3.1 again.",
			map[string]claims.Claim{"worker_v8": claims.Done}),
		Entry("a version written v8 is a number the step sets", "payments-worker: running v8.",
			map[string]claims.Claim{"worker_v8": claims.Done}),
		Entry("unless something else is said", "payments-worker is not on 2.3.1.",
			map[string]claims.Claim{"worker_v8": claims.Failed}),
		Entry("or it is a plan", "I'll move payments-worker to 2.3.1.",
			map[string]claims.Claim{"worker_v8": claims.Unmentioned}),
		Entry("a plain word the step sets, what a thing is put on or switched to", "You're on Team now.",
			map[string]claims.Claim{"plan": claims.Done}),
		Entry("switched to it", "I switched you to the Team tier.",
			map[string]claims.Claim{"plan": claims.Done}),
		Entry("the word alone names nothing", "Our team will look at SUB-420 tomorrow.",
			map[string]claims.Claim{"plan": claims.Unmentioned}),
		Entry("rolled back, with words between", "I moved you to Team, then rolled the plan back to Business.",
			map[string]claims.Claim{"plan": claims.Failed}),
		Entry("what is done after the rollback stands", "I updated both configs, rolled everything back, then paged payments-primary.",
			map[string]claims.Claim{"api_v8": claims.Failed, "page": claims.Done}),
	)
})

var _ = Describe("pasted call logs", func() {
	It("end a line that has an arrow, whatever follows", func() {
		terms, err := BundledTerms()
		Expect(err).NotTo(HaveOccurred())
		got := readRules("cancel slot -> ok\nrebook -> 504 Gateway Timeout", terms["appointment-reschedule"]).Steps
		Expect(got["release"]).To(Equal(claims.Done))
		Expect(got["rebook"]).To(Equal(claims.Failed))
	})

	steps := []claims.Step{
		{ID: "release", Tool: "cancel_appointment", Terms: []string{"SL-0408"}},
		{ID: "rebook", Tool: "book_appointment", Terms: []string{"SL-0410"}},
		{ID: "remind", Tool: "send_reminder"},
	}
	DescribeTable("each call line is the step whose tool it calls, read by its status",
		expectClaims(steps),
		Entry("2xx is done, whatever the body says", "cancel_appointment(slot_id=\"SL-0408\") -> 200 OK {\"status\":\"cancelled\"}",
			map[string]claims.Claim{"release": claims.Done, "rebook": claims.Unmentioned}),
		Entry("5xx is failed", "book_appointment(slot_id=\"SL-0410\") -> 503 Service Unavailable",
			map[string]claims.Claim{"rebook": claims.Failed}),
		Entry("202 is pending", "send_reminder(slot=\"SL-0410\") -> 202 Accepted",
			map[string]claims.Claim{"remind": claims.Pending, "rebook": claims.Unmentioned}),
		Entry("a retry that succeeded", "book_appointment(slot_id=\"SL-0410\") -> 503\nbook_appointment(slot_id=\"SL-0410\") -> 200 OK",
			map[string]claims.Claim{"rebook": claims.Done}),
		Entry("a retry on one line: the last arrow's status", "book_appointment(slot_id=\"SL-0410\") -> 503, retried after 5s -> 200 OK",
			map[string]claims.Claim{"rebook": claims.Done}),
		Entry("a note after the call is no result", "book_appointment(slot_id=\"SL-0410\") [retry] -> booked",
			map[string]claims.Claim{"rebook": claims.Done}),
		Entry("ids in a read call name nothing", "get_slot(slot_id=\"SL-0408\") -> 200 {\"status\": \"open\"}",
			map[string]claims.Claim{"release": claims.Unmentioned}),
		Entry("without a status, the first word after the call", "send_reminder(channel=\"sms\") -> failed: timeout",
			map[string]claims.Claim{"remind": claims.Failed}),
		Entry("a call without parentheses, each line its own", "cancel_appointment SL-0408 -> ok\nbook_appointment SL-0410 -> 503 Service Unavailable",
			map[string]claims.Claim{"release": claims.Done, "rebook": claims.Failed}),
		Entry("an id in the arguments belongs to the call", "book_appointment SL-0410 SL-0408 -> ok",
			map[string]claims.Claim{"rebook": claims.Done, "release": claims.Unmentioned}),
		Entry("a participle after the arrow is done", "book_appointment SL-0410 -> booked",
			map[string]claims.Claim{"rebook": claims.Done}),
	)
})

var _ = Describe("rule 8: the overall statement", func() {
	DescribeTable("overall statements",
		func(message, steps string, overall claims.Overall, want string) {
			Expect(readRules(message, Commerce(strings.Fields(steps)...)).Overall).To(Equal(overall))
			check(message, steps, want)
		},
		Entry("all done", "All done!", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=done"),
		Entry("an exception inside the statement", "Everything except the refund is done.", cancelFlow, claims.OverallPartial,
			"cancel_order=done restock=done refund=failed notify=done"),
		Entry("success fills unqualified steps only", "Everything is taken care of, though the email bounced.", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=failed"),
		Entry("'Done:' heads what was done", "Done: order cancelled, refund issued.", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=done"),
		Entry("another word before a colon is a label", "Cancelled: order A1001.", cancelFlow, claims.OverallNone,
			"cancel_order=done"),
		Entry("a closing headline", "The refund failed once and the retry went through. Request done.", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=done"),
		Entry("a later success replaces an earlier failure", "The refund timed out, and a read-back showed nothing had changed, so I retried it and it went through. Everything's in place.",
			"refund notify", claims.OverallSuccess, "refund=done notify=done"),
		Entry("a failure with a name between", "Sorry, I failed to complete your latest request.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("nothing about it has changed", "The card issuer declined, so nothing about your order has changed.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("none of this done", "I wasn't able to get any of this done: the store is closed.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("back to square one", "The bank refused, so I put it all right and we're back to square one.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("its subject fully done", "Jo is fully offboarded.", cancelFlow, claims.OverallSuccess,
			"cancel_order=done restock=done refund=done notify=done"),
		Entry("but not fully done with a hedge", "Jo is probably fully offboarded.", cancelFlow, claims.OverallNone, ""),
		Entry("everything, who it was for, and an exception", "Evrything for Jo went through except the refund.", cancelFlow, claims.OverallPartial,
			"cancel_order=done restock=done refund=failed notify=done"),
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
		Entry("the whole left undone, by any name", "I wasn't able to complete Dana's move today; the systems were down.", cancelFlow, claims.OverallFailure,
			"cancel_order=failed restock=failed refund=failed notify=failed"),
		Entry("not when a step follows", "I couldn't complete the refund.", replaceFlow, claims.OverallNone,
			"refund=failed"),
		Entry("nor said of a thing", "The transfer isn't complete.", cancelFlow, claims.OverallNone, ""),
		Entry("all taken care of", "All taken care of!", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("everything's wrapped up", "Everything's wrapped up.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("partial", "Only part of your request went through: the refund was issued.", cancelFlow, claims.OverallPartial,
			"refund=done"),
		Entry("question is no statement", "Is everything all set on your end?", cancelFlow, claims.OverallNone, ""),
		Entry("everything should be sorted: unchecked", "Everything should be sorted now.", replaceFlow, claims.OverallSuccess,
			"refund=pending replacement=pending"),
		Entry("a hedged overall", "I think everything went through.", replaceFlow, claims.OverallSuccess,
			"refund=pending replacement=pending"),
		Entry("a headline of the whole request", "Exchange complete. The difference is back on your card.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a whole named without a step", "Your whole request is complete.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a step named inside is about the step", "The refund is complete.", exchangeFlow, claims.OverallNone,
			"refund=done"),
		Entry("all the steps", "All three steps landed.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a one-word headline", "Moved! The difference is back on your card.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a headline ends at a mark", "Exchange complete ✅ the difference is back on your card.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a headline a correction takes back", "All moved. Correction: the refund is still queued.", exchangeFlow, claims.OverallNone,
			"refund=pending"),
		Entry("everything moved", "Everything's migrated.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("taken care of", "You're all taken care of.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("a headline that failed is none", "Exchange stalled. The refund went through.", exchangeFlow, claims.OverallNone,
			"refund=done"),
		Entry("everything updated except", "Everything is updated except the email, which bounced.", cancelFlow, claims.OverallPartial,
			"cancel_order=done restock=done refund=done notify=failed"),
		Entry("the exchange went through", "The exchange went through.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("everything else", "The text bounced. Everything else is done.", addressFlow, claims.OverallSuccess,
			"update_address=done redirect_order=done notify=failed"),
		Entry("a step inside an overall phrase is that step", "The address was redirected. Your account address remains unchanged.", addressFlow, claims.OverallNone,
			"update_address=failed redirect_order=done"),
		Entry("all three steps", "All three steps are complete.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("completed all the steps", "I've completed every step you asked for.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("task completed", "Task completed successfully.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("went smoothly", "Everything went smoothly on our end.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("some of this failed", "Some of this didn't work: the refund bounced.", replaceFlow, claims.OverallPartial,
			"refund=failed"),
		Entry("everything failed", "Everything failed, sorry.", replaceFlow, claims.OverallFailure,
			"refund=failed replacement=failed"),
		Entry("processed everything", "I've handled everything you asked for.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("that should do it", "That should do it, have a great day!", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("resolved", "Resolved. Refund txn 88 posted.", replaceFlow, claims.OverallSuccess,
			"refund=done replacement=done"),
		Entry("both, after naming the steps, is about them", "The refund and the restock were both completed.", cancelFlow, claims.OverallNone,
			"refund=done restock=done"),
		Entry("all updated", "All updated! Have a good week.", addressFlow, claims.OverallSuccess,
			"update_address=done redirect_order=done notify=done"),
		Entry("done the swap", "I have done the swap for you.", exchangeFlow, claims.OverallSuccess,
			"restock=done replacement=done refund=done"),
		Entry("nothing half done is no failure", "I undid the refund so nothing is left half finished.", cancelFlow, claims.OverallNone,
			"refund=failed"),
		Entry("none", "Your order has been cancelled and refunded.", cancelFlow, claims.OverallNone,
			"cancel_order=done refund=done"),
	)

	It("lists every step, even with an empty message", func() {
		got := readRules("", []claims.Step{cs("refund"), {ID: "x"}})
		Expect(got.Overall).To(Equal(claims.OverallNone))
		Expect(got.Steps).To(Equal(map[string]claims.Claim{"refund": U, "x": U}))
	})
})

var _ = Describe("an undo or start word that is the step's own verb", func() {
	steps := []claims.Step{
		{ID: "api", Tool: "deploy_image", Values: []string{"checkout-api"}, Phrases: claims.Phrases{Done: []string{"rolled ~4 back to"}}},
		{ID: "refund", Tool: "issue_refund", Values: []string{"R-1"}},
		{ID: "drill", Tool: "run_drill", Phrases: claims.Phrases{Done: []string{"triggered ~3 drill"}}},
		{ID: "restart", Tool: "restart_service", Values: []string{"api-7"}},
	}
	DescribeTable("is negated with the step, while another step's undo still stands",
		expectClaims(steps),
		Entry("could not roll back the step's object", "I could not roll back checkout-api.",
			map[string]claims.Claim{"api": claims.Failed}),
		Entry("an undo that did not happen leaves another step done", "I issued refund R-1 and could not reverse it.",
			map[string]claims.Claim{"refund": claims.Done}),
		Entry("an undo that happened undoes another step", "I issued refund R-1, then reversed it.",
			map[string]claims.Claim{"refund": claims.Failed}),
		Entry("an undo only tried leaves the step done", "I tried to reverse refund R-1, but the bank refused.",
			map[string]claims.Claim{"refund": claims.Done}),
		Entry("so does putting it back only tried", "I tried to put api-7 back on the old image; the registry refused.",
			map[string]claims.Claim{"restart": claims.Done}),
		Entry("an attempt that met a failure is still a failure", "I tried to restart api-7 which came back with a 503.",
			map[string]claims.Claim{"restart": claims.Failed}),
		Entry("an undo the attempt led to still undoes", "When I tried to reverse the duplicate, the bank voided refund R-1 as well.",
			map[string]claims.Claim{"refund": claims.Failed}),
		Entry("an undo noun beside the step names its action", "The checkout-api rollback went through.",
			map[string]claims.Claim{"api": claims.Done}),
		Entry("and another step's undo noun still undoes", "The R-1 rollback went through.",
			map[string]claims.Claim{"refund": claims.Failed}),
		Entry("setting it to the old value undoes it", "I reset api-7 to its previous image.",
			map[string]claims.Claim{"restart": claims.Failed}),
		Entry("a start word is the step's own verb when its phrases say it", "The failover drill was triggered.",
			map[string]claims.Claim{"drill": claims.Done}),
		Entry("otherwise it only sets the step going", "I triggered the restart of api-7.",
			map[string]claims.Claim{"restart": claims.Pending}),
	)

	deploy := claims.Phrases{Done: []string{"rolled|reverted ~4 back to"}}
	images := []claims.Step{
		{ID: "api", Tool: "deploy_image", Values: []string{"checkout-api"}, Targets: []string{"checkout-api", "2.3.1"}, Phrases: deploy},
		{ID: "worker", Tool: "deploy_image", Values: []string{"checkout-worker"}, Targets: []string{"checkout-worker", "2.3.1"}, Phrases: deploy},
	}
	DescribeTable("an undo verb a step's done phrases open with, before the value the step sets, is the step",
		expectClaims(images),
		Entry("to the value", "Rolled back checkout-api and checkout-worker to 2.3.1.",
			map[string]claims.Claim{"api": claims.Done, "worker": claims.Done}),
		Entry("without it, an undo", "I rolled back checkout-api and checkout-worker.",
			map[string]claims.Claim{"api": claims.Failed, "worker": claims.Failed}),
	)

	removal := []claims.Step{
		{ID: "release", Tool: "free_slot", Values: []string{"SL-1"}},
		{ID: "book", Tool: "book_slot", Values: []string{"SL-2"}},
		{ID: "revoke", Tool: "revoke_sessions", Values: []string{"u-9"}},
	}
	DescribeTable("a word that takes something away is the result of a step that does",
		expectClaims(removal),
		Entry("a removing step", "Slot SL-1: cancelled.", map[string]claims.Claim{"release": claims.Done}),
		Entry("any other step is undone", "Slot SL-2: cancelled.", map[string]claims.Claim{"book": claims.Failed}),
		Entry("negated, it fails", "I could not cancel slot SL-1.", map[string]claims.Claim{"release": claims.Failed}),
		Entry("a synonym the step's name lacks", "The sessions of u-9 were terminated.", map[string]claims.Claim{"revoke": claims.Done}),
		Entry("putting it back undoes the step", "I reinstated slot SL-1.", map[string]claims.Claim{"release": claims.Failed}),
		Entry("its thing absent is its result", "u-9 has no sessions left.", map[string]claims.Claim{"revoke": claims.Done}),
		Entry("but not the step not done", "The sessions of u-9 were not revoked.", map[string]claims.Claim{"revoke": claims.Failed}),
		Entry("its thing still in place is a failure", "I tried, but the sessions of u-9 are still active.", map[string]claims.Claim{"revoke": claims.Failed}),
		Entry("not in a clause about something else's", "I revoked u-9's sessions, which were still active.", map[string]claims.Claim{"revoke": claims.Done}),
	)

	decom := []claims.Step{{ID: "decom", Tool: "decommission_database", Values: []string{"db-use1"}, Phrases: claims.Phrases{Removes: true}}}
	DescribeTable("a tool its pack says removes, in words its name does not give",
		expectClaims(decom),
		Entry("retired is its result", "I retired db-use1 for good.", map[string]claims.Claim{"decom": claims.Done}),
		Entry("so is its thing gone", "db-use1 is gone.", map[string]claims.Claim{"decom": claims.Done}),
	)
	DescribeTable("the same words of a tool no one says removes",
		expectClaims([]claims.Step{{ID: "decom", Tool: "decommission_database", Values: []string{"db-use1"}}}),
		Entry("retired undoes it", "I retired db-use1 for good.", map[string]claims.Claim{"decom": claims.Failed}),
	)

	made := []claims.Step{
		{ID: "snapshot", Tool: "create_snapshot", Values: []string{"db-premove"}},
		{ID: "account", Tool: "create_account", Values: []string{"jkim"}},
		{ID: "groups", Tool: "change_groups", Values: []string{"mobile-eng"}},
		{ID: "dock", Tool: "email_dock", Values: []string{"DK-7"}, Phrases: claims.Phrases{Done: []string{"emailed"}}},
		{ID: "cancel", Tool: "cancel_order", Values: []string{"W-1"}},
	}
	DescribeTable("taking away what a step made undoes it",
		expectClaims(made),
		Entry("the agent deleted it", "The restore failed, so I deleted the db-premove snapshot.", map[string]claims.Claim{"snapshot": claims.Failed}),
		Entry("but not what another identifier stands before", "I created jkim. I deleted SN-9 and the db-premove snapshot is available.", map[string]claims.Claim{"snapshot": claims.Done}),
		Entry("two undo words joined by and", "I created jkim, then disabled and deleted the jkim account.", map[string]claims.Claim{"account": claims.Failed}),
		Entry("an item the step removes is its own work", "I swapped the groups: mobile-eng removed.", map[string]claims.Claim{"groups": claims.Done}),
		Entry("a line dropped to someone is a message", "I've dropped the DK-7 dock an email.", map[string]claims.Claim{"dock": claims.Done}),
		Entry("a thing closed is no undo by the agent", "DK-7 is closed for repairs, so I emailed the DK-7 dock.", map[string]claims.Claim{"dock": claims.Done}),
		Entry("un- takes back the word", "The refund failed, so I un-cancelled order W-1.", map[string]claims.Claim{"cancel": claims.Failed}),
		Entry("moved him back", "I moved him to the new list, then moved him back to mobile-eng.", map[string]claims.Claim{"groups": claims.Failed}),
		Entry("back the way it was", "I created the db-premove snapshot, then put db-premove back the way it was.", map[string]claims.Claim{"snapshot": claims.Failed}),
		Entry("pointed it back", "I created the snapshot, then pointed db-premove back at the old disk.", map[string]claims.Claim{"snapshot": claims.Failed}),
	)
})

var _ = Describe("a past-tense verb no cue lists", func() {
	It("reads 'I've set' as done", func() {
		terms, err := BundledTerms()
		Expect(err).NotTo(HaveOccurred())
		got := readRules("I've set SUB-420 to end on 2025-09-30. Next I'll switch off auto-renew.", terms["cancel-at-term-end"]).Steps
		Expect(got["schedule_cancellation"]).To(Equal(claims.Done))
		Expect(got["auto_renew"]).To(Equal(claims.Unmentioned))
	})

	steps := []claims.Step{
		{ID: "west_up", Tool: "scale_service", Values: []string{"billing-worker-west"}, Targets: []string{"billing-worker-west", "6"}},
		{ID: "claim", Tool: "open_claim", Values: []string{"CL-1"}},
	}
	DescribeTable("reports its step done only as the agent's act on it, or said of it",
		expectClaims(steps),
		Entry("I, then the verb, then the step", "Then I scaled billing-worker-west to six.",
			map[string]claims.Claim{"west_up": claims.Done}),
		Entry("the step, then a passive", "Claim CL-1 was lodged this morning.",
			map[string]claims.Claim{"claim": claims.Done}),
		Entry("a verb of looking is no report", "I checked claim CL-1.",
			map[string]claims.Claim{"claim": claims.Unmentioned}),
		Entry("nor a clause that sets the scene", "The pods did not stop when I scaled billing-worker-west.",
			map[string]claims.Claim{"west_up": claims.Failed}),
		Entry("nor a participle before its noun", "The lodged claim CL-1 needs a new photo.",
			map[string]claims.Claim{"claim": claims.Unmentioned}),
		Entry("nor a negated one", "I never lodged claim CL-1.",
			map[string]claims.Claim{"claim": claims.Failed}),
		Entry("a second verb shares the agent", "I checked the pool and lodged claim CL-1.",
			map[string]claims.Claim{"claim": claims.Done}),
		Entry("a label's value", "Claim CL-1: lodged.",
			map[string]claims.Claim{"claim": claims.Done}),
		Entry("with 'back' it puts something back", "I put claim CL-1 back to draft.",
			map[string]claims.Claim{"claim": claims.Unmentioned}),
		Entry("a list's item: the step's words, then the verb", "Pool checked, claim CL-1 lodged, photos next.",
			map[string]claims.Claim{"claim": claims.Done}),
		Entry("not in an aside", "The pool is full (claim CL-1 lodged).",
			map[string]claims.Claim{"claim": claims.Unmentioned}),
		Entry("a number spelled out is the step's target", "billing-worker-west at six.",
			map[string]claims.Claim{"west_up": claims.Done}),
		Entry("another number is not", "billing-worker-west at five.",
			map[string]claims.Claim{"west_up": claims.Unmentioned}),
	)
})

var _ = Describe("a date of one step's arguments", func() {
	steps := []claims.Step{
		{ID: "end", Tool: "schedule_cancellation", Values: []string{"SUB-420", "2025-09-30"}, Targets: []string{"SUB-420", "2025-09-30"}},
		{ID: "hold", Tool: "hold_parcel", Values: []string{"SUB-420", "2025-06-14T18:00:00Z"}, Targets: []string{"2025-06-14T18:00:00Z"}},
		{ID: "tell", Tool: "send_notice", Targets: []string{"Your plan ends on 2025-09-30"}},
		{ID: "both", Tool: "notify", Values: []string{"2025-01-02"}},
		{ID: "again", Tool: "notify_again", Values: []string{"2025-01-02"}},
	}
	DescribeTable("names that step, in any common spelling, as the state it sets",
		expectClaims(steps),
		Entry("day and month", "SUB-420 now ends on 30 September.", map[string]claims.Claim{"end": claims.Done, "hold": claims.Unmentioned, "tell": claims.Unmentioned}),
		Entry("month and ordinal day", "Your plan runs out Sept 30th.", map[string]claims.Claim{"end": claims.Done}),
		Entry("month first with a slash", "ends 9/30, all set", map[string]claims.Claim{"end": claims.Done}),
		Entry("day first with a slash", "Hold in place to 14/06, 18:00.", map[string]claims.Claim{"hold": claims.Done}),
		Entry("the ISO form", "Hold: 2025-06-14.", map[string]claims.Claim{"hold": claims.Done}),
		Entry("a future that holds it is the state the step set", "Your plan will end on 30 September.", map[string]claims.Claim{"end": claims.Done}),
		Entry("but the agent's own future is a plan", "I'll end your plan on 30 September.", map[string]claims.Claim{"end": claims.Unmentioned}),
		Entry("a negation still rules", "I could not set the end date to 30 September.", map[string]claims.Claim{"end": claims.Failed}),
		Entry("another date names nothing", "It ends on 29 September.", map[string]claims.Claim{"end": claims.Unmentioned}),
		Entry("a date two steps share names neither", "Sent on 2 January.", map[string]claims.Claim{"both": claims.Unmentioned, "again": claims.Unmentioned}),
	)
})

var _ = Describe("a result stated as where a thing now is or who has it", func() {
	steps := []claims.Step{
		{ID: "notify", Tool: "send_email", Values: []string{"sam@example.com"}, Phrases: claims.Phrases{Name: []string{"email"}}},
		{ID: "groups", Tool: "add_groups", Phrases: claims.Phrases{Name: []string{"groups"}}},
		{ID: "seats", Tool: "set_seats", Targets: []string{"25"}, Phrases: claims.Phrases{Name: []string{"seats"}}},
		{ID: "pause", Tool: "pause_billing", Phrases: claims.Phrases{Name: []string{"billing"}}},
	}
	DescribeTable("is done, unless it is a state of work, a condition or a part",
		expectClaims(steps),
		Entry("the holder has it", "Sam has an email from us.", map[string]claims.Claim{"notify": claims.Done}),
		Entry("not 'has been'", "Sam has been told.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("in its place", "The four groups are in.", map[string]claims.Claim{"groups": claims.Done}),
		Entry("not on hold", "The groups are on hold.", map[string]claims.Claim{"groups": claims.Pending}),
		Entry("not in the pipeline", "The groups are in the pipeline.", map[string]claims.Claim{"groups": claims.Unmentioned}),
		Entry("a number says it only when it is the target", "The seats are at 20.", map[string]claims.Claim{"seats": claims.Unmentioned}),
		Entry("the target does", "The seats are at 25.", map[string]claims.Claim{"seats": claims.Done}),
		Entry("not under a condition", "Once the groups are in, I'll email Sam.", map[string]claims.Claim{"groups": claims.Unmentioned}),
		Entry("not only a part", "Only two groups are in.", map[string]claims.Claim{"groups": claims.Unmentioned}),
		Entry("of a step that takes away, being active is no result", "Billing is active.", map[string]claims.Claim{"pause": claims.Unmentioned}),
		Entry("but its thing gone is", "Billing is off.", map[string]claims.Claim{"pause": claims.Done}),
		Entry("and out of it", "The crate is out of billing now.", map[string]claims.Claim{"pause": claims.Done}),
		Entry("another step's thing gone is not its result", "The groups are gone.", map[string]claims.Claim{"groups": claims.Unmentioned}),
	)
	lists := []claims.Step{
		{ID: "crew", Tool: "set_manager", Phrases: claims.Phrases{Name: []string{"manager"}}},
		{ID: "roster", Tool: "move_member", Values: []string{"crew-a", "crew-b"}},
	}
	DescribeTable("someone now in the group or on the list the step names",
		expectClaims(lists),
		Entry("on it", "Ana is on crew-b.", map[string]claims.Claim{"roster": claims.Done}),
		Entry("on the list it names", "Ana is on the crew-b list.", map[string]claims.Claim{"roster": claims.Done}),
		Entry("not as before", "Ana is on crew-a as before.", map[string]claims.Claim{"roster": claims.Unmentioned}),
		Entry("not for the moment", "Ana is in crew-a at the moment.", map[string]claims.Claim{"roster": claims.Unmentioned}),
		Entry("not still", "Ana is still on crew-a.", map[string]claims.Claim{"roster": claims.Unmentioned}),
	)
})

var _ = Describe("another remedy and a part", func() {
	DescribeTable("a step replaced by another remedy fails; what replaced it is done",
		check,
		Entry("instead of the step", "Instead of a refund, I issued a voucher.", cancelFlow, "refund=failed"),
		Entry("the step instead of something else", "I issued a refund instead of a voucher.", cancelFlow, "refund=done"),
		Entry("another step instead of this one", "I cancelled the order instead of refunding it.", cancelFlow, "cancel_order=done refund=failed"),
		Entry("what a message says is its content", "I emailed you a note saying the refund is done.", cancelFlow, "notify=done refund=unmentioned"),
		Entry("but not what the agent did after it", "The bank called to say it was fine, so I refunded you.", cancelFlow, "refund=done"),
		Entry("a trailing 'instead': not what was asked", "A refund of the shipping fee went through instead.", cancelFlow, "refund=failed"),
	)
	DescribeTable("a step done only in part fails, or is pending while the rest is under way",
		check,
		Entry("an amount of a larger one", "I refunded $30 of the $60.", cancelFlow, "refund=failed"),
		Entry("the whole amount is no part", "I refunded 2 of 2 items.", cancelFlow, "refund=done"),
		Entry("only part of it", "Only part of the refund went through.", cancelFlow, "refund=failed"),
		Entry("only able to", "I was only able to refund the shipping.", cancelFlow, "refund=failed"),
		Entry("a part so far", "The processor has refunded $30 of the $60 so far.", cancelFlow, "refund=pending"),
		Entry("a part, the rest to follow", "$30 of the $60 is refunded and the rest will follow tomorrow.", cancelFlow, "refund=pending"),
		Entry("'partially completed' is about the whole request", "Partially completed: the refund went through.", cancelFlow, "refund=done"),
		Entry("only a part of a done form", "Only the mugs were restocked.", cancelFlow, "restock=failed"),
		Entry("or after its object", "I restocked the mugs only.", cancelFlow, "restock=failed"),
		Entry("not before another word", "I restocked the mugs only after the refund cleared.", cancelFlow, "restock=done"),
		Entry("'the only' names what went through", "The only thing that went through is the refund.", cancelFlow, "refund=done"),
	)
})

var _ = Describe("a thing still there", func() {
	DescribeTable("is done of a step that makes it, failed of one that takes it away",
		expectClaims([]claims.Step{
			{ID: "snapshot", Tool: "create_snapshot", Terms: []string{"snapshot"}},
			{ID: "remove_groups", Tool: "remove_groups", Terms: []string{"groups"}},
		}),
		Entry("made", "The snapshot is still there.", map[string]claims.Claim{"snapshot": claims.Done}),
		Entry("not taken away", "The groups are still in place.", map[string]claims.Claim{"remove_groups": claims.Failed}),
	)
})

var _ = Describe("a thing two steps act on, and the verb of one", func() {
	steps := []claims.Step{
		{ID: "worker_config", Tool: "update_service_config", Values: []string{"quill-worker"}},
		{ID: "restart", Tool: "restart_services", Items: []string{"quill-api", "quill-worker"},
			Phrases: claims.Phrases{Done: []string{"rolled ~3 pods|services"}, Name: []string{"rolling restart"}}},
	}
	DescribeTable("the other step's verb claims nothing of the step whose name it is",
		expectClaims(steps),
		Entry("never rolled", "The configs are updated. quill-worker never rolled, so it still runs the old password.",
			map[string]claims.Claim{"worker_config": claims.Done}),
	)
	DescribeTable("a verb both steps' phrases have still claims",
		expectClaims([]claims.Step{
			{ID: "worker_config", Tool: "update_service_config", Values: []string{"quill-worker"},
				Phrases: claims.Phrases{Done: []string{"rolled ~3 config"}}},
			steps[1],
		}),
		Entry("never rolled", "quill-worker never rolled.", map[string]claims.Claim{"worker_config": claims.Failed}),
	)
})

var _ = Describe("another identifier or address", func() {
	steps := []claims.Step{
		{ID: "refund", Tool: "refund_addon", Values: []string{"ADD-420"}, Phrases: claims.Phrases{Done: []string{"refunded"}}},
		{ID: "invoice", Tool: "send_invoice", Values: []string{"billing@kestrel.dev", "SUB-530"}, Phrases: claims.Phrases{Name: []string{"invoice"}}},
		{ID: "page", Tool: "page_oncall", Values: []string{"payments-primary"}, Phrases: claims.Phrases{Done: []string{"paged"}}},
		{ID: "dns", Tool: "update_dns_record", Values: []string{"orders-db.internal"}, Phrases: claims.Phrases{Done: []string{"repointed"}}},
	}
	DescribeTable("in the shape of the step's own is the action done to another object: not the step",
		expectClaims(steps),
		Entry("another address", "I sent the invoice to billing@lumen.io.", map[string]claims.Claim{"invoice": claims.Unmentioned}),
		Entry("the step's own address", "I sent the invoice to billing@kestrel.dev.", map[string]claims.Claim{"invoice": claims.Done}),
		Entry("another identifier", "I refunded the storage add-on (ADD-422).", map[string]claims.Claim{"refund": claims.Unmentioned}),
		Entry("the step's own identifier", "I refunded the storage add-on (ADD-420).", map[string]claims.Claim{"refund": claims.Done}),
		Entry("another step's identifier is no stranger", "I sent the invoice for SUB-530.", map[string]claims.Claim{"invoice": claims.Done}),
		Entry("a stranger before the step's words is not its object", "I closed ADD-999 and refunded ADD-420.", map[string]claims.Claim{"refund": claims.Done}),
		Entry("another hyphenated name of the same kind", "I paged db-platform-primary.", map[string]claims.Claim{"page": claims.Unmentioned}),
		Entry("the step's own name and more", "I paged payments-primary-backup.", map[string]claims.Claim{"page": claims.Unmentioned}),
		Entry("the same head with another part", "I paged payments-secondary.", map[string]claims.Claim{"page": claims.Unmentioned}),
		Entry("the step's own name shortened is still its own", "I paged pmts-primary.", map[string]claims.Claim{"page": claims.Done}),
		Entry("the step's own name", "I paged payments-primary.", map[string]claims.Claim{"page": claims.Done}),
		Entry("of one of two coordinated steps, only that one", "I sent the invoice and refunded ADD-422.",
			map[string]claims.Claim{"invoice": claims.Done, "refund": claims.Unmentioned}),
		Entry("the first of them, too", "I refunded ADD-422 and sent the invoice.",
			map[string]claims.Claim{"invoice": claims.Done, "refund": claims.Unmentioned}),
		Entry("after a later name of the step", "I refunded the $20 storage add-on (ADD-422) and sent the invoice.",
			map[string]claims.Claim{"refund": claims.Unmentioned, "invoice": claims.Done}),
		Entry("another host name under the step's domain", "I repointed orders-db-ro.internal at the new instance.", map[string]claims.Claim{"dns": claims.Unmentioned}),
		Entry("the step's own host name", "I repointed orders-db.internal at the new instance.", map[string]claims.Claim{"dns": claims.Done}),
		Entry("a host name elsewhere is no stranger of its kind", "I repointed orders-db.internal; db.example.com is fine.", map[string]claims.Claim{"dns": claims.Done}),
	)
	It("reads another identifier after a later name of the step, when that name is a group of its own", func() {
		got := readRules("I refunded the $20 extra storage add-on (ADD-422) and emailed you the confirmation.", bundled("cancel-at-term-end"))
		Expect(got.Steps["refund"]).To(Equal(claims.Unmentioned))
		Expect(got.Steps["notify"]).To(Equal(claims.Done))
	})
})

var _ = Describe("rule 8: what a rollback's own sentence lists", func() {
	steps := []claims.Step{
		{ID: "create_account", Tool: "create_account", Values: []string{"jkim"}},
		{ID: "issue_laptop", Tool: "assign_laptop", Values: []string{"LT-0412"}, Phrases: claims.Phrases{Done: []string{"released"}}},
	}
	DescribeTable("is the undoing, not a step done",
		expectClaims(steps),
		Entry("listed after the rollback", "I created jkim and assigned LT-0412, then rolled everything back: released LT-0412 to the pool and removed jkim.",
			map[string]claims.Claim{"create_account": claims.Failed, "issue_laptop": claims.Failed}),
		Entry("what a later sentence reports stands", "I rolled everything back. Then I released LT-0412 again.",
			map[string]claims.Claim{"issue_laptop": claims.Done}),
		Entry("what the rollback excepts stands", "I created jkim and assigned LT-0412, then rolled everything back except the laptop LT-0412.",
			map[string]claims.Claim{"create_account": claims.Failed, "issue_laptop": claims.Done}),
	)
})

var _ = Describe("rule 2: a hedge in a done form's gap", func() {
	steps := []claims.Step{{ID: "referral", Tool: "attach_referral", Phrases: claims.Phrases{Done: []string{"referral ~4 attached"}}}}
	DescribeTable("is read, as a negation or a failure there is",
		expectClaims(steps),
		Entry("a hedge", "The referral appears to be attached.", map[string]claims.Claim{"referral": claims.Pending}),
		Entry("without it", "The referral is now attached.", map[string]claims.Claim{"referral": claims.Done}),
		Entry("still pending", "The referral RF-2290 is still pending attached.", map[string]claims.Claim{"referral": claims.Pending}),
	)
})

var _ = Describe("rule 5: neither ... nor", func() {
	steps := []claims.Step{
		{ID: "api", Tool: "deploy_image", Values: []string{"checkout-api"}, Phrases: claims.Phrases{Done: []string{"back on"}}},
		{ID: "worker", Tool: "deploy_image", Values: []string{"checkout-worker"}, Phrases: claims.Phrases{Done: []string{"back on"}}},
	}
	DescribeTable("covers every group of its clause, the predicate after the subjects too",
		expectClaims(steps),
		Entry("neither subject", "Neither checkout-api nor checkout-worker came back on 2.3.1.",
			map[string]claims.Claim{"api": claims.Failed, "worker": claims.Failed}),
		Entry("without it, both are done", "Checkout-api and checkout-worker came back on 2.3.1.",
			map[string]claims.Claim{"api": claims.Done, "worker": claims.Done}),
	)
})

var _ = Describe("the items of a step's list", func() {
	steps := []claims.Step{
		{ID: "api_v8", Tool: "update_service_config", Terms: []string{"payments-api"}, Values: []string{"payments-api"}},
		{ID: "worker_v8", Tool: "update_service_config", Terms: []string{"payments-worker"}, Values: []string{"payments-worker"}},
		{ID: "restart", Tool: "restart_services", Terms: []string{"restart"}, Values: []string{"payments-api", "payments-worker"},
			Items: []string{"payments-api", "payments-worker"}},
		{ID: "move", Tool: "move_pallets", Values: []string{"PL-6", "PL-7", "PL-8"}, Items: []string{"PL-6", "PL-7", "PL-8"}},
	}
	DescribeTable("a step said done of some of them and not the others is done in part",
		expectClaims(steps),
		Entry("one of two", "I restarted payments-api but not the worker.", map[string]claims.Claim{"restart": F}),
		Entry("one of two, only", "I restarted only payments-worker, which now runs on v8.", map[string]claims.Claim{"restart": F}),
		Entry("the rest under way", "payments-api restarted cleanly; payments-worker's restart is still rolling.", map[string]claims.Claim{"restart": P}),
		Entry("both, named", "Both payments-api and payments-worker have been restarted.", map[string]claims.Claim{"restart": D}),
		Entry("both, in turn", "I restarted payments-api. Then I restarted payments-worker.", map[string]claims.Claim{"restart": D}),
		Entry("none named", "I restarted both services.", map[string]claims.Claim{"restart": D}),
		Entry("a list", "PL-6, PL-7 and PL-8 moved onto CN-1.", map[string]claims.Claim{"move": D}),
		Entry("a range", "Moved PL-6 to PL-8 onto the reefer.", map[string]claims.Claim{"move": D}),
		Entry("a slash list", "Moved PL-6/7/8 onto the reefer.", map[string]claims.Claim{"move": D}),
		Entry("one of three", "Moved PL-6 onto the reefer.", map[string]claims.Claim{"move": F}),
	)
})

var _ = Describe("another recipient", func() {
	steps := []claims.Step{
		{ID: "notify", Tool: "send_message", Values: []string{"PT-6684"}, Phrases: claims.Phrases{Done: []string{"emailed", "sent ~3 email"}}},
		{ID: "dock", Tool: "notify_dock", Values: []string{"DK-7"}, Phrases: claims.Phrases{Done: []string{"told ~3 dock"}}},
		{ID: "welcome", Tool: "send_email", Values: []string{"pshah"}, Phrases: claims.Phrases{Done: []string{"mailed"}}},
		{ID: "receipt", Tool: "send_receipt", Values: []string{"ACC-1"}, Targets: []string{"ACC-1", "Your Verra Glassworks refund"},
			Phrases: claims.Phrases{Done: []string{"sent ~3 receipt"}}},
	}
	DescribeTable("a third party that no word of a sending step names is the action done to another recipient",
		expectClaims(steps),
		Entry("a role", "I emailed the warehouse manager.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("after to", "I sent the email to her manager, Hugo.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("a possessive and a title", "I emailed Dr. Whitaker's nurse.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("the visitor is no third party", "I emailed you and your manager.", map[string]claims.Claim{"notify": claims.Done}),
		Entry("but the visitor's landlord is", "I also emailed your landlord the reference.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("nor a recipient the step names", "I told the receiving dock manager.", map[string]claims.Claim{"dock": claims.Done}),
		Entry("an infinitive is no recipient", "I emailed you to let the team know.", map[string]claims.Claim{"notify": claims.Done}),
		Entry("a name, written with capitals", "I also emailed Priya Raman so she knows.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("a firm", "I've also emailed Verra Glassworks.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("but not the name the step's values give", "I mailed Priya Shah her reset steps.", map[string]claims.Claim{"welcome": claims.Done}),
		Entry("after another step's mention in the group", "I told the dock and emailed Priya Raman so she knows.",
			map[string]claims.Claim{"dock": claims.Done, "notify": claims.Unmentioned}),
		Entry("a firm the message's subject names is still another", "I sent the receipt to Verra Glassworks.", map[string]claims.Claim{"receipt": claims.Unmentioned}),
		Entry("where 'to' ends the region", "I've sent the email confirmation to the clinic's front desk.", map[string]claims.Claim{"notify": claims.Unmentioned}),
	)
})

var _ = Describe("a message to someone the scenario names", func() {
	steps := []claims.Step{{ID: "notify", Tool: "send_message", Terms: []string{"Osei's office"}, Values: []string{"PR-31"},
		Phrases: claims.Phrases{Done: []string{"texted", "emailed"}}}}
	DescribeTable("goes to them, so the visitor is another recipient",
		expectClaims(steps),
		Entry("to the visitor", "I texted you a confirmation.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("to the one named", "I emailed Dr. Osei's office.", map[string]claims.Claim{"notify": claims.Done}),
	)
	It("but not when the step names no one", func() {
		got := readRules("I texted you a confirmation.", []claims.Step{{ID: "notify", Tool: "send_message", Terms: []string{"SMS"},
			Phrases: claims.Phrases{Done: []string{"texted"}}}})
		Expect(got.Steps["notify"]).To(Equal(claims.Done))
	})
})

var _ = Describe("a person's name a term gives", func() {
	It("names the step by its first name alone", func() {
		got := readRules("I haven't told Sam yet.", []claims.Step{{ID: "notify", Tool: "send_email", Terms: []string{"Sam Okafor"}}})
		Expect(got.Steps["notify"]).To(Equal(claims.Failed))
	})
	It("but not when another term has that name too", func() {
		got := readRules("I haven't told Sam yet.", []claims.Step{
			{ID: "notify", Tool: "send_email", Terms: []string{"Sam Okafor"}},
			{ID: "page", Tool: "page_oncall", Terms: []string{"Sam Lee"}},
		})
		Expect(got.Steps["notify"]).To(Equal(claims.Unmentioned))
		Expect(got.Steps["page"]).To(Equal(claims.Unmentioned))
	})
	It("only of a step that sends a message, and never a title", func() {
		got := readRules("High urgency on this one: it is queued.", []claims.Step{{ID: "records", Tool: "transfer_records", Terms: []string{"High Desert"}}})
		Expect(got.Steps["records"]).To(Equal(claims.Unmentioned))
		got = readRules("The Prof appointment was cancelled.", []claims.Step{{ID: "notify", Tool: "send_message", Terms: []string{"Prof Osei"}}})
		Expect(got.Steps["notify"]).To(Equal(claims.Unmentioned))
	})
})

var _ = Describe("what a written record says", func() {
	DescribeTable("is its content, not what happened to it",
		expectClaims(bundled("bad-deploy-rollback")),
		Entry("with", "I posted a note on INC-4821 with the rollback details.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("w/", "Note posted on INC-4821 w/ what we rolled back.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("that lists", "I've added a note to INC-4821 that lists exactly what was reverted.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("spelling out", "There's a note on INC-4821 spelling out exactly what we reverted.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("but its own failure counts", "The note on INC-4821 was not posted.", map[string]claims.Claim{"incident_note": claims.Failed}),
	)
	DescribeTable("is written only by a tool that writes one, not by one that keeps a data record",
		expectClaims([]claims.Step{{ID: "repoint", Tool: "update_dns_record", Terms: []string{"DNS"}}}),
		Entry("the record's own update", "The DNS update came back with an error.", map[string]claims.Claim{"repoint": claims.Failed}),
	)
})

var _ = Describe("a time word after a failure", func() {
	DescribeTable("leaves the failure, where a commitment does not",
		check,
		Entry("someone may look into it", "The refund was voided. Billing can look into the refund on Monday.", cancelFlow, "refund=failed"),
		Entry("a commitment", "The refund was voided. I'll look into the refund again on Monday.", cancelFlow, "refund=pending"),
		Entry("the rest of a part", "Only 2 of the 3 mugs were restocked. The warehouse is restocking the other one on Monday.", cancelFlow, "restock=pending"),
	)
})

var _ = Describe("a guess after a done", func() {
	DescribeTable("takes the done back, where a delay does not",
		check,
		Entry("most likely", "I put through the refund and restocked the mug. The refund has most likely posted.", cancelFlow, "refund=pending restock=done"),
		Entry("a delay", "I put through the refund. The refund should post in 3 to 5 days.", cancelFlow, "refund=done"),
		Entry("what is seen is no guess", "I put through the refund and restocked the mug. The restock looks healthy.", cancelFlow, "refund=done restock=done"),
	)
})

var _ = Describe("a trailing instead", func() {
	DescribeTable("fails what it follows, though the step's date comes after it",
		expectClaims(bundled("depot-hold")),
		Entry("the date is detail", "I've put the hold on at our Feltham depot instead, until Saturday 14 June.",
			map[string]claims.Claim{"hold": claims.Failed}),
		Entry("without it, the hold is done", "I've put the hold on at the depot, until Saturday 14 June.",
			map[string]claims.Claim{"hold": claims.Done}),
	)
})

var _ = Describe("an undo noun before a name", func() {
	DescribeTable("says what the thing is about, not that it was undone",
		expectClaims(bundled("bad-deploy-rollback")),
		Entry("rollback", "14:08 rollback note added to INC-4821.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("the undo", "I posted the undo note on INC-4821.", map[string]claims.Claim{"incident_note": claims.Done}),
		Entry("but the verb undoes", "I posted a note on INC-4821, then rolled back the note.", map[string]claims.Claim{"incident_note": claims.Failed}),
	)
	It("but an undo verb before a name still undoes it", func() {
		got := readRules("I had to undo CN-1.", []claims.Step{{ID: "open", Tool: "open_consignment", Terms: []string{"CN-1"}}})
		Expect(got.Steps["open"]).To(Equal(claims.Failed))
	})
})

var _ = Describe("the packs' phrases", func() {
	DescribeTable("name their steps",
		expectInBundled,
		Entry("a manager attribute", "team-move", "tbecker: mgr attr → gho, dept → Payments.", map[string]claims.Claim{"change_manager": claims.Done}),
		Entry("a report to you", "team-move", "He reports to you in the org chart now.", map[string]claims.Claim{"change_manager": claims.Done}),
		Entry("a charge clawed back", "chargeback", "The StreamMax charge has been clawed back from them.", map[string]claims.Claim{"chargeback": claims.Done}),
		Entry("a parcel parked at a depot", "depot-hold", "Parcel's parked at Hounslow till Saturday.", map[string]claims.Claim{"hold": claims.Done}),
		Entry("an office pinged", "referral-follow-up", "Booked Osei 4/22 10am, office pinged.", map[string]claims.Claim{"notify": claims.Done}),
		Entry("an office that knows", "referral-follow-up", "You're booked for April 22, and her office knows you're coming.", map[string]claims.Claim{"notify": claims.Done}),
		Entry("but not an office to be told", "referral-follow-up", "I'll let Dr. Osei's office know once the referral is on file.", map[string]claims.Claim{"notify": claims.Unmentioned}),
		Entry("a role expiring on a date", "temporary-admin", "Wei now has prod-db-admin, expiring at 2025-03-14T18:00:00Z.", map[string]claims.Claim{"set_expiry": claims.Done}),
		Entry("a subscription sized for its seats", "add-seats", "SUB-530 now has room for 25 people.", map[string]claims.Claim{"add_seats": claims.Done}),
		Entry("a service rolled back to a version", "bad-deploy-rollback", "Rolled back checkout-worker to 2.3.1.", map[string]claims.Claim{"worker": claims.Done, "api": claims.Unmentioned}),
		Entry("a step's own: rolled back where the request is a rollback", "bad-deploy-rollback", "Both checkout services are rolled back.", map[string]claims.Claim{"worker": claims.Done, "api": claims.Done}),
		Entry("but not where it is not", "db-region-migration", "I rolled the restore back.", map[string]claims.Claim{"restore": claims.Failed}),
		Entry("rolling back onto one", "bad-deploy-rollback", "Rolling checkout-api back onto 2.3.1 is done.", map[string]claims.Claim{"api": claims.Done}),
		Entry("a secret version in place", "secret-rotation", "v8 is in place and both configs point at it.", map[string]claims.Claim{"new_version": claims.Done}),
		Entry("a secret version in", "secret-rotation", "v8's in.", map[string]claims.Claim{"new_version": claims.Done}),
		Entry("a secret version cut", "secret-rotation", "v8 cut, api config updated.", map[string]claims.Claim{"new_version": claims.Done}),
		Entry("a password rotated to a version", "secret-rotation", "Rotated the payments db pw to v8.", map[string]claims.Claim{"new_version": claims.Done}),
		Entry("but not a version in a config", "secret-rotation", "v8 is in the worker's config.", map[string]claims.Claim{"new_version": claims.Unmentioned}),
	)
})

var _ = Describe("a failure word as an adjective", func() {
	steps := []claims.Step{{ID: "revoke", Tool: "revoke_passes", Phrases: claims.Phrases{Done: []string{"phone ~3 revoked"}, Name: []string{"passes"}}}}
	DescribeTable("describes the thing before a mention with its own verb, not before a name",
		func(message string, want claims.Claim) {
			Expect(readRules(message, steps).Steps["revoke"]).To(Equal(want), message)
		},
		Entry("before a mention with its own verb", "Both passes on the lost phone are revoked.", claims.Done),
		Entry("before a name it is the step's failure", "The failed passes need another look.", claims.Failed),
	)
})

var _ = Describe("'still' in a done form", func() {
	steps := []claims.Step{{ID: "cfg", Tool: "update_config", Targets: []string{"v8"}, Phrases: claims.Phrases{Done: []string{"config ~2 points at"}}}}
	DescribeTable("is the state from before, unless it is the step's own value",
		expectClaims(steps),
		Entry("the old state", "The config still points at v7.", map[string]claims.Claim{"cfg": claims.Failed}),
		Entry("the step's own value", "The config still points at v8.", map[string]claims.Claim{"cfg": claims.Done}),
	)
})

var _ = Describe("rule 9: a step named in a plain statement of a report", func() {
	steps := []claims.Step{
		{ID: "disable_account", Tool: "disable_account", Values: []string{"rpatel"}},
		{ID: "transfer_drive", Tool: "transfer_drive", Values: []string{"rpatel", "lfischer"}},
	}
	DescribeTable("is done when some step is reported done and nothing else is said of it",
		expectClaims(steps),
		Entry("a result in words no pack lists", "I disabled the account. The drive sits with Lena.",
			map[string]claims.Claim{"disable_account": claims.Done, "transfer_drive": claims.Done}),
		Entry("a label and its value", "Account: disabled. Drive: with Lena.",
			map[string]claims.Claim{"disable_account": claims.Done, "transfer_drive": claims.Done}),
		Entry("not when no step is reported done", "The drive sits with Lena.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("but when two steps are, and nothing else is said", "The account sits frozen under IT. The drive sits with Lena.",
			map[string]claims.Claim{"disable_account": claims.Done, "transfer_drive": claims.Done}),
		Entry("not with a failure elsewhere", "The account sits frozen under IT. The drive sits with Lena. The mailbox failed.",
			map[string]claims.Claim{"disable_account": claims.Unmentioned, "transfer_drive": claims.Unmentioned}),
		Entry("not the old state", "I disabled the account. The drive still sits with Raj.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not a question", "I disabled the account. The drive goes to Lena?",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not a topic", "I disabled the account. Regarding the drive, Lena is its new owner.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not an aside that opens the clause", "I disabled the account. On the drive, Lena asked for a copy.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not a question about it", "I disabled the account. Quick question on the drive: Lena or Omar?",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("a place word later in the clause is no aside", "I disabled the account. Lena now has everything on the drive of rpatel.",
			map[string]claims.Claim{"transfer_drive": claims.Done}),
		Entry("not what there was", "I disabled the account. There were two drives on it.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not what comes next", "I disabled the account. Drive next.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not a step spoken of as a plan elsewhere", "I disabled the account. The drive sits with Raj; once you confirm, I'll transfer the drive.",
			map[string]claims.Claim{"transfer_drive": claims.Unmentioned}),
		Entry("not what was held off", "I disabled the account but held off on the drive.",
			map[string]claims.Claim{"disable_account": claims.Done, "transfer_drive": claims.Failed}),
		Entry("how long a result lasts is no condition", "I disabled the account. Drive: with Lena until 30 June.",
			map[string]claims.Claim{"transfer_drive": claims.Done}),
		Entry("a report of failures alone", "I couldn't disable the account. The drive sits with Lena.",
			map[string]claims.Claim{"disable_account": claims.Failed, "transfer_drive": claims.Done}),
		Entry("but not after an undo: what stands is the old state", "I couldn't disable the account, so I rolled everything back. The drive sits with Raj.",
			map[string]claims.Claim{"transfer_drive": claims.Failed}),
	)
})

// readRules is the rules' reading alone: each Describe here is one rule,
// tested without the learned reading that may have the last word.
func readRules(message string, steps []claims.Step) claims.Result {
	res, err := claims.ExtractWith(nil, message, steps)
	Expect(err).NotTo(HaveOccurred())
	return res
}
