package scenarios_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/world"
)

// minimal is a valid one-step scenario the error cases below break.
const minimal = `id: tiny
tools: [commerce]
task: cancel A1
world:
  customers:
    C1: {name: Ann}
  orders:
    A1: {customer_id: C1, status: placed, payment_id: P1, total: 10, items: []}
steps:
  - id: cancel_order
    action: {tool: cancel_order, args: {order_id: A1}}
    done: orders["A1"].status == "cancelled"
    touches: [orders/A1]
variants:
  - name: clean
`

func load(src string) (*scenarios.Scenario, scenarios.Errors) {
	s, err := scenarios.Load("tiny.yaml", []byte(src))
	if err == nil {
		return s, nil
	}
	var errs scenarios.Errors
	Expect(errors.As(err, &errs)).To(BeTrue(), "error is scenarios.Errors: %v", err)
	return nil, errs
}

var _ = Describe("the bundled library", func() {
	It("loads, and every gold plan performs every step", func() {
		list, err := library.Load()
		Expect(err).NotTo(HaveOccurred())
		ids := []string{}
		for _, s := range list {
			ids = append(ids, s.ID)
			Expect(s.Variants[0].Clean()).To(BeTrue(), s.ID)
			for _, st := range s.Steps {
				Expect(scenarios.Holds(st.DoneProgram, s.After)).To(BeTrue(), s.ID+"/"+st.ID)
				Expect(scenarios.Holds(st.DoneProgram, s.Before)).To(BeFalse(), s.ID+"/"+st.ID)
			}
		}
		Expect(ids).To(ContainElements("order-cancellation", "refund-and-replacement"))
		Expect(len(ids)).To(BeNumerically(">=", 4))
	})

	It("has the seed's steps, in order, and an all-or-nothing scenario", func() {
		list, err := library.Load()
		Expect(err).NotTo(HaveOccurred())
		steps := map[string][]string{}
		policies := map[string]bool{}
		for _, s := range list {
			for _, st := range s.Steps {
				steps[s.ID] = append(steps[s.ID], st.ID)
			}
			policies[s.Policy] = true
		}
		Expect(steps["order-cancellation"]).To(Equal([]string{"cancel_order", "restock", "refund", "notify"}))
		Expect(steps["refund-and-replacement"]).To(Equal([]string{"refund", "replacement"}))
		Expect(policies).To(HaveKey(scenarios.AllOrNothing))
	})

	It("gives order-cancellation the seed's fault variants", func() {
		list, _ := library.Load()
		var kinds []string
		for _, s := range list {
			if s.ID != "order-cancellation" {
				continue
			}
			for _, v := range s.Variants {
				for _, f := range v.Faults {
					kinds = append(kinds, f.Kind+"@"+f.Step)
				}
			}
		}
		Expect(kinds).To(ContainElements("swallowed_rate_limit@refund", "soft_error@refund",
			"ack_without_apply@refund", "partial_apply@restock"))
	})
})

