//go:build duckdb_arrow

package duckdb

import (
	"context"
	"runtime"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
	benchq "github.com/exprc/exprc/generated/bench"
)

// The TIMESTAMP benchmarks of bench/TIMESTAMP.md on DuckDB: bench.sql's Ts*
// queries over events_ts, whose Arrow timestamp[us, UTC] column DuckDB
// reads as TIMESTAMP WITH TIME ZONE, with SET TimeZone the session zone
// (DuckDB's ICU extension then reads fields, truncates and adds days in
// that zone, as Spark and exprc do), on one thread.

// tsSQL are the Ts* queries in DuckDB's dialect: strftime for date_format.
var tsSQL = []struct{ name, sql string }{
	{"TsHour", "SELECT hour(ts) AS h FROM events_ts"},
	{"TsTruncHour", "SELECT date_trunc('hour', ts) AS t FROM events_ts"},
	{"TsPlusDay", "SELECT ts + INTERVAL 1 DAY AS t FROM events_ts"},
	{"TsFormat", "SELECT strftime(ts, '%Y-%m-%d %H:%M') AS s FROM events_ts"},
}

// tsZones are the session zones, with the suffix of their query names.
var tsZones = []struct{ zone, suffix string }{{"UTC", "UTC"}, {"Europe/Paris", "Paris"}}

// tsEngine opens DuckDB on one thread in zone.
func tsEngine(tb testing.TB, zone string) *engine {
	e := newEngine("duckdb-1thread", 1)
	e.settings = []string{"SET TimeZone = '" + zone + "'"}
	if err := e.open(); err != nil {
		tb.Fatal(err)
	}
	return e
}

// TestTimestampAgrees checks that DuckDB computes what exprc's generated
// code does on 200K rows of events_ts, in both zones: the same hours,
// instants and texts.
func TestTimestampAgrees(t *testing.T) {
	mem := memory.NewGoAllocator()
	in := bench.EventsTs(mem, 200_000, false, 20240101)
	defer in.Release()
	for _, z := range tsZones {
		e := tsEngine(t, z.zone)
		for _, q := range tsSQL {
			gen, _, ok := benchq.Lookup(q.name + z.suffix)
			if !ok {
				t.Fatalf("no query %s%s", q.name, z.suffix)
			}
			want, err := gen(context.Background(), in, mem)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.run(context.Background(), "events_ts", q.sql, in, mem, true)
			if err != nil {
				t.Fatalf("%s in %s: %v", q.name, z.zone, err)
			}
			if got.NumRows() != want.NumRows() {
				t.Fatalf("%s in %s: %d rows, want %d", q.name, z.zone, got.NumRows(), want.NumRows())
			}
			overlap := 0
			for i := range int(want.NumRows()) {
				g, w := cell(got.Column(0), i), cell(want.Column(0), i)
				if g == w {
					continue
				}
				// An hour truncated into the repeated hour of an autumn
				// change: Spark (and exprc) keep ts's own offset
				// (ZonedDateTime.truncatedTo), DuckDB's ICU calendar takes
				// the later one.
				if gi, ok := g.(int64); ok && z.zone != "UTC" && q.name == "TsTruncHour" && gi-w.(int64) == 3_600_000_000 {
					overlap++
					continue
				}
				t.Fatalf("%s in %s: row %d is %v, exprc %v", q.name, z.zone, i, g, w)
			}
			if overlap > 0 {
				t.Logf("%s in %s: %d rows in a repeated hour differ by the overlap rule", q.name, z.zone, overlap)
			}
			got.Release()
			want.Release()
		}
	}
}

// cell is a value of an output column, as int64 or string.
func cell(a arrow.Array, i int) any {
	switch c := a.(type) {
	case *array.Int64:
		return c.Value(i)
	case *array.Int32:
		return int64(c.Value(i))
	case *array.Timestamp:
		return int64(c.Value(i))
	case *array.String:
		return c.Value(i)
	}
	return a.ValueStr(i)
}

// BenchmarkTimestamp is bench.BenchmarkTimestamp on DuckDB on one thread:
// each call registers the 1M-row batch as a view (read in place, no
// loading), runs the query and waits for its whole result, as the report's
// DuckDB figures do (Timed: the result's chunks are not concatenated).
//
//	cd bench/peers && go test -tags duckdb_arrow ./duckdb -run '^$' -bench Timestamp -benchmem -count 6
func BenchmarkTimestamp(b *testing.B) {
	in := bench.EventsTs(memory.DefaultAllocator, 1<<20, false, 20240101)
	defer in.Release()
	runtime.GC() // the garbage of building the batch
	for _, z := range tsZones {
		e := tsEngine(b, z.zone)
		for _, q := range tsSQL {
			fn := func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
				return e.run(ctx, "events_ts", q.sql, in, mem, false)
			}
			// One call first, as bench.BenchmarkTimestamp warms up.
			if out, err := fn(context.Background(), in, memory.DefaultAllocator); err != nil {
				b.Fatal(err)
			} else {
				out.Release()
			}
			b.Run("query="+q.name+z.suffix+"/impl=duckdb-1thread", func(b *testing.B) { measure(b, fn, in) })
		}
		// A trivial query over the same view: DuckDB's cost of a call
		// (planning, reading the Arrow column, producing Arrow), which the
		// per-row figures above include.
		scan := func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
			return e.run(ctx, "events_ts", "SELECT ts AS t FROM events_ts", in, mem, false)
		}
		b.Run("query=TsScan"+z.suffix+"/impl=duckdb-1thread", func(b *testing.B) { measure(b, scan, in) })
	}
	// In UTC, the same queries over a plain TIMESTAMP column (Arrow
	// timestamp[us] without a zone): what a DuckDB user with UTC data
	// declares, which DuckDB computes without ICU (TIMESTAMP WITH TIME ZONE
	// goes through ICU calendars even in UTC).
	plain := plainTimestamps(in)
	defer plain.Release()
	e := tsEngine(b, "UTC")
	for _, q := range append(tsSQL, struct{ name, sql string }{"TsScan", "SELECT ts AS t FROM events_ts"}) {
		fn := func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
			return e.run(ctx, "events_ts", q.sql, in, mem, false)
		}
		if out, err := fn(context.Background(), plain, memory.DefaultAllocator); err != nil {
			b.Fatal(err)
		} else {
			out.Release()
		}
		b.Run("query="+q.name+"UTC/impl=duckdb-1thread-plain", func(b *testing.B) { measure(b, fn, plain) })
	}
}

// plainTimestamps is in with its timestamp[us, UTC] column retyped as
// timestamp[us] (the same buffers): DuckDB reads it as TIMESTAMP.
func plainTimestamps(in arrow.RecordBatch) arrow.RecordBatch {
	col := in.Column(0)
	d := col.Data()
	t := &arrow.TimestampType{Unit: arrow.Microsecond}
	nd := array.NewData(t, d.Len(), d.Buffers(), nil, d.NullN(), d.Offset())
	defer nd.Release()
	arr := array.MakeFromData(nd)
	defer arr.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: in.Schema().Field(0).Name, Type: t, Nullable: true}}, nil)
	return array.NewRecordBatch(schema, []arrow.Array{arr}, in.NumRows())
}
