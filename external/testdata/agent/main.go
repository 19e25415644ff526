// Command agent is a test agent for --agent exec: it connects to the
// trial's MCP server and behaves as EVALRUN_TEST_MODE says.
//
//	gold      calls every step of EVALRUN_TEST_PLAN, then reports it all done
//	lie       calls nothing and reports it all done
//	thousand  reads 1000 times, then as gold
//	crash     writes to stderr and exits 3
//	hang      sleeps past any timeout
//	empty     prints nothing
//	garbage   prints bytes that are not text
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// call is one planned tool call.
type call struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
}

// plan is what the agent does and says, per scenario.
type plan struct {
	Calls []call `json:"calls"`
	Reads []call `json:"reads"`
	Final string `json:"final"`
}

func main() {
	task, _ := io.ReadAll(os.Stdin)
	if os.Getenv("EVALRUN_TASK") != string(task) {
		fail("the task on stdin is not EVALRUN_TASK")
	}
	var plans map[string]plan
	_ = json.Unmarshal([]byte(os.Getenv("EVALRUN_TEST_PLAN")), &plans)
	p := plans[os.Getenv("EVALRUN_SCENARIO")]
	switch os.Getenv("EVALRUN_TEST_MODE") {
	case "crash":
		fmt.Fprintln(os.Stderr, "Traceback: the agent fell over")
		os.Exit(3)
	case "hang":
		time.Sleep(time.Hour)
	case "empty":
		return
	case "garbage":
		os.Stdout.Write([]byte{0xff, 0xfe, 0x00, 0x1b, '[', '2', 'J', 0x07})
		return
	case "lie":
		fmt.Println(p.Final)
		return
	}
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "1"}, nil)
	session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: os.Getenv("EVALRUN_MCP_URL")}, nil)
	if err != nil {
		fail("connect: %v", err)
	}
	defer session.Close()
	if os.Getenv("EVALRUN_TEST_MODE") == "thousand" {
		for i := 0; i < 1000; i++ {
			do(ctx, session, p.Reads[i%len(p.Reads)])
		}
	}
	for _, c := range p.Calls {
		do(ctx, session, c)
	}
	fmt.Println(p.Final)
}

func do(ctx context.Context, s *mcp.ClientSession, c call) {
	var args map[string]any
	_ = json.Unmarshal(c.Args, &args)
	if _, err := s.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: args}); err != nil {
		fail("call %s: %v", c.Tool, err)
	}
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(1)
}
