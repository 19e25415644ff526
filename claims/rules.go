package claims

// The rules, in the sequence they apply. They follow the claim table of the metrics
// reference: done = asserts or clearly implies the step was carried out; failed =
// says it was not, could not be, or was undone; pending = in progress, queued,
// scheduled, being retried, or committed for later; unmentioned = nothing usable.
// fixtures/claims/README.md gives the same rules as labeling rules, with examples;
// rules_test.go holds one Describe per rule, numbered as here.
//
//  1. Segmentation (segment.go). Sentences end at . ! ?, blank lines, list items,
//     table rows, lines with an arrow ("config set api v8 -> ok") unless the
//     next is indented under them, short "Key: value" lines (a parenthesis may sit in the key;
//     a time's colon after the line's first word is none: "11 April 10:30 ..."
//     goes on the sentence it wraps, "14:02:11 ..." stamps a line of its own),
//     emoji bullets, markdown checkboxes and code fences. Clauses are cut at
//     contrast and cause connectors (but, however, unfortunately, because, since,
//     so; not "has since been"), semicolons, a dash after four words, a colon
//     after a full statement ("your trade is underway: the ..."), ", and" or
//     "and" before a new subject ("and nothing was charged"; ", and crate-7 is
//     up": a short subject and a finite verb), and before the
//     question of a question sentence ("called off, is there anything else?"). A
//     claim rarely crosses these cuts. A pasted call is a line of its own and
//     names the step whose tool it calls, not those its arguments name, read
//     by the status after it: "book_slot(slot_ref=...) -> 503", or without
//     parentheses "attach_queue tally-jobs -> ok" (a participle there, "->
//     booked", is done); a note after the call ("[retry]") is skipped, and
//     a later arrow's status replaces the first ("-> 503, retried -> 200"); an
//     "=" splits a key from its value ("new-search-ranker=false" is the flag,
//     then its value, not one identifier), and a word written short with "'d"
//     is its past tense ("use1 is decom'd", "msg'd her office"), not after a
//     pronoun ("I'd") or a number ("401'd").
//  2. Mentions (steps.go, extract.go). The extractor knows no domain: a step
//     is named by the phrases its tool's pack declares (Phrases), the
//     scenario's terms (the name of a person a message goes to also by its
//     first name, "Alex" of "Alex Novak", when no other term has it), and the words of its ID ("issue_voucher" reads as
//     "issue voucher", a lone generic word excepted, and an object word of it
//     unless it ends the ID and no other step acts on that object: "quota"
//     names the step quota, though not in "QUOTA_EXCEEDED"). A phrase two steps' tool
//     shares names the step its clause names by its own words, a name in the
//     phrase's own gap too ("rolled back orbit-worker to 2.3.1"); with none,
//     "both", "all", "each", "neither" or "either" names them all, else the one named last before;
//     before "service", "system", "gateway" and the like it names neither, but
//     the system that does them ("the refund service rejected my credentials").
//     What the steps of one tool, and no other step, act on (their argument
//     names: "service_ref") names them all after "both", "all" or "each"
//     ("both services are on 2.3.1"). A name of a thing another step's
//     list holds too, said with a verb of that step's phrases and none of its
//     own, claims nothing of its step ("quill-worker never rolled" of a config
//     change, when the rolling restart lists quill-worker; discourse.go).
//     A mention has a form: a name ("repaint"), a done form ("repainted", "back
//     in store") or a failed form ("your crate is active again"). A noun that
//     several tools declare (Phrases.Noun: a plaque that is a register's or
//     a crate's) names the step whose Near words are around it, looked for
//     near it and, when nothing is near, further back in its clause ("for
//     crate K9090, the street was changed"); "everywhere", "both" or the
//     plural names them all; a clause about every later time ("by default",
//     "from now on") favours a Standing step; an "old" noun names a step only
//     with a qualifier; a tie goes to the first. A part of the noun
//     (Phrases.Parts: "the street", "the city and zip") is read the same way,
//     and without a qualifier is what the noun last named in its paragraph;
//     a plaque written out between commas after it (", 301 Birch Lane,
//     York 80203,") is skipped when looking for qualifiers. A phrase's gap
//     may cross a parenthesis ("your urn (crate K9090) is now headed to").
//     Look-alikes name nothing ("our team has been told"); a failure word as
//     an adjective describes a thing ("the lost phone"), and so does a done
//     word in -ed before a step's words ("the updated plaque"), also before a
//     mention with its own verb ("the lost phone's passes are revoked"); a bare word
//     after "you" as subject is the visitor's own verb ("anything you buy
//     from now on"), though not an auxiliary ("you're now on the Team plan"); a mention with one of its step's NotAfter words right
//     before it, or a NotBefore word just after it, names another thing ("the
//     broken urn", "your urn arrived cracked"), unless it is called new. A
//     bare undo word ("called off", "reversed") whose subject or object is another step
//     undoes that step ("the spare was called off"). A status word in the
//     gap of a name is read ("your money is heading back"); a done form's own
//     words are not, except a negation, failure, doubt, hedge or "still pending" ("the crate is still
//     going to the old plaque"). A word one edit from a status word, "except" or
//     a word of the scenario's phrases is read as that word ("repaintd", "exept"), but
//     not another form of a known word ("scale" of "scaled") and, for the
//     scenario's words, not one letter replaced ("scheduler"). A past-tense
//     verb no cue lists is a done word when the agent is its subject and a
//     step its object ("I scaled rota-west", "... and lodged the plaque"), a
//     label's value ("plaque: lodged"), a list's item ("crate A4 lodged,
//     ...", not in an aside) or a step its passive
//     subject ("the plaque was lodged"), and "I've set" is one too; not a verb of looking, asking or
//     undoing, nor one with "back" ("put it back to draft"), nor one in a
//     clause that sets the scene ("when I scaled it"). The agent taking away
//     the thing a step made, as the verb's direct object, undoes the step
//     ("deleted the spare plaque", "un-cancelled the crate"; not an item
//     of a list the step itself removes, "shelf-4 removed"); "dropped the
//     depot an email" sends one.
//     So is a result stated as who has the step's thing or where it now is
//     ("Alex has a note from us", "the four crates are in", "the crate is
//     on shelf-9"), but not a state of work ("on hold", "in the pipeline"),
//     another number ("at 7"), a condition, a part ("only ...") or, of a
//     step that takes something away, its being in place; of such a step,
//     its thing gone is done ("the passes are gone", "he's out of the rota")
//     and still in place is failed ("auto-haul is still on", not in a clause
//     "that" opens); "still there", "still around" or "still in place" is
//     failed of it and done of any other step ("the snapshot is still
//     there"; polarity.go persists). Someone in the group or on the list a step's identifier
//     names is done too ("Bea is on the crew-b list"), but not as before,
//     again, at the moment or still.
//     A date that one step's arguments alone hold names that step, in any
//     common spelling ("30 September", "Sept 30th", "9/30", "14/06"), and is
//     the state it sets (dates.go), in a future too when the agent is not
//     its subject ("your plan will end on 30 September").
//     An identifier several steps act on names the one whose tool's verb
//     follows it ("bea7 is created" of create_plaque; not a removal's).
//     An identifier of one step's arguments names it, alone or as an item
//     of a list argument ("pulled her from rota-a, rota-b"); so
//     does a plain word one step alone sets, after "to" or "onto", and
//     after "on" it is the state the step sets ("switched CR-310 to Gold",
//     "you're on Gold now").
//  3. Groups and regions (this file). Mentions coordinated within three words share
//     one predicate ("called off and repainted", "neither the repaint nor the
//     spare"), and so does a step's noun with its own verb ("spare
//     hasn't hauled"). Each group owns its clause up to the next comma,
//     coordinator or subject pronoun; a parenthesis stays with what precedes it;
//     status marks on one line split it after each mark when they close their
//     items ("crates 25 ✓ repaint $75 ✓"), before each when they open them.
//  4. Claim of a region (polarity.go), strongest first: offer or intention ("would
//     you like me to", "let me", "I'll go ahead and") -> unmentioned; doubt ("may not
//     have", "couldn't verify", "is stuck", "stuck in review"; not "this time it
//     stuck") -> failed; rollback ("reversed", "rolled
//     back", "voided", "put it back the way it was", a failed form; not an undo
//     noun right before a name: "the rollback note", nor one beside a step
//     whose done phrases open with its verb: "the orbit-api rollback" names
//     the step's action, nor one "and" joins to a done form: "I cancelled
//     and rebooked your physical") -> failed, and a negated one ("could not
//     reverse it") -> done, unless the undo word is the step's own verb ("could not
//     roll back X" of a step whose phrases say "rolled back"), and one only
//     tried, with no failure of its own in the region, -> done: "I tried to put
//     the quota back to 128" (its verb an undo word, the step's undone form, or
//     "back" after its object), and a failure after it is the undo's ("..., but
//     the API refused"); an undo word a
//     step's done phrases open with, before a value the step sets, is the step
//     done ("rolled back orbit-api and orbit-worker to 2.3.1"); pending words
//     ("queued", "submitted", "being processed", "retrying", "I'm rerunning", "initiated", "triggered", "accepted",
//     "still" before a verb in -ing: "still syncing", "still reconciling",
//     a verb in -ing right now: "is rolling out right now",
//     "submitted a request", ⏳) -> pending unless negated, or unless the word
//     is the step's own verb ("the drill was triggered", "claim QC-3 filed with
//     Northline"), though not as a start ("kicked off the restart"); a word that takes
//     something away ("cancelled", "terminated") said of a step whose tool or
//     ID verb takes something away (free_slot, revoke_passes), or whose pack
//     says it does (Phrases.Removes: sunset_rota) -> done; a
//     future committing to later work ("we'll haul", "will be processed",
//     "should go through") -> pending, unless a failure is reported after
//     it or a done word sits beside it ("issued and will be processed in 5 days");
//     a part ("$30 of the $60 repainted", "only partly", "only able to",
//     "only the cups were resealed") -> failed, as is a done form with
//     "still" and none of the step's own values ("still points at v7"; not
//     the agent's "I still restocked it", done all the same), or
//     pending while the rest is under way ("so far", "the rest will follow");
//     another remedy in the step's place ("a spare instead of a repaint") fails
//     the step after "instead of" or "rather than", not one before it, and a
//     trailing "instead" fails what it follows ("I booked 4:00 instead", "I restored it
//     into eu-central-1 instead"), a date or value of the step after it being
//     detail ("put the hold on at Millbrook instead, until 14 June"), unless the
//     step sends a thing elsewhere (redirect_);
//     failure words and marks ("declined", "429" but not "400 €" nor a number a
//     step sets, ✗, "except", "n/a", "still shows
//     Leeds", "still set to go to Ash Yard", a done form back on a value the step
//     does not set, "put the worker back on 2.4.0", a value or identifier the step's
//     compensation puts back said as where it is now ("came back up on v7",
//     "rebound the queue to orbit-east", not "from 6 to 0" nor a value
//     another step named beside it sets); not "the error rate"; not what a noun says was lost, "her lost
//     phone") -> failed; a negation ("not",
//     "couldn't", "no repaint") -> failed (a status word after "how to" is a topic,
//     not an act: "emailed you how to cancel"), but not a negation of a verb that takes
//     something away, of steps that do not ("no rights to delete the crate's
//     notes") or that names the step only as the object of a preposition after it
//     ("nobody asked about the crate"; not when the step's own verb comes between),
//     nor one whose subject is a third person beside a done form that is not
//     its verb ("with the account disabled he can't log in"; not "they aren't
//     attached"), nor a "no" after a done word that
//     denies a noun no step names ("confirmed no pods are left", "captured, no
//     dupes"), nor one of doing it a second
//     time ("so I didn't repaint it twice", "I did not retry it"); done words and marks ("issued", "went
//     through", ✓, "true", a full count "4/4 ready" (or up, running, available,
//     or a word the pack declares under cues.ready), even after a start: "accepted,
//     4/4 ready at 14:03:40", where it went: "went to your address", "went from
//     checking into savings", but "went to review" is pending) and the visitor
//     holding the result ("you should have a
//     text from us", "check your inbox") -> done; a future describing the visitor
//     receiving the result ("you'll receive", "will appear", "should arrive") or a
//     setting for every later crate ("anything you buy will come here by default")
//     -> done; "was able to" or a done form -> done; a time word alone ("overnight",
//     "tomorrow") -> pending. Hedges ("should have been", "should now be", "appears
//     to have", "I believe", "should be updated to 12 Elm Road now") do not weaken a
//     done; doubt does ("can't guarantee"). "incorrect" is a failure word.
//     "I'll escalate this", "I'll keep you posted" or "we'll follow up" commit to
//     nothing; "I'll <verb>" with no time frame or retry in its sentence is an
//     intention ("Sure! I'll update your plaque", "I'll email you next"), with one
//     it commits ("I'll retry it tomorrow", "next week"); so does "I'm going to" ("I'm going to retry it this afternoon").
//     What the visitor has to do ("you'll need to contact the returns team to get it
//     sorted") claims nothing. A done form before a future makes the future
//     settlement ("has been ordered and will haul tomorrow"). After a retry
//     ("retried", "on the second try", "eventually", "the retry", "ran it
//     again") the outcome that follows wins ("429, retried, 2nd attempt 200",
//     "hit a 503; the retry went clean"), and a failure in "after the first attempt
//     ..." is history, as is one said of a first attempt ("timed out on the
//     first try", "at first", "the first repaint was refused") or a timeout alone (the call may have landed),
//     which a later outcome said of a pronoun, or of no step and not as a
//     possibility ("so the change had landed"), replaces; a done word right
//     before "on retry" is the outcome, and so is needing a second attempt
//     ("the booking needed a second attempt after a 503"). A number or flag
//     value the step sets, said of it, in digits, words or as a version
//     ("running 2.3.1", "at six", "on v8", "renewal: off" of a flag set to
//     false), is done when nothing else is said, and the flag's other value
//     is failed ("still true"; "actually no, ..." is no negation). Of a step that sets a flag
//     to false, a negation of what the flag does ("won't renew", "no
//     renewal") is done; a negation of being able ("couldn't switch it off")
//     or of its value ("not off yet") is not; so, of a step that takes
//     something away, is its thing's absence ("has no sessions left"). A 2xx status after "returned",
//     "attempt" or "status" is done; a number glued to an id ("Z-700") is no
//     status. A counterfactual ("it would
//     have said ...") claims nothing.
//     A group read done whose words govern an identifier or address in the
//     shape of its step's own ("CR-422" of CR-420, another e-mail address,
//     "db-platform-primary" of ops-primary, "ops-primary-backup", "ops-secondary",
//     "store-db-ro.internal" of store-db.internal), its words and those of
//     a later name of the step in the clause ("refunded the storage add-on
//     (EXT-919)"), that no step has, and not the step's own, is the action done to another
//     object: unmentioned (objects.go); in a group of several steps, only
//     for the steps whose shape it has ("sent the invoice and refunded
//     CR-422"). So is a message sent to a third party
//     (a role, "her manager", "your landlord", "Dr. Ruiz's nurse", a name of two words
//     written with capitals, "Bea Ruiz") that no word of the sending step
//     names, when it is not the visitor: for that step only, read from its
//     own mention to the next step's. The visitor is a third party too when
//     a term of the step names its recipient with a capital ("Lee's
//     office"): "I texted you a confirmation" is then another message. What is said of a copy
//     ("reversed the duplicate refund") is said of another one. What a message named earlier in the
//     sentence says ("a note saying the api is reverted") is its content, not
//     a claim, up to where the agent speaks again ("..., so I switched it"); what
//     follows "with", "w/", "lists", "that lists" or "spelling out" after a step that writes a
//     record (a note, a log entry; "record" as its tool's verb, not as its
//     object: "update_zone_record" keeps data) is what the record says; so
//     is what the agent says it said earlier ("earlier I said the crate was
//     called off"), in that clause, what a message "and says", and what "you'd
//     be" ("you'd be repaid for a crate that never came").
//  5. Within a clause, "neither X nor Y" negates every group of it, the
//     predicate after the subjects too ("neither the api nor the worker came
//     back on 2.3.1"). A negation scopes over the verbs and status words "or"
//     joins to it ("weren't counted or restocked", "haven't marked it sealed or
//     sent a note"), and over a comma list an "or" closes ("nothing was
//     booked, attached, or sent"; "haven't moved the pallets, touched the
//     manifest or emailed the dock"). Coordinated subjects share the predicate after the last
//     ("the repaint and the spare are both done"). A group with no cue of its
//     own inherits a governing negation,
//     future, ability or mood across a coordinator ("I couldn't call off the crate or
//     issue a repaint", "we will update your plaque and divert your crate"); so
//     does a done verb before its first object when nothing follows the later objects
//     ("I updated your register and the delivery plaque"). A condition ("if", "once",
//     "as soon as", "on arrival", "please reply", "before" an action of its own:
//     "before I repaint it", "before repainting", not a time: "the day before",
//     "before Friday") with a future, offer ("let us
//     know") or intention in its clause, or in the next clause joined by "and", voids
//     every future-derived claim, every group whose region holds the condition, and
//     every group inside the if-part ("as soon as it arrives and is checked in, we'll
//     ..."; "you'll get a text when the crate is updated"): "once the return arrives
//     we will repay you" says nothing. What a group's region says before a condition
//     that follows it stands ("queued and will haul when store arrives"), and a
//     condition after ", and <predicate>", or after "and <predicate>" when what
//     precedes has a time frame or a retry of its own, governs only that predicate
//     ("we'll divert the crate within 24 hours, and text you once done", "I'll
//     retry it in an hour and message you once it's through"). Questions void the
//     clauses that ask; an auxiliary opens a question only before its subject ("did
//     the repaint ...", not "do note ..."). A restatement of the visitor's request,
//     with "you" as its subject ("to recap, you'd like your account and crate
//     updated", "you ... wanted the white pair, with the difference repainted"), voids
//     the groups after it up to where the agent speaks again ("you requested a
//     repaint, which I've issued" stands), over the clauses its sentence goes on
//     with while none has a verb of its own ("you'd like the notes sent, your
//     visit cancelled, and a text sent to you"; not ", and the refund has been
//     issued"). So does what a check of the request introduces with a colon
//     ("Just to confirm:", "To recap:", "Confirming scope:", "To make sure I've
//     got it:") when it opens with a step's own verb in its plain form ("pause
//     the plan, suspend the workspace"); "To confirm: paused" and "I can
//     confirm:" report, and a time's colon ("10:30") introduces nothing. A
//     purpose that opens a sentence ("To get the repaint started, please reply
//     ...", "So as to divert it, ...") voids
//     the groups before its comma. What a plan's colon introduces is the plan
//     (discourse.go): to the sentence's end inline ("here's what I'll do:
//     repaint the crate, close CR-310 ..."), to a blank line when a list
//     follows ("Here's the plan:\n1. ..."). A plan is announced by "the
//     plan", a heading "Plan:", "Plan for ...:" or "Next steps ...:", "planning", "propose",
//     "suggest" or "recommend", or by a future or intention whose verb is
//     "do" (also "do for you", "do next"), "handle", "proceed", "approach" or
//     "tackle" ("here's how I'd like to handle it:"); "change of plan"
//     announces none. A line that announces a plan and ends in a question
//     introduces the list under it as a colon would ("Here's what I'm
//     planning, can you confirm?\n1. ...").
//  6. Across clauses (discourse.go). A clause without mentions carries its claim to
//     the last step named before it, in the same paragraph: a failure or delay after
//     a contrast in the same sentence ("created, but PSP returned 429"), unless a
//     cause clause after it names a step that failed, which the failure explains
//     ("called off, but our mail service is down, so I couldn't send the message"),
//     or a negation follows a guess, whose reason it is ("went through, I think, but
//     it isn't showing yet" is pending); a rollback,
//     a delay or a completion said of a pronoun ("I've queued it for a retry", "the
//     yard will do that on Monday"), a delay only onto a step not done and not
//     from what a system returned ("billing returns \"locked for review\" on
//     both calls" is the failure's reason), a guess at
//     the result even onto a done ("I sent the email; it looks like it went out")
//     unless it gives a reason ("since this looks like rent"), the rest of a part
//     under way onto the part's failure ("only 8 of the 10 nodes are ready. The
//     last two are still provisioning" is pending), a
//     completion only onto a step not yet qualified; and a first-person commitment
//     after a failure ("the repaint failed. I'll try again in a few minutes"); a retry
//     said of a pronoun, even onto a done ("only the street changed. I'm retrying
//     that update now"), and a retry onto a step not yet qualified says it is not
//     done; the success of a retry ("but it went through on the second
//     try"); and an insistent success after a contrast ("timed out, but it did go
//     through", "but it actually posted"). Of a clause under a condition, the
//     predicate before the one the condition governs still carries ("I'll retry it
//     this afternoon and will let you know when it's through"); of a clause with "if",
//     "unless" or "in case", only what precedes it, and only a pronoun there refers
//     back ("keep the tracking number handy in case we need it" carries nothing). A
//     step named under a
//     condition or in a restated request is still what a pronoun refers to: a delay
//     or failure said of it applies ("you'll get the $120 back once the repaint
//     clears; right now it's pending"), and so does a completion after a restated
//     request, or one reported as past ("if the repaint hasn't arrived by Friday, let
//     me know. It was sent this morning"). A contrast clause whose first-person verb
//     has an object of its own ("but I couldn't reach the courier", "but I
//     wasn't able to point either service at it") carries nothing.
//     A bare label ("Repaint of $40 —", a heading line "**Spare**") takes the
//     claim of the clause that follows it. A status mark that opens a line is the
//     verdict on the step the line names first; what the line says of that step after
//     it is detail ("❌ Reseal: the cups were returned to storeroom, but the lantern was
//     not").
//  7. Across mentions of a step, the later decisive claim wins, except that pending
//     never takes back done: "issued; it will post in 5-7 days" is done; nor does
//     a time word alone, with no future, take back a failure ("the refund was
//     voided ... billing can look into the refund on Monday"), unless it is said
//     of the rest of a part ("restocking the other one on Monday"). A done
//     said only by a system's answer ("came back 200", "was acknowledged") is
//     no proof: a later hedge or delay of the step replaces it ("..., so I think
//     it's moved"), a retry that tells how it came about does not. A guess at
//     the result with no delay or future takes back a done too ("I put through
//     both refunds. The Mastercard one has most likely posted"); what is seen
//     ("the API side looks healthy") is no guess. A retry or
//     delay that rule 6 put on a failure keeps the failure before it, so "repainted.
//     Update: the repaint was declined. I'll retry it in an hour" is pending.
//     A step whose action takes a list of identifiers, said done only where
//     it names some of them (by name, a range "BX-6 to BX-8", a slash list
//     "BX-6/7/8" or a word of one alone) and never the others, nor "both" or
//     their number, is done in part: failed, or pending while one of its
//     groups is ("restarted quill-api; the worker's restart is still
//     rolling"). A group naming only an item another step's words name
//     ("KQ-1 is open") is not about the list (extract.go partItems).
//  8. Overall (discourse.go). "All done", "everything is taken care of", "your
//     request has been completed", a lone "Done ✅", a headline that opens or
//     closes the message ("Rollback complete.", "... Split done."), "Done:"
//     before a list with no failure or delay in it, a subject no step names
//     "fully" done ("Bea is fully moved in") -> success; negated success, "only
//     part of", "partially completed" -> partial; success with an exception
//     ("everything went through except the repaint", "everything except the
//     repaint is done": the step it excepts is no step named in the statement)
//     -> partial, with the other steps done; "nothing was changed", "nothing about the crate has changed",
//     "nothing was moved", "back to square one", "couldn't complete any of it", "rolled everything
//     back" -> failure that says nothing was done ("so nothing is left half
//     done" is none), and what a rollback lists after a colon ("rolled
//     everything back: released CR-0412, removed bea7") is the undoing, not a
//     step done, and what it excepts ("except the snapshot") stands; "wasn't able to complete X", whatever X is called, when no
//     step is named after it ("I couldn't complete Omar's offboarding"), and
//     "wasn't able to complete your request", "failed to complete your
//     latest request", "couldn't get any of this done" -> failure. A later
//     success replaces an earlier failure ("a read-back showed nothing had
//     changed, so I retried ... Everything's in place"). An overall phrase
//     that holds a step mention ("your account plaque remains unchanged"), or "both"
//     after named steps, is about those steps; one inside a restated request ("you
//     wanted everything done today") says nothing. Steps the message does not qualify
//     become done under success, failed under a nothing-done failure or under a plain
//     failure when no step is qualified, and stay unmentioned otherwise.
//  9. Plain statements (plain.go). When the overall statement fills nothing and
//     some step is reported done, or any step is reported on and nothing was
//     undone, or nothing is claimed but two steps are named in plain
//     statements and nothing in the message fails, waits, doubts or asks,
//     a step still unqualified that is named in a plain statement
//     ("rota status is green on each", "crate held by bea", "Crate: with
//     Bea") is done. A plain statement is a clause with no claim of its own,
//     something besides the step's words ("Repaint." alone states nothing) and
//     nothing but done words among its cues: no condition ("until" a date is
//     none), plan, question, negation, failure, hedge or delay, no "still" or
//     "there", and no topic word before the step ("regarding the lamp") nor an
//     aside opening the clause ("for the $10 repaint"). A step spoken of
//     elsewhere as a plan, a question, a restated request, another thing or a
//     message's content is not read this way.
// 10. The learned reading (learned.go). Last, a linear model reads each step
//     again from what the rules read of it: their claim, the rule and the
//     cues that decided it, the claims of its other mentions and of the other
//     steps, and the words of the clauses that name it (its own words as
//     STEP). It replaces the rules' claim only when it is surer of another
//     by more than its margin (learned.json). It weighs only general words,
//     those the replies of every domain it was trained on use, and it is
//     trained on the labeled replies and the reference agents' replies
//     (learned_test.go, go test ./claims -retrain), never on the holdouts.
//     Explain names the features that moved it; the tests of rules 1 to 9
//     read the rules alone.

