package cli

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/runner"
)

// openaiFlags are the run flags of the openai agent.
type openaiFlags struct {
	model, baseURL, apiType, apiVersion string
	temperature                         *float32
	maxRetries                          int
	retryBudget, timeout                time.Duration
	rps                                 float64
	record, replay, prices              string
}

// addOpenAIFlags defines the openai agent's flags on the run command.
func addOpenAIFlags(fs *flag.FlagSet) *openaiFlags {
	o := &openaiFlags{}
	fs.StringVar(&o.model, "model", "", "model `NAME` for --agent openai (Azure: the deployment)")
	fs.StringVar(&o.baseURL, "base-url", "", "OpenAI-compatible endpoint `URL` (also: OPENAI_BASE_URL; default "+openai.DefaultBaseURL+")")
	fs.StringVar(&o.apiType, "api-type", openai.APITypeOpenAI, "endpoint protocol: openai (any compatible server) or azure")
	fs.StringVar(&o.apiVersion, "api-version", "", "Azure OpenAI api-version (default: go-openai's)")
	fs.Func("temperature", "sampling temperature `T` (default: not sent, the endpoint's default)", func(s string) error {
		v, err := strconv.ParseFloat(s, 32)
		if err != nil || v < 0 || v > 2 {
			return fmt.Errorf("want a number from 0 to 2")
		}
		t := float32(v)
		o.temperature = &t
		return nil
	})
	fs.IntVar(&o.maxRetries, "max-retries", openai.DefaultRetry.MaxRetries, "retries of one model call after 429, 5xx, timeouts and connection errors")
	fs.DurationVar(&o.retryBudget, "retry-budget", openai.DefaultRetry.MaxElapsed, "the most time one model call may spend retrying")
	fs.DurationVar(&o.timeout, "timeout", openai.DefaultTimeout, "timeout of one HTTP attempt")
	fs.Float64Var(&o.rps, "rps", 0, "model requests per second across all trials (0: no limit)")
	fs.StringVar(&o.record, "record", "", "store every model exchange in `DIR`, for --replay")
	fs.StringVar(&o.replay, "replay", "", "answer model calls from recordings in `DIR`; a miss is an error, never a network call")
	fs.StringVar(&o.prices, "prices", "", "YAML or JSON `FILE` of model -> {input, output} USD per 1M tokens, over the built-in table")
	return o
}

// agentModelOnly are the flags of the openai agent's own endpoint.
var agentModelOnly = []string{"model", "base-url", "api-type", "api-version", "temperature"}

// transportOnly shape every model call, the openai agent's and the claims
// judge's: they mean nothing when neither runs.
var transportOnly = []string{"max-retries", "retry-budget", "timeout", "rps", "record", "replay", "prices"}

// openaiOnly are the flags that mean nothing to the other agents when no
// judge runs.
var openaiOnly = append(append([]string(nil), agentModelOnly...), transportOnly...)

// checkUnused rejects another agent's flags, which would otherwise run
// something the user did not ask for without a word.
func checkUnused(fs *flag.FlagSet, agentName string, others []string, owner string) error {
	var set []string
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(others, f.Name) {
			set = append(set, "--"+f.Name)
		}
	})
	if len(set) > 0 {
		return fmt.Errorf("%s: only for %s, not %s", strings.Join(set, ", "), owner, agentName)
	}
	return nil
}

// configure builds the backend and hands it to the runner. Every problem
// here is the caller's (a missing key, a bad prices file): exit 2.
func (o *openaiFlags) configure(cfg *runner.Config) error {
	c, err := o.transport()
	if err != nil {
		return err
	}
	c.Model, c.BaseURL, c.APIKey = o.model, o.agentBaseURL(), os.Getenv("OPENAI_API_KEY")
	c.APIType, c.APIVersion, c.Temperature = o.apiType, o.apiVersion, o.temperature
	b, err := openai.New(c)
	if err != nil {
		return err
	}
	cfg.Factory, cfg.Model, cfg.Cost = b.Factory(), b.Model(), b.Cost
	return nil
}

// agentBaseURL is the agent's endpoint as given: --base-url, else
// OPENAI_BASE_URL; empty means OpenAI's.
func (o *openaiFlags) agentBaseURL() string {
	if o.baseURL != "" {
		return o.baseURL
	}
	return os.Getenv("OPENAI_BASE_URL")
}

// transport is the part of a backend's configuration every model call of
// the run shares: retries, timeouts, rate, recordings and prices.
func (o *openaiFlags) transport() (openai.Config, error) {
	switch {
	case o.maxRetries < 0:
		return openai.Config{}, fmt.Errorf("--max-retries must be at least 0, got %d", o.maxRetries)
	case o.rps < 0:
		return openai.Config{}, fmt.Errorf("--rps must be at least 0, got %v", o.rps)
	case o.retryBudget <= 0 || o.timeout <= 0:
		return openai.Config{}, fmt.Errorf("--retry-budget and --timeout must be positive")
	}
	c := openai.Config{
		Retry:             openai.RetryPolicy{MaxRetries: o.maxRetries, BaseDelay: openai.DefaultRetry.BaseDelay, MaxDelay: openai.DefaultRetry.MaxDelay, MaxElapsed: o.retryBudget},
		RequestsPerSecond: o.rps, Timeout: o.timeout, Record: o.record, Replay: o.replay,
	}
	if o.prices != "" {
		p, err := openai.LoadPrices(o.prices)
		if err != nil {
			return openai.Config{}, err
		}
		c.Prices = p
	}
	return c, nil
}
