// Package openai is the agent backend for real models: any endpoint that
// speaks the OpenAI chat-completions protocol (OpenAI, Azure OpenAI, Ollama,
// vLLM, LiteLLM). One Backend serves a whole run, so every trial shares its
// HTTP connections, its request-rate limit and its recordings.
package openai

import (
	"net/http"
	"time"
)

// DefaultBaseURL is OpenAI's own endpoint, the only one that needs a key.
const DefaultBaseURL = "https://api.openai.com/v1"

// Config is how to reach one endpoint for a whole run.
type Config struct {
	// Model is the model name the endpoint knows (for Azure: the deployment).
	Model string
	// BaseURL is the endpoint up to /chat/completions; empty means
	// DefaultBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token (Azure: the api-key header). It is
	// never logged, printed, recorded or part of an error message.
	APIKey string
	// KeyEnv names where the key came from, for messages that say what to
	// check; empty means OPENAI_API_KEY.
	KeyEnv string
	// APIType is "openai" (the default, also for every compatible server)
	// or "azure"; APIVersion is Azure's api-version.
	APIType    string
	APIVersion string
	// Temperature is sent only when set, so the endpoint's default applies
	// otherwise.
	Temperature *float32
	// Retry bounds the retries of rate limits, server errors and timeouts.
	Retry RetryPolicy
	// RequestsPerSecond caps the request rate across all trials; 0 is no
	// cap.
	RequestsPerSecond float64
	// Timeout bounds one HTTP attempt; 0 means DefaultTimeout.
	Timeout time.Duration
	// Record is a folder where every exchange is stored; Replay is one to
	// serve them from, without the network. At most one may be set.
	Record string
	Replay string
	// Prices estimate the cost; nil means DefaultPrices.
	Prices Prices
	// HTTPClient sends the requests; nil means a client tuned for many
	// concurrent trials against one host.
	HTTPClient *http.Client
	// Clock waits between retries; nil means the real clock. Tests pass a
	// fake one so that retries cost no real time.
	Clock Clock
}

// DefaultTimeout bounds one HTTP attempt when Config.Timeout is 0.
const DefaultTimeout = 2 * time.Minute

// API types.
const (
	APITypeOpenAI = "openai"
	APITypeAzure  = "azure"
)

// defaultClient keeps enough idle connections for every worker: the
// standard transport keeps two per host, and a run at --jobs 32 would
// otherwise open and close connections on most calls.
func defaultClient(timeout time.Duration) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 512
	t.MaxIdleConnsPerHost = 512
	return &http.Client{Transport: t, Timeout: timeout, CheckRedirect: checkRedirect}
}
