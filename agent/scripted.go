package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/evalrun/evalrun/scenarios"
)

// Script is a recorded agent: the tool calls of each turn and the final
// message, replayed whatever the tools answer. It lets a transcript from any
// agent, in any language, be scored.
type Script struct {
	Scenario string       `yaml:"scenario"`
	Turns    []ScriptTurn `yaml:"turns"`
	Final    string       `yaml:"final"`
}

// ScriptTurn is one model turn of a script.
type ScriptTurn struct {
	Say   string       `yaml:"say"`
	Calls []ScriptCall `yaml:"calls"`
}

// ScriptCall is one tool call of a script.
type ScriptCall struct {
	Tool string         `yaml:"tool"`
	Args map[string]any `yaml:"args"`
}

func init() {
	Register(Info{Name: "scripted", Description: "replays tool calls and a final message from a script file (--script)", New: newScripted})
}

// LoadScripts reads a script file, or every *.yaml script in a folder, keyed
// by scenario id.
func LoadScripts(path string) (map[string]*Script, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("script: %w", err)
	}
	files := []string{path}
	if info.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.yaml"))
		if len(files) == 0 {
			return nil, fmt.Errorf("script: no *.yaml files in %s", path)
		}
	}
	out := map[string]*Script{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("script: %w", err)
		}
		var s Script
		dec := yaml.NewDecoder(strings.NewReader(string(b)))
		dec.KnownFields(true)
		if err := dec.Decode(&s); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if s.Scenario == "" {
			return nil, fmt.Errorf("%s: missing scenario: the id of the scenario this script plays", f)
		}
		if _, dup := out[s.Scenario]; dup {
			return nil, fmt.Errorf("%s: a second script for scenario %q", f, s.Scenario)
		}
		out[s.Scenario] = &s
	}
	return out, nil
}

var scriptCache sync.Map // path -> func() (map[string]*Script, error)

// cachedScripts reads a script path once per process, however many trials
// replay it.
func cachedScripts(path string) (map[string]*Script, error) {
	f, _ := scriptCache.LoadOrStore(path, sync.OnceValues(func() (map[string]*Script, error) { return LoadScripts(path) }))
	return f.(func() (map[string]*Script, error))()
}

type scripted struct {
	s    *Script
	turn int
	n    int
}

func newScripted(sc *scenarios.Scenario, o Options) (Model, error) {
	if o.Script == "" {
		return nil, errors.New("the scripted agent needs --script FILE|DIR")
	}
	scripts, err := cachedScripts(o.Script)
	if err != nil {
		return nil, err
	}
	s, ok := scripts[sc.ID]
	if !ok {
		return nil, fmt.Errorf("no script for scenario %q in %s", sc.ID, o.Script)
	}
	return &scripted{s: s}, nil
}

// Next replays the next turn, then the final message.
func (m *scripted) Next(_ context.Context, _ Request) (Reply, error) {
	if m.turn >= len(m.s.Turns) {
		return Reply{Content: m.s.Final}, nil
	}
	t := m.s.Turns[m.turn]
	m.turn++
	r := Reply{Content: t.Say}
	for _, c := range t.Calls {
		m.n++
		args, err := json.Marshal(c.Args)
		if err != nil || c.Args == nil {
			args = []byte("{}")
		}
		r.ToolCalls = append(r.ToolCalls, ToolCall{ID: fmt.Sprintf("call_%d", m.n), Name: c.Tool, Arguments: string(args)})
	}
	return r, nil
}