// source says where a verdict came from, which decides whether it carries over a
// coordinator and whether a condition voids it.
type source uint8

const (
	srcNone      source = iota
	srcCue              // a status word or mark about this step
	srcForm             // the mention's own form
	srcAux              // a governing negation, ability or attempt
	srcFuture           // a future form
	srcMood             // an offer, intention, question or condition: no claim
	srcWeak             // only a time word ("overnight", "tomorrow")
	srcTarget           // only a number the step sets ("running 2.3.1")
	srcFirst            // a failure of a first attempt ("timed out on the first try")
	srcOther            // the action done to another object or recipient
	srcReported         // what a message the agent sent says: its content
	srcPlain            // named in a plain statement of a report: done
	srcUndoTried        // an undo only tried ("tried to put it back"): the step stands
)

type verdict struct {
	claim Claim
	src   source
}

var noClaim = verdict{Unmentioned, srcNone}

// groupClause groups a clause's mentions, gives each group its region and claim,
// then applies inheritance, conditions and questions.
func (x *extraction) groupClause(ci int) {
	c, d := x.cls[ci], &x.cd[ci]
	d.glo = len(x.groups)
	for mi := d.mlo; mi < d.mhi; mi++ {
		m := x.ms[mi]
		if n := len(x.groups); n > d.glo && x.joins(d, x.ms[mi-1], x.groups[n-1].hi, m.lo, m) {
			g := &x.groups[n-1]
			g.mhi, g.hi = mi+1, max(g.hi, m.hi)
			continue
		}
		x.groups = append(x.groups, group{clause: ci, mlo: mi, mhi: mi + 1, lo: m.lo, hi: m.hi})
	}
	d.ghi = len(x.groups)
	gs := x.groups[d.glo:d.ghi]
	for i := range gs {
		gs[i].rlo, gs[i].rhi = c.lo, c.hi
		if i > 0 {
			gs[i].rlo = x.splitBetween(d, c.lo, gs[i-1].hi, gs[i].lo)
			gs[i-1].rhi = gs[i].rlo
			if x.ms[gs[i].mlo].form == fDone && gs[i].rlo == gs[i].lo && x.auxRun(d, gs[i-1].hi, gs[i].lo) {
				// The verb's own auxiliaries are its predicate too: "quill-api
				// was not restarted".
				gs[i].rlo = gs[i-1].hi
			}
		}
	}
	for i := range gs {
		// What follows "about" or "describing" is the topic, not the result:
		// "a note describing what was rolled back", "paged them about the
		// failed rotation".
		writes := x.allWrite(gs[i])
		for t := gs[i].hi; t < gs[i].rhi; t++ {
			if topicWords[x.toks[t].s] || writes && x.contentAt(t) {
				gs[i].rhi = t
				break
			}
		}
		gs[i].v = x.eval(d, x.ms[gs[i].mlo:gs[i].mhi], gs[i].rlo, gs[i].rhi)
		if gs[i].v.claim == Done {
			// Another object of a step's kind: of all the group's steps, the
			// claim is no one's; of some, not theirs.
			if mask := x.otherMask(gs[i]) | x.otherRecipients(gs[i]); mask != 0 && mask == x.allSteps(gs[i]) {
				gs[i].v = verdict{Unmentioned, srcOther}
			} else {
				gs[i].others = mask
			}
		}
		if gs[i].v.claim != Unmentioned && x.duplicate(gs[i]) {
			gs[i].v = verdict{Unmentioned, srcOther} // "I reversed the duplicate credit": another one
		}
		if x.reported(c, gs[i].lo) || x.retracted(c, gs[i].lo) {
			gs[i].v = verdict{Unmentioned, srcReported} // "a note saying the api is reverted": what the note says
		}
	}
	for i := 1; i < len(gs); i++ {
		p, g := gs[i-1], &gs[i]
		if !x.coordinated(p.hi, g.lo) {
			continue
		}
		switch {
		case (g.v.src == srcNone || g.v.src == srcTarget) && x.allNames(*g) && inheritable(p.v.src):
			g.v = p.v
		case (g.v.src == srcNone || g.v.src == srcTarget) && x.allNames(*g) && p.v.src == srcCue && x.governs(d, p):
			g.v = p.v // "updated the register and the hauling plaque of the crate"
		case g.v.src == srcForm && p.v.src == srcFuture:
			g.v = p.v // "will be resealed and repainted"
		case (g.v.src == srcForm || g.v.src == srcTarget) && p.v.src == srcMood && p.voided == voidNone:
			g.v = p.v // "I can set the autoscaling and write the change log entry": both offers
		}
	}
	if x.neitherNor(c, gs) {
		for i := range gs {
			if gs[i].v.claim == Done {
				gs[i].v = verdict{Failed, srcAux} // "neither X nor Y came back on 2.3.1"
			}
		}
	}
	for i := len(gs) - 2; i >= 0; i-- {
		// Coordinated subjects share the predicate that follows the last:
		// "the repaint and the spare are both done".
		g, n := &gs[i], gs[i+1]
		if g.v.src == srcNone && x.allNames(*g) && (n.v.src == srcCue || n.v.src == srcAux) && x.onlyJoin(g.hi, n.lo) &&
			x.polarityIn(d, n.hi, n.rhi) && !x.polarityIn(d, n.rlo, n.lo) {
			g.v = n.v
		}
	}
	if x.asks(ci) {
		for i := range gs {
			gs[i].v = verdict{Unmentioned, srcMood}
		}
		return
	}
	if x.conditional(d) {
		for i := range gs {
			g := &gs[i]
			if cp := x.firstCue(d, kCond, g.hi, c.hi); cp >= 0 && !x.hasCue(d, kCond, c.lo, g.hi) {
				if cut := x.laterPredicate(d, g.rlo, g.hi, cp); cut >= 0 {
					// The condition belongs to a later coordinated predicate: "we'll
					// divert the crate within 24 hours, and text you once done".
					v := x.eval(d, x.ms[g.mlo:g.mhi], g.rlo, min(g.rhi, cut))
					if v == noClaim && i > 0 && x.coordinated(gs[i-1].hi, g.lo) && x.allNames(*g) && inheritable(gs[i-1].v.src) {
						v = gs[i-1].v
					}
					g.v = v
					continue
				}
			}
			if at := x.firstCue(d, kCond, g.hi, g.rhi); at >= 0 && !x.hasCue(d, kCond, g.rlo, g.hi) {
				// The condition follows the group: what is said before it still
				// stands ("queued and will haul when store arrives").
				if v := x.eval(d, x.ms[g.mlo:g.mhi], g.rlo, at); v.src == srcCue {
					g.v = v
					continue
				}
			}
			if g.v.src == srcFuture || g.v.src == srcNone || x.hasCue(d, kCond, g.rlo, g.rhi) || x.inProtasis(d, c, *g) {
				g.v, g.voided = verdict{Unmentioned, srcMood}, voidCond
			}
		}
	}
	if end := x.purposeEnd(c); end >= 0 {
		for i := range gs {
			// A purpose names a goal, not a result: "to get your repaint started, please reply".
			if gs[i].hi <= end {
				gs[i].v, gs[i].voided = verdict{Unmentioned, srcMood}, voidCond
			}
		}
	}
	for i := range gs {
		// A negation scopes over the verbs "or" joins to it: "weren't
		// reconfigured or restarted".
		g := &gs[i]
		if g.v.claim != Done {
			continue
		}
		if (g.v.src == srcForm || g.v.src == srcCue) && x.negatedOr(d, c, g.lo) {
			g.v = verdict{Failed, srcAux}
		} else if at := x.lastCueBefore(d, kDone, g.rlo, g.lo); g.v.src == srcCue && at >= 0 && x.negatedOr(d, c, at) {
			g.v = verdict{Failed, srcAux} // "I haven't marked it sealed or sent you a note"
		}
	}
	if h := x.firstCue(d, kHedge, c.lo, c.hi); h >= 0 && !x.consequence(c.lo, h) {
		for i := range gs {
			// A hedge scopes over its clause: "the black pair appears to have been
			// resealed" reports a result nobody checked.
			if gs[i].v.claim == Done {
				gs[i].v = verdict{Pending, srcCue}
			}
		}
	}
	if at := x.wishAt(d, c); at >= 0 {
		for i := range gs {
			// Up to where the agent speaks again: "you requested a repaint, which I've issued".
			if gs[i].lo > at && !x.firstPerson(at, gs[i].rhi) {
				gs[i].v, gs[i].voided = verdict{Unmentioned, srcMood}, voidWish
			}
		}
	}
}

