package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// TestWriteCSV writes values that need care (NULLs, the empty string,
// quotes, commas, line breaks, doubles whose shortest spelling has an
// exponent or many digits, dates before 1970) and reads the file back with
// DuckDB, as the benchmark's DuckDB jobs read it: every value must come back
// the same, doubles bit for bit.
func TestWriteCSV(t *testing.T) {
	mem := memory.NewGoAllocator()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "i", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "b", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "d", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	}, nil)
	type row struct {
		i     *int32
		b     *int64
		d     *float64
		s     *string
		day   *int32
		about string
	}
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	f64 := func(v float64) *float64 { return &v }
	str := func(v string) *string { return &v }
	rows := []row{
		{i32(1), i64(2), f64(41), str("plain"), i32(0), "integers, an integral double, the epoch"},
		{nil, nil, nil, nil, nil, "all NULL"},
		{i32(math.MinInt32), i64(math.MinInt64), f64(1e6), str(""), i32(-1), "extremes, 1e+06, the empty string, 1969-12-31"},
		{i32(math.MaxInt32), i64(math.MaxInt64), f64(math.Nextafter(0.3, 1)), str(`say "hi", then go`), i32(10_957), "17 digits, quote and comma"},
		{i32(-7), i64(-8), f64(68829.16 * (1 - 0.04)), str("two\nlines"), i32(-719_162), "line feed, year 1"},
		{i32(0), i64(0), f64(1e21), str("cr\rhere"), i32(2_932_896), "carriage return, year 9999"},
		{i32(3), i64(4), f64(-1.5e-7), str(" padded "), i32(9_999), "small negative, spaces kept"},
		{i32(5), i64(6), f64(math.SmallestNonzeroFloat64), str("é,ü"), i32(1), "denormal, UTF-8"},
		{i32(9), i64(10), f64(math.MaxFloat64), str("\"\""), i32(2), "max double, only quotes"},
	}
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	for _, r := range rows {
		if r.i == nil {
			b.Field(0).AppendNull()
		} else {
			b.Field(0).(*array.Int32Builder).Append(*r.i)
		}
		if r.b == nil {
			b.Field(1).AppendNull()
		} else {
			b.Field(1).(*array.Int64Builder).Append(*r.b)
		}
		if r.d == nil {
			b.Field(2).AppendNull()
		} else {
			b.Field(2).(*array.Float64Builder).Append(*r.d)
		}
		if r.s == nil {
			b.Field(3).AppendNull()
		} else {
			b.Field(3).(*array.StringBuilder).Append(*r.s)
		}
		if r.day == nil {
			b.Field(4).AppendNull()
		} else {
			b.Field(4).(*array.Date32Builder).Append(arrow.Date32(*r.day))
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	path := filepath.Join(t.TempDir(), "values.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeCSV(f, rec, true); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(path)
	for _, want := range []string{"i,b,d,s,day\n", "\n,,,,\n", `,1e+06,"",1969-12-31` + "\n", ",0.30000000000000004,", `"say ""hi"", then go"`, ",0001-01-01\n", ",9999-12-31\n"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("CSV lacks %q:\n%s", want, text)
		}
	}

	cols := []ir.Column{{Name: "i", Type: ir.TypeInt}, {Name: "b", Type: ir.TypeBigint}, {Name: "d", Type: ir.TypeDouble},
		{Name: "s", Type: ir.TypeVarchar}, {Name: "day", Type: ir.TypeDate}}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q := "SELECT i, b, d, s, day FROM " + reader("csv", path, cols)
	res, err := db.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer res.Close()
	n := 0
	for ; res.Next(); n++ {
		var (
			i, bi sql.NullInt64
			d     sql.NullFloat64
			s     sql.NullString
			day   sql.NullTime
		)
		if err := res.Scan(&i, &bi, &d, &s, &day); err != nil {
			t.Fatal(err)
		}
		if n >= len(rows) {
			continue
		}
		r := rows[n]
		check := func(what string, gotValid bool, got any, want any, wantNull bool) {
			t.Helper()
			if gotValid == wantNull || (gotValid && fmt.Sprint(got) != fmt.Sprint(want)) {
				t.Errorf("row %d (%s): %s = %v (valid %v), want %v (NULL %v)", n, r.about, what, got, gotValid, want, wantNull)
			}
		}
		check("i", i.Valid, i.Int64, deref(r.i), r.i == nil)
		check("b", bi.Valid, bi.Int64, deref(r.b), r.b == nil)
		if r.d != nil && d.Valid && math.Float64bits(d.Float64) != math.Float64bits(*r.d) {
			t.Errorf("row %d (%s): d = %v (%#x), want %v (%#x)", n, r.about, d.Float64, math.Float64bits(d.Float64), *r.d, math.Float64bits(*r.d))
		}
		check("d valid", d.Valid, d.Valid, true, r.d == nil)
		check("s", s.Valid, s.String, deref(r.s), r.s == nil)
		var wantDay string
		if r.day != nil {
			wantDay = time.Unix(int64(*r.day)*86400, 0).UTC().Format(time.DateOnly)
		}
		check("day", day.Valid, day.Time.UTC().Format(time.DateOnly), wantDay, r.day == nil)
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(rows) {
		t.Errorf("DuckDB read %d rows, want %d", n, len(rows))
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestData generates 2,000 rows in chunks of 700 and checks, in DuckDB, that
// the CSV file holds the same rows as the Parquet file (written by arrow-go),
// that the Parquet file has one row group per chunk, that the data has NULLs,
// and that a second call finds the files cached.
func TestData(t *testing.T) {
	dir := t.TempDir()
	d := dataNames(dir, 2000, 700)
	if err := ensureData(d, 700, t.Output()); err != nil {
		t.Fatal(err)
	}
	sp, err := loadSpec("../../..")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, p := reader("csv", d.csv, sp.table.Columns), reader("parquet", d.parquet, nil)
	var n, onlyCSV, onlyParquet, nullPrices, groups int64
	q := fmt.Sprintf(`SELECT (SELECT count(*) FROM %[1]s),
		(SELECT count(*) FROM (SELECT * FROM %[1]s EXCEPT ALL SELECT * FROM %[2]s)),
		(SELECT count(*) FROM (SELECT * FROM %[2]s EXCEPT ALL SELECT * FROM %[1]s)),
		(SELECT count(*) FROM %[1]s WHERE l_extendedprice IS NULL),
		(SELECT count(DISTINCT row_group_id) FROM parquet_metadata(%[3]s))`, c, p, sqlString(d.parquet))
	if err := db.QueryRow(q).Scan(&n, &onlyCSV, &onlyParquet, &nullPrices, &groups); err != nil {
		t.Fatal(err)
	}
	if n != 2000 || onlyCSV != 0 || onlyParquet != 0 {
		t.Errorf("CSV has %d rows, want 2000; %d rows of the CSV file are not in the Parquet file, %d the other way", n, onlyCSV, onlyParquet)
	}
	if nullPrices < 100 || nullPrices > 300 {
		t.Errorf("%d NULL l_extendedprice of 2000, want about 10%%", nullPrices)
	}
	if groups != 3 {
		t.Errorf("%d row groups, want 3 (chunks of 700)", groups)
	}
	st, err := os.Stat(d.csv)
	if err != nil {
		t.Fatal(err)
	}
	if err := ensureData(d, 700, t.Output()); err != nil {
		t.Fatal(err)
	}
	if st2, err := os.Stat(d.csv); err != nil || !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("the cached CSV file was written again (%v)", err)
	}
	if other := dataNames(dir, 2000, 500); other.csv == d.csv {
		t.Errorf("another chunk size has the same file name %s", d.csv)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("%d files in the data directory, want 2 (no temporary file left)", len(ents))
	}
}
