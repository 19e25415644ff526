package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("evalrun serve", func() {
	// serveAndCall runs serve in-process, calls tools over MCP as a user
	// with an inspector would, then presses Ctrl-C once.
	serveAndCall := func(calls map[string]map[string]any, args ...string) (int, string) {
		pr, pw := io.Pipe()
		drain := make(chan struct{})
		ctx := withDrain(context.Background(), drain)
		done := make(chan int)
		var errOut strings.Builder
		go func() {
			defer GinkgoRecover()
			code := run(ctx, append([]string{"serve"}, args...), pw, &errOut)
			pw.Close()
			done <- code
		}()
		r := bufio.NewReader(pr)
		var head strings.Builder
		url := ""
		for url == "" {
			line, err := r.ReadString('\n')
			Expect(err).NotTo(HaveOccurred(), errOut.String())
			head.WriteString(line)
			if strings.HasPrefix(line, "http://") {
				url = strings.TrimSpace(line)
			}
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "inspector", Version: "1"}, nil)
		session, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
		Expect(err).NotTo(HaveOccurred())
		for _, name := range []string{"cancel_order", "issue_refund"} {
			if a, ok := calls[name]; ok {
				_, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: a})
				Expect(err).NotTo(HaveOccurred())
			}
		}
		session.Close()
		close(drain)
		rest, _ := io.ReadAll(r)
		return <-done, head.String() + string(rest)
	}
	calls := map[string]map[string]any{
		"cancel_order": {"order_id": "A1001"},
		"issue_refund": {"order_id": "A1001", "amount": 120},
	}

	It("serves a variant's faulted tools and, on Ctrl-C, prints what really happened", func() {
		code, out := serveAndCall(calls, "order-cancellation", "--variant", "refund-lost-write")
		Expect(code).To(Equal(exitPass))
		Expect(out).To(ContainSubstring("serving order-cancellation/refund-lost-write: 17 tools over MCP"))
		Expect(out).To(ContainSubstring("after 2 call(s): state half"))
		Expect(out).To(MatchRegexp(`cancel_order\s+done`))
		Expect(out).To(MatchRegexp(`refund\s+not done`))
		Expect(out).To(ContainSubstring("fault lost-refund (ack_without_apply) on issue_refund call 1: world none"))
		Expect(out).To(ContainSubstring("differs from the gold result: payments/P-5001 refunded"))
	})

	It("scores a final message against it when given one", func() {
		msg := filepath.Join(GinkgoT().TempDir(), "reply.txt")
		Expect(os.WriteFile(msg, []byte("Your order is cancelled and the $120.00 is refunded."), 0o644)).To(Succeed())
		code, out := serveAndCall(calls, "order-cancellation", "--variant", "refund-lost-write", "--message", msg)
		Expect(code).To(Equal(exitFail))
		Expect(out).To(MatchRegexp(`refund\s+not done\s+claimed done\s+false_claim`))
		Expect(out).To(ContainSubstring("verdict false_success, passed false"))
	})

	DescribeTable("rejects what it cannot serve with exit 2",
		func(want string, args ...string) {
			code, _, stderr := evalrun(append([]string{"serve"}, args...)...)
			Expect(code).To(Equal(exitUsage))
			Expect(stderr).To(ContainSubstring(want))
		},
		Entry("no scenario", "give one scenario"),
		Entry("an unknown variant", `order-cancellation has no variant "nope"`, "order-cancellation", "--variant", "nope"),
		Entry("an unknown scenario", "neither a file nor a library scenario", "no-such-scenario"),
	)
})

var _ = DescribeTable("run --scenario and --variant select cases by glob, or by a list of globs",
	func(scenario, variant string, want []string) {
		code, stdout, stderr := evalrun("run", "--agent", "saga", "--format", "json", "--scenario", scenario, "--variant", variant)
		Expect(code).NotTo(Equal(exitUsage), stderr)
		var doc struct {
			Cases []struct{ Scenario, Variant string }
		}
		Expect(json.Unmarshal([]byte(stdout), &doc)).To(Succeed())
		var got []string
		for _, c := range doc.Cases {
			got = append(got, c.Scenario+"/"+c.Variant)
		}
		Expect(got).To(Equal(want))
	},
	Entry(nil, "order-cancellation", "clean,refund-lost-write", []string{"order-cancellation/clean", "order-cancellation/refund-lost-write"}),
	Entry(nil, "transfer,exchange", "clean", []string{"exchange/clean", "transfer/clean"}),
	Entry(nil, "order-*", "refund-soft*", []string{"order-cancellation/refund-soft-error"}),
)
