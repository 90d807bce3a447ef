package fileio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// binTable has a BINARY column beside a VARCHAR one.
var binTable = &ir.Table{Name: "bin", Columns: []ir.Column{
	{Name: "b", Type: ir.TypeBinary, Nullable: true},
	{Name: "s", Type: ir.TypeVarchar, Nullable: true},
}}

var binRows = [][]any{
	{"\x00\xff\x80", "a"},
	{"", "empty bytes"},
	{nil, nil},
	{"Spark SQL", "x"},
	{"\xfe", "y"},
}

// TestBinaryRoundTrip writes a BINARY column in every format and reads it
// back as the same bytes: Parquet and IPC as Arrow binary, CSV and JSON as
// standard padded base64 text (Spark's JSON spelling of BinaryType).
func TestBinaryRoundTrip(t *testing.T) {
	rows := binRows
	rec := buildBatch(t, binTable, rows)
	defer rec.Release()
	want := render(t, rec)
	if !strings.Contains(want, `"b":"AP+A"`) || !strings.Contains(want, `"b":"U3BhcmsgU1FM"`) {
		t.Fatalf("BINARY not written as base64:\n%s", want)
	}
	readsBack(t, fixtures(t, rec), binTable, want)
}

// TestBinaryCSV reads back BINARY written as CSV (base64 fields): the empty
// value is written "" and read back empty, as VARCHAR's, while NULL is an
// empty unquoted field.
func TestBinaryCSV(t *testing.T) {
	rec := buildBatch(t, binTable, binRows)
	defer rec.Release()
	p := filepath.Join(t.TempDir(), "t.csv")
	writeText(t, p, "csv", rec)
	if text, err := os.ReadFile(p); err != nil || !strings.Contains(string(text), "\n\"\",empty bytes\n") {
		t.Errorf("the empty BINARY is not written \"\": %q %v", text, err)
	}
	batches, err := readAll(t, p, binTable, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"b\":\"AP+A\",\"s\":\"a\"}\n{\"b\":\"\",\"s\":\"empty bytes\"}\n{\"b\":null,\"s\":null}\n" +
		"{\"b\":\"U3BhcmsgU1FM\",\"s\":\"x\"}\n{\"b\":\"/g==\",\"s\":\"y\"}\n"
	if got := render(t, batches...); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, b := range batches {
		b.Release()
	}
	bad := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(bad, []byte("b,s\n@@,x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(t, bad, binTable, 2); err == nil || !strings.Contains(err.Error(), "base64") {
		t.Errorf("invalid base64 read without the error naming it: %v", err)
	}
}

// TestBinaryFromOtherArrowTypes reads large_binary and fixed_size_binary
// Parquet columns as a declared BINARY, and refuses a utf8 one.
func TestBinaryFromOtherArrowTypes(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, dt arrow.DataType, fill func(array.Builder)) string {
		schema := arrow.NewSchema([]arrow.Field{{Name: "b", Type: dt, Nullable: true}}, nil)
		rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
		defer rb.Release()
		fill(rb.Field(0))
		rec := rb.NewRecordBatch()
		defer rec.Release()
		p := filepath.Join(dir, name)
		writeParquet(t, p, rec, 10)
		return p
	}
	one := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "b", Type: ir.TypeBinary, Nullable: true}}}
	for _, p := range []string{
		write("large.parquet", arrow.BinaryTypes.LargeBinary, func(b array.Builder) {
			b.(*array.BinaryBuilder).AppendValues([][]byte{{1, 2}, {0xff, 0}}, nil)
		}),
		write("fixed.parquet", &arrow.FixedSizeBinaryType{ByteWidth: 2}, func(b array.Builder) {
			b.(*array.FixedSizeBinaryBuilder).AppendValues([][]byte{{1, 2}, {0xff, 0}}, nil)
		}),
	} {
		batches, err := readAll(t, p, one, 10)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got, want := render(t, batches...), "{\"b\":\"AQI=\"}\n{\"b\":\"/wA=\"}\n"; got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", filepath.Base(p), got, want)
		}
		for _, b := range batches {
			b.Release()
		}
	}
	str := write("str.parquet", arrow.BinaryTypes.String, func(b array.Builder) {
		b.(*array.StringBuilder).Append("x")
	})
	if _, err := readAll(t, str, one, 10); err == nil {
		t.Errorf("a utf8 column read as BINARY")
	}
}
