package openaitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/evalrun/evalrun/scenarios"
)

// Hostile is an OpenAI-compatible endpoint that misbehaves the way real
// ones do. Its first turn is well formed: every step's gold action as one
// reply of parallel tool calls. Every later turn answers in the shape it
// was started with: a null message, a reply cut off by its length, an HTML
// 502, a connection reset halfway through the body, a Retry-After of three
// thousand years, a model that never stops calling tools. A few shapes
// misbehave on the first turn instead (arguments sent as an object, a
// hundred parallel calls, duplicate call ids). The tests run the whole CLI
// against each shape and check that no trial passes that did not earn it.
type Hostile struct {
	*httptest.Server
	shape shape
	calls []wireCall
	reads []wireCall // the steps' read-backs
	// Final is the honest final message: every step reported done in the
	// scenario's own words.
	Final string
	// Key, when set, is echoed inside successful replies by the
	// "echo-key" shape.
	Key string

	requests atomic.Int64
	finals   atomic.Int64 // requests past the first turn
}

// wireCall is one gold tool call of the first turn.
type wireCall struct {
	name string
	args map[string]any
}

// shape answers one request. turn counts the assistant messages already in
// the conversation (0: the first turn); n counts the requests past the
// first turn, from 1.
type shape func(h *Hostile, w http.ResponseWriter, r *http.Request, turn int, n int64)

