package external

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mcpserve"
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

// Drive serves the tools and runs the command once per user message: the
// task, then each user reply while any are left. Each run gets the trial
// in its environment and the user's message on its standard input, and
// its standard output is its answer; the last answer is the final
// message. A non-zero exit, a timeout of the whole trial or no output is
// an error that carries the end of its standard error.
func (c *command) Drive(ctx context.Context, at agent.Trial) (agent.Transcript, error) {
	srv, err := c.serve(at)
	if err != nil {
		return agent.Transcript{}, err
	}
	defer srv.Close()
	runCtx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	return converse(ctx, at, srv, func(ctx context.Context, tn turn) (string, error) {
		return c.once(ctx, runCtx, srv, at, tn)
	})
}

// once runs the command for one turn.
func (c *command) once(ctx, runCtx context.Context, srv *mcpserve.Server, at agent.Trial, tn turn) (string, error) {
	conv, err := writeConversation(tn.Messages)
	if err != nil {
		return "", err
	}
	defer os.Remove(conv)
	cmd := exec.CommandContext(runCtx, "/bin/sh", "-c", c.cfg.Command)
	cmd.Env = os.Environ()
	for k, v := range c.env(srv.URL, at, tn, conv) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(tn.Message)
	out := &capped{max: MaxOutput}
	errTail := &tail{max: 2048}
	cmd.Stdout, cmd.Stderr = out, errTail
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	runErr := cmd.Run()
	answer := strings.TrimRight(string(out.b), "\r\n")
	switch {
	case ctx.Err() != nil:
		return answer, ctx.Err()
	case runCtx.Err() != nil:
		return answer, fmt.Errorf("the agent did not finish within %s (--agent-timeout); %s", c.cfg.Timeout, errTail)
	case runErr != nil:
		var exit *exec.ExitError
		if errors.As(runErr, &exit) {
			return answer, fmt.Errorf("the agent exited with status %d; %s", exit.ExitCode(), errTail)
		}
		return answer, fmt.Errorf("running the agent: %v; %s", runErr, errTail)
	case out.over:
		return answer, fmt.Errorf("the agent printed more than %d MB; %s", MaxOutput>>20, errTail)
	case strings.TrimSpace(answer) == "":
		return answer, fmt.Errorf("the agent printed no final message; %s", errTail)
	}
	return answer, nil
}

// writeConversation writes the conversation so far to a temporary file,
// as a JSON list of messages, for EVALRUN_CONVERSATION_FILE.
func writeConversation(msgs []agent.Message) (string, error) {
	f, err := os.CreateTemp("", "evalrun-conversation-*.json")
	if err != nil {
		return "", fmt.Errorf("writing the conversation for the agent: %w", err)
	}
	err = json.NewEncoder(f).Encode(msgs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("writing the conversation for the agent: %w", err)
	}
	return f.Name(), nil
}
