package bench

import "testing"

// BenchmarkQueries measures exprc's own implementations of every query side by
// side (generated, generated without CSE, hand-written, interpreter). The
// peers' benchmark (module bench/peers, run by `make bench`) measures the same
// with the peer engines added, in one process.
func BenchmarkQueries(b *testing.B) { Benchmark(b, OwnImpls()) }
