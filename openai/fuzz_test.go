package openai

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeReply feeds the reply decoder arbitrary bodies: it must never
// panic, never accept a final answer that is blank, and never report
// token counts that are negative or past the per-call bound.
func FuzzDecodeReply(f *testing.F) {
	for _, seed := range []string{
		`{"choices":[{"message":{"content":"Done."},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":2}}`,
		`{"choices":[{"message":{"tool_calls":[{"id":"a","function":{"name":"f","arguments":{"x":[1,{"y":null}]}}}]}}]}`,
		`{"choices":[null]}`, `{"choices":[{"message":null}]}`, `{"error":{"message":"x"}}`,
		`{"choices":[{"message":{"content":[{"type":"text","text":" "}]},"finish_reason":"length"}]}`,
		`{"choices":[{"message":{"content":"a","refusal":"b"},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":-1}}`,
		"data: {}\n\n", "", "null", `{"choices":{}}`,
	} {
		f.Add([]byte(seed), "application/json")
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		d, err := DecodeReply(body, contentType)
		if d.Known && (d.Prompt < 0 || d.Completion < 0 || d.Prompt > 100_000_000 || d.Completion > 100_000_000) {
			t.Fatalf("implausible counts accepted: %+v", d)
		}
		if !d.Known && (d.Prompt != 0 || d.Completion != 0) {
			t.Fatalf("unknown usage with counts: %+v", d)
		}
		if err != nil {
			if !utf8.ValidString(err.Error()) {
				t.Fatalf("error is not UTF-8: %q", err)
			}
			return
		}
		if len(d.Reply.ToolCalls) == 0 && strings.TrimSpace(d.Reply.Content) == "" {
			t.Fatalf("a blank final answer was accepted: %q", body)
		}
		for _, c := range d.Reply.ToolCalls {
			if c.Arguments == "" {
				t.Fatalf("a call without argument text: %q", body)
			}
		}
		if !json.Valid(body) {
			t.Fatalf("accepted a body that is not JSON: %q", body)
		}
	})
}
