package agent

import (
	"context"
	"fmt"
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

// SystemPrompt is the default instruction every model gets.
const SystemPrompt = "You are a customer-support agent with tools. Carry out the user's request with the tools, " +
	"then tell the user exactly what was done and what was not."

// Transcript is a finished conversation.
type Transcript struct {
	Messages []Message `json:"messages"`
	// Final is the message to the user: the last reply's text.
	Final string `json:"-"`
	Turns int    `json:"turns"`
	// OutOfTurns is true when the model was still calling tools at MaxTurns;
	// Final is then its last text.
	OutOfTurns bool `json:"out_of_turns,omitempty"`
}

// Run drives one conversation to its end. An error means the model itself
// failed (the trial is then an error, not a verdict); the transcript so far
// is returned with it.
func Run(ctx context.Context, m Model, tools Tools, defs []mocktools.Definition, system, task string, maxTurns int) (Transcript, error) {
	if c, ok := m.(Closer); ok {
		defer c.Close()
	}
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	tr := Transcript{Messages: make([]Message, 0, 24)}
	tr.Messages = append(tr.Messages, Message{Role: "system", Content: system}, Message{Role: "user", Content: task})
	for tr.Turns < maxTurns {
		if err := ctx.Err(); err != nil {
			return tr, err
		}
		reply, err := m.Next(ctx, Request{Messages: tr.Messages, Tools: defs})
		tr.Turns++
		if err != nil {
			return tr, fmt.Errorf("model turn %d: %w", tr.Turns, err)
		}
		tr.Messages = append(tr.Messages, Message{Role: "assistant", Content: reply.Content, ToolCalls: reply.ToolCalls})
		if len(reply.ToolCalls) == 0 {
			tr.Final = reply.Content
			return tr, nil
		}
		if reply.Content != "" {
			tr.Final = reply.Content // the last text, should the turns run out
		}
		if w, ok := tools.(Waiter); ok && reply.Wait > 0 {
			w.Wait(ctx, reply.Wait)
		}
		for i, c := range reply.ToolCalls {
			if c.ID == "" {
				c.ID = fmt.Sprintf("call_%d_%d", tr.Turns, i+1)
				reply.ToolCalls[i].ID = c.ID
			}
			resp := tools.Call(ctx, c.ID, c.Name, c.Arguments)
			tr.Messages = append(tr.Messages, Message{Role: "tool", ToolCallID: c.ID, Name: c.Name, Content: resp.Content()})
		}
	}
	tr.OutOfTurns = true
	return tr, nil
}
