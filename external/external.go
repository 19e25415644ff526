// Package external runs agents that live outside evalrun: a command
// (--agent exec) or an HTTP service (--agent http), in any language, on
// any framework. Per trial it serves the scenario's tools over MCP through
// the fault layer, tells the agent where, takes its final message, and
// hands the trial to the scorer like any other.
package external

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mcpserve"
	"github.com/evalrun/evalrun/scenarios"
)

// DefaultTimeout bounds one agent run when Config.Timeout is 0.
const DefaultTimeout = 5 * time.Minute

// Config is how to reach the agent, for a whole run.
type Config struct {
	// Command is run through the shell for --agent exec.
	Command string
	// URL is posted to for --agent http.
	URL string
	// Timeout bounds one agent run (one trial).
	Timeout time.Duration
	// Addr is where the per-trial MCP servers listen; empty: loopback.
	Addr string
}

func init() {
	for _, name := range []string{"exec", "http"} {
		agent.Register(agent.Info{Name: name, Description: description[name],
			New: func(*scenarios.Scenario, agent.Options) (agent.Model, error) {
				return nil, fmt.Errorf("the %s agent needs %s", name, flagFor[name])
			}})
	}
}

var (
	description = map[string]string{
		"exec": "any agent program, run per trial (--agent-cmd); it gets the tools over MCP (EVALRUN_MCP_URL) and prints its final message",
		"http": "any agent service, POSTed per trial (--agent-url); it gets the tools over MCP (mcp_url) and answers {\"final_message\": ...}",
	}
	flagFor = map[string]string{"exec": "--agent-cmd 'CMD'", "http": "--agent-url URL"}
)

// Factory builds the model of one trial for the named agent ("exec" or
// "http").
func Factory(name string, cfg Config) (agent.Factory, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	switch {
	case name == "exec" && strings.TrimSpace(cfg.Command) == "":
		return nil, errors.New("--agent exec needs --agent-cmd 'CMD'")
	case name == "http" && cfg.URL == "":
		return nil, errors.New("--agent http needs --agent-url URL")
	case name != "exec" && name != "http":
		return nil, fmt.Errorf("no external agent %q", name)
	}
	return func(s *scenarios.Scenario, o agent.Options) (agent.Model, error) {
		t := trial{cfg: cfg, scenario: s.ID, variant: o.Variant, trial: o.Trial, seed: o.Seed}
		if name == "exec" {
			return &command{t}, nil
		}
		return &service{t}, nil
	}, nil
}

// trial is one external agent run's identity and settings.
type trial struct {
	cfg      Config
	scenario string
	variant  string
	trial    int
	seed     uint64
}

// env is what the agent is told, by name, on one turn; conversation is
// the file that holds the conversation so far.
func (t trial) env(mcpURL string, at agent.Trial, tn turn, conversation string) map[string]string {
	return map[string]string{
		"EVALRUN_MCP_URL":           mcpURL,
		"EVALRUN_TASK":              at.Task,
		"EVALRUN_SYSTEM_PROMPT":     at.System,
		"EVALRUN_SCENARIO":          t.scenario,
		"EVALRUN_VARIANT":           t.variant,
		"EVALRUN_TRIAL":             strconv.Itoa(t.trial),
		"EVALRUN_SEED":              strconv.FormatUint(t.seed, 10),
		"EVALRUN_TURN":              strconv.Itoa(tn.N),
		"EVALRUN_USER_MESSAGE":      tn.Message,
		"EVALRUN_CONVERSATION_FILE": conversation,
	}
}

// serve starts the trial's MCP server.
func (t trial) serve(at agent.Trial) (*mcpserve.Server, error) {
	return mcpserve.Start(at.Tools, at.Defs, mcpserve.Options{Addr: t.cfg.Addr, Name: t.scenario})
}

// tail keeps the last bytes written to it: an agent's standard error,
// for the error verdict.
type tail struct {
	b   []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	s := strings.TrimSpace(strings.ToValidUTF8(string(t.b), "\uFFFD"))
	if s == "" {
		return "no standard error"
	}
	return "standard error ends: " + strconv.Quote(s)
}

// capped keeps the first bytes written to it, and says when there were
// more: an agent's final message.
type capped struct {
	b    []byte
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.max - len(c.b)
	if len(p) > room {
		c.over = true
		p = p[:max(room, 0)]
	}
	c.b = append(c.b, p...)
	return len(p), nil
}
