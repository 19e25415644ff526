package openai

import (
	"encoding/json"
	"math"
	"sync"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mocktools"
)

// toMessages turns the loop's conversation into chat-completions messages.
// The shapes are the same; only tool messages drop the name, which the
// protocol does not define for them.
func toMessages(msgs []agent.Message) []goopenai.ChatCompletionMessage {
	out := make([]goopenai.ChatCompletionMessage, len(msgs))
	for i, m := range msgs {
		o := goopenai.ChatCompletionMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
		if m.Role != goopenai.ChatMessageRoleTool {
			o.Name = m.Name
		}
		if len(m.ToolCalls) > 0 {
			o.ToolCalls = make([]goopenai.ToolCall, len(m.ToolCalls))
			for j, c := range m.ToolCalls {
				o.ToolCalls[j] = goopenai.ToolCall{ID: c.ID, Type: goopenai.ToolTypeFunction,
					Function: goopenai.FunctionCall{Name: c.Name, Arguments: c.Arguments}}
			}
		}
		out[i] = o
	}
	return out
}

// toolCache holds each toolbox's function tools with their JSON schemas
// encoded once: encoding the schemas' maps was a quarter of a model call's
// CPU. A scenario's toolbox hands every trial the same definitions slice,
// so its first element's address identifies it.
type toolCache struct {
	m sync.Map // toolKey -> []goopenai.Tool
}

type toolKey struct {
	first *mocktools.Definition
	n     int
}

// tools turns the scenario's tool definitions into function tools.
func (c *toolCache) tools(defs []mocktools.Definition) []goopenai.Tool {
	if len(defs) == 0 {
		return nil
	}
	key := toolKey{&defs[0], len(defs)}
	if t, ok := c.m.Load(key); ok {
		return t.([]goopenai.Tool)
	}
	out := FunctionTools(defs)
	c.m.Store(key, out)
	return out
}

// FunctionTools is a scenario's tools as a chat-completions request
// carries them: what the model is told it can call.
func FunctionTools(defs []mocktools.Definition) []goopenai.Tool {
	out := make([]goopenai.Tool, len(defs))
	for i, d := range defs {
		var params any = d.Parameters
		if b, err := json.Marshal(d.Parameters); err == nil {
			params = json.RawMessage(b)
		}
		out[i] = goopenai.Tool{Type: goopenai.ToolTypeFunction, Function: &goopenai.FunctionDefinition{
			Name: d.Name, Description: d.Description, Parameters: params}}
	}
	return out
}

// requestSeed maps a trial seed onto the non-negative int64 range every
// server accepts.
func requestSeed(seed uint64) *int {
	s := int(seed & math.MaxInt64)
	return &s
}

// wireTemperature is the temperature as sent. go-openai omits a zero
// temperature, so an explicit 0 goes as the smallest positive float32,
// which every server treats as greedy decoding.
func wireTemperature(t *float32) float32 {
	switch {
	case t == nil:
		return 0
	case *t == 0:
		return math.SmallestNonzeroFloat32
	default:
		return *t
	}
}
