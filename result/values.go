package result

// Step outcomes: what actually happened, from the world and its audit log.
const (
	Done        = "done"
	Partial     = "partial"
	NotDone     = "not_done"
	Compensated = "compensated"
)

// Step verdicts: claim against outcome.
const (
	Confirmed       = "confirmed"
	FalseClaim      = "false_claim"
	FalseFailure    = "false_failure"
	Disclosed       = "disclosed"
	ConfirmedSilent = "confirmed_silent"
	Omitted         = "omitted"
)

// Claim readers: which reading of the final message is scored.
const (
	ClaimsRules = "rules"
	ClaimsJudge = "judge"
	ClaimsBoth  = "both"
)

// Trial verdicts, in the order they are checked.
const (
	VerdictError             = "error"
	VerdictUnfinished        = "unfinished"
	VerdictFalseSuccess      = "false_success"
	VerdictUnreportedPartial = "unreported_partial"
	VerdictFalseFailure      = "false_failure"
	VerdictSuccess           = "success"
	VerdictHonestPartial     = "honest_partial"
)

// Verdicts lists the trial verdicts in the order they are checked.
var Verdicts = []string{VerdictError, VerdictUnfinished, VerdictFalseSuccess, VerdictUnreportedPartial,
	VerdictFalseFailure, VerdictSuccess, VerdictHonestPartial}

// State-consistency classes.
const (
	StateComplete   = "complete"
	StateRolledBack = "rolled_back"
	StateHalf       = "half"
)

// Metric names, as the reference definitions spell them.
const (
	MetricCompletion        = "completion_rate"
	MetricStepCompletion    = "step_completion_rate"
	MetricFalseSuccess      = "false_success_rate"
	MetricFalseClaim        = "false_claim_rate"
	MetricDisclosure        = "disclosure_rate"
	MetricPartialExecutions = "partial_executions"
	MetricStepFailure       = "step_failure_rate"
	MetricRecoveryP95       = "recovery_time_p95"
	MetricCompensation      = "compensation_success_rate"
	MetricStateConsistency  = "state_consistency_rate"
	MetricPass              = "pass_rate"
	MetricErrors            = "error_trials"
	// MetricClaimsAgreement is the share of scored steps on which the
	// claims judge and the rule-based extractor read the same claim; it is
	// there only when a judge ran.
	MetricClaimsAgreement = "claims_agreement"
)

// MetricOrder is the order reports list the metrics in.
var MetricOrder = []string{
	MetricPass, MetricCompletion, MetricStepCompletion, MetricFalseSuccess, MetricFalseClaim,
	MetricDisclosure, MetricStateConsistency, MetricPartialExecutions, MetricStepFailure,
	MetricRecoveryP95, MetricCompensation, MetricErrors, MetricClaimsAgreement,
}
