package tau2_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

const adaHome = `"address1": "1 Mill Lane", "address2": "", "city": "Boston", "state": "MA", "country": "USA", "zip": "02108"`

// dropped finds a task's dropped write by action id.
func dropped(rep *tau2.Report, taskID, action string) (tau2.Dropped, bool) {
	for _, t := range rep.Tasks {
		if t.Task != taskID {
			continue
		}
		for _, d := range t.Dropped {
			if d.Action == action {
				return d, true
			}
		}
	}
	return tau2.Dropped{}, false
}

var _ = Describe("importing tau2 tasks over a small store", func() {
	var (
		rep *tau2.Report
		by  map[string]*scenarios.Scenario
		out string
	)
	BeforeEach(func() {
		rep, by, out = importTasks(list(
			task("fails", "You want to cancel your delivered order.",
				act("f_0", "get_order_details", `{"order_id": "#W1002"}`),
				act("f_1", "cancel_pending_order", `{"order_id": "#W1002", "reason": "no longer needed"}`)),
			task("same", "You want your default address set to where you live.",
				act("s_0", "modify_user_address", `{"user_id": "ada_lovelace_1", `+adaHome+`}`)),
			task("back", "You move, regret it, and cancel an order.",
				act("b_0", "modify_user_address", `{"user_id": "ada_lovelace_1", "address1": "9 Elm St", "address2": "", "city": "Salem", "state": "MA", "country": "USA", "zip": "01970"}`),
				act("b_1", "cancel_pending_order", `{"order_id": "#W1001", "reason": "ordered by mistake"}`),
				act("b_2", "modify_user_address", `{"user_id": "ada_lovelace_1", `+adaHome+`}`)),
			task("twice", "You send an order somewhere, then somewhere else.",
				act("t_0", "modify_pending_order_address", `{"order_id": "#W1001", "address1": "9 Elm St", "address2": "", "city": "Salem", "state": "MA", "country": "USA", "zip": "01970"}`),
				act("t_1", "modify_pending_order_address", `{"order_id": "#W1001", "address1": "4 Oak Rd", "address2": "Unit 2", "city": "Lowell", "state": "MA", "country": "USA", "zip": "01850"}`)),
			task("reads", "You want to know where your order is.",
				act("r_0", "get_order_details", `{"order_id": "#W1001"}`)),
			task("gift", "You want to cancel both pending orders paid with your gift card.",
				act("g_0", "cancel_pending_order", `{"order_id": "#W1005", "reason": "no longer needed"}`),
				act("g_1", "cancel_pending_order", `{"order_id": "#W1006", "reason": "no longer needed"}`)),
			task("multi", "You cancel one order, return a lamp and fix an address.",
				act("m_0", "cancel_pending_order", `{"order_id": "#W1001", "reason": "no longer needed"}`),
				act("m_1", "return_delivered_order_items", `{"order_id": "#W1002", "item_ids": ["3000000001"], "payment_method_id": "credit_card_1"}`),
				act("m_2", "modify_pending_order_address", `{"order_id": "#W1007", "address1": "3 Pier Rd", "address2": "", "city": "Oakland", "state": "CA", "country": "USA", "zip": "94607"}`)),
		))
	})

	It("imports every task and reports it", func() {
		Expect(rep.Tasks).To(HaveLen(7))
		tot := rep.Totals()
		Expect(tot.Imported).To(Equal(7))
		Expect(tot.Skipped).To(BeZero())
		Expect(by).To(HaveLen(7))
		var b strings.Builder
		Expect(rep.Write(&b)).To(Succeed())
		Expect(b.String()).To(ContainSubstring("imported 7 of 7 tasks into " + out))
		Expect(b.String()).To(ContainSubstring("task fails, f_1 cancel_pending_order: fails when replayed"))
	})

	DescribeTable("drops the gold writes that leave nothing behind, and says why",
		func(taskID, action, reason string) {
			d, ok := dropped(rep, taskID, action)
			Expect(ok).To(BeTrue(), "%s is not dropped", action)
			Expect(d.Reason).To(ContainSubstring(reason))
			data, err := os.ReadFile(by[taskID].File)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(data)).To(ContainSubstring("#   "+action+" "+d.Tool+": "+d.Reason), "the scenario's comment says it too")
		},
		Entry("a write tau2 refuses", "fails", "f_1", "fails when replayed (order #W1002 is delivered: only a pending order can be cancelled); tau2's replay ignores the error"),
		Entry("a write of what is already there", "same", "s_0", "changes nothing: the database already holds what it writes"),
		Entry("a change a later write undoes", "back", "b_0", "b_2 changes users/ada_lovelace_1/address again and it ends as it began"),
		Entry("the write that undoes it", "back", "b_2", "it puts users/ada_lovelace_1/address back as it was before b_0 changed it"),
		Entry("a change a later write overwrites", "twice", "t_0", "t_1 sets orders/#W1001/address again"),
	)

	It("keeps the writes that last, each a step with its arguments verbatim and a confirmation", func() {
		s := by["twice"]
		Expect(s.Steps).To(HaveLen(1))
		Expect(s.Steps[0].Action.Args).To(HaveKeyWithValue("address1", "4 Oak Rd"))
		Expect(s.Steps[0].Touches).To(Equal([]string{"orders/#W1001/address"}))
		Expect(s.UserReplies).To(Equal([]string{tau2.Confirmation}))

		m := by["multi"]
		Expect(m.Steps).To(HaveLen(3))
		Expect(m.UserReplies).To(HaveLen(3))
		Expect(m.ExactWorld).To(BeTrue())
		Expect(m.Tools).To(Equal([]string{"retail"}))
		Expect(m.Steps[1].Action.Args).To(Equal(map[string]any{"order_id": "#W1002", "item_ids": []any{"3000000001"}, "payment_method_id": "credit_card_1"}))
		Expect(m.Steps[1].Done).To(Equal(`orders["#W1002"].status == "return requested" && orders["#W1002"].return_items == ["3000000001"] && orders["#W1002"].return_payment_method_id == "credit_card_1"`))
		Expect(m.Steps[1].Verify).To(HaveLen(1))
		Expect(m.Steps[1].Verify[0].Tool).To(Equal("get_order_details"))
		Expect(m.Steps[2].Compensate).NotTo(BeNil(), "an address change is undone by setting the old address back")
		Expect(m.Steps[2].Compensate.Args).To(HaveKeyWithValue("city", "San Francisco"))
		Expect(m.Steps[0].Terms).To(ContainElement("#W1001"))
		Expect(m.Steps[0].Say.Done).To(Equal("cancelled order #W1001"))
		Expect(m.Task).To(HavePrefix("Hi! I am Ada Lovelace in zip code 02108. I cancel one order"))
	})

	It("makes a task that writes nothing a scenario where nothing may change", func() {
		for _, id := range []string{"reads", "same", "fails"} {
			s := by[id]
			Expect(s.Steps).To(BeEmpty(), id)
			Expect(s.ExactWorld).To(BeTrue())
			Expect(s.UserReplies).To(BeEmpty(), "no write, no confirmation")
			Expect(s.Variants).To(HaveLen(1))
			Expect(world.Diff(s.Before, s.After)).To(BeEmpty())
			data, err := os.ReadFile(s.File)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(data)).To(ContainSubstring("nothing may change"))
		}
		for _, agentName := range []string{"naive", "saga"} {
			suite, err := runner.Run(context.Background(), []*scenarios.Scenario{by["reads"]}, runner.Config{Agent: agentName, Trials: 1, Seed: 1, Jobs: 1})
			Expect(err).NotTo(HaveOccurred())
			Expect(suite.Trials[0].Verdict).To(Equal("success"))
			Expect(suite.Trials[0].Passed).To(BeTrue())
		}
	})

	It("lets each write that moves one gift card claim any balance it can leave, and the last one touch it", func() {
		s := by["gift"]
		Expect(s.Steps).To(HaveLen(2))
		// #W1005 refunds 30; #W1006 refunds 30, 30 and its earlier 30 refund.
		Expect(s.Steps[0].Done).To(ContainSubstring(`users["jose_nunez_2"].payment_methods.gift_card_2.balance in [530, 590]`))
		Expect(s.Steps[1].Done).To(ContainSubstring(`users["jose_nunez_2"].payment_methods.gift_card_2.balance in [560, 590]`))
		Expect(s.Steps[0].Touches).NotTo(ContainElement("users/jose_nunez_2/payment_methods"))
		Expect(s.Steps[1].Touches).To(ContainElement("users/jose_nunez_2/payment_methods"))
		Expect(s.Steps[0].Verify).To(HaveLen(2), "the order and the customer are read back")
	})

	It("writes named fault variants for a task of two writes or more, each with what naive and saga get", func() {
		s := by["multi"]
		names := []string{}
		for _, v := range s.Variants {
			names = append(names, v.Name)
		}
		Expect(names).To(Equal([]string{"clean", "cancel_w1001-lost-write", "return_w1002-partial-apply", "ship_w1007-swallowed-rate-limit"}))
		Expect(s.Variants[1].Faults[0].Match).To(Equal(`order_id == "#W1001"`))
		Expect(s.Variants[1].Faults[0].RequireFired).To(BeTrue())
		for _, id := range []string{"multi", "gift"} {
			for _, agentName := range []string{"naive", "saga"} {
				suite, err := runner.Run(context.Background(), []*scenarios.Scenario{by[id]}, runner.Config{Agent: agentName, Trials: 2, Seed: 1, Jobs: 2})
				Expect(err).NotTo(HaveOccurred())
				for _, t := range suite.Trials {
					v := variantOf(by[id], t.Variant)
					Expect(t.Verdict).To(Equal(v.Expect[agentName]), "%s %s/%s: %s", agentName, t.Scenario, t.Variant, t.FinalMessage)
				}
			}
		}
	})

	It("is passed clean by every reference agent, the checked one too, which reads an order's own pending status as no failure", func() {
		var all []*scenarios.Scenario
		for _, s := range by {
			all = append(all, s)
		}
		for _, agentName := range []string{"naive", "checked", "verifying", "saga"} {
			suite, err := runner.Run(context.Background(), all, runner.Config{Agent: agentName, Trials: 1, Seed: 1, Jobs: 2})
			Expect(err).NotTo(HaveOccurred())
			for _, t := range suite.Trials {
				if t.Variant == "clean" {
					Expect(t.Passed).To(BeTrue(), "%s %s: %s", agentName, t.Scenario, t.FinalMessage)
				}
			}
		}
	})

	It("names the database by a path relative to the scenarios, or copies it with CopyDB", func() {
		rel, err := filepath.Rel(out, shop())
		Expect(err).NotTo(HaveOccurred())
		Expect(by["multi"].WorldFile).To(Equal(filepath.ToSlash(rel)))

		_, copied, dir := importTasks(list(task("one", "x", act("o_0", "cancel_pending_order", `{"order_id": "#W1001", "reason": "no longer needed"}`))),
			func(o *tau2.Options) { o.CopyDB = true })
		Expect(copied["one"].WorldFile).To(Equal("shop.json"))
		Expect(filepath.Join(dir, "shop.json")).To(BeAnExistingFile())
	})

	It("writes the policy as the system prompt, exactly", func() {
		policy := "# Policy\n\nAsk before writing: \"yes\" means yes, #W1 is an order.\n  - an indented line\n\nEnd."
		dir := GinkgoT().TempDir()
		p := filepath.Join(dir, "policy.md")
		Expect(os.WriteFile(p, []byte(policy+"\n"), 0o644)).To(Succeed())
		_, got, _ := importTasks(list(task("one", "x", act("o_0", "cancel_pending_order", `{"order_id": "#W1001", "reason": "no longer needed"}`))),
			func(o *tau2.Options) { o.Policy = p })
		Expect(got["one"].SystemPrompt).To(Equal(policy))
	})
})

