package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/internal/excerpt"
)

// MaxReplyBytes bounds one reply body. A chat completion is kilobytes; a
// body past this is a broken endpoint, and reading it whole would cost the
// run its memory.
const MaxReplyBytes = 32 << 20

// The reply as the wire may carry it. Every field a hostile or sloppy
// endpoint gets wrong is decoded loosely (raw JSON, pointers) so that the
// checks below can tell "null" from "empty" and say what was wrong.
type (
	wireReply struct {
		Choices []*wireChoice   `json:"choices"`
		Usage   *wireUsage      `json:"usage"`
		Error   json.RawMessage `json:"error"`
	}
	wireChoice struct {
		Message      *wireMessage `json:"message"`
		FinishReason *string      `json:"finish_reason"`
	}
	wireMessage struct {
		Content      json.RawMessage `json:"content"`
		Refusal      *string         `json:"refusal"`
		ToolCalls    []*wireToolCall `json:"tool_calls"`
		FunctionCall *wireFunction   `json:"function_call"`
	}
	wireToolCall struct {
		ID       json.RawMessage `json:"id"`
		Function *wireFunction   `json:"function"`
	}
	wireFunction struct {
		Name      json.RawMessage `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	wireUsage struct {
		PromptTokens     json.RawMessage `json:"prompt_tokens"`
		CompletionTokens json.RawMessage `json:"completion_tokens"`
	}
)

// Decoded is one reply, checked: the turn for the agent loop and the
// tokens it cost.
type Decoded struct {
	Reply agent.Reply
	// Prompt and Completion are the token counts; Known is false when the
	// endpoint sent none, or counts that are not plausible.
	Prompt, Completion int
	Known              bool
}

// Finish reasons that mean the model ended its answer on purpose. An
// absent one is accepted too: many local servers send none.
var completeFinish = map[string]bool{"": true, "stop": true, "end_turn": true, "eos": true, "stop_sequence": true}

// DecodeReply reads a successful chat-completions body. A reply with tool
// calls is a turn of work, whatever its finish reason; a reply without them
// is the final answer, and must be complete: text that is present, not cut
// off (finish_reason length), not filtered, not a refusal, not a tool turn
// whose calls are missing. Anything else is an error that says which shape
// arrived, so that no trial is scored on a reply the model never finished.
// Usage is returned even when the reply is rejected.
func DecodeReply(body []byte, contentType string) (Decoded, error) {
	var d Decoded
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return d, fmt.Errorf("the endpoint answered 200 with an empty body")
	}
	if strings.HasPrefix(contentType, "text/event-stream") || bytes.HasPrefix(trimmed, []byte("data:")) || bytes.HasPrefix(trimmed, []byte("event:")) {
		return d, fmt.Errorf("the endpoint streamed server-sent events (%s) although no stream was asked for", orNone(contentType))
	}
	if trimmed[0] != '{' {
		return d, fmt.Errorf("the endpoint answered 200 with a body that is not JSON (%s): %s", orNone(contentType), Excerpt(trimmed))
	}
	var w wireReply
	if err := json.Unmarshal(trimmed, &w); err != nil {
		return d, fmt.Errorf("the endpoint answered 200 with a body that is not a chat completion (%v): %s", err, Excerpt(trimmed))
	}
	d.Prompt, d.Completion, d.Known = w.Usage.counts()
	if len(w.Choices) == 0 {
		if msg := errorText(w.Error); msg != "" {
			return d, fmt.Errorf("the endpoint answered 200 with an error: %s", msg)
		}
		return d, fmt.Errorf("the reply has no choices")
	}
	c := w.Choices[0]
	if c == nil {
		return d, fmt.Errorf("the reply's choice is null")
	}
	finish := ""
	if c.FinishReason != nil {
		finish = *c.FinishReason
	}
	if c.Message == nil {
		return d, fmt.Errorf("the reply has no message (finish_reason %s)", orNone(finish))
	}
	m := c.Message
	content, err := contentText(m.Content)
	if err != nil {
		return d, err
	}
	d.Reply.Content = content
	for i, tc := range m.ToolCalls {
		if tc == nil {
			return d, fmt.Errorf("tool call %d of the reply is null", i+1)
		}
		call := agent.ToolCall{ID: scalar(tc.ID)}
		if tc.Function != nil {
			call.Name, call.Arguments = scalar(tc.Function.Name), arguments(tc.Function.Arguments)
		}
		d.Reply.ToolCalls = append(d.Reply.ToolCalls, call)
	}
	if len(d.Reply.ToolCalls) == 0 && m.FunctionCall != nil {
		d.Reply.ToolCalls = []agent.ToolCall{{Name: scalar(m.FunctionCall.Name), Arguments: arguments(m.FunctionCall.Arguments)}}
	}
	if len(d.Reply.ToolCalls) > 0 {
		return d, nil
	}
	switch {
	case finish == "length":
		return d, fmt.Errorf("final reply cut off (finish_reason length)")
	case finish == "content_filter":
		return d, fmt.Errorf("final reply filtered (finish_reason content_filter)")
	case finish == "tool_calls" || finish == "function_call":
		return d, fmt.Errorf("final reply missing: finish_reason %s but the reply has no tool calls", finish)
	case m.Refusal != nil && strings.TrimSpace(*m.Refusal) != "" && strings.TrimSpace(content) == "":
		return d, fmt.Errorf("final reply is a refusal: %s", Excerpt([]byte(*m.Refusal)))
	case !completeFinish[finish]:
		return d, fmt.Errorf("final reply incomplete: finish_reason %q is not the end of an answer", finish)
	case strings.TrimSpace(content) == "":
		return d, fmt.Errorf("final reply empty (finish_reason %s, content %s)", orNone(finish), contentKind(m.Content))
	}
	return d, nil
}

// contentText reads message content: a string, null, or a list of parts
// whose text parts are joined.
func contentText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("the reply's content: %w", err)
		}
		return s, nil
	case '[':
		var parts []*struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", fmt.Errorf("the reply's content is a list, but not of text parts: %w", err)
		}
		var b strings.Builder
		for _, p := range parts {
			if p != nil && (p.Type == "text" || p.Type == "output_text") {
				b.WriteString(p.Text)
			}
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("the reply's content is neither text nor a list of text parts: %s", Excerpt(raw))
}

func contentKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		return "missing"
	case bytes.Equal(raw, []byte("null")):
		return "null"
	case raw[0] == '[':
		return "without text parts"
	}
	return "blank"
}

// arguments returns a call's arguments as JSON text. They should be a
// string holding JSON; some servers send the object itself, which is
// taken as written. Missing arguments are an empty object. Anything else
// is passed on as written, for the tool to reject.
func arguments(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || bytes.Equal(raw, []byte("null")):
		return "{}"
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	case raw[0] == '{':
		var b bytes.Buffer
		if json.Compact(&b, raw) == nil {
			return b.String()
		}
	}
	return string(raw)
}

// scalar reads an id or a name: a string, or a number written as text.
func scalar(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// counts reads the token counts; ok is false when either is missing,
// negative, fractional or past agent.MaxTokensPerCall.
func (u *wireUsage) counts() (prompt, completion int, ok bool) {
	if u == nil {
		return 0, 0, false
	}
	p, okP := tokenCount(u.PromptTokens)
	c, okC := tokenCount(u.CompletionTokens)
	if !okP || !okC {
		return 0, 0, false
	}
	return p, c, true
}

func tokenCount(raw json.RawMessage) (int, bool) {
	n, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
	if err != nil || n < 0 || n > agent.MaxTokensPerCall {
		return 0, false
	}
	return int(n), true
}

// errorText reads an error member: an object with a message, or a string.
func errorText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return ""
	}
	var e struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Message != "" {
		return Excerpt([]byte(e.Message))
	}
	return Excerpt(raw)
}

// Excerpt is the start of a body, on one line, for an error message.
func Excerpt(b []byte) string { return excerpt.Of(b, 200) }

// orNone is a header or a finish reason for a message: "none" when empty,
// control characters and invalid UTF-8 escaped.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
