package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/scenarios"
)

const importSynopsis = `tau2 --db FILE --tasks FILE [--policy FILE] --out DIR [--copy-db]

Imports tau2-bench tasks as scenarios: one file per task,
tau2-<domain>-<id>.yaml, written into DIR (created if missing; files of
the same names are replaced). Each gold write that changes the database is
a step; gold reads are left to the agent; a gold write that fails or
changes nothing is dropped, and the report says why. The scenarios name
the database by a path relative to DIR (--copy-db: a copy in DIR) and
take the policy as their system prompt. Exit 0 when every task was
imported, 1 when some could not be (the others are written), 2 on bad
usage or input (each problem at its file, line and column; nothing is
written).

Examples:
  evalrun import tau2 --db ../tau2-bench/data/tau2/domains/retail/db.json \
      --tasks ../tau2-bench/data/tau2/domains/retail/tasks.json \
      --policy ../tau2-bench/data/tau2/domains/retail/policy.md --out tau2-retail/
  evalrun validate tau2-retail/ && evalrun run --agent saga tau2-retail/
  evalrun run --sweep --agent checked --format json --out sweep.json tau2-retail/`

// cmdImport imports another benchmark's tasks as scenarios.
func cmdImport(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("import", importSynopsis, stderr)
	db := fs.String("db", "", "the domain's database, tau2's db.json")
	tasks := fs.String("tasks", "", "a tau2 task file: a JSON list of tasks")
	policy := fs.String("policy", "", "the domain's policy, the scenarios' system prompt (optional)")
	out := fs.String("out", "", "the folder to write the scenarios to")
	domain := fs.String("domain", "retail", fmt.Sprintf("the tau2 domain (%v)", tau2.DomainNames()))
	copyDB := fs.Bool("copy-db", false, "copy the database into --out and name the copy, so that the folder stands on its own")
	pos, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if len(pos) != 1 || pos[0] != "tau2" {
		return exitUsage, usageError{err: errors.New("give the benchmark to import from: evalrun import tau2 --db FILE --tasks FILE --out DIR")}
	}
	for _, f := range []struct{ name, value string }{{"--db", *db}, {"--tasks", *tasks}, {"--out", *out}} {
		if f.value == "" {
			return exitUsage, usageError{err: fmt.Errorf("missing %s", f.name)}
		}
	}
	rep, err := tau2.Import(tau2.Options{Domain: *domain, DB: *db, Tasks: *tasks, Policy: *policy, Out: *out,
		CopyDB: *copyDB, Schema: SchemaBase + "/scenario.schema.json"})
	var input *tau2.InputError
	if errors.As(err, &input) {
		var errs scenarios.Errors
		if errors.As(err, &errs) {
			for _, e := range errs {
				fmt.Fprintln(stderr, e)
			}
			fmt.Fprintf(stderr, "%d problem(s); nothing imported\n", len(errs))
			return exitUsage, nil
		}
		return exitUsage, usageError{err: err}
	}
	if rep != nil {
		if werr := rep.Write(stdout); werr != nil {
			return exitHarness, werr
		}
	}
	if errors.Is(err, tau2.ErrSkipped) {
		fmt.Fprintln(stderr, "evalrun import: some tasks were not imported (see the report)")
		return exitFail, nil
	}
	if err != nil {
		return exitHarness, err
	}
	return exitPass, nil
}
