package fileio

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

var testTable = &ir.Table{Name: "t", Columns: []ir.Column{
	{Name: "b", Type: ir.TypeBoolean, Nullable: true},
	{Name: "i", Type: ir.TypeInt, Nullable: true},
	{Name: "n", Type: ir.TypeBigint},
	{Name: "d", Type: ir.TypeDouble, Nullable: true},
	{Name: "s", Type: ir.TypeVarchar, Nullable: true},
	{Name: "day", Type: ir.TypeDate, Nullable: true},
	{Name: "m", Type: ir.MapOf(ir.TypeVarchar, ir.TypeBigint), Nullable: true},
	{Name: "dec", Type: ir.DecimalOf(38, 6), Nullable: true},
}}

// dec is a DECIMAL(38,6) value from its text.
func dec(s string) any {
	v, err := rt.CastStringToDecimal(s, 6, 38)
	if err != nil {
		panic(s)
	}
	return v
}

func day(s string) any {
	d, ok := rt.ParseDate(s)
	if !ok {
		panic(s)
	}
	return date(d)
}

func mapv(kv ...any) any {
	m := &mapValue{}
	for i := 0; i < len(kv); i += 2 {
		m.Keys = append(m.Keys, kv[i])
		m.Values = append(m.Values, kv[i+1])
	}
	return m
}

var testRows = [][]any{
	{true, int32(1), int64(math.MaxInt64), 1.5, "héllo, \"world\"\nline2", day("1969-12-31"), mapv("a", int64(1), "b", nil), dec("1.5")},
	{nil, nil, int64(math.MinInt64), nil, nil, nil, nil, nil},
	{false, int32(math.MinInt32), int64(0), math.NaN(), "", day("0001-01-01"), mapv(), dec("-0.000001")},
	{true, int32(math.MaxInt32), int64(-1), math.Inf(1), "日本語 😀\ttab", day("1900-02-28"), mapv("k,\"q\"", int64(-5), "é", int64(math.MinInt64)), dec("99999999999999999999999999999999.999999")},
	{false, int32(0), int64(42), math.Inf(-1), " lead", day("2024-02-29"), mapv("", int64(7)), dec("-99999999999999999999999999999999.999999")},
	{nil, int32(-7), int64(7), math.Copysign(0, -1), "NULL", day("1970-01-01"), nil, dec("0")},
	{true, int32(3), int64(3), 1e7, "x", day("9999-12-31"), mapv("z", nil), dec("12345678901234.5")},
	{true, int32(4), int64(4), 1.2345e-300, "\"", day("1583-10-15"), mapv("1", int64(1)), dec("-7")},
	{false, int32(5), int64(5), -0.1, ",", day("2000-03-01"), mapv("a", int64(2)), nil},
}

func buildBatch(t testing.TB, table *ir.Table, rows [][]any) arrow.RecordBatch {
	t.Helper()
	schema := ir.ArrowSchema(table.Columns)
	tt, err := tableOf(schema)
	if err != nil {
		t.Fatal(err)
	}
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer rb.Release()
	for _, row := range rows {
		for i, c := range tt.Columns {
			appendValue(rb.Field(i), c.Type, row[i])
		}
	}
	return rb.NewRecordBatch()
}

// render prints batches as JSON lines, the exact comparison used by the tests
// (NaN, -0.0 and every double round-trip through ir.FormatDouble).
func render(t testing.TB, batches ...arrow.RecordBatch) string {
	t.Helper()
	var buf bytes.Buffer
	out, err := NewOutput(&buf, "jsonl", batches[0].Schema(), OutputOptions{})
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
	return buf.String()
}

func writeText(t testing.TB, path, format string, rec arrow.RecordBatch) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	out, err := NewOutput(f, format, rec.Schema(), OutputOptions{})
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
}

func writeParquet(t testing.TB, path string, rec arrow.RecordBatch, rowGroup int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	props := parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(rowGroup))
	w, err := pqarrow.NewFileWriter(rec.Schema(), f, props, pqarrow.DefaultWriterProps())
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

