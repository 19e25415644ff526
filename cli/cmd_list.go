package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
)

func cmdList(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("list", "[PATH...]", stderr)
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	list, err := loadScenarios(paths)
	if err != nil {
		return exitUsage, err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SCENARIOS")
	for _, s := range list {
		steps := make([]string, len(s.Steps))
		for i, st := range s.Steps {
			steps[i] = st.ID
		}
		fmt.Fprintf(tw, "  %s\t%s\tsteps: %s\n", s.ID, s.Policy, strings.Join(steps, " -> "))
		for _, v := range s.Variants {
			var fl []string
			for _, f := range v.Faults {
				aim := f.Tool
				if f.Step != "" {
					aim = "step " + f.Step
				}
				fl = append(fl, fmt.Sprintf("%s on %s", f.Kind, aim))
			}
			if len(fl) == 0 {
				fl = []string{"no faults"}
			}
			fmt.Fprintf(tw, "    %s\t\t%s\n", v.Name, strings.Join(fl, "; "))
		}
	}
	fmt.Fprintln(tw, "\nFAULT KINDS\tTHE AGENT SEES\tTHE WORLD GETS")
	for _, k := range faults.Kinds() {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", k.Name(), k.Sees(), k.Gets())
	}
	fmt.Fprintln(tw, "\nAGENTS")
	for _, m := range agent.Models() {
		fmt.Fprintf(tw, "  %s\t%s\n", m.Name, m.Description)
	}
	fmt.Fprintln(tw, "\nTOOL PACKS")
	for _, p := range mocktools.Packs() {
		var names []string
		for _, t := range p.Tools {
			names = append(names, t.Definition().Name)
		}
		fmt.Fprintf(tw, "  %s\t%s\ttools: %s\n", p.Name, p.Description, strings.Join(names, ", "))
	}
	return exitPass, tw.Flush()
}
