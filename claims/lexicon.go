package claims

// form says what a mention claims by itself, before its context is read.
type form uint8

const (
	fName   form = iota // names the step; the claim comes from context ("refund", "cancel")
	fDone               // says it happened ("refunded", "back in stock")
	fFailed             // says it was undone or is not in place ("your order is active again")
	fAuto               // scenario terms: done when the matched word ends in -ed, else a name
)

// stepLexicon is how replies refer to one built-in step.
type stepLexicon struct {
	done   []string
	name   []string
	failed []string
	// neutral phrases are negations that say nothing against this step
	// ("cancelled, so it won't ship").
	neutral []string
}

// lexicon holds the built-in phrases for the bundled scenarios' steps, in the
// pattern syntax of pattern.go. "address" is not listed: it belongs to
// update_address or redirect_order by its qualifiers (see resolveAddress).
var lexicon = map[string]stepLexicon{
	"cancel_order": {
		done: []string{
			"cancelled",
			"voided|void ?the|your|this ?entire|whole order|orders",
			"order|order's ~3 voided|void|nullified",
			"called off ?the|your|this ?whole|entire order", "called off",
			"order ~3 no longer active|open|live|processing|exists|valid",
			"stopped|terminated|withdrawn|withdrew|killed ?the|your|this order",
			"order ~3 stopped|terminated|withdrawn", "put|placed a stop on|to ?the|your order",
			"order ~3 called off",
		},
		name: []string{"cancel", "cancellation", "cancellations", "cancelling"},
		failed: []string{
			"order ~3 active|open|live again",
			"order ~3 still active|open|live|processing",
			"order ~3 reinstated|reactivated|uncancelled|restored",
			"reinstated|reactivated|restored ~2 order",
			"uncancelled",
			"order ~4 back to ~2 original|previous|normal",
			"order ~4 still ~3 ship|ships|shipping|scheduled|going",
			"ship|ships|shipping as planned|normal|scheduled|usual|expected|originally",
		},
		neutral: []string{
			"n't|not|never|no ?longer ship|ships|be shipped|go out|be delivered|arrive",
			"no ?longer ~2 ship|ships|be shipped",
		},
	},
	"restock": {
		done: []string{
			"restocked",
			"back in|into|to|on ?the|our|your|its inventory|stock|shelf|shelves|warehouse",
			"returned|added|moved|put|placed|checked|booked|logged|scanned|counted|received|entered|brought ~4 to|into|in ~2 inventory|stock|shelf|shelves",
			// Two objects: "returned the mugs and the lamp to stock".
			"returned|added|moved|put|placed|brought ~3 and ~3 to|into|in ~2 inventory|stock|shelf|shelves",
			"available to ?other|all customers|shoppers|buyers",
			"checked|booked|scanned|logged ?back in !with|on|to|for",
			"restored|replenished ?the|our|your inventory|stock",
			"inventory|stock ~2 restored|replenished",
			"stock|inventory 's|is|are ?now back",
			"stock|inventory ~3 put|added|placed|moved back",
			"stock ?has|have|was|were|'s|is ?been updated|adjusted|restored|replenished|corrected|increased|incremented",
			"available for sale|purchase", "back on sale",
			"sellable|resellable|saleable|purchasable|orderable ?again", "for sale again",
		},
		name: []string{
			"restock", "restocking", "restocks", "inventory",
			"stock level|levels|count|counts|adjustment", "stock :",
			"check|book|scan|log the|your|it|them|a|an|our|those|these ~2 in|back|into",
			// The item sent back is what goes back into stock: "your returned black
			// pair", "the return of your headphones".
			"your|the returned", "return of ?the|your",
		},
		failed: []string{
			"taken|pulled|removed ~2 out|from ?of ?the|our inventory|stock",
		},
	},
	"refund": {
		done: []string{
			"refunded", "reimbursed", "credited back",
			"credited ?back to ?your|the|original card|account|payment|visa|mastercard|paypal",
			"reversed ?the|your charge|payment|transaction",
			"charge|payment|transaction|purchase ~3 reversed|refunded|voided|credited",
			"the|your|a $*|€*|£* ~4 back on|to|in|into", // "the $15 for shipping is back on your card"
			"$*|€*|£* ~3 back on|to|in|into", "see|get|getting|receive|have ?the|your|all $*|€*|£* ~2 back|again",
			"knocked|knock|knocking ~3 off", "taken|took ?the|your|a $*|€*|£* ~2 off",
			"charge|payment|transaction|purchase|amount ~4 returned|sent|paid back|to ~2 card|visa|account|mastercard|amex|paypal|bank|original",
		},
		name: []string{
			"refund", "refunds", "refunding", "reimburse", "reimbursement", "reimbursing",
			"reversal !of", "reversal of ?the|your charge|payment|transaction|transactions",
			"charge|payment reversal",
			"money|bucks|dollars|cash|funds ~4 back", "money|funds",
			"difference !in|between", // an exchange's price difference is its refund
			// "you will see a credit of $15.00", not "your credit card".
			"credit !card|cards|score|check|limit|union|note|line",
		},
	},
	"notify": {
		done: []string{
			"notified", "emailed", "texted", "messaged",
			"'ve|have|has ?already|also let you know",
			"dropped|shot|fired ?you ?an|a email|note|message|line|text", "waiting|sitting|landed|arrived|be ~3 inbox|inboxes",
		},
		name: []string{
			"notify", "notification", "notifications",
			"email !address", "emails", "confirmation", "confirmations",
			"sms", "text message|messages", "confirmation text", "a|the|your text", "by|via text|texts", "inbox", "text :",
		},
		// "No text was sent": the negation is part of the name.
		failed: []string{"no text|texts|sms"},
	},
	"replacement": {
		done: []string{
			"reshipped", "resent", "replaced",
			"exchange ?has ?been shipped|dispatched|sent",
			"shipped|dispatched|ships !back",
			"has|have|'s|is|are|was|were ?been ?now|already ordered|reordered", "reordered",
			"placed ~2 order|orders for", "i|we ?'ve|have|had ?also|just|now placed ~3 order|orders",
			// Goods travelling to the customer: "the white ones are on their way".
			"on their way !back",
		},
		name: []string{
			"replacement", "replacements", "replace", "replacing", "reship", "resend",
			"new one|ones|unit|units|pair|item|items|size|device|model|product|machine|set|piece|copy|order|shipment",
			"brand new", "exchange item|items|unit|units|shipment|order|orders|product",
			"fresh !start|look|request|ticket|case|attempt|try|email|link|of|air|eyes|batch|round|charge|payment|refund|label|tracking|stock",
			"order|orders for !you|me|us|them|him|her|it|your|this|that|now|today|tomorrow", // "the order for the white pair"
			"replacement order|orders|shipment|shipments|unit|item|package",
			"place|placing ~2 order|orders for", "reorder",
			"right|correct|larger|smaller|bigger|other|different size|color|colour|model|pair|version|variant",
			// "a new vase", "the new pair in white": a new thing is the replacement.
			"new !address|addresses|card|payment|balance|total|ticket|request|email|tracking|charge|price|refund|info|information|phone|number|date|status|account|method|password|policy|delivery|shipping|eta|estimate|label|return|case|message|text|stock|inventory|customer|amount|and|or|to|for|as|.|,|!|?",
		},
	},
	"update_address": {
		name: []string{
			"profile", "account",
			"account details|info|information|settings|record|records",
			"by default", "future orders|purchases|deliveries|shipments", // "anything you order will come to ... by default"
		},
	},
	"redirect_order": {
		done: []string{
			"redirected", "rerouted",
			"order|package|parcel|shipment ~5 ship|ships|shipped|go|goes|going|headed|heading|delivered|routed|sent|redirected|rerouted to|there",
			"order|package|parcel|shipment ~2 now|both ?now has|have|shows|lists|reads|points",
			"order ~2 updated|changed|amended|modified",
			"delivered|shipped|sent|routed|headed|heading|going|arriving|arrive|ship|ships ?to there",
		},
		failed: []string{
			"ship|ships|shipped|shipping|go|goes|going|delivered|deliver|sent|arrive|arriving ~3 old|original|previous|former|existing address",
			// "your kettle is still set to go to Oak Court": the order was not redirected.
			"still set|scheduled|due|planned to go|ship|head|arrive ?to|at",
			"still set|scheduled|due|planned to be delivered|shipped|sent|going|heading|headed ?to|at",
			"still headed|heading|routed|addressed|bound|shipping ~2 to|for",
			"still going to " + notVerb,
			"still go|goes|ship|ships|arrive|arrives|head|heads to|at",
		},
		name: []string{
			"redirect", "reroute", "redirecting", "rerouting",
			"update|change|changes to ?your|the order|shipment",
			"shipping|delivery change|changes|update|updates|details|instructions|destination",
			"where ~3 delivered|shipped|going|heading|headed|sent|shipping|ships|goes|arrives|lands", "destination",
			"order ~2 update|change|changes",
		},
	},
}

// Address qualifiers: words near "address" that say whose address it is.
var (
	profileWords = map[string]int{
		"profile": 2, "account": 2, "file": 2, "default": 2, "saved": 2, "settings": 2,
		"records": 2, "record": 2, "billing": 2, "home": 1, "mailing": 1, "contact": 1, "book": 2,
		"future": 4, // "for future orders" is the default address
	}
	orderWords = map[string]int{
		"order": 2, "orders": 2, "shipment": 2, "package": 2, "parcel": 2, "delivery": 1,
		"shipping": 1, "ship": 1, "redirect": 2, "redirected": 2, "reroute": 2, "rerouted": 2,
		"carrier": 1, "deliver": 1, "delivered": 1, "ships": 1,
	}
)

// stopIDWords are words of unknown step IDs too generic to name the step alone.
var stopIDWords = map[string]bool{
	"order": true, "orders": true, "account": true, "item": true, "items": true, "customer": true,
	"address": true, "update": true, "send": true, "create": true, "issue": true, "process": true,
	"make": true, "do": true, "set": true, "get": true, "the": true, "a": true, "to": true, "of": true,
	"new": true, "change": true, "add": true, "remove": true, "check": true, "user": true, "and": true,
}
