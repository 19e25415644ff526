package openaitest_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

func TestOpenAITest(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "openai/openaitest")
}

type reply struct {
	Choices []struct {
		Message struct {
			Content   string `json:"content"`
			ToolCalls []struct {
				ID       string `json:"id"`
				Function struct{ Name, Arguments string }
			} `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Model string `json:"model"`
	Usage struct {
		PromptTokens int `json:"prompt_tokens"`
	} `json:"usage"`
}

var _ = Describe("the fake endpoint", func() {
	var (
		srv  *openaitest.Server
		task string
	)
	BeforeEach(func() {
		list, err := library.Load()
		Expect(err).NotTo(HaveOccurred())
		srv = openaitest.New(list, openaitest.GoldScripts(list))
		DeferCleanup(srv.Close)
		s, err := scenarios.Find(list, "refund-and-replacement")
		Expect(err).NotTo(HaveOccurred())
		task = s.Task
	})

	post := func(path, body string) (int, reply) {
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		Expect(err).NotTo(HaveOccurred())
		defer resp.Body.Close()
		var r reply
		Expect(json.NewDecoder(resp.Body).Decode(&r)).To(Succeed())
		return resp.StatusCode, r
	}
	request := func(compact bool, assistants int) string {
		msgs := []map[string]any{{"role": "system", "content": "s"}, {"role": "user", "content": task}}
		for i := 0; i < assistants; i++ {
			msgs = append(msgs, map[string]any{"role": "assistant", "content": ""}, map[string]any{"role": "tool", "content": "{}"})
		}
		var b []byte
		if compact {
			b, _ = json.Marshal(map[string]any{"model": "m1", "messages": msgs})
		} else {
			b, _ = json.MarshalIndent(map[string]any{"model": "m1", "messages": msgs}, "", "  ")
		}
		return string(b)
	}

	DescribeTable("plays the scenario's script turn by turn, compact JSON or not",
		func(compact bool) {
			code, r := post("/v1/chat/completions", request(compact, 0))
			Expect(code).To(Equal(200))
			Expect(r.Model).To(Equal("m1"))
			Expect(r.Choices[0].FinishReason).To(Equal("tool_calls"))
			Expect(r.Choices[0].Message.ToolCalls[0].ID).To(Equal("call_1_1"))
			Expect(r.Choices[0].Message.ToolCalls[0].Function.Name).To(Equal("issue_refund"))
			Expect(r.Usage.PromptTokens).To(BeNumerically(">", 0))

			_, r = post("/v1/chat/completions", request(compact, 1))
			Expect(r.Choices[0].Message.ToolCalls[0].Function.Name).To(Equal("create_replacement"))

			_, r = post("/v1/chat/completions", request(compact, 2))
			Expect(r.Choices[0].FinishReason).To(Equal("stop"))
			Expect(r.Choices[0].Message.Content).To(HavePrefix("All done: I "))
			Expect(srv.Requests()).To(BeEquivalentTo(3))
		},
		Entry("compact", true),
		Entry("indented", false),
	)

	It("answers an unknown task with a 400 and an unknown path with a 404, in OpenAI's error shape", func() {
		code, _ := post("/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"hello?"}]}`)
		Expect(code).To(Equal(400))
		code, _ = post("/v1/embeddings", `{}`)
		Expect(code).To(Equal(404))
	})

	It("lets a hook answer instead, for failures", func() {
		srv.Hook = func(w http.ResponseWriter, _ *http.Request, n int64) bool {
			if n == 1 {
				openaitest.WriteError(w, 429, "3", "slow down")
				return true
			}
			return false
		}
		resp, err := http.Post(srv.BaseURL()+"/chat/completions", "application/json", strings.NewReader(request(true, 0)))
		Expect(err).NotTo(HaveOccurred())
		resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(429))
		Expect(resp.Header.Get("Retry-After")).To(Equal("3"))
		code, _ := post("/v1/chat/completions", request(true, 0))
		Expect(code).To(Equal(200))
	})
})
