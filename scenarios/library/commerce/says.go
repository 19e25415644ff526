package commerce

import (
	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios/library/money"
)

// applySays gives the commerce tools their vocabulary: how replies speak of
// what they do, for the claim extractor, in the pattern syntax of
// claims.CheckPattern. It runs before the pack registers.
func applySays() {
	for _, p := range []*claims.Phrases{&cancelOrderSays, &restockSays, &issueRefundSays, &notifyCustomerSays, &createReplacementSays} {
		p.Cues = shopCues
	}
	updateCustomerAddressSays.Cues = merge(shopCues, addressCues)
	updateOrderAddressSays.Cues = merge(shopCues, addressCues, map[string][]string{
		"failed": {"still goes|headed|heading|shipping|set|routed|addressed to", "still going to " + notVerb},
	})
	cancelOrder.Says = cancelOrderSays
	restock.Says = restockSays
	issueRefund.Says = issueRefundSays
	notifyCustomer.Says = notifyCustomerSays
	createReplacement.Says = createReplacementSays
	updateCustomerAddress.Says = updateCustomerAddressSays
	updateOrderAddress.Says = updateOrderAddressSays
}

// shopCues are status words of the shop as a whole, which every commerce
// step reads.
var shopCues = merge(shippingCues, moneyCues, map[string][]string{
	"overall_success": {
		"exchange|swap went|has|'s|is ?gone through",
		"exchange|swap|return ?has|'s|was|is ?been ?now ?fully|successfully|all done|complete|completed|processed|fulfilled|handled|finalized",
		"i|we ?'ve|have ?successfully|fully|now|already processed|completed|handled|fulfilled|finished|done|sorted your|the exchange|swap",
	},
	"overall_failure": {
		"n't|not|unable|cannot|failed ~3 complete|process|fulfil|fulfill|finish|handle your|the exchange|swap",
		"your|the exchange|swap ~3 n't|not|never ~2 completed|processed|fulfilled|complete|go",
		"your|the exchange|swap ~2 failed",
	},
	// A step's noun naming a system or team, not the step: "our inventory system is down".
	"block":  {"inventory|stock system|systems|service|api|database|db|team|tool|software|platform|department|staff"},
	"failed": {"out of stock"},
	// The shop's own systems take a submitted change at once: "I submitted
	// the cancellation" reports it done.
	"done":    {"submitted"},
	"pending": {"backorder", "backordered"},
	"neutral": {
		"pending order|orders|shipment|shipments|delivery|package|packages",
		"you ?originally ordered|purchased|bought", "originally ordered",
		"the|your|our|a returned", // an adjective: "the returned pair"
	},
})

// shippingCues are how the people and places goods pass through are
// spoken of: "the warehouse has been notified" names no step of ours.
var shippingCues = map[string][]string{
	"block": {
		"warehouse|carrier|courier ?has|have|was|were|'s|'ve ?been|already notified|informed|alerted|emailed|messaged",
		"notified|informed|alerted ?the|our warehouse|carrier|courier",
		"awaiting|await|waiting|wait ?for ?their|the|a|its ?carrier|warehouse confirmation|confirmations !email|emails|text|sms|message",
		"carrier|warehouse confirmation|confirmations !email|emails|text|sms|message",
	},
	"done": {
		"scheduled for|to dispatch|ship|shipment|shipping|delivery|arrive", "scheduled to be delivered|shipped|dispatched",
		"dispatched", "shipped", "tracking number|details|link|info", "en route", "in transit", "ordered",
	},
	"failed": {
		"still set|scheduled|due|planned to ship|deliver", "still set|scheduled|due|planned to be delivered|shipped",
		"still ship to|at", "still be delivered|shipped to|at",
	},
	// Someone else asked to act ("asked the courier to reroute it"), not to look.
	"pending": {"asked|requested|instructed ?the|our|your carrier|courier|warehouse|fulfilment|fulfillment|depot ~2 to !look|check|double|investigate|review|confirm|verify|contact|call|help|escalate|see|follow|keep|reach|get|find"},
}

// moneyCues are the money words every pack that moves money shares, and
// the shop's own: "billing has been notified" names no step of ours, and
// the bank asked to act is pending ("asked the bank to reverse it").
var moneyCues = merge(map[string][]string{
	"block": {
		"billing|finance ?team|department ?has|have|was|were|'s|'ve ?been|already notified|informed|alerted|emailed|messaged",
		"notified|informed|alerted ?the|our billing|finance",
	},
	"pending": {"asked|requested|instructed ?the|our|your bank|processor|billing ~2 to !look|check|double|investigate|review|confirm|verify|contact|call|help|escalate|see|follow|keep|reach|get|find"},
}, money.Cues)

