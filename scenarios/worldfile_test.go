package scenarios_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing/fstest"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/world"
)

// shopPack is a pack whose records have declared fields: users, and
// orders with ids like tau2's ("#W1").
const shopPack = `name: shop
collections:
  users:
    fields: {name: {type: string}, orders: {type: array}}
  orders:
    fields: {user_id: {type: string}, status: {type: string}, address: {type: object}}
tools:
  - name: get_order
    description: Look up an order.
    parameters: {type: object, properties: {order_id: {type: string}}, required: [order_id]}
    requires:
      - {check: order_id in orders, error: "order {order_id} not found"}
    reply: 'orders[order_id]'
  - name: cancel_order
    description: Cancel a pending order.
    write: true
    parameters: {type: object, properties: {order_id: {type: string}}, required: [order_id]}
    requires:
      - {check: order_id in orders, error: "order {order_id} not found"}
      - {check: 'orders[order_id].status == "pending"', error: "order {order_id} is {orders[order_id].status}"}
    effects:
      - {set: 'orders[order_id].status', value: '"cancelled"'}
    reply: {order_id: order_id, status: '"cancelled"'}
  - name: change_address
    description: Send a pending order to another city.
    write: true
    parameters: {type: object, properties: {order_id: {type: string}, city: {type: string}}, required: [order_id, city]}
    requires:
      - {check: order_id in orders, error: "order {order_id} not found"}
    effects:
      - {set: 'orders[order_id].address', value: 'merge(orders[order_id].address, {"city": city})'}
    reply: {order_id: order_id, city: city}
  - name: rename_user
    description: Change a user's name.
    write: true
    parameters: {type: object, properties: {user_id: {type: string}, name: {type: string}}, required: [user_id, name]}
    requires:
      - {check: user_id in users, error: "user {user_id} not found"}
    effects:
      - {set: 'users[user_id].name', value: name}
    reply: {user_id: user_id, name: name}
`

// shopDB is a world file for shopPack, in tau2's db.json shape.
const shopDB = `{
  "users": {
    "ann": {"name": "Ann", "orders": ["#W1", "#W2"]}
  },
  "orders": {
    "#W1": {"user_id": "ann", "status": "pending", "address": {"city": "Leeds"}},
    "#W2": {"user_id": "ann", "status": "delivered", "address": {"city": "York"}}
  }
}
`

// filed is a scenario over shopDB; its step touches one field.
const filed = `id: filed
tools: [tools.yaml]
task: Cancel my order #W1.
world_file: db.json
steps:
  - id: cancel_order
    action: {tool: cancel_order, args: {order_id: "#W1"}}
    done: orders["#W1"].status == "cancelled"
    touches: [orders/#W1/status]
variants:
  - name: clean
`

// shopDir writes the pack, the world file and the named scenarios into a
// fresh folder.
func shopDir(db string, files map[string]string) string {
	dir := GinkgoT().TempDir()
	Expect(os.WriteFile(filepath.Join(dir, "tools.yaml"), []byte(shopPack), 0o644)).To(Succeed())
	if db != "" {
		Expect(os.WriteFile(filepath.Join(dir, "db.json"), []byte(db), 0o644)).To(Succeed())
	}
	for name, src := range files {
		Expect(os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)).To(Succeed())
	}
	return dir
}

func loadDir(dir string) ([]*scenarios.Scenario, scenarios.Errors) {
	list, err := scenarios.LoadPaths([]string{dir})
	if err == nil {
		return list, nil
	}
	var errs scenarios.Errors
	Expect(errors.As(err, &errs)).To(BeTrue(), "error is scenarios.Errors: %v", err)
	return list, errs
}

