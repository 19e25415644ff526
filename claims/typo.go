package claims

import "strings"

// Replies are typed fast. A word the patterns do not know, that is one edit away
// from a step word ("refundd", "emial", "cancled"), is read as that step word.
// The correction uses symmetric deletions: both the word and the targets are
// reduced by one letter, and a shared form is a match.

var (
	vocab      map[string]bool   // every literal word in a pattern
	typoIndex  map[string]string // target, or target minus one letter -> target
	typoPrefix [26][26]bool      // first two letters of the targets
)

const (
	typoMin = 5
	typoMax = 16
)

// typoTargets are the words worth correcting to: how steps are named, and a few
// status words. Short or common verbs ("issued", "failed", "shipped") are left
// out: their one-edit neighbours are real words ("issues", "filed", "shopped").
var typoTargets = []string{
	"refund", "refunds", "refunded", "reimbursed", "cancel", "cancelled", "cancellation",
	"restock", "restocked", "inventory", "email", "emailed", "notified", "notification",
	"confirmation", "replacement", "reshipped", "address", "redirected", "rerouted", "profile",
	"processed", "confirmed", "declined", "rejected", "changed", "updated", "account",
}

// commonWords are real words one edit away from a target.
var commonWords = []string{
	"processes", "process", "addressed", "addresses", "profiles", "confirms", "declines",
	"rejects", "emails", "emailing", "cancels", "refunding", "restocks", "confined", "confirmer",
	"accounts", "updates", "changes", "charged", "chained", "hanged",
}

func buildTypos(patterns []*pattern) {
	vocab = map[string]bool{}
	for _, p := range patterns {
		for _, e := range p.elems {
			for _, a := range e.alts {
				if !strings.HasSuffix(a, "*") {
					vocab[a] = true
				}
			}
		}
	}
	for _, w := range commonWords {
		vocab[w] = true
	}
	typoIndex = map[string]string{}
	for _, t := range typoTargets {
		typoPrefix[t[0]-'a'][t[1]-'a'] = true
		put := func(k string) {
			if old, ok := typoIndex[k]; !ok || len(t) > len(old) {
				typoIndex[k] = t
			}
		}
		put(t)
		for i := range t {
			put(t[:i] + t[i+1:])
		}
	}
}

// typoFix returns the step word w is a misspelling of.
func typoFix(w string) (string, bool) {
	if len(w) < typoMin || len(w) > typoMax || w[0] < 'a' || w[0] > 'z' || w[1] < 'a' || w[1] > 'z' ||
		!typoPrefix[w[0]-'a'][w[1]-'a'] || vocab[w] {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 || w[i] < 'a' || w[i] > 'z' {
			return "", false
		}
	}
	if t, ok := typoIndex[w]; ok {
		return t, true
	}
	var buf [typoMax]byte
	for i := range len(w) {
		n := copy(buf[:], w[:i])
		n += copy(buf[n:], w[i+1:])
		if t, ok := typoIndex[string(buf[:n])]; ok && len(t) >= typoMin {
			return t, true
		}
	}
	return "", false
}
