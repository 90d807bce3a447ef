package bench

import (
	"context"
	"runtime"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	benchq "github.com/exprc/exprc/generated/bench"
)

// tsQuery is one TIMESTAMP benchmark query: its name in bench.sql, the
// generated and hand-written evaluators.
type tsQuery struct {
	name      string
	generated Evaluator
	hand      Evaluator
}

// tsQueries are bench.sql's Ts* queries, UTC then Europe/Paris.
var tsQueries = []tsQuery{
	{"TsHourUTC", benchq.TsHourUTC, HandTsHourUTC},
	{"TsTruncHourUTC", benchq.TsTruncHourUTC, HandTsTruncHourUTC},
	{"TsPlusDayUTC", benchq.TsPlusDayUTC, HandTsPlusDayUTC},
	{"TsFormatUTC", benchq.TsFormatUTC, HandTsFormatUTC},
	{"TsHourParis", benchq.TsHourParis, HandTsHourParis},
	{"TsTruncHourParis", benchq.TsTruncHourParis, HandTsTruncHourParis},
	{"TsPlusDayParis", benchq.TsPlusDayParis, HandTsPlusDayParis},
	{"TsFormatParis", benchq.TsFormatParis, HandTsFormatParis},
}

// TestTimestampQueriesAgree checks the generated code and the hand-written
// loops of the Ts* queries against each other on a million rows (with
// NULLs, and over the rows around each change of Paris's offset), and
// against the interpreter on a slice.
func TestTimestampQueriesAgree(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	mem := memory.NewGoAllocator()
	for _, nulls := range []bool{false, true} {
		in := EventsTs(mem, n, nulls, 20240101)
		slice := in.NewSlice(0, 20_000)
		for _, q := range tsQueries {
			interp, err := Interpreted(q.name)
			if err != nil {
				t.Fatal(err)
			}
			want := evalOrFail(t, q.name+" generated", q.generated, in, mem)
			hand := evalOrFail(t, q.name+" hand-written", q.hand, in, mem)
			if !equalBatches(want, hand) {
				t.Errorf("%s (NULLs %v): the hand-written loop differs from the generated code", q.name, nulls)
			}
			ref := evalOrFail(t, q.name+" interpreter", interp, slice, mem)
			part := want.NewSlice(0, 20_000)
			if !equalBatches(part, ref) {
				t.Errorf("%s (NULLs %v): the generated code differs from the interpreter", q.name, nulls)
			}
			part.Release()
			ref.Release()
			want.Release()
			hand.Release()
		}
		slice.Release()
		in.Release()
	}
}

// evalOrFail evaluates fn over in or fails the test.
func evalOrFail(t *testing.T, what string, fn Evaluator, in arrow.RecordBatch, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	out, err := fn(context.Background(), in, mem)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return out
}

// equalBatches reports whether two batches have equal columns.
func equalBatches(a, b arrow.RecordBatch) bool {
	if a.NumCols() != b.NumCols() || a.NumRows() != b.NumRows() {
		return false
	}
	for c := range int(a.NumCols()) {
		if !array.Equal(a.Column(c), b.Column(c)) {
			return false
		}
	}
	return true
}

// BenchmarkTimestamp measures hour(ts), date_trunc('hour', ts),
// ts + INTERVAL 1 DAY and date_format(ts, 'yyyy-MM-dd HH:mm') over 1M rows
// of events_ts in UTC and Europe/Paris, the generated code and the
// hand-written loop side by side, reporting ns/row:
//
//	go test ./bench -run '^$' -bench Timestamp -benchmem -count 6
func BenchmarkTimestamp(b *testing.B) {
	mem := memory.NewGoAllocator()
	const rows = 1 << 20
	in := EventsTs(mem, rows, false, 20240101)
	defer in.Release()
	// Run every implementation once first: the first one measured would
	// otherwise pay for growing the heap to the outputs' size (at 1M rows
	// it measured 3-5x slower than the same code measured later). Then
	// collect the garbage of building the batch and of the warm-up.
	for _, q := range tsQueries {
		for _, fn := range []Evaluator{q.generated, q.hand} {
			out, err := fn(context.Background(), in, mem)
			if err != nil {
				b.Fatal(err)
			}
			out.Release()
		}
	}
	runtime.GC()
	for _, q := range tsQueries {
		for _, impl := range []struct {
			name string
			fn   Evaluator
		}{{"generated", q.generated}, {"hand", q.hand}} {
			b.Run("query="+q.name+"/impl="+impl.name, func(b *testing.B) {
				for b.Loop() {
					out, err := impl.fn(context.Background(), in, mem)
					if err != nil {
						b.Fatal(err)
					}
					out.Release()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rows), "ns/row")
			})
		}
	}
}
