package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// tsColumn is one timestamp column of TestRunTimestampUnits's inputs: the
// Arrow type it is written as, the SQL type the spec declares, its values in
// the column's unit (nil is NULL) and the microseconds exprc must read, worked
// out by hand from docs/semantics.md 10.1: seconds and milliseconds exactly,
// nanoseconds floored to the microsecond (Spark's DTU.instantToMicros and
// fromJulianDay drop a sub-microsecond part that is never negative). Rows are
// numbered 1 to len(raw) by column n.
type tsColumn struct {
	name string
	typ  arrow.DataType
	sql  string
	raw  []any
	want []any
}

// The rows of every unit: 2024-02-29 23:59:59.123456789, one unit before the
// epoch, 1900-01-01 (plus 500 ns in nanoseconds: the floor, not truncation
// toward zero, is -2208988800000000), 9999-12-31 23:59:59.999999999 (in
// nanoseconds the largest int64, 2262-04-11 23:47:16.854775807), NULL, and
// 0001-01-01 (in nanoseconds the smallest int64, 1677-09-21
// 00:12:43.145224192, floored to ...776 µs). 1709251199 is 2024-02-29
// 23:59:59 UTC, -2208988800 1900-01-01, 253402300799 9999-12-31 23:59:59,
// -62135596800 0001-01-01.
var (
	secRaw   = []any{1709251199, -1, -2208988800, 253402300799, nil, -62135596800}
	secWant  = []any{1709251199000000, -1000000, -2208988800000000, 253402300799000000, nil, -62135596800000000}
	msRaw    = []any{1709251199123, -1, -2208988800000, 253402300799999, nil, -62135596800000}
	msWant   = []any{1709251199123000, -1000, -2208988800000000, 253402300799999000, nil, -62135596800000000}
	usRaw    = []any{1709251199123456, -1, -2208988800000000, 253402300799999999, nil, -62135596800000000}
	usWant   = usRaw
	nsRaw    = []any{1709251199123456789, -1, -2208988799999999500, math.MaxInt64, nil, math.MinInt64}
	nsWant   = []any{1709251199123456, -1, -2208988800000000, 9223372036854775, nil, -9223372036854776}
	unitRows = []struct {
		unit      arrow.TimeUnit
		raw, want []any
	}{{arrow.Second, secRaw, secWant}, {arrow.Millisecond, msRaw, msWant}, {arrow.Microsecond, usRaw, usWant}, {arrow.Nanosecond, nsRaw, nsWant}}
)

// unitColumns are the columns of the pqarrow file: every unit with
// isAdjustedToUTC true (a zone: TIMESTAMP) and false (none: TIMESTAMP_NTZ),
// and an instant whose Arrow zone is not UTC (Parquet keeps only
// isAdjustedToUTC; pqarrow's stored Arrow schema keeps the zone). Parquet has
// no seconds: pqarrow writes timestamp[s] as TIMESTAMP(MILLIS) (values times
// 1000) and its stored schema reads it back as timestamp[s].
func unitColumns() []tsColumn {
	var cols []tsColumn
	for _, u := range unitRows {
		name := u.unit.String()
		cols = append(cols,
			tsColumn{name + "_utc", &arrow.TimestampType{Unit: u.unit, TimeZone: "UTC"}, "TIMESTAMP", u.raw, u.want},
			tsColumn{name + "_ntz", &arrow.TimestampType{Unit: u.unit}, "TIMESTAMP_NTZ", u.raw, u.want})
	}
	return append(cols, tsColumn{"ms_paris", &arrow.TimestampType{Unit: arrow.Millisecond, TimeZone: "Europe/Paris"}, "TIMESTAMP", msRaw, msWant})
}

// int96Columns are the columns of the file pqarrow writes with
// WithDeprecatedInt96Timestamps: it writes the nanosecond columns as INT96
// (Impala's and Spark's legacy timestamp, which has no zone flag and Spark
// reads as TIMESTAMP), so only nanoseconds arrow-go holds: 1677 to 2262.
func int96Columns() []tsColumn {
	return []tsColumn{
		{"i96", &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "UTC"}, "TIMESTAMP", nsRaw, nsWant},
		{"i96_naive", &arrow.TimestampType{Unit: arrow.Nanosecond}, "TIMESTAMP", nsRaw, nsWant},
	}
}

