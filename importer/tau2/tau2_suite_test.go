package tau2_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
)

func TestTau2(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "tau2")
}

// train is tau2-bench retail's train split beside the repository.
type train struct {
	dir, db, tasks, policy string
}

// trainData finds the train split; missing says why it cannot, for a Skip.
func trainData() (t train, missing string, err error) {
	files, missing, err := tau2data.Files("db.json", "tasks_train.json", "policy.md")
	if err != nil || missing != "" {
		return t, missing, err
	}
	t.db, t.tasks, t.policy = files[0], files[1], files[2]
	t.dir = filepath.Dir(t.db)
	return t, "", nil
}

// importTrain imports the train split into a new folder and loads it.
func importTrain(t train) (string, *tau2.Report, []*scenarios.Scenario) {
	out := GinkgoT().TempDir()
	rep, err := tau2.Import(tau2.Options{Domain: "retail", DB: t.db, Tasks: t.tasks, Policy: t.policy, Out: out})
	Expect(err).NotTo(HaveOccurred())
	list, err := scenarios.LoadPaths([]string{out})
	Expect(err).NotTo(HaveOccurred())
	return out, rep, list
}

// validates holds a folder of scenarios to what evalrun validate checks:
// they load (strict YAML, tools, expressions, the gold replay) and their
// phrases read back right.
func validates(list []*scenarios.Scenario) {
	for _, s := range list {
		Expect(saycheck.Check(s)).To(BeEmpty(), s.File)
	}
}

// shop is a small store of this project's own, in tau2's shape.
func shop() string {
	p, err := filepath.Abs("testdata/shop.json")
	Expect(err).NotTo(HaveOccurred())
	return p
}

// importTasks writes a task file and imports it over the shop; it returns
// the report, the loaded scenarios by task id and the output folder.
func importTasks(tasksJSON string, opts ...func(*tau2.Options)) (*tau2.Report, map[string]*scenarios.Scenario, string) {
	dir := GinkgoT().TempDir()
	tasks := filepath.Join(dir, "tasks.json")
	Expect(os.WriteFile(tasks, []byte(tasksJSON), 0o644)).To(Succeed())
	o := tau2.Options{Domain: "retail", DB: shop(), Tasks: tasks, Out: filepath.Join(dir, "out")}
	for _, f := range opts {
		f(&o)
	}
	rep, err := tau2.Import(o)
	Expect(err).NotTo(HaveOccurred())
	list, err := scenarios.LoadPaths([]string{o.Out})
	Expect(err).NotTo(HaveOccurred())
	validates(list)
	byTask := map[string]*scenarios.Scenario{}
	for _, s := range list {
		byTask[s.ID[len("tau2-retail-"):]] = s
	}
	return rep, byTask, o.Out
}

// task is one task of a task file: its id, the user's reason, and its
// gold actions as JSON.
func task(id, reason string, actions ...string) string {
	acts := "["
	for i, a := range actions {
		if i > 0 {
			acts += ","
		}
		acts += a
	}
	acts += "]"
	return fmt.Sprintf(`{"id": %q, "user_scenario": {"persona": null, "instructions": {"domain": "retail",
 "reason_for_call": %q, "known_info": "You are Ada Lovelace in zip code 02108.", "unknown_info": null,
 "task_instructions": "You are brief."}}, "initial_state": null,
 "evaluation_criteria": {"actions": %s, "communicate_info": [], "nl_assertions": null, "reward_basis": ["DB"]}}`, id, reason, acts)
}

// act is a gold action.
func act(id, name, args string) string {
	return fmt.Sprintf(`{"action_id": %q, "name": %q, "arguments": %s, "info": null}`, id, name, args)
}

func list(tasks ...string) string {
	out := "["
	for i, t := range tasks {
		if i > 0 {
			out += ",\n"
		}
		out += t
	}
	return out + "]"
}
