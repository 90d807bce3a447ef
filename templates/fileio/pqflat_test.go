package fileio

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/ir"
)

// flatTable has a column of every type the flat Parquet reader decodes,
// required and optional, and one that is NULL on every row.
var flatTable = &ir.Table{Name: "t", Columns: []ir.Column{
	{Name: "b", Type: ir.TypeBoolean, Nullable: true},
	{Name: "i", Type: ir.TypeInt, Nullable: true},
	{Name: "n", Type: ir.TypeBigint},
	{Name: "d", Type: ir.TypeDouble, Nullable: true},
	{Name: "s", Type: ir.TypeVarchar, Nullable: true},
	{Name: "r", Type: ir.TypeVarchar},
	{Name: "day", Type: ir.TypeDate, Nullable: true},
	{Name: "none", Type: ir.TypeBigint, Nullable: true},
	{Name: "flag", Type: ir.TypeBoolean},
}}

// flatRows are n random rows of flatTable, a fifth of the nullable values NULL,
// strings from empty to longer than a data page.
func flatRows(n int, seed uint64) [][]any {
	rnd := rand.New(rand.NewPCG(seed, 1))
	null := func(v any) any {
		if rnd.IntN(5) == 0 {
			return nil
		}
		return v
	}
	str := func() string {
		switch rnd.IntN(10) {
		case 0:
			return ""
		case 1:
			return strings.Repeat("long é ", 100+rnd.IntN(200))
		}
		return []string{"A", "N", "R", "F", "O", "héllo", "日本"}[rnd.IntN(7)] + strings.Repeat("x", rnd.IntN(4))
	}
	rows := make([][]any, n)
	for k := range rows {
		rows[k] = []any{
			null(rnd.IntN(2) == 0), null(int32(rnd.Uint32())), int64(rnd.Uint64()), null(rnd.NormFloat64() * 1e6),
			null(str()), str(), null(date(rnd.IntN(40000) - 10000)), nil, rnd.IntN(3) == 0,
		}
	}
	return rows
}

// writeParquetProps writes rec as a Parquet file with the writer properties
// given.
func writeParquetProps(t testing.TB, path string, rec arrow.RecordBatch, opts ...parquet.WriterProperty) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(rec.Schema(), f, parquet.NewWriterProperties(opts...), pqarrow.DefaultWriterProps())
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

// readParquetFlat reads a Parquet file with the flat reader on or off, failing
// when the reader used is not the one asked for.
func readParquetFlat(t *testing.T, path string, table *ir.Table, flat bool, opts Options) ([]arrow.RecordBatch, error) {
	t.Helper()
	defer func(old bool) { flatParquet = old }(flatParquet)
	flatParquet = flat
	in, err := OpenInput(path, ir.ArrowSchema(table.Columns), opts)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	fr := in.(*batchInput).flat
	if got := fr != nil; got != flat {
		t.Fatalf("%s: flat reader used %v, want %v", path, got, flat)
	}
	defer func() {
		if fr == nil {
			return
		}
		// Every chunk but the BOOLEAN and delta-encoded ones was read by the
		// page decoder (the last row group's, at least).
		if fr.rowGroup == 0 {
			return
		}
		for _, c := range fr.cols {
			delta := strings.Contains(path, "delta") && (c.name == "n" || c.name == "s")
			want := c.phys != parquet.Types.Boolean && c.phys != parquet.Types.Int96 && !delta
			if got := c.pages != nil; got != want {
				t.Errorf("%s: column %q read by the page decoder %v, want %v", path, c.name, got, want)
			}
		}
	}()
	var out []arrow.RecordBatch
	for {
		b, err := in.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if b.NumRows() > int64(opts.BatchSize) {
			t.Fatalf("%s: batch of %d rows, batch size %d", path, b.NumRows(), opts.BatchSize)
		}
		out = append(out, b)
	}
}

