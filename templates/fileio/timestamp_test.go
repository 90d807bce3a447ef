package fileio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/ir"
)

var tsTable = &ir.Table{Name: "tst", Columns: []ir.Column{
	{Name: "ts", Type: ir.TypeTimestamp, Nullable: true},
	{Name: "nt", Type: ir.TypeTimestampNTZ, Nullable: true},
}}

// TestTimestampsRoundTrip writes TIMESTAMP and TIMESTAMP_NTZ columns in
// every format, in Spark's default text (milliseconds, Z for an instant),
// and reads them back as the same types and values.
func TestTimestampsRoundTrip(t *testing.T) {
	rows := [][]any{
		{int64(1704103872123000), int64(1704103872123000)},
		{int64(-1000), int64(-86400000000)},
		{nil, nil},
		{int64(0), int64(253402300799999000)},
	}
	rec := buildBatch(t, tsTable, rows)
	defer rec.Release()
	want := render(t, rec)
	for _, s := range []string{`"ts":"2024-01-01T10:11:12.123Z"`, `"nt":"2024-01-01T10:11:12.123"`, `"ts":"1969-12-31T23:59:59.999Z"`, `"nt":"9999-12-31T23:59:59.999"`} {
		if !strings.Contains(want, s) {
			t.Fatalf("want %s in\n%s", s, want)
		}
	}
	for _, p := range fixtures(t, rec) {
		batches, err := readAll(t, p, tsTable, 3)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got := render(t, batches...); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", filepath.Base(p), got, want)
		}
		for _, b := range batches {
			b.Release()
		}
	}
}

// TestTimestampUnitsParquet reads Parquet timestamps of every unit written
// by pqarrow, with isAdjustedToUTC (a zone) as TIMESTAMP and without as
// TIMESTAMP_NTZ; nanoseconds are floored to microseconds.
func TestTimestampUnitsParquet(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		unit arrow.TimeUnit
		v    int64
		want string
	}{
		{arrow.Second, 1704103872, "2024-01-01T10:11:12.000"},
		{arrow.Millisecond, -1, "1969-12-31T23:59:59.999"},
		{arrow.Microsecond, 1704103872123456, "2024-01-01T10:11:12.123"},
		{arrow.Nanosecond, -1, "1969-12-31T23:59:59.999"},
	} {
		for _, zone := range []string{"UTC", ""} {
			dt := &arrow.TimestampType{Unit: c.unit, TimeZone: zone}
			schema := arrow.NewSchema([]arrow.Field{{Name: "ts", Type: dt, Nullable: true}}, nil)
			rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
			rb.Field(0).(*array.TimestampBuilder).Append(arrow.Timestamp(c.v))
			rb.Field(0).AppendNull()
			rec := rb.NewRecordBatch()
			rb.Release()
			p := filepath.Join(dir, c.unit.String()+zone+".parquet")
			writeParquet(t, p, rec, 10)
			rec.Release()
			typ, suffix := ir.TypeTimestamp, "Z"
			if zone == "" {
				typ, suffix = ir.TypeTimestampNTZ, ""
			}
			tab := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "ts", Type: typ, Nullable: true}}}
			for _, flat := range []bool{true, false} {
				batches, err := readParquetFlat(t, p, tab, flat, Options{BatchSize: 10})
				if err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				if got, want := render(t, batches...), "{\"ts\":\""+c.want+suffix+"\"}\n{\"ts\":null}\n"; got != want {
					t.Errorf("%s (flat reader %v): got %q, want %q", filepath.Base(p), flat, got, want)
				}
			}
			other := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "ts", Type: map[bool]ir.Type{true: ir.TypeTimestampNTZ, false: ir.TypeTimestamp}[zone != ""], Nullable: true}}}
			if _, err := readAll(t, p, other, 10); err == nil {
				t.Errorf("%s read as %s: want an error", filepath.Base(p), other.Columns[0].Type)
			}
		}
	}
}

// TestTimestampText reads ISO-8601 and Spark's formats from CSV and JSON,
// and reports bad text with its row and column.
func TestTimestampText(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "ts.csv")
	if err := os.WriteFile(csv, []byte("ts,nt\n2024-01-01T10:11:12.123Z,2024-01-01T10:11:12.123\n2024-01-01 11:11:12.123+01:00,2024-01-01 10:11:12.123+05:00\n,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl := filepath.Join(dir, "ts.jsonl")
	if err := os.WriteFile(jsonl, []byte(`{"ts":"2024-01-01T10:11:12.123Z","nt":"2024-01-01T10:11:12.123"}`+"\n"+`{"ts":"2024-01-01T05:11:12.123-05:00","nt":"2024-01-01 10:11:12.123"}`+"\n{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "{\"ts\":\"2024-01-01T10:11:12.123Z\",\"nt\":\"2024-01-01T10:11:12.123\"}\n"
	want := line + line + "{\"ts\":null,\"nt\":null}\n"
	for _, p := range []string{csv, jsonl} {
		batches, err := readAll(t, p, tsTable, 2)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got := render(t, batches...); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", filepath.Base(p), got, want)
		}
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("ts,nt\n2024-01-01,\n2024-02-30,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := readAll(t, bad, tsTable, 10)
	if err == nil || !strings.Contains(err.Error(), `row 1 (line 3): column "ts": invalid TIMESTAMP "2024-02-30"`) {
		t.Errorf("got %v", err)
	}
}

// TestTimestampInt96 reads the INT96 timestamps Spark and Hive write as
// instants (TIMESTAMP), their nanoseconds floored.
func TestTimestampInt96(t *testing.T) {
	dt := &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "UTC"}
	schema := arrow.NewSchema([]arrow.Field{{Name: "ts", Type: dt, Nullable: true}}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	rb.Field(0).(*array.TimestampBuilder).AppendValues([]arrow.Timestamp{1704103872123456789, -1}, nil)
	rec := rb.NewRecordBatch()
	rb.Release()
	defer rec.Release()
	p := filepath.Join(t.TempDir(), "int96.parquet")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, parquet.NewWriterProperties(),
		pqarrow.NewArrowWriterProperties(pqarrow.WithDeprecatedInt96Timestamps(true)))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	tab := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "ts", Type: ir.TypeTimestamp, Nullable: true}}}
	batches, err := readAll(t, p, tab, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := render(t, batches...), "{\"ts\":\"2024-01-01T10:11:12.123Z\"}\n{\"ts\":\"1969-12-31T23:59:59.999Z\"}\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
