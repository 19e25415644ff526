package tau2_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/importer/tau2"
	"github.com/evalrun/evalrun/internal/jsondiff"
	"github.com/evalrun/evalrun/internal/tau2data"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// change is one field-level difference, in the format of
// fixtures/tau2/expected-changes.json (written by fixtures/tau2/oracle.py,
// an independent replay of tau2's retail tools).
type change struct {
	Collection string `json:"collection"`
	ID         string `json:"id"`
	Path       string `json:"path"`
	Before     any    `json:"before"`
	After      any    `json:"after"`
}

// expectedChanges reads the oracle's changes by task id.
func expectedChanges() map[string][]change {
	root, err := tau2data.Root()
	Expect(err).NotTo(HaveOccurred())
	raw, err := os.ReadFile(filepath.Join(root, "fixtures", "tau2", "expected-changes.json"))
	Expect(err).NotTo(HaveOccurred())
	var doc struct {
		Tasks map[string]struct {
			Changes []change `json:"changes"`
		} `json:"tasks"`
	}
	Expect(json.Unmarshal(raw, &doc)).To(Succeed())
	out := map[string][]change{}
	for id, t := range doc.Tasks {
		out[id] = t.Changes
		if out[id] == nil {
			out[id] = []change{}
		}
	}
	return out
}

// changes lists every leaf that differs from before to after, with the
// oracle's paths: "a.b" into objects, "a[2]" into lists, absent as null.
func changes(before, after world.State) []change {
	out := []change{}
	for _, c := range world.Diff(before, after) {
		jsondiff.Leaves(c.Before, c.After, c.Field, func(path string, b, a any) {
			out = append(out, change{c.Collection, c.ID, path, b, a})
		})
	}
	return out
}

var _ = Describe("importing tau2-bench retail's train split", Ordered, func() {
	var (
		data    train
		rep     *tau2.Report
		list    []*scenarios.Scenario
		byTask  map[string]*scenarios.Scenario
		missing string
	)
	BeforeAll(func() {
		var err error
		data, missing, err = trainData()
		Expect(err).NotTo(HaveOccurred())
		if missing != "" {
			Skip(missing)
		}
		_, rep, list = importTrain(data)
		byTask = map[string]*scenarios.Scenario{}
		for _, s := range list {
			byTask[strings.TrimPrefix(s.ID, "tau2-retail-")] = s
		}
	})

	It("imports all 74 tasks, every one a scenario that validates", func() {
		Expect(rep.Tasks).To(HaveLen(74))
		tot := rep.Totals()
		Expect(tot.Imported).To(Equal(74))
		Expect(tot.Skipped).To(BeZero())
		Expect(list).To(HaveLen(74))
		validates(list)
		for _, s := range list {
			Expect(s.ExactWorld).To(BeTrue(), s.ID)
			Expect(s.SystemPrompt).To(HavePrefix("# Retail agent policy"), s.ID)
			Expect(s.UserReplies).To(HaveLen(len(s.Steps)), "%s: one confirmation per write", s.ID)
		}
	})

	It("replays each task's gold writes to exactly the database tau2's replay gives", func() {
		want := expectedChanges()
		Expect(want).To(HaveLen(len(list)))
		for id, s := range byTask {
			w, ok := want[id]
			Expect(ok).To(BeTrue(), "no expected changes for task %s", id)
			Expect(changes(s.Before, s.After)).To(Equal(w), "task %s", id)
		}
	})

	It("drops the gold writes that fail or leave nothing behind, saying why", func() {
		var got []string
		for _, t := range rep.Tasks {
			for _, d := range t.Dropped {
				got = append(got, t.Task+" "+d.Action+" "+d.Tool+": "+d.Reason)
			}
		}
		Expect(got).To(Equal([]string{
			"22 22_1 modify_user_address: superseded: 22_6 changes users/ethan_garcia_1261/address again and it ends as it began",
			"22 22_6 modify_user_address: superseded: it puts users/ethan_garcia_1261/address back as it was before 22_1 changed it, so the task ends with it unchanged",
			"105 106_0 exchange_delivered_order_items: fails when replayed (gift card gift_card_7245904 has 17, less than the 21.1 the new items cost more); tau2's replay ignores the error, so it changes nothing",
			"110 111_1 modify_user_address: changes nothing: the database already holds what it writes",
		}))
		Expect(byTask["105"].Steps).To(BeEmpty(), "its one write fails: nothing may change")
		Expect(byTask["22"].Steps).To(HaveLen(1))
	})

	It("runs every reference agent on every imported task: clean variants pass, named ones get what they expect", func() {
		for _, agentName := range []string{"naive", "checked", "verifying", "saga"} {
			suite, err := runner.Run(context.Background(), list, runner.Config{Agent: agentName, Trials: 1, Seed: 1, Jobs: 2})
			Expect(err).NotTo(HaveOccurred())
			Expect(suite.Trials).To(HaveLen(167))
			for _, t := range suite.Trials {
				Expect(t.Verdict).NotTo(Equal("error"), "%s %s/%s: %s", agentName, t.Scenario, t.Variant, t.Error)
				v := variantOf(byTask[strings.TrimPrefix(t.Scenario, "tau2-retail-")], t.Variant)
				if want, ok := v.Expect[agentName]; ok {
					Expect(t.Verdict).To(Equal(want), "%s %s/%s: %s", agentName, t.Scenario, t.Variant, t.FinalMessage)
				}
				if v.Clean() {
					Expect(t.Passed).To(BeTrue(), "%s %s: %s", agentName, t.Scenario, t.FinalMessage)
				}
			}
		}
	})

	It("sweeps multi-write tasks with every reference agent without a harness error", func() {
		kinds, err := scenarios.SweepKinds(nil)
		Expect(err).NotTo(HaveOccurred())
		var swept []*scenarios.Scenario
		for _, id := range []string{"16", "41", "54", "112"} {
			s, err := scenarios.Sweep(byTask[id], kinds)
			Expect(err).NotTo(HaveOccurred())
			swept = append(swept, s)
		}
		for _, agentName := range []string{"naive", "checked", "verifying", "saga"} {
			suite, err := runner.Run(context.Background(), swept, runner.Config{Agent: agentName, Trials: 1, Seed: 1, Jobs: 2})
			Expect(err).NotTo(HaveOccurred())
			Expect(suite.Sweep).NotTo(BeNil())
			Expect(suite.Trials).NotTo(BeEmpty())
			for _, t := range suite.Trials {
				Expect(t.Verdict).NotTo(Equal("error"), "%s %s/%s: %s", agentName, t.Scenario, t.Variant, t.Error)
			}
			if agentName == "verifying" || agentName == "saga" {
				for _, t := range suite.Trials {
					Expect(t.Verdict).NotTo(Equal("false_success"), "%s %s/%s: %s", agentName, t.Scenario, t.Variant, t.FinalMessage)
				}
			}
		}
	})
})
