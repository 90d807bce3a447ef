package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// hint is the line after a usage error.
const hint = "run 'exprc run --help' for usage\n"

// TestFlagErrorsOneLine: a bad flag of any command is one line of error and
// one pointing at --help, with the nearest flag when one is near.
func TestFlagErrorsOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "x.sql", "--outptu", "o.csv"}, "error: unknown flag: --outptu (did you mean --output?)\n" + hint},
		{[]string{"run", "--stirct"}, "error: unknown flag: --stirct (did you mean --strict?)\n" + hint},
		{[]string{"run", "--zzzzzz"}, "error: unknown flag: --zzzzzz\n" + hint},
		{[]string{"run", "--threads", "many"}, `error: invalid argument "many" for "--threads" flag: must be an integer` + "\n" + hint},
		{[]string{"check", "--bogus"}, "error: unknown flag: --bogus\nrun 'exprc check --help' for usage\n"},
		{[]string{"gen", "--pakage", "p"}, "error: unknown flag: --pakage (did you mean --package?)\nrun 'exprc gen --help' for usage\n"},
		{[]string{"explain", "--quary", "Q"}, "error: unknown flag: --quary (did you mean --query?)\nrun 'exprc explain --help' for usage\n"},
		{[]string{"schema", "--formt", "csv"}, "error: unknown flag: --formt (did you mean --format?)\nrun 'exprc schema --help' for usage\n"},
		{[]string{"shcema"}, "error: unknown command \"shcema\" (did you mean schema?)\nrun 'exprc --help' for usage\n"},
		{[]string{"version", "-x"}, "error: unknown shorthand flag: 'x' in -x\nrun 'exprc version --help' for usage\n"},
	} {
		r := exprc(c.args...)
		if r.code != 1 || r.stderr != c.want || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// TestRunInputExtension: an input file whose extension names no format is an
// error before anything runs, unless --input-format gives it.
func TestRunInputExtension(t *testing.T) {
	dir, spec, data := setup(t)
	txt := filepath.Join(dir, "events.txt")
	raw, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(txt, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	exts := ".jsonl, .ndjson, .csv, .parquet, .arrow, .arrows, .feather or .ipc"
	r := exprc("run", spec, "-q", "Div", "-i", "events="+txt)
	want := `error: --input events=` + txt + `: unknown extension ".txt" (exprc reads ` + exts + "; or give the format with --input-format)\n" + hint
	if r.code != 1 || r.stderr != want {
		t.Errorf("unknown extension: %+v, want stderr %q", r, want)
	}
	noExt := filepath.Join(dir, "events")
	r = exprc("run", spec, "-q", "Div", "-i", "events="+noExt)
	want = `error: --input events=` + noExt + `: no extension to tell the format by (exprc reads ` + exts + "; or give the format with --input-format)\n" + hint
	if r.code != 1 || r.stderr != want {
		t.Errorf("no extension: %+v, want stderr %q", r, want)
	}
	// --input-format reads it; the output is the .jsonl file's.
	from := exprc("run", spec, "-q", "Classify", "-i", "events="+data)
	r = exprc("run", spec, "-q", "Classify", "-i", "events="+txt, "--input-format", "jsonl")
	if r.code != 0 || r.stdout != from.stdout || r.stdout == "" {
		t.Errorf("--input-format jsonl: %+v, want %q", r, from.stdout)
	}
	// A file with a known extension keeps its format; an --input-format
	// then applies to nothing, which is an error rather than ignored.
	r = exprc("run", spec, "-q", "Classify", "-i", "events="+data, "--input-format", "csv")
	want = "error: --input-format is for standard input and files without a known extension, but every --input file's extension names its format\n" + hint
	if r.code != 1 || r.stderr != want {
		t.Errorf("--input-format for nothing: %+v", r)
	}
	// A table no spec declares is inferred from a Parquet file given by
	// --input-format as from a .parquet one.
	var pq string
	for _, p := range convert(t, []string{spec}, "events", data) {
		if strings.HasSuffix(p, ".parquet") {
			pq = p
		}
	}
	bin := filepath.Join(dir, "events.bin")
	raw, err = os.ReadFile(pq)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(bin, raw, 0o644) //nolint:errcheck // read below
	undeclared := filepath.Join(dir, "undeclared.sql")
	os.WriteFile(undeclared, []byte("-- name: A\nSELECT a FROM events;\n"), 0o644) //nolint:errcheck // read below
	from = exprc("run", undeclared, "-q", "A", "-i", "events="+pq)
	r = exprc("run", undeclared, "-q", "A", "-i", "events="+bin, "--input-format", "parquet")
	if from.code != 0 || r.code != 0 || r.stdout != from.stdout || r.stderr != "" {
		t.Errorf("inferred from --input-format parquet: %+v, from .parquet: %+v", r, from)
	}
	// The inner table of a subquery too.
	r = exprc("run", demoTables, demoSubquerySpec, "-q", "LineContext", "-i", "lineitem="+filepath.Join(dir, "lineitem.dat"))
	if !strings.HasPrefix(r.stderr, "error: --input lineitem="+filepath.Join(dir, "lineitem.dat")+`: unknown extension ".dat"`) {
		t.Errorf("inner table: %+v", r)
	}
}

// unseenSpec reads craeted, which the file spells created, and declares
// other, which no line has either but the query does not read.
const unseenSpec = `CREATE TABLE events (id BIGINT, craeted DATE, other BIGINT);
CREATE TABLE ref (id BIGINT, lable VARCHAR);

-- name: Q
SELECT id, craeted FROM events;

-- name: Sub
SELECT id, (SELECT max(r.lable) FROM ref AS r WHERE r.id = events.id) AS l FROM events;
`

func unseenSetup(t *testing.T) (dir, spec, data string) {
	t.Helper()
	dir = t.TempDir()
	spec = filepath.Join(dir, "unseen.sql")
	data = filepath.Join(dir, "events.jsonl")
	var b strings.Builder
	for i := range 3000 {
		b.WriteString(`{"id":` + strings.Repeat("1", 1+i%3) + `,"created":"2024-01-01","note":"x"}` + "\n")
	}
	if err := os.WriteFile(spec, []byte(unseenSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, spec, data
}

// unseenWarning is the warning about column craeted of file data.
func unseenWarning(data string) string {
	return data + `: no JSON line has a key for column "craeted"; did you mean "created"? (keys seen: "created", "id", "note")`
}

// TestJSONUnseenColumn: a read column whose key no JSON line has is a warning
// at the end of the run, or the error under --strict with nothing written;
// whatever the threads and batch size; not for columns the query does not
// read, nor for an empty file.
func TestJSONUnseenColumn(t *testing.T) {
	dir, spec, data := unseenSetup(t)
	for _, args := range [][]string{{"--threads", "1"}, {"--threads", "4", "--batch-size", "7"}} {
		r := exprc(append([]string{"run", spec, "-q", "Q", "-i", "events=" + data, "--format", "csv"}, args...)...)
		if want := "warning: " + unseenWarning(data) + "\n"; r.code != 0 || r.stderr != want || strings.Count(r.stdout, "\n") != 3001 {
			t.Errorf("%v: exit %d, stderr %q, want %q", args, r.code, r.stderr, want)
		}
		out := filepath.Join(dir, "out.csv")
		r = exprc(append([]string{"run", spec, "-q", "Q", "-i", "events=" + data, "-o", out, "--strict"}, args...)...)
		if want := "error: " + unseenWarning(data) + "\n"; r.code != 1 || r.stderr != want {
			t.Errorf("%v --strict: exit %d, stderr %q, want %q", args, r.code, r.stderr, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v --strict: output written", args)
		}
	}
	// A key matched ignoring case counts; an empty file has no rows to warn
	// about.
	upper := filepath.Join(dir, "upper.jsonl")
	os.WriteFile(upper, []byte(`{"ID":1,"Craeted":"2024-01-01"}`+"\n"), 0o644) //nolint:errcheck // read below
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644) //nolint:errcheck // read below
	for _, p := range []string{upper, empty} {
		r := exprc("run", spec, "-q", "Q", "-i", "events="+p, "--strict")
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%s: %+v", p, r)
		}
	}
	// An inner table: its column lable, read by the subquery, is in no line.
	ref := filepath.Join(dir, "ref.jsonl")
	os.WriteFile(ref, []byte(`{"id":1,"label":"a"}`+"\n"), 0o644) //nolint:errcheck // read below
	r := exprc("run", spec, "-q", "Sub", "-i", "events="+upper, "-i", "ref="+ref)
	want := "warning: " + ref + `: no JSON line has a key for column "lable"; did you mean "label"? (keys seen: "id", "label")` + "\n"
	if r.code != 0 || r.stderr != want {
		t.Errorf("inner table: %+v, want stderr %q", r, want)
	}
	r = exprc("run", spec, "-q", "Sub", "-i", "events="+upper, "-i", "ref="+ref, "--strict")
	if r.code != 1 || r.stderr != "error"+strings.TrimPrefix(want, "warning") || r.stdout != "" {
		t.Errorf("inner table, --strict: %+v", r)
	}
}

// TestJSONUnseenColumnCompiled: the compiled engine warns and fails in the
// interpreter's words.
func TestJSONUnseenColumnCompiled(t *testing.T) {
	needCompiled(t)
	_, spec, data := unseenSetup(t)
	r := exprc("run", spec, "-q", "Q", "-i", "events="+data, "--engine", "compiled", "--threads", "3", "--batch-size", "100")
	if want := "warning: " + unseenWarning(data) + "\n"; r.code != 0 || r.stderr != want || strings.Count(r.stdout, "\n") != 3000 {
		t.Errorf("compiled: exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
	r = exprc("run", spec, "-q", "Q", "-i", "events="+data, "--engine", "compiled", "--strict", "-o", filepath.Join(t.TempDir(), "o.jsonl"))
	if want := "error: " + unseenWarning(data) + "\n"; r.code != 1 || r.stderr != want {
		t.Errorf("compiled --strict: exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
}

// writeLZOParquet writes a Parquet file of one BIGINT column named col whose
// chunk claims the LZO codec, which arrow-go lacks: an uncompressed file with
// the codec of its column metadata patched in the footer (Thrift compact:
// after path_in_schema [col], field 4, codec, as the zigzag varint 0 for
// UNCOMPRESSED; LZO is 3, zigzag 6).
func writeLZOParquet(t *testing.T, path, col string) {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{{Name: col, Type: arrow.PrimitiveTypes.Int64, Nullable: true}}, nil)
	b := array.NewInt64Builder(memory.DefaultAllocator)
	b.AppendValues([]int64{1, 2, 3}, nil)
	arr := b.NewArray()
	defer arr.Release()
	rec := array.NewRecordBatch(schema, []arrow.Array{arr}, 3)
	defer rec.Release()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(schema, &buf, parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Uncompressed)), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	pat := append(append([]byte{0x18, byte(len(col))}, col...), 0x15, 0x00)
	if n := bytes.Count(data, pat); n != 1 {
		t.Fatalf("the codec of column %s appears %d times in the file", col, n)
	}
	data[bytes.Index(data, pat)+len(pat)-1] = 0x06
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestInputCheckedBeforeBuild: a Parquet column in a codec exprc cannot read
// is reported when the file is opened, by every engine in the same words;
// the compiled engine reports it before it builds anything (with a fresh
// cache, and module versions that would let it build).
func TestInputCheckedBeforeBuild(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "t.sql")
	data := filepath.Join(dir, "t.parquet")
	writeLZOParquet(t, data, "lzocol")
	os.WriteFile(spec, []byte("CREATE TABLE t (lzocol BIGINT);\n-- name: Q\nSELECT lzocol + 1 AS y FROM t;\n-- name: NoRead\nSELECT 1 AS y FROM t;\n"), 0o644) //nolint:errcheck // read below

	cache := t.TempDir()
	defer func(f func() (string, error)) { engineCacheDir = f }(engineCacheDir)
	engineCacheDir = func() (string, error) { return cache, nil }
	defer func(f func() ([]*debug.Module, error)) { moduleDeps = f }(moduleDeps)
	moduleDeps = func() ([]*debug.Module, error) {
		return []*debug.Module{{Path: arrowModule, Version: "v18.8.0"}}, nil
	}
	defer func(n int64) { autoBuildSize = n }(autoBuildSize)
	autoBuildSize = 0 // auto would build for any input

	want := "error: " + data + `: column "lzocol" is compressed with LZO (row group 0), which exprc cannot read (it reads UNCOMPRESSED, SNAPPY, GZIP, BROTLI, ZSTD or LZ4_RAW)` + "\n"
	before := buildsStarted.Load()
	for _, eng := range []string{"interp", "batch", "compiled", "auto"} {
		start := time.Now()
		r := exprc("run", spec, "-q", "Q", "-i", "t="+data, "--engine", eng, "-o", filepath.Join(dir, "out.csv"))
		if r.code != 1 || r.stderr != want {
			t.Errorf("%s: exit %d, stderr %q, want %q", eng, r.code, r.stderr, want)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: the error took %v", eng, d)
		}
	}
	if n := buildsStarted.Load() - before; n != 0 {
		t.Errorf("%d builds started before the input error", n)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("the engine cache holds %d entries", len(entries))
	}
	// A query that does not read the column is not concerned.
	r := exprc("run", spec, "-q", "NoRead", "-i", "t="+data, "--engine", "interp")
	if r.code != 0 || r.stdout != strings.Repeat(`{"y":1}`+"\n", 3) {
		t.Errorf("NoRead: %+v", r)
	}
	// A schema error too comes before the build.
	os.WriteFile(spec, []byte("CREATE TABLE t (lzocol BIGINT, missing BIGINT);\n-- name: Q\nSELECT missing AS y FROM t;\n"), 0o644) //nolint:errcheck // read below
	r = exprc("run", spec, "-q", "Q", "-i", "t="+data, "--engine", "compiled")
	if want := "error: " + data + `: missing column "missing" (the file has "lzocol")` + "\n"; r.code != 1 || r.stderr != want {
		t.Errorf("missing column: %+v, want %q", r, want)
	}
	if n := buildsStarted.Load() - before; n != 0 {
		t.Errorf("%d builds started before the input error", n)
	}
}
