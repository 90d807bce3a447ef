package fileio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	oldrand "math/rand"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/exprc/exprc/ir"
)

// randomSchema has a column of every Arrow type the text writers take.
var randomSchema = arrow.NewSchema([]arrow.Field{
	{Name: "bool", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "i8", Type: arrow.PrimitiveTypes.Int8, Nullable: true},
	{Name: "i16", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "i32", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "i64", Type: arrow.PrimitiveTypes.Int64},
	{Name: "u8", Type: arrow.PrimitiveTypes.Uint8, Nullable: true},
	{Name: "u16", Type: arrow.PrimitiveTypes.Uint16, Nullable: true},
	{Name: "u32", Type: arrow.PrimitiveTypes.Uint32, Nullable: true},
	{Name: "u64", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
	{Name: "f32", Type: arrow.PrimitiveTypes.Float32, Nullable: true},
	{Name: "f64", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "s,\"x\"", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "ls", Type: arrow.BinaryTypes.LargeString, Nullable: true},
	{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "nothing", Type: arrow.Null, Nullable: true},
	{Name: "m", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int64), Nullable: true},
	{Name: "mi", Type: arrow.MapOf(arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Float64), Nullable: true},
	{Name: "md", Type: arrow.MapOf(arrow.FixedWidthTypes.Date32, arrow.BinaryTypes.String), Nullable: true},
	{Name: "mf", Type: arrow.MapOf(arrow.PrimitiveTypes.Float64, arrow.FixedWidthTypes.Boolean), Nullable: true},
	{Name: "mm", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.MapOf(arrow.PrimitiveTypes.Int64, arrow.BinaryTypes.String)), Nullable: true},
}, nil)

var stringPieces = []string{"", "a", "xyz", ",", "\"", "\n", "\r", "\\", "\t", "\x01", "\x1f", "\x7f", "é", "日本", "😀", "\xff", "\xc3", "\xed\xa0\x80", " ", "null", "NULL", "{}", "1,2"}

// noCR leaves CR out of random strings: the CSV reader (encoding/csv) reads a
// quoted CR LF as LF.
var noCR bool

func randomString(r *rand.Rand) string {
	if r.IntN(3) == 0 {
		return [...]string{"A", "N", "R", "F", "O", "hello"}[r.IntN(6)]
	}
	var b strings.Builder
	for range r.IntN(5) {
		if p := stringPieces[r.IntN(len(stringPieces))]; !noCR || p != "\r" {
			b.WriteString(p)
		}
	}
	return b.String()
}

func randomDouble(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return [...]float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e7, 1e-3, math.MaxFloat64, math.SmallestNonzeroFloat64}[r.IntN(9)]
	case 1:
		return math.Float64frombits(r.Uint64())
	case 2:
		return float64(r.IntN(100))
	default:
		price := float64(r.IntN(10_000_000)) / 100
		return price * (1 - float64(r.IntN(11))/100)
	}
}

func randomDate(r *rand.Rand) arrow.Date32 {
	if r.IntN(10) == 0 {
		return arrow.Date32(r.Int32N(6_000_000) - 3_000_000) // years about -6000 to 10000
	}
	return arrow.Date32(r.Int32N(20000))
}

