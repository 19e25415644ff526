package extend

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/evalrun/evalrun/report"
	"github.com/evalrun/evalrun/result"
)

func init() { report.Register("csv", CSV) }

// CSV writes one row per trial: a pure function of the result, like every
// format.
func CSV(w io.Writer, s *result.Suite, _ report.Options) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"scenario", "variant", "trial", "verdict", "passed"})
	for _, t := range s.Trials {
		_ = cw.Write([]string{t.Scenario, t.Variant, strconv.Itoa(t.Trial), t.Verdict, strconv.FormatBool(t.Passed)})
	}
	cw.Flush()
	return cw.Error()
}
