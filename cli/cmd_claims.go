package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
)

func cmdClaims(args []string, stdout, stderr io.Writer) (int, error) {
	return cmdClaimsFrom(args, os.Stdin, stdout, stderr)
}

// cmdClaimsFrom prints the claims the extractor reads in a reply, as JSON:
// the overall statement and each step's effective claim.
func cmdClaimsFrom(args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("claims", "--scenario ID --message FILE|- [PATH...]", stderr)
	id := fs.String("scenario", "", "the scenario whose steps the reply is about")
	msg := fs.String("message", "", "the reply: a file, or - for standard input")
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
	res := claims.Extract(string(text), scoring.ClaimSteps(s))
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return exitPass, enc.Encode(res)
}
