package retail_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/world"
)

// The tau2 data lives beside the repository, never in it:
// ../shared/data/tau2-retail from the repository root.
const tau2Rel = "../shared/data/tau2-retail"

// repoRoot walks up from the working folder to the one holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working folder")
		}
		dir = up
	}
}

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
	root, err := repoRoot()
	if err != nil {
		return nil, "", err
	}
	dir := filepath.Clean(filepath.Join(root, tau2Rel))
	dbFile, tasksFile := filepath.Join(dir, "db.json"), filepath.Join(dir, "tasks_train.json")
	for _, f := range []string{dbFile, tasksFile} {
		if _, err := os.Stat(f); err != nil {
			return nil, fmt.Sprintf("tau2-bench retail data is not available (%s: %v); it is read from %s beside the repository and never stored in it", f, err, tau2Rel), nil
		}
	}
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
		deepDiff(before, after, ch.Field, func(path string, b, a any) {
			out.Changes = append(out.Changes, change{ch.Collection, ch.ID, path, b, a})
		})
	}
	return out, c
}

// deepDiff calls emit for every leaf that differs between two JSON values,
// with the oracle's paths: "a.b" into objects, "a[2]" into arrays, an absent
// field or entry read as null.
func deepDiff(before, after any, path string, emit func(path string, b, a any)) {
	if bm, ok := before.(map[string]any); ok {
		if am, ok := after.(map[string]any); ok {
			keys := make([]string, 0, len(bm)+len(am))
			for k := range bm {
				keys = append(keys, k)
			}
			for k := range am {
				if _, dup := bm[k]; !dup {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				sub := k
				if path != "" {
					sub = path + "." + k
				}
				deepDiff(bm[k], am[k], sub, emit)
			}
			return
		}
	}
	if bl, ok := before.([]any); ok {
		if al, ok := after.([]any); ok {
			for i := range max(len(bl), len(al)) {
				var b, a any
				if i < len(bl) {
					b = bl[i]
				}
				if i < len(al) {
					a = al[i]
				}
				deepDiff(b, a, path+"["+strconv.Itoa(i)+"]", emit)
			}
			return
		}
	}
	if !world.Equal(before, after) {
		emit(path, before, after)
	}
}

// expected reads the oracle's stored changes (fixtures/tau2).
func expected() (map[string]outcome, error) {
	root, err := repoRoot()
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
