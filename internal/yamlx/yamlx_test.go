package yamlx_test

import (
	"reflect"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/internal/yamlx"
)

func TestYamlx(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "yamlx")
}

type doc struct {
	Name  string   `yaml:"name"`
	Count int      `yaml:"count"`
	Tags  []string `yaml:"tags"`
}

func decode(src string) (doc, *yamlx.Decoder) {
	var n yaml.Node
	Expect(yaml.Unmarshal([]byte(src), &n)).To(Succeed())
	d := yamlx.NewDecoder("f.yaml")
	var v doc
	d.Decode(&n, reflect.ValueOf(&v).Elem(), "")
	return v, d
}

var _ = Describe("strict decoding", func() {
	It("fills the value and remembers where each field was", func() {
		v, d := decode("name: a\ncount: 3\ntags: [x, y]\n")
		Expect(d.Errs).To(BeEmpty())
		Expect(v).To(Equal(doc{Name: "a", Count: 3, Tags: []string{"x", "y"}}))
		Expect(d.Pos["tags[1]"]).To(Equal(yamlx.Pos{Line: 3, Col: 11}))
		Expect(d.At("tags[1].nothing").Error()).To(Equal("f.yaml:3:11: "))
	})

	DescribeTable("reports a wrong shape at its line and column",
		func(src, want string) {
			_, d := decode(src)
			Expect(d.Errs.Error()).To(Equal(want))
		},
		Entry("an unknown field", "name: a\nnmae: b\n", `f.yaml:2:1: unknown field "nmae" (known: name, count, tags)`),
		Entry("a list for a string", "name: [a]\n", "f.yaml:1:7: name: want a string, got a list"),
		Entry("text for a number", "count: many\n", `f.yaml:1:8: count: want a whole number, got the string "many"`),
		Entry("a field twice", "name: a\nname: b\n", `f.yaml:2:1: field "name" given twice`),
	)
})

var _ = DescribeTable("syntax errors name their cause",
	func(src, want string) {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(src), &n)
		Expect(err).To(HaveOccurred())
		Expect(yamlx.SyntaxError("f.yaml", []byte(src), err).Error()).To(HavePrefix(want))
	},
	Entry("a tab in the indentation", "a:\n\tb: 1\n", "f.yaml:2:1: invalid YAML: a tab in the indentation; YAML indents with spaces only"),
	Entry("an unquoted colon", "reply: merge(a, {\"k\": v})\n", `f.yaml:1:21: invalid YAML: mapping values are not allowed in this context: a value that holds ": "`),
	Entry("anything else, as the parser says", "a: [1, 2\n", "f.yaml:"),
)
