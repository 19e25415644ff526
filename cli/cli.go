package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit codes: the contract CI jobs rely on.
const (
	exitPass    = 0 // every trial passed
	exitFail    = 1 // a trial failed (false success, unreported partial, ...)
	exitUsage   = 2 // bad flags or an invalid scenario
	exitHarness = 3 // the harness or the model backend broke
)

const usage = `evalrun runs multi-step scenarios against an agent whose tools fail
silently, and scores what the agent told the user against what happened.

Usage:
  evalrun run [flags] [PATH|ID...]  run scenarios (none: the bundled library)
  evalrun list [--tools ID] [--format json]
                                    scenarios, steps, variants, fault kinds, agents, packs
  evalrun validate [PATH...]        check scenario and pack files (none: the library)
  evalrun compare BASE NEW          compare two result files; exit 1 on a significant regression
  evalrun merge SHARD...            join the results of a run split with --shard I/N
  evalrun init [--tools] NAME       write a starter scenario NAME.yaml (and tools.yaml)
  evalrun serve SCENARIO [--variant V]
                                    serve one trial's tools over MCP; Ctrl-C prints what happened
  evalrun claims --scenario ID --message FILE|-
                                    print the claims the extractor reads in a reply
  evalrun state SCENARIO [--gold]   print the world before the agent acts (--gold: after the gold actions), as JSON
  evalrun import tau2 --db FILE --tasks FILE [--policy FILE] --out DIR
                                    write one scenario per tau2-bench task

Examples:
  evalrun run --agent naive
  evalrun run --agent saga --trials 5 --format json --out results.json
  evalrun run --agent openai --model gpt-4o-mini --trials 3 --record rec/
  evalrun run --agent openai --model llama3.1:8b --base-url http://localhost:11434/v1
  evalrun run --agent openai --model gpt-4o-mini --trials 3 --replay rec/
  evalrun run --agent saga --claims both --judge-model gpt-4o-mini
  evalrun run --agent exec --agent-cmd 'node my-agent.mjs' --trials 3
  evalrun run --agent http --agent-url http://127.0.0.1:8787/
  evalrun serve order-cancellation --variant refund-lost-write
  evalrun state order-cancellation --gold
  evalrun import tau2 --db db.json --tasks tasks.json --policy policy.md --out tau2-retail/
  evalrun run --agent saga --trials 5 --format jsonl --out new.jsonl --baseline base.json
  evalrun compare --format markdown base.json new.jsonl
  evalrun validate scenarios/
  echo "Your order is cancelled and refunded." | evalrun claims --scenario order-cancellation --message -

Exit codes: 0 every trial passed (or the gate held), 1 a trial failed (or
the gate failed), 2 usage or invalid input, 3 harness or backend error.
Run 'evalrun COMMAND -h' for a command's flags.
`

// usageError is a problem with how evalrun was called: exit 2.
type usageError struct {
	err     error
	printed bool // the flag package already told the user
}

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// run is the whole program, testable in-process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	var code int
	var err error
	switch args[0] {
	case "run":
		code, err = cmdRun(ctx, args[1:], stdout, stderr)
	case "list":
		code, err = cmdList(args[1:], stdout, stderr)
	case "validate":
		code, err = cmdValidate(args[1:], stdout, stderr)
	case "claims":
		code, err = cmdClaims(args[1:], stdout, stderr)
	case "merge":
		code, err = cmdMerge(args[1:], stdout, stderr)
	case "compare":
		code, err = cmdCompare(args[1:], stdout, stderr)
	case "init":
		code, err = cmdInit(args[1:], stdout, stderr)
	case "serve":
		code, err = cmdServe(ctx, args[1:], stdout, stderr)
	case "state":
		code, err = cmdState(args[1:], stdout, stderr)
	case "import":
		code, err = cmdImport(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return exitPass
	default:
		fmt.Fprintf(stderr, "evalrun: unknown command %q\n\n%s", args[0], usage)
		return exitUsage
	}
	if err == nil {
		return code
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitPass
	}
	var ue usageError
	if errors.As(err, &ue) {
		if !ue.printed {
			fmt.Fprintf(stderr, "evalrun %s: %v\n", args[0], err)
		}
		return exitUsage
	}
	fmt.Fprintf(stderr, "evalrun %s: %v\n", args[0], err)
	if code == 0 {
		code = exitHarness
	}
	return code
}

// newFlags makes a subcommand's flag set that reports errors instead of
// exiting.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: evalrun %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags, allowing them after positional arguments too
// ("evalrun run scenarios/ --agent saga").
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err: err, printed: true}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
