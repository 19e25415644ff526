package openai_test

import (
	"context"
	"errors"
	"net/http"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
)

var _ = Describe("a completion outside the agent loop", func() {
	msgs := []agent.Message{{Role: "system", Content: "s"}, {Role: "user", Content: "u"}}

	It("sends JSON mode, the seed and its own temperature, and returns the text and its usage", func() {
		var got []wireRequest
		hot := float32(1.5)
		b, mt, _ := mocked(openai.Config{Temperature: &hot})
		mt.RegisterResponder("POST", mockURL, func(req *http.Request) (*http.Response, error) {
			got = append(got, decode(req))
			return httpmock.NewJsonResponse(200, reply(`{"steps": []}`))
		})
		zero := float32(0)
		out, err := b.Complete(context.Background(), openai.Completion{Messages: msgs, JSON: true, Seed: 8, Temperature: &zero})
		Expect(err).NotTo(HaveOccurred())
		Expect(out.Content).To(Equal(`{"steps": []}`))
		Expect(out.Usage).To(Equal(agent.Usage{Requests: 1, PromptTokens: 100, CompletionTokens: 10}))
		Expect(string(got[0].Raw)).To(ContainSubstring(`"response_format":{"type":"json_object"}`))
		Expect(*got[0].Seed).To(Equal(int64(8)))
		Expect(*got[0].Temperature).To(BeNumerically("<", 1e-30))
		Expect(got[0].Tools).To(BeEmpty())

		_, err = b.Complete(context.Background(), openai.Completion{Messages: msgs})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(got[1].Raw)).NotTo(ContainSubstring("response_format"))
		Expect(*got[1].Temperature).To(BeNumerically("==", 1.5), "the backend's temperature otherwise")
	})

	It("says which status an error answered, with the key scrubbed and named", func() {
		b, mt, _ := mocked(openai.Config{APIKey: secret, KeyEnv: "EVALRUN_JUDGE_API_KEY"})
		mt.RegisterResponder("POST", mockURL, httpmock.NewJsonResponderOrPanic(401, map[string]any{"error": map[string]any{"message": "bad key " + secret}}))
		out, err := b.Complete(context.Background(), openai.Completion{Messages: msgs})
		var se *openai.StatusError
		Expect(errors.As(err, &se)).To(BeTrue())
		Expect(se.Status).To(Equal(401))
		Expect(err.Error()).To(ContainSubstring("check EVALRUN_JUDGE_API_KEY"))
		Expect(err.Error()).NotTo(ContainSubstring(secret))
		Expect(out.Usage.Requests).To(Equal(1))
	})

	It("refuses a reply that calls tools or is not a complete answer", func() {
		b, mt, _ := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, httpmock.NewJsonResponderOrPanic(200, reply("", [2]string{"get_order", "{}"})))
		_, err := b.Complete(context.Background(), openai.Completion{Messages: msgs})
		Expect(err).To(MatchError(ContainSubstring("the reply called tools")))
		mt.RegisterResponder("POST", mockURL, httpmock.NewJsonResponderOrPanic(200, reply("  ")))
		_, err = b.Complete(context.Background(), openai.Completion{Messages: msgs})
		Expect(err).To(MatchError(ContainSubstring("final reply empty")))
	})
})
