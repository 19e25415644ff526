package openai

import (
	"context"
	"time"
)

// Clock is the time the retry loop sees. It is an interface so that tests
// can check a 30-second Retry-After without waiting 30 seconds.
type Clock interface {
	Now() time.Time
	// Sleep waits d or until ctx is done, whichever is first.
	Sleep(ctx context.Context, d time.Duration) error
}

// RealClock is the wall clock.
type RealClock struct{}

var _ Clock = RealClock{}

// Now returns the current time.
func (RealClock) Now() time.Time { return time.Now() }

// Sleep waits d, or returns ctx's error when it is cancelled first.
func (RealClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
