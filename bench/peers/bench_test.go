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
