package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

const stateSynopsis = `SCENARIO [--gold]

Prints a scenario's world as JSON, {collection: {id: record}}, in the
packs' own field names, keys sorted: the initial world, or with --gold the
world after the gold actions replayed on the fault-free variant (what a
trial must leave to be complete). SCENARIO is a scenario file or the id of
a library scenario.

Examples:
  evalrun state order-cancellation
  evalrun state order-cancellation --gold > after.json
  evalrun state --gold scenarios/tau2-retail-5.yaml | jq '.orders["#W2378156"]'`

// cmdState prints a scenario's initial world, or its gold result.
func cmdState(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("state", stateSynopsis, stderr)
	gold := fs.Bool("gold", false, "print the world after the gold actions (the scenario's after), not before them")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	s, err := oneScenario(paths)
	if err != nil {
		return exitUsage, err
	}
	state := s.Before
	if *gold {
		state = s.After
	}
	return exitPass, writeState(stdout, state)
}

// writeState writes a state as {collection: {id: record}}: encoding/json
// sorts map keys, so the same world gives the same bytes.
func writeState(w io.Writer, s world.State) error {
	collections := s.Collections
	if collections == nil {
		collections = map[string]world.Collection{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(collections)
}

// oneScenario loads the single scenario a command names: a library id or a
// file that holds one.
func oneScenario(paths []string) (*scenarios.Scenario, error) {
	if len(paths) != 1 {
		return nil, usageError{err: errors.New("give one scenario: a library id or a file")}
	}
	list, err := loadScenarios(paths)
	if err != nil {
		return nil, err
	}
	if len(list) != 1 {
		return nil, usageError{err: fmt.Errorf("%s holds %d scenarios: name one", paths[0], len(list))}
	}
	return list[0], nil
}