var _ = Describe("loading a scenario", func() {
	It("accepts the minimal scenario and computes before and after", func() {
		s, errs := load(minimal)
		Expect(errs).To(BeEmpty())
		Expect(s.Policy).To(Equal(scenarios.BestEffort))
		Expect(s.Before.Collections["orders"]["A1"].(world.Record)["status"]).To(Equal("placed"))
		Expect(s.After.Collections["orders"]["A1"].(world.Record)["status"]).To(Equal("cancelled"))
		Expect(s.Before.Collections).To(HaveKey("refunds"), "the pack's collections exist even when empty")
		Expect(s.Touched).To(Equal([]world.Ref{{Collection: "orders", ID: "A1"}}))
	})

	DescribeTable("reports a bad file at its line and column",
		func(from, to, want string) {
			Expect(strings.Contains(minimal, from)).To(BeTrue(), "the case edits the fixture")
			_, errs := load(strings.Replace(minimal, from, to, 1))
			Expect(errs).NotTo(BeEmpty())
			Expect(errs.Error()).To(ContainSubstring(want))
		},
		Entry("unknown top-level field", "task: cancel A1", "task: cancel A1\nowner: me", `tiny.yaml:4:1: unknown field "owner"`),
		Entry("unknown step field", "    touches: [orders/A1]", "    touches: [orders/A1]\n    tool: x", `tiny.yaml:14:5: steps[0]: unknown field "tool"`),
		Entry("type error", "tools: [commerce]", "tools: commerce", `tiny.yaml:2:8: tools: want a list, got the string "commerce"`),
		Entry("number where a string list is wanted", "touches: [orders/A1]", "touches: 5", "tiny.yaml:13:14: steps[0].touches: want a list"),
		Entry("bad YAML", "steps:", "steps: [", "tiny.yaml:"),
		Entry("unknown pack", "tools: [commerce]", "tools: [shop]", `tiny.yaml:2:9: unknown tool pack "shop"`),
		Entry("unknown tool", "{tool: cancel_order, args", "{tool: cancel, args", `tiny.yaml:11:20: unknown tool "cancel"`),
		Entry("bad gold arguments", "{order_id: A1}", "{order: A1}", "tiny.yaml:11:40: cancel_order: arguments: missing required \"order_id\""),
		Entry("read tool as gold action", "{tool: cancel_order, args", "{tool: get_order, args", `tool "get_order": want a write tool here`),
		Entry("expression that does not compile", `done: orders["A1"].status == "cancelled"`, `done: orders["A1"].status ==`, "tiny.yaml:12:11: expression"),
		Entry("expression naming an unknown collection", `done: orders["A1"]`, `done: ordres["A1"]`, "unknown name ordres"),
		Entry("missing done", `    done: orders["A1"].status == "cancelled"`+"\n", "", `step "cancel_order": missing done`),
		Entry("bad resource", "touches: [orders/A1]", "touches: [orders/]", `tiny.yaml:13:15: resource "orders/"`),
		Entry("unknown collection in touches", "touches: [orders/A1]", "touches: [ordres/A1]", `unknown collection "ordres"`),
		Entry("bad policy", "tools: [commerce]", "tools: [commerce]\npolicy: sometimes", `tiny.yaml:3:9: policy "sometimes"`),
		Entry("a step's own phrase malformed", "touches: [orders/A1]", "touches: [orders/A1]\n    says: {done: [\"called ~12 off\"]}",
			`tiny.yaml:14:19: step "cancel_order": pattern "called ~12 off", column 8: gap "~12": want ~ and a number from 1 to 9`),
		Entry("a step's own cue of an unknown kind", "touches: [orders/A1]", "touches: [orders/A1]\n    says: {cues: {stalled: [held up]}}",
			`tiny.yaml:14:28: step "cancel_order": unknown cue kind "stalled"`),
		Entry("no fault-free variant", "  - name: clean", "  - name: broken\n    faults: [{kind: hard_error, tool: cancel_order}]", "no fault-free variant"),
		Entry("unknown fault kind", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: meteor, tool: cancel_order}]", `unknown fault kind "meteor"`),
		Entry("fault aimed twice", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, step: cancel_order}]", "exactly one of tool or step"),
		Entry("fault at an unknown step", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, step: refund}]", `unknown step "refund"`),
		Entry("bad call number", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, when: {calls: [0]}}]", "call numbers start at 1"),
		Entry("match naming no argument of the tool", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, match: 'amount > 5'}]",
			`tiny.yaml:17:60: match: expression "amount > 5": cancel_order has no argument amount (its arguments: order_id, reason)`),
		Entry("match that is not a condition", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, match: 'order_id'}]",
			`tiny.yaml:17:60: match: expression "order_id": expected bool, but got string`),
		Entry("two ways of timing", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, when: {calls: [1], probability: 0.5}}]",
			"tiny.yaml:17:59: when: give one of calls, after_calls, sequence or probability"),
		Entry("probability out of range", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, when: {probability: 2}}]",
			"probability: want a number from 0 to 1, got 2"),
		Entry("bad sequence word", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, when: {sequence: [fail, maybe]}}]",
			`sequence[1]: want fail or ok, got "maybe"`),
		Entry("probability as a string", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: hard_error, tool: cancel_order, when: {probability: high}}]",
			`when.probability: want a number, got the string "high"`),
		Entry("bad delay", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: latency, tool: cancel_order, delay: soon}]",
			`tiny.yaml:17:57: delay: "soon" is not a duration`),
		Entry("unknown state", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: latency, tool: cancel_order, state: lost}]",
			`tiny.yaml:17:57: state: unknown state "lost"`),
		Entry("require_fired not a bool", "  - name: clean", "  - name: clean\n  - name: f\n    faults: [{kind: latency, tool: cancel_order, require_fired: yes please}]",
			"require_fired: want true or false"),
		Entry("duration of an unknown tool", "tools: [commerce]", "tools: [commerce]\ndurations: {refund: 3s}", `tiny.yaml:3:21: durations: unknown tool "refund"`),
		Entry("duration that is not one", "tools: [commerce]", "tools: [commerce]\ndurations: {cancel_order: slow}", `durations: "slow" for cancel_order: want a positive duration`),
		Entry("bad sla", "touches: [orders/A1]", "touches: [orders/A1]\n    sla: soon", `tiny.yaml:14:10: sla "soon" is not a duration`),
		Entry("negative sla", "touches: [orders/A1]", "touches: [orders/A1]\n    sla: -5s", "sla must be positive"),
		Entry("duplicate variant", "  - name: clean", "  - name: clean\n  - name: clean", `variant name "clean" is used twice`),
		Entry("gold action that fails", "status: placed", "status: delivered", "gold action cancel_order fails on a fault-free world"),
		Entry("step already done before", "status: placed", "status: cancelled", "gold action cancel_order fails"),
		Entry("world collection no pack owns", "world:", "world:\n  planets: {}", `unknown collection "planets"`),
		Entry("empty file", minimal, "", "empty file"),
	)

	It("reports every problem of a file, not just the first", func() {
		bad := strings.Replace(minimal, "task: cancel A1", "task: cancel A1\nowner: me\ncolour: red", 1)
		_, errs := load(bad)
		Expect(errs).To(HaveLen(2))
	})
})

