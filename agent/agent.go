// Package agent is the agent loop: the task goes to a model, the model picks
// tool calls, the calls run through the fault layer, the results go back,
// until the model writes its final message to the user. Models are
// pluggable and registered by name.
package agent

import (
	"context"
	"time"

	"github.com/evalrun/evalrun/internal/registry"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/scenarios"
)

// Message is one entry of the conversation, in chat-completions shape: the
// result model's type, so that a transcript is stored as it is.
type Message = result.Message

// ToolCall is a model's request to call a tool; Arguments is JSON text as
// the model wrote it (it may be invalid).
type ToolCall = result.ToolCall

// Request is what a model sees at each turn.
type Request struct {
	Messages []Message
	Tools    []mocktools.Definition
}

// Reply is a model's turn: text, tool calls, or both. A reply without tool
// calls goes to the user: the next user reply answers it while any are
// left, and otherwise it ends the trial, its text the final message.
type Reply struct {
	Content   string
	ToolCalls []ToolCall
	// Wait is simulated time the model lets pass before its calls: the
	// reference agents back off with it before a retry.
	Wait time.Duration
}

// Model picks the next turn. Implementations are per trial and need not be
// safe for concurrent use.
type Model interface {
	Next(ctx context.Context, req Request) (Reply, error)
}

// Closer is an optional ability of a model that holds resources until the
// trial ends.
type Closer interface {
	Close()
}

// Options are what a model factory may use.
type Options struct {
	// Seed drives every random choice of the model (its wording).
	Seed uint64
	// Script is the transcript file or folder of the scripted model.
	Script string
	// Variant and Trial say which case and trial the model plays, for
	// agents that run outside evalrun and are told.
	Variant string
	Trial   int
}

// Driver is an optional ability of a model that runs the whole
// conversation itself: an agent program outside evalrun, reached as a
// command or over HTTP, that calls the tools on its own (over MCP) and
// returns its final message. Run hands it the trial instead of looping.
type Driver interface {
	Drive(ctx context.Context, t Trial) (Transcript, error)
}

// Trial is one conversation to drive: the tools, through the fault layer,
// what the agent is asked, and what the user answers.
type Trial struct {
	Tools  Tools
	Defs   []mocktools.Definition
	System string
	Task   string
	// UserReplies are sent in order, one each time the agent replies
	// without calling a tool while some are left ("yes" to a request for
	// confirmation); the agent's last reply is the final message.
	UserReplies []string
}

// Factory builds a model for one trial of a scenario.
type Factory func(s *scenarios.Scenario, opts Options) (Model, error)

// Info describes a registered model for `evalrun list`.
type Info struct {
	Name        string
	Description string
	New         Factory
}

var models = registry.New[Info]("agent: model", "agent")

// Register adds a model; each model's file calls it from init.
func Register(info Info) { models.Add(info.Name, info) }

// Lookup returns the model called name.
func Lookup(name string) (Info, error) { return models.Get(name) }

// Models lists the registered models, sorted by name.
func Models() []Info { return models.All() }
