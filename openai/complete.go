package openai

import (
	"context"
	"errors"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/evalrun/evalrun/agent"
)

// Completion is one request outside the agent loop: a conversation with no
// tools, for a reader of the run such as the claims judge. It goes through
// the same transport as the agent's calls: retries, Retry-After, the rate
// limit, recordings, redaction and the size limit all apply.
type Completion struct {
	Messages []agent.Message
	// JSON asks for a JSON object (response_format json_object).
	JSON bool
	// Seed is sent as the request's seed, so that endpoints that honour it
	// repeat themselves.
	Seed uint64
	// Temperature, when set, replaces the backend's.
	Temperature *float32
}

// Completed is a completion's answer and what it cost.
type Completed struct {
	Content string
	Usage   agent.Usage
}

// StatusError is an error status the endpoint answered with (after any
// retries), with the message evalrun made of it.
type StatusError struct {
	Status int
	msg    string
}

func (e *StatusError) Error() string { return e.msg }

// Complete sends one completion and returns its text. The answer must be a
// complete final reply, as DecodeReply reads one: a reply cut off, filtered,
// empty or made of tool calls is an error. Usage counts every request, the
// failed ones included.
func (b *Backend) Complete(ctx context.Context, c Completion) (Completed, error) {
	temp := b.cfg.Temperature
	if c.Temperature != nil {
		temp = c.Temperature
	}
	creq := goopenai.ChatCompletionRequest{
		Model:       b.cfg.Model,
		Messages:    toMessages(c.Messages),
		Seed:        requestSeed(c.Seed),
		Temperature: wireTemperature(temp),
	}
	if c.JSON {
		creq.ResponseFormat = &goopenai.ChatCompletionResponseFormat{Type: goopenai.ChatCompletionResponseFormatTypeJSONObject}
	}
	var cl call
	var out Completed
	_, err := b.client.CreateChatCompletion(withCall(ctx, &cl), creq)
	out.Usage = agent.Usage{Requests: 1, Retries: cl.retries}
	if err != nil {
		return out, b.explain(err, &cl)
	}
	if !cl.captured {
		return out, errors.New("internal error: the reply was not captured")
	}
	d, err := DecodeReply(cl.body, cl.contentType)
	if d.Known {
		out.Usage = out.Usage.Add(agent.Usage{PromptTokens: d.Prompt, CompletionTokens: d.Completion})
	} else {
		out.Usage.Unknown = 1
	}
	if err != nil {
		return out, errors.New(b.redact.String(err.Error()))
	}
	if len(d.Reply.ToolCalls) > 0 {
		return out, errors.New("the reply called tools; a completion has none to call")
	}
	out.Content = b.redact.String(d.Reply.Content)
	return out, nil
}
