package report

import (
	"io"

	"github.com/evalrun/evalrun/internal/registry"
	"github.com/evalrun/evalrun/result"
)

// Stream is a report written while the run goes: each trial as it
// finishes (in case order), then the rest of the document. A run of any
// size is then written in constant memory.
type Stream interface {
	// Trial writes one finished trial.
	Trial(t *result.Trial) error
	// Close writes what follows the trials: s holds the summary, cases,
	// findings and sweep, and no trials.
	Close(s *result.Suite) error
}

// Streamer starts a stream on w; head names the run (agent, seed, trials
// per case) before any trial is known.
type Streamer func(w io.Writer, head *result.Suite, o Options) (Stream, error)

var streamers = registry.New[Streamer]("report: stream", "streamed format")

// RegisterStream adds a streamed form of a format; the format's file
// calls it from init.
func RegisterStream(name string, s Streamer) { streamers.Add(name, s) }

// LookupStream returns the streamed form of a format, if it has one.
func LookupStream(name string) (Streamer, bool) {
	s, err := streamers.Get(name)
	return s, err == nil
}
