package fileio

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// ivTable has interval columns of both classes, one with narrower fields.
var ivTable = &ir.Table{Name: "iv", Columns: []ir.Column{
	{Name: "ym", Type: ir.TypeYMInterval, Nullable: true},
	{Name: "dt", Type: ir.TypeDTInterval, Nullable: true},
	{Name: "dh", Type: ir.DTIntervalOf(ir.FieldDay, ir.FieldHour), Nullable: true},
}}

var ivRows = [][]any{
	{int32(14), int64(93784500000), int64(26 * 3600_000_000)},
	{int32(-1), int64(-1), int64(-3600_000_000)},
	{nil, nil, nil},
	{int32(math.MaxInt32), int64(math.MaxInt64), int64(0)},
	{int32(math.MinInt32), int64(math.MinInt64), nil},
}

// TestIntervalsRoundTrip writes interval columns in every format and reads
// them back as the same types (fields included, from the Arrow field
// metadata) and values; text is Spark's ANSI form.
func TestIntervalsRoundTrip(t *testing.T) {
	rec := buildBatch(t, ivTable, ivRows)
	defer rec.Release()
	want := render(t, rec)
	for _, w := range []string{
		`{"ym":"INTERVAL '1-2' YEAR TO MONTH","dt":"INTERVAL '1 02:03:04.5' DAY TO SECOND","dh":"INTERVAL '1 02' DAY TO HOUR"}`,
		`"dt":"INTERVAL '-0 00:00:00.000001' DAY TO SECOND"`,
		`"ym":"INTERVAL '-178956970-8' YEAR TO MONTH","dt":"INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND"`,
	} {
		if !strings.Contains(want, w) {
			t.Fatalf("intervals not written as Spark writes them: %s missing from\n%s", w, want)
		}
	}
	dir := t.TempDir()
	paths := []string{filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.parquet"),
		filepath.Join(dir, "t.arrow"), filepath.Join(dir, "t_stream.ipc")}
	writeText(t, paths[0], "jsonl", rec)
	writeText(t, paths[1], "csv", rec)
	writeText(t, paths[2], "parquet", rec) // exprc's Parquet writer: INT32 and INT64 columns
	writeIPC(t, paths[3], false, rec)
	writeIPC(t, paths[4], true, rec)
	readsBack(t, paths, ivTable, want)
}

// TestIntervalText reads interval text as CAST does (the bare body or the
// INTERVAL '...' form) and rejects other text with the row and column.
func TestIntervalText(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "iv.csv")
	if err := os.WriteFile(csv, []byte("ym,dt,dh\n1-2,1 02:03:04.5,1 02\n,,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl := filepath.Join(dir, "iv.jsonl")
	if err := os.WriteFile(jsonl, []byte(`{"ym":"1-2","dt":"INTERVAL '1 02:03:04.5' DAY TO SECOND","dh":"1 02"}`+"\n{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `{"ym":"INTERVAL '1-2' YEAR TO MONTH","dt":"INTERVAL '1 02:03:04.5' DAY TO SECOND","dh":"INTERVAL '1 02' DAY TO HOUR"}` + "\n" +
		`{"ym":null,"dt":null,"dh":null}` + "\n"
	for _, p := range []string{csv, jsonl} {
		batches, err := readAll(t, p, ivTable, 3)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got := render(t, batches...); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", filepath.Base(p), got, want)
		}
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("ym,dt,dh\n1,,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(t, bad, ivTable, 3); err == nil || !strings.Contains(err.Error(), `column "ym": invalid INTERVAL YEAR TO MONTH "1"`) {
		t.Errorf("got %v, want an invalid INTERVAL YEAR TO MONTH error", err)
	}
}

// TestDurationUnits reads duration[s], [ms] and [ns] columns as DAY-TIME
// intervals: seconds and milliseconds exactly, nanoseconds floored.
func TestDurationUnits(t *testing.T) {
	dir := t.TempDir()
	tbl := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "d", Type: ir.TypeDTInterval, Nullable: true}}}
	for _, c := range []struct {
		unit arrow.TimeUnit
		in   []int64
		want string
	}{
		{arrow.Second, []int64{90}, `"INTERVAL '0 00:01:30' DAY TO SECOND"`},
		{arrow.Millisecond, []int64{-1500}, `"INTERVAL '-0 00:00:01.5' DAY TO SECOND"`},
		{arrow.Nanosecond, []int64{-1}, `"INTERVAL '-0 00:00:00.000001' DAY TO SECOND"`},
	} {
		dt := &arrow.DurationType{Unit: c.unit}
		schema := arrow.NewSchema([]arrow.Field{{Name: "d", Type: dt, Nullable: true}}, nil)
		rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
		for _, v := range c.in {
			rb.Field(0).(*array.DurationBuilder).Append(arrow.Duration(v))
		}
		rec := rb.NewRecordBatch()
		rb.Release()
		p := filepath.Join(dir, c.unit.String()+".arrow")
		writeIPC(t, p, false, rec)
		rec.Release()
		batches, err := readAll(t, p, tbl, 10)
		if err != nil {
			t.Fatalf("%s: %v", c.unit, err)
		}
		if got := render(t, batches...); got != `{"d":`+c.want+"}\n" {
			t.Errorf("%s: got %s", c.unit, got)
		}
	}
	schema := arrow.NewSchema([]arrow.Field{{Name: "d", Type: arrow.FixedWidthTypes.Duration_s, Nullable: true}}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	rb.Field(0).(*array.DurationBuilder).Append(arrow.Duration(math.MaxInt64 / 10))
	rec := rb.NewRecordBatch()
	rb.Release()
	p := filepath.Join(dir, "big.arrow")
	writeIPC(t, p, false, rec)
	rec.Release()
	if _, err := readAll(t, p, tbl, 10); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("a duration beyond the range: %v", err)
	}
}
