// Package claims extracts, step by step, what an agent's final message tells
// the user was done.
//
// evalrun compares this with what the world shows happened: a step the message
// claims done but that is not is a false claim, the failure mode the project
// exists to catch. The extractor is rule based, so that its verdicts are cheap,
// deterministic and explainable: Extract tokenizes the message, cuts it into
// sentences and clauses, finds where each step is named (the phrases its
// tool's pack declares, the scenario's terms, its ID's words: the package
// itself knows no domain), and reads the negation, failure, pending, future,
// rollback, question, offer and condition cues around each mention. A small
// learned reading, trained on labeled replies and weighing only words every
// domain uses, has the last word where it is clearly surer than the rules
// (learned.go). rules.go lists the rules; fixtures/claims and
// fixtures/claims-domains* hold the labeled replies they are measured on.
package claims
