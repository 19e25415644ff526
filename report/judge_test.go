package report_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/claims"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

// doubter is a claims judge in process: it reads every message as the
// rules do, except that it takes a refund claimed done for pending, quoting
// the whole message. Each read costs one request of 1000 + 50 tokens.
type doubter struct{}

var _ runner.Judge = doubter{}

func (doubter) Read(_ context.Context, s *scenarios.Scenario, message string, _ uint64) (map[string]result.JudgeClaim, agent.Usage, error) {
	rules := claims.Extract(message, scoring.ClaimSteps(s))
	out := map[string]result.JudgeClaim{}
	for _, st := range s.Steps {
		c := rules.Steps[st.ID]
		if st.ID == "refund" && c == claims.Done {
			c = claims.Pending
		}
		q := message
		if c == claims.Unmentioned {
			q = ""
		}
		out[st.ID] = result.JudgeClaim{Claim: string(c), Quote: q}
	}
	return out, agent.Usage{Requests: 1, PromptTokens: 1000, CompletionTokens: 50}, nil
}

// judgedRun runs the checked agent over two library scenarios with the
// doubting judge, its reading scored or not, and checks the JSON document
// against the golden file at path, when there is one.
func judgedRun(path string, score bool) *result.Suite {
	lib, err := library.Load()
	Expect(err).NotTo(HaveOccurred())
	var list []*scenarios.Scenario
	for _, id := range []string{"exchange", "order-cancellation"} {
		s, err := scenarios.Find(lib, id)
		Expect(err).NotTo(HaveOccurred())
		list = append(list, s)
	}
	suite, err := runner.Run(context.Background(), list, runner.Config{Agent: "checked", Trials: 1, Seed: 1, Jobs: 4,
		Judge: doubter{}, ScoreJudge: score, JudgeModel: "gpt-4o-mini",
		JudgeCost: func(u agent.Usage) *float64 { return openai.DefaultPrices.Cost("gpt-4o-mini", u) }})
	Expect(err).NotTo(HaveOccurred())
	if path != "" {
		var b bytes.Buffer
		Expect(report.JSON(&b, suite, report.Options{})).To(Succeed())
		golden(path, b.Bytes())
	}
	return suite
}

const judgeFile = "../fixtures/reports/judge-both.json"

