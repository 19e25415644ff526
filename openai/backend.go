package openai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	goopenai "github.com/sashabaranov/go-openai"
	"golang.org/x/time/rate"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/scenarios"
)

// Backend is one endpoint for a whole run: every trial's model shares its
// client, connection pool, rate limit and recordings.
type Backend struct {
	cfg    Config
	client *goopenai.Client
	tools  toolCache
	redact redactor
}

// New checks cfg and builds the backend. A missing key is an error only
// for OpenAI's own endpoint and Azure, and not when replaying: local
// servers (Ollama, vLLM) need none.
func New(cfg Config) (*Backend, error) {
	if cfg.Model == "" {
		return nil, errors.New("the openai agent needs --model NAME")
	}
	if cfg.KeyEnv == "" {
		cfg.KeyEnv = "OPENAI_API_KEY"
	}
	if cfg.Record != "" && cfg.Replay != "" {
		return nil, errors.New("--record and --replay cannot be used together")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.APIType == "" {
		cfg.APIType = APITypeOpenAI
	}
	if cfg.APIType != APITypeOpenAI && cfg.APIType != APITypeAzure {
		return nil, fmt.Errorf("unknown API type %q (known: openai, azure)", cfg.APIType)
	}
	needsKey := cfg.BaseURL == DefaultBaseURL || cfg.APIType == APITypeAzure
	if cfg.APIKey == "" && needsKey && cfg.Replay == "" {
		return nil, fmt.Errorf("no API key for %s: set %s (or --replay a recording)", cfg.BaseURL, cfg.KeyEnv)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Retry == (RetryPolicy{}) {
		cfg.Retry = DefaultRetry
	}
	if cfg.Prices == nil {
		cfg.Prices = DefaultPrices
	}
	if cfg.Clock == nil {
		cfg.Clock = RealClock{}
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = defaultClient(cfg.Timeout)
	}
	var d doer
	if cfg.Replay != "" {
		d = &replayer{dir: cfg.Replay}
	} else {
		r := &retrier{next: cfg.HTTPClient, policy: cfg.Retry, clock: cfg.Clock}
		if cfg.RequestsPerSecond > 0 {
			r.limiter = rate.NewLimiter(rate.Limit(cfg.RequestsPerSecond), 1)
		}
		d = r
		if cfg.Record != "" {
			d = &recorder{next: r, dir: cfg.Record, redact: newRedactor(cfg.APIKey)}
		}
	}
	var cc goopenai.ClientConfig
	if cfg.APIType == APITypeAzure {
		cc = goopenai.DefaultAzureConfig(cfg.APIKey, cfg.BaseURL)
		if cfg.APIVersion != "" {
			cc.APIVersion = cfg.APIVersion
		}
	} else {
		cc = goopenai.DefaultConfig(cfg.APIKey)
		cc.BaseURL = cfg.BaseURL
	}
	cc.HTTPClient = capture{d}
	return &Backend{cfg: cfg, client: goopenai.NewClientWithConfig(cc), redact: newRedactor(cfg.APIKey)}, nil
}

// Factory builds one model per trial, all sharing the backend.
func (b *Backend) Factory() agent.Factory {
	return func(_ *scenarios.Scenario, o agent.Options) (agent.Model, error) {
		return &model{b: b, seed: o.Seed}, nil
	}
}

// Model is the model name the backend talks to.
func (b *Backend) Model() string { return b.cfg.Model }

// Cost estimates what u cost at the backend's prices; nil when unknown.
func (b *Backend) Cost(u agent.Usage) *float64 { return b.cfg.Prices.Cost(b.cfg.Model, u) }

// model is one trial's view of the backend; it meters what the trial spent.
type model struct {
	b     *Backend
	seed  uint64
	usage agent.Usage
}

var (
	_ agent.Model   = (*model)(nil)
	_ agent.Metered = (*model)(nil)
)

// Next sends the conversation and returns the model's turn.
func (m *model) Next(ctx context.Context, req agent.Request) (agent.Reply, error) {
	creq := goopenai.ChatCompletionRequest{
		Model:       m.b.cfg.Model,
		Messages:    toMessages(req.Messages),
		Tools:       m.b.tools.tools(req.Tools),
		Seed:        requestSeed(m.seed),
		Temperature: wireTemperature(m.b.cfg.Temperature),
	}
	var c call
	_, err := m.b.client.CreateChatCompletion(withCall(ctx, &c), creq)
	m.usage = m.usage.Add(agent.Usage{Requests: 1, Retries: c.retries})
	if err != nil {
		return agent.Reply{}, m.b.explain(err, &c)
	}
	if !c.captured {
		return agent.Reply{}, errors.New("internal error: the reply was not captured")
	}
	d, err := DecodeReply(c.body, c.contentType)
	if d.Known {
		m.usage = m.usage.Add(agent.Usage{PromptTokens: d.Prompt, CompletionTokens: d.Completion})
	} else {
		m.usage.Unknown = agent.SatAdd(m.usage.Unknown, 1)
	}
	if err != nil {
		return agent.Reply{}, errors.New(m.b.redact.String(err.Error()))
	}
	return m.b.redact.Reply(d.Reply), nil
}

// capture takes every successful reply's body for DecodeReply and hands
// go-openai an empty object in its place. go-openai builds the request
// (URLs, Azure, headers) and reads error replies; its typed decoding of a
// success is both too strict (it fails a whole reply whose arguments come
// as an object) and too lenient (a null message, a null choice and an
// empty answer all look alike), so evalrun reads successes itself.
type capture struct{ next doer }

var _ doer = capture{}

func (c capture) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.next.Do(req)
	if err != nil || !success(resp) {
		return resp, err
	}
	b, err := slurp(resp)
	if err != nil {
		return nil, err
	}
	cl := callOf(req.Context())
	cl.body = b
	cl.contentType, cl.captured = resp.Header.Get("Content-Type"), true
	resp.Body = io.NopCloser(strings.NewReader("{}"))
	resp.ContentLength = 2
	return resp, nil
}

// Usage is what the trial's calls spent so far.
func (m *model) Usage() agent.Usage { return m.usage }

// explain turns a failed call into a message a user can act on, with the
// key scrubbed from anything the server echoed.
func (b *Backend) explain(err error, a *call) error {
	if errors.Is(err, ErrReplayMiss) {
		return err
	}
	status, msg := 0, ""
	var apiErr *goopenai.APIError
	var reqErr *goopenai.RequestError
	switch {
	case errors.As(err, &apiErr):
		status, msg = apiErr.HTTPStatusCode, apiErr.Message
	case errors.As(err, &reqErr):
		status, msg = reqErr.HTTPStatusCode, Excerpt(reqErr.Body)
	}
	var out string
	switch status {
	case 0:
		out = fmt.Sprintf("calling %s: %v", b.cfg.BaseURL, err)
	case http.StatusUnauthorized, http.StatusForbidden:
		// The server's text may quote part of the key: leave it out.
		out = fmt.Sprintf("%s answered %d %s: the API key was refused (check %s)",
			b.cfg.BaseURL, status, http.StatusText(status), b.cfg.KeyEnv)
	case http.StatusNotFound:
		out = fmt.Sprintf("%s answered 404 Not Found (is model %q served there, and is the base URL right?): %s",
			b.cfg.BaseURL, b.cfg.Model, msg)
	default:
		out = fmt.Sprintf("%s answered %d %s: %s", b.cfg.BaseURL, status, http.StatusText(status), msg)
	}
	if a.gaveUp != "" {
		out += " (" + a.gaveUp + ")"
	}
	if status != 0 {
		return &StatusError{Status: status, msg: b.redact.String(out)}
	}
	return errors.New(b.redact.String(out))
}