// TestFlatParquet reads files of flat columns, written with and without
// dictionaries, with small pages (many per column chunk), several row groups
// and both data page versions, at several batch sizes and thread counts: the
// flat reader gives the rows written, as pqarrow's reader does.
func TestFlatParquet(t *testing.T) {
	rec := buildBatch(t, flatTable, flatRows(1000, 7))
	defer rec.Release()
	want := render(t, rec)
	dir := t.TempDir()
	layouts := map[string][]parquet.WriterProperty{
		"dict":    {parquet.WithMaxRowGroupLength(1000)},
		"plain":   {parquet.WithDictionaryDefault(false), parquet.WithDataPageSize(512), parquet.WithMaxRowGroupLength(97)},
		"v2":      {parquet.WithDataPageVersion(parquet.DataPageV2), parquet.WithDataPageSize(300), parquet.WithMaxRowGroupLength(250)},
		"snappy":  {parquet.WithCompression(compress.Codecs.Snappy), parquet.WithMaxRowGroupLength(333)},
		"onerow":  {parquet.WithMaxRowGroupLength(1)},
		"batched": {parquet.WithDictionaryDefault(false), parquet.WithBatchSize(17), parquet.WithMaxRowGroupLength(512)},
		// A dictionary outgrowing its page limit: the chunk's first pages
		// are dictionary-encoded, the rest plain.
		"fallback": {parquet.WithDictionaryPageSizeLimit(200), parquet.WithDataPageSize(128), parquet.WithBatchSize(10)},
		// Delta encodings, which the page decoder leaves to the typed readers.
		"delta": {parquet.WithDictionaryDefault(false), parquet.WithEncodingFor("n", parquet.Encodings.DeltaBinaryPacked),
			parquet.WithEncodingFor("s", parquet.Encodings.DeltaByteArray), parquet.WithMaxRowGroupLength(300)},
	}
	type read struct {
		flat           bool
		batch, threads int
	}
	reads := []read{{true, 1, 1}, {true, 64, 3}, {true, 4096, 1}, {false, 64, 1}}
	for name, props := range layouts {
		path := filepath.Join(dir, name+".parquet")
		rows, want := rec, want
		if name == "onerow" { // a row group a row: fewer rows keep it quick
			rows = rec.NewSlice(0, 60)
			defer rows.Release()
			want = render(t, rows)
		}
		writeParquetProps(t, path, rows, props...)
		for _, r := range reads {
			batches, err := readParquetFlat(t, path, flatTable, r.flat, Options{BatchSize: r.batch, Threads: r.threads})
			if err != nil {
				t.Fatalf("%s %+v: %v", name, r, err)
			}
			if got := render(t, batches...); got != want {
				t.Errorf("%s %+v: rows differ", name, r)
			}
			for _, b := range batches {
				b.Release()
			}
		}
	}
}

