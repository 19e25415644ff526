package extend

import (
	"context"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/scenarios"
)

func init() {
	agent.Register(agent.Info{Name: "planner", Description: "calls each step's gold action, then says it is all taken care of",
		New: func(s *scenarios.Scenario, _ agent.Options) (agent.Model, error) { return &planner{s: s}, nil }})
}

// planner is the seed's root cause in a dozen lines: it reports from the
// plan, never from the replies.
type planner struct {
	s    *scenarios.Scenario
	turn int
}

var _ agent.Model = (*planner)(nil)

// Next makes one step's call per turn, then writes the final message.
func (p *planner) Next(context.Context, agent.Request) (agent.Reply, error) {
	if p.turn < len(p.s.Steps) {
		st := p.s.Steps[p.turn]
		p.turn++
		return agent.Reply{ToolCalls: []agent.ToolCall{{Name: st.Action.Tool, Arguments: st.Action.ArgsJSON}}}, nil
	}
	return agent.Reply{Content: "Everything is taken care of."}, nil
}
