package bench

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// sizes are the batch sizes measured: one batch of that many rows per call.
var sizes = []struct {
	label string
	rows  int
}{{"1K", 1_000}, {"1M", 1_000_000}}

type dataKey struct {
	table string
	rows  int
	nulls bool
}

var (
	dataMu    sync.Mutex
	dataCache = map[dataKey]arrow.RecordBatch{}
)

// cached returns the input batch of a benchmark, generated once per process.
func cached(table string, rows int, nulls bool) arrow.RecordBatch {
	dataMu.Lock()
	defer dataMu.Unlock()
	k := dataKey{table, rows, nulls}
	if rec, ok := dataCache[k]; ok {
		return rec
	}
	rec := Data(memory.DefaultAllocator, table, rows, nulls)
	dataCache[k] = rec
	// Building a 1M-row batch leaves garbage behind; collect it now, or the
	// first implementation measured on this batch pays for it.
	runtime.GC()
	return rec
}

// benchQuery measures the three implementations of the query named name side
// by side, as sub-benchmarks impl=.../rows=.../nulls=..., each reporting ns/row
// besides ns/op and allocations.
func benchQuery(b *testing.B, name string) {
	var q Query
	for _, c := range Queries {
		if c.Name == name {
			q = c
		}
	}
	interp, err := Interpreted(q.SpecName())
	if err != nil {
		b.Fatal(err)
	}
	impls := []struct {
		name string
		fn   Evaluator
	}{{"generated", q.Generated}, {"generated-nocse", q.NoCSE}, {"handwritten", q.Hand}, {"interpreter", interp}}
	for _, impl := range impls {
		if impl.fn == nil {
			continue
		}
		b.Run("impl="+impl.name, func(b *testing.B) {
			for _, size := range sizes {
				b.Run("rows="+size.label, func(b *testing.B) {
					for _, nulls := range []bool{false, true} {
						b.Run(fmt.Sprintf("nulls=%v", nulls), func(b *testing.B) {
							run(b, impl.fn, cached(q.Table, size.rows, nulls))
						})
					}
				})
			}
		})
	}
}

func run(b *testing.B, fn Evaluator, in arrow.RecordBatch) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	b.ReportAllocs()
	for b.Loop() {
		out, err := fn(ctx, in, mem)
		if err != nil {
			b.Fatal(err)
		}
		out.Release()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*in.NumRows()), "ns/row")
}

func BenchmarkQ1Projection(b *testing.B)     { benchQuery(b, "Q1Projection") }
func BenchmarkQ1NoWhere(b *testing.B)        { benchQuery(b, "Q1NoWhere") }
func BenchmarkQ6Filter(b *testing.B)         { benchQuery(b, "Q6Filter") }
func BenchmarkSeedIf(b *testing.B)           { benchQuery(b, "SeedIf") }
func BenchmarkSeedCase(b *testing.B)         { benchQuery(b, "SeedCase") }
func BenchmarkStringCase(b *testing.B)       { benchQuery(b, "StringCase") }
func BenchmarkSeedCaseWideMaps(b *testing.B) { benchQuery(b, "SeedCaseWideMaps") }
func BenchmarkSeedCaseBigMaps(b *testing.B)  { benchQuery(b, "SeedCaseBigMaps") }