// int96Days are the INT96 values of the file written with arrow-go's
// low-level writer, beyond arrow-go's nanoseconds (Spark writes such files
// with spark.sql.parquet.outputTimestampType=INT96): the Julian day and the
// nanoseconds of the day. Julian day 2440588 is 1970-01-01; 9999-12-31 is
// 2932896 days after it, 0001-01-01 719162 days before.
var int96Days = []struct {
	day   uint32
	nanos uint64
	valid bool
}{
	{2440588 + 2932896, 86399_999999999, true}, // 9999-12-31 23:59:59.999999999
	{2440588 - 719162, 1, true},                // 0001-01-01 00:00:00.000000001
	{0, 0, false},
	{2440587, 86399_999999999, true}, // 1969-12-31 23:59:59.999999999
	{2440588 - 25567, 500, true},     // 1900-01-01 00:00:00.0000005
}

// int96Far is the column of that file: Spark's fromJulianDay is
// (day - 2440588) * 86400 s + nanos / 1000 µs.
var int96Far = tsColumn{"i96", nil, "TIMESTAMP", nil,
	[]any{253402300799999999, -62135596800000000, nil, -1, -2208988800000000}}

// TestRunTimestampUnits writes Parquet files with timestamps of every unit,
// both isAdjustedToUTC and INT96 (with arrow-go's pqarrow, and INT96 beyond
// nanoseconds with its low-level writer), runs `exprc run SELECT *` over each
// with a spec declaring them TIMESTAMP or TIMESTAMP_NTZ, on both engines into
// every output format, and checks the microseconds of every value: the Arrow
// IPC outputs exactly (timestamp[us, UTC] and timestamp[us]), the Parquet
// output as DuckDB reads it (with the type DuckDB gives it), and the CSV and
// JSON lines outputs as DuckDB reads their text, which keeps milliseconds
// (Spark's default timestampFormat), so floored to the millisecond; one run
// sets a session zone, in which that text is written.
func TestRunTimestampUnits(t *testing.T) {
	dir := t.TempDir()
	exprc := filepath.Join(dir, "exprc")
	build := exec.Command("go", "build", "-o", exprc, "./cmd/exprc")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/exprc: %v\n%s", err, out)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("SET TimeZone = 'UTC'"); err != nil {
		t.Fatal(err)
	}

	units := unitColumns()
	unitsFile := filepath.Join(dir, "units.parquet")
	writeTSParquet(t, unitsFile, units, pqarrow.WithStoreSchema())
	i96 := int96Columns()
	i96File := filepath.Join(dir, "int96.parquet")
	writeTSParquet(t, i96File, i96, pqarrow.WithDeprecatedInt96Timestamps(true))
	farFile := filepath.Join(dir, "int96far.parquet")
	writeInt96(t, farFile)
	checkPhysical(t, unitsFile, map[string]string{"s_utc": "INT64 Timestamp(isAdjustedToUTC=true, timeUnit=milliseconds",
		"ns_ntz": "INT64 Timestamp(isAdjustedToUTC=false, timeUnit=nanoseconds"})
	checkPhysical(t, i96File, map[string]string{"i96": "INT96", "i96_naive": "INT96"})

	for _, in := range []struct {
		name, path string
		cols       []tsColumn
		zone       string // the spec's SET TIME ZONE, if any
	}{
		{"units", unitsFile, units, ""},
		{"int96", i96File, i96, ""},
		{"int96far", farFile, []tsColumn{int96Far}, ""},
		// CSV and JSON write TIMESTAMP in the session zone with its offset
		// (2024-03-01T05:29:59.123+05:30): DuckDB reads the same instants.
		// Rows 4 and 6 are left out (WHERE): 9999-12-31 23:59:59 UTC reads
		// +10000-01-01 in +05:30, which exprc writes as Spark does and
		// DuckDB cannot read.
		{"units_ist", unitsFile, units, "+05:30"},
	} {
		where := ""
		if in.zone != "" {
			where = " WHERE n NOT IN (4, 6)"
			var kept []tsColumn
			for _, c := range in.cols {
				c.want = slices.Delete(slices.Clone(c.want), 3, 4)
				c.want = c.want[:len(c.want)-1]
				kept = append(kept, c)
			}
			in.cols = kept
		}
		var decl []string
		for _, c := range in.cols {
			decl = append(decl, c.name+" "+c.sql)
		}
		spec := filepath.Join(dir, in.name+".sql")
		text := "CREATE TABLE t (n BIGINT, " + strings.Join(decl, ", ") + ");\n"
		if in.zone != "" {
			text += "SET TIME ZONE '" + in.zone + "';\n"
		}
		text += "-- name: q\nSELECT * FROM t" + where + ";\n"
		if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, engine := range []string{"interp", "compiled"} {
			for _, ext := range []string{"parquet", "csv", "jsonl", "arrow", "arrows"} {
				t.Run(in.name+"/"+engine+"/"+ext, func(t *testing.T) {
					out := filepath.Join(dir, in.name+"."+engine+"."+ext)
					cmd := exec.Command(exprc, "run", spec, "-q", "q", "--input", "t="+in.path, "--engine", engine, "--output", out)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					if err := cmd.Run(); err != nil {
						t.Fatalf("exprc run: %v\n%s", err, stderr.String())
					}
					checkTSOutput(t, db, out, ext, in.cols)
				})
			}
		}
	}
}

