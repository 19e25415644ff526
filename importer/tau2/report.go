package tau2

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// TaskReport is what importing one task did.
type TaskReport struct {
	Task     string `json:"task"`
	Scenario string `json:"scenario"`
	File     string `json:"file"`
	// Actions counts the task's gold actions; Reads those left to the
	// agent; Steps are the writes kept, by step id; Dropped the writes not.
	Actions  int       `json:"actions"`
	Reads    int       `json:"reads"`
	Steps    []string  `json:"steps"`
	Dropped  []Dropped `json:"dropped,omitempty"`
	Variants []string  `json:"variants"`
	// Error says why the task was not imported.
	Error string `json:"error,omitempty"`
}

// Report is what an import did, task by task.
type Report struct {
	Dir       string       `json:"dir"`
	WorldFile string       `json:"world_file"`
	Tasks     []TaskReport `json:"tasks"`
}

// Totals counts the tasks imported and skipped, the steps, the tasks with
// two steps or more, those with none, the named fault variants, the writes
// dropped and the reads.
type Totals struct {
	Imported, Skipped, Steps, MultiWrite, NoWrite, Faulted, Dropped, Reads int
}

// Totals sums the report.
func (r *Report) Totals() Totals {
	var t Totals
	for _, tr := range r.Tasks {
		if tr.Error != "" {
			t.Skipped++
			continue
		}
		t.Imported++
		t.Steps += len(tr.Steps)
		t.Dropped += len(tr.Dropped)
		t.Reads += tr.Reads
		t.Faulted += len(tr.Variants) - 1
		switch {
		case len(tr.Steps) >= 2:
			t.MultiWrite++
		case len(tr.Steps) == 0:
			t.NoWrite++
		}
	}
	return t
}

// Write prints the report for people: a line per task, the writes
// dropped and why, the tasks skipped and why, and the totals.
func (r *Report) Write(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TASK\tFILE\tACTIONS\tREADS\tSTEPS\tDROPPED\tVARIANTS")
	for _, t := range r.Tasks {
		if t.Error != "" {
			fmt.Fprintf(tw, "%s\t-\t%d\t\t\t\tnot imported\n", t.Task, t.Actions)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", t.Task, t.File, t.Actions, t.Reads, len(t.Steps), len(t.Dropped), len(t.Variants))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	tot := r.Totals()
	if tot.Dropped > 0 {
		fmt.Fprintf(w, "\nGold writes dropped (%d):\n", tot.Dropped)
		for _, t := range r.Tasks {
			for _, d := range t.Dropped {
				fmt.Fprintf(w, "  task %s, %s %s: %s\n", t.Task, d.Action, d.Tool, d.Reason)
			}
		}
	}
	if tot.Skipped > 0 {
		fmt.Fprintf(w, "\nTasks not imported (%d):\n", tot.Skipped)
		for _, t := range r.Tasks {
			if t.Error != "" {
				fmt.Fprintf(w, "  task %s: %s\n", t.Task, t.Error)
			}
		}
	}
	fmt.Fprintf(w, "\nimported %d of %d tasks into %s (world_file: %s): %d steps; %d tasks with two writes or more, %d with none (nothing may change); %d named fault variants; %d gold writes dropped, %d gold reads left to the agent\n",
		tot.Imported, len(r.Tasks), r.Dir, r.WorldFile, tot.Steps, tot.MultiWrite, tot.NoWrite, tot.Faulted, tot.Dropped, tot.Reads)
	_, err := fmt.Fprintf(w, "next: evalrun validate %s && evalrun run --agent saga %s\n", r.Dir, r.Dir)
	return err
}