// addressCues are what is said of an address, whoever's it is.
var addressCues = map[string][]string{
	"done":   {"new|updated|correct address"},
	"failed": {"old|original|previous|former|existing address"},
}

// notVerb ends a pattern where "going to" leads to a place, not a verb:
// "still going to Oak Court", not "still going to send it".
const notVerb = "!be|send|process|try|need|get|have|make|ship|arrive|take|do|see|update|cancel|refund|email|" +
	"text|notify|reach|call|check|let|keep|follow|look|work|go|issue|change|redirect|restock|retry|resend"

var cancelOrderSays = claims.Phrases{
	Done: []string{
		"cancelled",
		"voided|void ?the|your|this ?entire|whole order|orders",
		"order|order's ~3 voided|void|nullified",
		"called off ?the|your|this ?whole|entire order", "called off",
		"order ~3 no longer active|open|live|processing|exists|valid",
		"stopped|terminated|withdrawn|withdrew|killed ?the|your|this order",
		"order ~3 stopped|terminated|withdrawn", "put|placed a stop on|to ?the|your order",
		"order ~3 called off",
	},
	Name: []string{"cancel", "cancellation", "cancellations", "cancelling"},
	Failed: []string{
		"order ~3 active|open|live again",
		"order ~3 still active|open|live|processing",
		"order ~3 reinstated|reactivated|uncancelled|restored",
		"reinstated|reactivated|restored ~2 order",
		"uncancelled",
		"order ~4 back to ~2 original|previous|normal",
		"order ~4 still ~3 ship|ships|shipping|scheduled|going",
		"ship|ships|shipping as planned|normal|scheduled|usual|expected|originally",
	},
	Neutral: []string{
		"n't|not|never|no ?longer ship|ships|be shipped|go out|be delivered|arrive",
		"no ?longer ~2 ship|ships|be shipped",
	},
}

