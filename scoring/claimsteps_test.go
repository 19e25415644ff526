package scoring_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scoring"
	"github.com/evalrun/evalrun/toolpack"
)

var _ = Describe("the steps the claim extractor gets", func() {
	It("carry each step's terms, its tool, the records its id arguments name, its identifiers and addresses (alone or in a list), the items of its one list, and the phrases of its action's tool", func() {
		p, err := toolpack.Load("p.yaml", []byte(`name: p
collections: {a: {fields: {x: {type: string}}}}
tools:
  - name: page
    description: d
    says: {done: ["night shift ~2 on it"], name: [the rota]}
  - name: restart
    description: e
`))
		Expect(err).NotTo(HaveOccurred())
		tb, err := mocktools.ToolboxOf(p.Pack)
		Expect(err).NotTo(HaveOccurred())
		s := &scenarios.Scenario{Toolbox: tb, Steps: []*scenarios.Step{
			{ID: "page_oncall", Action: scenarios.Action{Tool: "page", Args: map[string]any{"team_id": "T1", "note": "x", "email": "ops@kestrel.dev"}}, Terms: []string{"Priya"}},
			{ID: "restart_api", Action: scenarios.Action{Tool: "restart", Args: map[string]any{"services": []any{"payments-api", "api", 7.0, "payments-api"}}}},
			{ID: "restart_both", Action: scenarios.Action{Tool: "restart", Args: map[string]any{"services": []any{"payments-api", "payments-worker"}}}},
			{ID: "two_lists", Action: scenarios.Action{Tool: "restart", Args: map[string]any{"add": []any{"a-1", "a-2"}, "remove": []any{"b-1", "b-2"}}}},
		}}
		steps := scoring.ClaimSteps(s)
		Expect(steps).To(Equal([]claims.Step{
			{ID: "page_oncall", Terms: []string{"Priya"}, Phrases: claims.Phrases{Done: []string{"night shift ~2 on it"}, Name: []string{"the rota"}},
				Objects: []string{"team", "teams"}, Tool: "page", Values: []string{"ops@kestrel.dev"}, Targets: []string{"ops@kestrel.dev", "x", "T1"}},
			{ID: "restart_api", Tool: "restart", Values: []string{"payments-api"}},
			{ID: "restart_both", Tool: "restart", Values: []string{"payments-api", "payments-worker"}, Items: []string{"payments-api", "payments-worker"}},
			{ID: "two_lists", Tool: "restart", Values: []string{"a-1", "a-2", "b-1", "b-2"}},
		}))
		Expect(claims.Extract("The night shift is on it.", steps).Steps["page_oncall"]).To(Equal(claims.Done))

		s.Steps[0].Says = &claims.Phrases{Done: []string{"rota ~2 told"}, Cues: map[string][]string{"ready": {"staffed"}}}
		steps = scoring.ClaimSteps(s)
		Expect(steps[0].Phrases).To(Equal(claims.Phrases{Done: []string{"night shift ~2 on it", "rota ~2 told"}, Name: []string{"the rota"},
			Cues: map[string][]string{"ready": {"staffed"}}}), "the step's own words come after its tool's")
		Expect(claims.Extract("The rota was told.", steps).Steps["page_oncall"]).To(Equal(claims.Done))
	})
})