// sameMap reports whether two maps are one map, not merely equal.
func sameMap(a, b any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

var _ = Describe("world_file", func() {
	It("loads the file's records as the initial world and replays the gold actions on them", func() {
		list, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": filed}))
		Expect(errs).To(BeEmpty())
		s := list[0]
		Expect(s.Before.Collections["orders"]["#W1"]).To(Equal(world.Record{"user_id": "ann", "status": "pending", "address": map[string]any{"city": "Leeds"}}))
		Expect(s.After.Collections["orders"]["#W1"].(world.Record)["status"]).To(Equal("cancelled"))
		Expect(s.Before.Collections["orders"]["#W1"].(world.Record)["status"]).To(Equal("pending"))
		Expect(s.Touched).To(Equal([]world.Ref{{Collection: "orders", ID: "#W1", Field: "status"}}))
	})

	It("is parsed once per load: scenarios naming one file share its records, and After shares what the gold did not write", func() {
		second := strings.Replace(filed, "id: filed", "id: filed-too", 1)
		list, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": filed, "b.yaml": second}))
		Expect(errs).To(BeEmpty())
		Expect(list).To(HaveLen(2))
		a, b := list[0], list[1]
		Expect(sameMap(a.Before.Collections["orders"], b.Before.Collections["orders"])).To(BeTrue())
		Expect(sameMap(a.Before.Collections["users"]["ann"], b.Before.Collections["users"]["ann"])).To(BeTrue())
		Expect(sameMap(a.After.Collections["orders"]["#W2"], a.Before.Collections["orders"]["#W2"])).To(BeTrue())
		Expect(sameMap(a.After.Collections["orders"]["#W1"], a.Before.Collections["orders"]["#W1"])).To(BeFalse())
	})

	It("takes inline records and collections on top of the file's", func() {
		inline := strings.Replace(filed, "world_file: db.json", `world_file: db.json
world:
  orders:
    "#W3": {user_id: bob, status: pending}
  users:
    bob: {name: Bob}`, 1)
		list, errs := loadDir(shopDir(`{"orders": {"#W1": {"user_id": "ann", "status": "pending"}}}`, map[string]string{"a.yaml": inline}))
		Expect(errs).To(BeEmpty())
		s := list[0]
		Expect(s.Before.Collections["orders"]).To(HaveKey("#W1"))
		Expect(s.Before.Collections["orders"]).To(HaveKey("#W3"))
		Expect(s.Before.Collections["users"]).To(HaveKey("bob"))
	})

	It("names a record given both inline and in the file, at both places", func() {
		inline := strings.Replace(filed, "world_file: db.json", `world_file: db.json
world:
  orders:
    "#W2": {user_id: ann, status: pending}`, 1)
		dir := shopDir(shopDB, map[string]string{"a.yaml": inline})
		_, errs := loadDir(dir)
		Expect(errs.Error()).To(ContainSubstring(filepath.Join(dir, "a.yaml") + `:7:12: record orders/#W2 is also in the world file ` +
			filepath.Join(dir, "db.json") + " (line 7, column 5): give it in one place"))
	})

	DescribeTable("reports a bad world file at its line and column, never a panic",
		func(db, want string) {
			dir := shopDir(db, map[string]string{"a.yaml": filed})
			_, errs := loadDir(dir)
			Expect(errs).NotTo(BeEmpty())
			Expect(errs.Error()).To(ContainSubstring(filepath.Join(dir, "db.json") + ":" + want))
		},
		Entry("a syntax error", "{\n  \"orders\": {\"#W1\": {\"status\": }}\n}", `2:32: invalid JSON: invalid character '}' looking for beginning of value`),
		Entry("a missing colon", `{"orders": {"#W1" {}}}`, `1:19: invalid JSON: invalid character '{' after object key`),
		Entry("a trailing comma", "{\"orders\": {\n  \"#W1\": {\"status\": \"pending\",}}}", `2:31: invalid JSON: invalid character '}' looking for beginning of object key string`),
		Entry("a file cut short", `{"orders": {"#W1": {"status": "pending"`, `1:40: invalid JSON: unexpected end of the file`),
		Entry("an empty file", "\n", `2:1: invalid JSON: unexpected end of the file`),
		Entry("a list at the top", `[]`, `1:1: want an object of collections: {collection: {id: record}}, got a list`),
		Entry("a collection that is a list", `{"orders": []}`, `1:12: want collection "orders" to be an object of records by id, got a list`),
		Entry("a record that is a number", `{"orders": {"#W1": 5}}`, `1:20: orders/#W1: want a record (an object), got the number 5`),
		Entry("a record given twice", `{"orders": {"#W1": {}, "#W1": {}}}`, `1:24: orders: record "#W1" is given twice`),
		Entry("a collection given twice", `{"orders": {}, "orders": {}}`, `1:16: collection "orders" is given twice`),
		Entry("text after the object", `{"orders": {}} {}`, `1:16: invalid JSON: more after the end of the object`),
		Entry("a collection no pack owns", "{\n  \"planets\": {}\n}", `2:3: unknown collection "planets" (the packs own: [orders users])`),
		Entry("a field the pack does not declare", "{\"orders\": {\n  \"#W1\": {\"status\": \"pending\", \"colour\": \"red\"}}}", `2:3: orders/#W1.colour: orders has no field "colour"`),
		Entry("a field of the wrong type", "{\"orders\": {\n  \"#W1\": {\"status\": 5}}}", `2:3: orders/#W1.status: orders.status is declared string, got 5`),
	)

	It("reports a bad file shared by several scenarios once, and fails each", func() {
		second := strings.Replace(filed, "id: filed", "id: filed-too", 1)
		dir := shopDir(`{"orders": {"#W1": {"colour": 1}}}`, map[string]string{"a.yaml": filed, "b.yaml": second})
		_, errs := loadDir(dir)
		Expect(strings.Count(errs.Error(), `orders has no field "colour"`)).To(Equal(1))
		Expect(errs.Error()).To(ContainSubstring(filepath.Join(dir, "b.yaml") + ":4:13: world file " + filepath.Join(dir, "db.json") + " has errors (reported above)"))
	})

	DescribeTable("reports a world file that cannot be read at world_file",
		func(name, want string) {
			dir := shopDir(shopDB, map[string]string{"a.yaml": strings.Replace(filed, "db.json", name, 1)})
			Expect(os.Mkdir(filepath.Join(dir, "folder.json"), 0o755)).To(Succeed())
			_, errs := loadDir(dir)
			Expect(errs.Error()).To(ContainSubstring(filepath.Join(dir, "a.yaml") + ":4:13: world file "))
			Expect(errs.Error()).To(ContainSubstring(want))
		},
		Entry("a file that is not JSON by name", "db.yaml", `"db.yaml": want a .json file`),
		Entry("a missing file", "nowhere.json", "nowhere.json does not exist"),
		Entry("a folder", "folder.json", "folder.json is not a regular file"),
	)

	It("reads a world file beside a scenario in an embedded file system", func() {
		fsys := fstest.MapFS{
			"shop/tools.yaml": {Data: []byte(shopPack)},
			"shop/db.json":    {Data: []byte(shopDB)},
			"shop/a.yaml":     {Data: []byte(filed)},
		}
		list, err := scenarios.LoadFS(fsys, ".", "lib")
		Expect(err).NotTo(HaveOccurred())
		Expect(list[0].Before.Collections["orders"]).To(HaveKey("#W2"))
		fsys["shop/db.json"] = &fstest.MapFile{Data: []byte(`{"orders": 1}`)}
		_, err = scenarios.LoadFS(fsys, ".", "lib")
		Expect(err).To(MatchError(ContainSubstring(`lib/shop/db.json:1:12: want collection "orders" to be an object`)))
	})
})

var _ = Describe("touches on a single field", func() {
	It("rejects a field the pack does not declare, listing the fields", func() {
		bad := strings.Replace(filed, "orders/#W1/status", "orders/#W1/stauts", 1)
		_, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": bad}))
		Expect(errs.Error()).To(ContainSubstring(`a.yaml:9:15: orders has no field "stauts" (fields: address, status, user_id)`))
	})

	It("rejects a field the gold actions leave alone", func() {
		bad := strings.Replace(filed, "orders/#W1/status", "orders/#W1/address", 1)
		_, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": bad}))
		Expect(errs.Error()).To(ContainSubstring(`the gold actions change none of step "cancel_order"'s resources`))
	})
})

var _ = Describe("exact_world", func() {
	// nothing is a scenario where nothing may change.
	const nothing = `id: nothing
tools: [tools.yaml]
task: Undo the cancellation of #W2, please.
world_file: db.json
exact_world: true
variants:
  - name: clean
`

	It("accepts a scenario with no steps, whose After is its Before", func() {
		list, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": nothing}))
		Expect(errs).To(BeEmpty())
		Expect(list[0].Steps).To(BeEmpty())
		Expect(world.Diff(list[0].Before, list[0].After)).To(BeEmpty())
	})

	It("still wants steps without it", func() {
		_, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": strings.Replace(nothing, "exact_world: true\n", "", 1)}))
		Expect(errs.Error()).To(ContainSubstring("missing steps: a scenario has at least one step (or exact_world: true, where nothing may change)"))
	})

	It("rejects gold actions that change what no step touches", func() {
		src := strings.Replace(filed, "world_file: db.json", "world_file: db.json\nexact_world: true", 1)
		src = strings.Replace(src, "touches: [orders/#W1/status]", "touches: [orders/#W1/status]\n  - id: rename\n    action: {tool: rename_user, args: {user_id: ann, name: Anne}}\n    done: users[\"ann\"].name == \"Anne\"\n    touches: [users/ann/orders]", 1)
		_, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": src}))
		Expect(errs).NotTo(BeEmpty())
		Expect(errs.Error()).To(ContainSubstring("a.yaml:5:14: exact_world: the gold actions change users/ann/name, which no step touches: add each to a step's touches"))
	})
})

var _ = Describe("user_replies", func() {
	It("are kept in order", func() {
		src := strings.Replace(filed, "task: Cancel my order #W1.", "task: Cancel my order #W1.\nuser_replies: [\"yes\", \"yes, go ahead\"]", 1)
		list, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": src}))
		Expect(errs).To(BeEmpty())
		Expect(list[0].UserReplies).To(Equal([]string{"yes", "yes, go ahead"}))
	})

	DescribeTable("are checked at their place",
		func(replies, want string) {
			src := strings.Replace(filed, "task: Cancel my order #W1.", "task: Cancel my order #W1.\nuser_replies: "+replies, 1)
			_, errs := loadDir(shopDir(shopDB, map[string]string{"a.yaml": src}))
			Expect(errs.Error()).To(ContainSubstring(want))
		},
		Entry("an empty reply", `["yes", " "]`, "a.yaml:4:23: user reply 2 is empty: say what the user answers"),
		Entry("not a list", `yes`, "a.yaml:4:15: user_replies: want a list"),
		Entry("not text", `[{a: 1}]`, "a.yaml:4:16: user_replies[0]: want a string, got a mapping"),
	)
})
