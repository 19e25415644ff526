// Package tau2 imports tau2-bench tasks (sierra-research/tau2-bench) as
// evalrun scenarios: one scenario per task, over the domain's database as
// a shared world file, with the domain's policy as the system prompt.
//
// What maps to what:
//
//   - The user's instructions (why they call, what they know and do not,
//     how they are) become a first-person opening message (Opening), and
//     each write gets a scripted "yes": tau2's policy makes the agent ask
//     before every write.
//   - Each gold write that changes the database becomes a step, its
//     arguments verbatim. Its done assertion is read off the replay: every
//     leaf of the records it changes (a status, a list of item ids, a
//     payment entry's amount, a gift card balance) must hold the value the
//     gold replay leaves there. Its touches are those fields, its verify
//     reads the records back, and the domain words its phrases and terms.
//   - Gold reads are dropped: the agent chooses its own. A gold write that
//     fails (tau2's replay ignores the error) or changes nothing is
//     dropped with the reason; so are writes whose every change a later
//     write overwrites or undoes, once a replay shows that the steps alone
//     give the same database. A task that writes nothing becomes a
//     "nothing may change" scenario.
//   - Every scenario has exact_world: the whole database must end as the
//     gold replay leaves it, which is tau2's own database check.
//   - A task with two writes or more gets named fault variants: its first
//     write lost, a later write half applied, its last write dropped
//     behind a swallowed rate limit, each kept only when a replay shows
//     the step left undone.
//
// A domain (retail) is one file that registers a Domain; the replay, the
// assertions and the variants are the same for all.
package tau2
