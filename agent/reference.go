package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/evalrun/evalrun/internal/jsonx"
	"github.com/evalrun/evalrun/scenarios"
)

// behaviour is what sets the reference models apart: each adds one of the
// seed's mitigations to the one before.
type behaviour struct {
	readResults bool // check every reply (checkpoints)
	readBack    bool // verify every write by reading state back
	compensate  bool // undo completed steps on failure (saga)
}

func init() {
	for _, r := range []struct {
		name, desc string
		b          behaviour
	}{
		{"naive", "calls every gold action in order, ignores the results, reports from the plan", behaviour{}},
		{"checked", "reads every reply, retries what looks transient (blindly), stops at a failure and reports honestly", behaviour{readResults: true}},
		{"verifying", "checked, plus a read-back after every write (and before any retry), re-read once after a backoff when it contradicts the reply; a mismatch is a failure", behaviour{readResults: true, readBack: true}},
		{"saga", "verifying, plus compensation of completed steps in reverse order on failure", behaviour{readResults: true, readBack: true, compensate: true}},
	} {
		b := r.b
		Register(Info{Name: r.name, Description: r.desc, New: func(s *scenarios.Scenario, o Options) (Model, error) {
			return newReference(s, o, b), nil
		}})
	}
}

// stepState is what a reference agent believes about a step.
type stepState int

const (
	untried stepState = iota
	believedDone
	believedFailed
	believedPending
	undone
	undoFailed
)

// reference plays the gold plan with one behaviour. Its logic is a plain
// sequential program run as a coroutine: each tool call yields a reply and
// resumes with the next request.
type reference struct {
	s      *scenarios.Scenario
	b      behaviour
	rng    *rand.Rand
	req    Request
	next   func() (Reply, bool)
	stop   func()
	nCalls int
	wait   time.Duration // backoff before the next call
	asked  int           // requests for confirmation made
}

// Retry policy of the careful reference agents: what looks transient is
// tried up to MaxAttempts times in all, waiting RetryBase, then twice as
// long each time, in simulated time.
const (
	MaxAttempts = 3
	RetryBase   = 2 * time.Second
)

func newReference(s *scenarios.Scenario, o Options, b behaviour) *reference {
	m := &reference{s: s, b: b, rng: rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))}
	m.next, m.stop = iter.Pull(m.play)
	return m
}

// Next resumes the plan until its next reply.
func (m *reference) Next(_ context.Context, req Request) (Reply, error) {
	m.req = req
	r, ok := m.next()
	if !ok {
		return Reply{}, fmt.Errorf("reference agent: asked for a turn after it stopped")
	}
	return r, nil
}

// confirm asks the user before a step's write while the scenario has
// user replies left, as a policy that wants confirmation before every
// write makes an agent do. Any answer is taken as a yes: the reference
// agents play the gold plan and do not read what the user says.
func (m *reference) confirm(yield func(Reply) bool, st *scenarios.Step) bool {
	if m.asked >= len(m.s.UserReplies) {
		return true
	}
	m.asked++
	return yield(Reply{Content: "Before I go on: the next step is to " + strings.ReplaceAll(st.ID, "_", " ") +
		" (" + st.Action.Tool + "). Shall I go ahead?"})
}

// Close ends the coroutine.
func (m *reference) Close() { m.stop() }

// call yields one tool call and returns the reply body the model read.
func (m *reference) call(yield func(Reply) bool, tool, args string) (map[string]any, bool) {
	m.nCalls++
	id := "call_" + strconv.Itoa(m.nCalls)
	wait := m.wait
	m.wait = 0
	if !yield(Reply{Wait: wait, ToolCalls: []ToolCall{{ID: id, Name: tool, Arguments: args}}}) {
		return nil, false
	}
	if !m.b.readResults && !m.b.readBack {
		return nil, true // the naive agent never reads a reply
	}
	for i := len(m.req.Messages) - 1; i >= 0; i-- {
		msg := m.req.Messages[i]
		if msg.Role == "tool" && msg.ToolCallID == id {
			return readBody(msg.Content), true
		}
	}
	return map[string]any{"error": "no reply"}, true
}

