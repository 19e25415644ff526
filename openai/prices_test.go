package openai_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
)

var _ = Describe("prices", func() {
	u := agent.Usage{PromptTokens: 2_000_000, CompletionTokens: 500_000}

	DescribeTable("estimate a cost per model, or none",
		func(model string, want *float64) {
			got := openai.DefaultPrices.Cost(model, u)
			if want == nil {
				Expect(got).To(BeNil())
				return
			}
			Expect(got).NotTo(BeNil())
			Expect(*got).To(BeNumerically("~", *want, 1e-9))
		},
		Entry("an exact name", "gpt-4o-mini", ptr(2*0.15+0.5*0.60)),
		Entry("a dated snapshot of a known model", "gpt-4o-mini-2024-07-18", ptr(2*0.15+0.5*0.60)),
		Entry("the longest known prefix wins", "gpt-4o-2024-08-06", ptr(2*2.50+0.5*10)),
		Entry("a local model is unknown, not free", "llama3.1:8b", nil),
	)

	DescribeTable("load from YAML or JSON over the built-in table",
		func(name, text string) {
			path := filepath.Join(GinkgoT().TempDir(), name)
			Expect(os.WriteFile(path, []byte(text), 0o644)).To(Succeed())
			p, err := openai.LoadPrices(path)
			Expect(err).NotTo(HaveOccurred())
			Expect(p["llama3"]).To(Equal(openai.Price{Input: 0.1, Output: 0.2}))
			Expect(p["gpt-4o"]).To(Equal(openai.Price{Input: 1, Output: 2}), "an entry overrides the built-in one")
			Expect(p["gpt-4o-mini"]).To(Equal(openai.DefaultPrices["gpt-4o-mini"]))
		},
		Entry("YAML", "p.yaml", "llama3: {input: 0.1, output: 0.2}\ngpt-4o: {input: 1, output: 2}\n"),
		Entry("JSON", "p.json", `{"llama3": {"input": 0.1, "output": 0.2}, "gpt-4o": {"input": 1, "output": 2}}`),
	)

	It("rejects an unknown field and a negative price", func() {
		dir := GinkgoT().TempDir()
		bad := filepath.Join(dir, "bad.yaml")
		Expect(os.WriteFile(bad, []byte("m: {input: 1, ouput: 2}\n"), 0o644)).To(Succeed())
		_, err := openai.LoadPrices(bad)
		Expect(err).To(MatchError(ContainSubstring("ouput")))
		Expect(os.WriteFile(bad, []byte("m: {input: -1, output: 2}\n"), 0o644)).To(Succeed())
		_, err = openai.LoadPrices(bad)
		Expect(err).To(MatchError(ContainSubstring("cannot be negative")))
	})
})

func ptr(f float64) *float64 { return &f }
