package tau2

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evalrun/evalrun/scenarios"
)

// MaxTaskFile bounds a task file's size; tau2's largest is a few MB.
const MaxTaskFile = 256 << 20

// Task is what the importer reads of a tau2 task: its id, what the user
// wants, and the gold actions. Everything else (descriptions, natural-
// language assertions, the information to communicate, issues) is left
// behind.
type Task struct {
	ID string
	// Instructions are the user simulator's instructions.
	Instructions Instructions
	// Actions are the gold actions, reads and writes, in order.
	Actions []Action
	// Line and Col are where the task starts in its file.
	Line, Col int
}

// Instructions are tau2's user instructions: why the user calls, what
// they know and do not, and how they behave. A task whose instructions
// are one plain string has it as Reason.
type Instructions struct {
	Reason, Known, Unknown, Behaviour string
}

// Action is one gold action: a tool call with its arguments as given.
type Action struct {
	// ID is the action's action_id, or "<task>_<index>" when it has none.
	ID   string
	Name string
	// Args are the arguments, decoded; args keeps their order and their
	// numbers as written, for the scenario file.
	Args map[string]any
	args *node
	// Line and Col are where the action starts in its file.
	Line, Col int
}

var taskIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// ParseTasks reads a tau2 task file: a JSON list of tasks. name is how
// messages show the file. Every problem found is reported, each at its line
// and column; a task file with any problem gives no tasks.
func ParseTasks(name string, data []byte) ([]Task, error) {
	f := &jsonFile{name: name, data: data}
	if len(data) > MaxTaskFile {
		return nil, scenarios.Errors{f.errAt(0, "the file is %d MB; the most is %d MB", len(data)>>20, MaxTaskFile>>20)}
	}
	root, err := f.parse()
	if err != nil {
		return nil, scenarios.Errors{err.(*scenarios.Error)}
	}
	r := &reader{f: f}
	if root.kind != kList {
		return nil, scenarios.Errors{f.errAt(root.off, "want a list of tasks, got %s", root.kind)}
	}
	seen := map[string]bool{}
	var tasks []Task
	for i, n := range root.kids {
		t, ok := r.task(i, n)
		if !ok {
			continue
		}
		key := strings.ToLower(t.ID)
		if seen[key] {
			r.fail(n.get("id"), "task %d: id %q is used by an earlier task", i, t.ID)
			continue
		}
		seen[key] = true
		tasks = append(tasks, t)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	return tasks, nil
}

// reader collects the problems of one file.
type reader struct {
	f    *jsonFile
	errs scenarios.Errors
}

func (r *reader) fail(n *node, format string, a ...any) {
	r.errs = append(r.errs, r.f.errAt(n.off, format, a...))
}

// field returns an object's field of the wanted kind. A missing or null
// field is an error when required, else (nil, true).
func (r *reader) field(obj *node, where, key string, want kind, required bool) (*node, bool) {
	v := obj.get(key)
	if v.isNull() {
		if required {
			r.fail(obj, "%s: missing %s", where, key)
			return nil, false
		}
		return nil, true
	}
	if v.kind != want {
		r.fail(v, "%s: %s: want %s, got %s", where, key, want, v.kind)
		return nil, false
	}
	return v, true
}

// task reads the i-th task of the file.
func (r *reader) task(i int, n *node) (Task, bool) {
	where := fmt.Sprintf("task %d", i)
	if n.kind != kObject {
		r.fail(n, "%s: want an object, got %s", where, n.kind)
		return Task{}, false
	}
	t := Task{}
	t.Line, t.Col = r.f.position(n.off)
	ok := true
	if id, good := r.field(n, where, "id", kString, true); !good {
		ok = false
	} else if !taskIDPattern.MatchString(id.text) {
		r.fail(id, "%s: id %q: want letters, digits, - and _ (it names the scenario)", where, id.text)
		ok = false
	} else {
		t.ID = id.text
		where = fmt.Sprintf("task %d (id %s)", i, t.ID)
	}
	if init := n.get("initial_state"); !init.isNull() {
		r.fail(init, "%s: initial_state is not supported: the task must start from the database as it is", where)
		ok = false
	}
	if user, good := r.field(n, where, "user_scenario", kObject, true); !good {
		ok = false
	} else if ins, good := r.instructions(user, where+": user_scenario"); good {
		t.Instructions = ins
	} else {
		ok = false
	}
	crit, good := r.field(n, where, "evaluation_criteria", kObject, true)
	if !good {
		return t, false
	}
	actions, good := r.field(crit, where+": evaluation_criteria", "actions", kList, false)
	if !good {
		return t, false
	}
	if actions != nil {
		for j, a := range actions.kids {
			act, good := r.action(a, fmt.Sprintf("%s: evaluation_criteria: actions[%d]", where, j))
			if !good {
				ok = false
				continue
			}
			if act.ID == "" {
				act.ID = t.ID + "_" + strconv.Itoa(j)
			}
			t.Actions = append(t.Actions, act)
		}
	}
	return t, ok
}

// instructions reads user_scenario.instructions: an object of tau2's
// structured instructions, or one plain string.
func (r *reader) instructions(user *node, where string) (Instructions, bool) {
	v := user.get("instructions")
	switch {
	case v.isNull():
		r.fail(user, "%s: missing instructions", where)
		return Instructions{}, false
	case v.kind == kString:
		if strings.TrimSpace(v.text) == "" {
			r.fail(v, "%s: instructions are empty", where)
			return Instructions{}, false
		}
		return Instructions{Reason: v.text}, true
	case v.kind != kObject:
		r.fail(v, "%s: instructions: want an object or a string, got %s", where, v.kind)
		return Instructions{}, false
	}
	where += ": instructions"
	var out Instructions
	ok := true
	for _, f := range []struct {
		key      string
		to       *string
		required bool
	}{
		{"reason_for_call", &out.Reason, true},
		{"known_info", &out.Known, false},
		{"unknown_info", &out.Unknown, false},
		{"task_instructions", &out.Behaviour, false},
	} {
		s, good := r.field(v, where, f.key, kString, f.required)
		switch {
		case !good:
			ok = false
		case s != nil:
			*f.to = s.text
		}
	}
	if ok && strings.TrimSpace(out.Reason) == "" {
		r.fail(v.get("reason_for_call"), "%s: reason_for_call is empty", where)
		ok = false
	}
	return out, ok
}

// action reads one gold action.
func (r *reader) action(n *node, where string) (Action, bool) {
	if n.kind != kObject {
		r.fail(n, "%s: want an object, got %s", where, n.kind)
		return Action{}, false
	}
	a := Action{}
	a.Line, a.Col = r.f.position(n.off)
	ok := true
	if id, good := r.field(n, where, "action_id", kString, false); !good {
		ok = false
	} else if id != nil {
		a.ID = id.text
	}
	if name, good := r.field(n, where, "name", kString, true); !good {
		ok = false
	} else if name.text == "" {
		r.fail(name, "%s: name is empty", where)
		ok = false
	} else {
		a.Name = name.text
	}
	args, good := r.field(n, where, "arguments", kObject, false)
	switch {
	case !good:
		ok = false
	case args == nil:
		a.args = &node{off: n.off, kind: kObject}
		a.Args = map[string]any{}
	default:
		a.args = args
		a.Args = args.value().(map[string]any)
	}
	return a, ok
}