// appendRandom appends a random value, or NULL with probability nulls, to b.
func appendRandom(r *rand.Rand, b array.Builder, nulls float64) {
	if r.Float64() < nulls {
		b.AppendNull()
		return
	}
	switch b := b.(type) {
	case *array.BooleanBuilder:
		b.Append(r.IntN(2) == 0)
	case *array.Int8Builder:
		b.Append(int8(r.Uint32()))
	case *array.Int16Builder:
		b.Append(int16(r.Uint32()))
	case *array.Int32Builder:
		b.Append(int32(r.Uint32()))
	case *array.Int64Builder:
		b.Append(int64(r.Uint64()) >> r.IntN(64))
	case *array.Uint8Builder:
		b.Append(uint8(r.Uint32()))
	case *array.Uint16Builder:
		b.Append(uint16(r.Uint32()))
	case *array.Uint32Builder:
		b.Append(r.Uint32())
	case *array.Uint64Builder:
		b.Append(r.Uint64() >> r.IntN(64))
	case *array.Float32Builder:
		b.Append(float32(randomDouble(r)))
	case *array.Float64Builder:
		b.Append(randomDouble(r))
	case *array.StringBuilder:
		b.Append(randomString(r))
	case *array.LargeStringBuilder:
		b.Append(randomString(r))
	case *array.Date32Builder:
		b.Append(randomDate(r))
	case *array.NullBuilder:
		b.AppendNull()
	case *array.Decimal128Builder:
		// any value of the column's precision, small ones often
		p := b.Type().(*arrow.Decimal128Type).Precision
		x := new(big.Int).Rand(oldrand.New(oldrand.NewSource(int64(r.Uint64()))), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(1+r.IntN(int(p)))), nil))
		if r.IntN(2) == 0 {
			x.Neg(x)
		}
		b.Append(decimal128.FromBigInt(x))
	case *array.MapBuilder:
		b.Append(true)
		for range r.IntN(4) {
			appendRandom(r, b.KeyBuilder(), 0)
			appendRandom(r, b.ItemBuilder(), 0.2)
		}
	default:
		panic(fmt.Sprintf("no random %T", b))
	}
}

// randomBatch returns a batch of rows random rows of schema; a column has no
// NULLs, some or all, at random.
func randomBatch(r *rand.Rand, schema *arrow.Schema, rows int) arrow.RecordBatch {
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer rb.Release()
	for i, f := range schema.Fields() {
		nulls := [...]float64{0, 0.1, 0.5, 1}[r.IntN(4)]
		if !f.Nullable {
			nulls = 0
		}
		for range rows {
			appendRandom(r, rb.Field(i), nulls)
		}
	}
	return rb.NewRecordBatch()
}

