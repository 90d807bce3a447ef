package bench

import "testing"

// BenchmarkRatio is Ratios: the generated code against the hand-written
// loop in interleaved rounds, e.g. -bench Ratio -benchtime 40x.
func BenchmarkRatio(b *testing.B) { Ratios(b) }
