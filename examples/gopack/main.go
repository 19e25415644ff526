// Command gopack is evalrun with one more tool pack, written in Go. A module
// of your own needs only this main, and its packs imported beside the CLI.
package main

import (
	"github.com/evalrun/evalrun/cli"

	_ "github.com/evalrun/evalrun/examples/gopack/lockers" // registers the pack
)

func main() { cli.Main() }
