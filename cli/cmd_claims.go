package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

func cmdClaims(args []string, stdout, stderr io.Writer) (int, error) {
	return cmdClaimsFrom(args, os.Stdin, stdout, stderr)
}

// cmdClaimsFrom prints the claims the extractor reads in a reply, as JSON:
// the overall statement and each step's effective claim; with --explain, as
// text, why.
func cmdClaimsFrom(args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("claims", "--scenario ID --message FILE|- [--explain] [PATH...]", stderr)
	id := fs.String("scenario", "", "the scenario whose steps the reply is about")
	msg := fs.String("message", "", "the reply: a file, or - for standard input")
	explain := fs.Bool("explain", false, "say, per step, which words were read and which rule decided (text)")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if *id == "" || *msg == "" {
		return exitUsage, usageError{err: errors.New("give --scenario ID and --message FILE|-")}
	}
	list, err := loadScenarios(paths)
	if err != nil {
		return exitUsage, err
	}
	var text []byte
	if *msg == "-" {
		text, err = io.ReadAll(stdin)
	} else {
		text, err = os.ReadFile(*msg)
	}
	if err != nil {
		return exitUsage, usageError{err: fmt.Errorf("reading the message: %w", err)}
	}
	s, err := scenarios.Find(list, *id)
	if err != nil {
		return exitUsage, usageError{err: err}
	}
	if *explain {
		return exitPass, writeExplanation(stdout, claims.Explain(string(text), scoring.ClaimSteps(s)))
	}
	res := claims.Extract(string(text), scoring.ClaimSteps(s))
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return exitPass, enc.Encode(res)
}

// writeExplanation prints an explanation: per step its claim and what
// decided it, then each mention ("*" the deciding one) with its clause, the
// rule and the cues read there.
func writeExplanation(w io.Writer, ex claims.Explanation) error {
	var b strings.Builder
	fmt.Fprintf(&b, "overall statement: %s\n", ex.Overall)
	for _, st := range ex.Steps {
		switch {
		case st.Learned != nil:
			fmt.Fprintf(&b, "\n%s: %s, by the learned reading (the rules read %s; %.2f against %.2f for theirs)\n      pulled by: %s\n",
				st.Step, st.Claim, st.Learned.Rules, st.Learned.Confidence, st.Learned.RulesConfidence, strings.Join(st.Learned.Features, ", "))
		case st.DecidedBy == "items":
			fmt.Fprintf(&b, "\n%s: %s, said done of only some of the items its action takes (%s)\n", st.Step, st.Claim, strings.Join(st.Items, ", "))
		case st.DecidedBy == "overall":
			fmt.Fprintf(&b, "\n%s: %s, from the overall statement (no clause says what happened to it)\n", st.Step, st.Claim)
		default:
			fmt.Fprintf(&b, "\n%s: %s\n", st.Step, st.Claim)
		}
		if len(st.Mentions) == 0 && st.DecidedBy == "nothing" {
			b.WriteString("  no words name it; add them to the step's terms if the reply does\n")
		}
		for _, r := range st.Mentions {
			mark := "-"
			if r.Decisive {
				mark = "*"
			}
			fmt.Fprintf(&b, "  %s %q in %q\n      %s: %s\n", mark, r.Words, r.Clause, r.Claim, r.Rule)
			if len(r.Cues) > 0 {
				fmt.Fprintf(&b, "      cues: %s\n", strings.Join(r.Cues, "; "))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