// HostileShapes lists every shape NewHostile knows, sorted.
func HostileShapes() []string {
	names := make([]string, 0, len(shapes))
	for n := range shapes {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// NewHostile starts an endpoint that answers in the named shape for the
// scenario s. It panics on an unknown shape: that is a bug in a test.
func NewHostile(s *scenarios.Scenario, name string) *Hostile {
	sh, ok := shapes[name]
	if !ok {
		panic("openaitest: unknown hostile shape " + name)
	}
	h := &Hostile{shape: sh}
	var done []string
	for _, st := range s.Steps {
		h.calls = append(h.calls, wireCall{name: st.Action.Tool, args: st.Action.Args})
		for _, v := range st.Verify {
			h.reads = append(h.reads, wireCall{name: v.Tool, args: v.Args})
		}
		if st.Say.Done != "" {
			done = append(done, st.Say.Done)
		}
	}
	h.Final = "All done: I " + strings.Join(done, ", ") + "."
	h.Server = httptest.NewServer(http.HandlerFunc(h.serve))
	return h
}

// BaseURL is the URL to give the backend (--base-url).
func (h *Hostile) BaseURL() string { return h.URL + "/v1" }

// Requests is the number of requests served so far.
func (h *Hostile) Requests() int64 { return h.requests.Load() }

func (h *Hostile) serve(w http.ResponseWriter, r *http.Request) {
	h.requests.Add(1)
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Messages []struct {
			Role string `json:"role"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return
	}
	turn := 0
	for _, m := range req.Messages {
		if m.Role == "assistant" {
			turn++
		}
	}
	var n int64
	if turn > 0 {
		n = h.finals.Add(1)
	}
	h.shape(h, w, r, turn, n)
}

// goldCalls is the first turn's tool calls, with ids and arguments as the
// protocol says: a JSON string.
func (h *Hostile) goldCalls() []any {
	out := make([]any, len(h.calls))
	for i, c := range h.calls {
		args, _ := json.Marshal(c.args)
		out[i] = map[string]any{"id": fmt.Sprintf("call_%d", i+1), "type": "function",
			"function": map[string]any{"name": c.name, "arguments": string(args)}}
	}
	return out
}

// completion is a well-formed reply around one choice.
func completion(choice any) map[string]any {
	return map[string]any{"id": "chatcmpl-hostile", "object": "chat.completion", "model": "hostile",
		"choices": []any{choice}, "usage": map[string]any{"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}}
}

func answer(message any, finish any) map[string]any {
	return map[string]any{"index": 0, "message": message, "finish_reason": finish}
}

func assistant(content any, calls []any) map[string]any {
	m := map[string]any{"role": "assistant", "content": content}
	if calls != nil {
		m["tool_calls"] = calls
	}
	return m
}

// toolTurn answers the first turn well, so that the world changes.
func (h *Hostile) toolTurn(w http.ResponseWriter) {
	writeJSON(w, http.StatusOK, completion(answer(assistant(nil, h.goldCalls()), "tool_calls")))
}

// final answers with the honest final message.
func (h *Hostile) final(w http.ResponseWriter) {
	writeJSON(w, http.StatusOK, completion(answer(assistant(h.Final, nil), "stop")))
}

// then makes a shape that answers the first turn well and every later
// turn with f.
func then(f func(h *Hostile, w http.ResponseWriter, r *http.Request, n int64)) shape {
	return func(h *Hostile, w http.ResponseWriter, r *http.Request, turn int, n int64) {
		if turn == 0 {
			h.toolTurn(w)
			return
		}
		f(h, w, r, n)
	}
}

// finalJSON answers every later turn with v.
func finalJSON(v func(h *Hostile) any) shape {
	return then(func(h *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) { writeJSON(w, http.StatusOK, v(h)) })
}

// finalRaw answers every later turn with a raw body.
func finalRaw(status int, contentType, body string) shape {
	return then(func(_ *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
}

// once misbehaves on the first later turn only, then answers honestly.
func once(bad func(h *Hostile, w http.ResponseWriter, r *http.Request)) shape {
	return then(func(h *Hostile, w http.ResponseWriter, r *http.Request, n int64) {
		if n == 1 {
			bad(h, w, r)
			return
		}
		h.final(w)
	})
}

// firstTurn answers the first turn with calls(h) and every later turn
// honestly.
func firstTurn(calls func(h *Hostile) []any) shape {
	return func(h *Hostile, w http.ResponseWriter, _ *http.Request, turn int, _ int64) {
		if turn == 0 {
			writeJSON(w, http.StatusOK, completion(answer(assistant(nil, calls(h)), "tool_calls")))
			return
		}
		h.final(w)
	}
}

// resetMidBody sends the headers and half the body of an honest reply,
// then drops the connection.
func resetMidBody(h *Hostile, w http.ResponseWriter, _ *http.Request) {
	b, _ := json.Marshal(completion(answer(assistant(h.Final, nil), "stop")))
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(b))
	buf.Write(b[:len(b)/2])
	buf.Flush()
}

// cutChunked streams half an honest reply in chunked encoding, then ends
// the connection without the last chunk.
func cutChunked(h *Hostile, w http.ResponseWriter, _ *http.Request) {
	b, _ := json.Marshal(completion(answer(assistant(h.Final, nil), "stop")))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b[:len(b)/2])
	w.(http.Flusher).Flush()
	conn, _, err := http.NewResponseController(w).Hijack()
	if err == nil {
		conn.Close()
	}
}

func withUsage(h *Hostile, usage any) any {
	c := completion(answer(assistant(h.Final, nil), "stop"))
	c["usage"] = usage
	return c
}

var shapes = map[string]shape{
	// A well-behaved endpoint: the baseline that must pass.
	"honest": then(func(h *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) { h.final(w) }),

	// Replies that are not a complete answer.
	"message-null":   finalJSON(func(*Hostile) any { return completion(answer(nil, "stop")) }),
	"choice-null":    finalJSON(func(*Hostile) any { return map[string]any{"choices": []any{nil}} }),
	"choices-empty":  finalJSON(func(*Hostile) any { return map[string]any{"choices": []any{}} }),
	"choices-absent": finalJSON(func(*Hostile) any { return map[string]any{"id": "x", "object": "chat.completion"} }),
	"length-empty":   finalJSON(func(*Hostile) any { return completion(answer(assistant("", nil), "length")) }),
	"length-cut-off": finalJSON(func(h *Hostile) any {
		return completion(answer(assistant(h.Final[:len(h.Final)/2], nil), "length"))
	}),
	"content-filter-null": finalJSON(func(*Hostile) any { return completion(answer(assistant(nil, nil), "content_filter")) }),
	"content-filter-text": finalJSON(func(h *Hostile) any { return completion(answer(assistant(h.Final, nil), "content_filter")) }),
	"tool-calls-missing":  finalJSON(func(*Hostile) any { return completion(answer(assistant(nil, nil), "tool_calls")) }),
	"tool-calls-empty":    finalJSON(func(*Hostile) any { return completion(answer(assistant("", []any{}), "tool_calls")) }),
	"stop-empty":          finalJSON(func(*Hostile) any { return completion(answer(assistant("", nil), "stop")) }),
	"stop-blank":          finalJSON(func(*Hostile) any { return completion(answer(assistant(" \n\t ", nil), "stop")) }),
	"stop-null":           finalJSON(func(*Hostile) any { return completion(answer(assistant(nil, nil), "stop")) }),
	"refusal": finalJSON(func(*Hostile) any {
		m := assistant(nil, nil)
		m["refusal"] = "I can't help with that."
		return completion(answer(m, "stop"))
	}),
	"finish-unknown": finalJSON(func(h *Hostile) any {
		return completion(answer(assistant(h.Final, nil), "insufficient_system_resource"))
	}),
	"error-in-200": finalJSON(func(*Hostile) any {
		return map[string]any{"error": map[string]any{"message": "model overloaded", "type": "server_error"}}
	}),
	"tool-call-null":   finalJSON(func(*Hostile) any { return completion(answer(assistant(nil, []any{nil}), "tool_calls")) }),
	"content-not-text": finalJSON(func(*Hostile) any { return completion(answer(assistant(42, nil), "stop")) }),
	"non-json-200":     finalRaw(http.StatusOK, "text/plain", "OK"),
	"empty-200":        finalRaw(http.StatusOK, "application/json", ""),
	"truncated-json":   finalRaw(http.StatusOK, "application/json", `{"choices":[{"index":0,"message":{"role":"assistant","content":"All do`),
	"html-502":         finalRaw(http.StatusBadGateway, "text/html", "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>nginx</body></html>"),
	"unauthorized":     finalRaw(http.StatusUnauthorized, "application/json", `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}`),
	"sse-unasked": finalRaw(http.StatusOK, "text/event-stream",
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"All done\"}}]}\n\ndata: [DONE]\n\n"),

	// Replies whose connection breaks: retried under the budget.
	"reset-mid-body":       then(func(h *Hostile, w http.ResponseWriter, r *http.Request, _ int64) { resetMidBody(h, w, r) }),
	"reset-mid-body-once":  once(resetMidBody),
	"chunked-cut-off":      then(func(h *Hostile, w http.ResponseWriter, r *http.Request, _ int64) { cutChunked(h, w, r) }),
	"chunked-cut-off-once": once(cutChunked),
	"slow-drip": then(func(h *Hostile, w http.ResponseWriter, r *http.Request, _ int64) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		for i := 0; i < 100; i++ {
			if _, err := io.WriteString(w, " "); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
		h.final(w)
	}),

	// Rate limits and redirects.
	"retry-after-absurd": then(func(_ *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) {
		WriteError(w, http.StatusTooManyRequests, "99999999999", "rate limited")
	}),
	"retry-after-nan-once": once(func(_ *Hostile, w http.ResponseWriter, _ *http.Request) {
		WriteError(w, http.StatusTooManyRequests, "NaN", "rate limited")
	}),
	"redirect-loop": then(func(_ *Hostile, w http.ResponseWriter, r *http.Request, _ int64) {
		http.Redirect(w, r, r.URL.Path, http.StatusTemporaryRedirect)
	}),
	"redirect-post-to-get": then(func(_ *Hostile, w http.ResponseWriter, r *http.Request, _ int64) {
		http.Redirect(w, r, "/elsewhere"+r.URL.Path, http.StatusFound)
	}),

	// Token counts that must not be summed.
	"usage-overflow": finalJSON(func(h *Hostile) any {
		return withUsage(h, map[string]any{"prompt_tokens": int64(1<<63 - 1), "completion_tokens": int64(1<<63 - 1), "total_tokens": -2})
	}),
	"usage-negative": finalJSON(func(h *Hostile) any {
		return withUsage(h, map[string]any{"prompt_tokens": -40, "completion_tokens": -120})
	}),
	"usage-absent": finalJSON(func(h *Hostile) any { return withUsage(h, nil) }),
	"usage-past-int64": finalJSON(func(h *Hostile) any {
		return withUsage(h, json.RawMessage(`{"prompt_tokens":1e400,"completion_tokens":99999999999999999999999}`))
	}),
	"content-as-parts": finalJSON(func(h *Hostile) any {
		return completion(answer(assistant([]any{map[string]any{"type": "text", "text": h.Final}}, nil), "stop"))
	}),
	"finish-reason-absent": finalJSON(func(h *Hostile) any { return completion(answer(assistant(h.Final, nil), nil)) }),
	"five-megabytes": finalJSON(func(h *Hostile) any {
		return completion(answer(assistant(strings.Repeat(h.Final+" ", 5<<20/(len(h.Final)+1)), nil), "stop"))
	}),
	"error-echoes-key": then(func(h *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) {
		writeJSON(w, http.StatusOK, map[string]any{"error": map[string]any{"message": "invalid key " + h.Key}})
	}),
	"echo-key": then(func(h *Hostile, w http.ResponseWriter, _ *http.Request, _ int64) {
		writeJSON(w, http.StatusOK, completion(answer(assistant(h.Final+" (authorised with "+h.Key+")", nil), "stop")))
	}),

	// Agents that never finish.
	"endless-tool-calls": func(h *Hostile, w http.ResponseWriter, _ *http.Request, turn int, _ int64) {
		if turn == 0 {
			h.toolTurn(w)
			return
		}
		writeJSON(w, http.StatusOK, completion(answer(assistant(nil, []any{map[string]any{"id": fmt.Sprintf("c%d", turn), "type": "function",
			"function": map[string]any{"name": h.calls[0].name, "arguments": `{}`}}}), "tool_calls")))
	},
	"endless-text-and-calls": func(h *Hostile, w http.ResponseWriter, _ *http.Request, turn int, _ int64) {
		calls := h.goldCalls()[:1]
		if turn == 0 {
			calls = h.goldCalls()
		}
		writeJSON(w, http.StatusOK, completion(answer(assistant(h.Final, calls), "tool_calls")))
	},

	// First turns in shapes the protocol does not promise.
	"arguments-as-object": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i, c := range h.calls {
			out[i].(map[string]any)["function"].(map[string]any)["arguments"] = c.args
		}
		return out
	}),
	"arguments-invalid-json": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i := range out {
			out[i].(map[string]any)["function"].(map[string]any)["arguments"] = `{"order_id": "A1001",`
		}
		return out
	}),
	"unknown-tool": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i := range out {
			out[i].(map[string]any)["function"].(map[string]any)["name"] = "do_everything"
		}
		return out
	}),
	"call-ids-missing": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i := range out {
			delete(out[i].(map[string]any), "id")
		}
		return out
	}),
	"call-ids-duplicate": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i := range out {
			out[i].(map[string]any)["id"] = "call_1"
		}
		return out
	}),
	"hundred-parallel-calls": firstTurn(func(h *Hostile) []any {
		out := h.goldCalls()
		for i := 0; len(out) < 100 && len(h.reads) > 0; i++ {
			c := h.reads[i%len(h.reads)]
			args, _ := json.Marshal(c.args)
			out = append(out, map[string]any{"id": fmt.Sprintf("read_%d", i+1), "type": "function",
				"function": map[string]any{"name": c.name, "arguments": string(args)}})
		}
		return out
	}),
}
