// Package cli is evalrun's command line: every command, its flags, reports
// and exit codes. cmd/evalrun is a main that calls Main; a module with tool
// packs of its own in Go has the same few-line main, with its packs
// imported, and gets the whole CLI with them.
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the command line on os.Args and exits with its code. The first
// Ctrl-C (or SIGTERM) stops scheduling and lets running trials finish; the
// second stops them at once; either way the finished trials are reported.
func Main() {
	ctx, cancel := context.WithCancel(context.Background())
	drain := make(chan struct{})
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		// The first Ctrl-C stops scheduling and lets running trials finish;
		// the second stops them at once. Either way the report of every
		// finished trial is written. A third is the default: the end.
		<-sigs
		fmt.Fprintln(os.Stderr, "\nevalrun: stopping: running trials finish, then the report is written (Ctrl-C again to stop them now)")
		close(drain)
		<-sigs
		fmt.Fprintln(os.Stderr, "evalrun: stopping now: running trials are dropped, the finished ones reported")
		signal.Stop(sigs)
		cancel()
	}()
	code := run(withDrain(ctx, drain), os.Args[1:], os.Stdout, os.Stderr)
	cancel()
	os.Exit(code)
}

// Run is the whole program, testable in-process: it returns the exit code
// instead of exiting.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return run(ctx, args, stdout, stderr)
}

type drainKey struct{}

// withDrain carries the channel whose closing stops scheduling new trials.
func withDrain(ctx context.Context, drain <-chan struct{}) context.Context {
	return context.WithValue(ctx, drainKey{}, drain)
}

// drainOf is ctx's drain channel; nil (never closed) when it has none.
func drainOf(ctx context.Context) <-chan struct{} {
	d, _ := ctx.Value(drainKey{}).(<-chan struct{})
	return d
}
