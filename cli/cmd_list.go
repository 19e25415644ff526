package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/scenarios"
)

func cmdList(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("list", "[--tools SCENARIO] [--format text|json] [PATH...]", stderr)
	tools := fs.String("tools", "", "print the tool definitions of `SCENARIO` (an id) exactly as the agent receives them, as JSON")
	format := fs.String("format", "text", "text, or json: every scenario with its domain, steps and variants")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if *format != "text" && *format != "json" {
		return exitUsage, usageError{err: fmt.Errorf("--format %q: want text or json", *format)}
	}
	list, err := loadScenarios(paths)
	if err != nil {
		return exitUsage, err
	}
	if *tools != "" {
		s, err := scenarios.Find(list, *tools)
		if err != nil {
			return exitUsage, usageError{err: err}
		}
		return exitPass, writeJSON(stdout, openai.FunctionTools(s.Toolbox.Definitions()))
	}
	if *format == "json" {
		return exitPass, writeJSON(stdout, listing(list))
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SCENARIOS")
	for _, s := range list {
		steps := make([]string, len(s.Steps))
		for i, st := range s.Steps {
			steps[i] = st.ID
		}
		text := strings.Join(steps, " -> ")
		if len(steps) == 0 {
			text = "none: nothing may change"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\tsteps: %s\n", s.ID, s.Domain, s.Policy, text)
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

// listedScenario is one scenario in `list --format json`.
type listedScenario struct {
	ID          string          `json:"id"`
	Domain      string          `json:"domain"`
	Description string          `json:"description"`
	File        string          `json:"file"`
	Policy      string          `json:"policy"`
	Tools       []string        `json:"tools"`
	Steps       []string        `json:"steps"`
	Variants    []listedVariant `json:"variants"`
}

type listedVariant struct {
	Name        string            `json:"name"`
	Description string            `json:"description,omitempty"`
	Faults      []string          `json:"faults"`
	Expect      map[string]string `json:"expect,omitempty"`
}

func listing(list []*scenarios.Scenario) map[string]any {
	out := make([]listedScenario, len(list))
	for i, s := range list {
		ls := listedScenario{ID: s.ID, Domain: s.Domain, Description: strings.TrimSpace(s.Description), File: s.File,
			Policy: s.Policy, Tools: s.Toolbox.Names(), Steps: []string{}, Variants: []listedVariant{}}
		for _, st := range s.Steps {
			ls.Steps = append(ls.Steps, st.ID)
		}
		for _, v := range s.Variants {
			lv := listedVariant{Name: v.Name, Description: v.Description, Faults: []string{}, Expect: v.Expect}
			for _, f := range v.Faults {
				lv.Faults = append(lv.Faults, f.Kind)
			}
			ls.Variants = append(ls.Variants, lv)
		}
		out[i] = ls
	}
	var kinds, agents []string
	for _, k := range faults.Kinds() {
		kinds = append(kinds, k.Name())
	}
	for _, m := range agent.Models() {
		agents = append(agents, m.Name)
	}
	return map[string]any{"scenarios": out, "fault_kinds": kinds, "agents": agents, "tool_packs": mocktools.PackNames()}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
