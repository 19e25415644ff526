package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/evalrun/evalrun/mocktools"
)

// Tools is where the loop sends tool calls: the fault layer.
type Tools interface {
	Call(ctx context.Context, id, name, args string) mocktools.Response
}

// Waiter is an optional ability of Tools: letting simulated time pass.
type Waiter interface {
	Wait(ctx context.Context, d time.Duration)
}

// DefaultMaxTurns bounds a trial's model turns.
const DefaultMaxTurns = 40

// SystemPrompt is the default instruction every model gets, in no domain's
// words: a scenario may set its own (system_prompt).
const SystemPrompt = "You are an agent with tools. Carry out the user's request with the tools, " +
	"then tell the user exactly what was done and what was not."

// ErrEmptyReply is a final reply with no text: the model answered nothing,
// so there is nothing to score, and the trial is an error, never a pass.
var ErrEmptyReply = errors.New("final reply empty: the model ended the conversation without a message to the user")

// Transcript is a finished conversation.
type Transcript struct {
	Messages []Message `json:"messages"`
	// Final is the message to the user: the text of the reply without tool
	// calls that ended the conversation.
	Final string `json:"-"`
	Turns int    `json:"turns"`
	// OutOfTurns is true when the model was still calling tools at MaxTurns
	// (or had not answered the last user reply). Final is then empty: text
	// sent beside tool calls is narration of work in progress, not a
	// reply, and is never scored as one.
	OutOfTurns bool `json:"out_of_turns,omitempty"`
	// UserTurns counts the user replies sent after the task.
	UserTurns int `json:"user_turns,omitempty"`
	// External is true when an agent outside evalrun ran the conversation:
	// Messages then hold its tool calls and the final message only, since
	// its model's side is not visible.
	External bool `json:"external,omitempty"`
}

// Run drives one conversation, with no user replies, to its end.
func Run(ctx context.Context, m Model, tools Tools, defs []mocktools.Definition, system, task string, maxTurns int) (Transcript, error) {
	return Play(ctx, m, Trial{Tools: tools, Defs: defs, System: system, Task: task}, maxTurns)
}

// Play drives one conversation to its end. A reply without tool calls goes
// to the user: while user replies are left, the next one is sent and the
// model goes on; otherwise it is the final message. An error means the
// model itself failed (the trial is then an error, not a verdict); the
// transcript so far is returned with it.
func Play(ctx context.Context, m Model, t Trial, maxTurns int) (Transcript, error) {
	if c, ok := m.(Closer); ok {
		defer c.Close()
	}
	if d, ok := m.(Driver); ok {
		tr, err := d.Drive(ctx, t)
		if err == nil && strings.TrimSpace(tr.Final) == "" {
			err = ErrEmptyReply
		}
		return tr, err
	}
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	tools, defs, replies := t.Tools, t.Defs, t.UserReplies
	tr := Transcript{Messages: make([]Message, 0, 24)}
	tr.Messages = append(tr.Messages, Message{Role: "system", Content: t.System}, Message{Role: "user", Content: t.Task})
	seen := map[string]bool{}
	for tr.Turns < maxTurns {
		if err := ctx.Err(); err != nil {
			return tr, err
		}
		reply, err := m.Next(ctx, Request{Messages: tr.Messages, Tools: defs})
		tr.Turns++
		if err != nil {
			return tr, fmt.Errorf("model turn %d: %w", tr.Turns, err)
		}
		uniqueIDs(reply.ToolCalls, tr.Turns, seen)
		tr.Messages = append(tr.Messages, Message{Role: "assistant", Content: reply.Content, ToolCalls: reply.ToolCalls})
		if len(reply.ToolCalls) == 0 {
			if strings.TrimSpace(reply.Content) == "" {
				return tr, fmt.Errorf("model turn %d: %w", tr.Turns, ErrEmptyReply)
			}
			if len(replies) > 0 {
				tr.Messages = append(tr.Messages, Message{Role: "user", Content: replies[0]})
				tr.UserTurns++
				replies = replies[1:]
				continue
			}
			tr.Final = reply.Content
			return tr, nil
		}
		if w, ok := tools.(Waiter); ok && reply.Wait > 0 {
			w.Wait(ctx, reply.Wait)
		}
		for _, c := range reply.ToolCalls {
			resp := tools.Call(ctx, c.ID, c.Name, c.Arguments)
			tr.Messages = append(tr.Messages, Message{Role: "tool", ToolCallID: c.ID, Name: c.Name, Content: resp.Content()})
		}
	}
	tr.OutOfTurns = true
	return tr, nil
}

// uniqueIDs gives every tool call of the conversation an id of its own: a
// missing id becomes call_TURN_N, and a repeated one gets a suffix, so that
// each tool result answers exactly one call when the conversation is sent
// back to the model.
func uniqueIDs(calls []ToolCall, turn int, seen map[string]bool) {
	for i := range calls {
		id := calls[i].ID
		if id == "" {
			id = fmt.Sprintf("call_%d_%d", turn, i+1)
		}
		for n := 2; seen[id]; n++ {
			id = fmt.Sprintf("%s_%d", calls[i].ID, n)
			if calls[i].ID == "" {
				id = fmt.Sprintf("call_%d_%d_%d", turn, i+1, n)
			}
		}
		seen[id] = true
		calls[i].ID = id
	}
}