// TestFlatParquetEdges: an empty file, a query reading some columns only, a
// NOT NULL column with a NULL in the file, and a file column of another
// physical type (read by pqarrow, not the flat reader).
func TestFlatParquetEdges(t *testing.T) {
	dir := t.TempDir()
	empty := buildBatch(t, flatTable, nil)
	defer empty.Release()
	p := filepath.Join(dir, "empty.parquet")
	writeParquetProps(t, p, empty)
	batches, err := readParquetFlat(t, p, flatTable, true, Options{BatchSize: 10})
	if err != nil || len(batches) != 0 {
		t.Fatalf("empty file: %d batches, %v", len(batches), err)
	}

	rec := buildBatch(t, flatTable, flatRows(300, 3))
	defer rec.Release()
	p = filepath.Join(dir, "some.parquet")
	writeParquetProps(t, p, rec, parquet.WithMaxRowGroupLength(128))
	skip := make([]bool, len(flatTable.Columns))
	for i := range skip {
		skip[i] = i%2 == 0
	}
	var got [2]string
	for k, flat := range []bool{true, false} {
		batches, err := readParquetFlat(t, p, flatTable, flat, Options{BatchSize: 50, Skip: skip})
		if err != nil {
			t.Fatal(err)
		}
		got[k] = render(t, batches...)
	}
	if got[0] != got[1] {
		t.Errorf("reading some columns: the flat reader and pqarrow differ")
	}

	// Column s holds NULLs; a table that says NOT NULL gets the lowest one.
	strict := &ir.Table{Name: "t", Columns: append([]ir.Column(nil), flatTable.Columns...)}
	strict.Columns[4].Nullable = false
	var msgs [2]string
	for k, flat := range []bool{true, false} {
		_, err := readParquetFlat(t, p, strict, flat, Options{BatchSize: 64, Threads: 2})
		if err == nil {
			t.Fatal("a NULL in a NOT NULL column was read")
		}
		msgs[k] = err.Error()
	}
	if msgs[0] != msgs[1] || !strings.Contains(msgs[0], `column "s" is NOT NULL but row`) {
		t.Errorf("NOT NULL errors: flat %q, pqarrow %q", msgs[0], msgs[1])
	}

	// An INT column stored as INT64 is converted by the general path.
	wide := &ir.Table{Name: "t", Columns: []ir.Column{{Name: "n", Type: ir.TypeInt, Nullable: true}}}
	small := array.NewInt64Builder(memory.DefaultAllocator)
	small.AppendValues([]int64{1, 2, 3}, nil)
	arr := small.NewArray()
	defer arr.Release()
	one := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "n", Type: arrow.PrimitiveTypes.Int64, Nullable: true}}, nil), []arrow.Array{arr}, 3)
	defer one.Release()
	p = filepath.Join(dir, "wide.parquet")
	writeParquetProps(t, p, one)
	in, err := OpenInput(p, ir.ArrowSchema(wide.Columns), Options{BatchSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if in.(*batchInput).flat != nil {
		t.Error("an INT64 file column was given to the flat reader for an INT table column")
	}
	b, err := in.Next()
	if err != nil || render(t, b) != "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n" {
		t.Errorf("INT64 read as INT: %v", err)
	}
}

// TestDamagedParquet reads copies of small Parquet files with a few bytes
// overwritten at random: each gives batches or an error, never a panic
// (arrow-go's reader panics on some damaged headers: the readers recover) or
// a hang.
func TestDamagedParquet(t *testing.T) {
	rec := buildBatch(t, flatTable, flatRows(40, 11))
	defer rec.Release()
	dir := t.TempDir()
	schema := ir.ArrowSchema(flatTable.Columns)
	layouts := map[string][]parquet.WriterProperty{
		"dict":  {parquet.WithCompression(compress.Codecs.Uncompressed)},
		"plain": {parquet.WithDictionaryDefault(false), parquet.WithCompression(compress.Codecs.Uncompressed)},
		"v2":    {parquet.WithDataPageVersion(parquet.DataPageV2), parquet.WithCompression(compress.Codecs.Uncompressed)},
	}
	for name, props := range layouts {
		p := filepath.Join(dir, name+".parquet")
		writeParquetProps(t, p, rec, props...)
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(uint64(len(name)), 9))
		for it := range 400 {
			data := slices.Clone(orig)
			for range 1 + rnd.IntN(3) {
				data[rnd.IntN(len(data))] = byte(rnd.IntN(256))
			}
			q := filepath.Join(dir, "damaged.parquet")
			if err := os.WriteFile(q, data, 0o644); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				in, err := OpenInput(q, schema, Options{BatchSize: 16, Threads: 1 + it%2})
				if err != nil {
					return
				}
				defer in.Close()
				for {
					b, err := in.Next()
					if err != nil {
						return
					}
					b.Release()
				}
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%s: damaged copy %d: no answer in 20 s", name, it)
			}
		}
	}
}
