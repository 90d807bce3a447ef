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

// smallTable has TINYINT, SMALLINT and FLOAT columns.
var smallTable = &ir.Table{Name: "small", Columns: []ir.Column{
	{Name: "t", Type: ir.TypeTinyint, Nullable: true},
	{Name: "s", Type: ir.TypeSmallint, Nullable: true},
	{Name: "f", Type: ir.TypeFloat, Nullable: true},
}}

var smallRows = [][]any{
	{int8(-128), int16(-32768), float32(1.1)},
	{int8(127), int16(32767), float32(-3.4028235e38)},
	{nil, nil, nil},
	{int8(0), int16(7), float32(math.NaN())},
	{int8(-1), int16(-300), float32(math.Inf(-1))},
	{int8(5), nil, float32(1e10)},
}

// TestSmallNumbersRoundTrip writes TINYINT, SMALLINT and FLOAT columns in
// every format and reads them back as exactly these types and values.
func TestSmallNumbersRoundTrip(t *testing.T) {
	rec := buildBatch(t, smallTable, smallRows)
	defer rec.Release()
	want := render(t, rec)
	if !strings.Contains(want, `"f":1.1}`) || !strings.Contains(want, `"f":1.0E10`) {
		t.Fatalf("FLOAT not written as Float.toString spells it:\n%s", want)
	}
	readsBack(t, fixtures(t, rec), smallTable, want)
}

// TestSmallNumbersFromWiderColumns reads int64 and float32 Parquet columns
// as declared TINYINT, SMALLINT and FLOAT: values in range convert, one out
// of range is an error naming the row, and a float64 column is refused for a
// FLOAT (it would round every value).
func TestSmallNumbersFromWiderColumns(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, dt arrow.DataType, fill func(array.Builder)) string {
		schema := arrow.NewSchema([]arrow.Field{{Name: "t", Type: dt, Nullable: true}}, nil)
		rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
		defer rb.Release()
		fill(rb.Field(0))
		rec := rb.NewRecordBatch()
		defer rec.Release()
		p := filepath.Join(dir, name)
		writeParquet(t, p, rec, 10)
		return p
	}
	tiny := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "t", Type: ir.TypeTinyint, Nullable: true}}}
	ok := write("ok.parquet", arrow.PrimitiveTypes.Int64, func(b array.Builder) {
		b.(*array.Int64Builder).AppendValues([]int64{-128, 0, 127}, nil)
	})
	batches, err := readAll(t, ok, tiny, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := render(t, batches...); got != "{\"t\":-128}\n{\"t\":0}\n{\"t\":127}\n" {
		t.Errorf("got %q", got)
	}
	bad := write("bad.parquet", arrow.PrimitiveTypes.Int64, func(b array.Builder) {
		b.(*array.Int64Builder).AppendValues([]int64{1, 128}, nil)
	})
	if _, err := readAll(t, bad, tiny, 10); err == nil || !strings.Contains(err.Error(), `row 1: column "t": value 128 out of range for TINYINT`) {
		t.Errorf("got %v, want an out-of-range error at row 1", err)
	}
	flt := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "t", Type: ir.TypeFloat, Nullable: true}}}
	dbl := write("dbl.parquet", arrow.PrimitiveTypes.Float64, func(b array.Builder) {
		b.(*array.Float64Builder).Append(0.1)
	})
	if _, err := readAll(t, dbl, flt, 10); err == nil {
		t.Error("a float64 column read as FLOAT: want an error")
	}
}

// TestSmallNumbersBadText checks the range and syntax errors of TINYINT,
// SMALLINT and FLOAT text in CSV and JSON lines.
func TestSmallNumbersBadText(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"small.csv", "t,s,f\n127,,\n128,,\n", `small.csv: row 1 (line 3): column "t": TINYINT value out of range "128"`},
		{"small.csv", "t,s,f\n-129,,\n", `small.csv: row 0 (line 2): column "t": TINYINT value out of range "-129"`},
		{"small.csv", "t,s,f\n,32768,\n", `small.csv: row 0 (line 2): column "s": SMALLINT value out of range "32768"`},
		{"small.csv", "t,s,f\n,1.5,\n", `small.csv: row 0 (line 2): column "s": invalid SMALLINT "1.5"`},
		{"small.csv", "t,s,f\n,,1e39\n", `small.csv: row 0 (line 2): column "f": FLOAT value out of range "1e39"`},
		{"small.csv", "t,s,f\n,,x\n", `small.csv: row 0 (line 2): column "f": invalid FLOAT "x"`},
		{"small.jsonl", `{"t": 200}`, `small.jsonl: row 0 (line 1): column "t": TINYINT value out of range "200"`},
		{"small.jsonl", `{"t": 1.5}`, `small.jsonl: row 0 (line 1): column "t": invalid TINYINT 1.5`},
		{"small.jsonl", `{"s": -40000}`, `small.jsonl: row 0 (line 1): column "s": SMALLINT value out of range "-40000"`},
		{"small.jsonl", `{"f": 3.5e38}`, `small.jsonl: row 0 (line 1): column "f": FLOAT value out of range "3.5e38"`},
		{"small.jsonl", `{"f": true}`, `small.jsonl: row 0 (line 1): column "f": invalid FLOAT true`},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			p := filepath.Join(dir, c.name)
			if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := readAll(t, p, smallTable, 1)
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestSmallNumbersText reads TINYINT, SMALLINT and FLOAT from CSV and JSON
// text, extremes, NULLs and FLOAT specials included.
func TestSmallNumbersText(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "small.csv")
	if err := os.WriteFile(csv, []byte("t,s,f\n-128,-32768,1.1\n127,32767,NaN\n,,\n 5 , 7 ,-Infinity\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl := filepath.Join(dir, "small.jsonl")
	if err := os.WriteFile(jsonl, []byte(`{"t":-128,"s":-32768,"f":1.1}`+"\n"+`{"t":"127","s":32767,"f":"NaN"}`+"\n{}\n"+`{"t":5,"s":7,"f":"-Infinity"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "{\"t\":-128,\"s\":-32768,\"f\":1.1}\n{\"t\":127,\"s\":32767,\"f\":\"NaN\"}\n{\"t\":null,\"s\":null,\"f\":null}\n{\"t\":5,\"s\":7,\"f\":\"-Infinity\"}\n"
	for _, p := range []string{csv, jsonl} {
		batches, err := readAll(t, p, smallTable, 3)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got := render(t, batches...); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", filepath.Base(p), got, want)
		}
	}
}
