package claims_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

// scenarioSteps is the step list of every scenario of the bundled library,
// read from the library itself so that a fixture follows its scenario.
var scenarioSteps = sync.OnceValues(func() (map[string][]string, error) {
	lib, err := library.Load()
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, s := range lib {
		for _, st := range s.Steps {
			out[s.ID] = append(out[s.ID], st.ID)
		}
	}
	return out, nil
})

// stepsOfScenario is scenarioSteps for a scenario LoadCases has checked.
func stepsOfScenario(id string) []string {
	all, _ := scenarioSteps()
	return all[id]
}

// Case is one labeled reply of fixtures/claims (format in its README.md).
type Case struct {
	ID       string   `yaml:"id"`
	Scenario string   `yaml:"scenario"`
	Batch    string   `yaml:"batch"`
	Tags     []string `yaml:"tags"`
	Message  string   `yaml:"message"`
	Expect   struct {
		Overall claims.Overall          `yaml:"overall"`
		Steps   map[string]claims.Claim `yaml:"steps"`
	} `yaml:"expect"`
	File string `yaml:"-"`
}

// Terms are the extractor's steps by scenario, as the runner builds them
// (scoring.ClaimSteps: terms and the packs' phrases); nil means bare step ids.
type Terms map[string][]claims.Step

// Steps returns the extractor input for the case's scenario: with terms,
// as the runner builds it; with nil, its step IDs with their tools'
// phrases and no terms.
func (c Case) Steps(terms Terms) []claims.Step {
	if terms != nil {
		return terms[c.Scenario]
	}
	return Commerce(stepsOfScenario(c.Scenario)...)
}

var (
	commerceOnce  sync.Once
	commerceSteps map[string]claims.Step
)

// Commerce returns the commerce steps called ids with the phrases their
// tools declare, and no terms: the vocabulary the commerce pack brings, as
// any pack's steps get theirs. An ID the commerce scenarios lack is a bare
// step.
func Commerce(ids ...string) []claims.Step {
	commerceOnce.Do(func() {
		commerceSteps = map[string]claims.Step{}
		lib, err := library.Load()
		if err != nil {
			panic(err)
		}
		for _, s := range lib {
			if s.Domain != "commerce" {
				continue
			}
			for _, st := range scoring.ClaimSteps(s) {
				if _, ok := commerceSteps[st.ID]; !ok {
					commerceSteps[st.ID] = claims.Step{ID: st.ID, Phrases: st.Phrases, Objects: st.Objects, Tool: st.Tool, Values: st.Values, Targets: st.Targets}
				}
			}
		}
	})
	out := make([]claims.Step, 0, len(ids))
	for _, id := range ids {
		st, ok := commerceSteps[id]
		if !ok {
			st = claims.Step{ID: id}
		}
		out = append(out, st)
	}
	return out
}

// BundledTerms returns the steps of every scenario of the bundled library
// exactly as the runner passes them to Extract.
func BundledTerms() (Terms, error) {
	lib, err := library.Load()
	if err != nil {
		return nil, err
	}
	out := Terms{}
	for _, s := range lib {
		out[s.ID] = scoring.ClaimSteps(s)
	}
	return out, nil
}

// LoadCases reads every *.yaml file in dir and checks that each case labels
// every step of its scenario with a known claim.
func LoadCases(dir string) ([]Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	lib, err := scenarioSteps()
	if err != nil {
		return nil, err
	}
	var all []Case
	seen := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if err := checkMessages(&doc); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		var cs []Case
		if err := doc.Decode(&cs); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, c := range cs {
			c.File = filepath.Base(f)
			if prev, dup := seen[c.ID]; dup {
				return nil, fmt.Errorf("%s: duplicate id %q (also in %s)", f, c.ID, prev)
			}
			seen[c.ID] = c.File
			steps, ok := lib[c.Scenario]
			if !ok {
				return nil, fmt.Errorf("%s: %s: unknown scenario %q", f, c.ID, c.Scenario)
			}
			if len(c.Expect.Steps) != len(steps) {
				return nil, fmt.Errorf("%s: %s: labels %d steps, scenario has %d", f, c.ID, len(c.Expect.Steps), len(steps))
			}
			for _, s := range steps {
				switch c.Expect.Steps[s] {
				case claims.Done, claims.Failed, claims.Pending, claims.Unmentioned:
				default:
					return nil, fmt.Errorf("%s: %s: step %q: bad or missing claim %q", f, c.ID, s, c.Expect.Steps[s])
				}
			}
			switch c.Expect.Overall {
			case claims.OverallSuccess, claims.OverallPartial, claims.OverallFailure, claims.OverallNone:
			default:
				return nil, fmt.Errorf("%s: %s: bad overall %q", f, c.ID, c.Expect.Overall)
			}
			all = append(all, c)
		}
	}
	return all, nil
}

// checkMessages refuses a plain-scalar message with a trailing comment: YAML reads
// "Order #2231 cancelled" as "Order" plus a comment, silently truncating the reply.
func checkMessages(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Value == "message" && v.Kind == yaml.ScalarNode && v.Style == 0 && v.LineComment != "" {
				return fmt.Errorf("line %d: message is cut at \" #\"; quote it or use a block scalar", v.Line)
			}
		}
	}
	for _, c := range n.Content {
		if err := checkMessages(c); err != nil {
			return err
		}
	}
	return nil
}

// Score counts how often the extractor agrees with the labels.
type Score struct {
	Cases                      int
	StepRight, StepTotal       int
	OverallRight, OverallTotal int
	Misses                     []string
}

// StepAccuracy is step claims right / step claims labeled.
func (s Score) StepAccuracy() float64 { return ratio(s.StepRight, s.StepTotal) }

// OverallAccuracy is overall statements right / cases.
func (s Score) OverallAccuracy() float64 { return ratio(s.OverallRight, s.OverallTotal) }

func (s Score) String() string {
	return fmt.Sprintf("%d replies: step claims %d/%d = %.3f, overall %d/%d = %.3f",
		s.Cases, s.StepRight, s.StepTotal, s.StepAccuracy(), s.OverallRight, s.OverallTotal, s.OverallAccuracy())
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Accuracy runs Extract on every case, with the given scenario terms, and
// scores it against the labels.
func Accuracy(cases []Case, terms Terms) Score {
	var s Score
	for _, c := range cases {
		s.Cases++
		got := claims.Extract(c.Message, c.Steps(terms))
		s.OverallTotal++
		if got.Overall == c.Expect.Overall {
			s.OverallRight++
		} else {
			s.Misses = append(s.Misses, fmt.Sprintf("%s overall: got %s, want %s", c.ID, got.Overall, c.Expect.Overall))
		}
		for _, id := range stepsOfScenario(c.Scenario) {
			s.StepTotal++
			if got.Steps[id] == c.Expect.Steps[id] {
				s.StepRight++
				continue
			}
			s.Misses = append(s.Misses, fmt.Sprintf("%s %s: got %s, want %s", c.ID, id, got.Steps[id], c.Expect.Steps[id]))
		}
	}
	return s
}

// Filter returns the cases keep accepts.
func Filter(cases []Case, keep func(Case) bool) []Case {
	var out []Case
	for _, c := range cases {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

func summary(s Score) string {
	var b strings.Builder
	b.WriteString(s.String())
	b.WriteByte('\n')
	for _, m := range s.Misses {
		b.WriteString("  miss: ")
		b.WriteString(m)
		b.WriteByte('\n')
	}
	return b.String()
}
