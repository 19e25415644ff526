package openai_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/evalrun/evalrun/agent"
	"github.com/evalrun/evalrun/openai"
	"github.com/evalrun/evalrun/openai/openaitest"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
	"github.com/evalrun/evalrun/scenarios/library"
)

// benchScenario is order-cancellation's clean variant: with the gold script
// every trial makes the same five model calls (four steps and the final
// message), so the workers finish together and the tail is one call.
func benchScenario(b *testing.B) []*scenarios.Scenario {
	list, err := library.Load()
	if err != nil {
		b.Fatal(err)
	}
	s, err := scenarios.Find(list, "order-cancellation")
	if err != nil {
		b.Fatal(err)
	}
	one := *s
	one.Variants = s.Variants[:1]
	return []*scenarios.Scenario{&one}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSuiteLatency runs 256 uniform trials at --jobs 32 against an
// endpoint that takes 50ms a call, and reports the wall time over the ideal
// (calls x latency / jobs): how far the harness is from being invisible.
// "loopback" is the fake server over local HTTP: its CPU and the kernel's
// share the machine with the harness, so cpu-µs/call and allocs/call
// include them. "memory" serves the same handler without sockets, so what
// is left is the harness (client, loop, tools, scoring) and the handler.
func BenchmarkSuiteLatency(b *testing.B) {
	for _, mode := range []string{"loopback", "memory"} {
		b.Run(mode, func(b *testing.B) { benchSuite(b, mode == "memory") })
	}
}

func benchSuite(b *testing.B, inMemory bool) {
	const (
		jobs    = 32
		trials  = 256
		latency = 50 * time.Millisecond
	)
	list := benchScenario(b)
	srv := openaitest.New(list, openaitest.GoldScripts(list))
	defer srv.Close()
	srv.Latency = latency
	cfg := openai.Config{Model: "bench", BaseURL: srv.BaseURL()}
	if inMemory {
		cfg.HTTPClient = &http.Client{Transport: srv.Transport()}
	}
	be, err := openai.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	rc := runner.Config{Agent: "openai", Factory: be.Factory(), Trials: trials, Seed: 1, Jobs: jobs}
	b.ReportAllocs()
	var ratio float64
	var calls int64
	var cpu time.Duration
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before, c0 := srv.Requests(), cpuTime()
		start := time.Now()
		s, err := runner.Run(context.Background(), list, rc)
		wall := time.Since(start)
		cpu += cpuTime() - c0
		if err != nil || len(s.Trials) != trials {
			b.Fatalf("run: %v, %d trials", err, len(s.Trials))
		}
		n := srv.Requests() - before
		calls += n
		ideal := time.Duration(n) * latency / jobs
		ratio += wall.Seconds() / ideal.Seconds()
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(ratio/float64(b.N), "wall/ideal")
	b.ReportMetric(float64(calls)/float64(b.N), "calls/op")
	b.ReportMetric(float64(cpu.Microseconds())/float64(calls), "cpu-µs/call")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(calls), "allocs/call")
}

// BenchmarkFloor is what BenchmarkSuiteLatency would measure with no
// harness at all: 32 goroutines making the same number of sequential POSTs
// to a server that sleeps 50ms and answers "{}". Its wall/ideal is the
// machine's floor (timer slack, scheduling, loopback), to read the suite's
// ratio against.
func BenchmarkFloor(b *testing.B) {
	const (
		jobs    = 32
		calls   = 1280
		latency = 50 * time.Millisecond
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(latency)
		_, _ = w.Write([]byte("{}"))
	}))
	defer srv.Close()
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 512
	client := &http.Client{Transport: t}
	var ratio float64
	for i := 0; i < b.N; i++ {
		start := time.Now()
		var wg sync.WaitGroup
		for g := 0; g < jobs; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for c := 0; c < calls/jobs; c++ {
					resp, err := client.Post(srv.URL, "application/json", strings.NewReader("{}"))
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}()
		}
		wg.Wait()
		ratio += time.Since(start).Seconds() / (time.Duration(calls) * latency / jobs).Seconds()
	}
	b.ReportMetric(ratio/float64(b.N), "wall/ideal")
}

// BenchmarkNext is one model call: the first turn of order-cancellation
// (two messages, seventeen tools). "loopback" answers from an instant
// in-process server, so it counts both sides and the kernel; "client"
// answers from httpmock with a canned reply: the harness's own cost per
// call (request building, go-openai, retries, decoding).
func BenchmarkNext(b *testing.B) {
	list := benchScenario(b)
	s := list[0]
	req := agent.Request{
		Messages: []agent.Message{{Role: "system", Content: agent.SystemPrompt}, {Role: "user", Content: s.Task}},
		Tools:    s.Toolbox.Definitions(),
	}
	bench := func(b *testing.B, cfg openai.Config) {
		be, err := openai.New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		m, err := be.Factory()(s, agent.Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := m.Next(context.Background(), req); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("loopback", func(b *testing.B) {
		srv := openaitest.New(list, openaitest.GoldScripts(list))
		defer srv.Close()
		bench(b, openai.Config{Model: "bench", BaseURL: srv.BaseURL()})
	})
	b.Run("client", func(b *testing.B) {
		mt := httpmock.NewMockTransport()
		canned, err := json.Marshal(reply("", [2]string{"cancel_order", `{"order_id":"A1001","reason":"changed mind"}`}))
		if err != nil {
			b.Fatal(err)
		}
		mt.RegisterResponder("POST", mockURL, httpmock.NewBytesResponder(200, canned))
		bench(b, openai.Config{Model: "bench", BaseURL: mockBase, HTTPClient: &http.Client{Transport: mt}})
	})
}

// BenchmarkDecodeReply reads one reply with three tool calls, the shape of
// a typical working turn.
func BenchmarkDecodeReply(b *testing.B) {
	body, err := json.Marshal(reply("Working on it.",
		[2]string{"cancel_order", `{"order_id":"A1001","reason":"changed mind"}`},
		[2]string{"restock", `{"items":[{"sku":"MUG-BLU","qty":2},{"sku":"LAMP-01","qty":1}]}`},
		[2]string{"issue_refund", `{"order_id":"A1001","amount":120}`}))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for i := 0; i < b.N; i++ {
		if _, err := openai.DecodeReply(body, "application/json"); err != nil {
			b.Fatal(err)
		}
	}
}
