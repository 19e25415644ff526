package schema_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/schema"
	"github.com/evalrun/evalrun/scoring"
	"github.com/evalrun/evalrun/toolpack"
)

func TestSchema(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "schema")
}

// compile compiles one of the schemas, with the other beside it for the
// references between them (a scenario step's says is a pack's).
func compile(name string) *jsonschema.Schema {
	const base = "https://raw.githubusercontent.com/evalrun/evalrun/main/schema/"
	c := jsonschema.NewCompiler()
	for n, doc := range map[string][]byte{"scenario.schema.json": schema.Scenario, "toolpack.schema.json": schema.ToolPack} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		Expect(err).NotTo(HaveOccurred())
		Expect(c.AddResource(base+n, v)).To(Succeed())
	}
	s, err := c.Compile(base + name)
	Expect(err).NotTo(HaveOccurred())
	return s
}

// yamlValue reads a YAML file as the JSON value a schema checks.
func yamlValue(path string) any {
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	var v any
	Expect(yaml.Unmarshal(b, &v)).To(Succeed(), path)
	j, err := json.Marshal(v)
	Expect(err).NotTo(HaveOccurred(), path)
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
	Expect(err).NotTo(HaveOccurred())
	return out
}

func libraryFiles() (scenarioFiles, packFiles []string) {
	err := filepath.WalkDir("../scenarios/library", func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		if scenarios.IsPackFile(p) {
			packFiles = append(packFiles, p)
		} else {
			scenarioFiles = append(scenarioFiles, p)
		}
		return nil
	})
	Expect(err).NotTo(HaveOccurred())
	return
}

