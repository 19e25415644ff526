package cli

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const authoring = "../fixtures/authoring/"

var _ = Describe("evalrun validate on authoring mistakes", func() {
	It("accepts the valid starter scenario over its declared pack", func() {
		code, stdout, stderr := evalrun("validate", authoring+"scenario.yaml")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stdout).To(ContainSubstring("ok: 1 scenario(s), 2 variant(s)"))
	})

	It("checks a tool pack named on its own as a pack", func() {
		code, stdout, stderr := evalrun("validate", authoring+"tools.yaml")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stdout).To(ContainSubstring("ok: 0 scenario(s), 0 variant(s), 1 tool pack(s)"))
		code, _, stderr = evalrun("validate", authoring+"bad-says.tools.yaml", authoring+"scenario.yaml")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring(`bad-says.tools.yaml:55:14: pattern "the hand ~12 over", column 10`))
	})

	It("refuses to run a tool pack as a scenario, saying what it is", func() {
		code, _, stderr := evalrun("run", authoring+"tools.yaml")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("tools.yaml: a tool pack, not a scenario"))
	})

	// Each fixture is the starter scenario with one mistake.
	DescribeTable("reports each at its file, line and column, and exits 2",
		func(file, want string) {
			code, _, stderr := evalrun("validate", authoring+file)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("a field name mistyped in the world", "world-field-typo.yaml",
			`world-field-typo.yaml:16:77: tickets has no field "statuss" (fields: assignee, requester, status, title)`),
		Entry("a value of the wrong type in the world", "world-field-type.yaml",
			`world-field-type.yaml:16:76: tickets.status is declared string, got 3`),
		Entry("a field name mistyped in done", "done-field-typo.yaml",
			`done-field-typo.yaml:20:11: tickets has no field "stauts"`),
		Entry("a pack file that is not there", "missing-pack-file.yaml",
			`missing-pack-file.yaml:9:9: tool pack file ../fixtures/authoring/tool.yaml does not exist`),
		Entry("a pack file with a mistake, reported in the pack", "broken-pack.yaml",
			`unknown-field.tools.yaml:48:14: tickets has no field "asignee"`),
		Entry("a phrase the claim extractor misreads", "misread-phrase.yaml",
			`misread-phrase.yaml:40:16: step "email": say.pending is read back as done, not pending`),
		Entry("a tab in the indentation", "tab.yaml",
			`tab.yaml:18:1: invalid YAML: a tab in the indentation; YAML indents with spaces only`),
	)
})

var _ = Describe("evalrun init", func() {
	inDir := func() string {
		dir := GinkgoT().TempDir()
		wd, err := os.Getwd()
		Expect(err).NotTo(HaveOccurred())
		Expect(os.Chdir(dir)).To(Succeed())
		DeferCleanup(os.Chdir, wd)
		return dir
	}

	DescribeTable("writes a commented starter that validates and runs as written",
		func(args []string, files []string) {
			dir := inDir()
			code, stdout, stderr := evalrun(append([]string{"init"}, args...)...)
			Expect(code).To(Equal(exitPass), stderr)
			for _, f := range files {
				Expect(filepath.Join(dir, f)).To(BeARegularFile())
				Expect(stdout).To(ContainSubstring("wrote " + f))
			}
			code, _, stderr = evalrun("validate", files[0])
			Expect(code).To(Equal(exitPass), stderr)
			code, stdout, _ = evalrun("run", "--agent", "naive", "--no-color", files[0])
			Expect(code).To(Equal(exitFail), "naive believes the lost email")
			Expect(stdout).To(MatchRegexp(`email-lost\s+0/1\s+false_success`))
			code, stdout, _ = evalrun("run", "--agent", "saga", "--trials", "3", "--no-color", files[0])
			Expect(code).To(Equal(exitPass), stdout)
		},
		Entry("with the built-in commerce pack", []string{"cancel"}, []string{"cancel.yaml"}),
		Entry("with a tool pack of its own", []string{"--tools", "escalation"}, []string{"escalation.yaml", "tools.yaml"}),
	)

	It("never overwrites a file", func() {
		inDir()
		Expect(os.WriteFile("mine.yaml", []byte("keep"), 0o644)).To(Succeed())
		code, _, stderr := evalrun("init", "mine")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("mine.yaml exists"))
		b, _ := os.ReadFile("mine.yaml")
		Expect(string(b)).To(Equal("keep"))
	})

	It("wants one name", func() {
		code, _, stderr := evalrun("init")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("give one NAME"))
	})
})
