package tau2

import (
	"fmt"
	"slices"
	"sort"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// Domain is what the importer knows of one tau2 domain beyond its tool
// pack: how to read a record back, and how people speak of each write.
// The replay, the done assertions and the fault variants are the same for
// every domain; a new domain is one file that registers a Domain.
type Domain interface {
	// Name is the tau2 domain ("retail") and Pack the evalrun tool pack
	// that implements its tools with tau2's semantics.
	Name() string
	Pack() string
	// ReadBack is the read call that returns a record, for a step's
	// verify; false when the domain has none.
	ReadBack(collection, id string) (Call, bool)
	// Describe words one gold write that the importer keeps as a step,
	// seeing the world as it is just before the write.
	Describe(w Lookup, a Action) Words
}

// Lookup reads a record of the world (nil when it does not exist); the
// record must not be changed.
type Lookup func(collection, id string) map[string]any

// Call is a tool call.
type Call struct {
	Tool string
	Args map[string]any
}

// Words is how a step is named and spoken of.
type Words struct {
	// Verb and Object name the step: its id is verb_object
	// ("exchange_w2378156"), or the object alone when several steps of
	// the scenario share the verb, since a word of a step's id names it in
	// replies and a shared one would name them all.
	Verb, Object string
	// Terms name the step in a reply (an order id, item names).
	Terms []string
	// Say are the reference agents' phrases.
	Say scenarios.Say
	// Compensate undoes the write, when the domain has a tool for it.
	Compensate *Call
	// Match aims a fault at the calls that perform the step: an
	// expression over the call's arguments, on its record's id only, so
	// that a model wording the other arguments its own way is still hit.
	Match string
}

var domains = map[string]Domain{}

// register adds a domain; each domain file calls it from init.
func register(d Domain) {
	if _, dup := domains[d.Name()]; dup {
		panic(fmt.Sprintf("tau2: domain %q registered twice", d.Name()))
	}
	domains[d.Name()] = d
}

// LookupDomain returns the domain called name, or an error that lists the
// known ones.
func LookupDomain(name string) (Domain, error) {
	if d, ok := domains[name]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("unknown tau2 domain %q (known: %v)", name, DomainNames())
}

// DomainNames lists the registered domains, sorted.
func DomainNames() []string {
	names := make([]string, 0, len(domains))
	for n := range domains {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// lookupIn reads records from a world.
func lookupIn(w *world.World) Lookup {
	return func(collection, id string) map[string]any { return w.Get(collection, id) }
}

// uniqueTerms drops every term that names more than one step: it would
// tell them apart from nothing; and every term that reads as a done form
// ("pet bed", "luggage set"), which would claim its step wherever a reply
// names it.
func uniqueTerms(words []Words) {
	count := map[string]int{}
	for _, w := range words {
		seen := map[string]bool{}
		for _, t := range w.Terms {
			if !seen[t] {
				seen[t] = true
				count[t]++
			}
		}
	}
	for i := range words {
		seen := map[string]bool{}
		words[i].Terms = slices.DeleteFunc(words[i].Terms, func(t string) bool {
			drop := seen[t] || count[t] > 1 || claims.DoneForm(t)
			seen[t] = true
			return drop
		})
	}
}
