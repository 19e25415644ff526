package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
)

// shopTasks is a task file over the importer's test store: a task with two
// writes, and one that only reads.
const shopTasks = `[
 {"id": "two", "user_scenario": {"instructions": {"reason_for_call": "You want to cancel order #W1001 and return the lamp of order #W1002.",
   "known_info": "You are Ada Lovelace in zip code 02108.", "unknown_info": null, "task_instructions": "You are brief."}},
  "initial_state": null,
  "evaluation_criteria": {"actions": [
   {"action_id": "two_0", "name": "find_user_id_by_name_zip", "arguments": {"first_name": "Ada", "last_name": "Lovelace", "zip": "02108"}},
   {"action_id": "two_1", "name": "cancel_pending_order", "arguments": {"order_id": "#W1001", "reason": "no longer needed"}},
   {"action_id": "two_2", "name": "return_delivered_order_items", "arguments": {"order_id": "#W1002", "item_ids": ["3000000001"], "payment_method_id": "credit_card_1"}}]}},
 {"id": "look", "user_scenario": {"instructions": "You want to know the status of order #W1001."},
  "evaluation_criteria": {"actions": [{"action_id": "look_0", "name": "get_order_details", "arguments": {"order_id": "#W1001"}}]}}
]`

// importShop writes the task file and a policy, imports them, and returns
// the output folder and the policy's text.
func importShop(extra ...string) (out, policy string) {
	dir := GinkgoT().TempDir()
	tasks, pol := filepath.Join(dir, "tasks.json"), filepath.Join(dir, "policy.md")
	policy = "# Shop policy\n\nAsk for an explicit yes before every write."
	Expect(os.WriteFile(tasks, []byte(shopTasks), 0o644)).To(Succeed())
	Expect(os.WriteFile(pol, []byte(policy), 0o644)).To(Succeed())
	out = filepath.Join(dir, "scenarios")
	args := append([]string{"import", "tau2", "--db", "../importer/tau2/testdata/shop.json", "--tasks", tasks, "--policy", pol, "--out", out}, extra...)
	code, stdout, stderr := evalrun(args...)
	Expect(code).To(Equal(exitPass), stderr)
	Expect(stdout).To(ContainSubstring("imported 2 of 2 tasks into " + out))
	return out, policy
}

