package bench

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Impl is one implementation of the benchmark queries: exprc's own (generated,
// generated without CSE, hand-written, interpreter) or a peer engine's
// (module bench/peers). The driver measures every implementation of a query on
// the same input batch, one after the other, so that their ratios come from
// one run.
type Impl struct {
	Name string
	// Prepare returns the evaluator of q. Where the implementation cannot
	// express q it returns an error wrapping ErrNotExpressible, and the report
	// shows n/a with the reason: a peer is never given an approximation of a
	// query.
	Prepare func(q Query) (Evaluator, error)
	// Timed, when set, returns the evaluator that is timed in place of
	// Prepare's: the same work, with the output handed over in the engine's
	// own chunks (the returned batch is only one of them) rather than glued
	// into the one batch Compare reads. DuckDB returns its results 2048 rows
	// at a time, and gluing them costs up to a fifth of its time on the wide
	// queries: work a DuckDB user would not do. Prepare's evaluator is still
	// the one whose output is checked.
	Timed func(q Query) (Evaluator, error)
	// MaxRows, when not 0, is the largest batch the implementation is
	// measured on: the interpreter takes seconds per million-row batch of the
	// wide queries, and it is the reference of semantics, not a contender.
	MaxRows int
}

// ErrNotExpressible is wrapped by Impl.Prepare's error when an implementation
// cannot express a query.
var ErrNotExpressible = errors.New("not expressible")

// Reference is the implementation every other one is checked against before
// it is timed: exprc's generated code.
const Reference = "generated"

// OwnImpls returns exprc's implementations: the generated code (the
// reference), the generated code without CSE, the hand-written loops (the
// limit) and the reference interpreter.
func OwnImpls() []Impl {
	return []Impl{
		{Name: Reference, Prepare: func(q Query) (Evaluator, error) { return q.Generated, nil }},
		{Name: "generated-nocse", Prepare: func(q Query) (Evaluator, error) { return q.NoCSE, nil }},
		{Name: "handwritten", Prepare: func(q Query) (Evaluator, error) {
			if q.Hand == nil {
				return nil, fmt.Errorf("%w: no hand-written loop for %s", ErrNotExpressible, q.Name)
			}
			return q.Hand, nil
		}},
		{Name: "batch", Prepare: func(q Query) (Evaluator, error) { return Batched(q.SpecName()) }},
		{Name: "interpreter", Prepare: func(q Query) (Evaluator, error) { return Interpreted(q.SpecName()) }, MaxRows: 65_536},
	}
}

// Size is a batch size measured: one batch of Rows rows per operation.
type Size struct {
	Label string
	Rows  int
}

// Sizes are the batch sizes of the benchmarks: a small batch where per-batch
// costs show, a typical one (64K rows, the default batch of exprc run and of
// most Arrow readers) and a large one where memory bandwidth shows.
var Sizes = []Size{{"1K", 1_000}, {"64K", 65_536}, {"1M", 1_000_000}}

// Benchmark measures every query of Queries with every implementation of
// impls, as sub-benchmarks query=Q/rows=R/nulls=N/impl=I reporting ns/row
// besides ns/op and allocations. The implementations of one query, size and
// NULL variant run next to each other on the same batch, so that a burst of
// load on a shared machine hits them alike. Before an implementation other
// than the reference is timed, its output on the batch is compared with the
// reference's (Compare), and the benchmark fails on any difference.
func Benchmark(b *testing.B, impls []Impl) {
	for _, q := range Queries {
		// Each query's batches are generated for it and dropped after it:
		// holding every data set of the suite (gigabytes) for the whole run
		// made the later queries' timings depend on the process's memory
		// state, by up to 5x for allocation-heavy implementations.
		DropCached()
		b.Run("query="+q.Name, func(b *testing.B) {
			evals := make([]Evaluator, len(impls))
			timed := make([]Evaluator, len(impls))
			for i, impl := range impls {
				fn, err := impl.Prepare(q)
				switch {
				case errors.Is(err, ErrNotExpressible):
					continue
				case err != nil:
					b.Fatalf("%s: %v", impl.Name, err)
				}
				evals[i], timed[i] = fn, fn
				if impl.Timed != nil {
					if timed[i], err = impl.Timed(q); err != nil {
						b.Fatalf("%s: %v", impl.Name, err)
					}
				}
			}
			for _, size := range Sizes {
				b.Run("rows="+size.Label, func(b *testing.B) {
					for _, nulls := range []bool{false, true} {
						if q.NullsOnly && !nulls {
							continue
						}
						b.Run(fmt.Sprintf("nulls=%v", nulls), func(b *testing.B) {
							in := Cached(q.Table, size.Rows, nulls)
							var want arrow.RecordBatch
							for i, impl := range impls {
								if evals[i] == nil || (impl.MaxRows > 0 && size.Rows > impl.MaxRows) {
									continue
								}
								b.Run("impl="+impl.Name, func(b *testing.B) {
									if want == nil {
										want = reference(b, q, in)
										warm(b, q.Generated, in)
									}
									if impl.Name != Reference {
										check(b, impl.Name, evals[i], in, want)
									}
									run(b, timed[i], in)
								})
							}
							if want != nil {
								want.Release()
							}
						})
					}
				})
			}
		})
	}
}