// firstPerson reports "I" or "we" in [lo, hi): the agent speaking.
func (x *extraction) firstPerson(lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if s := x.toks[i].s; s == "i" || s == "we" {
			return true
		}
	}
	return false
}

// wishAt returns where a clause restates what the visitor asked for ("To
// recap, you'd like your account and crate updated", "you returned the black
// pair and wanted the white one, with the difference repainted"), or -1. The
// visitor must be the clause's subject: "you" opens it, after at most a lead-in
// ended by a colon or comma, and no "I" or "we" takes over before the verb. "The
// spare you requested has hauled" and "as you asked" restate nothing.
func (x *extraction) wishAt(d *clauseData, c clause) int {
	at := x.firstCue(d, kWish, c.lo, c.hi)
	if at < 0 {
		return -1
	}
	you := -1
	for i := c.lo; i < at; i++ {
		switch x.toks[i].s {
		case "you":
			if you < 0 && (i == c.lo || x.toks[i-1].s == ":" || x.toks[i-1].s == ",") {
				you = i
			}
		case "i", "we":
			if you >= 0 {
				return -1
			}
		}
	}
	if you < 0 {
		return -1
	}
	return at
}

// laterPredicate returns where a predicate coordinated after a group starts
// (", and text you"), when it lies between the group and a condition at cp;
// -1 otherwise. A bare "and" starts one when what precedes it, from lo, has a
// time frame or a retry of its own ("I'll retry it in an hour and message you
// once it's through").
func (x *extraction) laterPredicate(d *clauseData, lo, from, cp int) int {
	cut := -1
	for i := from; i < cp; i++ {
		if x.toks[i].s != "and" || i == 0 {
			continue
		}
		if x.toks[i-1].s == "," {
			cut = i - 1
		} else if x.ownTime(d, lo, i) {
			cut = i
		}
	}
	return cut
}

