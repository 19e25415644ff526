package tau2_test

import (
	"errors"
	"testing"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/scenarios"
)

// FuzzParseTasks: any bytes parse into tasks or fail with errors, each at a
// line and column of the file; nothing panics.
func FuzzParseTasks(f *testing.F) {
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"id": "0", "user_scenario": {"instructions": {"reason_for_call": "x"}}, "evaluation_criteria": {"actions": [{"name": "get_order_details", "arguments": {"order_id": "#W1"}}]}}]`))
	f.Add([]byte(`[{"id": "0", "user_scenario": {"instructions": "plain"}, "evaluation_criteria": {"actions": null}}]`))
	f.Add([]byte(`[{"id": 1}] x`))
	f.Add([]byte("[{\"id\": \"\u00e9\"\n,\"id\": 2}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tasks, err := tau2.ParseTasks("tasks.json", data)
		if err == nil {
			for _, task := range tasks {
				if task.ID == "" || task.Line < 1 || task.Col < 1 {
					t.Fatalf("a task without an id or a place: %+v", task)
				}
			}
			return
		}
		if tasks != nil {
			t.Fatalf("tasks and an error: %v", err)
		}
		var errs scenarios.Errors
		if !errors.As(err, &errs) || len(errs) == 0 {
			t.Fatalf("not positioned errors: %v", err)
		}
		for _, e := range errs {
			if e.File != "tasks.json" || e.Line < 1 || e.Col < 1 || e.Msg == "" {
				t.Fatalf("an error without a place: %#v", e)
			}
		}
	})
}
