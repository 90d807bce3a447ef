package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// typedColumns are the columns of TestRunTypesEveryFormat's input file: the
// Arrow types of issue 41's SQL types (TINYINT, SMALLINT, FLOAT, TIMESTAMP,
// TIMESTAMP_NTZ, BINARY), with edge values and a NULL, as arrow-go's JSON form of a record (one object per row). A new
// type is a new entry here and in duckTypes.
var typedColumns = []arrow.Field{
	{Name: "ti", Type: arrow.PrimitiveTypes.Int8, Nullable: true},
	{Name: "si", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "f", Type: arrow.PrimitiveTypes.Float32, Nullable: true},
	{Name: "ts", Type: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, Nullable: true},
	{Name: "nt", Type: &arrow.TimestampType{Unit: arrow.Microsecond}, Nullable: true},
	{Name: "b", Type: arrow.BinaryTypes.Binary, Nullable: true},
	{Name: "n", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
}

// typedRows are the input rows. The timestamps have whole milliseconds:
// exprc writes CSV and JSON timestamps in Spark's default text, which keeps
// milliseconds (Parquet and IPC keep microseconds; TestRunTypesEveryFormat
// compares IPC exactly). Binaries are base64, arrow-go's JSON form.
const typedRows = `[
	{"ti": -128, "si": -32768, "f": 1.5, "ts": "2024-02-29T23:59:59.999Z", "nt": "2024-03-31T02:30:00", "b": "AAH/", "n": 1},
	{"ti": 127, "si": 32767, "f": -0.1, "ts": "1969-12-31T23:59:59.001Z", "nt": "1900-01-01T00:00:00", "b": "", "n": 2},
	{"ti": 0, "si": 0, "f": 3.4028235e38, "ts": "1970-01-01T00:00:00Z", "nt": "9999-12-31T23:59:59.999", "b": "aMOpbGxv", "n": 3},
	{"ti": null, "si": null, "f": null, "ts": null, "nt": null, "b": null, "n": 4},
	{"ti": -1, "si": 300, "f": 1e-45, "ts": "0001-01-01T00:00:00Z", "nt": "1970-01-01T00:00:00.5", "b": "gA==", "n": 5},
	{"ti": 1, "si": -2, "f": 16777217, "ts": "2038-01-19T03:14:08.123Z", "nt": "2000-02-29T12:00:00", "b": "////", "n": 6}
]`

// duckTypes is the DuckDB type of each column of a Parquet file exprc writes.
var duckTypes = map[string]string{"ti": "TINYINT", "si": "SMALLINT", "f": "FLOAT", "ts": "TIMESTAMP WITH TIME ZONE",
	"nt": "TIMESTAMP", "b": "BLOB", "n": "BIGINT"}

// TestRunTypesEveryFormat writes typedColumns as Parquet with arrow-go's
// pqarrow, runs `exprc run SELECT *` over it (the table inferred from the
// file) into every output format, and checks each output: DuckDB reads the
// Parquet, CSV and JSON lines outputs with the values it reads from the input
// (compared as DuckDB's text of each value), the Parquet output with each
// column's own type, and the Arrow IPC outputs are the input record exactly.
func TestRunTypesEveryFormat(t *testing.T) {
	dir := t.TempDir()
	exprc := filepath.Join(dir, "exprc")
	build := exec.Command("go", "build", "-o", exprc, "./cmd/exprc")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/exprc: %v\n%s", err, out)
	}

	schema := arrow.NewSchema(typedColumns, nil)
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, schema, strings.NewReader(typedRows))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	in := filepath.Join(dir, "in.parquet")
	writeParquet(t, in, rec)
	query := filepath.Join(dir, "q.sql")
	if err := os.WriteFile(query, []byte("-- name: q\nSELECT * FROM t;\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("SET TimeZone = 'UTC'"); err != nil {
		t.Fatal(err)
	}
	want := duckText(t, db, "read_parquet('"+in+"')", false)
	if len(want) != int(rec.NumRows()) || !strings.HasPrefix(want[0], "-128 | -32768 | 1.5 | 2024-02-29 23:59:59.999+00 | 2024-03-31 02:30:00 | AAH/ | 1") {
		t.Fatalf("DuckDB reads the input as\n%s", strings.Join(want, "\n"))
	}

	for _, engine := range []string{"interp", "compiled"} {
		for _, c := range []struct{ ext, reader string }{
			{"parquet", "read_parquet('%s')"},
			{"csv", "read_csv('%s', header = true, allow_quoted_nulls = false)"},
			{"jsonl", "read_json('%s', format = 'newline_delimited')"},
			{"arrow", ""},
			{"arrows", ""},
		} {
			t.Run(engine+"/"+c.ext, func(t *testing.T) {
				out := filepath.Join(dir, engine+"."+c.ext)
				cmd := exec.Command(exprc, "run", query, "-q", "q", "--input", "t="+in, "--engine", engine, "--output", out)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("exprc run: %v\n%s", err, stderr.String())
				}
				if c.reader == "" {
					checkIPC(t, out, c.ext == "arrows", rec)
					return
				}
				reader := strings.Replace(c.reader, "%s", out, 1)
				got := duckText(t, db, reader, c.ext != "parquet")
				if !slices.Equal(got, want) {
					t.Errorf("DuckDB reads exprc's %s as\n%s\nwant\n%s", c.ext, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				if c.ext == "parquet" {
					for name, typ := range describe(t, db, reader) {
						if duckTypes[name] != typ {
							t.Errorf("column %s of exprc's Parquet is %s in DuckDB, want %s", name, typ, duckTypes[name])
						}
					}
				}
			})
		}
	}
}

func writeParquet(t *testing.T, path string, rec arrow.RecordBatch) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(rec.Schema(), f, nil, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
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

// duckText is each row DuckDB reads with reader, ordered by column n: the
// columns of typedColumns in order, each as DuckDB's VARCHAR of the value
// ("NULL" for NULL), joined by " | ". A BINARY column is compared as base64:
// text (a CSV or JSON file exprc wrote) holds it so, a BLOB is encoded; a
// timestamp read from text is cast to the type Parquet gives it, so that
// both print alike.
func duckText(t *testing.T, db *sql.DB, reader string, text bool) []string {
	t.Helper()
	var cols []string
	for _, f := range typedColumns {
		v := f.Name
		switch {
		case f.Type.ID() == arrow.BINARY && !text:
			v = "to_base64(" + v + ")"
		case f.Type.ID() == arrow.TIMESTAMP && text:
			v = "CAST(" + v + " AS " + duckTypes[f.Name] + ")"
		}
		cols = append(cols, "coalesce(CAST("+v+" AS VARCHAR), 'NULL')")
	}
	rows, err := db.QueryContext(context.Background(), "SELECT concat_ws(' | ', "+strings.Join(cols, ", ")+") FROM "+reader+" ORDER BY n")
	if err != nil {
		t.Fatalf("%s: %v", reader, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// describe is the DuckDB type of each column reader reads.
func describe(t *testing.T, db *sql.DB, reader string) map[string]string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM "+reader+")")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	types := map[string]string{}
	for rows.Next() {
		var name, typ string
		if err := rows.Scan(&name, &typ); err != nil {
			t.Fatal(err)
		}
		types[name] = typ
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return types
}

// checkIPC reads an Arrow IPC file (or stream) exprc wrote and compares it
// with the input record: the same schema types and the same values.
func checkIPC(t *testing.T, path string, stream bool, want arrow.RecordBatch) {
	t.Helper()
	got := readIPCRecord(t, path, stream)
	defer got.Release()
	for i, f := range want.Schema().Fields() {
		gf := got.Schema().Field(i)
		if gf.Name != f.Name || !arrow.TypeEqual(gf.Type, f.Type) {
			t.Errorf("column %d is %s %s, want %s %s", i, gf.Name, gf.Type, f.Name, f.Type)
			continue
		}
		if !array.Equal(got.Column(i), want.Column(i)) {
			t.Errorf("column %s is %v, want %v", f.Name, got.Column(i), want.Column(i))
		}
	}
}

// readIPCRecord reads the one record batch of an Arrow IPC file (or stream)
// exprc wrote from an input of one batch; the caller releases it.
func readIPCRecord(t *testing.T, path string, stream bool) arrow.RecordBatch {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []arrow.RecordBatch
	if stream {
		r, err := ipc.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Release()
		for r.Next() {
			rec := r.RecordBatch()
			rec.Retain()
			recs = append(recs, rec)
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
	} else {
		r, err := ipc.NewFileReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		for i := range r.NumRecords() {
			rec, err := r.RecordBatch(i)
			if err != nil {
				t.Fatal(err)
			}
			rec.Retain()
			recs = append(recs, rec)
		}
	}
	if len(recs) != 1 {
		for _, r := range recs {
			r.Release()
		}
		t.Fatalf("%d record batches; the input has one", len(recs))
	}
	return recs[0]
}
