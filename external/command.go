package external

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/evalrun/evalrun/agent"
)

// MaxOutput bounds an agent's final message.
const MaxOutput = 1 << 20

// command is one trial of --agent exec.
type command struct{ trial }

var (
	_ agent.Model  = (*command)(nil)
	_ agent.Driver = (*command)(nil)
)

// Next is never called: Run hands a Driver the whole trial.
func (c *command) Next(context.Context, agent.Request) (agent.Reply, error) {
	return agent.Reply{}, errors.New("an external agent drives its own conversation")
}

// Drive serves the tools, runs the command through the shell with the
// trial in its environment and the task on its standard input, and takes
// its standard output as the final message. A non-zero exit, a timeout or
// no output is an error that carries the end of its standard error.
func (c *command) Drive(ctx context.Context, at agent.Trial) (agent.Transcript, error) {
	srv, err := c.serve(at)
	if err != nil {
		return agent.Transcript{}, err
	}
	defer srv.Close()
	runCtx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	cmd := exec.CommandContext(runCtx, "/bin/sh", "-c", c.cfg.Command)
	cmd.Env = os.Environ()
	for k, v := range c.env(srv.URL, at) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(at.Task)
	out := &capped{max: MaxOutput}
	errTail := &tail{max: 2048}
	cmd.Stdout, cmd.Stderr = out, errTail
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	runErr := cmd.Run()
	final := strings.TrimRight(string(out.b), "\r\n")
	tr := transcript(at, srv, final)
	switch {
	case ctx.Err() != nil:
		return tr, ctx.Err()
	case runCtx.Err() != nil:
		return tr, fmt.Errorf("the agent did not finish within %s (--agent-timeout); %s", c.cfg.Timeout, errTail)
	case runErr != nil:
		var exit *exec.ExitError
		if errors.As(runErr, &exit) {
			return tr, fmt.Errorf("the agent exited with status %d; %s", exit.ExitCode(), errTail)
		}
		return tr, fmt.Errorf("running the agent: %v; %s", runErr, errTail)
	case out.over:
		return tr, fmt.Errorf("the agent printed more than %d MB; %s", MaxOutput>>20, errTail)
	case strings.TrimSpace(final) == "":
		return tr, fmt.Errorf("the agent printed no final message; %s", errTail)
	}
	return tr, nil
}
