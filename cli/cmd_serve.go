package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mcpserve"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
	"github.com/evalrun/evalrun/world"
)

// cmdServe serves one trial's tools over MCP for exploring by hand (an MCP
// inspector, a notebook), and on Ctrl-C prints that trial's ground truth.
func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("serve", "SCENARIO [--variant V] [--message FILE]", stderr)
	variant := fs.String("variant", "", "the variant whose faults to serve (default: the fault-free one)")
	seed := fs.Uint64("seed", 1, "run seed, as for run: trial 1 of the variant is served")
	addr := fs.String("addr", "127.0.0.1:0", "address to listen on; anything but loopback exposes the tools")
	message := fs.String("message", "", "a final message `FILE` to score against what happened, when serving ends")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	s, err := oneScenario(paths)
	if err != nil {
		return exitUsage, err
	}
	v, err := pickVariant(s, *variant)
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	var msg string
	if *message != "" {
		b, err := os.ReadFile(*message)
		if err != nil {
			return exitUsage, usageError{err: fmt.Errorf("--message: %w", err)}
		}
		msg = string(b)
	}
	trialSeed := runner.TrialSeed(*seed, s.ID, v.Name, 1)
	w := world.Shared(s.Before)
	layer, err := faults.NewLayer(w, s.Toolbox, v.Faults, trialSeed)
	if err != nil {
		return exitHarness, err
	}
	layer.SetDurations(s.CallDurations)
	srv, err := mcpserve.Start(layer, s.Toolbox.Definitions(), mcpserve.Options{Addr: *addr, Name: s.ID})
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	fmt.Fprintf(stdout, "serving %s/%s: %d tools over MCP (streamable HTTP) at\n%s\n", s.ID, v.Name, len(s.Toolbox.Names()), srv.URL)
	fmt.Fprintf(stdout, "task: %s\nCtrl-C stops and prints what happened.\n", strings.TrimSpace(s.Task))
	select {
	case <-ctx.Done():
	case <-drainOf(ctx):
	}
	srv.Close()

	t := result.Trial{Scenario: s.ID, Variant: v.Name, Agent: "serve", Trial: 1, Seed: trialSeed}
	scoring.Score(&t, scoring.Evidence{Scenario: s, Final: w.View(), Audit: w.Audit(), Calls: layer.Calls(),
		Claims: claims.Extract(msg, scoring.ClaimSteps(s)), Unfired: layer.Unfired()})
	fmt.Fprintf(stdout, "\n%s/%s after %d call(s): state %s\n", s.ID, v.Name, srv.Calls(), t.State)
	for _, st := range t.Steps {
		if msg == "" {
			fmt.Fprintf(stdout, "  %-16s %s\n", st.ID, strings.ReplaceAll(st.Outcome, "_", " "))
		} else {
			fmt.Fprintf(stdout, "  %-16s %-12s claimed %-12s %s\n", st.ID, strings.ReplaceAll(st.Outcome, "_", " "), st.Claim, st.Verdict)
		}
	}
	for _, in := range layer.Ledger() {
		fmt.Fprintf(stdout, "  fault %s (%s) on %s call %d: world %s\n", in.Fault, in.Kind, in.Tool, in.Index, in.State)
	}
	for _, c := range t.StateDiff {
		fmt.Fprintf(stdout, "  differs from the gold result: %s/%s %s: expected %v, got %v\n", c.Collection, c.ID, c.Field, c.Expected, c.Actual)
	}
	if msg == "" {
		return exitPass, nil
	}
	fmt.Fprintf(stdout, "verdict %s, passed %v\n", t.Verdict, t.Passed)
	if !t.Passed {
		return exitFail, nil
	}
	return exitPass, nil
}

// pickVariant finds a variant by name; empty means the fault-free one.
func pickVariant(s *scenarios.Scenario, name string) (*scenarios.Variant, error) {
	var names []string
	for _, v := range s.Variants {
		if v.Name == name || (name == "" && v.Clean()) {
			return v, nil
		}
		names = append(names, v.Name)
	}
	return nil, fmt.Errorf("%s has no variant %q (variants: %s)", s.ID, name, strings.Join(names, ", "))
}
