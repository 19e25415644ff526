package result

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Line is one line of a JSON Lines result: the run's header first, then a
// trial per line, then the summary (the document without its trials).
type Line struct {
	Run     *RunHeader `json:"run,omitempty"`
	Trial   *Trial     `json:"trial,omitempty"`
	Summary *Suite     `json:"summary,omitempty"`
}

// RunHeader names a run before any trial is known.
type RunHeader struct {
	SchemaVersion int    `json:"schema_version"`
	Tool          string `json:"tool"`
	Agent         string `json:"agent"`
	Model         string `json:"model,omitempty"`
	Seed          uint64 `json:"seed"`
	TrialsPerCase int    `json:"trials_per_case"`
	Claims        string `json:"claims,omitempty"`
	JudgeModel    string `json:"judge_model,omitempty"`
}

// Header is s's header line.
func Header(s *Suite) *RunHeader {
	return &RunHeader{SchemaVersion: s.SchemaVersion, Tool: s.Tool, Agent: s.Agent, Model: s.Model, Seed: s.Seed, TrialsPerCase: s.TrialsPerCase,
		Claims: s.Claims, JudgeModel: s.JudgeModel}
}

// ErrIncomplete marks a JSON Lines result with no summary line: the run was
// stopped before it ended. Read still returns its trials.
var ErrIncomplete = errors.New("the run did not finish: no summary line")

// Read reads a result file, JSON or JSON Lines. A JSON Lines file whose
// run was killed gives its finished trials and ErrIncomplete.
func Read(path string) (*Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := Decode(f)
	if err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Decode reads a result, JSON or JSON Lines, from r.
func Decode(r io.Reader) (*Suite, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	first, err := br.Peek(16)
	if err != nil && len(first) == 0 {
		return nil, errors.New("empty result file")
	}
	if bytes.HasPrefix(bytes.TrimLeft(first, " \t\r\n"), []byte(`{"run"`)) {
		return decodeLines(br)
	}
	var s Suite
	if err := json.NewDecoder(br).Decode(&s); err != nil {
		return nil, fmt.Errorf("not an evalrun result document: %w", err)
	}
	return &s, nil
}

func decodeLines(r *bufio.Reader) (*Suite, error) {
	var s Suite
	dec := json.NewDecoder(r)
	n := 0
	for {
		var l Line
		err := dec.Decode(&l)
		if errors.Is(err, io.EOF) {
			break
		}
		n++
		if err != nil {
			if s.Tool != "" && errors.Is(err, io.ErrUnexpectedEOF) {
				return &s, ErrIncomplete // a line cut short by a kill
			}
			return &s, fmt.Errorf("line %d: %w", n, err)
		}
		switch {
		case l.Run != nil:
			h := l.Run
			s.SchemaVersion, s.Tool, s.Agent, s.Model, s.Seed, s.TrialsPerCase = h.SchemaVersion, h.Tool, h.Agent, h.Model, h.Seed, h.TrialsPerCase
			s.Claims, s.JudgeModel = h.Claims, h.JudgeModel
		case l.Trial != nil:
			s.Trials = append(s.Trials, *l.Trial)
		case l.Summary != nil:
			trials := s.Trials
			s = *l.Summary
			s.Trials = trials
			if s.Trials == nil {
				s.Trials = []Trial{}
			}
			if s.Findings == nil {
				// The summary line leaves the findings to the trial lines.
				s.Findings = []Finding{}
				for i := range s.Trials {
					s.Findings = append(s.Findings, s.Trials[i].Findings...)
				}
			}
			return &s, nil
		}
	}
	if s.Trials == nil {
		s.Trials = []Trial{}
	}
	return &s, ErrIncomplete
}

// ReadSummary reads a result file, JSON or JSON Lines, without its trials
// and findings: the header, summary, cases and sweep, in memory the size of
// one trial, whatever the size of the run. Comparing runs needs no more.
func ReadSummary(path string) (*Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	first, _ := br.Peek(16)
	var s *Suite
	if bytes.HasPrefix(bytes.TrimLeft(first, " \t\r\n"), []byte(`{"run"`)) {
		s, err = summaryLines(br)
	} else {
		s, err = summaryDocument(br)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// summaryLines skips the trial lines of a JSON Lines result.
func summaryLines(r *bufio.Reader) (*Suite, error) {
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && bytes.HasPrefix(line, []byte(`{"summary"`)) {
			var l Line
			if err := json.Unmarshal(line, &l); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			l.Summary.Trials, l.Summary.Findings = []Trial{}, []Finding{}
			return l.Summary, nil
		}
		if err != nil {
			return nil, ErrIncomplete
		}
	}
}

// summaryDocument reads a JSON document member by member, and the trials
// one at a time, discarding them.
func summaryDocument(r io.Reader) (*Suite, error) {
	dec := json.NewDecoder(r)
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not an evalrun result document")
	}
	fields := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		if key == "findings" {
			if err := skipArray(dec); err != nil {
				return nil, err
			}
			continue
		}
		if key != "trials" {
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return nil, err
			}
			fields[key] = v
			continue
		}
		if err := skipArray(dec); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	var s Suite
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("not an evalrun result document: %w", err)
	}
	s.Trials, s.Findings = []Trial{}, []Finding{}
	return &s, nil
}

// skipArray reads past an array (or null), one element at a time.
func skipArray(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if t != json.Delim('[') {
		return errors.New("expected a list")
	}
	for dec.More() {
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}
