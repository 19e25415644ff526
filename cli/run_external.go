package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/evalrun/evalrun/external"
	"github.com/evalrun/evalrun/runner"
)

// externalFlags are the run flags of the exec and http agents.
type externalFlags struct {
	cmd, url string
	timeout  time.Duration
}

func addExternalFlags(fs *flag.FlagSet) *externalFlags {
	e := &externalFlags{}
	fs.StringVar(&e.cmd, "agent-cmd", "", "for --agent exec: the agent `CMD`, run through the shell per trial; the tools are at $EVALRUN_MCP_URL, the task on stdin; stdout is its final message")
	fs.StringVar(&e.url, "agent-url", "", "for --agent http: the agent's `URL`, POSTed {task, mcp_url, ...} per trial; it answers {\"final_message\": ...}")
	fs.DurationVar(&e.timeout, "agent-timeout", external.DefaultTimeout, "for --agent exec and http: the most one trial's agent run may take")
	return e
}

// externalOnly are the flags that mean nothing to other agents.
var externalOnly = []string{"agent-cmd", "agent-url", "agent-timeout"}

// configure builds the external agent's factory and hands it to the
// runner.
func (e *externalFlags) configure(fs *flag.FlagSet, name string, cfg *runner.Config) error {
	if e.timeout <= 0 {
		return fmt.Errorf("--agent-timeout must be positive, got %s", e.timeout)
	}
	var wrong []string
	fs.Visit(func(f *flag.Flag) {
		if (name == "exec" && f.Name == "agent-url") || (name == "http" && f.Name == "agent-cmd") {
			wrong = append(wrong, "--"+f.Name)
		}
	})
	if len(wrong) > 0 {
		return fmt.Errorf("%s: not for --agent %s", strings.Join(wrong, ", "), name)
	}
	f, err := external.Factory(name, external.Config{Command: e.cmd, URL: e.url, Timeout: e.timeout})
	if err != nil {
		return err
	}
	cfg.Factory = f
	return nil
}

func isExternal(name string) bool { return slices.Contains([]string{"exec", "http"}, name) }
