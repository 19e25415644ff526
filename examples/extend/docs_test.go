package extend_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// fence finds EXTENDING.md's code blocks whose first line names a file of
// this repository ("# fixtures/authoring/tools.yaml", "// examples/...").
var fence = regexp.MustCompile("(?s)```(?:go|yaml)\n(?:#|//) ((?:examples|fixtures)/[^\n]+)\n(.*?)```")

// TestExtendingQuotesItsFiles keeps EXTENDING.md's examples the code the
// tests compile and run: each quoted block is in its file, as written.
func TestExtendingQuotesItsFiles(t *testing.T) {
	doc, err := os.ReadFile("../../EXTENDING.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fence.FindAllStringSubmatch(string(doc), -1)
	if len(blocks) < 8 {
		t.Fatalf("found %d quoted blocks, want every example of the page", len(blocks))
	}
	for _, b := range blocks {
		file, body := b[1], b[2]
		src, err := os.ReadFile("../../" + file)
		if err != nil {
			t.Fatalf("EXTENDING.md quotes %s: %v", file, err)
		}
		if !strings.Contains(string(src), body) {
			t.Errorf("EXTENDING.md quotes %s, but the file does not hold this block as written:\n%s", file, body)
		}
	}
}