var _ = Describe("a run read by a claims judge too", func() {
	It("matches the golden files in every format", func() {
		s := judgedRun(judgeFile, false)
		for _, f := range []struct{ format, path string }{
			{"text", "../fixtures/reports/judge-both.txt"},
			{"markdown", "../fixtures/reports/judge-both.md"},
			{"junit", "../fixtures/reports/judge-both.junit.xml"},
		} {
			render, err := report.Lookup(f.format)
			Expect(err).NotTo(HaveOccurred())
			var b bytes.Buffer
			Expect(render(&b, s, report.Options{})).To(Succeed())
			golden(f.path, b.Bytes())
		}
	})

	It("reports the agreement metric, both readings, the disagreements and the judge's usage apart", func() {
		s := judgedRun(judgeFile, false)
		Expect(s.Claims).To(Equal(result.ClaimsBoth))
		m, ok := s.Summary[result.MetricClaimsAgreement]
		Expect(ok).To(BeTrue())
		Expect(m.N).To(BeNumerically(">", 0))
		Expect(m.K).To(BeNumerically("<", m.N), "the judge doubts the refunds")
		Expect(m.CI95).NotTo(BeNil())
		lo, hi := result.Wilson(m.K, m.N)
		Expect(*m.CI95).To(Equal([2]float64{lo, hi}))
		Expect(s.Usage).To(BeNil(), "the checked agent calls no model")
		Expect(s.JudgeUsage).NotTo(BeNil())
		Expect(s.JudgeUsage.Requests).To(Equal(len(s.Trials)))
		Expect(s.JudgeUsage.CostUSD).NotTo(BeNil())

		var text, md, html bytes.Buffer
		Expect(report.Text(&text, s, report.Options{})).To(Succeed())
		Expect(report.Markdown(&md, s, report.Options{})).To(Succeed())
		Expect(report.HTML(&html, s, report.Options{})).To(Succeed())
		Expect(text.String()).To(MatchRegexp(`claims_agreement\s+\d+/\d+`))
		Expect(text.String()).To(ContainSubstring("judge_usage"))
		Expect(text.String()).To(ContainSubstring("P3 " + scoring.FindingDisagree))
		Expect(text.String()).To(ContainSubstring("(judge read pending)"))
		Expect(md.String()).To(ContainSubstring("| `claims_agreement` |"))
		Expect(md.String()).To(ContainSubstring("judge usage: "))
		Expect(html.String()).To(ContainSubstring(`"claims_agreement"`))

		disagree := 0
		for _, t := range s.Trials {
			for _, st := range t.Steps {
				Expect(st.Judge).NotTo(BeNil())
				Expect(st.Claim).To(Equal(st.RulesClaim), "the rules' reading is scored")
				if st.Judge.Claim != st.RulesClaim {
					disagree++
				}
			}
		}
		Expect(disagree).To(Equal(m.N - m.K))
		found := 0
		for _, f := range s.Findings {
			if f.Name == scoring.FindingDisagree {
				found++
				Expect(f.Severity).To(Equal("P3"))
				Expect(f.Detail).To(MatchRegexp(`^refund: the rules read done \(in ".+"\); the judge read pending \(quoting ".+"\); the rules' reading is scored$`))
			}
		}
		Expect(found).To(Equal(disagree), "one finding per disagreement")
	})

	It("scores the judge's reading with --claims judge, which changes the verdicts it reads differently", func() {
		both := judgedRun("", false)
		judged := judgedRun("", true)
		Expect(judged.Claims).To(Equal(result.ClaimsJudge))
		changed := map[string]int{}
		for i, t := range judged.Trials {
			for _, st := range t.Steps {
				Expect(st.Claim).To(Equal(st.Judge.Claim))
			}
			if t.Verdict != both.Trials[i].Verdict {
				changed[both.Trials[i].Verdict+" -> "+t.Verdict]++
			}
		}
		Expect(changed).To(HaveKey("false_success -> honest_partial"), "a refund falsely claimed done, read as pending, is disclosed")
		Expect(changed).To(HaveKey("success -> false_failure"), "a refund done and claimed, read as pending, is a false failure")
		Expect(judged.Summary[result.MetricClaimsAgreement]).To(Equal(both.Summary[result.MetricClaimsAgreement]))
	})

	It("lists both readings in JUnit's failures", func() {
		s := judgedRun(judgeFile, false)
		var b bytes.Buffer
		Expect(report.JUnit(&b, s, report.Options{})).To(Succeed())
		Expect(xml.Unmarshal(b.Bytes(), new(any))).To(Succeed())
		Expect(b.String()).To(ContainSubstring("(rules read done, judge read pending)"))
	})

	It("shows both readings in the HTML drill-down, in a real browser", func() {
		exe := browser()
		s := judgedRun(judgeFile, false)
		var b bytes.Buffer
		Expect(report.HTML(&b, s, report.Options{})).To(Succeed())
		page := filepath.Join(GinkgoT().TempDir(), "report.html")
		Expect(os.WriteFile(page, b.Bytes(), 0o644)).To(Succeed())
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		defer cancel()
		ctx, cancel := chromedp.NewContext(actx)
		defer cancel()
		ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		Expect(chromedp.Do(ctx,
			chromedp.Navigate("file://"+page),
			chromedp.WaitVisible(chromedp.CSS("#trials tbody tr")),
			chromedp.Click(chromedp.ID("failing")),
			chromedp.Click(chromedp.CSS("#trials tbody tr")),
			chromedp.WaitVisible(chromedp.ID("detail")),
		)).To(Succeed())
		text := func(id string) string {
			v, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
			Expect(err).NotTo(HaveOccurred())
			return v
		}
		summary, metrics, detail := text("summary"), text("metrics"), text("detail")
		Expect(summary).To(ContainSubstring("judge usage: "))
		Expect(summary).To(ContainSubstring("the rules scored, the judge (model gpt-4o-mini) read beside them"))
		Expect(metrics).To(ContainSubstring("claims_agreement"))
		Expect(detail).To(ContainSubstring("judge read"))
		Expect(strings.Count(detail, "rules read")).To(Equal(1))
	})
})
