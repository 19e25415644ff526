package claims

// kind is what a matched phrase means. Kinds fall in four layers that are
// matched independently: mentions, polarity cues, mood cues and overall
// statements. Within a layer, overlapping matches keep the longest.
type kind uint8

const (
	kMention kind = iota // names a step (with a form)
	kAddress             // "address": update_address or redirect_order by qualifiers
	kBlock               // looks like a mention but names no step ("our team has been notified")

	kDone     // "issued", "went through", ✓: the step happened
	kFail     // "failed", "declined", "429", ✗: it did not
	kNeg      // "not", "n't", "no", "unable": negates what it governs
	kPending  // "queued", "being processed", "retrying", ⏳
	kLater    // "tomorrow", "overnight": pending when nothing else is said
	kFuture   // "will", "'ll", "should": read with its subject and verb
	kStrong   // "may not have", "not sure", "stuck": doubt outweighs everything
	kRollback // "reversed", "rolled back", "voided": done, then undone
	kNeutral  // "no problem", "you don't need to": hides negations it covers
	kAble     // "was able to", "managed to": done, and governs what follows
	kTried    // "tried to": an attempt, reported as not done
	kExcept   // "except", "other than": the step is the exception to success

	kOffer  // "would you like", "if you'd like", "I can"
	kIntent // "let me", "I'll go ahead and", "I'm going to"
	kCond   // "if", "once", "as soon as"

	kOvSuccess  // "all done", "everything is taken care of"
	kOvPartial  // "only part of", "partially"
	kOvFailAll  // "nothing was changed", "I couldn't complete any of it"
	kOvFailSome // "I wasn't able to complete your request"
)

type layer uint8

const (
	lMention layer = iota
	lPolarity
	lMood
	lOverall
)

func (k kind) layer() layer {
	switch {
	case k <= kBlock:
		return lMention
	case k <= kExcept:
		return lPolarity
	case k <= kCond:
		return lMood
	}
	return lOverall
}