var _ = Describe("evalrun import tau2", func() {
	It("writes a scenario per task that validate accepts and run scores", func() {
		out, _ := importShop()
		Expect(filepath.Join(out, "tau2-retail-two.yaml")).To(BeAnExistingFile())
		Expect(filepath.Join(out, "tau2-retail-look.yaml")).To(BeAnExistingFile())
		code, stdout, stderr := evalrun("validate", out)
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stdout).To(ContainSubstring("ok: 2 scenario(s), 5 variant(s)"))
		code, stdout, _ = evalrun("run", "--agent", "saga", "--no-color", out)
		Expect(code).To(Equal(exitPass), stdout)
		code, _, _ = evalrun("run", "--agent", "naive", "--no-color", out)
		Expect(code).To(Equal(exitFail), "naive believes the lost write")
		code, stdout, _ = evalrun("state", "--gold", filepath.Join(out, "tau2-retail-two.yaml"))
		Expect(code).To(Equal(exitPass))
		var doc map[string]map[string]map[string]any
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		Expect(doc["orders"]["#W1001"]["status"]).To(Equal("cancelled"))
		Expect(doc["orders"]["#W1002"]["status"]).To(Equal("return requested"))
	})

	It("prints the report: a line per task, the totals, and what to run next", func() {
		dir := GinkgoT().TempDir()
		tasks := filepath.Join(dir, "tasks.json")
		Expect(os.WriteFile(tasks, []byte(shopTasks), 0o644)).To(Succeed())
		code, stdout, _ := evalrun("import", "tau2", "--db", "../importer/tau2/testdata/shop.json", "--tasks", tasks, "--out", dir, "--copy-db")
		Expect(code).To(Equal(exitPass))
		Expect(stdout).To(MatchRegexp(`two\s+tau2-retail-two.yaml\s+3\s+1\s+2\s+0\s+4`))
		Expect(stdout).To(MatchRegexp(`look\s+tau2-retail-look.yaml\s+1\s+1\s+0\s+0\s+1`))
		Expect(stdout).To(ContainSubstring("(world_file: shop.json): 2 steps; 1 tasks with two writes or more, 1 with none"))
		Expect(stdout).To(ContainSubstring("next: evalrun validate " + dir))
		Expect(filepath.Join(dir, "shop.json")).To(BeAnExistingFile())
	})

	DescribeTable("exits 2 on bad usage or input, and writes nothing",
		func(args func(dir string) []string, want string) {
			dir := GinkgoT().TempDir()
			code, stdout, stderr := evalrun(append([]string{"import"}, args(dir)...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stdout).To(BeEmpty())
			Expect(stderr).To(ContainSubstring(strings.ReplaceAll(want, "DIR", dir)))
			Expect(filepath.Join(dir, "out")).NotTo(BeADirectory())
		},
		Entry("no benchmark", func(string) []string { return []string{"--db", "x.json"} }, "give the benchmark to import from"),
		Entry("another benchmark", func(string) []string { return []string{"swe-bench"} }, "give the benchmark to import from"),
		Entry("no --db", func(dir string) []string { return []string{"tau2", "--tasks", "t.json", "--out", dir + "/out"} }, "missing --db"),
		Entry("no --out", func(string) []string { return []string{"tau2", "--db", "d.json", "--tasks", "t.json"} }, "missing --out"),
		Entry("an unknown domain", func(dir string) []string {
			return []string{"tau2", "--domain", "airline", "--db", "d.json", "--tasks", "t.json", "--out", dir + "/out"}
		}, `unknown tau2 domain "airline"`),
		Entry("a missing task file", func(dir string) []string {
			return []string{"tau2", "--db", "../importer/tau2/testdata/shop.json", "--tasks", dir + "/nope.json", "--out", dir + "/out"}
		}, "DIR/nope.json: the task file does not exist"),
		Entry("a task file that is not JSON, at its line and column", func(dir string) []string {
			Expect(os.WriteFile(filepath.Join(dir, "t.json"), []byte("[\n {\"id\": \"1\",}\n]"), 0o644)).To(Succeed())
			return []string{"tau2", "--db", "../importer/tau2/testdata/shop.json", "--tasks", dir + "/t.json", "--out", dir + "/out"}
		}, "DIR/t.json:2:13: invalid JSON"),
		Entry("a task with a missing field", func(dir string) []string {
			Expect(os.WriteFile(filepath.Join(dir, "t.json"), []byte(`[{"id": "1", "evaluation_criteria": {"actions": []}}]`), 0o644)).To(Succeed())
			return []string{"tau2", "--db", "../importer/tau2/testdata/shop.json", "--tasks", dir + "/t.json", "--out", dir + "/out"}
		}, "DIR/t.json:1:2: task 0 (id 1): missing user_scenario\n1 problem(s); nothing imported"),
	)

	It("says what it does, with examples, on -h", func() {
		code, _, stderr := evalrun("import", "-h")
		Expect(code).To(Equal(exitPass))
		Expect(stderr).To(ContainSubstring("Usage: evalrun import tau2 --db FILE --tasks FILE [--policy FILE] --out DIR"))
		Expect(stderr).To(ContainSubstring("evalrun run --sweep --agent checked"))
	})
})

