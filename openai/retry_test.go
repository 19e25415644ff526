package openai_test

import (
	"net/http"
	"time"

	"github.com/jarcoal/httpmock"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
)

var _ = Describe("retries", func() {
	It("waits what Retry-After says after a 429, then succeeds", func() {
		b, mt, clock := mocked(openai.Config{})
		mt.RegisterResponder("POST", mockURL, errorReply(429, "7").Once().Then(okReply("hi")))
		r, u, err := next(b, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Content).To(Equal("hi"))
		Expect(clock.waits()).To(Equal([]time.Duration{7 * time.Second}))
		Expect(u).To(Equal(agent.Usage{Requests: 1, Retries: 1, PromptTokens: 100, CompletionTokens: 10}))
		Expect(mt.GetTotalCallCount()).To(Equal(2))
	})

	It("reads Retry-After as an HTTP date", func() {
		b, mt, clock := mocked(openai.Config{})
		at := clock.Now().Add(12 * time.Second).Format(http.TimeFormat)
		mt.RegisterResponder("POST", mockURL, errorReply(503, at).Once().Then(okReply("hi")))
		_, _, err := next(b, 1)
		Expect(err).NotTo(HaveOccurred())
		Expect(clock.waits()).To(Equal([]time.Duration{12 * time.Second}))
	})

	DescribeTable("backs off with jitter on a transient failure, then succeeds",
		func(first httpmock.Responder) {
			b, mt, clock := mocked(openai.Config{})
			mt.RegisterResponder("POST", mockURL, first.Once().Then(first.Once()).Then(okReply("hi")))
			_, u, err := next(b, 1)
			Expect(err).NotTo(HaveOccurred())
			Expect(u.Retries).To(Equal(2))
			w := clock.waits()
			Expect(w).To(HaveLen(2))
			base := openai.DefaultRetry.BaseDelay
			Expect(w[0]).To(BeNumerically(">=", base/2))
			Expect(w[0]).To(BeNumerically("<=", base))
			Expect(w[1]).To(BeNumerically(">=", base))
			Expect(w[1]).To(BeNumerically("<=", 2*base))
		},
		Entry("500", errorReply(500, "")),
		Entry("502 without a JSON body", httpmock.NewStringResponder(502, "<html>bad gateway</html>")),
		Entry("408", errorReply(408, "")),
		Entry("a refused connection", httpmock.ConnectionFailure),
	)

	DescribeTable("fails at once on a status that will not change",
		func(status int, want string) {
			b, mt, clock := mocked(openai.Config{APIKey: secret})
			mt.RegisterResponder("POST", mockURL, func(*http.Request) (*http.Response, error) {
				return httpmock.NewJsonResponse(status, map[string]any{"error": map[string]any{
					"message": "Incorrect API key provided: " + secret, "type": "invalid_request_error"}})
			})
			_, u, err := next(b, 1)
			Expect(err).To(MatchError(ContainSubstring(want)))
			Expect(err.Error()).NotTo(ContainSubstring(secret))
			Expect(mt.GetTotalCallCount()).To(Equal(1))
			Expect(clock.waits()).To(BeEmpty())
			Expect(u.Requests).To(Equal(1))
		},
		Entry("400", 400, "answered 400 Bad Request"),
		Entry("401", 401, "the API key was refused (check OPENAI_API_KEY)"),
		Entry("403", 403, "answered 403 Forbidden"),
		Entry("404", 404, `is model "gpt-4o-mini" served there`),
	)

	It("gives up after --max-retries and says so", func() {
		b, mt, clock := mocked(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 3, BaseDelay: time.Second, MaxDelay: 2 * time.Second, MaxElapsed: time.Hour}})
		mt.RegisterResponder("POST", mockURL, errorReply(503, ""))
		_, u, err := next(b, 1)
		Expect(err).To(MatchError(And(ContainSubstring("503 Service Unavailable"), ContainSubstring("gave up after 4 attempts"))))
		Expect(mt.GetTotalCallCount()).To(Equal(4))
		Expect(u.Retries).To(Equal(3))
		for _, w := range clock.waits() {
			Expect(w).To(BeNumerically("<=", 2*time.Second), "a wait is capped")
		}
	})

	It("does not start a wait that would pass the retry budget", func() {
		b, mt, clock := mocked(openai.Config{Retry: openai.RetryPolicy{MaxRetries: 10, BaseDelay: time.Second, MaxDelay: time.Minute, MaxElapsed: 30 * time.Second}})
		mt.RegisterResponder("POST", mockURL, errorReply(429, "120"))
		_, _, err := next(b, 1)
		Expect(err).To(MatchError(ContainSubstring("the next wait (2m0s) would pass the 30s retry budget")))
		Expect(mt.GetTotalCallCount()).To(Equal(1))
		Expect(clock.waits()).To(BeEmpty())
	})

	It("spaces requests by --rps across every trial", func() {
		mt := httpmock.NewMockTransport()
		mt.RegisterResponder("POST", mockURL, okReply("hi"))
		b, err := openai.New(openai.Config{Model: "m", BaseURL: mockBase, HTTPClient: &http.Client{Transport: mt}, RequestsPerSecond: 50})
		Expect(err).NotTo(HaveOccurred())
		start := time.Now()
		done := make(chan struct{})
		for i := 0; i < 6; i++ {
			go func() {
				defer GinkgoRecover()
				_, _, err := next(b, uint64(i))
				Expect(err).NotTo(HaveOccurred())
				done <- struct{}{}
			}()
		}
		for i := 0; i < 6; i++ {
			<-done
		}
		Expect(time.Since(start)).To(BeNumerically(">=", 90*time.Millisecond), "6 requests at 50/s take 100ms less the first")
	})
})
