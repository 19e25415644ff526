package agent_test

import (
	"context"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/mocktools"
)

// turns is a model that plays fixed replies and records what it saw.
type turns struct {
	replies []agent.Reply
	seen    []agent.Request
	err     error
	closed  bool
}

func (m *turns) Next(_ context.Context, req agent.Request) (agent.Reply, error) {
	m.seen = append(m.seen, req)
	if m.err != nil && len(m.seen) > len(m.replies) {
		return agent.Reply{}, m.err
	}
	if len(m.seen) > len(m.replies) {
		return agent.Reply{Content: "still going", ToolCalls: []agent.ToolCall{{Name: "echo", Arguments: "{}"}}}, nil
	}
	return m.replies[len(m.seen)-1], nil
}

func (m *turns) Close() { m.closed = true }

// echo answers every call with its name and arguments.
type echo struct{ calls []string }

func (e *echo) Call(_ context.Context, id, name, args string) mocktools.Response {
	e.calls = append(e.calls, id+" "+name+" "+args)
	return mocktools.Response{Status: mocktools.StatusOK, Body: mocktools.Body{"tool": name}}
}

var _ = Describe("the agent loop", func() {
	It("runs several tool calls of one reply in order and ends on a reply without calls", func() {
		m := &turns{replies: []agent.Reply{
			{Content: "Looking.", ToolCalls: []agent.ToolCall{{ID: "a", Name: "one", Arguments: `{"x":1}`}, {Name: "two", Arguments: "{}"}}},
			{Content: "Done."},
		}}
		tools := &echo{}
		tr, err := agent.Run(context.Background(), m, tools, nil, "sys", "task", 10)
		Expect(err).NotTo(HaveOccurred())
		Expect(tools.calls).To(Equal([]string{`a one {"x":1}`, "call_1_2 two {}"}))
		Expect(tr.Final).To(Equal("Done."))
		Expect(tr.Turns).To(Equal(2))
		roles := []string{}
		for _, msg := range tr.Messages {
			roles = append(roles, msg.Role)
		}
		Expect(roles).To(Equal([]string{"system", "user", "assistant", "tool", "tool", "assistant"}))
		Expect(tr.Messages[4].ToolCallID).To(Equal("call_1_2"), "a missing id is filled in and matched")
		Expect(tr.Messages[2].ToolCalls[1].ID).To(Equal("call_1_2"))
		Expect(m.seen[1].Messages).To(HaveLen(5), "the model sees the tool results")
		Expect(m.closed).To(BeTrue())
	})

	It("stops at max turns with no final message: narration beside tool calls is not a reply", func() {
		m := &turns{}
		tr, err := agent.Run(context.Background(), m, &echo{}, nil, "sys", "task", 3)
		Expect(err).NotTo(HaveOccurred())
		Expect(tr.OutOfTurns).To(BeTrue())
		Expect(tr.Turns).To(Equal(3))
		Expect(tr.Final).To(BeEmpty())
		Expect(tr.Messages[len(tr.Messages)-2].Content).To(Equal("still going"), "the narration stays in the transcript")
	})

	It("gives every call an id of its own: missing ones filled in, repeated ones suffixed, across turns", func() {
		m := &turns{replies: []agent.Reply{
			{ToolCalls: []agent.ToolCall{{ID: "a", Name: "one"}, {ID: "a", Name: "two"}, {Name: "three"}, {ID: "a", Name: "four"}}},
			{ToolCalls: []agent.ToolCall{{ID: "a", Name: "five"}, {ID: "call_1_3", Name: "six"}}},
			{Content: "Done."},
		}}
		tools := &echo{}
		tr, err := agent.Run(context.Background(), m, tools, nil, "sys", "task", 10)
		Expect(err).NotTo(HaveOccurred())
		Expect(tools.calls).To(Equal([]string{"a one ", "a_2 two ", "call_1_3 three ", "a_3 four ", "a_4 five ", "call_1_3_2 six "}))
		Expect(tr.Messages[2].ToolCalls[1].ID).To(Equal("a_2"), "the assistant message carries the ids its results answer")
	})

	It("returns the model's error with the transcript so far", func() {
		m := &turns{replies: []agent.Reply{{ToolCalls: []agent.ToolCall{{Name: "x"}}}}, err: errors.New("503")}
		tr, err := agent.Run(context.Background(), m, &echo{}, nil, "sys", "task", 10)
		Expect(err).To(MatchError("model turn 2: 503"))
		Expect(tr.Messages).To(HaveLen(4))
	})

	It("stops when the context is cancelled", func() {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := agent.Run(ctx, &turns{}, &echo{}, nil, "sys", "task", 10)
		Expect(err).To(MatchError(context.Canceled))
	})
})

var _ = Describe("the model registry", func() {
	It("has the reference and scripted models", func() {
		var names []string
		for _, m := range agent.Models() {
			names = append(names, m.Name)
			Expect(m.Description).NotTo(BeEmpty())
		}
		Expect(names).To(Equal([]string{"checked", "naive", "saga", "scripted", "verifying"}))
		_, err := agent.Lookup("gpt")
		Expect(err).To(MatchError(ContainSubstring(`unknown agent "gpt"`)))
	})
})

