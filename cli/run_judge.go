package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evalrun/evalrun/judge"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
)

// The claims judge's environment: its model, its endpoint and its key.
const (
	envJudgeModel   = "EVALRUN_JUDGE_MODEL"
	envJudgeBaseURL = "EVALRUN_JUDGE_BASE_URL"
	envJudgeKey     = "EVALRUN_JUDGE_API_KEY"
)

// judgeDir is the folder, inside --record and --replay, that holds the
// judge's exchanges, apart from the agent's.
const judgeDir = "judge"

// judgeFlags are the run flags of the claims judge.
type judgeFlags struct {
	claims, model, baseURL string
}

func addJudgeFlags(fs *flag.FlagSet) *judgeFlags {
	j := &judgeFlags{}
	fs.StringVar(&j.claims, "claims", result.ClaimsRules, "who reads the final message's claims: rules (the extractor), judge (an LLM, scored instead), both (rules scored, the judge's reading beside, disagreements reported)")
	fs.StringVar(&j.model, "judge-model", "", "the claims judge's model `NAME` (also: "+envJudgeModel+")")
	fs.StringVar(&j.baseURL, "judge-base-url", "", "the claims judge's OpenAI-compatible endpoint `URL` (also: "+envJudgeBaseURL+"; default: the agent's endpoint); its key comes from "+envJudgeKey)
	return j
}

// judgeOnly are the flags that mean nothing without a judge.
var judgeOnly = []string{"judge-model", "judge-base-url"}

// on says whether a judge reads the claims.
func (j *judgeFlags) on() bool { return j.claims != result.ClaimsRules }

// configure builds the judge and hands it to the runner. The judge talks
// to --judge-base-url (or EVALRUN_JUDGE_BASE_URL), else to the agent's
// endpoint with the agent's API type. Its key is EVALRUN_JUDGE_API_KEY;
// on the agent's endpoint, OPENAI_API_KEY when that is unset. The agent's
// key is never sent anywhere else. It shares the transport flags: retries,
// timeout, rate, prices, and recordings in the judge/ folder of --record
// and --replay.
func (j *judgeFlags) configure(fs *flag.FlagSet, o *openaiFlags, agentIsOpenAI bool, cfg *runner.Config) error {
	switch j.claims {
	case result.ClaimsRules:
		return checkUnused(fs, "--claims rules", judgeOnly, "--claims judge or both")
	case result.ClaimsJudge, result.ClaimsBoth:
	default:
		return fmt.Errorf("--claims %q: want rules, judge or both", j.claims)
	}
	model := firstOf(j.model, os.Getenv(envJudgeModel))
	if model == "" {
		return fmt.Errorf("--claims %s needs --judge-model NAME (or %s)", j.claims, envJudgeModel)
	}
	c, err := o.transport()
	if err != nil {
		return err
	}
	agentBase := openai.DefaultBaseURL
	if agentIsOpenAI {
		agentBase = firstOf(o.agentBaseURL(), agentBase)
	} else {
		agentBase = firstOf(os.Getenv("OPENAI_BASE_URL"), agentBase)
	}
	base := firstOf(j.baseURL, os.Getenv(envJudgeBaseURL))
	same := base == "" || strings.TrimRight(base, "/") == strings.TrimRight(agentBase, "/")
	c.Model, c.BaseURL, c.APIType = model, firstOf(base, agentBase), openai.APITypeOpenAI
	if same && agentIsOpenAI {
		c.APIType, c.APIVersion = o.apiType, o.apiVersion
	}
	c.APIKey, c.KeyEnv = os.Getenv(envJudgeKey), envJudgeKey
	if c.APIKey == "" && same {
		c.APIKey, c.KeyEnv = os.Getenv("OPENAI_API_KEY"), envJudgeKey+" or OPENAI_API_KEY"
	}
	if c.Record != "" {
		c.Record = filepath.Join(c.Record, judgeDir)
	}
	if c.Replay != "" {
		c.Replay = filepath.Join(c.Replay, judgeDir)
	}
	b, err := openai.New(c)
	if err != nil {
		return fmt.Errorf("the claims judge: %w", err)
	}
	cfg.Judge = judge.New(b)
	cfg.ScoreJudge = j.claims == result.ClaimsJudge
	cfg.JudgeModel, cfg.JudgeCost = b.Model(), b.Cost
	return nil
}

var _ runner.Judge = (*judge.Judge)(nil)

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
