// Package report renders a result.Suite. Every format is a pure function of
// the suite, registered by name from its own file.
package report

import (
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/evalrun/evalrun/result"
)

// Options are settings every format may use.
type Options struct {
	// Color turns on terminal colours (text format only).
	Color bool
}

// Format writes a suite to w.
type Format func(w io.Writer, s *result.Suite, o Options) error

var (
	mu      sync.RWMutex
	formats = map[string]Format{}
)

// Register adds a format; each format's file calls it from init.
func Register(name string, f Format) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := formats[name]; dup {
		panic("report: format registered twice: " + name)
	}
	formats[name] = f
}

// Lookup returns the format called name.
func Lookup(name string) (Format, error) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := formats[name]
	if !ok {
		return nil, fmt.Errorf("unknown format %q (known: %v)", name, namesLocked())
	}
	return f, nil
}

// Names lists the registered formats.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	out := make([]string, 0, len(formats))
	for n := range formats {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