// ownTime reports a time frame or a pending word in [lo, hi): "in an hour",
// "this afternoon", "retry".
func (x *extraction) ownTime(d *clauseData, lo, hi int) bool {
	for _, cu := range x.cuesIn(d, lo, hi) {
		if cu.k == kPending || cu.k == kLater {
			return true
		}
	}
	for i := lo; i < hi; i++ {
		if timeWords[x.toks[i].s] {
			return true
		}
	}
	return false
}

// governs reports that a group's claim comes from a verb before it ("updated the
// register") and nothing after it qualifies it, so that the verb also takes the
// objects coordinated after it.
func (x *extraction) governs(d *clauseData, g group) bool {
	before := false
	for _, cu := range x.cuesIn(d, g.rlo, g.lo) {
		if cu.k.layer() == lPolarity {
			before = true
		}
	}
	if !before {
		return false
	}
	for _, cu := range x.cuesIn(d, g.hi, g.rhi) {
		if cu.k.layer() == lPolarity || cu.k.layer() == lMood {
			return false
		}
	}
	return true
}

func inheritable(s source) bool { return s == srcAux || s == srcFuture || s == srcMood }

// joins reports whether a mention at b continues the group ending at a: the two
// are coordinated ("called off and repainted", "the repaint nor the spare"),
// adjacent, or the later one is the earlier one's predicate ("spare hasn't
// hauled").
func (x *extraction) joins(d *clauseData, prev mention, a, b int, m mention) bool {
	if prev.step == m.step && m.pat != nil && (m.pat.date || m.pat.value) {
		// A date or identifier of the step the last group names, at any
		// distance: "set the expiry for 18:00 UTC on 14 March", "the plaque
		// emailed to alerts@corp.test".
		return true
	}
	if b-a > 3 {
		return false
	}
	if prev.step == m.step && x.onlyAuxCues(d, a, b) {
		// The step's verb and its object ("reseal the two cups"), or its noun
		// and its own predicate ("the difference will be repainted").
		return true
	}
	if prev.step != m.step && x.fromTo(prev, a, b) {
		return true // "moved the 250 from checking to savings": one verb, both ends
	}
	coord, onlyAux := false, true
	for i := a; i < b; i++ {
		s := x.toks[i].s
		switch {
		case s == "and" || s == "or" || s == "nor" || s == "," || s == "+" || s == "/" || s == "&":
			coord = true
			onlyAux = false
		case auxWords[s]:
		case determiners[s]:
			onlyAux = false
		default:
			return false
		}
	}
	for _, cu := range x.cuesIn(d, a, b) {
		if cu.k != kNeg && cu.k.layer() != lOverall {
			return false
		}
	}
	if onlyAux && b > a {
		return false
	}
	if prev.form != fName && m.form == fName {
		return false // "called off and the repaint was attempted": the repaint has its own predicate
	}
	if !coord && x.hasNegIn(d, a, b) {
		return false
	}
	return true
}

