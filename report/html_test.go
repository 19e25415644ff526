package report_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
)

// browser finds Chromium; the test says why it skips without one.
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	Skip("no Chromium to open the HTML report in: install Debian's chromium package (CI does)")
	return ""
}

var _ = Describe("the HTML report", func() {
	It("is one file that embeds the suite and loads nothing", func() {
		s, _ := loadSuite()
		var b bytes.Buffer
		Expect(report.HTML(&b, s, report.Options{})).To(Succeed())
		out := b.String()
		Expect(out).To(ContainSubstring(`<script id="data" type="application/json">`))
		for _, remote := range []string{"http://", "https://", "src=", "href="} {
			Expect(out).NotTo(ContainSubstring(remote), "nothing is fetched: "+remote)
		}
	})

	It("keeps a model's text from closing its script or injecting markup", func() {
		s := hostileCases()
		s.Trials[0].FinalMessage = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
		var b bytes.Buffer
		Expect(report.HTML(&b, s, report.Options{})).To(Succeed())
		Expect(b.String()).NotTo(ContainSubstring("<script>alert(1)"))
		Expect(b.String()).NotTo(ContainSubstring("<img src=x"))
	})

	It("renders in a real browser: summary, heat map, filters, and a failing trial's drill-down, with no console error or network request", func() {
		exe := browser()
		sweep := realRun(sweepFile, []string{"order-cancellation"}, []string{"hard_error", "ack_without_apply", "timeout_after_commit", "stale_read", "compensation_noop"})
		var b bytes.Buffer
		Expect(report.HTML(&b, sweep, report.Options{})).To(Succeed())
		page := filepath.Join(GinkgoT().TempDir(), "report.html")
		Expect(os.WriteFile(page, b.Bytes(), 0o644)).To(Succeed())

		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		defer cancel()
		ctx, cancel := chromedp.NewContext(actx)
		defer cancel()
		ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
		defer cancel()

		var mu sync.Mutex
		var problems []string
		Expect(chromedp.Listen(ctx, func(ev any) {
			mu.Lock()
			defer mu.Unlock()
			switch e := ev.(type) {
			case *runtime.EventConsoleAPICalled:
				if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
					problems = append(problems, "console "+string(e.Type))
				}
			case *runtime.EventExceptionThrown:
				problems = append(problems, "exception: "+e.ExceptionDetails.Text)
			case *network.EventRequestWillBeSent:
				if !strings.HasPrefix(e.Request.URL, "file://") {
					problems = append(problems, "request: "+e.Request.URL)
				}
			}
		})).To(Succeed())

		failing := 0
		for _, t := range sweep.Trials {
			if !t.Passed {
				failing++
			}
		}
		text := func(id string) string {
			v, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
			Expect(err).NotTo(HaveOccurred())
			return v
		}
		count := func(css string) int {
			v, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("`+css+`").length`))
			Expect(err).NotTo(HaveOccurred())
			return v
		}
		Expect(chromedp.Do(ctx,
			chromedp.Navigate("file://"+page),
			chromedp.WaitVisible(chromedp.CSS("#trials tbody tr")),
		)).To(Succeed())
		title, summary, shownAll := text("title"), text("summary"), text("shown")
		rows, heat := count("#trials tbody tr"), count("#heatmap tr")
		Expect(chromedp.Do(ctx, chromedp.Click(chromedp.ID("failing")))).To(Succeed())
		afterFilter, shownFailing := count("#trials tbody tr"), text("shown")
		Expect(chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS("#trials tbody tr")),
			chromedp.WaitVisible(chromedp.ID("detail")),
		)).To(Succeed())
		detail := text("detail")

		Expect(title).To(Equal("evalrun: agent checked"))
		Expect(summary).To(HavePrefix("FAIL"))
		Expect(rows).To(Equal(len(sweep.Trials)))
		Expect(heat).To(Equal(1 + len(sweep.Sweep.Rows)))
		Expect(afterFilter).To(Equal(failing))
		Expect(shownFailing).To(ContainSubstring(strings.Fields(shownAll)[2]), "out of the same total")
		for _, want := range []string{"Steps", "Final message", "Faults that fired", "Tool calls", "State against the gold result", "Conversation"} {
			Expect(detail).To(ContainSubstring(want))
		}
		Expect(detail).To(ContainSubstring(sweep.Trials[indexOfFirstFailing(sweep)].Steps[0].ID))
		mu.Lock()
		defer mu.Unlock()
		Expect(problems).To(BeEmpty())
	})
})

func indexOfFirstFailing(s *result.Suite) int {
	for i, t := range s.Trials {
		if !t.Passed {
			return i
		}
	}
	return 0
}
