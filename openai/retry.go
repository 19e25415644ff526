package openai

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/time/rate"
)

// RetryPolicy bounds how long a model call keeps trying: rate limits (429),
// server errors (5xx), request timeouts (408) and connection failures are
// retried with exponential backoff and jitter, or after the server's
// Retry-After; anything else fails at once.
type RetryPolicy struct {
	// MaxRetries is the number of attempts after the first.
	MaxRetries int
	// BaseDelay is the first backoff; each retry doubles it.
	BaseDelay time.Duration
	// MaxDelay caps one backoff wait.
	MaxDelay time.Duration
	// MaxElapsed caps the time one call may spend retrying: a wait that
	// would end past it (a long Retry-After included) is not started.
	MaxElapsed time.Duration
}

// DefaultRetry is the policy the CLI starts from.
var DefaultRetry = RetryPolicy{MaxRetries: 6, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second, MaxElapsed: 3 * time.Minute}

// backoff is the wait before retry n (0-based): half of base*2^n, capped,
// plus a random part up to the other half, so that workers that hit a rate
// limit together do not come back together.
func (p RetryPolicy) backoff(n int) time.Duration {
	d := p.BaseDelay << min(n, 30)
	if d <= 0 || d > p.MaxDelay {
		d = p.MaxDelay
	}
	half := d / 2
	if half <= 0 {
		return d
	}
	return half + rand.N(half+1)
}

// call is one model call's bookkeeping, carried in its context so that the
// shared HTTP path can report to the trial that made the call.
type call struct {
	retries int
	// gaveUp says why the retries stopped, for the error message.
	gaveUp string
	// body and contentType are the successful reply, taken by capture.
	body        []byte
	contentType string
	captured    bool
}

type callKey struct{}

func withCall(ctx context.Context, c *call) context.Context {
	return context.WithValue(ctx, callKey{}, c)
}

func callOf(ctx context.Context) *call {
	if c, ok := ctx.Value(callKey{}).(*call); ok {
		return c
	}
	return &call{}
}

// doer is the HTTP client interface go-openai calls.
type doer interface {
	Do(*http.Request) (*http.Response, error)
}

// retrier sends a request through the rate limit and retries it by policy.
type retrier struct {
	next    doer
	policy  RetryPolicy
	clock   Clock
	limiter *rate.Limiter // nil: no cap
}

var _ doer = (*retrier)(nil)

// Do sends req until it gets an answer worth returning. When the retries run
// out it returns the last response (so its status and message reach the
// caller) or the last error.
func (r *retrier) Do(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	rewind, err := rewinder(req)
	if err != nil {
		return nil, err
	}
	a := callOf(ctx)
	start := r.clock.Now()
	for n := 0; ; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if r.limiter != nil {
			if err := r.limiter.Wait(ctx); err != nil {
				return nil, fmt.Errorf("waiting for the request-rate limit: %w", err)
			}
		}
		try := req
		if n > 0 {
			try = req.Clone(ctx)
			if try.Body, err = rewind(); err != nil {
				return nil, err
			}
		}
		resp, err := r.next.Do(try)
		if err == nil && success(resp) {
			// Read the body here, so that a connection that breaks while
			// it streams is retried like one that broke before it.
			if _, err = slurp(resp); err == nil {
				return resp, nil
			}
			if errors.Is(err, errTooLarge) {
				return nil, err
			}
			resp = nil
		}
		if !retryable(ctx, resp, err) {
			return resp, err
		}
		if n >= r.policy.MaxRetries {
			a.gaveUp = fmt.Sprintf("gave up after %d attempts", n+1)
			return resp, err
		}
		wait := r.policy.backoff(n)
		if ra, ok := retryAfter(resp, r.clock.Now()); ok {
			wait = ra
		}
		if spent := r.clock.Now().Sub(start); spent+wait > r.policy.MaxElapsed {
			a.gaveUp = fmt.Sprintf("gave up after %d attempts: the next wait (%s) would pass the %s retry budget",
				n+1, wait.Round(time.Millisecond), r.policy.MaxElapsed)
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
		}
		a.retries++
		if err := r.clock.Sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// retryable says whether an attempt's outcome is worth another try: a
// transport error (connection refused, reset, timeout, a body cut short)
// unless the run was cancelled or the endpoint redirects where a POST
// cannot follow, or a status that means "later".
func retryable(ctx context.Context, resp *http.Response, err error) bool {
	if err != nil {
		var re *redirectError
		return ctx.Err() == nil && !errors.As(err, &re)
	}
	switch c := resp.StatusCode; {
	case c == http.StatusTooManyRequests, c == http.StatusRequestTimeout, c >= 500:
		return true
	}
	return false
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date.
func retryAfter(resp *http.Response, now time.Time) (time.Duration, bool) {
	if resp == nil {
		return 0, false
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		switch {
		case s != s || s < 0: // NaN or negative: not a wait
			return 0, false
		case s > maxRetryAfter.Seconds():
			return maxRetryAfter, true
		}
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// maxRetryAfter is the longest Retry-After taken as written; a longer one
// (a year, 1e300 seconds) is held to it rather than overflowing, and no
// retry budget waits that long anyway.
const maxRetryAfter = 100 * 365 * 24 * time.Hour

var errTooLarge = fmt.Errorf("the reply is over %d MB", MaxReplyBytes>>20)

func success(resp *http.Response) bool { return resp.StatusCode >= 200 && resp.StatusCode < 300 }

// memBody is a reply body already read into memory, so that later
// readers take the bytes instead of copying them again.
type memBody struct {
	*bytes.Reader
	data []byte
}

func (memBody) Close() error { return nil }

// slurp reads a successful reply's body into memory, up to MaxReplyBytes,
// once: a body slurped before is returned as it is.
func slurp(resp *http.Response) ([]byte, error) {
	if m, ok := resp.Body.(memBody); ok {
		return m.data, nil
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxReplyBytes+1))
	resp.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the reply: %w", err)
	}
	if len(b) > MaxReplyBytes {
		return nil, errTooLarge
	}
	resp.Body = memBody{bytes.NewReader(b), b}
	resp.ContentLength = int64(len(b))
	return b, nil
}

// redirectError is a redirect a chat request cannot follow: retrying it
// would only meet it again.
type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }

// checkRedirect follows 307 and 308, which repeat the POST with its body,
// up to 10 times; 301, 302 and 303 would turn it into a GET, so they stop
// with the address to put in --base-url instead.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return &redirectError{fmt.Sprintf("more than 10 redirects (the last to %s): a redirect loop", req.URL.Redacted())}
	}
	if r := req.Response; r != nil && r.StatusCode != http.StatusTemporaryRedirect && r.StatusCode != http.StatusPermanentRedirect {
		return &redirectError{fmt.Sprintf("the endpoint redirects (%d) to %s, which would turn the POST into a GET: use that address in --base-url",
			r.StatusCode, req.URL.Redacted())}
	}
	return nil
}

// rewinder returns a function that gives the request body afresh for a
// retry: the request's own GetBody when it has one (go-openai's requests
// do), else a copy read up front.
func rewinder(req *http.Request) (func() (io.ReadCloser, error), error) {
	if req.Body == nil || req.Body == http.NoBody {
		return func() (io.ReadCloser, error) { return http.NoBody, nil }, nil
	}
	if req.GetBody != nil {
		return req.GetBody, nil
	}
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }, nil
}

// readBody takes the request body so that it can be sent more than once.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	defer req.Body.Close()
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, fmt.Errorf("reading the request body: %w", err)
	}
	return b, nil
}
