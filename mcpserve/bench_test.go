package mcpserve_test

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mcpserve"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/world"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCallOverMCP is tool calls over the real transport by 32 agents
// at once, each with its own trial's server. cpu-µs/call is the process's
// CPU per call, the Go MCP clients' included: an upper bound on evalrun's
// side.
func BenchmarkCallOverMCP(b *testing.B) {
	const agents = 32
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := scenarios.Find(list, "order-cancellation")
	if err != nil {
		b.Fatal(err)
	}
	sessions := make([]*mcp.ClientSession, agents)
	for i := range sessions {
		layer, err := faults.NewLayer(world.New(s.Before), s.Toolbox, nil, 1)
		if err != nil {
			b.Fatal(err)
		}
		srv, err := mcpserve.Start(layer, s.Toolbox.Definitions(), mcpserve.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer srv.Close()
		c := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil)
		if sessions[i], err = c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil); err != nil {
			b.Fatal(err)
		}
		defer sessions[i].Close()
	}
	args := map[string]any{"order_id": "A1001"}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpu()
	var wg sync.WaitGroup
	for i := 0; i < agents; i++ {
		n := b.N / agents
		if i < b.N%agents {
			n++
		}
		wg.Add(1)
		go func(s *mcp.ClientSession, n int) {
			defer wg.Done()
			for j := 0; j < n; j++ {
				if _, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_order", Arguments: args}); err != nil {
					b.Error(err)
					return
				}
			}
		}(sessions[i], n)
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64((cpu()-start).Microseconds())/float64(b.N), "cpu-µs/call")
}
