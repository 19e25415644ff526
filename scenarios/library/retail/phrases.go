package retail

import (
	"context"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/scenarios/library/money"
	"github.com/evalrun/evalrun/world"
)

// says is how replies speak of a write tool's effect, in the claim
// extractor's pattern syntax (claims.CheckPattern).
type says struct{ done, name, failed []string }

// phrased is a write tool with its words.
type phrased struct {
	mocktools.Func
	says says
}

var (
	_ mocktools.Tool    = phrased{}
	_ mocktools.Phraser = phrased{}
)

// Phrases says how a reply claims the tool's effect.
func (t phrased) Phrases() claims.Phrases {
	return claims.Phrases{Done: t.says.done, Name: t.says.name, Failed: t.says.failed, Cues: money.Cues}
}

// phrasedPartial is a phrased tool that also knows its own half effect.
type phrasedPartial struct {
	phrased
	partial mocktools.RunFunc
}

var _ mocktools.PartialApplier = phrasedPartial{}

// CallPartial applies part of the tool's effect.
func (t phrasedPartial) CallPartial(ctx context.Context, tx *world.Tx, args mocktools.Args) (mocktools.Body, error) {
	return t.partial(ctx, tx, args)
}

var (
	cancelSays = says{
		done: []string{
			"cancelled|canceled",
			"order|orders ~3 no longer pending|active|open",
		},
		name: []string{"cancel", "cancellation", "cancelling|canceling"},
		failed: []string{
			"order|orders ~3 still pending|active|open|live",
			"order|orders ~3 reinstated|reactivated|uncancelled",
		},
	}
	exchangeSays = says{
		done: []string{
			"exchange|exchanges ~3 requested|submitted|placed|processed|initiated|arranged|opened|filed|created|booked",
			"exchange|exchanges ?request|requests ~3 is|are|has|have ?been ?now in|through|set|confirmed",
			"exchanged|swapped",
		},
		name: []string{"exchange|exchanges|exchanging"},
		failed: []string{
			"exchange|exchanges ~3 withdrawn|cancelled|canceled|reversed",
		},
	}
	returnSays = says{
		done: []string{
			"return|returns ~3 requested|submitted|placed|processed|initiated|arranged|opened|filed|created|booked|started",
			"return|returns ?request|requests ~3 is|are|has|have ?been ?now in|through|set|confirmed",
		},
		name: []string{"return|returns|returning", "return request|requests"},
		failed: []string{
			"return|returns ~3 withdrawn|cancelled|canceled|reversed",
		},
	}
	orderAddressSays = says{
		done: []string{
			"shipping|delivery|order's|order address ~4 updated|changed|corrected|modified|switched|set",
			"updated|changed|corrected|modified|switched ~4 shipping|delivery|order address",
			"order|orders|package|parcel ~4 now ship|ships|shipping|going|headed|heading to",
		},
		name: []string{"shipping|delivery address", "address change|update|correction"},
		failed: []string{
			"order|orders|package|parcel ~4 still ship|ships|shipping|going|headed|heading to",
			"shipping|delivery address ~3 unchanged", "shipping|delivery address ~3 still the same",
		},
	}
	userAddressSays = says{
		done: []string{
			"default|profile|account|saved|home address ~4 updated|changed|corrected|modified|set",
			"updated|changed|corrected|modified ~4 default|profile|account|saved|home address",
			"address on file ~3 updated|changed|corrected|modified",
		},
		name: []string{"default|profile|account|saved|home address", "address on file"},
		failed: []string{
			"default|profile|account|saved|home address ~3 unchanged", "default|profile|account|saved|home address ~3 still the same",
		},
	}
	itemsSays = says{
		done: []string{
			"item|items|order|orders ~4 updated|changed|modified|swapped|switched",
			"swapped|switched|changed|modified|updated ~5 to|for|with ~3 instead",
			"modification|modifications ~3 done|made|applied|complete|completed|through",
		},
		name: []string{"modification|modifications", "item change|changes|swap|swaps"},
		failed: []string{
			"item|items ~3 unchanged", "item|items ~3 still the same",
		},
	}
	paymentSays = says{
		done: []string{
			"payment|billing ?method ~4 updated|changed|switched|moved|set",
			"switched|changed|moved|updated ~4 payment|billing ~4 to",
			"now charged|billed|paid to|on|with|through",
		},
		name: []string{"payment|billing method", "payment change|switch|update"},
		failed: []string{
			"payment|billing ?method ~3 unchanged", "payment|billing ?method ~3 still the same",
			"still charged|billed|paid to|on|with|through",
		},
	}
)