func writeIPC(t testing.TB, path string, stream bool, recs ...arrow.RecordBatch) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if stream {
		w := ipc.NewWriter(f, ipc.WithSchema(recs[0].Schema()))
		for _, r := range recs {
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	w, err := ipc.NewFileWriter(f, ipc.WithSchema(recs[0].Schema()))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func readAll(t testing.TB, path string, table *ir.Table, batchSize int) ([]arrow.RecordBatch, error) {
	t.Helper()
	in, err := OpenInput(path, ir.ArrowSchema(table.Columns), Options{BatchSize: batchSize})
	if err != nil {
		return nil, err
	}
	defer in.Close()
	var out []arrow.RecordBatch
	want := ir.ArrowSchema(table.Columns)
	for {
		b, err := in.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if !b.Schema().Equal(want) {
			t.Fatalf("%s: batch schema\n%s\nwant\n%s", path, b.Schema(), want)
		}
		if b.NumRows() > int64(batchSize) {
			t.Fatalf("%s: batch of %d rows, batch size %d", path, b.NumRows(), batchSize)
		}
		out = append(out, b)
	}
}

func fixtures(t *testing.T, rec arrow.RecordBatch) []string {
	dir := t.TempDir()
	paths := []string{
		filepath.Join(dir, "t.jsonl"), filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.parquet"),
		filepath.Join(dir, "t.arrow"), filepath.Join(dir, "t_stream.ipc"),
	}
	writeText(t, paths[0], "jsonl", rec)
	writeText(t, paths[1], "csv", rec)
	writeParquet(t, paths[2], rec, 4)
	writeIPC(t, paths[3], false, rec)
	writeIPC(t, paths[4], true, rec)
	return paths
}

// readsBack reads each file of paths as table in batches of 1, 4 and 1000
// rows and checks that every read renders as want.
func readsBack(t *testing.T, paths []string, table *ir.Table, want string) {
	t.Helper()
	for _, p := range paths {
		for _, bs := range []int{1, 4, 1000} {
			batches, err := readAll(t, p, table, bs)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if got := render(t, batches...); got != want {
				t.Errorf("%s (batch size %d): got\n%s\nwant\n%s", filepath.Base(p), bs, got, want)
			}
			for _, b := range batches {
				b.Release()
			}
		}
	}
}

func TestRoundTripAllFormats(t *testing.T) {
	rec := buildBatch(t, testTable, testRows)
	defer rec.Release()
	want := render(t, rec)
	readsBack(t, fixtures(t, rec), testTable, want)
}

func TestBatchCount(t *testing.T) {
	const bs = 7
	rows := make([][]any, 10*bs)
	for i := range rows {
		rows[i] = []any{i%2 == 0, int32(i), int64(i) * 1000, float64(i) / 3, strings.Repeat("x", i%5), date(i * 100), mapv("k", int64(i)), rt.DecimalFromInt64(int64(i) * 12345)}
	}
	rec := buildBatch(t, testTable, rows)
	defer rec.Release()
	want := render(t, rec)
	for _, p := range fixtures(t, rec) {
		batches, err := readAll(t, p, testTable, bs)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(batches) != 10 {
			t.Errorf("%s: %d batches, want 10", filepath.Base(p), len(batches))
		}
		for _, b := range batches {
			if b.NumRows() != bs {
				t.Errorf("%s: batch of %d rows, want %d", filepath.Base(p), b.NumRows(), bs)
			}
		}
		if got := render(t, batches...); got != want {
			t.Errorf("%s: contents differ", filepath.Base(p))
		}
	}
}

// TestColumnMatching: file columns in another order, extra columns, a column
// named in another case.
func TestColumnMatching(t *testing.T) {
	table := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "a", Type: ir.TypeBigint},
		{Name: "b", Type: ir.TypeVarchar, Nullable: true},
	}}
	dir := t.TempDir()
	files := map[string]string{
		"x.csv":   "extra,B,a\n1,hello,10\n2,,20\n",
		"x.jsonl": `{"extra":[1,{"z":2}],"B":"hello","a":10}` + "\n\n" + `{"a":20}` + "\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		batches, err := readAll(t, p, table, 100)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := render(t, batches...)
		want := `{"a":10,"b":"hello"}` + "\n" + `{"a":20,"b":null}` + "\n"
		if got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
		}
	}
}

