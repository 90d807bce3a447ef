package fileio

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// readSkipping reads path as table with the columns named in skip not decoded.
func readSkipping(t *testing.T, path string, table *ir.Table, batchSize int, skip ...string) ([]arrow.RecordBatch, error) {
	t.Helper()
	opts := Options{BatchSize: batchSize, Skip: make([]bool, len(table.Columns))}
	for i, c := range table.Columns {
		for _, s := range skip {
			opts.Skip[i] = opts.Skip[i] || c.Name == s
		}
	}
	in, err := OpenInput(path, ir.ArrowSchema(table.Columns), opts)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	var out []arrow.RecordBatch
	for {
		b, err := in.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, b)
	}
}

// TestSkipColumns checks Options.Skip on every format: a skipped nullable
// column is all NULL, a skipped NOT NULL column holds zero values, the other
// columns are read as without Skip, and a bad value in a skipped column is not
// an error.
func TestSkipColumns(t *testing.T) {
	rec := buildBatch(t, testTable, testRows)
	defer rec.Release()
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	// The rows with every column but d (DOUBLE) and day (DATE) skipped: b, i,
	// s, m and dec NULL, and n (NOT NULL) zero.
	var keepRows [][]any
	for _, r := range testRows {
		keepRows = append(keepRows, []any{nil, nil, int64(0), r[3], nil, r[5], nil, nil})
	}
	keep := buildBatch(t, testTable, keepRows)
	defer keep.Release()
	want := render(t, keep)
	for _, p := range fixtures(t, rec) {
		for _, bs := range []int{1, 4, 1000} {
			batches, err := readSkipping(t, p, testTable, bs, "b", "i", "n", "s", "m", "dec")
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if got := render(t, batches...); got != want {
				t.Errorf("%s (batch size %d): got\n%s\nwant\n%s", filepath.Base(p), bs, got, want)
			}
			for _, b := range batches {
				if !b.Schema().Equal(ir.ArrowSchema(testTable.Columns)) {
					t.Errorf("%s: schema %s", filepath.Base(p), b.Schema())
				}
				b.Release()
			}
		}
		// Every column skipped: only the row count is read.
		batches, err := readSkipping(t, p, testTable, 4, "b", "i", "n", "d", "s", "day", "m")
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		rows := int64(0)
		for _, b := range batches {
			rows += b.NumRows()
			b.Release()
		}
		if rows != int64(len(testRows)) {
			t.Errorf("%s, every column skipped: %d rows, want %d", filepath.Base(p), rows, len(testRows))
		}
	}

	// A value that would be an error is not one in a skipped column, but a
	// column the file lacks still is.
	tbl := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "a", Type: ir.TypeBigint},
		{Name: "i", Type: ir.TypeInt, Nullable: true},
	}}
	rb := array.NewRecordBuilder(memory.DefaultAllocator, arrow.NewSchema([]arrow.Field{
		{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "i", Type: arrow.PrimitiveTypes.Int64},
	}, nil))
	rb.Field(0).(*array.Int64Builder).AppendValues([]int64{1, 0}, []bool{true, false})
	rb.Field(1).(*array.Int64Builder).AppendValues([]int64{1, 1 << 40}, nil)
	bad := rb.NewRecordBatch()
	rb.Release()
	defer bad.Release()
	dir := t.TempDir()
	for _, name := range []string{"bad.parquet", "bad.arrow"} {
		p := filepath.Join(dir, name)
		if strings.HasSuffix(name, ".parquet") {
			writeParquet(t, p, bad, 2)
		} else {
			writeIPC(t, p, false, bad)
		}
		if _, err := readSkipping(t, p, tbl, 10); err == nil {
			t.Errorf("%s: no error without Skip", name)
		}
		batches, err := readSkipping(t, p, tbl, 10, "a", "i")
		if err != nil {
			t.Errorf("%s, skipped: %v", name, err)
		}
		for _, b := range batches {
			b.Release()
		}
	}
	missing := &ir.Table{Name: "t", Columns: append(tbl.Columns[:2:2], ir.Column{Name: "z", Type: ir.TypeBigint, Nullable: true})}
	if _, err := readSkipping(t, filepath.Join(dir, "bad.arrow"), missing, 10, "z"); err == nil || !strings.Contains(err.Error(), `missing column "z"`) {
		t.Errorf("a skipped column the file lacks: %v", err)
	}
}
