// Package library is the bundled scenario library, built into the binary so
// that `evalrun run` works from any folder. Each sub-folder is a domain: its
// scenarios, and its tool pack beside them (a tools.yaml, or Go code for
// commerce, whose pack this package registers by importing it). The retail
// folder holds only a Go pack, tau2-bench's retail tools, for scenarios
// kept outside the library.
package library

import (
	"embed"

	"github.com/evalrun/evalrun/scenarios"
	// The commerce and retail packs are written in Go; importing them
	// registers them.
	_ "github.com/evalrun/evalrun/scenarios/library/commerce"
	_ "github.com/evalrun/evalrun/scenarios/library/retail"
)

//go:embed */*.yaml
var files embed.FS

// Load reads every bundled scenario, named scenarios/library/DOMAIN/FILE in
// messages.
func Load() ([]*scenarios.Scenario, error) {
	return scenarios.LoadFS(files, ".", "scenarios/library")
}
