// Package money holds the words every pack that moves money shares: how the
// people money passes through, and what it costs, are spoken of.
package money

// Cues are, in the claim extractor's Phrases.Cues form, what names no step
// of a pack that moves money ("awaiting bank confirmation", "the card on
// file") and what says nothing has failed ("you won't be charged"). A pack
// adds its own on top; the map is shared, so copy it before changing it.
var Cues = map[string][]string{
	"block": {
		"awaiting|await|waiting|wait ?for ?their|the|a|its ?settlement|bank|processor confirmation|confirmations !email|emails|text|sms|message",
		"bank|processor|settlement confirmation|confirmations !email|emails|text|sms|message",
		"card|payment ?details|method on file",
	},
	"neutral": {
		"no charge|charges|fee|fees", "without ?any ?fee|fees|charge|charges",
		"n't|not be charged|billed", "will|would n't|not be charged|billed", "processing fee|fees",
	},
}
