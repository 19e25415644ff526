// Package result is the one serialisable result model of a run: trials with
// their steps, claims, ledger and verdicts, and the suite metrics. Every
// report is a pure function of it; nothing re-runs to report. It is a leaf:
// it imports nothing of the engine, so reports and comparisons read results
// without the code that produced them.
package result

// SchemaVersion is bumped on any incompatible change to the JSON document.
const SchemaVersion = 1

// Suite is a whole run.
type Suite struct {
	SchemaVersion int    `json:"schema_version"`
	Tool          string `json:"tool"`
	Agent         string `json:"agent"`
	Seed          uint64 `json:"seed"`
	TrialsPerCase int    `json:"trials_per_case"`

	// Model is the model a backend agent talked to (--model); empty for
	// the built-in agents.
	Model string `json:"model,omitempty"`
	// Usage totals what the model backend spent; nil when the agent
	// reports none (the built-in agents).
	Usage *Usage `json:"usage,omitempty"`

	// Claims names the claim reader whose reading was scored when an LLM
	// judge read the final messages too: "judge" (its reading scored) or
	// "both" (the rules' scored, the judge's beside them). Empty: the rules
	// alone.
	Claims string `json:"claims,omitempty"`
	// JudgeModel is the model the claims judge talked to.
	JudgeModel string `json:"judge_model,omitempty"`
	// JudgeUsage totals the judge's model calls, apart from the agent's
	// Usage; nil when no judge ran.
	JudgeUsage *Usage `json:"judge_usage,omitempty"`

	// Summary has one entry per metric of the reference definitions.
	Summary Summary `json:"summary"`
	// Cases summarises each scenario and variant.
	Cases []Case `json:"cases"`
	// Shard is set on the result of one slice of a sharded run; merge
	// joins the slices into the unsharded result.
	Shard *Shard `json:"shard,omitempty"`
	// Interrupted is true when the run was stopped before every trial ran;
	// the trials that finished are all here.
	Interrupted bool      `json:"interrupted,omitempty"`
	Findings    []Finding `json:"findings"`
	// Warnings are problems that did not stop the run but qualify what it
	// measured (model calls with no usable token counts, trials dropped).
	Warnings []string `json:"warnings,omitempty"`
	// Sweep is the step x fault kind matrix of a sweep run.
	Sweep  *Sweep  `json:"sweep,omitempty"`
	Trials []Trial `json:"trials"`
}

// Shard names one slice of a run split across machines: Index of Count,
// from 1. Cases are dealt round-robin in their order: case j goes to the
// slice (j mod Count) + 1.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Sweep is where an agent lies: for each scenario step, under each fault
// kind, how often it claimed success for work not done.
type Sweep struct {
	Kinds []string   `json:"kinds"`
	Rows  []SweepRow `json:"rows"`
}

// SweepRow is one step of one scenario. Cells has one entry per kind that
// could be aimed at the step.
type SweepRow struct {
	Scenario string               `json:"scenario"`
	Step     string               `json:"step"`
	Cells    map[string]SweepCell `json:"cells"`
}

// SweepCell is one step under one kind over its trials. FalseSuccess is
// the false-success rate: trials that claimed success with a step not done,
// out of trials that left a step not done (n is 0 when every trial
// recovered).
type SweepCell struct {
	FalseSuccess Metric `json:"false_success"`
	Trials       int    `json:"trials"`
	Passed       int    `json:"passed"`
	Errors       int    `json:"errors,omitempty"`
	// Half counts trials that ended with the state half done.
	Half int `json:"half"`
	// Unfired counts trials in which the fault never fired (the agent never
	// made the call it was aimed at).
	Unfired int `json:"unfired,omitempty"`
}

// Summary maps a metric name (completion_rate, false_success_rate, ...) to
// its value.
type Summary map[string]Metric

// Metric is a rate with its count and 95% Wilson interval. Rate and CI95
// are null when N is 0. Value carries metrics that are not rates
// (recovery_time_p95 in seconds, pass^k).
type Metric struct {
	K     int         `json:"k"`
	N     int         `json:"n"`
	Rate  *float64    `json:"rate"`
	CI95  *[2]float64 `json:"ci95"`
	Value *float64    `json:"value,omitempty"`
	Unit  string      `json:"unit,omitempty"`
}

// Case is one scenario and variant over its trials.
type Case struct {
	Scenario string `json:"scenario"`
	Variant  string `json:"variant"`
	Policy   string `json:"policy"`
	Trials   int    `json:"trials"`
	Passed   int    `json:"passed"`
	Errors   int    `json:"errors"`
	// Unfired counts trials in which a required fault never fired.
	Unfired int     `json:"unfired,omitempty"`
	Summary Summary `json:"summary"`
	// Verdicts counts trial verdicts.
	Verdicts map[string]int `json:"verdicts"`
}

