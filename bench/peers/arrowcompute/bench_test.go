package arrowcompute

import (
	"context"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
)

// BenchmarkQueries is a quick look at arrow-compute's speed, not the
// benchmark (that is bench/peers' BenchmarkQueries): every query at 64K rows
// (with NULLs where the query is measured only with them), exprc's generated
// code and then arrow-compute, in ns/row.
func BenchmarkQueries(b *testing.B) {
	impls := append([]bench.Impl{{Name: bench.Reference, Prepare: func(q bench.Query) (bench.Evaluator, error) { return q.Generated, nil }}}, Impls()...)
	for _, q := range bench.Queries {
		in := bench.Cached(q.Table, 65_536, q.NullsOnly)
		for _, impl := range impls {
			fn, err := impl.Prepare(q)
			if errors.Is(err, bench.ErrNotExpressible) {
				continue
			}
			if err != nil {
				b.Fatal(err)
			}
			b.Run("query="+q.Name+"/impl="+impl.Name, func(b *testing.B) { measure(b, fn, in) })
		}
	}
}

func measure(b *testing.B, fn bench.Evaluator, in arrow.RecordBatch) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		out, err := fn(ctx, in, memory.DefaultAllocator)
		if err != nil {
			b.Fatal(err)
		}
		out.Release()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*in.NumRows()), "ns/row")
}