var _ = Describe("a real model on an imported tau2 task", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", "")
		setenv("OPENAI_BASE_URL", "")
	})

	It("gets the policy as its system prompt, asks before each write, is answered, and is scored on its last message", func() {
		out, policy := importShop()
		file := filepath.Join(out, "tau2-retail-two.yaml")
		list, err := scenarios.LoadPaths([]string{file})
		Expect(err).NotTo(HaveOccurred())
		s := list[0]
		ask := func(q string) agent.ScriptTurn { return agent.ScriptTurn{Say: q} }
		do := func(st *scenarios.Step) agent.ScriptTurn {
			return agent.ScriptTurn{Calls: []agent.ScriptCall{{Tool: st.Action.Tool, Args: st.Action.Args}}}
		}
		lookup := agent.ScriptTurn{Calls: []agent.ScriptCall{{Tool: "find_user_id_by_name_zip",
			Args: map[string]any{"first_name": "Ada", "last_name": "Lovelace", "zip": "02108"}}}}
		script := &agent.Script{Scenario: s.ID,
			Turns: []agent.ScriptTurn{lookup, ask("Shall I cancel order #W1001 (no longer needed)?"), do(s.Steps[0]),
				ask("Shall I return the desk lamp of order #W1002 to your Visa?"), do(s.Steps[1])},
			Final: "Done: I have cancelled order #W1001 and submitted the return of the desk lamp from order #W1002."}
		srv := openaitest.New(list, map[string]*agent.Script{s.ID: script})
		DeferCleanup(srv.Close)
		var mu sync.Mutex
		var systems []string
		srv.Hook = func(_ http.ResponseWriter, r *http.Request, _ int64) bool {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			var req struct {
				Messages []struct{ Role, Content string } `json:"messages"`
			}
			Expect(json.Unmarshal(body, &req)).To(Succeed())
			mu.Lock()
			defer mu.Unlock()
			for _, m := range req.Messages {
				if m.Role == "system" {
					systems = append(systems, m.Content)
				}
			}
			return false
		}
		code, stdout, stderr := evalrun("run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--variant", "clean", "--format", "json", file)
		Expect(code).To(Equal(exitPass), stderr)
		t := parseDoc(stdout).Trials[0]
		Expect(t.Verdict).To(Equal("success"), t.Error)
		Expect(systems).NotTo(BeEmpty())
		for _, sys := range systems {
			Expect(sys).To(Equal(policy), "the policy is the system prompt of every request")
		}
		var said []string
		for _, m := range t.Transcript {
			if m.Role == "user" || (m.Role == "assistant" && m.Content != "") {
				said = append(said, m.Role+": "+m.Content)
			}
		}
		Expect(said).To(Equal([]string{
			"user: " + s.Task,
			"assistant: Shall I cancel order #W1001 (no longer needed)?", "user: yes",
			"assistant: Shall I return the desk lamp of order #W1002 to your Visa?", "user: yes",
			"assistant: " + script.Final,
		}))

		// The same model under the lost cancellation claims it anyway.
		code, stdout, _ = evalrun("run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--variant", "*-lost-write", "--format", "json", file)
		Expect(code).To(Equal(exitFail))
		Expect(parseDoc(stdout).Trials[0].Verdict).To(Equal("false_success"))
	})

	It("runs a tau2-bench train task end to end: the policy as system prompt, every confirmation answered", func() {
		_, missing, err := tau2data.Files("db.json", "tasks_train.json", "policy.md")
		Expect(err).NotTo(HaveOccurred())
		if missing != "" {
			Skip(missing)
		}
		tau2, err := tau2data.Dir()
		Expect(err).NotTo(HaveOccurred())
		out := GinkgoT().TempDir()
		code, _, stderr := evalrun("import", "tau2", "--db", tau2+"/db.json", "--tasks", tau2+"/tasks_train.json", "--policy", tau2+"/policy.md", "--out", out)
		Expect(code).To(Equal(exitPass), stderr)
		file := filepath.Join(out, "tau2-retail-16.yaml") // two cancellations and a return
		list, err := scenarios.LoadPaths([]string{file})
		Expect(err).NotTo(HaveOccurred())
		s := list[0]
		Expect(s.Steps).To(HaveLen(3))
		script := &agent.Script{Scenario: s.ID, Turns: []agent.ScriptTurn{{Calls: []agent.ScriptCall{{Tool: "find_user_id_by_name_zip",
			Args: map[string]any{"first_name": "Fatima", "last_name": "Johnson", "zip": "78712"}}}}}}
		var done []string
		for _, st := range s.Steps {
			script.Turns = append(script.Turns, agent.ScriptTurn{Say: "Shall I go ahead: " + st.Say.Failed + "?"},
				agent.ScriptTurn{Calls: []agent.ScriptCall{{Tool: st.Action.Tool, Args: st.Action.Args}}})
			done = append(done, st.Say.Done)
		}
		script.Final = "All set: I have " + strings.Join(done, ", ") + "."
		srv := openaitest.New(list, map[string]*agent.Script{s.ID: script})
		DeferCleanup(srv.Close)
		var mu sync.Mutex
		var systems []string
		srv.Hook = func(_ http.ResponseWriter, r *http.Request, _ int64) bool {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			var req struct {
				Messages []struct{ Role, Content string } `json:"messages"`
			}
			Expect(json.Unmarshal(body, &req)).To(Succeed())
			mu.Lock()
			defer mu.Unlock()
			systems = append(systems, req.Messages[0].Role+": "+req.Messages[0].Content)
			return false
		}
		code, stdout, stderr := evalrun("run", "--agent", "openai", "--model", fakeModel, "--base-url", srv.BaseURL(),
			"--variant", "clean", "--format", "json", file)
		Expect(code).To(Equal(exitPass), stderr)
		t := parseDoc(stdout).Trials[0]
		Expect(t.Verdict).To(Equal("success"), t.Error)
		policy, err := os.ReadFile(filepath.Join(tau2, "policy.md"))
		Expect(err).NotTo(HaveOccurred())
		Expect(systems).To(HaveLen(len(script.Turns) + 1))
		for _, sys := range systems {
			Expect(sys).To(Equal("system: " + strings.TrimSpace(string(policy))))
		}
		yes := 0
		for _, m := range t.Transcript {
			if m.Role == "user" && m.Content == "yes" {
				yes++
			}
		}
		Expect(yes).To(Equal(3), "one confirmation per write")
		Expect(t.Transcript[len(t.Transcript)-1].Content).To(Equal(script.Final))
	})
})
