package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
)

var _ = Describe("run --out", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", "")
		setenv("OPENAI_BASE_URL", "")
	})

	// endpoint counts model calls, so a test can see that nothing ran.
	endpoint := func() (*openaitest.Hostile, string) {
		path, s := cleanScenario()
		srv := openaitest.NewHostile(s, "honest")
		DeferCleanup(srv.Close)
		return srv, path
	}

	DescribeTable("is opened before any trial runs; a path that cannot be written is exit 2 and nothing runs",
		func(out func(dir string) string, want string) {
			srv, path := endpoint()
			target := out(GinkgoT().TempDir())
			code, stdout, stderr := evalrun("run", "--agent", "openai", "--model", "m", "--base-url", srv.BaseURL(), "--out", target, path)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring("--out " + target + ": "))
			Expect(stderr).To(ContainSubstring(want))
			Expect(stderr).NotTo(ContainSubstring("report in"))
			Expect(stdout).To(BeEmpty())
			Expect(srv.Requests()).To(BeZero(), "no trial ran")
		},
		Entry("a missing folder", func(dir string) string { return filepath.Join(dir, "no", "such", "r.json") },
			"no such file or directory (the folder does not exist; --mkdir creates it)"),
		Entry("a folder", func(dir string) string { return dir }, "is a directory"),
		Entry("under a file", func(dir string) string {
			f := filepath.Join(dir, "file")
			Expect(os.WriteFile(f, nil, 0o644)).To(Succeed())
			return filepath.Join(f, "r.json")
		}, "not a directory"),
	)

	It("refuses a read-only file", func() {
		srv, path := endpoint()
		target := filepath.Join(GinkgoT().TempDir(), "r.json")
		Expect(os.WriteFile(target, []byte("old"), 0o444)).To(Succeed())
		if os.Geteuid() == 0 {
			// Root writes read-only files; no one writes this one.
			target = "/sys/kernel/notes"
			if _, err := os.Stat(target); err != nil {
				Skip("running as root, and " + target + " is absent")
			}
		}
		code, _, stderr := evalrun("run", "--agent", "openai", "--model", "m", "--base-url", srv.BaseURL(), "--out", target, path)
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("--out " + target + ": cannot write the report there"))
		Expect(srv.Requests()).To(BeZero())
	})

	It("creates the parent folders with --mkdir", func() {
		target := filepath.Join(GinkgoT().TempDir(), "a", "b", "r.json")
		code, _, stderr := evalrun("run", "--agent", "saga", "--format", "json", "--out", target, "--mkdir", "../scenarios/library/commerce")
		Expect(code).To(Equal(exitPass), stderr)
		Expect(stderr).To(ContainSubstring("report in " + target))
		b, err := os.ReadFile(target)
		Expect(err).NotTo(HaveOccurred())
		Expect(json.Valid(b)).To(BeTrue())
	})

	It("wants --out for --mkdir", func() {
		code, _, stderr := evalrun("run", "--mkdir")
		Expect(code).To(Equal(exitUsage))
		Expect(stderr).To(ContainSubstring("--mkdir needs --out FILE"))
	})
})

// interruptDoc is what the Ctrl-C tests read from the report.
type interruptDoc struct {
	Interrupted bool         `json:"interrupted"`
	Usage       *agent.Usage `json:"usage"`
	Trials      []struct {
		Verdict string       `json:"verdict"`
		Usage   *agent.Usage `json:"usage"`
	} `json:"trials"`
}

var _ = Describe("Ctrl-C", func() {
	BeforeEach(func() {
		setenv("OPENAI_API_KEY", "")
		setenv("OPENAI_BASE_URL", "")
	})

	// slowRun runs five trials, two at a time, against a slow scripted
	// endpoint; stop is called once, when the first model call arrives.
	slowRun := func(ctx context.Context, stop func()) (int, interruptDoc, int64) {
		path, s := cleanScenario()
		srv := openaitest.New([]*scenarios.Scenario{s}, openaitest.GoldScripts([]*scenarios.Scenario{s}))
		DeferCleanup(srv.Close)
		srv.Latency = 20 * time.Millisecond
		var once sync.Once
		srv.Hook = func(http.ResponseWriter, *http.Request, int64) bool {
			once.Do(stop)
			return false
		}
		var out, errOut bytes.Buffer
		code := run(ctx, []string{"run", "--agent", "openai", "--model", "m", "--base-url", srv.BaseURL(),
			"--trials", "5", "--jobs", "2", "--format", "json", path}, &out, &errOut)
		var doc interruptDoc
		Expect(json.Unmarshal(out.Bytes(), &doc)).To(Succeed(), errOut.String())
		return code, doc, srv.Requests()
	}

	It("first stops scheduling and lets running trials finish, with their full usage", func() {
		drain := make(chan struct{})
		code, doc, requests := slowRun(withDrain(context.Background(), drain), func() { close(drain) })
		Expect(code).To(Equal(exitHarness), "an interrupted run exits 3")
		Expect(doc.Interrupted).To(BeTrue())
		Expect(len(doc.Trials)).To(BeNumerically(">=", 1))
		Expect(len(doc.Trials)).To(BeNumerically("<", 5), "no trial was scheduled after the interrupt")
		for _, t := range doc.Trials {
			Expect(t.Verdict).NotTo(Equal("error"), "running trials were not cancelled")
			Expect(t.Usage.Requests).To(Equal(5), "each finished trial made all its model calls")
		}
		Expect(int64(doc.Usage.Requests)).To(Equal(requests), "every request is in the usage")
	})

	It("then stops the running trials at once, reports what finished, and still counts every request", func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		code, doc, requests := slowRun(ctx, cancel)
		Expect(code).To(Equal(exitHarness))
		Expect(doc.Interrupted).To(BeTrue())
		Expect(doc.Trials).To(BeEmpty(), "the trials cut short are dropped, not scored")
		Expect(doc.Usage).NotTo(BeNil())
		Expect(int64(doc.Usage.Requests)).To(Equal(requests), "their model calls still cost money, and are counted")
	})
})