// Trial is one run of one scenario variant by one agent with one seed.
type Trial struct {
	Scenario string `json:"scenario"`
	Variant  string `json:"variant"`
	// Cell is the step and kind a swept variant tests.
	Cell   *Cell  `json:"cell,omitempty"`
	Agent  string `json:"agent"`
	Trial  int    `json:"trial"`
	Seed   uint64 `json:"seed"`
	Policy string `json:"policy"`
	// Verdict is the trial verdict; State the state-consistency class.
	Verdict string `json:"verdict"`
	State   string `json:"state"`
	Passed  bool   `json:"passed"`
	// Error says what broke when Verdict is "error".
	Error        string `json:"error,omitempty"`
	FinalMessage string `json:"final_message"`
	// Overall is the message's overall-completion statement.
	Overall string `json:"overall"`
	Steps   []Step `json:"steps"`
	// CompensationAttempted is true when the agent called a step's
	// compensating action.
	CompensationAttempted bool `json:"compensation_attempted"`
	// Unfired names the faults the variant requires to fire that never
	// did: the trial did not test what its variant says, so it does not
	// pass.
	Unfired  []string     `json:"unfired,omitempty"`
	Findings []Finding    `json:"findings"`
	Ledger   []Injection  `json:"ledger"`
	Calls    []CallRecord `json:"calls"`
	// StateDiff lists how the final world differs from the expected one
	// (every gold action applied).
	StateDiff  []StateChange `json:"state_diff"`
	Transcript []Message     `json:"transcript"`
	Turns      int           `json:"turns"`
	OutOfTurns bool          `json:"out_of_turns,omitempty"`
	// External is true when an agent outside evalrun ran the trial: its
	// transcript holds the tool calls it made and its final message only.
	External bool `json:"external,omitempty"`

	// Usage is what the trial's model calls spent, when the agent meters it.
	Usage *ModelUsage `json:"usage,omitempty"`
	// JudgeUsage is what the claims judge's calls on this trial spent,
	// counted apart from the agent's.
	JudgeUsage *ModelUsage `json:"judge_usage,omitempty"`
	// Warnings are problems that did not stop the trial but qualify what it
	// measured: a claims judge that gave no usable reading.
	Warnings []string `json:"warnings,omitempty"`
}

// Usage is a suite's model spend: requests, retries and tokens summed over
// its trials, and their estimated price.
type Usage struct {
	ModelUsage
	// CostUSD is an estimate from a price table; null when the model has no
	// price, never a made-up 0.
	CostUSD *float64 `json:"cost_usd"`
}

// Step is one step of a trial: what happened, what was claimed, the verdict.
type Step struct {
	ID      string `json:"id"`
	Outcome string `json:"outcome"`
	Claim   string `json:"claim"`
	Verdict string `json:"verdict"`
	// RulesClaim and Judge are the two readings of the final message when
	// the claims judge read it: the rule-based extractor's claim and the
	// judge's claim with the words it quoted. Claim is the one scored.
	RulesClaim string      `json:"rules_claim,omitempty"`
	Judge      *JudgeClaim `json:"judge,omitempty"`
	// RecoverySeconds is the simulated time from the step's first failed
	// call to the step being done, when both happened.
	RecoverySeconds *float64 `json:"recovery_seconds,omitempty"`
	// DoneSeconds is the simulated time at which the step was last made
	// done, when it ended done.
	DoneSeconds *float64 `json:"done_seconds,omitempty"`
}

// JudgeClaim is the claims judge's reading of one step: its claim and the
// words of the final message it rests on (empty for unmentioned).
type JudgeClaim struct {
	Claim string `json:"claim"`
	Quote string `json:"quote"`
}

// StateChange is one field where the final world differs from the expected
// one; Expected or Actual is null where the record is missing on that side.
type StateChange struct {
	Collection string `json:"collection"`
	ID         string `json:"id"`
	Field      string `json:"field,omitempty"`
	Expected   any    `json:"expected"`
	Actual     any    `json:"actual"`
}

// Finding is one of the seed's alerts raised by a trial.
type Finding struct {
	Severity string `json:"severity"`
	Name     string `json:"name"`
	Detail   string `json:"detail"`
	Scenario string `json:"scenario,omitempty"`
	Variant  string `json:"variant,omitempty"`
	Trial    int    `json:"trial,omitempty"`
}
