package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"github.com/evalrun/evalrun/faults"
	"github.com/evalrun/evalrun/result"
)

// Cell names the step and fault kind a swept variant tests.
type Cell = result.Cell

// SweepKinds checks a list of kind names for a sweep; empty means every
// registered kind.
func SweepKinds(names []string) ([]string, error) {
	if len(names) == 0 {
		all := slices.Clone(faults.Taxonomy)
		for _, k := range faults.Kinds() {
			if !slices.Contains(all, k.Name()) {
				all = append(all, k.Name())
			}
		}
		return all, nil
	}
	var out []string
	for _, n := range names {
		n = strings.TrimSpace(n)
		if _, err := faults.Lookup(n); err != nil {
			return nil, err
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Sweep derives from s one variant per step and fault kind, aimed at the
// step's first call of the part the kind belongs to: the gold action, the
// first read-back (stale_read, empty_result) or the compensating action
// (compensation_noop, with the next step failing so that a careful agent
// has something to undo). A kind that has nothing to aim at on a step (no
// read-back, no compensation, no later step) gets no variant there. Every
// derived fault must fire: a trial in which it did not is reported. The
// result is a copy of s whose variants are the swept ones.
func Sweep(s *Scenario, kinds []string) (*Scenario, error) {
	out := *s
	out.Variants = nil
	for i, st := range s.Steps {
		for _, name := range kinds {
			k, err := faults.Lookup(name)
			if err != nil {
				return nil, err
			}
			specs := sweepFaults(s, i, k)
			if specs == nil {
				continue
			}
			out.Variants = append(out.Variants, &Variant{
				Name:        st.ID + "/" + name,
				Description: fmt.Sprintf("%s on step %s: %s; the world gets %s", name, st.ID, k.Sees(), k.Gets()),
				Faults:      specs,
				Cell:        &Cell{Step: st.ID, Kind: name},
			})
		}
	}
	return &out, nil
}

func sweepFaults(s *Scenario, i int, k faults.Kind) []faults.Spec {
	st := s.Steps[i]
	first := faults.When{Calls: []int{1}}
	switch faults.AimOf(k) {
	case faults.AimRead:
		if len(st.Verify) == 0 {
			return nil
		}
		c := st.Verify[0]
		return []faults.Spec{{Name: k.Name(), Kind: k.Name(), Tool: c.Tool, When: first, RequireFired: true,
			Target: Action{Tool: c.Tool, Args: c.Args}.Target()}}
	case faults.AimCompensation:
		if st.Compensate == nil || i+1 >= len(s.Steps) {
			return nil
		}
		next := s.Steps[i+1]
		return []faults.Spec{
			{Name: k.Name(), Kind: k.Name(), Tool: st.Compensate.Tool, When: first, RequireFired: true,
				Target: st.Compensate.Target()},
			{Name: "trigger", Kind: "hard_error", Step: next.ID, Target: next.Action.Target()},
		}
	}
	return []faults.Spec{{Name: k.Name(), Kind: k.Name(), Step: st.ID, When: first, RequireFired: true,
		Target: st.Action.Target()}}
}
