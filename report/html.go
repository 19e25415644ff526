package report

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"io"

	"github.com/evalrun/evalrun/result"
)

func init() { Register("html", HTML) }

//go:embed html.tmpl
var htmlPage string

var htmlTemplate = template.Must(template.New("report").Parse(htmlPage))

// HTML writes one self-contained page: the summary, the sweep heat map
// when there is one, filters over the trials, and a drill-down into each
// trial (its steps, conversation, tool calls, fault ledger and state
// diff). The suite is embedded as JSON and rendered by the page's own
// script: it loads nothing from the network.
func HTML(w io.Writer, s *result.Suite, _ Options) error {
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(true) // inside a <script>: no "</script>" can end it early
	if err := enc.Encode(s); err != nil {
		return err
	}
	title := "evalrun: " + s.Agent
	if s.Model != "" {
		title += " (" + s.Model + ")"
	}
	return htmlTemplate.Execute(w, map[string]any{
		"Title": title,
		// The JSON is escaped for a script element (<, >, & as \u003c...),
		// so it is safe to insert as is.
		"Data": template.JS(data.String()),
	})
}