var _ = Describe("the final message", func() {
	It("is the text of the reply that ends the conversation", func() {
		m := &turns{replies: []agent.Reply{
			{Content: "Let me check.", ToolCalls: []agent.ToolCall{{Name: "one", Arguments: "{}"}}},
			{Content: "  Done.\n"},
		}}
		tr, err := agent.Run(context.Background(), m, &echo{}, nil, "sys", "task", 10)
		Expect(err).NotTo(HaveOccurred())
		Expect(tr.Final).To(Equal("  Done.\n"))
	})

	DescribeTable("is an error when it is empty, never a reply to score",
		func(final string) {
			m := &turns{replies: []agent.Reply{
				{Content: "Let me check.", ToolCalls: []agent.ToolCall{{Name: "one", Arguments: "{}"}}},
				{Content: final},
			}}
			tr, err := agent.Run(context.Background(), m, &echo{}, nil, "sys", "task", 10)
			Expect(err).To(MatchError(agent.ErrEmptyReply))
			Expect(err).To(MatchError(ContainSubstring("model turn 2")))
			Expect(tr.Final).To(BeEmpty())
		},
		Entry("empty", ""),
		Entry("blank", " \n\t "),
	)
})

var _ = Describe("user replies", func() {
	ask := agent.Reply{Content: "Shall I cancel it?"}
	call := agent.Reply{ToolCalls: []agent.ToolCall{{ID: "c", Name: "cancel", Arguments: "{}"}}}
	done := agent.Reply{Content: "Cancelled."}
	thanks := agent.Reply{Content: "You're welcome."}
	roles := func(tr agent.Transcript) string {
		var out []string
		for _, m := range tr.Messages {
			out = append(out, m.Role)
		}
		return strings.Join(out, " ")
	}

	DescribeTable("are sent one per reply without tool calls while some are left; the last reply is the final one",
		func(replies []agent.Reply, user []string, wantFinal, wantRoles string, wantUserTurns int) {
			m := &turns{replies: replies}
			tr, err := agent.Play(context.Background(), m, agent.Trial{Tools: &echo{}, System: "sys", Task: "task", UserReplies: user}, 10)
			Expect(err).NotTo(HaveOccurred())
			Expect(tr.Final).To(Equal(wantFinal))
			Expect(roles(tr)).To(Equal(wantRoles))
			Expect(tr.UserTurns).To(Equal(wantUserTurns))
		},
		Entry("none: the first text is final", []agent.Reply{ask}, nil, "Shall I cancel it?", "system user assistant", 0),
		Entry("a confirmation, then the work", []agent.Reply{ask, call, done}, []string{"yes"}, "Cancelled.",
			"system user assistant user assistant tool assistant", 1),
		Entry("two confirmations", []agent.Reply{ask, call, ask, call, done}, []string{"yes", "yes, go ahead"}, "Cancelled.",
			"system user assistant user assistant tool assistant user assistant tool assistant", 2),
		Entry("one left over after the report: the answer to it is final", []agent.Reply{call, done, thanks}, []string{"thanks"}, "You're welcome.",
			"system user assistant tool assistant user assistant", 1),
		Entry("more replies than the agent asks for", []agent.Reply{ask, call, done, thanks, thanks}, []string{"yes", "ok", "bye"}, "You're welcome.",
			"system user assistant user assistant tool assistant user assistant user assistant", 3),
	)

	It("are in what the model sees next, in order", func() {
		m := &turns{replies: []agent.Reply{ask, done}}
		_, err := agent.Play(context.Background(), m, agent.Trial{Tools: &echo{}, System: "sys", Task: "task", UserReplies: []string{"yes, go ahead"}}, 10)
		Expect(err).NotTo(HaveOccurred())
		last := m.seen[1].Messages[len(m.seen[1].Messages)-1]
		Expect(last).To(Equal(agent.Message{Role: "user", Content: "yes, go ahead"}))
	})

	It("leave the trial out of turns when the turns end on a reply", func() {
		m := &turns{replies: []agent.Reply{ask, ask}}
		tr, err := agent.Play(context.Background(), m, agent.Trial{Tools: &echo{}, System: "sys", Task: "task", UserReplies: []string{"yes", "yes"}}, 2)
		Expect(err).NotTo(HaveOccurred())
		Expect(tr.OutOfTurns).To(BeTrue())
		Expect(tr.Final).To(BeEmpty())
	})

	It("do not answer an empty reply: it is an error", func() {
		m := &turns{replies: []agent.Reply{{Content: " "}}}
		_, err := agent.Play(context.Background(), m, agent.Trial{Tools: &echo{}, System: "sys", Task: "task", UserReplies: []string{"yes"}}, 10)
		Expect(err).To(MatchError(agent.ErrEmptyReply))
	})
})
