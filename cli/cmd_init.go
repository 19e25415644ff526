package cli

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
)

//go:embed templates/*.yaml
var templates embed.FS

// SchemaBase is where editors find the JSON Schemas that the files init
// writes name in their first line.
const SchemaBase = "https://raw.githubusercontent.com/evalrun/evalrun/main/schema"

func cmdInit(args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlags("init", "[--tools] NAME", stderr)
	withTools := fs.Bool("tools", false, "also write a starter tools.yaml beside it: a tool pack of your own, in YAML")
	paths, err := parse(fs, args)
	if err != nil {
		return exitUsage, err
	}
	if len(paths) != 1 {
		return exitUsage, usageError{err: errors.New("give one NAME: evalrun init [--tools] NAME (writes NAME.yaml)")}
	}
	file := paths[0]
	if !strings.HasSuffix(file, ".yaml") && !strings.HasSuffix(file, ".yml") {
		file += ".yaml"
	}
	id := scenarioID(strings.TrimSuffix(strings.TrimSuffix(filepath.Base(file), ".yaml"), ".yml"))
	if id == "" {
		return exitUsage, usageError{err: fmt.Errorf("%q makes no scenario id: use letters and digits", paths[0])}
	}
	out := map[string]string{file: "templates/builtin.yaml"}
	if *withTools {
		out = map[string]string{file: "templates/scenario.yaml", filepath.Join(filepath.Dir(file), "tools.yaml"): "templates/tools.yaml"}
	}
	for path := range out {
		if _, err := os.Stat(path); err == nil {
			return exitUsage, usageError{err: fmt.Errorf("%s exists: init writes new files only", path)}
		}
	}
	data := map[string]string{"ID": id, "File": file, "Schema": SchemaBase}
	for path, tmpl := range out {
		t, err := template.ParseFS(templates, tmpl)
		if err != nil {
			return exitHarness, err
		}
		var b bytes.Buffer
		if err := t.Execute(&b, data); err != nil {
			return exitHarness, err
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			return exitUsage, usageError{err: err}
		}
		fmt.Fprintf(stdout, "wrote %s\n", path)
	}
	fmt.Fprintf(stdout, "next: evalrun validate %s && evalrun run --agent naive %s\n", file, file)
	return exitPass, nil
}

var nonID = regexp.MustCompile(`[^a-z0-9_-]+`)

// scenarioID makes an id from a file name: lower case, other runs of
// characters as one dash.
func scenarioID(name string) string {
	return strings.Trim(nonID.ReplaceAllString(strings.ToLower(name), "-"), "-_")
}
