package bench

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Ratios measures the generated code against the hand-written loop of
// every query, size and NULL variant, interleaved so that the ratio
// holds on a shared, loaded machine: each operation is one round, which
// times a turn of the generated code and a turn of the hand-written loop
// (a turn: enough batches for about a millisecond; which side goes first
// alternates), and the figures reported are medians over the rounds:
// gen-ns/row, hand-ns/row and gen/hand, the median of the rounds' own
// ratios. Load comes in bursts longer than a round, so it hits both sides
// of most rounds alike, where BenchmarkQueries times each side over its own
// second. It is BenchmarkRatio here and in module bench/peers, whose
// binary make bench runs (the report's gen/hand column comes from it). Run
// it with a count of rounds, e.g. -benchtime 40x.
func Ratios(b *testing.B) {
	for _, q := range Queries {
		if q.Hand == nil {
			continue
		}
		DropCached()
		for _, size := range Sizes {
			for _, nulls := range []bool{false, true} {
				if q.NullsOnly && !nulls {
					continue
				}
				b.Run(fmt.Sprintf("query=%s/rows=%s/nulls=%v", q.Name, size.Label, nulls), func(b *testing.B) {
					in := Cached(q.Table, size.Rows, nulls)
					want := reference(b, q, in)
					check(b, "handwritten", q.Hand, in, want)
					want.Release()
					ratioRounds(b, q.Generated, q.Hand, in)
				})
			}
		}
	}
}

// ratioRounds times gen and hand over in in b.N interleaved rounds and
// reports their median times per row and the median of their ratios.
func ratioRounds(b *testing.B, gen, hand Evaluator, in arrow.RecordBatch) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	turn := func(fn Evaluator, batches int) time.Duration {
		start := time.Now()
		for range batches {
			out, err := fn(ctx, in, mem)
			if err != nil {
				b.Fatal(err)
			}
			out.Release()
		}
		return time.Since(start)
	}
	// Warm both sides (the heap grows to an operation's size, see warm),
	// then size a turn from the generated code's time for one batch.
	warm(b, gen, in)
	turn(hand, 2)
	runtime.GC()
	one := turn(gen, 1)
	batches := max(1, int(time.Millisecond/max(one, time.Microsecond)))
	rows := float64(batches) * float64(in.NumRows())
	var gens, hands, ratios []float64
	b.ResetTimer()
	for r := range b.N {
		var g, h time.Duration
		if r%2 == 0 {
			g, h = turn(gen, batches), turn(hand, batches)
		} else {
			h, g = turn(hand, batches), turn(gen, batches)
		}
		gens = append(gens, float64(g.Nanoseconds())/rows)
		hands = append(hands, float64(h.Nanoseconds())/rows)
		ratios = append(ratios, float64(g)/float64(h))
	}
	b.ReportMetric(median(gens), "gen-ns/row")
	b.ReportMetric(median(hands), "hand-ns/row")
	b.ReportMetric(median(ratios), "gen/hand")
}

// median is the middle value of xs (the mean of the two middle ones for an
// even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 0 {
		return (s[m-1] + s[m]) / 2
	}
	return s[m]
}
