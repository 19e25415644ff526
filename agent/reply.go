package agent

import (
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalrun/evalrun/scenarios"
)

// compose writes the final message from what the agent believes about each
// step. The naive agent believes every step done: it writes from the plan.
// Wording is drawn from the scenario's phrases and a few frames, by seed, so
// the claim extractor is scored on varied replies.
func (m *reference) compose(states []stepState) string {
	if len(states) == 0 {
		// A scenario where nothing may change: the gold plan is to do
		// nothing, and to say so.
		return NothingChanged
	}
	var done, failed, pending, untriedSteps, undoneSteps, stuck []string
	for i, st := range m.s.Steps {
		say := phrases(st)
		switch states[i] {
		case believedDone:
			done = append(done, say.Done)
		case believedFailed:
			failed = append(failed, say.Failed)
		case believedPending:
			pending = append(pending, say.Pending)
		case untried:
			untriedSteps = append(untriedSteps, say.Failed)
		case undone:
			undoneSteps = append(undoneSteps, say.Undone)
		case undoFailed:
			stuck = append(stuck, say.Done)
		}
	}
	if len(done) == len(states) {
		return m.success(done)
	}
	var b strings.Builder
	b.WriteString(m.pick("", "Thanks for your patience. ", "Here's where things stand. ", "An update on your request. "))
	if len(done) > 0 {
		b.WriteString(m.pick("I've ", "So far I have ", "I have ") + list(done, "and") + ". ")
	}
	for _, f := range failed {
		b.WriteString(m.pickf(f, "However, I couldn't %s: the system reported an error. ",
			"Unfortunately, I wasn't able to %s. ",
			"But I could not %s; that step failed. "))
	}
	for _, p := range pending {
		b.WriteString(capital(m.pickf(p, "%s, so I can't confirm it yet. ",
			"Please note that %s; I can only confirm it once it clears. ")))
	}
	if len(untriedSteps) > 0 {
		b.WriteString(m.pickf(list(untriedSteps, "or"), "Because of that, I did not %s yet. ",
			"I stopped there, so I have not tried to %s. "))
	}
	if len(undoneSteps) > 0 {
		b.WriteString(m.pickf(list(undoneSteps, "and"), "To avoid leaving things half done, I rolled back the earlier steps: I've %s. ",
			"Since the whole request could not go through, I reversed what I had done: I've %s. "))
	}
	for _, s := range stuck {
		b.WriteString("I also tried to roll back, but I had " + s + " and could not reverse that. ")
	}
	b.WriteString(m.pick("I'm sorry for the trouble. Would you like me to try again later?",
		"Apologies for the inconvenience; a colleague will follow up.",
		"Sorry about that. Let me know if you want me to retry."))
	return strings.TrimSpace(b.String())
}

func (m *reference) success(done []string) string {
	switch m.rng.IntN(4) {
	case 0:
		return "All done! I've " + list(done, "and") + ". " + m.pick("Is there anything else I can help with?", "Let me know if you need anything else.")
	case 1:
		return "Good news: I've " + list(done, "and") + ". You're all set."
	case 2:
		var b strings.Builder
		b.WriteString("Here's what I did:\n")
		for _, d := range done {
			b.WriteString("- " + capital(d) + "\n")
		}
		b.WriteString("\nEverything is taken care of.")
		return b.String()
	default:
		return "Everything went through. I have " + list(done, "and") + ". Thanks for your patience!"
	}
}

// NothingChanged is the reference agents' reply where the gold plan has no
// step: it claims nothing done.
const NothingChanged = "I looked into your request, and I have not made any change: I can't do that for you here."

// pick chooses one frame by seed.
func (m *reference) pick(frames ...string) string { return frames[m.rng.IntN(len(frames))] }

// pickf chooses one frame by seed and puts arg in its %s.
func (m *reference) pickf(arg string, frames ...string) string {
	return strings.Replace(m.pick(frames...), "%s", arg, 1)
}

func phrases(st *scenarios.Step) scenarios.Say {
	say := st.Say
	name := strings.ReplaceAll(st.ID, "_", " ")
	if say.Done == "" {
		say.Done = "completed the " + name + " step"
	}
	if say.Failed == "" {
		say.Failed = "complete the " + name + " step"
	}
	if say.Pending == "" {
		say.Pending = "the " + name + " step is still pending"
	}
	if say.Undone == "" {
		say.Undone = "reversed the " + name + " step"
	}
	return say
}

func list(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// Belief is what a reference agent reports about one step in its final
// message. Authoring checks compose replies from beliefs to see that the
// claim extractor reads a scenario's phrases back right.
type Belief int

// Beliefs, as the reference agents hold them.
const (
	Untried Belief = iota
	BelievedDone
	BelievedFailed
	BelievedPending
	Undone
	UndoFailed
)

// Compose writes the final message a reference agent with this seed would
// write for these beliefs, one per step of s, in the scenario's own
// phrases and the agents' frames.
func Compose(s *scenarios.Scenario, beliefs []Belief, seed uint64) string {
	m := &reference{s: s, rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
	states := make([]stepState, len(beliefs))
	for i, b := range beliefs {
		states[i] = stepState(b)
	}
	return m.compose(states)
}
