package claims

// form says what a mention claims by itself, before its context is read.
type form uint8

const (
	fName   form = iota // names the step; the claim comes from context ("repaint", "call off")
	fDone               // says it happened ("repainted", "back in store")
	fFailed             // says it was undone or is not in place ("your crate is active again")
	fAuto               // scenario terms: done when the matched word ends in -ed, else a name
)

// stopIDWords are words of step IDs too generic to name the step alone: verbs
// of any action, and function words. What a step acts on comes from the step
// (Step.Objects).
var stopIDWords = map[string]bool{
	"update": true, "send": true, "create": true, "issue": true, "process": true,
	"make": true, "do": true, "set": true, "get": true, "the": true, "a": true, "to": true, "of": true,
	"new": true, "change": true, "add": true, "remove": true, "check": true, "and": true,
}
