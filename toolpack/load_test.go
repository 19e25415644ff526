package toolpack_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/mocktools"
	"github.com/evalrun/evalrun/toolpack"
)

const fixtures = "../fixtures/authoring"

func load(name string) (*toolpack.Pack, error) {
	path := filepath.Join(fixtures, name)
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	return toolpack.Load(name, b)
}

var _ = Describe("loading a tool pack", func() {
	It("reads the valid starter pack", func() {
		p, err := load("tools.yaml")
		Expect(err).NotTo(HaveOccurred())
		Expect(p.Name).To(Equal("tickets"))
		Expect(p.Collections).To(Equal([]string{"emails", "tickets"}))
		Expect(p.Fields["tickets"]).To(HaveKeyWithValue("status", "string"))
		var names []string
		for _, t := range p.Tools {
			names = append(names, t.Definition().Name)
		}
		Expect(names).To(Equal([]string{"get_ticket", "escalate_ticket", "deescalate_ticket", "email_requester", "list_emails"}))
	})

	// Each broken fixture is the starter pack with one mistake.
	DescribeTable("reports each mistake at its line and column",
		func(file, want string) {
			_, err := load(file)
			Expect(err).To(MatchError(ContainSubstring(file + ":" + want)))
		},
		Entry(nil, "unknown-collection.tools.yaml", `82:17: unknown collection "mails" (declared: emails, tickets)`),
		Entry(nil, "unknown-field.tools.yaml", `48:14: tickets has no field "asignee" (fields: assignee, requester, status, title)`),
		Entry(nil, "add-to-text.tools.yaml", `48:14: add: tickets.assignee is a string, not a number`),
		Entry(nil, "typo-in-expression.tools.yaml", `45:16: expression "tickets[tiket_id].status == \"open\"": unknown name tiket_id`),
		Entry(nil, "missing-error.tools.yaml", `45:9: missing error: the message the agent gets when the check fails`),
		Entry(nil, "read-with-effects.tools.yaml", `33:5: tool "escalate_ticket" has effects: mark it write: true`),
		Entry(nil, "bad-target.tools.yaml", `50:14: set "tickets.status": want collection[id].field`),
		Entry(nil, "shadowing-parameter.tools.yaml", `75:9: parameter "emails" has the name of a collection or a built-in`),
		Entry(nil, "duplicate-tool.tools.yaml", `54:11: tool "escalate_ticket" is declared twice`),
		Entry(nil, "unclosed-hole.tools.yaml", `30:16: message "ticket {ticket_id not found": a { without its }`),
		Entry(nil, "unknown-field-type.tools.yaml", `11:21: field "title": type "text": want one of string, number`),
		Entry(nil, "tab.tools.yaml", `11:1: invalid YAML: a tab in the indentation`),
		Entry(nil, "bad-says.tools.yaml", `55:14: pattern "the hand ~12 over", column 10: gap "~12": want ~ and a number from 1 to 9`),
		Entry(nil, "bad-cue-kind.tools.yaml", `56:55: unknown cue kind "stalled" (want one of block, done, failed, neutral, overall_failure, overall_success, pending, ready)`),
		Entry(nil, "bad-ready-cue.tools.yaml", `56:65: ready cue "all good": want one lower-case word`),
		Entry(nil, "bad-near.tools.yaml", `57:38: want one lower-case word with a positive weight, got "second line": 1`),
		Entry(nil, "unquoted-colon.tools.yaml", `31:50: invalid YAML: mapping values are not allowed in this context: a value that holds ": "`),
	)

	It("gives a tool's phrases to the claim extractor", func() {
		p, err := toolpack.Load("p.yaml", []byte(`name: p
collections: {a: {fields: {x: {type: string}}}}
tools:
  - name: t
    description: d
    says:
      done: ["handed ~3 over"]
      name: [the handover]
      failed: ["taken back"]
      neutral: ["won't page"]
      noun: ["rota|rotas"]
      parts: ["the|its slot"]
      near: {night: 2, weekend: 1}
      standing: true
      not_after: [old]
      not_before: [cancelled]
  - name: u
    description: e
`))
		Expect(err).NotTo(HaveOccurred())
		ph, ok := p.Tools[0].(mocktools.Phraser)
		Expect(ok).To(BeTrue())
		Expect(ph.Phrases()).To(Equal(claims.Phrases{
			Done: []string{"handed ~3 over"}, Name: []string{"the handover"}, Failed: []string{"taken back"},
			Neutral: []string{"won't page"}, Noun: []string{"rota|rotas"}, Parts: []string{"the|its slot"},
			Near: map[string]int{"night": 2, "weekend": 1}, Standing: true,
			NotAfter: []string{"old"}, NotBefore: []string{"cancelled"},
		}))
		Expect(p.Tools[1].(mocktools.Phraser).Phrases()).To(BeZero())
	})

	It("reports one mistake once: a created id bound by a broken effect is not unknown later", func() {
		_, err := load("unknown-collection.tools.yaml")
		Expect(err).To(HaveLen(1))
	})

	DescribeTable("rejects packs that are not whole",
		func(src, want string) {
			_, err := toolpack.Load("p.yaml", []byte(src))
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("empty", "", "p.yaml:1:1: empty file"),
		Entry("no name", "collections: {a: {fields: {x: {type: string}}}}\ntools: [{name: t, description: d}]", "missing name"),
		Entry("no collections", "name: p\ntools: [{name: t, description: d}]", "missing collections"),
		Entry("a collection without fields", "name: p\ncollections: {a: {}}\ntools: [{name: t, description: d}]", `collection "a": missing fields`),
		Entry("no tools", "name: p\ncollections: {a: {fields: {x: {}}}}", "missing tools"),
		Entry("an unknown key", "name: p\ncolections: {}", `unknown field "colections"`),
		Entry("a write without effects", "name: p\ncollections: {a: {fields: {x: {}}}}\ntools: [{name: t, description: d, write: true}]", "is a write with no effects"),
		Entry("two operations in one effect", "name: p\ncollections: {a: {fields: {x: {}}}}\ntools: [{name: t, description: d, write: true, effects: [{set: 'a[\"1\"].x', add: 'a[\"1\"].x', value: 1}]}]", "both set and add"),
		Entry("as on a set", "name: p\ncollections: {a: {fields: {x: {}}}}\ntools: [{name: t, description: d, write: true, effects: [{set: 'a[\"1\"].x', value: 1, as: y}]}]", "only create takes it"),
		Entry("parameters that are not an object", "name: p\ncollections: {a: {fields: {x: {}}}}\ntools: [{name: t, description: d, parameters: {type: string}}]", "want a JSON Schema with type: object"),
		Entry("a required parameter that is not declared", "name: p\ncollections: {a: {fields: {x: {}}}}\ntools: [{name: t, description: d, parameters: {type: object, properties: {}, required: [q]}}]", "required parameter q is not among the properties"),
	)
})
