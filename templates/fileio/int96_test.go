package fileio

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/exprc/exprc/ir"
)

func int96(day int32, nanos int64) parquet.Int96 {
	var v parquet.Int96
	binary.LittleEndian.PutUint64(v[:8], uint64(nanos))
	binary.LittleEndian.PutUint32(v[8:], uint32(day))
	return v
}

// TestInt96Micros checks Spark's fromJulianDay arithmetic by hand-worked
// values: Julian day 2440588 is 1970-01-01, 9999-12-31 is 2932896 days after
// it and 0001-01-01 719162 days before; 106751991 days and 14454775807 µs
// (04:00:54.775807) is the largest int64.
func TestInt96Micros(t *testing.T) {
	for _, c := range []struct {
		v    parquet.Int96
		want int64
		ok   bool
	}{
		{int96(2440588, 0), 0, true},
		{int96(2440588+2932896, 86399_999999999), 253402300799999999, true},
		{int96(2440588-719162, 1), -62135596800000000, true},
		{int96(2440587, 86399_999999999), -1, true},
		{int96(2440588, -1999), -1, true}, // Java's division, toward zero
		{int96(2440588+106751991, 14454_775807000), math.MaxInt64, true},
		{int96(2440588+106751991, 14454_775808000), 0, false},
		{int96(math.MaxInt32, 0), 0, false},
		{int96(math.MinInt32, 0), 0, false},
	} {
		got, ok := int96Micros(c.v)
		if got != c.want || ok != c.ok {
			day, nanos := int96Parts(c.v)
			t.Errorf("int96Micros(day %d, %d ns) = %d, %v; want %d, %v", day, nanos, got, ok, c.want, c.ok)
		}
	}
}

// writeInt96File writes an optional INT96 column ts with arrow-go's
// low-level writer: pqarrow writes INT96 only from nanoseconds (1677 to
// 2262), Spark from any date.
func writeInt96File(t *testing.T, path string, vals []parquet.Int96, defs []int16) {
	t.Helper()
	ts, err := schema.NewPrimitiveNode("ts", parquet.Repetitions.Optional, parquet.Types.Int96, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, schema.FieldList{ts}, -1)
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
	cw, err := rg.NextColumn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cw.(*file.Int96ColumnChunkWriter).WriteBatch(vals, defs, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []interface{ Close() error }{cw, rg, w} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInt96BeyondNanoseconds reads INT96 timestamps arrow-go's nanoseconds
// cannot hold (9999-12-31, 0001-01-01) with the flat reader, a NULL among
// them, at batch sizes that split them; pqarrow's reader (a file it must
// read, here forced) reports them as an error, and a value beyond int64
// microseconds is an error naming the row and column.
func TestInt96BeyondNanoseconds(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "far.parquet")
	writeInt96File(t, p, []parquet.Int96{int96(2440588+2932896, 86399_999999999), int96(2440588-719162, 1), int96(2440587, 86399_999999999)},
		[]int16{1, 0, 1, 1})
	tab := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "ts", Type: ir.TypeTimestamp, Nullable: true}}}
	want := `{"ts":"9999-12-31T23:59:59.999Z"}` + "\n" + `{"ts":null}` + "\n" + `{"ts":"0001-01-01T00:00:00.000Z"}` + "\n" + `{"ts":"1969-12-31T23:59:59.999Z"}` + "\n"
	for _, batch := range []int{1, 3, 100} {
		batches, err := readParquetFlat(t, p, tab, true, Options{BatchSize: batch})
		if err != nil {
			t.Fatal(err)
		}
		if got := render(t, batches...); got != want {
			t.Errorf("batch size %d: got\n%s\nwant\n%s", batch, got, want)
		}
		if _, err := readParquetFlat(t, p, tab, false, Options{BatchSize: batch}); err == nil || !strings.Contains(err.Error(), "far.parquet") {
			t.Errorf("pqarrow's reader: got %v, want an error naming the file", err)
		}
	}
	ntz := &ir.Table{Name: "x", Columns: []ir.Column{{Name: "ts", Type: ir.TypeTimestampNTZ, Nullable: true}}}
	if _, err := readAll(t, p, ntz, 10); err == nil {
		t.Error("INT96 read as TIMESTAMP_NTZ: want an error (Spark reads INT96 as TIMESTAMP)")
	}

	bad := filepath.Join(dir, "bad.parquet")
	writeInt96File(t, bad, []parquet.Int96{int96(2440588, 0), int96(math.MaxInt32, 0)}, []int16{1, 0, 1})
	_, err := readParquetFlat(t, bad, tab, true, Options{BatchSize: 2})
	if err == nil || !strings.Contains(err.Error(), `bad.parquet: row group 0: column "ts": row 2 of the row group: the INT96 timestamp (Julian day 2147483647, 0 ns) is beyond TIMESTAMP's range`) {
		t.Errorf("got %v", err)
	}
}
