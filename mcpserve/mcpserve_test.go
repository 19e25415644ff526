package mcpserve_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mcpserve"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/world"
)

func TestMcpserve(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "mcpserve")
}

// serve starts order-cancellation's tools with the faults of a variant.
func serve(variant string) (*mcpserve.Server, *faults.Layer, *scenarios.Scenario) {
	list, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	s, err := scenarios.Find(list, "order-cancellation")
	Expect(err).NotTo(HaveOccurred())
	var specs []faults.Spec
	for _, v := range s.Variants {
		if v.Name == variant {
			specs = v.Faults
		}
	}
	layer, err := faults.NewLayer(world.New(s.Before), s.Toolbox, specs, 1)
	Expect(err).NotTo(HaveOccurred())
	srv, err := mcpserve.Start(layer, s.Toolbox.Definitions(), mcpserve.Options{Name: s.ID})
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(srv.Close)
	return srv, layer, s
}

func connect(url string) *mcp.ClientSession {
	c := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	s, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(s.Close)
	return s
}

func callTool(s *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	r, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	Expect(err).NotTo(HaveOccurred())
	Expect(r.Content).To(HaveLen(1))
	return r, r.Content[0].(*mcp.TextContent).Text
}

var _ = Describe("a trial's MCP server", func() {
	It("lists the scenario's tools with the schemas the openai backend sends", func() {
		srv, _, s := serve("clean")
		Expect(srv.URL).To(MatchRegexp(`^http://127\.0\.0\.1:\d+/mcp/[0-9a-f]{32}$`))
		res, err := connect(srv.URL).ListTools(context.Background(), nil)
		Expect(err).NotTo(HaveOccurred())
		want := map[string]string{}
		for _, t := range openai.FunctionTools(s.Toolbox.Definitions()) {
			b, _ := json.Marshal(t.Function.Parameters)
			want[t.Function.Name] = string(b)
		}
		Expect(res.Tools).To(HaveLen(len(want)))
		for _, t := range res.Tools {
			b, _ := json.Marshal(t.InputSchema)
			Expect(string(b)).To(MatchJSON(want[t.Name]), t.Name)
			Expect(t.Description).NotTo(BeEmpty())
		}
	})

	It("runs calls through the fault layer: a lost write answers exactly as the layer did, and lands in the ledger", func() {
		srv, layer, _ := serve("refund-lost-write")
		session := connect(srv.URL)
		r, text := callTool(session, "issue_refund", map[string]any{"order_id": "A1001", "amount": 120})
		Expect(r.IsError).To(BeFalse(), "a silent fault is silent over MCP too")
		Expect(text).To(ContainSubstring(`"refund_id"`))
		Expect(layer.Ledger()).To(HaveLen(1))
		Expect(layer.Calls()).To(HaveLen(1))
		Expect(srv.Transcript()).To(HaveLen(2))
		Expect(srv.Transcript()[0].ToolCalls[0].ID).To(Equal("mcp_1"))
	})

	It("answers a tool error as a result with isError, and a soft error as a normal result", func() {
		srv, _, _ := serve("refund-soft-error")
		session := connect(srv.URL)
		r, text := callTool(session, "cancel_order", map[string]any{"order_id": "NOPE"})
		Expect(r.IsError).To(BeTrue())
		Expect(text).To(ContainSubstring("not found"))
		r, text = callTool(session, "issue_refund", map[string]any{"order_id": "A1001", "amount": 120})
		Expect(r.IsError).To(BeFalse())
		Expect(text).To(ContainSubstring(`"status":"error"`))
	})

	DescribeTable("refuses a request whose Origin is not loopback",
		func(origin string, want int) {
			srv, _, _ := serve("clean")
			req, err := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`))
			Expect(err).NotTo(HaveOccurred())
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if origin != "" {
				req.Header.Set("Origin", origin)
			}
			resp, err := http.DefaultClient.Do(req)
			Expect(err).NotTo(HaveOccurred())
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(want))
		},
		Entry("a web page elsewhere", "https://evil.example", http.StatusForbidden),
		Entry("a private address", "http://192.168.1.5:8080", http.StatusForbidden),
		Entry("loopback", "http://127.0.0.1:5173", http.StatusOK),
		Entry("localhost", "http://localhost:3000", http.StatusOK),
		Entry("no Origin: a client that is not a browser", "", http.StatusOK),
	)

	It("refuses a Host that is not loopback, against DNS rebinding", func() {
		srv, _, _ := serve("clean")
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(`{}`))
		req.Host = "evil.example"
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		Expect(err).NotTo(HaveOccurred())
		resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusForbidden))
	})

	It("serves nothing but its own unguessable path", func() {
		srv, _, _ := serve("clean")
		base := srv.URL[:strings.LastIndex(srv.URL, "/")]
		resp, err := http.Post(base+"/0000", "application/json", strings.NewReader(`{}`))
		Expect(err).NotTo(HaveOccurred())
		resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusNotFound))
	})
})
