package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/evalrun/evalrun/result"
)

func init() {
	Register("json", JSON)
	RegisterStream("json", newJSONStream)
}

// JSON writes the versioned result document, indented, keys in a fixed
// order: the same suite always gives the same bytes. Control and format
// characters in strings are escaped, so the file is safe to cat.
func JSON(w io.Writer, s *result.Suite, _ Options) error {
	b, err := encode(s, "")
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// encode is v as the document writes it: indented under prefix, HTML left
// alone, control characters escaped, no trailing newline.
func encode(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return escapeEncoded(b.Bytes(), jsonRef), nil
}

// jsonStream writes the same document as JSON without holding the trials:
// they are spooled to a temporary file as they finish, and copied into
// place after the summary, which the document puts first.
type jsonStream struct {
	w                io.Writer
	trials, findings spool
}

// spool is a temporary file of array elements, removed once written.
type spool struct {
	f *os.File
	n int
}

func (s *spool) add(v any) error {
	if s.f == nil {
		f, err := os.CreateTemp("", "evalrun-spool-*.json")
		if err != nil {
			return fmt.Errorf("spooling the report: %w", err)
		}
		_ = os.Remove(f.Name()) // the open file lives on; nothing is left behind
		s.f = f
	}
	b, err := encode(v, "    ")
	if err != nil {
		return err
	}
	sep := "    "
	if s.n > 0 {
		sep = ",\n    "
	}
	s.n++
	if _, err := io.WriteString(s.f, sep); err != nil {
		return err
	}
	_, err = s.f.Write(bytes.TrimSuffix(b, []byte("\n")))
	return err
}

// copyTo writes the array's elements between brackets, as the indented
// document has them.
func (s *spool) copyTo(w io.Writer) error {
	if s.n == 0 {
		_, err := io.WriteString(w, "[]")
		return err
	}
	defer s.f.Close()
	if _, err := io.WriteString(w, "[\n"); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.Copy(w, s.f); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n  ]")
	return err
}

func newJSONStream(w io.Writer, _ *result.Suite, _ Options) (Stream, error) {
	return &jsonStream{w: w}, nil
}

func (j *jsonStream) Trial(t *result.Trial) error {
	for i := range t.Findings {
		if err := j.findings.add(&t.Findings[i]); err != nil {
			return err
		}
	}
	return j.trials.add(t)
}

// Close writes the document: the suite with no trials and no findings,
// encoded, with the spooled findings and trials put between their
// brackets.
func (j *jsonStream) Close(s *result.Suite) error {
	head := *s
	head.Trials, head.Findings = []result.Trial{}, []result.Finding{}
	b, err := encode(&head, "")
	if err != nil {
		return err
	}
	const findings, trials = "\n  \"findings\": []", "\n  \"trials\": []"
	fi, ti := bytes.Index(b, []byte(findings)), bytes.LastIndex(b, []byte(trials))
	if fi < 0 || ti < fi {
		return fmt.Errorf("the document has no place for its findings and trials")
	}
	fi += len(findings) - 2
	ti += len(trials) - 2
	for _, part := range []func() error{
		func() error { _, err := j.w.Write(b[:fi]); return err },
		func() error { return j.findings.copyTo(j.w) },
		func() error { _, err := j.w.Write(b[fi+2 : ti]); return err },
		func() error { return j.trials.copyTo(j.w) },
		func() error { _, err := j.w.Write(b[ti+2:]); return err },
	} {
		if err := part(); err != nil {
			return err
		}
	}
	return nil
}