var _ = Describe("the JSON Schemas", func() {
	scenarioSchema := func() *jsonschema.Schema { return compile("scenario.schema.json") }
	packSchema := func() *jsonschema.Schema { return compile("toolpack.schema.json") }

	It("accept every library file, and each file names its schema", func() {
		sc, pk := libraryFiles()
		Expect(sc).NotTo(BeEmpty())
		Expect(pk).NotTo(BeEmpty())
		for _, f := range sc {
			Expect(scenarioSchema().Validate(yamlValue(f))).To(Succeed(), f)
			Expect(firstLine(f)).To(Equal("# yaml-language-server: $schema=../../../schema/scenario.schema.json"), f)
		}
		for _, f := range pk {
			Expect(packSchema().Validate(yamlValue(f))).To(Succeed(), f)
			Expect(firstLine(f)).To(Equal("# yaml-language-server: $schema=../../../schema/toolpack.schema.json"), f)
		}
	})

	It("accept a scenario over a world file, with user replies, exact_world and touches on fields", func() {
		Expect(scenarioSchema().Validate(yamlValue("../runner/testdata/store/cancel-and-move.yaml"))).To(Succeed())
		Expect(packSchema().Validate(yamlValue("../runner/testdata/store/tools.yaml"))).To(Succeed())
	})

	It("reject what the loaders reject by shape", func() {
		bad := map[string]any{"id": "x", "tools": []any{"commerce"}, "task": "t", "steps": []any{map[string]any{"id": "a", "tool": "x"}}, "variants": []any{}}
		Expect(scenarioSchema().Validate(bad)).NotTo(Succeed())
		badPack := map[string]any{"name": "p", "collections": map[string]any{"c": map[string]any{"fields": map[string]any{"f": map[string]any{"type": "text"}}}}, "tools": []any{}}
		Expect(packSchema().Validate(badPack)).NotTo(Succeed())
	})

	DescribeTable("take steps, world files and user replies as the loader does",
		func(extra map[string]any, ok bool) {
			doc := map[string]any{"id": "x", "tools": []any{"commerce"}, "task": "t", "variants": []any{map[string]any{"name": "clean"}}}
			for k, v := range extra {
				doc[k] = v
			}
			if ok {
				Expect(scenarioSchema().Validate(doc)).To(Succeed())
			} else {
				Expect(scenarioSchema().Validate(doc)).NotTo(Succeed())
			}
		},
		Entry("no steps: refused", map[string]any{}, false),
		Entry("an empty list of steps: refused", map[string]any{"steps": []any{}}, false),
		Entry("no steps under exact_world: nothing may change", map[string]any{"exact_world": true}, true),
		Entry("an empty list of steps under exact_world", map[string]any{"exact_world": true, "steps": []any{}}, true),
		Entry("no steps with exact_world false: refused", map[string]any{"exact_world": false}, false),
		Entry("a world file", map[string]any{"exact_world": true, "world_file": "../db.json"}, true),
		Entry("a world file that is not JSON by name", map[string]any{"exact_world": true, "world_file": "db.yaml"}, false),
		Entry("user replies", map[string]any{"exact_world": true, "user_replies": []any{"yes", "yes, go ahead"}}, true),
		Entry("a blank user reply", map[string]any{"exact_world": true, "user_replies": []any{" "}}, false),
		Entry("a user reply that is not text", map[string]any{"exact_world": true, "user_replies": []any{1}}, false),
	)

	// Drift: each object of a schema has exactly the fields its Go type
	// decodes, and each enum the values the code knows.
	DescribeTable("match the Go types field for field",
		func(doc []byte, def string, v any) {
			Expect(schemaFields(doc, def)).To(Equal(yamlFields(reflect.TypeOf(v))), def)
		},
		Entry("scenario", schema.Scenario, "", scenarios.Scenario{}),
		Entry("step", schema.Scenario, "step", scenarios.Step{}),
		Entry("action", schema.Scenario, "action", scenarios.Action{}),
		Entry("check", schema.Scenario, "check", scenarios.Check{}),
		Entry("say", schema.Scenario, "say", scenarios.Say{}),
		Entry("variant", schema.Scenario, "variant", scenarios.Variant{}),
		Entry("fault", schema.Scenario, "fault", faults.Spec{}),
		Entry("when", schema.Scenario, "when", faults.When{}),
		Entry("tool pack", schema.ToolPack, "", toolpack.File{}),
		Entry("collection", schema.ToolPack, "collection", toolpack.Collection{}),
		Entry("says", schema.ToolPack, "says", toolpack.Says{}),
		Entry("field", schema.ToolPack, "field", toolpack.Field{}),
		Entry("tool", schema.ToolPack, "tool", toolpack.ToolSpec{}),
		Entry("require", schema.ToolPack, "require", toolpack.Require{}),
		Entry("effect", schema.ToolPack, "effect", toolpack.Effect{}),
	)

	It("list every fault kind, verdict and field type the code knows", func() {
		var kinds []string
		for _, k := range faults.Kinds() {
			kinds = append(kinds, k.Name())
		}
		Expect(enum(schema.Scenario, "fault", "kind")).To(ConsistOf(kinds))
		Expect(enumOf(schema.Scenario, "verdict")).To(ConsistOf(scoring.Verdicts))
		Expect(enum(schema.ToolPack, "field", "type")).To(ConsistOf(toolpack.FieldTypes))
	})
})

func firstLine(path string) string {
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	line, _, _ := strings.Cut(string(b), "\n")
	return line
}

func object(doc []byte, def string) map[string]any {
	var m map[string]any
	Expect(json.Unmarshal(doc, &m)).To(Succeed())
	if def != "" {
		m = m["$defs"].(map[string]any)[def].(map[string]any)
	}
	return m
}

func schemaFields(doc []byte, def string) []string {
	var out []string
	for k := range object(doc, def)["properties"].(map[string]any) {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func yamlFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if tag != "" && tag != "-" {
			out = append(out, tag)
		}
	}
	sort.Strings(out)
	return out
}

func enum(doc []byte, def, field string) []string {
	return stringsOf(object(doc, def)["properties"].(map[string]any)[field].(map[string]any)["enum"].([]any))
}

func enumOf(doc []byte, def string) []string {
	return stringsOf(object(doc, def)["enum"].([]any))
}

func stringsOf(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.(string)
	}
	return slices.Clip(out)
}
