package e2e

import (
	"context"
	"database/sql"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

// TestDuckDBReadsExprcParquet writes a batch holding every SQL type exprc has,
// with NULLs and edge values, as Parquet with the writer of `exprc run
// --format parquet` (fileio), and reads it with DuckDB: each column must have
// the matching DuckDB type and every value must come back exactly.
func TestDuckDBReadsExprcParquet(t *testing.T) {
	cols := []ir.Column{
		{Name: "b", Type: ir.TypeBoolean, Nullable: true},
		{Name: "i", Type: ir.TypeInt, Nullable: true},
		{Name: "n", Type: ir.TypeBigint},
		{Name: "d", Type: ir.TypeDouble, Nullable: true},
		{Name: "s", Type: ir.TypeVarchar, Nullable: true},
		{Name: "day", Type: ir.TypeDate, Nullable: true},
		{Name: "m", Type: ir.MapOf(ir.TypeVarchar, ir.TypeBigint), Nullable: true},
	}
	schema := ir.ArrowSchema(cols)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer rb.Release()
	bools := rb.Field(0).(*array.BooleanBuilder)
	ints := rb.Field(1).(*array.Int32Builder)
	bigs := rb.Field(2).(*array.Int64Builder)
	dbls := rb.Field(3).(*array.Float64Builder)
	strs := rb.Field(4).(*array.StringBuilder)
	days := rb.Field(5).(*array.Date32Builder)
	maps := rb.Field(6).(*array.MapBuilder)
	keys, items := maps.KeyBuilder().(*array.StringBuilder), maps.ItemBuilder().(*array.Int64Builder)

	type row struct {
		b    any
		i    any
		n    int64
		d    any
		s    any
		day  any // days since 1970-01-01
		m    []string
		mval []any
		// want is DuckDB's text of day and m.
		wantDay, wantMap string
	}
	rows := []row{
		{true, int32(1), math.MaxInt64, 1.5, "héllo, \"world\"\nline2", int32(-1), []string{"a", "b"}, []any{int64(1), nil}, "1969-12-31", "{a=1, b=NULL}"},
		{nil, nil, math.MinInt64, nil, nil, nil, nil, nil, "", ""},
		{false, int32(math.MinInt32), 0, math.NaN(), "", int32(-719162), []string{}, []any{}, "0001-01-01", "{}"},
		{true, int32(math.MaxInt32), -1, math.Inf(1), "日本語 😀", int32(2932896), []string{"é"}, []any{int64(math.MinInt64)}, "9999-12-31", "{é=-9223372036854775808}"},
		{false, int32(0), 42, math.Copysign(0, -1), " lead", int32(19782), []string{""}, []any{int64(7)}, "2024-02-29", "{''=7}"},
		{true, int32(-7), 7, 1.2345e-300, "NULL", int32(0), nil, nil, "1970-01-01", ""},
	}
	for _, r := range rows {
		if r.b == nil {
			bools.AppendNull()
		} else {
			bools.Append(r.b.(bool))
		}
		if r.i == nil {
			ints.AppendNull()
		} else {
			ints.Append(r.i.(int32))
		}
		bigs.Append(r.n)
		if r.d == nil {
			dbls.AppendNull()
		} else {
			dbls.Append(r.d.(float64))
		}
		if r.s == nil {
			strs.AppendNull()
		} else {
			strs.Append(r.s.(string))
		}
		if r.day == nil {
			days.AppendNull()
		} else {
			days.Append(arrow.Date32(r.day.(int32)))
		}
		if r.m == nil {
			maps.AppendNull()
		} else {
			maps.Append(true)
			for k, key := range r.m {
				keys.Append(key)
				if r.mval[k] == nil {
					items.AppendNull()
				} else {
					items.Append(r.mval[k].(int64))
				}
			}
		}
	}
	rec := rb.NewRecordBatch()
	defer rec.Release()

	path := filepath.Join(t.TempDir(), "exprc.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	out, err := fileio.NewOutput(f, "parquet", schema, fileio.OutputOptions{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := out.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	types, err := db.QueryContext(ctx, "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('"+path+"'))")
	if err != nil {
		t.Fatal(err)
	}
	wantTypes := map[string]string{"b": "BOOLEAN", "i": "INTEGER", "n": "BIGINT", "d": "DOUBLE", "s": "VARCHAR", "day": "DATE", "m": "MAP(VARCHAR, BIGINT)"}
	seen := 0
	for types.Next() {
		var name, typ string
		if err := types.Scan(&name, &typ); err != nil {
			t.Fatal(err)
		}
		if wantTypes[name] != typ {
			t.Errorf("column %s: DuckDB type %s, want %s", name, typ, wantTypes[name])
		}
		seen++
	}
	types.Close()
	if seen != len(wantTypes) {
		t.Errorf("DuckDB sees %d columns, want %d", seen, len(wantTypes))
	}

	res, err := db.QueryContext(ctx, "SELECT b, i, n, d, s, day::VARCHAR, m::VARCHAR FROM read_parquet('"+path+"')")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	k := 0
	for ; res.Next(); k++ {
		var b sql.NullBool
		var i sql.NullInt32
		var n int64
		var d sql.NullFloat64
		var s, day, m sql.NullString
		if err := res.Scan(&b, &i, &n, &d, &s, &day, &m); err != nil {
			t.Fatal(err)
		}
		if k >= len(rows) {
			t.Fatalf("DuckDB reads more than %d rows", len(rows))
		}
		r := rows[k]
		if got, want := nullable(b.Valid, b.Bool), r.b; got != want {
			t.Errorf("row %d: b %v, want %v", k, got, want)
		}
		if got, want := nullable(i.Valid, i.Int32), r.i; got != want {
			t.Errorf("row %d: i %v, want %v", k, got, want)
		}
		if n != r.n {
			t.Errorf("row %d: n %d, want %d", k, n, r.n)
		}
		switch {
		case r.d == nil:
			if d.Valid {
				t.Errorf("row %d: d %v, want NULL", k, d.Float64)
			}
		case !d.Valid || math.Float64bits(d.Float64) != math.Float64bits(r.d.(float64)) && !(math.IsNaN(d.Float64) && math.IsNaN(r.d.(float64))):
			t.Errorf("row %d: d %v (valid %v), want %v", k, d.Float64, d.Valid, r.d)
		}
		if got, want := nullable(s.Valid, s.String), r.s; got != want {
			t.Errorf("row %d: s %q, want %q", k, got, want)
		}
		if got := nullable(day.Valid, day.String); (r.day == nil) != (got == nil) || r.day != nil && got != r.wantDay {
			t.Errorf("row %d: day %v, want %s", k, got, r.wantDay)
		}
		if got := nullable(m.Valid, m.String); (r.m == nil) != (got == nil) || r.m != nil && got != r.wantMap {
			t.Errorf("row %d: m %v, want %s", k, got, r.wantMap)
		}
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	if k != len(rows) {
		t.Errorf("DuckDB reads %d rows, want %d", k, len(rows))
	}
}

// nullable is v, or nil when not valid.
func nullable[T any](valid bool, v T) any {
	if !valid {
		return nil
	}
	return v
}
