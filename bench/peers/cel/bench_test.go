package cel

import (
	"context"
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
)

// BenchmarkRows is a quick speed check of cel-go against exprc's generated code
// on every query's data of 64K rows (the full side-by-side run is
// BenchmarkQueries in package peers):
//
//	go test ./cel -run '^$' -bench Rows -benchtime 200ms
func BenchmarkRows(b *testing.B) {
	benchRows(b, Prepare)
}

func benchRows(b *testing.B, prepare func(bench.Query) (bench.Evaluator, error)) {
	const rows = 65_536
	for _, q := range bench.Queries {
		fn, err := prepare(q)
		if err != nil {
			b.Logf("%s: %v", q.Name, err)
			continue
		}
		for _, nulls := range []bool{false, true} {
			if q.NullsOnly && !nulls {
				continue
			}
			in := bench.Cached(q.Table, rows, nulls)
			for _, impl := range []struct {
				name string
				fn   bench.Evaluator
			}{{"generated", q.Generated}, {"peer", fn}} {
				b.Run(fmt.Sprintf("query=%s/nulls=%v/impl=%s", q.Name, nulls, impl.name), func(b *testing.B) {
					ctx, mem := context.Background(), memory.DefaultAllocator
					for b.Loop() {
						out, err := impl.fn(ctx, in, mem)
						if err != nil {
							b.Fatal(err)
						}
						out.Release()
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*rows), "ns/row")
				})
			}
		}
	}
}