// writeTSParquet writes cols (and n, the row number) as one record batch
// with pqarrow's default writer properties (Parquet 2.6: nanoseconds kept).
func writeTSParquet(t *testing.T, path string, cols []tsColumn, opts ...pqarrow.WriterOption) {
	t.Helper()
	mem := memory.DefaultAllocator
	fields := []arrow.Field{{Name: "n", Type: arrow.PrimitiveTypes.Int64}}
	nb := array.NewInt64Builder(mem)
	defer nb.Release()
	for i := range cols[0].raw {
		nb.Append(int64(i + 1))
	}
	arrs := []arrow.Array{nb.NewArray()}
	for _, c := range cols {
		fields = append(fields, arrow.Field{Name: c.name, Type: c.typ, Nullable: true})
		b := array.NewTimestampBuilder(mem, c.typ.(*arrow.TimestampType))
		for _, v := range c.raw {
			if v == nil {
				b.AppendNull()
			} else {
				b.Append(arrow.Timestamp(asInt64(v)))
			}
		}
		arrs = append(arrs, b.NewArray())
		b.Release()
	}
	rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), arrs, int64(len(cols[0].raw)))
	defer rec.Release()
	for _, a := range arrs {
		a.Release()
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(rec.Schema(), f, nil, pqarrow.NewArrowWriterProperties(opts...))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeInt96 writes int96Days as an optional INT96 column i96 beside n with
// arrow-go's low-level column writers.
func writeInt96(t *testing.T, path string) {
	t.Helper()
	n, err := schema.NewPrimitiveNode("n", parquet.Repetitions.Required, parquet.Types.Int64, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := schema.NewPrimitiveNode("i96", parquet.Repetitions.Optional, parquet.Types.Int96, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, schema.FieldList{n, ts}, -1)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := file.NewParquetWriter(f, root)
	rg, err := w.AppendRowGroupChecked()
	if err != nil {
		t.Fatal(err)
	}
	var ns []int64
	var vals []parquet.Int96
	var defs []int16
	for i, d := range int96Days {
		ns = append(ns, int64(i+1))
		if !d.valid {
			defs = append(defs, 0)
			continue
		}
		defs = append(defs, 1)
		var v parquet.Int96
		binary.LittleEndian.PutUint64(v[:8], d.nanos)
		binary.LittleEndian.PutUint32(v[8:], d.day)
		vals = append(vals, v)
	}
	cw, err := rg.NextColumn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cw.(*file.Int64ColumnChunkWriter).WriteBatch(ns, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	cw, err = rg.NextColumn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cw.(*file.Int96ColumnChunkWriter).WriteBatch(vals, defs, nil); err != nil {
		t.Fatal(err)
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rg.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkPhysical checks that columns of a Parquet file are stored as want
// says (a prefix of the physical type and logical type's text): the test
// generator writes what the test claims.
func checkPhysical(t *testing.T, path string, want map[string]string) {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	sc := r.MetaData().Schema
	for i := range sc.NumColumns() {
		c := sc.Column(i)
		w, ok := want[c.Name()]
		if !ok {
			continue
		}
		got := c.PhysicalType().String()
		if lt := c.LogicalType(); lt != nil && lt.IsValid() && !lt.IsNone() {
			got += " " + lt.String()
		}
		if !strings.HasPrefix(got, w) {
			t.Errorf("%s: column %s is stored as %s, want %s", path, c.Name(), got, w)
		}
	}
}

// checkTSOutput checks the microseconds of every value of an output file of
// exprc run: its IPC exactly, its Parquet, CSV and JSON lines as DuckDB reads
// them (text floored to the millisecond).
func checkTSOutput(t *testing.T, db *sql.DB, out, ext string, cols []tsColumn) {
	t.Helper()
	if ext == "arrow" || ext == "arrows" {
		rec := readIPCRecord(t, out, ext == "arrows")
		defer rec.Release()
		for _, c := range cols {
			idx := rec.Schema().FieldIndices(c.name)
			if len(idx) != 1 {
				t.Fatalf("no column %s in %v", c.name, rec.Schema())
			}
			want := &arrow.TimestampType{Unit: arrow.Microsecond}
			if c.sql == "TIMESTAMP" {
				want.TimeZone = "UTC"
			}
			a := rec.Column(idx[0])
			if !arrow.TypeEqual(a.DataType(), want) {
				t.Errorf("column %s is %s, want %s", c.name, a.DataType(), want)
				continue
			}
			got := make([]any, a.Len())
			for i := range got {
				if a.IsValid(i) {
					got[i] = int64(a.(*array.Timestamp).Value(i))
				}
			}
			compareMicros(t, c, got, false)
		}
		return
	}
	reader := map[string]string{
		"parquet": "read_parquet('%s')",
		"csv":     "read_csv('%s', header = true, allow_quoted_nulls = false, all_varchar = true)",
		"jsonl":   "read_json('%s', format = 'newline_delimited')",
	}[ext]
	reader = strings.Replace(reader, "%s", out, 1)
	text := ext != "parquet"
	if !text {
		types := describe(t, db, reader)
		for _, c := range cols {
			want := map[string]string{"TIMESTAMP": "TIMESTAMP WITH TIME ZONE", "TIMESTAMP_NTZ": "TIMESTAMP"}[c.sql]
			if types[c.name] != want {
				t.Errorf("column %s of exprc's Parquet is %s in DuckDB, want %s", c.name, types[c.name], want)
			}
		}
	}
	for _, c := range cols {
		v := c.name
		if text {
			v = "CAST(CAST(" + v + " AS VARCHAR) AS " + map[string]string{"TIMESTAMP": "TIMESTAMPTZ", "TIMESTAMP_NTZ": "TIMESTAMP"}[c.sql] + ")"
		}
		rows, err := db.QueryContext(context.Background(), "SELECT epoch_us("+v+") FROM "+reader+" ORDER BY n")
		if err != nil {
			t.Fatalf("%s: %v", reader, err)
		}
		var got []any
		for rows.Next() {
			var us sql.NullInt64
			if err := rows.Scan(&us); err != nil {
				t.Fatal(err)
			}
			if us.Valid {
				got = append(got, us.Int64)
			} else {
				got = append(got, nil)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		compareMicros(t, c, got, text)
	}
}

// compareMicros compares a column's microseconds with its wanted ones,
// floored to the millisecond when the output was text.
func compareMicros(t *testing.T, c tsColumn, got []any, text bool) {
	t.Helper()
	want := make([]any, len(c.want))
	for i, w := range c.want {
		if w == nil {
			continue
		}
		v := asInt64(w)
		if text {
			v = floorDiv(v, 1000) * 1000
		}
		want[i] = v
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("column %s (%s) reads as %v µs, want %v", c.name, c.typ, got, want)
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

func asInt64(v any) int64 {
	switch v := v.(type) {
	case int:
		return int64(v)
	case int64:
		return v
	}
	panic(fmt.Sprintf("not an integer: %T", v))
}
