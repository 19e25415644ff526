package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/result"
)

// binary builds evalrun once, for tests that need it as a process.
var binary = sync.OnceValue(func() string {
	bin := filepath.Join(os.TempDir(), fmt.Sprintf("evalrun-test-%d", os.Getpid()))
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/evalrun").CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), string(out))
	return bin
})

var _ = AfterSuite(func() { _ = os.Remove(filepath.Join(os.TempDir(), fmt.Sprintf("evalrun-test-%d", os.Getpid()))) })

var _ = Describe("a streamed run killed midway", func() {
	It("leaves a JSON Lines file of every trial that finished", func() {
		out := filepath.Join(GinkgoT().TempDir(), "r.jsonl")
		cmd := exec.Command(binary(), "run", "--agent", "exec", "--agent-cmd", "sleep 0.05; echo All done.", "--jobs", "1",
			"--format", "jsonl", "--out", out, "order-cancellation")
		Expect(cmd.Start()).To(Succeed())
		Eventually(func() int {
			b, _ := os.ReadFile(out)
			return bytes.Count(b, []byte("\n"))
		}, 10*time.Second, 20*time.Millisecond).Should(BeNumerically(">=", 3))
		Expect(cmd.Process.Kill()).To(Succeed())
		_ = cmd.Wait()
		s, err := result.Read(out)
		Expect(errors.Is(err, result.ErrIncomplete)).To(BeTrue(), "%v", err)
		Expect(len(s.Trials)).To(BeNumerically(">=", 2))
		Expect(len(s.Trials)).To(BeNumerically("<", 10))
		Expect(s.Trials[0].Scenario).To(Equal("order-cancellation"))
		Expect(s.Agent).To(Equal("exec"))
	})
})

var _ = Describe("sharding", func() {
	It("three shards run as separate processes merge into the unsharded result, byte for byte", func() {
		dir := GinkgoT().TempDir()
		bin := binary()
		args := []string{"run", "--agent", "checked", "--trials", "2", "--seed", "4", "--format", "json"}
		whole := filepath.Join(dir, "whole.json")
		Expect(exec.Command(bin, append(args, "--out", whole)...).Run()).To(MatchError(ContainSubstring("exit status 1")))
		var wg sync.WaitGroup
		shards := []string{filepath.Join(dir, "s1.json"), filepath.Join(dir, "s2.json"), filepath.Join(dir, "s3.json")}
		for i, s := range shards {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = exec.Command(bin, append(args, "--shard", []string{"1/3", "2/3", "3/3"}[i], "--out", s)...).Run()
			}()
		}
		wg.Wait()
		merged := filepath.Join(dir, "merged.json")
		code, _, stderr := evalrun("merge", "--out", merged, shards[2], shards[0], shards[1])
		Expect(code).To(Equal(exitFail), stderr)
		a, err := os.ReadFile(whole)
		Expect(err).NotTo(HaveOccurred())
		b, err := os.ReadFile(merged)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(Equal(string(a)))
		one, err := os.ReadFile(shards[0])
		Expect(err).NotTo(HaveOccurred())
		Expect(len(one)).To(BeNumerically("<", len(a)/2), "a shard holds its slice only")
	})

	DescribeTable("merge refuses shards that do not make a run, with exit 2",
		func(want string, files func(dir string) []string) {
			code, _, stderr := evalrun(append([]string{"merge"}, files(GinkgoT().TempDir())...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("a shard missing", "give all 2, got 1", func(dir string) []string {
			f := filepath.Join(dir, "a.json")
			evalrun("run", "--agent", "saga", "--shard", "1/2", "--format", "json", "--out", f)
			return []string{f}
		}),
		Entry("a shard twice", "given twice", func(dir string) []string {
			f := filepath.Join(dir, "a.json")
			evalrun("run", "--agent", "saga", "--shard", "1/2", "--format", "json", "--out", f)
			return []string{f, f}
		}),
		Entry("another run's shard", "from another run", func(dir string) []string {
			a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
			evalrun("run", "--agent", "saga", "--shard", "1/2", "--format", "json", "--out", a)
			evalrun("run", "--agent", "saga", "--seed", "9", "--shard", "2/2", "--format", "json", "--out", b)
			return []string{a, b}
		}),
		Entry("not a shard", "is not the result of a shard", func(dir string) []string {
			f := filepath.Join(dir, "a.json")
			evalrun("run", "--agent", "saga", "--format", "json", "--out", f, "../scenarios/library/commerce")
			return []string{f}
		}),
	)

	It("rejects a malformed --shard", func() {
		for _, bad := range []string{"0/3", "4/3", "1/0", "x", "1/3/3"} {
			code, _, stderr := evalrun("run", "--shard", bad)
			Expect(code).To(Equal(exitUsage), bad)
			Expect(stderr).To(ContainSubstring("want I/N"))
		}
	})
})