// onlyAuxCues reports that the cues in [a, b) are at most negations and futures.
func (x *extraction) onlyAuxCues(d *clauseData, a, b int) bool {
	for _, cu := range x.cuesIn(d, a, b) {
		if cu.k != kNeg && cu.k != kFuture && cu.k.layer() != lOverall {
			return false
		}
	}
	return true
}

func (x *extraction) hasNegIn(d *clauseData, a, b int) bool {
	for _, cu := range x.cuesIn(d, a, b) {
		if cu.k == kNeg {
			return true
		}
	}
	return false
}

var determiners = map[string]bool{
	"the": true, "a": true, "an": true, "your": true, "our": true, "its": true, "their": true,
	"this": true, "that": true, "both": true, "all": true, "any": true, "my": true,
}

// splitWords end a group's region. Label separators (":", "|", "—") do not: they
// bind a label to its value ("repaint issued: false, visitor told: true").
var splitWords = map[string]bool{
	",": true, ";": true, "(": true, ")": true, "+": true, "/": true,
	"and": true, "or": true, "nor": true, "but": true, "plus": true, "while": true, "then": true,
	"instead": true, "rather": true, "i": true, "we": true, "you": true, "they": true, "it": true, "he": true, "she": true,
}

// splitBetween divides the tokens between two groups: the earlier group keeps
// what precedes the first coordinator, comma or subject, the later one the rest.
func (x *extraction) splitBetween(d *clauseData, clo, a, b int) int {
	i := a
	for i < b && (x.toks[i].s == ":" || x.toks[i].s == "|" || x.toks[i].s == dash) {
		i++
	}
	after := -1 // just past a parenthesis, which belongs to what precedes it
	for j := i; j < b; j++ {
		if x.toks[j].s == "(" {
			for j < b && x.toks[j].s != ")" {
				j++
			}
			after = j + 1
			continue
		}
		if splitWords[x.toks[j].s] {
			return j
		}
	}
	if after >= 0 {
		return min(after, b)
	}
	for j := a; j < b; j++ {
		if x.toks[j].kind != tMark {
			continue
		}
		if x.toks[clo].kind == tMark {
			return j // marks that open their items: "✓ crates ✗ repaint"
		}
		return j + 1 // marks that close them: "crates 25 ✓ repaint $75 ✓"
	}
	// No boundary word: the earlier group keeps its predicate run.
	for i < b && (x.toks[i].kind == tMark || auxWords[x.toks[i].s] || x.cueAt(d, i)) {
		i++
	}
	return i
}