// cues lists the phrases of every non-mention kind, in the pattern syntax of
// pattern.go.
var cues = map[kind][]string{
	kBlock: {
		"team|staff|department|specialist|specialists|billing|finance|warehouse|colleague|colleagues|supervisor|manager|carrier|courier ?has|have|was|were|'s|'ve ?been|already notified|informed|alerted|emailed|messaged",
		"notified|informed|alerted ?the|our team|staff|department|billing|finance|warehouse|supervisor|manager|carrier|courier",
	},
	kDone: {
		"done", "complete", "completed", "processed", "issued", "sent", "created", "confirmed",
		"submitted", "posted", "arranged", "applied", "credited", "approved",
		"finalized", "finalised", "finished", "handled", "sorted", "executed", "placed", "booked",
		"generated", "triggered", "updated", "changed", "saved", "fixed", "succeeded", "successful",
		"success", "ok", "okay", "yes", "dispatched", "shipped", "released", "added", "restored",
		"returned",
		"reflected", "reflects", "reflect", "got", "accepted", "headed", "heading", "pushed", "made",
		"settled", "recorded", "logged", "modified", "amended", "corrected", "switched", "moved",
		"went|gone|put|is|are|'s through", "in place", "went|gone out", "en route",
		"on its|the way", "taken care of", "is|are|'s|was now", "now lists|shows|reads|reflects|has|points|says",
		"did !n't|not", "set up", "in effect",
		"scheduled for|to dispatch|ship|shipment|shipping|delivery|arrive|go", "scheduled to be delivered|shipped|dispatched",
		"tracking number|details|link|info", "true", "new|updated|correct address",
		markDone,
	},
	kAble: {"able ?to", "managed to", "successfully"},
	kFail: {
		"failed", "fail", "fails", "failing", "failure", "failures", "error", "errors", "errored",
		"declined", "rejected", "refused", "denied", "bounced", "timeout", "timeouts", "timed out",
		"time out", "unsuccessful", "unsuccessfully", "expired", "rate limit|limited|limits|limiting",
		"throttled", "conflict", "unavailable", "outage", "is|was|went|'s|are|were down", "skipped",
		"aborted", "blocked", "missing", "lost", "problem", "problems", "glitch", "discontinued",
		"out of stock", "invalid", "unchanged", "left as is|it|they|unchanged", "untouched",
		"old|original|previous|former|existing address", "halted", "disabled", "false",
		"n / a", "not applicable", "an|a|some|technical|temporary|unexpected issue|issues|hiccup|hiccups",
		"encountered|ran|run|hit into ~2 issue|issues|problem|problems|snag", "encountered ~2 issue|issues|problem|snag",
		"hiccup",
		markFail,
	},
	kTried:  {"tried|attempted|trying|attempting ~1 to", "attempted"},
	kExcept: {"except", "excluding", "apart from", "other than", "besides", "but not"},
	kNeg: {
		"not", "n't", "no", "never", "nothing", "none", "neither", "nor", "unable", "without",
		"nobody",
	},
	kNeutral: {
		"no problem|problems|issue|issues|worries|errors|trouble|charge|fee|cost",
		"not a problem", "not only",
		"without ?any ?issue|issues|problem|problems|trouble|error|errors|delay|delays|hassle|fee|fees|charge|cost",
		"nothing else|more ~3 need|needed|required|do", "anything else", "no need", "no further|additional|other action|actions|steps|step",
		"no action ~2 needed|required",
		"you ?'ll|will|do|'d ?also n't|not|never need|have|hesitate",
		"n't|not hesitate|worry|need", "nothing to worry",
		"n't|not be charged|billed",
		"pending order|orders|shipment|shipments|delivery|package|packages",
		"for waiting", "no longer",
	},
	kPending: {
		"pending", "queued", "queue", "scheduled", "being", "in progress", "underway", "under way",
		"retry", "retrying", "resubmit", "resubmitting", "resubmitted", "reattempt", "reattempting", "awaiting", "waiting", "on hold",
		"backorder", "backordered", "in the works", "in process", "initiated", "started", "delayed",
		"submitted|raised|filed|lodged|placed|opened ~3 request|requests",
		"put in ~3 request|requests", "request|requests ~1 received|submitted|logged|raised|filed|opened|placed|lodged",
		"is|are|'s|am|'m|currently|still processing", "processing now",
		"i|we 'll|will|am|'m|are|'re ?also try|trying again|later",
		markPending,
	},
	kLater: {
		"tomorrow", "tonight", "overnight", "later", "next week|month|time|business|working",
		"on monday|tuesday|wednesday|thursday|friday|saturday|sunday", "this evening|afternoon",
		"in the morning", "within the hour",
	},
	kFuture: {"will", "'ll", "shall", "going to", "gonna", "should !have|'ve"},
	kStrong: {
		"may|might ?well not", "may|might have not", "not sure|certain", "unsure", "uncertain",
		"unclear", "n't|not|unable ?to ?be confirm|confirmed|verify|verified",
		"n't know|tell", "unknown", "stuck",
	},
	kRollback: {
		"reversed", "reverse", "reverted", "revert", "rolled back", "roll back", "rollback", "undid",
		"undone", "undo", "voided", "void", "cancelled", "cancel", "cancelling", "called off",
		"taken back out", "clawed back", "backed out", "reinstated", "reactivated",
		"active again", "back to ~2 original|previous|normal", "original state", "withdrawn", "retracted",
		"set|changed|switched|reset|reverted|turned ~3 back",
	},

	kOffer: {
		"would you like|prefer|rather", "do you want", "want me to", "shall|should i|we",
		"if you ?'d|would ?still like|prefer|want", "if you like|want|prefer|wish",
		"let me know if|whether|how", "i|we can|could !confirm|see|tell|assure|verify|only|n't|not",
		"happy|glad to", "feel free", "just say the word", "i|we 'd|would be happy|glad",
	},
	kIntent: {
		"let me !know", "i|we ?'ll|will go ahead", "i|we 'll|will now", "i|we 'll|will just",
		"i|we ?'m|am|are|'re going to", "i|we ?'m|am|are|'re gonna", "i|we ?'m|am|are|'re about to",
		"allow me to", "i|we 'd|would like to", "i|we 'll|will proceed|start|begin",
	},
	kCond: {
		"if", "once", "when", "whenever", "as soon as", "after", "until", "unless", "provided",
		"in case", "as long as", "upon", "at that point", "before", "on arrival|receipt|delivery",
	},

	kOvSuccess: {
		"all done|set|good|sorted|complete|completed|finished",
		"everything ?'s|is|has|was|were|got ?been ?now ?all ?fully done|complete|completed|sorted|processed|handled|finished|fixed|set|good",
		"everything ~2 through", "everything ~3 taken care of", "everything ~2 successful|successfully|succeeded|worked",
		"taken care of everything", "taken care of it all|all", "all of it ~2 done|complete|completed|through",
		"all|both ?of ?the|your steps|actions|changes|tasks|requests ~3 done|complete|completed|successful|succeeded|processed|through",
		"both ?are|have|were ?been done|complete|completed|processed|through",
		"request|exchange|swap|return ?has|'s|was|is ?been ?now ?fully|successfully|all done|complete|completed|processed|fulfilled|handled|finalized",
		"i|we ?'ve|have ?successfully|fully|now|already processed|completed|handled|fulfilled|finished your|the exchange|request|swap",
	},
	kOvPartial: {
		"partially completed|complete|done|processed|fulfilled|successful|succeeded|through",
		"partial success|completion", "only partially", "part of ~2 request|it|this|order|changes", "only ~4 part",
		"not everything", "not all", "some ?of ?the steps|actions|changes|parts|items ~3 n't|not|failed|could",
		"some steps|actions", "most of ?it|your|the ~2 request|steps|changes|through",
		"one of the steps", "mixed results",
		"one|two|three|some|several|few|couple ?of things|steps|parts|actions|items ~2 n't|not|failed|wrong",
	},
	kOvFailAll: {
		"n't|not|unable|never ?able ?to complete|do|make|process|finish|change|action|carry ~1 any|anything",
		"nothing ?has|was|is|'s|got|have ?been ~2 changed|done|processed|completed|updated|made|modified|touched|applied|through",
		"no changes|change", "none of", "no action|actions ~2 taken",
		"nothing else ~3 attempted|done|processed|changed|tried",
		"account|everything ~2 unchanged|untouched",
		"rolled|rolling|reverted|reverting|undid|undone|reversed everything|all ?back",
		"everything|all ~3 rolled|reverted|undone|reversed",
	},
	kOvFailSome: {
		"n't|not|unable|cannot|failed ~3 complete|process|fulfil|fulfill|finish|handle your request|exchange|swap",
		"n't|not|unable|cannot|failed ~3 complete|process|fulfil|fulfill|finish|handle the exchange|swap",
		"your request|exchange|swap ~3 n't|not|never ~2 completed|processed|fulfilled|complete|go",
		"the exchange|swap ~3 n't|not|never ~2 completed|processed|fulfilled|complete|go",
		"your request|exchange|swap ~2 failed",
	},
}
