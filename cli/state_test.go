package cli

import (
	"encoding/json"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// stateDir writes a scenario over a world file: a pack, db.json, and
// s.yaml, which cancels order #W1.
func stateDir() string {
	dir := GinkgoT().TempDir()
	files := map[string]string{
		"tools.yaml": `name: shop
collections:
  orders:
    fields: {status: {type: string}, total: {type: number}}
tools:
  - name: cancel_order
    description: Cancel a pending order.
    write: true
    parameters: {type: object, properties: {order_id: {type: string}}, required: [order_id]}
    requires:
      - {check: 'orders[order_id].status == "pending"', error: "order {order_id} is not pending"}
    effects:
      - {set: 'orders[order_id].status', value: '"cancelled"'}
`,
		"db.json": `{"orders": {"#W2": {"total": 10.5, "status": "delivered"}, "#W1": {"status": "pending", "total": 3}}}`,
		"s.yaml": `id: cancel-w1
tools: [tools.yaml]
task: Cancel #W1.
world_file: db.json
world:
  orders:
    "#W3": {status: pending, total: 1}
steps:
  - id: cancel_order
    action: {tool: cancel_order, args: {order_id: "#W1"}}
    done: orders["#W1"].status == "cancelled"
    touches: [orders/#W1/status]
variants:
  - name: clean
`,
	}
	for name, text := range files {
		Expect(os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)).To(Succeed())
	}
	return dir
}

var _ = Describe("evalrun state", func() {
	It("prints the world file's records, in sorted order, before and after the gold actions", func() {
		dir := stateDir()
		code, before, stderr := evalrun("state", filepath.Join(dir, "s.yaml"))
		Expect(code).To(Equal(exitPass), stderr)
		Expect(before).To(Equal(`{
  "orders": {
    "#W1": {
      "status": "pending",
      "total": 3
    },
    "#W2": {
      "status": "delivered",
      "total": 10.5
    },
    "#W3": {
      "status": "pending",
      "total": 1
    }
  }
}
`))
		code, after, _ := evalrun("state", "--gold", filepath.Join(dir, "s.yaml"))
		Expect(code).To(Equal(exitPass))
		var doc map[string]map[string]map[string]any
		Expect(json.Unmarshal([]byte(after), &doc)).To(Succeed())
		Expect(doc["orders"]["#W1"]["status"]).To(Equal("cancelled"))
		Expect(doc["orders"]["#W2"]["status"]).To(Equal("delivered"))
		_, again, _ := evalrun("state", filepath.Join(dir, "s.yaml"), "--gold")
		Expect(again).To(Equal(after), "the same scenario gives the same bytes")
	})

	DescribeTable("prints a library scenario's world, by id",
		func(args []string, wantStatus string) {
			code, stdout, stderr := evalrun(append([]string{"state"}, args...)...)
			Expect(code).To(Equal(exitPass), stderr)
			var doc map[string]map[string]map[string]any
			Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
			Expect(doc["orders"]["A1001"]["status"]).To(Equal(wantStatus))
			Expect(doc).To(HaveKey("refunds"), "every collection the packs own, empty ones too")
		},
		Entry("before", []string{"order-cancellation"}, "placed"),
		Entry("after the gold actions", []string{"order-cancellation", "--gold"}, "cancelled"),
	)

	DescribeTable("exits 2 on bad usage or an invalid scenario",
		func(args func() []string, want string) {
			code, stdout, stderr := evalrun(append([]string{"state"}, args()...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stdout).To(BeEmpty())
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("no scenario", func() []string { return nil }, "give one scenario: a library id or a file"),
		Entry("two scenarios", func() []string { return []string{"transfer", "order-cancellation"} }, "give one scenario"),
		Entry("an unknown id", func() []string { return []string{"no-such-scenario"} }, `no-such-scenario is neither a file nor a library scenario`),
		Entry("a folder of several", func() []string { return []string{"../scenarios/library/commerce"} }, "holds 4 scenarios: name one"),
		Entry("an unknown flag", func() []string { return []string{"--after", "transfer"} }, "flag provided but not defined: -after"),
		Entry("an invalid scenario, at its line and column", func() []string {
			dir := stateDir()
			Expect(os.WriteFile(filepath.Join(dir, "db.json"), []byte(`{"orders": {"#W1": }}`), 0o644)).To(Succeed())
			return []string{filepath.Join(dir, "s.yaml"), "--gold"}
		}, `db.json:1:20: invalid JSON`),
	)

	It("says what it does, with examples, on -h", func() {
		code, _, stderr := evalrun("state", "-h")
		Expect(code).To(Equal(exitPass))
		Expect(stderr).To(ContainSubstring("Usage: evalrun state SCENARIO [--gold]"))
		Expect(stderr).To(ContainSubstring("evalrun state order-cancellation --gold"))
	})
})