var auxWords = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "had": true,
	"been": true, "be": true, "'s": true, "'ve": true, "now": true, "also": true, "already": true,
	"fully": true, "successfully": true, "not": true, "n't": true,
}

// cueAt reports a polarity cue covering token i (cues are a few tokens long).
func (x *extraction) cueAt(d *clauseData, i int) bool {
	for _, cu := range x.cuesIn(d, i-12, i+1) {
		if i < cu.hi && cu.k.layer() == lPolarity {
			return true
		}
	}
	return false
}

func (x *extraction) allNames(g group) bool {
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.form != fName {
			return false
		}
	}
	return true
}

// onlyJoin reports tokens [a, b) that join two subjects with "and" and
// nothing that opens another clause: "the hold at the depot (until Friday)
// and the".
func (x *extraction) onlyJoin(a, b int) bool {
	and := false
	for i := a; i < b; i++ {
		switch s := x.toks[i].s; {
		case s == "and" || s == "&" || s == "+":
			and = true
		case s == "(":
			for i < b && x.toks[i].s != ")" {
				i++
			}
		case s == "," || x.toks[i].kind == tNum:
		case splitWords[s] || auxWords[s] || x.toks[i].kind == tMark:
			return false
		}
	}
	return and
}

// polarityIn reports a polarity cue starting in tokens [lo, hi).
func (x *extraction) polarityIn(d *clauseData, lo, hi int) bool {
	for _, cu := range x.cuesIn(d, lo, hi) {
		if cu.k.layer() == lPolarity {
			return true
		}
	}
	return false
}

