package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("junit", JUnit) }

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	ClassName string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
	// SystemErr holds the trial's warnings (a claims judge that gave no
	// reading).
	SystemErr string `xml:"system-err,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// JUnit writes one test suite per scenario and one test case per trial, so
// that CI systems show evalrun's verdicts with their other tests. A failing
// trial's failure lists its steps the way the text report does.
func JUnit(w io.Writer, s *result.Suite, _ Options) error {
	out := junitSuites{Name: "evalrun " + s.Agent}
	index := map[string]int{}
	for i := range s.Trials {
		t := &s.Trials[i]
		k, ok := index[t.Scenario]
		if !ok {
			k = len(out.Suites)
			index[t.Scenario] = k
			out.Suites = append(out.Suites, junitSuite{Name: t.Scenario})
		}
		suite := &out.Suites[k]
		c := junitCase{ClassName: t.Scenario, Name: fmt.Sprintf("%s #%d", t.Variant, t.Trial), SystemOut: t.FinalMessage,
			SystemErr: strings.Join(t.Warnings, "\n")}
		switch {
		case t.Verdict == result.VerdictError:
			c.Error = &junitProblem{Message: t.Error, Type: t.Verdict, Text: t.Error}
			suite.Errors++
		case !t.Passed:
			c.Failure = &junitProblem{Message: fmt.Sprintf("%s, state %s", t.Verdict, t.State), Type: t.Verdict, Text: stepLines(t)}
			suite.Failures++
		}
		suite.Tests++
		suite.Cases = append(suite.Cases, c)
		out.Tests++
	}
	for _, su := range out.Suites {
		out.Failures += su.Failures
		out.Errors += su.Errors
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	b.WriteString("\n")
	_, err := w.Write(escapeEncoded(b.Bytes(), xmlRef))
	return err
}

func stepLines(t *result.Trial) string {
	var b strings.Builder
	for _, st := range t.Steps {
		fmt.Fprintf(&b, "%s: %s, claimed %s: %s", st.ID, st.Outcome, st.Claim, st.Verdict)
		if st.Judge != nil {
			fmt.Fprintf(&b, " (rules read %s, judge read %s)", st.RulesClaim, st.Judge.Claim)
		}
		b.WriteString("\n")
	}
	return b.String()
}
