package tau2

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Opening is the user's first message: tau2's instructions to its user
// simulator, said by the user. Who they are comes first, then why they
// call, what they do not know, and how they are; each is turned from the
// second person into the first ("You received your order" -> "I received
// my order") and "the agent" into "you". Everything tau2's simulated user
// would reveal over the conversation is said at once, conditions
// included ("If you ask me for confirmation, only exchange the desk
// lamp"): the rest of the conversation is confirmations.
func Opening(in Instructions) string {
	parts := []string{"Hi!"}
	for _, s := range []string{in.Known, in.Reason, in.Unknown, in.Behaviour} {
		s = strings.TrimLeftFunc(strings.TrimSpace(s), func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
		if s == "" || strings.EqualFold(s, "none") || strings.EqualFold(s, "null") {
			continue
		}
		s = FirstPerson(s)
		if r, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".!?)\"'", r) {
			s += "."
		}
		parts = append(parts, upperFirst(s))
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// objectBefore are words after which "you" is an object ("tell you",
// "for you"), so the user says "me".
var objectBefore = set("to", "for", "with", "at", "from", "about", "of", "by", "on", "into", "than",
	"ask", "asks", "asked", "asking", "tell", "tells", "told", "telling", "help", "helps", "give",
	"gives", "let", "lets", "send", "sends", "sent", "call", "calls", "show", "shows", "allow",
	"allows", "thank", "thanks", "remind", "reminds", "offer", "offers", "get", "gets", "make",
	"makes", "charge", "charges", "refund", "refunds", "contact", "email", "pay", "pays", "see",
	"want", "wants", "need", "needs", "convince", "convinces", "confirm", "confirms", "assist", "assists")

// verbAfterSubject are words after which "you" is a subject even where an
// object could stand ("told you are wrong").
var verbAfterSubject = set("are", "were", "was", "have", "had", "do", "did", "don't", "didn't", "can",
	"can't", "could", "will", "would", "should", "want", "need", "may", "might", "must", "aren't", "weren't")

// possessiveNext are nouns that "you" is a slip for "your" before ("You
// name is ...").
var possessiveNext = set("name", "names", "email", "emails", "zip", "zipcode", "address", "order", "orders")

// FirstPerson turns instructions addressed to a simulated user into what
// that user says: you -> I or me, your -> my, "the agent" -> you, with
// the verbs that follow agreeing. It is a heuristic over words, not a
// parser: it is right on tau2's instructions, and reads well enough where
// it is not.
func FirstPerson(s string) string {
	toks := tokens(s)
	var out strings.Builder
	prev := ""      // the previous word, in lower case
	agreeWith := "" // the subject the next word must agree with: "i" or "you"
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !isWord(t) {
			out.WriteString(t)
			if strings.ContainsAny(t, ".!?;:(,") {
				prev = ""
			}
			continue
		}
		low := strings.ToLower(t)
		repl := t
		subject := ""
		switch {
		case agreeWith != "":
			repl = agree(t, agreeWith)
		case low == "the" && i+2 < len(toks) && isSpace(toks[i+1]) && (strings.EqualFold(toks[i+2], "agent") || strings.EqualFold(toks[i+2], "agent's")):
			if strings.EqualFold(toks[i+2], "agent's") {
				repl = matchCase("your", t)
			} else {
				repl, subject = matchCase("you", t), "you"
			}
			i += 2
		case low == "you":
			switch {
			case i+2 < len(toks) && possessiveNext[strings.ToLower(toks[i+2])]:
				repl = matchCase("my", t)
			case objectBefore[prev] && !(i+2 < len(toks) && verbAfterSubject[strings.ToLower(toks[i+2])]):
				repl = "me"
			default:
				repl, subject = "I", "i"
			}
		case low == "you're":
			repl = "I'm"
		case low == "you've":
			repl = "I've"
		case low == "you'd":
			repl = "I'd"
		case low == "you'll":
			repl = "I'll"
		case low == "your":
			repl = matchCase("my", t)
		case low == "yours":
			repl = matchCase("mine", t)
		case low == "yourself":
			repl = matchCase("myself", t)
		}
		agreeWith = subject
		out.WriteString(repl)
		prev = strings.ToLower(repl)
		if subject == "you" {
			prev = "agent"
		}
	}
	return out.String()
}

// agree makes the verb after a new subject agree with it: "you are" ->
// "I am"; "the agent asks" -> "you ask".
func agree(verb, subject string) string {
	low := strings.ToLower(verb)
	if subject == "i" {
		if to, ok := firstPerson[low]; ok {
			return matchCase(to, verb)
		}
		return verb
	}
	if to, ok := plural[low]; ok {
		return matchCase(to, verb)
	}
	if len(low) < 4 || !strings.HasSuffix(low, "s") || strings.HasSuffix(low, "ss") || strings.HasSuffix(low, "us") {
		return verb
	}
	switch {
	case strings.HasSuffix(low, "ies"):
		return verb[:len(verb)-3] + "y"
	case strings.HasSuffix(low, "ches"), strings.HasSuffix(low, "shes"), strings.HasSuffix(low, "sses"),
		strings.HasSuffix(low, "xes"), strings.HasSuffix(low, "zes"):
		return verb[:len(verb)-2]
	}
	return verb[:len(verb)-1]
}

// firstPerson and plural are the irregular forms the verb takes after "I"
// and after "you".
var (
	firstPerson = map[string]string{"are": "am", "were": "was", "aren't": "am not", "weren't": "wasn't"}
	plural      = map[string]string{
		"is": "are", "has": "have", "does": "do", "was": "were",
		"isn't": "aren't", "hasn't": "haven't", "doesn't": "don't", "wasn't": "weren't",
	}
)

// tokens splits text into words (letters, digits and inner apostrophes)
// and the runs between them.
func tokens(s string) []string {
	var out []string
	start := 0
	inWord := false
	for i, r := range s {
		w := unicode.IsLetter(r) || unicode.IsDigit(r) || ((r == '\'' || r == '’') && inWord && i+utf8.RuneLen(r) < len(s) && isLetterAt(s, i+utf8.RuneLen(r)))
		if i > 0 && w != inWord {
			out = append(out, s[start:i])
			start = i
		}
		inWord = w
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func isLetterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

func isWord(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isSpace(t string) bool { return strings.TrimSpace(t) == "" }

// matchCase gives repl the capital first letter of orig, if it has one.
func matchCase(repl, orig string) string {
	r, _ := utf8.DecodeRuneInString(orig)
	if unicode.IsUpper(r) {
		return upperFirst(repl)
	}
	return repl
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
