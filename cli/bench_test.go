package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// peakRSS is the process's peak resident set in MB (Linux), or 0.
func peakRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkStreamed100k runs 100,062 naive trials (the library, 654 trials
// a case) into a JSON Lines and a JSON file, and reports the process's
// peak resident memory: the run holds no trial, whatever its size.
//
//	go test ./cli -run '^$' -bench Streamed100k -benchtime 1x
func BenchmarkStreamed100k(b *testing.B) {
	for _, format := range []string{"jsonl", "json"} {
		b.Run(format, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "r."+format)
			for i := 0; i < b.N; i++ {
				var stdout, stderr bytes.Buffer
				code := run(context.Background(), []string{"run", "--agent", "naive", "--trials", "654", "--format", format, "--out", out}, &stdout, &stderr)
				if code != exitFail {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
			b.ReportMetric(100062*float64(b.N)/b.Elapsed().Seconds(), "trials/s")
			b.ReportMetric(peakRSS(), "peak-RSS-MB")
		})
	}
}
