// Package report renders a result.Suite. Every format is a pure function of
// the suite, registered by name from its own file.
package report

import (
	"io"

	"github.com/evalrun/evalrun/internal/registry"
	"github.com/evalrun/evalrun/result"
)

// Options are settings every format may use.
type Options struct {
	// Color turns on terminal colours (text format only).
	Color bool
}

// Format writes a suite to w.
type Format func(w io.Writer, s *result.Suite, o Options) error

var formats = registry.New[Format]("report: format", "format")

// Register adds a format; each format's file calls it from init.
func Register(name string, f Format) { formats.Add(name, f) }

// Lookup returns the format called name.
func Lookup(name string) (Format, error) { return formats.Get(name) }

// Names lists the registered formats.
func Names() []string { return formats.Names() }