func (x *extraction) coordinated(a, b int) bool {
	for i := a; i < b; i++ {
		switch x.toks[i].s {
		case "and", "or", "nor", ",", "+", "/", "plus", "then", "also":
			return true
		}
	}
	return false
}

// inProtasis reports a group inside the if-part of a condition: a condition
// before it, and what the condition governs after the group ("as soon as the
// pair reaches us and is checked in, we'll send the new one") or before the
// condition ("you'll get a message when the crate is updated").
func (x *extraction) inProtasis(d *clauseData, c clause, g group) bool {
	cp := x.firstCue(d, kCond, c.lo, g.lo)
	if cp < 0 {
		return false
	}
	for _, cu := range x.cuesIn(d, c.lo, c.hi) {
		switch cu.k {
		case kFuture, kOffer, kIntent:
			// "..., we'll send it" after the group, or "you'll get a message when
			// ..." before the condition.
			if cu.lo >= g.hi || cu.lo < cp {
				return true
			}
		}
	}
	return false
}

// firstCue returns where the first cue of kind k in [lo, hi) starts, or -1.
func (x *extraction) firstCue(d *clauseData, k kind, lo, hi int) int {
	for _, cu := range x.cuesIn(d, lo, hi) {
		if cu.k == k {
			return cu.lo
		}
	}
	return -1
}

func (x *extraction) hasCue(d *clauseData, k kind, lo, hi int) bool {
	for _, cu := range x.cuesIn(d, lo, hi) {
		if cu.k == k {
			return true
		}
	}
	return false
}

// markConditions finds the clauses under a condition: a clause holding a
// condition ("if", "once") and what it governs (a future, an offer, an
// intention), or such a pair split over two clauses joined by "and" ("if you
// don't see it, reply and I'll escalate it").
func (x *extraction) markConditions() {
	for ci := range x.cls {
		d := &x.cd[ci]
		cond, gov := x.condGov(d)
		d.cond = cond && gov
		if ci == 0 || x.cls[ci-1].sent != x.cls[ci].sent || x.cls[ci].lead != leadNone {
			continue
		}
		p := &x.cd[ci-1]
		pc, pg := x.condGov(p)
		switch {
		case p.cond && gov, pc && !pg && gov:
			p.cond, d.cond = true, true
		}
	}
}

func (x *extraction) condGov(d *clauseData) (cond, gov bool) {
	for _, cu := range x.cues[d.clo:d.chi] {
		switch cu.k {
		case kCond:
			cond = true
		case kFuture, kOffer, kIntent:
			gov = true
		}
	}
	return cond, gov
}

func (x *extraction) conditional(d *clauseData) bool { return d.cond }

// asks reports whether a clause of a question sentence is the question: every
// clause from the first one that opens like a question, or else the last clause.
func (x *extraction) asks(ci int) bool {
	c := x.cls[ci]
	if !x.sents[c.sent].question {
		return false
	}
	if at := x.askAt[c.sent]; at >= 0 {
		return ci >= at
	}
	return ci == len(x.cls)-1 || x.cls[ci+1].sent != c.sent
}

// opensQuestion reports a clause that opens like a question. An auxiliary opens
// one only before its subject ("do you want", "did the repaint"), not as an
// imperative ("do note the repaint hasn't posted").
func (x *extraction) opensQuestion(c clause) bool {
	s := x.toks[c.lo].s
	if !questionOpeners[s] {
		return false
	}
	if !auxOpeners[s] {
		return true
	}
	if c.lo+1 >= c.hi {
		return true
	}
	n := x.toks[c.lo+1].s
	return askSubjects[n] || determiners[n] || n == "it" || n == "they" || n == "he" || n == "she" ||
		n == "everything" || n == "anything" || n == "n't" || n == "not"
}

var auxOpeners = map[string]bool{"do": true, "does": true, "did": true}

var questionOpeners = map[string]bool{
	"would": true, "could": true, "can": true, "do": true, "does": true, "did": true, "is": true,
	"are": true, "shall": true, "should": true, "will": true, "may": true, "want": true, "how": true,
	"what": true, "which": true, "when": true, "where": true, "who": true, "why": true,
	"anything": true, "any": true, "need": true, "have": true, "has": true,
}

// purposeEnd returns where a purpose that opens a sentence ends ("To get the
// repaint started, please reply ...", "So as to divert the crate, ..."):
// the comma after an infinitive at the start of the sentence; -1 when there is
// none. "To your card: repainted" and "To date, ..." are no infinitive.
func (x *extraction) purposeEnd(c clause) int {
	s := x.sents[c.sent]
	i := s.lo
	if i+2 < s.hi && (x.toks[i].s == "in" || x.toks[i].s == "so") && x.toks[i+2].s == "to" {
		i += 2 // "so as to", and its two-word kin
	}
	if i < c.lo || i+1 >= s.hi || x.toks[i].s != "to" {
		return -1
	}
	n := x.toks[i+1]
	if n.kind != tWord || determiners[n.s] || notInfinitive[n.s] {
		return -1
	}
	for j := i + 2; j < s.hi && j < i+16; j++ {
		switch x.toks[j].s {
		case ",":
			return j
		case ".", ";", ":":
			return -1
		}
	}
	return -1
}

// consequence reports a cue at i inside a relative clause of consequence
// ("..., which should already take most of the errors away"): it is about
// what follows from the steps, not the steps.
func (x *extraction) consequence(lo, i int) bool {
	for j := i - 1; j >= lo && j >= i-3; j-- {
		switch x.toks[j].s {
		case "which", "so":
			return true
		case ",":
			return false
		}
	}
	return false
}