// reference evaluates q's generated code over in, the output the other
// implementations must match.
func reference(b *testing.B, q Query, in arrow.RecordBatch) arrow.RecordBatch {
	out, err := q.Generated(context.Background(), in, memory.DefaultAllocator)
	if err != nil {
		b.Fatalf("generated code failed on the benchmark data: %v", err)
	}
	return out
}

// check fails b unless fn's output over in equals want.
func check(b *testing.B, name string, fn Evaluator, in, want arrow.RecordBatch) {
	got, err := fn(context.Background(), in, memory.DefaultAllocator)
	if err != nil {
		b.Fatalf("%s failed where the generated code did not: %v", name, err)
	}
	defer got.Release()
	if err := Compare(got, want); err != nil {
		b.Fatalf("%s's output differs from the generated code's: %v", name, err)
	}
}

// run times fn over in, one batch per operation. Two untimed operations
// and a collection come first, so that every implementation starts from the
// same heap; the heap has already grown to the batch's operations (warm).
func run(b *testing.B, fn Evaluator, in arrow.RecordBatch) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	for range 2 {
		out, err := fn(ctx, in, mem)
		if err != nil {
			b.Fatal(err)
		}
		out.Release()
	}
	runtime.GC()
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

// warm runs fn over in, untimed, until the heap has reached the size that
// repeating it keeps: at least two operations and two collections that
// started after the first operation (at most a second). The first
// operations over a freshly built 1M-row batch grow the heap, which then
// takes the pages of every later operation's output from the operating
// system (page faults, and the kernel zeroing them) until the collector's
// goal settles, a few collections later. Benchmark warms each batch once,
// with the generated code, before the first implementation is timed on it:
// two untimed operations of that implementation were not enough, and it
// was up to 1.8x slower than the same code timed again (SeedIf at 1M: 5.8
// then 3.2 ns/row).
func warm(b *testing.B, fn Evaluator, in arrow.RecordBatch) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	startGC := stats.NumGC
	deadline := time.Now().Add(time.Second)
	for ops := 0; ; ops++ {
		out, err := fn(ctx, in, mem)
		if err != nil {
			b.Fatal(err)
		}
		out.Release()
		if ops < 2 {
			continue
		}
		runtime.ReadMemStats(&stats)
		if stats.NumGC >= startGC+3 || time.Now().After(deadline) {
			return
		}
	}
}

// DropCached forgets every batch Cached has made and collects them.
func DropCached() {
	dataMu.Lock()
	for k, rec := range dataCache {
		rec.Release()
		delete(dataCache, k)
	}
	dataMu.Unlock()
	runtime.GC()
}

type dataKey struct {
	table string
	rows  int
	nulls bool
}

var (
	dataMu    sync.Mutex
	dataCache = map[dataKey]arrow.RecordBatch{}
)

// Cached returns Data(table, rows, nulls), generated once per process: the
// input batch of a benchmark.
func Cached(table string, rows int, nulls bool) arrow.RecordBatch {
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
