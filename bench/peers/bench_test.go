package peers

import (
	"testing"

	"github.com/exprc/exprc/bench"
)

// BenchmarkQueries measures every implementation of every benchmark query side
// by side: bench.Benchmark runs, for each query, size and NULL variant, all of
// them on the same batch one after the other, after checking each one's
// output against exprc's generated code.
func BenchmarkQueries(b *testing.B) { bench.Benchmark(b, All()) }

// BenchmarkRatio is bench.Ratios: exprc's generated code against its
// hand-written limit in interleaved rounds on the same batch, the paired
// measurement the report's gen/hand column and its 1.3× target come from
// (separate timings of each side swing by tens of percent on a shared
// machine; a burst of load hits both sides of a round alike).
func BenchmarkRatio(b *testing.B) { bench.Ratios(b) }
