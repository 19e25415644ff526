// Package library is the bundled scenario library, built into the binary so
// that `evalrun run` works from any folder. Each sub-folder is a domain: its
// scenarios, and its tool pack beside them (a tools.yaml, or Go code for
// commerce, whose pack this package registers by importing it).
package library

import (
	"embed"

	"github.com/evalrun/evalrun/scenarios"
	// The commerce pack is written in Go; importing it registers it.
	_ "github.com/evalrun/evalrun/scenarios/library/commerce"
)

//go:embed */*.yaml
var files embed.FS

// Load reads every bundled scenario, named scenarios/library/DOMAIN/FILE in
// messages.
func Load() ([]*scenarios.Scenario, error) {
	return scenarios.LoadFS(files, ".", "scenarios/library")
}
