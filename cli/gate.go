package cli

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/evalrun/evalrun/compare"
	"github.com/evalrun/evalrun/result"
)

// gate decides a run's pass or fail when the default ("every trial
// passed") is replaced: by an expression over the metrics (--gate), by a
// comparison with a baseline (--baseline), or both.
type gate struct {
	src      string
	program  *vm.Program
	baseline *result.Suite
	path     string
}

// gateEnv is the metrics as a gate expression sees them: each by name,
// with k, n, rate, lo and hi. A metric with n = 0 has rate NaN (every
// comparison with it is false), lo 0 and hi 1: nothing is known.
func gateEnv(s result.Summary) map[string]any {
	env := map[string]any{}
	for _, name := range result.MetricOrder {
		m := s[name]
		v := map[string]any{"k": m.K, "n": m.N, "rate": math.NaN(), "lo": 0.0, "hi": 1.0}
		if m.Rate != nil {
			v["rate"] = *m.Rate
		}
		if m.CI95 != nil {
			v["lo"], v["hi"] = m.CI95[0], m.CI95[1]
		}
		if m.Value != nil {
			v["value"] = *m.Value
		}
		env[name] = v
	}
	return env
}

// compileGate checks a gate expression before anything runs.
func compileGate(src string) (*vm.Program, error) {
	p, err := expr.Compile(src, expr.Env(gateEnv(result.Summary{})), expr.AsBool())
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return nil, fmt.Errorf("--gate %q: %s (metrics: %s; each has k, n, rate, lo, hi)", src, msg, strings.Join(result.MetricOrder, ", "))
	}
	return p, nil
}

// judge applies the gate to a finished suite, saying why on w; true is a
// pass.
func (g *gate) judge(s *result.Suite, w io.Writer) (bool, error) {
	pass := true
	if g.program != nil {
		out, err := expr.Run(g.program, gateEnv(s.Summary))
		if err != nil {
			return false, fmt.Errorf("--gate %q: %w", g.src, err)
		}
		if ok, _ := out.(bool); ok {
			fmt.Fprintf(w, "evalrun: gate holds: %s\n", g.src)
		} else {
			fmt.Fprintf(w, "evalrun: gate fails: %s\n", g.src)
			pass = false
		}
	}
	if g.baseline != nil {
		c, err := compare.Compare(g.baseline, s, compare.Options{})
		if err != nil {
			return false, fmt.Errorf("--baseline %s: %w", g.path, err)
		}
		c.Base.File = g.path
		if err := compare.Write(w, c, "text", false); err != nil {
			return false, err
		}
		pass = pass && len(c.Regressions) == 0
	}
	return pass, nil
}
