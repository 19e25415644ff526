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
//	confirm   asks before it acts: on turn 1 it asks, and acts as gold on
//	          the turn that answers "yes", after checking what it is told
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
	message, _ := io.ReadAll(os.Stdin)
	if os.Getenv("EVALRUN_USER_MESSAGE") != string(message) {
		fail("the message on stdin is not EVALRUN_USER_MESSAGE")
	}
	if os.Getenv("EVALRUN_TURN") == "1" && os.Getenv("EVALRUN_TASK") != string(message) {
		fail("the message on stdin of turn 1 is not EVALRUN_TASK")
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
	case "confirm":
		if !confirmed(string(message)) {
			return
		}
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

// confirmed plays the confirm mode's talk: it asks on turn 1 and says
// whether this turn may act. The conversation file must hold what was
// said so far, the user's message last.
func confirmed(message string) bool {
	b, err := os.ReadFile(os.Getenv("EVALRUN_CONVERSATION_FILE"))
	if err != nil {
		fail("conversation: %v", err)
	}
	var msgs []struct{ Role, Content string }
	if err := json.Unmarshal(b, &msgs); err != nil || len(msgs) < 2 {
		fail("conversation: %v in %s", err, b)
	}
	if last := msgs[len(msgs)-1]; last.Role != "user" || last.Content != message {
		fail("conversation: the last message is not the user's: %s", b)
	}
	if os.Getenv("EVALRUN_TURN") == "1" {
		fmt.Println("Shall I go ahead?")
		return false
	}
	if msgs[len(msgs)-2].Content != "Shall I go ahead?" {
		fail("conversation: my question is not in it: %s", b)
	}
	if message != "yes" {
		fmt.Println("All right, I will not do anything.")
		return false
	}
	return true
}
