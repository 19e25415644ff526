package claims

// form says what a mention claims by itself, before its context is read.
type form uint8

const (
	fName   form = iota // names the step; the claim comes from context ("refund", "cancel")
	fDone               // says it happened ("refunded", "back in stock")
	fFailed             // says it was undone or is not in place ("your order is active again")
	fAuto               // scenario terms: done when the matched word ends in -ed, else a name
)

// stopIDWords are words of unknown step IDs too generic to name the step alone.
var stopIDWords = map[string]bool{
	"order": true, "orders": true, "account": true, "item": true, "items": true, "customer": true,
	"address": true, "update": true, "send": true, "create": true, "issue": true, "process": true,
	"make": true, "do": true, "set": true, "get": true, "the": true, "a": true, "to": true, "of": true,
	"new": true, "change": true, "add": true, "remove": true, "check": true, "user": true, "and": true,
}