var _ = Describe("loading paths", func() {
	It("loads a folder and rejects duplicate ids across files", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(minimal), 0o644)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("ignored"), 0o644)).To(Succeed())
		list, err := scenarios.LoadPaths([]string{dir})
		Expect(err).NotTo(HaveOccurred())
		Expect(list).To(HaveLen(1))
		Expect(os.WriteFile(filepath.Join(dir, "b.yml"), []byte(minimal), 0o644)).To(Succeed())
		_, err = scenarios.LoadPaths([]string{dir})
		Expect(err).To(MatchError(ContainSubstring(`scenario id "tiny" is also used by`)))
	})

	It("names a missing path", func() {
		_, err := scenarios.LoadPaths([]string{"no/such/file.yaml"})
		Expect(err).To(MatchError("no/such/file.yaml: no such file or directory"))
	})

	It("loads the invalid fixture with positions", func() {
		_, err := scenarios.LoadPaths([]string{"../fixtures/scenarios/invalid/unknown-field.yaml"})
		Expect(err).To(MatchError(ContainSubstring(`../fixtures/scenarios/invalid/unknown-field.yaml:14:5: steps[0]: unknown field "tool"`)))
	})
})

var _ = Describe("world values against declared fields", func() {
	It("takes whole numbers for number and integer fields, and rejects a fraction for an integer", func() {
		dir := GinkgoT().TempDir()
		pack := "name: p\ncollections:\n  boxes:\n    fields: {count: {type: integer}, weight: {type: number}}\n" +
			"tools:\n  - name: get_box\n    description: d\n    parameters: {type: object, properties: {id: {type: string}}}\n    reply: 'boxes[id]'\n" +
			"  - name: fill\n    description: d\n    write: true\n    parameters: {type: object, properties: {id: {type: string}}}\n" +
			"    effects:\n      - {add: 'boxes[id].count', value: 1}\n"
		Expect(os.WriteFile(filepath.Join(dir, "tools.yaml"), []byte(pack), 0o644)).To(Succeed())
		scenario := func(world string) string {
			return "id: s\ntools: [tools.yaml]\ntask: t\nworld:\n  boxes:\n    B: " + world + "\nsteps:\n" +
				"  - id: fill\n    action: {tool: fill, args: {id: B}}\n    done: boxes[\"B\"].count == 4\n    touches: [boxes/B]\n" +
				"variants:\n  - name: clean\n"
		}
		path := filepath.Join(dir, "s.yaml")
		Expect(os.WriteFile(path, []byte(scenario("{count: 3, weight: 2}")), 0o644)).To(Succeed())
		_, err := scenarios.LoadPaths([]string{path})
		Expect(err).NotTo(HaveOccurred())
		Expect(os.WriteFile(path, []byte(scenario("{count: 3.5, weight: 2}")), 0o644)).To(Succeed())
		_, err = scenarios.LoadPaths([]string{path})
		Expect(err).To(MatchError(ContainSubstring("boxes.count is declared integer, got 3.5")))
	})
})
