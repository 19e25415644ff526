package lockers_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/evalrun/evalrun/cli"

	_ "github.com/evalrun/evalrun/examples/gopack/lockers"
)

// The example module's main is cli.Main with this pack imported; running
// the CLI in-process with the pack registered is that binary.
func TestPackThroughTheCLI(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"validate", "../pickup.yaml"}, 0},
		{[]string{"run", "--agent", "naive", "../pickup.yaml"}, 1},
		{[]string{"run", "--agent", "saga", "--trials", "3", "../pickup.yaml"}, 0},
		{[]string{"list"}, 0},
	} {
		var out, errOut bytes.Buffer
		if got := cli.Run(context.Background(), c.args, &out, &errOut); got != c.code {
			t.Fatalf("evalrun %v: exit %d, want %d\n%s%s", c.args, got, c.code, out.String(), errOut.String())
		}
		if c.args[0] == "list" && !bytes.Contains(out.Bytes(), []byte("lockers")) {
			t.Fatalf("evalrun list does not show the pack:\n%s", out.String())
		}
	}
}
