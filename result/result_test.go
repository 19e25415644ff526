package result_test

import (
	"os/exec"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestResult(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "result")
}

// deps lists the evalrun packages a package imports, directly or not.
func deps(pkg string) []string {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
	Expect(err).NotTo(HaveOccurred())
	var own []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/evalrun/evalrun/") && p != pkg {
			own = append(own, strings.TrimPrefix(p, "github.com/evalrun/evalrun/"))
		}
	}
	return own
}

var _ = Describe("the result model", func() {
	It("is a leaf: it imports nothing of the engine", func() {
		Expect(deps("github.com/evalrun/evalrun/result")).To(BeEmpty())
	})

	It("is all the reports read", func() {
		Expect(deps("github.com/evalrun/evalrun/report")).To(ConsistOf("result", "internal/registry"))
	})
})

var _ = It("is all a comparison reads", func() {
	Expect(deps("github.com/evalrun/evalrun/compare")).To(ConsistOf("result"))
})
