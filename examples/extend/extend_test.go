package extend_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalrun/evalrun/cli"

	_ "github.com/evalrun/evalrun/examples/extend"
)

func evalrun(t *testing.T, want int, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if got := cli.Run(context.Background(), args, &out, &errOut); got != want {
		t.Fatalf("evalrun %v: exit %d, want %d\n%s%s", args, got, want, out.String(), errOut.String())
	}
	return out.String()
}

func TestEachExtensionRunsThroughTheCLI(t *testing.T) {
	scenario := filepath.Join(t.TempDir(), "s.yaml")
	b, err := os.ReadFile("../../fixtures/authoring/scenario.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The starter scenario, its lost email made by the new kind.
	pack, err := filepath.Abs("../../fixtures/authoring/tools.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), "kind: ack_without_apply", "kind: stale_ok", 1)
	text = strings.Replace(text, "tools: [tools.yaml]", "tools: ["+pack+"]", 1)
	if err := os.WriteFile(scenario, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}

	if out := evalrun(t, 0, "list"); !strings.Contains(out, "stale_ok") || !strings.Contains(out, "planner") {
		t.Fatalf("list shows neither the kind nor the agent:\n%s", out)
	}
	out := evalrun(t, 1, "run", "--agent", "planner", "--format", "csv", scenario)
	for _, row := range []string{"scenario,variant,trial,verdict,passed", "escalation,clean,1,success,true", "escalation,email-lost,1,false_success,false"} {
		if !strings.Contains(out, row) {
			t.Fatalf("csv lacks %q:\n%s", row, out)
		}
	}
}