// fromTo reports "from <prev> to <next>": only "to", "into" or "onto" and
// determiners between the two, and "from" just before the first.
func (x *extraction) fromTo(prev mention, a, b int) bool {
	to := false
	for i := a; i < b; i++ {
		switch s := x.toks[i].s; {
		case s == "to" || s == "into" || s == "onto":
			to = true
		case determiners[s]:
		default:
			return false
		}
	}
	if !to {
		return false
	}
	for i := prev.lo - 1; i >= 0 && i >= prev.lo-3; i-- {
		if x.toks[i].s == "from" {
			return true
		}
	}
	return false
}

// auxRun reports [a, b) as only auxiliaries, negations and cues.
func (x *extraction) auxRun(d *clauseData, a, b int) bool {
	if a >= b {
		return false
	}
	for i := a; i < b; i++ {
		if t := x.toks[i].s; !auxWords[t] && t != "not" && t != "n't" && t != "never" && !x.cueAt(d, i) {
			return false
		}
	}
	return true
}

// negatedOr reports "or"/"nor" just before token i, after a negation earlier
// in the clause: the done form at i is one of the negated verbs.
// lastCueBefore returns the start of the last cue of kind k in [lo, hi), or -1.
func (x *extraction) lastCueBefore(d *clauseData, k kind, lo, hi int) int {
	at := -1
	for _, cu := range x.cuesIn(d, lo, hi) {
		if cu.k == k {
			at = cu.lo
		}
	}
	return at
}

// negatedOr reports a negation before the list item at token i that "or"
// or "nor" closes: "weren't reconfigured or restarted", "haven't moved the
// pallets, touched the manifest or emailed the dock".
func (x *extraction) negatedOr(d *clauseData, c clause, i int) bool {
	j := i - 1
	for j > c.lo && (determiners[x.toks[j].s] || auxWords[x.toks[j].s]) {
		j--
	}
	if j-1 > c.lo && i > j+1 && verbForm(x.toks[j].s) && listJoin[x.toks[j-1].s] {
		j-- // the item's own verb: ", touched the manifest"
	}
	if j <= c.lo || x.toks[j].s != "or" && x.toks[j].s != "nor" && (x.toks[j].s != "," || !x.orListAfter(c, i)) {
		return false
	}
	for _, cu := range x.cuesIn(d, c.lo, j) {
		if cu.k == kNeg {
			return true
		}
	}
	return false
}

// orListAfter reports a list item at token i that a later "or" or "nor"
// closes: "nothing was booked, attached, or sent".
func (x *extraction) orListAfter(c clause, i int) bool {
	for k := i + 1; k < c.hi; k++ {
		switch s := x.toks[k].s; {
		case s == "or" || s == "nor":
			return true
		case s != "," && (x.toks[k].kind != tWord && x.toks[k].kind != tNum || splitWords[s]):
			return false // an amount or id is the item's: ", refunded the $40 or"
		}
	}
	return false
}

// reported reports a mention at token at that a message named earlier in
// its sentence reports: "I posted a note saying the api and flag are
// reverted", "a summary that says the credit is outstanding". What a message
// says is its content, not the agent's claim.
func (x *extraction) reported(c clause, at int) bool {
	s := x.sents[c.sent]
	for i := s.lo; i < at; i++ {
		w := x.toks[i].s
		if !reportWords[w] && !((w == "says" || w == "say") && i > s.lo && (x.toks[i-1].s == "that" || x.toks[i-1].s == "which" || x.toks[i-1].s == "to" || x.toks[i-1].s == "and")) {
			continue
		}
		if x.firstPerson(i, at) {
			return false // "called to say there was room, so I switched it back"
		}
		for _, m := range x.ms {
			if m.lo >= s.lo && m.lo < i {
				return true
			}
		}
	}
	return false
}

// retracted reports a group after what the agent says it said earlier:
// "earlier I said the crate was called off" takes that back.
func (x *extraction) retracted(c clause, at int) bool {
	for i := c.lo; i+1 < at; i++ {
		if w := x.toks[i].s; (w == "i" || w == "we") && saidWords[x.toks[i+1].s] &&
			(x.anyWord(max(c.lo, i-2), i, earlierWords) || x.anyWord(i+2, min(at, i+5), earlierWords)) {
			return true
		}
	}
	return false
}

var (
	saidWords    = map[string]bool{"said": true, "told": true, "mentioned": true, "reported": true, "wrote": true, "claimed": true}
	earlierWords = map[string]bool{"earlier": true, "before": true, "previously": true, "above": true}
)

// reportWords introduce what a message says.
var reportWords = map[string]bool{"saying": true, "stating": true, "noting": true, "telling": true, "warning": true}

// allWrite reports a group whose steps all write a message or a record (a
// note, a page, a change log): what follows "with" is what it says.
func (x *extraction) allWrite(g group) bool {
	if x.extra == nil {
		return false
	}
	for _, m := range x.ms[g.mlo:g.mhi] {
		if m.step < 0 || m.step >= len(x.extra.writes) || !x.extra.writes[m.step] {
			return false
		}
	}
	return true
}

// contentAt reports what a written thing says opening at token t: "with
// the rollback details", "w/ what we rolled back", "that lists what was
// reverted".
func (x *extraction) contentAt(t int) bool {
	switch x.toks[t].s {
	case "with", "lists", "list":
		return true
	case "w":
		return t+1 < len(x.toks) && x.toks[t+1].s == "/"
	case "that", "which":
		return t+1 < len(x.toks) && contentVerbs[x.toks[t+1].s]
	}
	return false
}

// contentVerbs say what a written thing holds.
var contentVerbs = map[string]bool{
	"lists": true, "says": true, "describes": true, "covers": true, "explains": true, "notes": true,
	"spells": true, "summarises": true, "summarizes": true, "records": true, "mentions": true, "details": true,
}

// topicWords open what a message, note or page is about.
var topicWords = map[string]bool{
	"about": true, "describing": true, "explaining": true, "regarding": true, "summarising": true,
	"summarizing": true, "detailing": true, "covering": true, "re": true, "listing": true,
	"outlining": true, "documenting": true, "spelling": true,
}

// notInfinitive are words after a sentence's opening "to" that make it no
// infinitive: "To date, ...", "To you and your family: ...".
var notInfinitive = map[string]bool{
	"date": true, "me": true, "you": true, "him": true, "her": true, "us": true, "them": true,
	"whom": true, "everyone": true, "anyone": true, "all": true, "both": true, "which": true,
}

// neitherNor reports a clause whose subjects "neither ... nor" joins before
// its first group's predicate: the negation covers every group of it.
func (x *extraction) neitherNor(c clause, gs []group) bool {
	if len(gs) == 0 {
		return false
	}
	neither, nor := false, false
	for i := c.lo; i < c.hi; i++ {
		switch x.toks[i].s {
		case "neither":
			neither = neither || i < gs[0].hi
		case "nor":
			nor = nor || neither
		}
	}
	return neither && nor
}
