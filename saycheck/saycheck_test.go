package saycheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/saycheck"
	"github.com/evalrun/evalrun/scenarios"
)

func TestSaycheck(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "saycheck")
}

const authoring = "../fixtures/authoring/"

// load reads the starter scenario with one phrase replaced.
func load(old, replacement string) *scenarios.Scenario {
	b, err := os.ReadFile(authoring + "scenario.yaml")
	Expect(err).NotTo(HaveOccurred())
	Expect(string(b)).To(ContainSubstring(old))
	dir := GinkgoT().TempDir()
	pack, err := os.ReadFile(authoring + "tools.yaml")
	Expect(err).NotTo(HaveOccurred())
	Expect(os.WriteFile(filepath.Join(dir, "tools.yaml"), pack, 0o644)).To(Succeed())
	path := filepath.Join(dir, "s.yaml")
	Expect(os.WriteFile(path, []byte(strings.Replace(string(b), old, replacement, 1)), 0o644)).To(Succeed())
	list, err := scenarios.LoadPaths([]string{path})
	Expect(err).NotTo(HaveOccurred())
	return list[0]
}

var _ = Describe("reading phrases back", func() {
	It("passes phrases the extractor reads right", func() {
		Expect(saycheck.Check(load("", ""))).To(BeEmpty())
	})

	DescribeTable("reports a misread phrase once, at its line and column, with the reply it was read in",
		func(old, replacement, want string) {
			errs := saycheck.Check(load(old, replacement))
			Expect(errs).NotTo(BeEmpty())
			Expect(errs[0].Error()).To(ContainSubstring(want))
			seen := map[string]bool{}
			for _, e := range errs {
				at := e.Error()[:strings.Index(e.Error(), ": step")]
				Expect(seen).NotTo(HaveKey(at), "one problem per phrase")
				seen[at] = true
			}
		},
		Entry("a pending clause read as done",
			"pending: the email to the requester is queued", "pending: the requester's email was accepted and will be sent later",
			`s.yaml:40:16: step "email": say.pending is read back as done, not pending, in: "`),
		Entry("a done phrase that names no step",
			"done: escalated ticket T-1 to Priya", "done: handed it over",
			`s.yaml:27:13: step "escalate": say.done is read back as unmentioned, not done`),
		Entry("an undo that reads as done, found only in a rollback",
			"undone: reversed the escalation of ticket T-1", "undone: put ticket T-1 back in the queue",
			`s.yaml:30:15: step "escalate": say.undone is read back as unmentioned, not failed or pending`),
	)
})