var restockSays = claims.Phrases{
	Done: []string{
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
	Name: []string{
		"restock", "restocking", "restocks", "inventory",
		"stock level|levels|count|counts|adjustment", "stock :",
		"check|book|scan|log the|your|it|them|a|an|our|those|these ~2 in|back|into",
		// The item sent back is what goes back into stock: "your returned black
		// pair", "the return of your headphones".
		"your|the returned", "return of ?the|your",
	},
	Failed: []string{
		"taken|pulled|removed ~2 out|from ?of ?the|our inventory|stock",
	},
}

var issueRefundSays = claims.Phrases{
	Done: []string{
		"refunded", "reimbursed", "credited back",
		"credited ?back to ?your|the|original card|account|payment|visa|mastercard|paypal",
		"reversed ?the|your charge|payment|transaction",
		"charge|payment|transaction|purchase ~3 reversed|refunded|voided|credited",
		"the|your|a $*|€*|£* ~4 back on|to|in|into", // "the $15 for shipping is back on your card"
		"$*|€*|£* ~3 back on|to|in|into", "see|get|getting|receive|have ?the|your|all $*|€*|£* ~2 back|again",
		"knocked|knock|knocking ~3 off", "taken|took ?the|your|a $*|€*|£* ~2 off",
		"charge|payment|transaction|purchase|amount ~4 returned|sent|paid back|to ~2 card|visa|account|mastercard|amex|paypal|bank|original",
	},
	Name: []string{
		"refund", "refunds", "refunding", "reimburse", "reimbursement", "reimbursing",
		"reversal !of", "reversal of ?the|your charge|payment|transaction|transactions",
		"charge|payment reversal",
		"money|bucks|dollars|cash|funds ~4 back", "money|funds",
		"difference !in|between", // an exchange's price difference is its refund
		// "you will see a credit of $15.00", not "your credit card".
		"credit !card|cards|score|check|limit|union|note|line",
	},
}

var notifyCustomerSays = claims.Phrases{
	Done: []string{
		"notified", "emailed", "texted", "messaged",
		"'ve|have|has ?already|also let you know",
		"dropped|shot|fired ?you ?an|a email|note|message|line|text", "waiting|sitting|landed|arrived|be ~3 inbox|inboxes",
	},
	Name: []string{
		"notify", "notification", "notifications",
		"email !address", "emails", "confirmation", "confirmations",
		"sms", "text message|messages", "confirmation text", "a|the|your text", "by|via text|texts", "inbox", "text :",
	},
	// "No text was sent": the negation is part of the name.
	Failed: []string{"no text|texts|sms"},
}

var createReplacementSays = claims.Phrases{
	Done: []string{
		"reshipped", "resent", "replaced",
		"exchange ?has ?been shipped|dispatched|sent",
		"shipped|dispatched|ships !back",
		"has|have|'s|is|are|was|were ?been ?now|already ordered|reordered", "reordered",
		"placed ~2 order|orders for", "i|we ?'ve|have|had ?also|just|now placed ~3 order|orders",
		// Goods travelling to the customer: "the white ones are on their way".
		"on their way !back",
	},
	Name: []string{
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
	// The item being replaced is not its replacement: "the broken vase",
	// "your vase arrived cracked".
	NotAfter:  []string{"broken", "damaged", "faulty", "defective", "cracked", "original", "old", "returned", "shattered", "chipped"},
	NotBefore: []string{"broken", "damaged", "faulty", "defective", "cracked", "shattered", "chipped"},
}

var updateCustomerAddressSays = claims.Phrases{
	Name: []string{
		"profile", "account",
		"account details|info|information|settings|record|records",
		"by default", "future orders|purchases|deliveries|shipments", // "anything you order will come to ... by default"
	},
	Noun:  addressNoun,
	Parts: addressParts,
	// Words near "address" that make it the one on file.
	Near: map[string]int{
		"profile": 2, "account": 2, "file": 2, "default": 2, "saved": 2, "settings": 2,
		"records": 2, "record": 2, "billing": 2, "home": 1, "mailing": 1, "contact": 1, "book": 2,
		"future": 4, // "for future orders" is the default address
	},
	Standing: true,
	NotAfter: notPostal,
}

var updateOrderAddressSays = claims.Phrases{
	Done: []string{
		"redirected", "rerouted",
		"order|package|parcel|shipment ~5 ship|ships|shipped|go|goes|going|headed|heading|delivered|routed|sent|redirected|rerouted to|there",
		"order|package|parcel|shipment ~2 now|both ?now has|have|shows|lists|reads|points",
		"order ~2 updated|changed|amended|modified",
		"delivered|shipped|sent|routed|headed|heading|going|arriving|arrive|ship|ships ?to there",
	},
	Failed: []string{
		"ship|ships|shipped|shipping|go|goes|going|delivered|deliver|sent|arrive|arriving ~3 old|original|previous|former|existing address",
		// "your kettle is still set to go to Oak Court": the order was not redirected.
		"still set|scheduled|due|planned to go|ship|head|arrive ?to|at",
		"still set|scheduled|due|planned to be delivered|shipped|sent|going|heading|headed ?to|at",
		"still headed|heading|routed|addressed|bound|shipping ~2 to|for",
		"still going to " + notVerb,
		"still go|goes|ship|ships|arrive|arrives|head|heads to|at",
	},
	Name: []string{
		"redirect", "reroute", "redirecting", "rerouting",
		"update|change|changes to ?your|the order|shipment",
		"shipping|delivery change|changes|update|updates|details|instructions|destination",
		"where ~3 delivered|shipped|going|heading|headed|sent|shipping|ships|goes|arrives|lands", "destination",
		"order ~2 update|change|changes",
	},
	Noun:  addressNoun,
	Parts: addressParts,
	// Words near "address" that make it the order's shipping address.
	Near: map[string]int{
		"order": 2, "orders": 2, "shipment": 2, "package": 2, "parcel": 2, "delivery": 1,
		"shipping": 1, "ship": 1, "redirect": 2, "redirected": 2, "reroute": 2, "rerouted": 2,
		"carrier": 1, "deliver": 1, "delivered": 1, "ships": 1,
	},
	NotAfter: notPostal,
}

// "address" is the profile's or the order's: the words around it say which.
var (
	addressNoun = []string{"address|addresses"}
	// A part of an address ("the city and ZIP still show Boulder") is the
	// address last named, unless its own qualifiers say otherwise.
	addressParts = []string{"the|its|your street|city|zip|zipcode|postcode ?line|code"}
	notPostal    = []string{"email", "ip", "web"}
)

func merge(ms ...map[string][]string) map[string][]string {
	out := map[string][]string{}
	for _, m := range ms {
		for k, l := range m {
			out[k] = append(out[k], l...)
		}
	}
	return out
}
