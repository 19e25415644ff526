package runner_test

import (
	"context"
	"encoding/json"
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/evalrun/evalrun/result"
	"github.com/evalrun/evalrun/runner"
	"github.com/evalrun/evalrun/scenarios"
)

var _ = Describe("a streamed run", func() {
	It("hands every trial on in case order and keeps none, with the summary of an in-memory run", func() {
		list := bundled()
		swept, err := scenarios.SweepKinds([]string{"hard_error", "ack_without_apply"})
		Expect(err).NotTo(HaveOccurred())
		sw, err := scenarios.Sweep(list[0], swept)
		Expect(err).NotTo(HaveOccurred())
		list = append(list, sw)
		cfg := runner.Config{Agent: "checked", Trials: 2, Seed: 3, Jobs: 8}
		whole, err := runner.Run(context.Background(), list, cfg)
		Expect(err).NotTo(HaveOccurred())

		var got []result.Trial
		var inFlight atomic.Int32
		cfg.Sink = func(t *result.Trial) error {
			got = append(got, *t)
			inFlight.Add(1)
			return nil
		}
		stream, err := runner.Run(context.Background(), list, cfg)
		Expect(err).NotTo(HaveOccurred())
		Expect(stream.Trials).To(BeEmpty(), "the suite holds no trial")
		Expect(got).To(HaveLen(len(whole.Trials)))

		// The same trials in the same order, and the same summary, cases,
		// sweep and usage; the findings stay with the trials.
		Expect(stream.Findings).To(BeEmpty())
		stream.Trials = got
		stream.Findings = whole.Findings
		a, _ := json.Marshal(whole)
		b, _ := json.Marshal(stream)
		Expect(string(b)).To(Equal(string(a)))
	})

	It("stops on a sink that cannot write", func() {
		_, err := runner.Run(context.Background(), bundled()[:1], runner.Config{Agent: "naive", Trials: 1, Jobs: 2,
			Sink: func(*result.Trial) error { return errDisk }})
		Expect(err).To(MatchError(ContainSubstring("disk full")))
	})
})

var errDisk = diskFull{}

type diskFull struct{}

func (diskFull) Error() string { return "disk full" }