// variantOf finds a variant by name.
func variantOf(s *scenarios.Scenario, name string) *scenarios.Variant {
	for _, v := range s.Variants {
		if v.Name == name {
			return v
		}
	}
	Fail("no variant " + name)
	return nil
}

var _ = Describe("importing bad input", func() {
	DescribeTable("is an input error at its file, line and column, and writes nothing",
		func(tasksJSON, dbJSON, want string) {
			dir := GinkgoT().TempDir()
			tasks, db := filepath.Join(dir, "tasks.json"), shop()
			Expect(os.WriteFile(tasks, []byte(tasksJSON), 0o644)).To(Succeed())
			if dbJSON != "" {
				db = filepath.Join(dir, "db.json")
				Expect(os.WriteFile(db, []byte(dbJSON), 0o644)).To(Succeed())
			}
			out := filepath.Join(dir, "out")
			_, err := tau2.Import(tau2.Options{Domain: "retail", DB: db, Tasks: tasks, Out: out})
			var input *tau2.InputError
			Expect(errors.As(err, &input)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(strings.ReplaceAll(want, "DIR", dir)))
			Expect(out).NotTo(BeADirectory())
		},
		Entry("not JSON", `[{"id": "1",}]`, "", "DIR/tasks.json:1:13: invalid JSON: invalid character '}'"),
		Entry("cut short", `[{"id": "1"`, "", "DIR/tasks.json:1:12: invalid JSON: unexpected end of the file"),
		Entry("an empty file", ``, "", "DIR/tasks.json:1:1: invalid JSON: unexpected end of the file"),
		Entry("not a list", `{"id": "1"}`, "", "DIR/tasks.json:1:1: want a list of tasks, got an object"),
		Entry("more after the list", `[] []`, "", "DIR/tasks.json:1:4: invalid JSON: more after the end of the value"),
		Entry("a task that is no object", `[3]`, "", "DIR/tasks.json:1:2: task 0: want an object, got a number"),
		Entry("a missing id", list(strings.Replace(task("1", "x"), `"id": "1",`, "", 1)), "", "DIR/tasks.json:1:2: task 0: missing id"),
		Entry("an id of the wrong type", list(strings.Replace(task("1", "x"), `"id": "1"`, `"id": 1`, 1)), "", "DIR/tasks.json:1:9: task 0: id: want a string, got a number"),
		Entry("an id that names no file", list(task("a/b", "x")), "", `task 0: id "a/b": want letters, digits, - and _`),
		Entry("a repeated id", list(task("1", "x"), task("1", "y")), "", `task 1: id "1" is used by an earlier task`),
		Entry("a repeated key", `[{"id": "1", "id": "2"}]`, "", `DIR/tasks.json:1:14: invalid JSON: key "id" is given twice in this object`),
		Entry("no user scenario", list(strings.Replace(task("1", "x"), `"user_scenario"`, `"user"`, 1)), "", "task 0 (id 1): missing user_scenario"),
		Entry("no reason for the call", list(strings.Replace(task("1", "x"), `"reason_for_call": "x",`, "", 1)), "", "task 0 (id 1): user_scenario: instructions: missing reason_for_call"),
		Entry("instructions of the wrong type", list(strings.Replace(task("1", "x"), `"instructions": {`, `"instructions": 7, "old": {`, 1)), "", "task 0 (id 1): user_scenario: instructions: want an object or a string, got a number"),
		Entry("no evaluation criteria", list(strings.Replace(task("1", "x"), `"evaluation_criteria"`, `"criteria"`, 1)), "", "task 0 (id 1): missing evaluation_criteria"),
		Entry("actions that are no list", list(strings.Replace(task("1", "x"), `"actions": []`, `"actions": {}`, 1)), "", "task 0 (id 1): evaluation_criteria: actions: want a list, got an object"),
		Entry("an action without a name", list(task("1", "x", `{"action_id": "1_0", "arguments": {}}`)), "", "task 0 (id 1): evaluation_criteria: actions[0]: missing name"),
		Entry("arguments that are no object", list(task("1", "x", `{"name": "get_order_details", "arguments": []}`)), "", "task 0 (id 1): evaluation_criteria: actions[0]: arguments: want an object, got a list"),
		Entry("a changed initial state", list(strings.Replace(task("1", "x"), `"initial_state": null`, `"initial_state": {"initialization_data": {}}`, 1)), "", "task 0 (id 1): initial_state is not supported"),
		Entry("an unknown tool", list(task("1", "x", act("1_0", "refund_everything", `{}`))), "", `DIR/tasks.json:4:38: task 1: action 1_0: unknown retail tool "refund_everything"`),
		Entry("a database that is not JSON", list(task("1", "x")), `{"orders": {"#W1": }}`, "DIR/db.json:1:20: invalid JSON"),
		Entry("a database of another domain", list(task("1", "x")), `{"flights": {}}`, `DIR/db.json: the database has a collection "flights", which the retail pack does not own`),
	)

	It("says when a file is missing, and writes nothing", func() {
		dir := GinkgoT().TempDir()
		_, err := tau2.Import(tau2.Options{Domain: "retail", DB: shop(), Tasks: filepath.Join(dir, "nope.json"), Out: filepath.Join(dir, "out")})
		Expect(err).To(MatchError(ContainSubstring("nope.json: the task file does not exist")))
		_, err = tau2.Import(tau2.Options{Domain: "airline", DB: shop(), Tasks: shop(), Out: filepath.Join(dir, "out")})
		Expect(err).To(MatchError(ContainSubstring(`unknown tau2 domain "airline" (known: [retail])`)))
		Expect(filepath.Join(dir, "out")).NotTo(BeADirectory())
	})
})
