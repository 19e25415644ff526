package openai

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/agent"
)

// Price is what a model charges, in USD per million tokens.
type Price struct {
	Input  float64 `json:"input" yaml:"input"`
	Output float64 `json:"output" yaml:"output"`
}

// Prices maps a model name to its price.
type Prices map[string]Price

// DefaultPrices are OpenAI's list prices for common models as published on
// openai.com/api/pricing in August 2025 (standard tier, no cached-input
// discount). They are estimates that go stale: pass --prices to correct or
// extend them. Local models (Ollama, vLLM) have no entry, so their cost is
// reported as unknown rather than 0.
var DefaultPrices = Prices{
	"gpt-5":         {Input: 1.25, Output: 10.00},
	"gpt-5-mini":    {Input: 0.25, Output: 2.00},
	"gpt-5-nano":    {Input: 0.05, Output: 0.40},
	"gpt-4.1":       {Input: 2.00, Output: 8.00},
	"gpt-4.1-mini":  {Input: 0.40, Output: 1.60},
	"gpt-4.1-nano":  {Input: 0.10, Output: 0.40},
	"gpt-4o":        {Input: 2.50, Output: 10.00},
	"gpt-4o-mini":   {Input: 0.15, Output: 0.60},
	"o3":            {Input: 2.00, Output: 8.00},
	"o3-mini":       {Input: 1.10, Output: 4.40},
	"o4-mini":       {Input: 1.10, Output: 4.40},
	"gpt-3.5-turbo": {Input: 0.50, Output: 1.50},
}

// LoadPrices reads a YAML or JSON map of model name to {input, output} and
// lays it over DefaultPrices.
func LoadPrices(path string) (Prices, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("prices: %w", err)
	}
	var p Prices
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := Prices{}
	for m, v := range DefaultPrices {
		out[m] = v
	}
	for m, v := range p {
		if v.Input < 0 || v.Output < 0 {
			return nil, fmt.Errorf("%s: %s: a price cannot be negative", path, m)
		}
		out[m] = v
	}
	return out, nil
}

// Lookup finds a model's price: its exact name, else the longest entry it
// extends with a dash ("gpt-4o-mini-2024-07-18" is priced as "gpt-4o-mini").
func (p Prices) Lookup(model string) (Price, bool) {
	if v, ok := p[model]; ok {
		return v, true
	}
	best, found := "", false
	for m := range p {
		if strings.HasPrefix(model, m+"-") && len(m) > len(best) {
			best, found = m, true
		}
	}
	return p[best], found
}

// Cost estimates what u cost on model; nil when the model has no price.
func (p Prices) Cost(model string, u agent.Usage) *float64 {
	v, ok := p.Lookup(model)
	if !ok {
		return nil
	}
	c := (float64(u.PromptTokens)*v.Input + float64(u.CompletionTokens)*v.Output) / 1e6
	return &c
}
