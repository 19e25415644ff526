package report

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/evalrun/evalrun/result"
)

func init() {
	Register("jsonl", JSONL)
	RegisterStream("jsonl", newJSONLStream)
}

// JSONL writes the result as JSON Lines: a line naming the run, one line
// per trial, then a line with the summary, cases, findings and sweep.
// Streamed, each trial's line is written as it finishes, so a run that is
// killed leaves every finished trial readable (result.Read).
func JSONL(w io.Writer, s *result.Suite, o Options) error {
	st, err := newJSONLStream(w, s, o)
	if err != nil {
		return err
	}
	for i := range s.Trials {
		if err := st.Trial(&s.Trials[i]); err != nil {
			return err
		}
	}
	return st.Close(s)
}

type jsonlStream struct{ w io.Writer }

func newJSONLStream(w io.Writer, head *result.Suite, _ Options) (Stream, error) {
	run := result.Suite{SchemaVersion: head.SchemaVersion, Tool: head.Tool, Agent: head.Agent, Model: head.Model,
		Seed: head.Seed, TrialsPerCase: head.TrialsPerCase, Claims: head.Claims, JudgeModel: head.JudgeModel}
	j := &jsonlStream{w: w}
	return j, j.line(result.Line{Run: result.Header(&run)})
}

func (j *jsonlStream) line(l result.Line) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		return err
	}
	_, err := j.w.Write(escapeEncoded(b.Bytes(), jsonRef))
	return err
}

func (j *jsonlStream) Trial(t *result.Trial) error { return j.line(result.Line{Trial: t}) }

// Close writes the summary line. Its findings are left out: every trial's
// line carries its own, and a reader gathers them (result.Decode).
func (j *jsonlStream) Close(s *result.Suite) error {
	end := *s
	end.Trials, end.Findings = nil, nil
	return j.line(result.Line{Summary: &end})
}
