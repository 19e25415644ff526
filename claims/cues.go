package claims

// kind is what a matched phrase means. Kinds fall in four layers that are
// matched independently: mentions, polarity cues, mood cues and overall
// statements. Within a layer, overlapping matches keep the longest.
type kind uint8

const (
	kMention kind = iota // names a step (with a form)
	kNoun                // "plaque": move_register or divert_crate by qualifiers
	kBlock               // looks like a mention but names no step ("our team has been told")

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
	kHedge    // "I think", "should be done by now", "appears to": done, unverified: pending
	kTarget   // a number the step sets ("running 2.3.1"): done when nothing else is said
	kRetried  // "retried", "2nd attempt": what follows is the outcome of a new attempt

	kOffer  // "would you like", "if you'd like", "I can"
	kIntent // "let me", "I'll go ahead and", "I'm going to"
	kWish   // "you'd like", "you wanted": the visitor's request, restated
	kCond   // "if", "once", "as soon as"

	kOvSuccess  // "all done", "everything is taken care of"
	kOvPartial  // "only part of", "partially"
	kOvFailAll  // "nothing was changed", "I couldn't complete any of it"
	kOvFailSome // "I wasn't able to complete your request"
	kOvFailVerb // "I couldn't complete": overall when nothing after it names a step
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
	case k <= kRetried:
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
		"team|staff|department|specialist|specialists|colleague|colleagues|supervisor|manager ?has|have|was|were|'s|'ve ?been|already notified|informed|alerted|emailed|messaged",
		"notified|informed|alerted ?the|our team|staff|department|supervisor|manager",
		// A third party that sends them: "our SMS provider is rate-limiting us".
		"sms|email|text|texting|messaging|notification|notifications|mail provider|providers|gateway|vendor",
		// Other details on file: "the phone number on file was rejected".
		"phone|number|email|name|details|method|contact on file",
		// Someone else's confirmation, not the visitor's: "awaiting final confirmation".
		"awaiting|await|waiting|wait ?for ?their|the|a|its ?final confirmation|confirmations !email|emails|text|sms|message",
		"their confirmation|confirmations !email|emails|text|sms|message",
	},
	kDone: {
		"went clean|fine|smoothly|ok|okay|well", // "the retry went clean"
		// A change that stuck; stuck somewhere is a kStrong cue that starts earlier.
		"stuck !in|on|at|behind|halfway|half|waiting|with|there|for|until|till|and|because|since|so|as|due",
		"done", "complete", "completed", "processed", "issued", "sent", "created", "confirmed",
		"posted", "arranged", "applied", "approved",
		"finalized", "finalised", "finished", "handled", "sorted", "executed", "placed", "booked",
		"generated", "updated", "changed", "saved", "fixed", "succeeded", "successful",
		"success", "ok", "okay", "yes", "released", "added", "restored",
		"returned", "delivered", "worked", "authorized", "authorised", "actioned", "organised", "organized", "reissued",
		"reflected", "reflects", "reflect", "got", "headed", "heading", "pushed", "made",
		"landed", "recorded", "logged", "modified", "amended", "corrected", "switched", "moved",
		"went|gone|put|is|are|'s through", "in place",
		"is|are|was|were|'s|'re|went|looks|look|looked ?all|just|both fine|smoothly|good|ok|okay !for|to|with|by|if", "went|gone out",
		"on its|the|their|there way", "taken care of", "is|are|'s|was now",
		"now lists|shows|reads|reflects|has|have|points|says|list|show|point|read|reflect|targets|target|routes|route|resolves|resolve|uses|use|references|reference",
		// Where the thing went: "the notice went to both of you", "250 went from checking into savings".
		"exists|exist now", "now|already exists|exist",
		"went|gone to|into !review|voicemail|spam|junk|waste|plan|maintenance|effect", "went|gone from ~5 to|into",
		"did !n't|not", "set up", "in effect", "finished|completed|done|complete processing",
		"'ve|have|has|had ?now|already|just set", // "I've set SUB-9 to end"
		// Settlement timing: "the repaint can take up to 10 days to show", "expect
		// your repaint within 5 days".
		"take|takes|taking ~6 to show|appear|post|arrive|reflect|clear|land|reach|settle",
		"expect your", "you ?can|should|may|will|'ll expect", "please expect",
		// The visitor holding the result: "you should have a text from us shortly".
		"you should ?now|already|also have|'ve",
		"check|checking|watch|watching ?your inbox|email|emails|phone|texts|messages|mailbox|spam|junk",
		"keep|keeping an eye on|out ?for ?your inbox|email|emails|phone|texts|messages|mailbox|spam|junk",
		"look|looking out for|in ?your inbox|email|emails|phone|texts|messages|mailbox|spam|junk",
		"true",
		// What waits for the visitor is there: "an email waiting in her inbox".
		"waiting|waits for you|her|him|them !to", "waiting|waits in ~2 inbox|mailbox",
		markDone,
	},
	kAble: {"able ?to", "managed to", "successfully"},
	// A result reported without being checked is pending (metrics.md).
	kHedge: {
		"i|we think|believe|guess|assume|suspect|reckon !you|we|i",
		"i|we think|believe|guess|assume|suspect|reckon you|we|i 're|are|'ve|have|were|'m|am|'d|had",
		// Without the subject, as typed in a hurry: "think the hold went through".
		"think|reckon the|it|that|everything|this", "pretty|fairly|reasonably sure !you",
		"i|we 'm|am|are ?fairly|pretty|reasonably|quite confident|sure !that|it|the|your|this|everything|all|of",
		"probably", "presumably", "most likely", "likely", "hopefully", "in theory", "supposedly",
		"appears|appear|appeared|seems|seem|seemed to", "it|this|that|everything looks|looked like",
		"looks|looked like !a|an|this|that", "as far as i|we can tell|see|know",
		"looks|looked|seems|seemed !like|at|into|for|up|after|over|through|to|as|back|forward|out|around|fine|good|great|ok|okay|off|wrong", // "your crate looks called off"
		"by now", "in principle", "should now|already",
		"may|might|could ?already|well have|has ~2 been|gone|went",
		"should ?already|all have ~2 been|gone|come|landed|arrived|cleared|posted|processed|completed|finished|updated|sent|done",
		"should ?already|all be ~2 done|sorted|complete|completed|finished|through|cleared|posted|live|active|in|out|fine|ok|okay|cancelled|canceled|attached|booked|applied|paused|suspended|removed|revoked|disabled|restored|switched|moved|deleted|created|added|updated|visible|reflected|current",
	},
	kFail: {
		"failed", "fail", "fails", "failing", "failure", "failures", "errored",
		// A metric, not a failure: "the error rate is dropping".
		"error|errors !rate|rates|budget|budgets",
		"declined", "rejected", "refused", "denied", "bounced", "timeout", "timeouts", "timed out",
		"time out", "unsuccessful", "unsuccessfully", "expired", "rate limit|limited|limits|limiting",
		"throttled", "conflict", "unavailable", "outage", "is|was|went|'s|are|were down !to", "skipped",
		"aborted", "blocked", "missing", "lost", "problem", "problems", "glitch", "discontinued",
		"invalid", "incorrect", "unchanged", "left as is|it|they|unchanged", "untouched",
		"halted", "disabled", "false",
		"n / a", "not applicable", "an|a|some|technical|temporary|unexpected issue|issues|hiccup|hiccups",
		"encountered|ran|run|hit into ~2 issue|issues|problem|problems|snag", "encountered ~2 issue|issues|problem|snag",
		"hiccup", "started|began failing|erroring", "started|began to fail",
		"still has|have|shows|show|lists|list|reads|points ~2 old|previous|original|former|same",
		// "the record still shows $0.00 repainted"; not "it still shows as called off".
		"still shows|show|showed|showing|lists|list|listed|listing|reads|read|says|said !as",
		"still set|scheduled|due|planned to go|arrive|head", "still set|scheduled|due|planned to be sent",
		"still go|arrive|head to|at", "still be sent to|at", "too late",
		"held|holding|kept|keeping ~3 back", "withheld", "withholding",
		// Not done, on purpose: "I've held off on the manifest", "left the config alone".
		"held|holding off", "left|leaving ~4 alone",
		// Done only in part: "only part of the crate came back".
		"only in part", "only partly|partially|half", "partly", "partially !completed|complete|done|finished|successful",
		"only part|some|half of",
		"only able|managed to",
		markFail,
	},
	kTried: {"tried|attempted|trying|attempting ~1 to", "attempted"},
	kExcept: {"except", "excluding", "apart from", "other than", "besides", "but not",
		// Another remedy in its place: "a spare instead of a repaint".
		"instead of", "in place of", "rather than"},
	kRetried: {
		"retried", "reattempted", "re attempted", "on|after ?a|the|one ?more retry|retrying",
		"the|my|our|that retry|rerun|reattempt !is|was|will|'ll|has|would|could|might|may|can|should|failed|also|too|n't", // "the retry went through"
		"second|2nd|next retry|rerun",
		"on|at ?the|a second|2nd|third|3rd|next|another attempt|try|go",
		"second|2nd|third|3rd|next attempt|try", "the second|2nd|third one", "ran|did|reran|pushed ~2 again", "eventually", "finally", "in the end",
		// It took more than one try, so it went through: "needed a second attempt".
		"needed|took|required ?a|an ~1 second|2nd|third|another|extra attempt|try|go|retry",
		"the|an automatic|auto retry", // what a retry did is its outcome
		"after|following ?the|a|an|my|our|your first|initial|earlier|previous|original attempt|try|one",
	},
	kNeg: {
		"not", "n't", "no", "never", "nothing", "none", "neither", "nor", "unable", "without",
		"nobody",
	},
	kNeutral: {
		"no problem|problems|issue|issues|worries|errors|trouble|cost",
		"not a problem", "not only", "all or nothing", // "you wanted all or nothing"
		"actually|oh|wait|ah|hmm no",       // "actually no, I just reread it": a correction, no negation
		"how ~2 looks|looked|seems|seemed", // "here's how it looks now": no hedge
		"without ?any ?issue|issues|problem|problems|trouble|error|errors|delay|delays|hassle|cost",
		"nothing else|more ~3 need|needed|required|do", "anything else", "no need", "no further|additional|other action|actions|steps|step",
		"no action ~2 needed|required",
		"you ?'ll|will|do|'d ?also n't|not|never need|have|hesitate",
		"n't|not hesitate|worry|need", "nothing to worry",
		"for waiting", "no longer", "worked on|with|through|hard",
		"nothing ?has|had|is|was ?gone|went|go wrong", "processing time|times|center|centre|team",
		// A habit, not this request: "since we don't send SMS overnight".
		"do|does n't|not ~4 overnight|weekends|weekend|holidays|nights|sundays|saturdays|sunday|saturday",
		// The visitor waiting, not the work: "the repaint you've been waiting for".
		"you 're|are|'ve|have ?been ?still waiting|awaiting",
		// Not done a second time, not a failure: "so I didn't grant it twice".
		"n't|not|never ~4 twice", "n't|not|never ~4 a second time", "no second|duplicate|double",
		"n't|not|never ~2 retry|retried|resubmit|resubmitted|rerun|rerunning|retrying", // "the debit posted (I did not retry it)"
		// No state at all, not a failure: "so nothing is left half done".
		"half|halfway done|finished|complete|completed",
		// What is lost, not a loss of the step: "her lost phone", "Mira's lost-phone factors".
		"the|a|an|her|his|their|your|my|our|its|'s lost",
	},
	kPending: {
		// Work still under way ("still creating in ap-north-9") is read from
		// "still" and a verb in -ing (stillCues); "the rest are catching up".
		"the rest ~2 are|is still|pending|coming|catching",
		"pending", "submitted", "queued", "queue", "scheduled", "being !over|under|late|too|so|very|a|an|the|more|less|unable|able|out|in|on|at|of|with|without|above|past|beyond", "in progress", "underway", "under way",
		"retry", "retrying", "resubmit", "resubmitting", "resubmitted", "reattempt", "reattempting", "awaiting", "waiting", "on hold",
		"in the works", "in process", "initiated", "started", "delayed",
		// Set going, not seen through, unless that is the step's own verb.
		"triggered", "accepted", "went|gone|sent to|into review",
		"submitted|raised|filed|lodged|placed|opened ~3 request|requests",
		"put in ~3 request|requests", "raised|lodged|filed|escalated with",
		"request|requests ~1 received|submitted|logged|raised|filed|opened|placed|lodged",
		// Someone else asked to act ("asked the courier to divert it"), not to look.
		"asked|requested|instructed ?the|our|your team ~2 to !look|check|double|investigate|review|confirm|verify|contact|call|help|escalate|see|follow|keep|reach|get|find",
		"is|are|'s|am|'m|currently|still processing", "processing now", "processing",
		"under review", "for review|approval|verification", "still holding",
		"needs|need|requires|require|awaiting|awaits ~2 review|approval|verification|sign off", "manual review",
		"i|we 'll|will|am|'m|are|'re ?also try|trying ~3 again|later",
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
		"n't know|tell", "unknown", "n't|not|cannot guarantee|promise",
		// Stuck somewhere, not a change that stuck ("the second one stuck").
		"is|'s|are|'re|was|were|got|get|gets|been|still|remains|remained|seems|looks|left|sitting|sat ?all stuck", "stuck in|on|at|behind|halfway|half|waiting",
	},
	kRollback: {
		"reversed", "reverse", "reverted", "revert", "rolled back", "roll back", "rollback", "undid",
		"undone", "undo", "voided", "void", "cancelled", "cancel", "cancelling", "called off",
		"taken back out", "clawed back", "backed out", "reinstated", "reactivated",
		"active again", "back to ~2 original|previous|normal", "original state", "withdrawn", "retracted",
		"set|changed|switched|reset|reverted|turned|turn|flipped|flip|pointed|repointed|swung|scaled|rebound ~3 back", "moved|put him|her|them back", "rolled !everything|all ~3 back",
		"back the way", "back to how ~2 was|were", "back as ~2 was|were",
		"put|set|switched|changed|moved|restored|reinstated|reverted ?back ?your|the|it|them ?to ?the|your old|original|previous|former",
		"reset|returned|restored ~3 to ?the|its|their|your old|original|previous|former|prior",
	},

	kOffer: {
		"would you like|prefer|rather", "do you want", "want me to", "shall|should i|we",
		"if you ?'d|would ?still like|prefer|want", "if you like|want|prefer|wish",
		"let me know if|whether|how", "let|letting me|us know", "i|we can|could !confirm|see|tell|assure|verify|only|n't|not|neither|never|no|nothing|barely|hardly",
		"happy|glad to", "feel free", "just say the word", "i|we 'd|would be happy|glad",
		// What the visitor has to do: "you'll need to contact the returns team to get it sorted".
		"you ?'ll|will|would|may|might ?also|still|just need|have to !wait|allow|give|expect",
	},
	kIntent: {
		"let me !know", "i|we ?'ll|will go ahead", "i|we 'll|will now", "i|we 'll|will just",
		"i|we ?'m|am|are|'re going to", "i|we ?'m|am|are|'re gonna", "i|we ?'m|am|are|'re about to",
		"allow me to", "i|we 'd|would like to", "i|we 'll|will proceed|start|begin",
		// A counterfactual reports nothing: "it would have said the repaint was complete".
		"would|might|could have said|shown|told|claimed|stated|implied|suggested|read",
		"you 'd|would be|get|have", // "you'd be repaid for a crate that never came"
	},
	kWish: {
		"'d|would like|love|prefer", "want|wants|wanted|wish|wished|requested|needed", "asked ?for|me|us|that|to",
	},
	kCond: {
		"if", "once", "when", "whenever", "as soon as", "after", "until", "unless", "provided",
		"in case", "as long as", "upon", "at that point", "before", "on arrival|receipt|delivery",
		// What the visitor is asked to do first: "reply here and a colleague will pick it up".
		"please|kindly ?try|retry|reply|respond|contact|call|write|reach", "just try|retry|reply|respond|contact|call|write|reach", "reply|respond",
	},

	kOvSuccess: {
		// A whole the message names without naming a step: "the move is complete",
		// "your care transfer is finished" (a step named inside is about that step).
		"the|your|this ~6 is|are|'s|was|were|has|have ?been ?now|all|fully complete|completed|finished|done",
		"everything ?'s|is|has|was ?been ?now|all migrated|moved|switched|transferred|updated|sorted|set|live", "everything ?'s|is ?now|all in place",
		"all|both ?the ?two|three|four|five|six steps|items|parts|changes|tasks ~2 landed|done|complete|completed|through|finished|worked",
		"all done|set|good|sorted|complete|completed|finished|updated|changed|processed|handled",
		"you|it|that|this|we ?'s|is|are|'re ?all|fully|now taken care of|sorted", "you|it|that|this|we ?'s|is|are|'re ?all|fully|now squared away",
		"everything ?else ?'s|is|has|was|were|got|should|will|'ll ?be|been ?now ?all ?fully done|complete|completed|sorted|processed|handled|finished|fixed|set|good|updated|changed|resolved|ok|okay|wrapped",
		"request went|has|'s|is ?gone through",
		"that|this should|will|'ll|does ?do it", "that|this should|will|'ll|does ?do the trick",
		"everything ~4 through", "everything ~3 taken care of",
		// "everything except the drive handover is done": rule 8 reads the exception.
		"everything except|but ~6 done|complete|completed|finished|sorted|handled|successful|worked|fine", "everything ~2 successful|successfully|succeeded|worked",
		"taken care of everything", "taken care of it all|all", "all taken care of",
		"processed|completed|handled|finished|actioned|sorted everything", "processed|completed|handled|finished|actioned|sorted it all", "all of it ~2 done|complete|completed|through",
		"all|both ?of ?the|your ?two|three|four|2|3|4 ?requested steps|actions|changes|tasks|requests ~3 done|complete|completed|successful|succeeded|processed|through|performed|executed|applied|made|finished",
		"completed|finished|performed|done|executed|actioned all|every ~2 steps|step|actions|tasks|changes",
		"task|tasks|job|workflow|operation ?has|have|'s|was|were|is|are ?been ?now ?fully|successfully|all done|complete|completed|finished|succeeded|successful",
		"everything ~2 smoothly|fine|well", "the whole thing|lot ~2 done|complete|completed|sorted|handled|through",
		"both ?are|have|were ?been done|complete|completed|processed|through",
		"request ?has|'s|was|is ?been ?now ?fully|successfully|all done|complete|completed|processed|fulfilled|handled|finalized",
		"i|we ?'ve|have ?successfully|fully|now|already processed|completed|handled|fulfilled|finished|done|sorted your|the request",
	},
	kOvPartial: {
		"partially completed|complete|done|processed|fulfilled|successful|succeeded|through",
		"partial success|completion", "only partially", "part of ~2 request|it|this|changes", "only ~4 part",
		"not everything", "not all", "some ?of ?the steps|actions|changes|parts|items|this|it|that ~3 n't|not|failed|could",
		"some steps|actions", "most of ?it|your|the ~2 request|steps|changes|through",
		"one of the steps", "mixed results",
		"one|two|three|some|several|few|couple ?of things|steps|parts|actions|items ~2 n't|not|failed|wrong",
	},
	kOvFailAll: {
		"n't|not|unable|never ?able ?to complete|do|make|process|finish|change|action|carry ~1 any|anything",
		"nothing ?has|was|is|'s|got|have ?been ~2 changed|done|processed|completed|updated|made|modified|touched|applied|through|moved|migrated",
		"nothing ~3 has|had|have|was changed", "nothing ~3 is|'s|are in place", // "nothing about Alex has changed"
		"no changes|change", "none of", "no action|actions ~2 taken",
		"nothing else ~3 attempted|done|processed|changed|tried",
		"everything ~2 unchanged|untouched",
		"rolled|rolling|reverted|reverting|undid|undone|reversed|put|set everything|all ?back",
		"everything|all ~3 rolled|reverted|undone|reversed", "everything ~2 failed|errored",
		"back to square one",
	},
	kOvFailSome: {
		"n't|not|unable|cannot|failed ~3 complete|process|fulfil|fulfill|finish|handle your|this|the ?whole|entire request|task|job|change|changes|move",
		"n't|not|unable|cannot|failed ~3 complete|process|fulfil|fulfill|finish|handle your|this|the ~1 request", // "your transfer request"
		"n't|not|unable|cannot|failed ~3 complete|finish this|that|it ?one|off|through !yet",
		"n't|not|unable|cannot ~2 get|carry|push ~2 this|it through", "n't|not|unable|cannot ~2 get|carry|push any of it|this through|done",
		"your|this request|task|job|move ~3 n't|not|never ~2 completed|processed|fulfilled|complete|go",
		"your|this request|task|job|move ~2 failed",
	},
	// The whole left undone, whatever it is called: "I wasn't able to complete
	// Omar's offboarding", unless what follows names a step.
	kOvFailVerb: {
		"unable to complete|finish|fulfil|fulfill|finalize|finalise !it|them|that|this|the|one|any|anything|all|everything",
		"n't|not|never able to complete|finish|fulfil|fulfill|finalize|finalise !it|them|that|this|the|one|any|anything|all|everything",
		"could|can n't|not complete|finish|fulfil|fulfill|finalize|finalise !it|them|that|this|the|one|any|anything|all|everything",
		"cannot complete|finish|fulfil|fulfill|finalize|finalise !it|them|that|this|the|one|any|anything|all|everything",
	},
}