// readBody reads a tool message as the JSON object it should be; anything
// else reads as an error.
func readBody(content string) map[string]any {
	if v, ok := jsonx.Decode(content); ok {
		if m, ok := v.(map[string]any); ok {
			return m
		}
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(content), &body); err != nil || body == nil {
		return map[string]any{"error": content}
	}
	return body
}

// classify reads a write's reply as a careful agent would. "pending" is
// not among the words of an unconfirmed write: a record's own status says
// it (an order that is still pending after its address changed), and the
// reply of a write that did land often echoes that record.
func classify(body map[string]any) stepState {
	if _, ok := body["error"]; ok {
		return believedFailed
	}
	status, _ := body["status"].(string)
	switch strings.ToLower(status) {
	case "error", "failed", "failure", "declined", "rejected":
		return believedFailed
	case "queued", "accepted", "processing", "in_progress":
		return believedPending
	}
	return believedDone
}

func (m *reference) play(yield func(Reply) bool) {
	states := make([]stepState, len(m.s.Steps))
	failedAt := -1
	for i, st := range m.s.Steps {
		if !m.confirm(yield, st) {
			return
		}
		state, ok := m.perform(yield, st)
		if !ok {
			return
		}
		states[i] = state
		if state != believedDone {
			failedAt = i
			break
		}
	}
	if failedAt >= 0 && m.b.compensate {
		for i := failedAt - 1; i >= 0; i-- {
			st := m.s.Steps[i]
			if st.Compensate == nil {
				continue
			}
			if _, ok := m.call(yield, st.Compensate.Tool, st.Compensate.ArgsJSON); !ok {
				return
			}
			still, ok := m.verify(yield, st)
			if !ok {
				return
			}
			states[i] = undone
			if still {
				states[i] = undoFailed
			}
		}
	}
	// Told something after its report (user replies left over), it
	// repeats the report: the last message is the final one.
	final := Reply{Content: m.compose(states)}
	for yield(final) {
	}
}

// perform runs a step's action and says what the agent believes came of
// it. The careful agents retry what looks transient, backing off; a
// verifying agent reads back before a retry, so that a timeout whose write
// landed is not repeated. The checked agent retries blindly.
func (m *reference) perform(yield func(Reply) bool, st *scenarios.Step) (stepState, bool) {
	for attempt := 1; ; attempt++ {
		body, ok := m.call(yield, st.Action.Tool, st.Action.ArgsJSON)
		if !ok {
			return untried, false
		}
		state := believedDone
		if m.b.readResults {
			state = classify(body)
		}
		if m.b.readBack {
			confirmed, ok := m.verify(yield, st)
			if !ok {
				return untried, false
			}
			if !confirmed && state == believedDone {
				// The reply said done and the read says not: a replica may
				// lag behind the write. Read once more after a backoff.
				m.wait = RetryBase
				if confirmed, ok = m.verify(yield, st); !ok {
					return untried, false
				}
			}
			switch {
			case confirmed:
				state = believedDone
			case state != believedPending:
				state = believedFailed
			}
		}
		if state == believedDone || !m.b.readResults || attempt >= MaxAttempts || !transient(body) {
			return state, true
		}
		m.wait = RetryBase << (attempt - 1)
	}
}

// transient reports whether a reply reads as a failure worth retrying: a
// timeout, a rate limit, a service briefly unavailable.
func transient(body map[string]any) bool {
	msg, _ := body["error"].(string)
	if msg == "" {
		return false
	}
	msg = strings.ToLower(msg)
	for _, w := range []string{"timeout", "timed out", "rate limit", "429", "503", "unavailable", "temporar", "try again"} {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

// verify runs a step's read-backs and reports whether all of them hold.
func (m *reference) verify(yield func(Reply) bool, st *scenarios.Step) (bool, bool) {
	all := len(st.Verify) > 0
	for _, c := range st.Verify {
		body, ok := m.call(yield, c.Tool, c.ArgsJSON)
		if !ok {
			return false, false
		}
		all = all && scenarios.Expect(c.ExpectProgram, body)
	}
	return all, true
}
