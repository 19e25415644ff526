package openai_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
	"github.com/evalrun/evalrun/scoring"
)

// runJSON runs list against a backend and returns the JSON report.
func runJSON(cfg openai.Config, list []*scenarios.Scenario, trials int) []byte {
	b, err := openai.New(cfg)
	Expect(err).NotTo(HaveOccurred())
	s, err := runner.Run(context.Background(), list, runner.Config{Agent: "openai", Factory: b.Factory(), Model: b.Model(),
		Cost: b.Cost, Trials: trials, Seed: 3, Jobs: 4})
	Expect(err).NotTo(HaveOccurred())
	var buf bytes.Buffer
	Expect(report.JSON(&buf, s, report.Options{})).To(Succeed())
	return buf.Bytes()
}

var _ = Describe("record and replay", func() {
	var (
		list []*scenarios.Scenario
		srv  *openaitest.Server
	)
	BeforeEach(func() {
		list = nil
		all, err := library.Load()
		Expect(err).NotTo(HaveOccurred())
		// The commerce scenarios: the scripts in fixtures/scripts play them.
		for _, s := range all {
			if s.Domain == "commerce" {
				list = append(list, s)
			}
		}
		scripts, err := agent.LoadScripts("../fixtures/scripts")
		Expect(err).NotTo(HaveOccurred())
		gold := openaitest.GoldScripts(list)
		for id, sp := range scripts {
			gold[id] = sp
		}
		srv = openaitest.New(list, gold)
		DeferCleanup(srv.Close)
	})

	It("replays a recorded run to a byte-identical report, offline and without a key", func() {
		dir := GinkgoT().TempDir()
		recorded := runJSON(openai.Config{Model: "gpt-4o-mini", BaseURL: srv.BaseURL(), APIKey: secret, Record: dir}, list, 2)
		served := srv.Requests()
		Expect(served).To(BeNumerically(">", 0))

		replayed := runJSON(openai.Config{Model: "gpt-4o-mini", Replay: dir}, list, 2)
		Expect(srv.Requests()).To(Equal(served), "replay never calls the endpoint")
		Expect(string(replayed)).To(Equal(string(recorded)))

		var doc struct {
			Usage struct {
				Requests int      `json:"requests"`
				Cost     *float64 `json:"cost_usd"`
			} `json:"usage"`
			Trials []struct{ Verdict string }
		}
		Expect(json.Unmarshal(replayed, &doc)).To(Succeed())
		Expect(doc.Usage.Requests).To(BeEquivalentTo(served))
		Expect(doc.Usage.Cost).NotTo(BeNil())
		verdicts := map[string]bool{}
		for _, t := range doc.Trials {
			verdicts[t.Verdict] = true
		}
		Expect(verdicts).To(HaveKey(scoring.VerdictFalseSuccess), "the gold script lies about silent failures")
		Expect(verdicts).NotTo(HaveKey(scoring.VerdictError))
	})

	It("never writes the key to a recording or the report", func() {
		dir := GinkgoT().TempDir()
		doc := runJSON(openai.Config{Model: "gpt-4o-mini", BaseURL: srv.BaseURL(), APIKey: secret, Record: dir}, list[:1], 1)
		Expect(string(doc)).NotTo(ContainSubstring(secret))
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		Expect(err).NotTo(HaveOccurred())
		Expect(files).NotTo(BeEmpty())
		for _, f := range files {
			Expect(f).To(HaveSuffix(".json"), "no temporary files left behind")
			b, err := os.ReadFile(f)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(b)).NotTo(ContainSubstring(secret))
			var ex openai.Exchange
			Expect(json.Unmarshal(b, &ex)).To(Succeed())
			Expect(filepath.Base(f)).To(Equal(ex.Key + ".json"))
			Expect(ex.Key).To(MatchRegexp(`^[0-9a-f]{64}$`))
			var req map[string]any
			Expect(json.Unmarshal(ex.Request, &req)).To(Succeed())
			Expect(req).To(HaveKeyWithValue("model", "gpt-4o-mini"))
			Expect(req).To(HaveKey("seed"))
			Expect(req).To(HaveKey("message_count"))
			Expect(req).To(HaveKey("last_message"))
			Expect(req["tools"]).To(ContainElement("issue_refund"))
		}
	})

	It("fails a trial loudly on a replay miss, naming the key and the folder", func() {
		dir := GinkgoT().TempDir()
		b, err := openai.New(openai.Config{Model: "gpt-4o-mini", Replay: dir})
		Expect(err).NotTo(HaveOccurred())
		s, err := runner.Run(context.Background(), list[:1], runner.Config{Agent: "openai", Factory: b.Factory(), Trials: 1, Seed: 1, Jobs: 1})
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Trials).NotTo(BeEmpty())
		for _, t := range s.Trials {
			Expect(t.Verdict).To(Equal(scoring.VerdictError))
			Expect(t.Error).To(MatchRegexp(`replay miss: no recording [0-9a-f]{64}\.json in ` + dir))
		}
		Expect(srv.Requests()).To(BeZero())
	})

	It("keys a request by what determines the reply, not by the endpoint or the key", func() {
		k1, _, err := openai.Key([]byte(`{"model":"m","seed":1,"messages":[{"role":"user","content":"hi"}]}`))
		Expect(err).NotTo(HaveOccurred())
		k2, _, _ := openai.Key([]byte(`{"messages": [{"content": "hi", "role": "user"}], "seed": 1, "model": "m"}`))
		Expect(k2).To(Equal(k1), "key order and spacing do not matter")
		for _, other := range []string{
			`{"model":"m","seed":2,"messages":[{"role":"user","content":"hi"}]}`,
			`{"model":"n","seed":1,"messages":[{"role":"user","content":"hi"}]}`,
			`{"model":"m","seed":1,"temperature":0.5,"messages":[{"role":"user","content":"hi"}]}`,
			`{"model":"m","seed":1,"messages":[{"role":"user","content":"hi!"}]}`,
		} {
			k, _, _ := openai.Key([]byte(other))
			Expect(k).NotTo(Equal(k1), other)
		}
		_, _, err = openai.Key([]byte("not json"))
		Expect(err).To(HaveOccurred())
	})
})
