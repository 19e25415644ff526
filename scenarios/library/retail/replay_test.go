package retail_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/internal/jsondiff"
	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// task is what a replay needs of a tau2 task: its id and gold actions.
type task struct {
	ID       string `json:"id"`
	Criteria struct {
		Actions []action `json:"actions"`
	} `json:"evaluation_criteria"`
}

type action struct {
	ID        string          `json:"action_id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// tau2Data is the database and the train tasks, read once.
type tau2Data struct {
	dir   string
	db    world.State
	tasks []task
}

// loadTau2 reads the shared data; missing says why it cannot, for a Skip.
func loadTau2() (d *tau2Data, missing string, err error) {
	files, missing, err := tau2data.Files("db.json", "tasks_train.json")
	if err != nil || missing != "" {
		return nil, missing, err
	}
	dbFile, tasksFile := files[0], files[1]
	dir := filepath.Dir(dbFile)
	raw, err := os.ReadFile(dbFile)
	if err != nil {
		return nil, "", err
	}
	db, err := decodeState(raw)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", dbFile, err)
	}
	raw, err = os.ReadFile(tasksFile)
	if err != nil {
		return nil, "", err
	}
	var tasks []task
	if err := json.Unmarshal(raw, &tasks); err != nil {
		return nil, "", fmt.Errorf("%s: %w", tasksFile, err)
	}
	return &tau2Data{dir: dir, db: db, tasks: tasks}, "", nil
}

// change is one field-level difference, in the oracle's format.
type change struct {
	Collection string `json:"collection"`
	ID         string `json:"id"`
	Path       string `json:"path"`
	Before     any    `json:"before"`
	After      any    `json:"after"`
}

// outcome is what replaying one task's gold actions did.
type outcome struct {
	Errored []string `json:"errored"`
	Changes []change `json:"changes"`
}

// replay runs a task's gold actions in order on a fresh world, as tau2
// builds its gold database: a refused action is noted and the next runs.
func replay(db world.State, t task) (outcome, *counter) {
	c := newCounter(db)
	out := outcome{Errored: []string{}, Changes: []change{}}
	for i, a := range t.Criteria.Actions {
		if resp := c.call(a.Name, string(a.Arguments)); resp.Status != mocktools.StatusOK {
			id := a.ID
			if id == "" {
				id = strconv.Itoa(i)
			}
			out.Errored = append(out.Errored, id)
		}
	}
	for _, ch := range world.Diff(db, c.w.View()) {
		var before, after any = ch.Before, ch.After
		jsondiff.Leaves(before, after, ch.Field, func(path string, b, a any) {
			out.Changes = append(out.Changes, change{ch.Collection, ch.ID, path, b, a})
		})
	}
	return out, c
}

// expected reads the oracle's stored changes (fixtures/tau2).
func expected() (map[string]outcome, error) {
	root, err := tau2data.Root()
	if err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(filepath.Join(root, "fixtures", "tau2", "expected-changes.json"))
	if err != nil {
		return nil, err
	}
	var doc struct {
		Tasks map[string]outcome `json:"tasks"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	return doc.Tasks, nil
}

var _ = Describe("replaying tau2-bench retail's gold actions", func() {
	data, missing, err := loadTau2()
	if err != nil || missing != "" {
		It("needs the tau2 data", func() {
			Expect(err).NotTo(HaveOccurred())
			Skip(missing)
		})
		return
	}
	want, err := expected()

	It("has the oracle's changes for every task, and only for them", func() {
		Expect(err).NotTo(HaveOccurred())
		ids := make([]string, len(data.tasks))
		for i, t := range data.tasks {
			ids[i] = t.ID
		}
		keys := make([]string, 0, len(want))
		for k := range want {
			keys = append(keys, k)
		}
		Expect(keys).To(ConsistOf(ids))
	})

	for _, t := range data.tasks {
		It("gives tau2's database for task "+t.ID, func() {
			Expect(err).NotTo(HaveOccurred())
			got, c := replay(data.db, t)
			w, ok := want[t.ID]
			Expect(ok).To(BeTrue(), "no expected changes for task %s: rerun fixtures/tau2/oracle.py", t.ID)
			Expect(got.Errored).To(Equal(orEmpty(w.Errored)), "the gold actions that errored")
			Expect(got.Changes).To(Equal(orNone(w.Changes)))

			// The audit log alone rebuilds the final world: every write
			// went through a transaction.
			rebuilt := world.Replay(data.db, c.w.Audit(), func([]world.Mutation, world.State) {})
			Expect(world.Diff(rebuilt, c.w.View())).To(BeEmpty())
		})
	}
})

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func orNone(s []change) []change {
	if s == nil {
		return []change{}
	}
	return s
}