// writeOutput writes batches with NewOutput and returns the bytes.
func writeOutput(t testing.TB, format string, schema *arrow.Schema, opts OutputOptions, batches ...arrow.RecordBatch) []byte {
	t.Helper()
	var buf bytes.Buffer
	out, err := NewOutput(struct{ io.Writer }{&buf}, format, schema, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if err := out.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestTextOutputMatchesReference: on many random batches of every type (and
// slices of them), the parallel JSON lines and CSV writers give the bytes of
// the serial writer they replace, for any number of threads.
func TestTextOutputMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var batches []arrow.RecordBatch
	for _, rows := range []int{0, 1, 2, 17, 300, 1000, chunkRows + 5} {
		b := randomBatch(r, randomSchema, rows)
		batches = append(batches, b)
		if rows > 10 {
			batches = append(batches, b.NewSlice(3, int64(rows-4)))
		}
	}
	defer func() {
		for _, b := range batches {
			b.Release()
		}
	}()
	for _, format := range []string{"csv", "jsonl"} {
		var ref bytes.Buffer
		out, err := refNewOutput(&ref, format, randomSchema)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range batches {
			if err := out.Write(b); err != nil {
				t.Fatal(err)
			}
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{1, 2, 5} {
			got := writeOutput(t, format, randomSchema, OutputOptions{Threads: threads}, batches...)
			if !bytes.Equal(got, ref.Bytes()) {
				t.Errorf("%s, %d threads: output differs from the reference at byte %d", format, threads, firstDiff(got, ref.Bytes()))
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestTextOutputNoAllocs: formatting rows allocates nothing per value.
func TestTextOutputNoAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	b := randomBatch(r, randomSchema, 2000)
	defer b.Release()
	o := newTextOutput(io.Discard, false, randomSchema, 1)
	defer o.Close()
	cols := o.columns(nil, b)
	buf := formatJSON(nil, cols, o.keys, 0, 2000)
	buf = formatCSV(buf, cols, 0, 2000)
	n := testing.AllocsPerRun(5, func() {
		buf = formatJSON(buf[:0], cols, o.keys, 0, 2000)
		buf = formatCSV(buf[:0], cols, 0, 2000)
	})
	if n != 0 {
		t.Errorf("%v allocations formatting 2000 rows", n)
	}
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestOutputErrors: a write error comes back from a later Write or from Close,
// every batch is released, and Write after Close fails.
func TestOutputErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, format := range OutputFormats {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		rb := array.NewRecordBuilder(mem, randomSchema)
		for i, f := range randomSchema.Fields() {
			for range 5000 {
				appendRandom(r, rb.Field(i), map[bool]float64{true: 0.1}[f.Nullable])
			}
		}
		b := rb.NewRecordBatch()
		rb.Release()
		schema := randomSchema
		if format == "parquet" { // no unsigned, null or nested map columns
			b, schema = project(b, 0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 15, 16, 17, 18)
		}
		out, err := NewOutput(&failWriter{n: 1000}, format, schema, OutputOptions{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		var werr error
		for range 50 {
			if werr = out.Write(b); werr != nil {
				break
			}
		}
		b.Release()
		cerr := out.Close()
		if !errors.Is(cerr, errDiskFull) || (werr != nil && !errors.Is(werr, errDiskFull)) {
			t.Errorf("%s: Write error %v, Close error %v", format, werr, cerr)
		}
		if err := out.Close(); !errors.Is(err, errDiskFull) {
			t.Errorf("%s: second Close: %v", format, err)
		}
		mem.AssertSize(t, 0)
		if err := out.Write(b); err == nil {
			t.Errorf("%s: Write after Close succeeded", format)
		}
	}
}

// project returns columns cols of b (releasing b) and their schema.
func project(b arrow.RecordBatch, cols ...int) (arrow.RecordBatch, *arrow.Schema) {
	var fields []arrow.Field
	var arrs []arrow.Array
	for _, c := range cols {
		fields = append(fields, b.Schema().Field(c))
		arrs = append(arrs, b.Column(c))
	}
	s := arrow.NewSchema(fields, nil)
	p := array.NewRecordBatch(s, arrs, b.NumRows())
	b.Release()
	return p, s
}

// TestOutputReleases: Output keeps a batch only until it is written, whatever
// the caller does with it after Write.
func TestOutputReleases(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	schema := ir.ArrowSchema(testTable.Columns)
	for _, format := range OutputFormats {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		rb := array.NewRecordBuilder(mem, schema)
		out, err := NewOutput(io.Discard, format, schema, OutputOptions{Threads: 3})
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			for i := range schema.Fields() {
				for range 3000 {
					appendRandom(r, rb.Field(i), 0)
				}
			}
			b := rb.NewRecordBatch()
			if err := out.Write(b); err != nil {
				t.Fatal(err)
			}
			b.Release()
		}
		rb.Release()
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
		mem.AssertSize(t, 0)
	}
}

// TestOutputRoundTrip: every output format, read back by OpenInput, gives the
// rows written, over batches of every SQL type with NULLs, NaN, -0, infinities,
// empty and invalid UTF-8 strings and maps with NULL values.
func TestOutputRoundTrip(t *testing.T) {
	rec := buildBatch(t, testTable, testRows)
	defer rec.Release()
	invalid := buildBatch(t, testTable, [][]any{{true, int32(1), int64(2), 3.0, "a\xffb", day("2000-01-01"), mapv("k\xfe", int64(1)), nil}})
	defer invalid.Release()
	r := rand.New(rand.NewPCG(1, 1))
	schema := ir.ArrowSchema(testTable.Columns)
	noCR = true
	random := randomBatch(r, schema, 5000)
	noCR = false
	defer random.Release()
	slice := random.NewSlice(1000, 3500)
	defer slice.Release()
	batches := []arrow.RecordBatch{rec, invalid, random, slice}
	want := render(t, batches...)
	dir := t.TempDir()
	for ext, format := range outputExts {
		for _, compression := range compressions[format] {
			p := filepath.Join(dir, "out_"+compression+ext)
			f, err := os.Create(p)
			if err != nil {
				t.Fatal(err)
			}
			// Through a writer that can neither seek nor be closed.
			out, err := NewOutput(struct{ io.Writer }{f}, format, schema, OutputOptions{Threads: 2, Compression: compression})
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range batches {
				if err := out.Write(b); err != nil {
					t.Fatal(err)
				}
			}
			if err := out.Close(); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			for _, bs := range []int{7, 4096} {
				got, err := readAll(t, p, testTable, bs)
				if err != nil {
					t.Fatalf("%s: %v", filepath.Base(p), err)
				}
				if s := render(t, got...); s != want {
					t.Errorf("%s: rows read back differ:\n%s", filepath.Base(p), firstLines(s, want))
				}
				for _, b := range got {
					b.Release()
				}
			}
		}
	}
}

// firstLines shows the first line where got and want differ.
func firstLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d: got  %s\nline %d: want %s", i+1, g[i], i+1, w[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(g), len(w))
}

// TestOutputEmpty: no batches at all still make a file that reads back as no
// rows.
func TestOutputEmpty(t *testing.T) {
	schema := ir.ArrowSchema(testTable.Columns)
	dir := t.TempDir()
	for ext, format := range outputExts {
		p := filepath.Join(dir, "empty"+ext)
		if err := os.WriteFile(p, writeOutput(t, format, schema, OutputOptions{}), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readAll(t, p, testTable, 10)
		if err != nil || len(got) != 0 && got[0].NumRows() != 0 {
			t.Errorf("%s: %d batches, %v", ext, len(got), err)
		}
	}
}

// TestParquetOutput: Parquet keeps the column types and nullability and makes
// row groups of parquetRowGroup rows out of many small batches.
func TestParquetOutput(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	sch := ir.ArrowSchema(testTable.Columns)
	defer func(n int64) { parquetRowGroup = n }(parquetRowGroup)
	parquetRowGroup = 10000
	var batches []arrow.RecordBatch
	rows := 0
	for range 40 {
		n := 1 + r.IntN(3000)
		batches = append(batches, randomBatch(r, sch, n))
		rows += n
	}
	defer func() {
		for _, b := range batches {
			b.Release()
		}
	}()
	data := writeOutput(t, "parquet", sch, OutputOptions{Threads: 2}, batches...)
	pf, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	if got, want := pf.NumRowGroups(), (rows+int(parquetRowGroup)-1)/int(parquetRowGroup); got != want {
		t.Errorf("%d row groups of %d rows, want %d", got, rows, want)
	}
	for i := 0; i < pf.NumRowGroups()-1; i++ {
		if n := pf.MetaData().RowGroup(i).NumRows(); n != parquetRowGroup {
			t.Errorf("row group %d has %d rows", i, n)
		}
	}
	cc, err := pf.MetaData().RowGroup(0).ColumnChunk(0)
	if err != nil {
		t.Fatal(err)
	}
	if cc.Compression().String() != "SNAPPY" {
		t.Errorf("compression %s", cc.Compression())
	}
	root := pf.MetaData().Schema.Root()
	for i, c := range testTable.Columns {
		n := root.Field(i)
		wantRep := parquet.Repetitions.Optional
		if !c.Nullable {
			wantRep = parquet.Repetitions.Required
		}
		if n.Name() != c.Name || n.RepetitionType() != wantRep {
			t.Errorf("column %d: %s %s, want %s %s", i, n.Name(), n.RepetitionType(), c.Name, wantRep)
		}
		var want schema.LogicalType
		switch c.Type.Kind {
		case ir.KindVarchar:
			want = schema.StringLogicalType{}
		case ir.KindDate:
			want = schema.DateLogicalType{}
		case ir.KindMap:
			want = schema.MapLogicalType{}
		default:
			continue
		}
		if !n.LogicalType().Equals(want) {
			t.Errorf("column %s: logical type %s, want %s", c.Name, n.LogicalType(), want)
		}
	}
}

func TestOutputFormatOf(t *testing.T) {
	for path, want := range map[string]string{
		"a.csv": "csv", "A.CSV": "csv", "x/y.jsonl": "jsonl", "b.ndjson": "jsonl", "c.parquet": "parquet",
		"d.arrow": "arrow", "d.feather": "arrow", "d.ipc": "arrow", "e.arrows": "arrows", "f": "", "g.txt": "", "": "",
	} {
		got, ok := OutputFormat(path)
		if got != want || ok != (want != "") {
			t.Errorf("OutputFormat(%q) = %q, %v", path, got, ok)
		}
	}
	for _, c := range []struct{ format, compression, want string }{
		{"csv", "", ""}, {"csv", "none", ""}, {"parquet", "zstd", ""}, {"arrows", "lz4", ""},
		{"xml", "", `unknown output format "xml" (want jsonl, csv, parquet, arrow or arrows)`},
		{"jsonl", "gzip", `format jsonl takes no compression, got "gzip"`},
		{"parquet", "lz4", `unknown compression "lz4" for format parquet (want snappy, zstd, gzip or none)`},
		{"arrow", "snappy", `unknown compression "snappy" for format arrow (want none, lz4 or zstd)`},
	} {
		err := CheckOutput(c.format, c.compression)
		if got := fmt.Sprint(err); c.want == "" && err != nil || c.want != "" && got != c.want {
			t.Errorf("CheckOutput(%q, %q) = %v, want %q", c.format, c.compression, err, c.want)
		}
	}
}

// TestOutputNotNull: a columnar format rejects a NULL in a NOT NULL column.
func TestOutputNotNull(t *testing.T) {
	s := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}}, nil)
	b := array.NewInt64Builder(memory.DefaultAllocator)
	b.AppendNull()
	arr := b.NewArray()
	rec := array.NewRecordBatch(s, []arrow.Array{arr}, 1)
	defer rec.Release()
	out, err := NewOutput(io.Discard, "parquet", s, OutputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := out.Write(rec); err == nil || err.Error() != `fileio: column "a" is NOT NULL but has a NULL` {
		t.Errorf("got %v", err)
	}
	out.Close()
}

// readParquet reads a whole Parquet file with pqarrow.
func readParquet(t *testing.T, data []byte) arrow.Table {
	t.Helper()
	pf, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// TestParquetArrowTypes: every Arrow type the text writers take, maps of
// maps too (which go through pqarrow's FileWriter), reads back from Parquet as
// written, with any number of threads and row groups that split batches.
func TestParquetArrowTypes(t *testing.T) {
	defer func(n int64) { parquetRowGroup = n }(parquetRowGroup)
	parquetRowGroup = 700
	r := rand.New(rand.NewPCG(4, 4))
	b := randomBatch(r, randomSchema, 3000)
	defer b.Release()
	for _, cols := range [][]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18}, // no null type, no map of maps
		{4, 11, 19}, // a map of maps
		{4, 14},
	} {
		b.Retain()
		p, schema := project(b, cols...)
		var batches []arrow.RecordBatch
		for lo := int64(0); lo < p.NumRows(); lo += 450 {
			batches = append(batches, p.NewSlice(lo, min(lo+450, p.NumRows())))
		}
		var first []byte
		for _, threads := range []int{1, 3} {
			data := writeOutput(t, "parquet", schema, OutputOptions{Threads: threads}, batches...)
			if first == nil {
				first = data
			} else if !bytes.Equal(data, first) {
				t.Errorf("columns %v: %d threads give other bytes than 1", cols, threads)
			}
			tbl := readParquet(t, data)
			if tbl.NumRows() != p.NumRows() {
				t.Fatalf("%d rows, want %d", tbl.NumRows(), p.NumRows())
			}
			// Compared as JSON lines (NaN equals NaN; a large_string column
			// reads back as string).
			tr := array.NewTableReader(tbl, 1000)
			var got []arrow.RecordBatch
			for tr.Next() {
				rec := tr.RecordBatch()
				rec.Retain()
				got = append(got, rec)
			}
			tr.Release()
			want := writeOutput(t, "jsonl", schema, OutputOptions{}, p)
			if g := writeOutput(t, "jsonl", tbl.Schema(), OutputOptions{}, got...); !bytes.Equal(g, want) {
				t.Errorf("columns %v, %d threads: rows read back differ:\n%s", cols, threads, firstLines(string(g), string(want)))
			}
			for _, rec := range got {
				rec.Release()
			}
			tbl.Release()
		}
		for _, s := range batches {
			s.Release()
		}
		p.Release()
	}
}
