// Package mcpserve serves one trial's tools as an MCP server over
// streamable HTTP, so that an agent written in any language, on any
// framework that speaks MCP, runs against the same stateful tools, the same
// silent faults and the same ground truth as evalrun's own loop. Every call
// goes through the trial's fault layer and lands in its call list and
// ledger.
package mcpserve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mocktools"
)

// Options are how to serve.
type Options struct {
	// Addr is the address to listen on; empty means a free loopback port.
	// Anything but loopback must be asked for.
	Addr string
	// Name names the server to clients (the scenario id).
	Name string
}

// Server is one trial's MCP endpoint.
type Server struct {
	// URL is the endpoint: loopback, with an unguessable path per trial.
	URL string

	tools agent.Tools
	http  *http.Server
	ln    net.Listener
	done  chan struct{}

	mu    sync.Mutex
	calls int
	msgs  []agent.Message
}

// Start serves defs, calling tools for every call, until Close.
func Start(tools agent.Tools, defs []mocktools.Definition, opts Options) (*Server, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("serving the tools over MCP: %w", err)
	}
	token := make([]byte, 16)
	if _, err := rand.Read(token); err != nil {
		ln.Close()
		return nil, err
	}
	path := "/mcp/" + hex.EncodeToString(token)
	s := &Server{URL: "http://" + ln.Addr().String() + path, tools: tools, ln: ln, done: make(chan struct{})}

	name := opts.Name
	if name == "" {
		name = "evalrun"
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: name, Title: "evalrun mock tools", Version: "1"}, nil)
	for _, d := range defs {
		srv.AddTool(&mcp.Tool{Name: d.Name, Description: d.Description, InputSchema: schema(d.Parameters)}, s.handler(d.Name))
	}
	// Plain JSON answers: the server sends nothing unasked, and a stream
	// per call costs more than the call.
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true})
	mux := http.NewServeMux()
	mux.Handle(path, originCheck(handler))
	s.http = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.done)
		_ = s.http.Serve(ln)
	}()
	return s, nil
}

// schema is a definition's parameters as MCP carries them: always an
// object schema.
func schema(p map[string]any) any {
	if p == nil {
		return map[string]any{"type": "object"}
	}
	return p
}

// handler runs one tool's calls through the trial's tools, one at a time:
// an agent's parallel calls land in the order they arrive.
func (s *Server) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := "{}"
		if req.Params != nil && len(req.Params.Arguments) > 0 {
			args = string(req.Params.Arguments)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.calls++
		id := fmt.Sprintf("mcp_%d", s.calls)
		resp := s.tools.Call(ctx, id, name, args)
		text := resp.Content()
		s.msgs = append(s.msgs,
			agent.Message{Role: "assistant", ToolCalls: []agent.ToolCall{{ID: id, Name: name, Arguments: args}}},
			agent.Message{Role: "tool", ToolCallID: id, Name: name, Content: text})
		// A soft error or a faulted reply goes through exactly as the fault
		// layer produced it; only an explicit error or a timeout is isError.
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: resp.Status != mocktools.StatusOK}, nil
	}
}

// Transcript is the calls so far, as the loop's messages: each call an
// assistant message with one tool call, then its result. The agent's own
// side of the conversation is not visible.
func (s *Server) Transcript() []agent.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]agent.Message(nil), s.msgs...)
}

// Calls is the number of tool calls served.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// Close stops serving; calls in flight finish first, up to a second.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err := s.http.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = s.http.Close()
	}
	<-s.done
	return err
}

// originCheck refuses a request whose Origin is not loopback, as the MCP
// specification asks of HTTP servers: a web page the user has open must not
// reach the tools. Requests without an Origin (every non-browser client)
// pass; the SDK refuses a non-loopback Host on a loopback connection.
func originCheck(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" && !loopbackOrigin(o) {
			http.Error(w, "forbidden origin", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
