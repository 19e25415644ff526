package external

import (
	"context"
	"fmt"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mcpserve"
)

// turn is one run of an external agent: the user's latest message (the
// task, then each user reply) and the conversation so far, that message
// last. An agent that keeps no state of its own rebuilds from Messages.
type turn struct {
	N        int
	Message  string
	Messages []agent.Message
}

// runTurn runs the agent once and returns what it answered the user.
type runTurn func(ctx context.Context, t turn) (string, error)

// converse runs the agent once for the task and once more for each user
// reply, while any are left: the scenario's user turns, over a protocol
// where each run answers one user message. Its last answer is the final
// message. The tool calls each run made over MCP go into the transcript
// before its answer.
func converse(ctx context.Context, at agent.Trial, srv *mcpserve.Server, run runTurn) (agent.Transcript, error) {
	msgs := []agent.Message{{Role: "system", Content: at.System}, {Role: "user", Content: at.Task}}
	replies := at.UserReplies
	placed, answers := 0, 0
	tr := func(final string) agent.Transcript {
		return agent.Transcript{Messages: msgs, Final: final, Turns: srv.Calls() + answers, External: true, UserTurns: len(at.UserReplies) - len(replies)}
	}
	message := at.Task
	for n := 1; ; n++ {
		answer, err := run(ctx, turn{N: n, Message: message, Messages: append([]agent.Message(nil), msgs...)})
		calls := srv.Transcript()
		msgs = append(msgs, calls[placed:]...)
		placed = len(calls)
		if answer != "" {
			msgs = append(msgs, agent.Message{Role: "assistant", Content: answer})
			answers++
		}
		if err != nil {
			if n > 1 {
				err = fmt.Errorf("turn %d: %w", n, err)
			}
			return tr(answer), err
		}
		if len(replies) == 0 {
			return tr(answer), nil
		}
		message, replies = replies[0], replies[1:]
		msgs = append(msgs, agent.Message{Role: "user", Content: message})
	}
}