// TestWidening: Parquet and IPC columns of narrower or different physical types
// that convert losslessly.
func TestWidening(t *testing.T) {
	fileSchema := arrow.NewSchema([]arrow.Field{
		{Name: "i", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "n", Type: arrow.PrimitiveTypes.Int16},
		{Name: "d", Type: arrow.PrimitiveTypes.Float32, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.LargeString, Nullable: true},
		{Name: "day", Type: arrow.FixedWidthTypes.Date64, Nullable: true},
	}, nil)
	table := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "i", Type: ir.TypeInt, Nullable: true},
		{Name: "n", Type: ir.TypeBigint},
		{Name: "d", Type: ir.TypeDouble, Nullable: true},
		{Name: "s", Type: ir.TypeVarchar, Nullable: true},
		{Name: "day", Type: ir.TypeDate, Nullable: true},
	}}
	rb := array.NewRecordBuilder(memory.DefaultAllocator, fileSchema)
	defer rb.Release()
	rb.Field(0).(*array.Int64Builder).AppendValues([]int64{1, math.MaxInt32}, []bool{true, true})
	rb.Field(1).(*array.Int16Builder).AppendValues([]int16{-3, 4}, nil)
	rb.Field(2).(*array.Float32Builder).AppendValues([]float32{0.5, 0}, []bool{true, false})
	rb.Field(3).(*array.LargeStringBuilder).AppendValues([]string{"a", "b"}, nil)
	rb.Field(4).(*array.Date64Builder).AppendValues([]arrow.Date64{-86_400_000, 0}, nil)
	rec := rb.NewRecordBatch()
	defer rec.Release()
	p := filepath.Join(t.TempDir(), "w.arrow")
	writeIPC(t, p, false, rec)
	batches, err := readAll(t, p, table, 10)
	if err != nil {
		t.Fatal(err)
	}
	got := render(t, batches...)
	want := `{"i":1,"n":-3,"d":0.5,"s":"a","day":"1969-12-31"}` + "\n" +
		`{"i":2147483647,"n":4,"d":null,"s":"b","day":"1970-01-01"}` + "\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestBadData(t *testing.T) {
	tbl := &ir.Table{Name: "events", Columns: []ir.Column{
		{Name: "a", Type: ir.TypeBigint},
		{Name: "i", Type: ir.TypeInt, Nullable: true},
		{Name: "b", Type: ir.TypeBoolean, Nullable: true},
		{Name: "day", Type: ir.TypeDate, Nullable: true},
		{Name: "m", Type: ir.MapOf(ir.TypeVarchar, ir.TypeBigint), Nullable: true},
	}}
	cases := []struct{ name, body, want string }{
		{"events.csv", "a,i,b,day,m\n1,2,true,2024-01-01,\n12x,,,,\n", `events.csv: row 1 (line 3): column "a": invalid BIGINT "12x"`},
		{"events.csv", "a,i,b,day,m\n1,,,,\n\n,,,,\n", `events.csv: row 1 (line 4): column "a" is NOT NULL but row 1 is null`},
		{"events.csv", "a,i,b,day,m\n1,3000000000,,,\n", `events.csv: row 0 (line 2): column "i": INT value out of range "3000000000"`},
		{"events.csv", "a,i,b,day,m\n99999999999999999999,,,,\n", `events.csv: row 0 (line 2): column "a": BIGINT value out of range "99999999999999999999"`},
		{"events.csv", "a,i,b,day,m\n1,,yes,,\n", `events.csv: row 0 (line 2): column "b": invalid BOOLEAN "yes"`},
		{"events.csv", "a,i,b,day,m\n1,,,2024-02-30,\n", `events.csv: row 0 (line 2): column "day": invalid DATE "2024-02-30"`},
		{"events.csv", "a,i,b,day,m\n1,,,,\"{\"\"k\"\": 1.5}\"\n", `events.csv: row 0 (line 2): column "m": invalid BIGINT 1.5`},
		{"events.csv", "a,i,b,day,m\n1,,,,{oops}\n", `events.csv: row 0 (line 2): column "m": malformed JSON at byte 2: unexpected 'o', want a string`},
		{"events.csv", "a,i,b,day,m\n1,,,\n", `events.csv: row 0 (line 2): 4 fields, but the header has 5`},
		{"events.csv", "a,i,b,day,m\n1,,,,\n2,\"abc,,,\n", `events.csv: row 1: line 3: quoted field is not closed`},
		{"events.csv", "x,i,b,day,m\n", `events.csv: missing column "a" (header has "x", "i", "b", "day", "m")`},
		{"events.csv", "", `events.csv: empty file, want a header row naming the columns`},
		{"events.jsonl", `{"a": 1}` + "\n" + `{"a": 1.5}`, `events.jsonl: row 1 (line 2): column "a": invalid BIGINT 1.5`},
		{"events.jsonl", `{"a": "12x"}`, `events.jsonl: row 0 (line 1): column "a": invalid BIGINT "12x"`},
		{"events.jsonl", "\n" + `{"a": 9223372036854775808}`, `events.jsonl: row 0 (line 2): column "a": BIGINT value out of range "9223372036854775808"`},
		{"events.jsonl", `{"a": 1}` + "\n" + `{"i": 1}`, `events.jsonl: row 1 (line 2): column "a" is NOT NULL but row 1 is null`},
		{"events.jsonl", `{"a": null}`, `events.jsonl: row 0 (line 1): column "a" is NOT NULL but row 0 is null`},
		{"events.jsonl", `{"a": 1, "b": "yes"}`, `events.jsonl: row 0 (line 1): column "b": invalid BOOLEAN "yes"`},
		{"events.jsonl", `{"a": 1, "b": 1}`, `events.jsonl: row 0 (line 1): column "b": invalid BOOLEAN 1`},
		{"events.jsonl", `{"a": 1, "m": [1]}`, `events.jsonl: row 0 (line 1): column "m": invalid MAP<VARCHAR, BIGINT> [1]`},
		{"events.jsonl", `{"a": 1,}`, `events.jsonl: row 0 (line 1): malformed JSON at byte 9: unexpected '}', want a string`},
		{"events.jsonl", `{"a": 1} x`, `events.jsonl: row 0 (line 1): malformed JSON at byte 10: unexpected 'x', want end of input`},
		{"events.jsonl", `{"a": 1, "a": 2}`, `events.jsonl: row 0 (line 1): column "a" appears more than once`},
		{"prices.csv", "p\n1.5\n1.2.3\n", `prices.csv: row 1 (line 3): column "p": invalid DECIMAL(5,2) "1.2.3"`},
		{"prices.csv", "p\n1000.005\n", `prices.csv: row 0 (line 2): column "p": DECIMAL(5,2) value out of range "1000.005"`},
		{"prices.jsonl", `{"p": 999.995}`, `prices.jsonl: row 0 (line 1): column "p": DECIMAL(5,2) value out of range "999.995"`},
		{"prices.jsonl", `{"p": true}`, `prices.jsonl: row 0 (line 1): column "p": invalid DECIMAL(5,2) true`},
		{"events.txt", ``, `events.txt: unknown data format ".txt" (want .jsonl, .ndjson, .csv, .parquet, .arrow, .arrows, .feather or .ipc)`},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			p := filepath.Join(dir, c.name)
			if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			tb := tbl
			if strings.HasPrefix(c.name, "prices") {
				tb = &ir.Table{Name: "prices", Columns: []ir.Column{{Name: "p", Type: ir.DecimalOf(5, 2), Nullable: true}}}
			}
			_, err := readAll(t, p, tb, 1)
			if err == nil {
				t.Fatal("no error")
			}
			if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestBadColumnar(t *testing.T) {
	tbl := &ir.Table{Name: "events", Columns: []ir.Column{
		{Name: "a", Type: ir.TypeBigint},
		{Name: "i", Type: ir.TypeInt, Nullable: true},
		{Name: "day", Type: ir.TypeDate, Nullable: true},
	}}
	schema := func(dayType arrow.DataType) *arrow.Schema {
		return arrow.NewSchema([]arrow.Field{
			{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
			{Name: "i", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
			{Name: "day", Type: dayType, Nullable: true},
		}, nil)
	}
	mk := func(s *arrow.Schema, a []int64, aValid []bool, i []int64) arrow.RecordBatch {
		rb := array.NewRecordBuilder(memory.DefaultAllocator, s)
		defer rb.Release()
		rb.Field(0).(*array.Int64Builder).AppendValues(a, aValid)
		rb.Field(1).(*array.Int64Builder).AppendValues(i, nil)
		for range a {
			rb.Field(2).AppendNull()
		}
		return rb.NewRecordBatch()
	}
	dir := t.TempDir()
	good := schema(arrow.FixedWidthTypes.Date32)
	cases := []struct {
		name string
		rec  arrow.RecordBatch
		want string
	}{
		{"input.parquet", mk(schema(arrow.PrimitiveTypes.Int64), []int64{1}, nil, []int64{1}), `input.parquet: column "day" has type int64, want date32 (DATE)`},
		{"null.parquet", mk(good, []int64{1, 2, 0, 4}, []bool{true, true, true, false}, []int64{1, 2, 3, 4}), `null.parquet: column "a" is NOT NULL but row 3 is null`},
		{"range.parquet", mk(good, []int64{1, 2}, nil, []int64{1, 1 << 40}), `range.parquet: row 1: column "i": value 1099511627776 out of range for INT`},
		{"range.arrow", mk(good, []int64{1, 2}, nil, []int64{1, -1 << 40}), `range.arrow: row 1: column "i": value -1099511627776 out of range for INT`},
		{"null.arrow", mk(good, []int64{1, 0}, []bool{true, false}, []int64{1, 2}), `null.arrow: column "a" is NOT NULL but row 1 is null`},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if strings.HasSuffix(p, ".parquet") {
			writeParquet(t, p, c.rec, 2)
		} else {
			writeIPC(t, p, false, c.rec)
		}
		c.rec.Release()
		_, err := readAll(t, p, tbl, 1)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	// A decimal128(5, 2) column whose value has more digits than 5: Arrow
	// holds it, the type does not.
	prices := &ir.Table{Name: "prices", Columns: []ir.Column{{Name: "p", Type: ir.DecimalOf(5, 2), Nullable: true}}}
	ps := arrow.NewSchema([]arrow.Field{{Name: "p", Type: &arrow.Decimal128Type{Precision: 5, Scale: 2}, Nullable: true}}, nil)
	for _, name := range []string{"wide.parquet", "wide.arrow"} {
		rb := array.NewRecordBuilder(memory.DefaultAllocator, ps)
		db := rb.Field(0).(*array.Decimal128Builder)
		db.Append(decimal128.FromI64(99999))
		db.AppendNull()
		db.Append(decimal128.FromI64(-100000))
		rec := rb.NewRecordBatch()
		rb.Release()
		p := filepath.Join(dir, name)
		if strings.HasSuffix(p, ".parquet") {
			writeParquet(t, p, rec, 2)
		} else {
			writeIPC(t, p, false, rec)
		}
		rec.Release()
		_, err := readAll(t, p, prices, 1)
		want := name + `: row 2: column "p": value -1000.00 has more digits than DECIMAL(5,2) holds`
		if err == nil || strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)) != want {
			t.Errorf("got %v, want %s", err, want)
		}
	}
	// The same in a MAP<VARCHAR, DECIMAL(5,2)>: the error names the row.
	mt := arrow.MapOf(arrow.BinaryTypes.String, &arrow.Decimal128Type{Precision: 5, Scale: 2})
	ms := arrow.NewSchema([]arrow.Field{{Name: "p", Type: mt, Nullable: true}}, nil)
	mb := array.NewRecordBuilder(memory.DefaultAllocator, ms)
	m := mb.Field(0).(*array.MapBuilder)
	for _, vals := range [][]int64{{1, 2}, nil, {3, 123456}} {
		if vals == nil {
			m.AppendNull()
			continue
		}
		m.Append(true)
		for i, v := range vals {
			m.KeyBuilder().(*array.StringBuilder).Append("k" + strconv.Itoa(i))
			m.ItemBuilder().(*array.Decimal128Builder).Append(decimal128.FromI64(v))
		}
	}
	mrec := mb.NewRecordBatch()
	mb.Release()
	mp := filepath.Join(dir, "wide_map.arrow")
	writeIPC(t, mp, false, mrec)
	mrec.Release()
	mtbl := &ir.Table{Name: "prices", Columns: []ir.Column{{Name: "p", Type: ir.MapOf(ir.TypeVarchar, ir.DecimalOf(5, 2)), Nullable: true}}}
	_, err := readAll(t, mp, mtbl, 1)
	if want := `wide_map.arrow: row 2: column "p": MAP value 1234.56 has more digits than DECIMAL(5,2) holds`; err == nil || strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)) != want {
		t.Errorf("got %v, want %s", err, want)
	}
	// A missing column.
	p := filepath.Join(dir, "missing.arrow")
	rb := array.NewRecordBuilder(memory.DefaultAllocator, arrow.NewSchema([]arrow.Field{{Name: "z", Type: arrow.PrimitiveTypes.Int64}}, nil))
	rb.Field(0).(*array.Int64Builder).Append(1)
	rec := rb.NewRecordBatch()
	writeIPC(t, p, false, rec)
	_, err = readAll(t, p, tbl, 1)
	if want := p + `: missing column "a" (the file has "z")`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestOutputFormats(t *testing.T) {
	rec := buildBatch(t, testTable, testRows[:4])
	defer rec.Release()
	var js, cs bytes.Buffer
	for format, buf := range map[string]*bytes.Buffer{"jsonl": &js, "csv": &cs} {
		out, err := NewOutput(buf, format, rec.Schema(), OutputOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := out.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	wantJSON := `{"b":true,"i":1,"n":9223372036854775807,"d":1.5,"s":"héllo, \"world\"\nline2","day":"1969-12-31","m":{"a":1,"b":null},"dec":1.500000}
{"b":null,"i":null,"n":-9223372036854775808,"d":null,"s":null,"day":null,"m":null,"dec":null}
{"b":false,"i":-2147483648,"n":0,"d":"NaN","s":"","day":"0001-01-01","m":{},"dec":-0.000001}
{"b":true,"i":2147483647,"n":-1,"d":"Infinity","s":"日本語 😀\ttab","day":"1900-02-28","m":{"k,\"q\"":-5,"é":-9223372036854775808},"dec":99999999999999999999999999999999.999999}
`
	if js.String() != wantJSON {
		t.Errorf("jsonl: got\n%s\nwant\n%s", js.String(), wantJSON)
	}
	wantCSV := `b,i,n,d,s,day,m,dec
true,1,9223372036854775807,1.5,"héllo, ""world""
line2",1969-12-31,"{""a"":1,""b"":null}",1.500000
,,-9223372036854775808,,,,,
false,-2147483648,0,NaN,"",0001-01-01,{},-0.000001
true,2147483647,-1,Infinity,日本語 😀	tab,1900-02-28,"{""k,\""q\"""":-5,""é"":-9223372036854775808}",99999999999999999999999999999999.999999
`
	if cs.String() != wantCSV {
		t.Errorf("csv: got\n%s\nwant\n%s", cs.String(), wantCSV)
	}
	// Invalid UTF-8 and control characters.
	s := arrow.NewSchema([]arrow.Field{{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true}}, nil)
	b := array.NewStringBuilder(memory.DefaultAllocator)
	b.Append("a\xffb\x01")
	arr := b.NewArray()
	r := array.NewRecordBatch(s, []arrow.Array{arr}, 1)
	var buf bytes.Buffer
	out, _ := NewOutput(&buf, "jsonl", s, OutputOptions{})
	if err := out.Write(r); err != nil {
		t.Fatal(err)
	}
	out.Close()
	if want := "{\"s\":\"a\uFFFDb\\u0001\"}\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
	if _, err := NewOutput(&buf, "xml", s, OutputOptions{}); err == nil || err.Error() != `unknown output format "xml" (want jsonl, csv, parquet, arrow or arrows)` {
		t.Errorf("bad format: %v", err)
	}
}

func TestNoLeaks(t *testing.T) {
	rec := buildBatch(t, testTable, testRows)
	defer rec.Release()
	for _, p := range fixtures(t, rec) {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		in, err := OpenInput(p, ir.ArrowSchema(testTable.Columns), Options{BatchSize: 4, Mem: mem})
		if err != nil {
			t.Fatal(err)
		}
		for {
			b, err := in.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			b.Release()
		}
		if err := in.Close(); err != nil {
			t.Fatal(err)
		}
		mem.AssertSize(t, 0)
	}
}

func TestEmptyInputs(t *testing.T) {
	rec := buildBatch(t, testTable, nil)
	defer rec.Release()
	paths := fixtures(t, rec)
	dir := filepath.Dir(paths[0])
	blank := filepath.Join(dir, "blank.jsonl")
	os.WriteFile(blank, []byte("\n\n"), 0o644)
	for _, p := range append(paths, blank) {
		batches, err := readAll(t, p, testTable, 5)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(p), err)
		}
		rows := int64(0)
		for _, b := range batches {
			rows += b.NumRows()
		}
		if rows != 0 {
			t.Errorf("%s: %d rows", filepath.Base(p), rows)
		}
	}
}
