//go:build duckdb_arrow

package duckdb

import (
	"context"
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
)

// BenchmarkConcat measures what concatenating DuckDB's 2048-row result
// chunks into one batch costs, on the widest result (Wide, 40 DOUBLE
// columns), on Q1NoWhere (6 columns, two of them strings) and on DeepArith
// (one column), at 64K and 1M rows, on one thread: concat=false runs
// everything else (the query, converting each chunk to Arrow) and returns the
// first chunk.
func BenchmarkConcat(b *testing.B) {
	for _, name := range []string{"Q1NoWhere", "DeepArith", "Wide"} {
		q := query(b, name)
		var fns [2]bench.Evaluator
		for i, glue := range []bool{true, false} {
			fn, err := newEngine("duckdb-1thread", 1).prepare(q, glue)
			if err != nil {
				b.Fatal(err)
			}
			fns[i] = fn
		}
		for _, rows := range []int{65_536, 1_000_000} {
			in := bench.Cached(q.Table, rows, false)
			for i, concat := range []string{"true", "false"} {
				b.Run(fmt.Sprintf("query=%s/rows=%d/concat=%s", name, rows, concat), func(b *testing.B) { measure(b, fns[i], in) })
			}
		}
	}
}

func query(b *testing.B, name string) bench.Query {
	for _, q := range bench.Queries {
		if q.Name == name {
			return q
		}
	}
	b.Fatalf("no query %s", name)
	return bench.Query{}
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
