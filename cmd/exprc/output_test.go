package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

// readBack reads the rows of a file exprc run wrote, of the output columns
// cols, and returns them as JSON lines.
func readBack(t *testing.T, path string, cols []ir.Column) string {
	t.Helper()
	schema := ir.ArrowSchema(cols)
	in, err := fileio.OpenInput(path, schema, fileio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var buf bytes.Buffer
	out, err := fileio.NewOutput(&buf, "jsonl", schema, fileio.OutputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		err = out.Write(b)
		b.Release()
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestRunOutputFormats: exprc run writes every output format, to --output (the
// format from the extension) and to stdout (--format), with any compression,
// and the rows read back are those of the JSON lines output.
func TestRunOutputFormats(t *testing.T) {
	prog, err := compiler.Compile([]string{demoTables, demoSpec})
	if err != nil {
		t.Fatal(err)
	}
	cols := prog.Query("Q1Projection").OutputSchema()
	base := []string{"run", demoTables, demoSpec, "-q", "Q1Projection", "-i", "lineitem=../../examples/demo/lineitem.csv", "--progress", "never", "--batch-size", "700"}
	r := exprc(base...)
	if r.code != 0 || strings.Count(r.stdout, "\n") < 1000 {
		t.Fatalf("jsonl: %d, %s", r.code, r.stderr)
	}
	want := r.stdout
	dir := t.TempDir()
	for _, c := range []struct {
		file  string // --output, or "" for stdout
		args  []string
		magic string
	}{
		{"out.parquet", nil, "PAR1"},
		{"out2.parquet", []string{"--compression", "zstd"}, "PAR1"},
		{"out.arrow", nil, "ARROW1"},
		{"out.feather", []string{"--compression", "lz4"}, "ARROW1"},
		{"out.arrows", []string{"--compression", "zstd", "--threads", "3"}, "\xff\xff\xff\xff"},
		{"out.csv", []string{"--threads", "1"}, "l_returnflag,"},
		{"out.ndjson", nil, "{"},
		{"", []string{"--format", "arrows"}, "\xff\xff\xff\xff"},
		{"", []string{"--format", "arrow"}, "ARROW1"},
		{"", []string{"--format", "parquet", "--compression", "gzip"}, "PAR1"},
		{"", []string{"--format", "parquet", "--output", "-"}, "PAR1"},
	} {
		args := append(append([]string{}, base...), c.args...)
		path := filepath.Join(dir, c.file)
		if c.file != "" {
			args = append(args, "--output", path)
		}
		r := exprc(args...)
		if r.code != 0 || r.stderr != "" || c.file != "" && r.stdout != "" {
			t.Errorf("%s %v: exit %d, stderr %q", c.file, c.args, r.code, r.stderr)
			continue
		}
		if c.file == "" {
			format := c.args[1]
			path = filepath.Join(dir, "stdout_"+strings.Join(c.args, "_")+map[string]string{"arrows": ".arrows", "arrow": ".arrow", "parquet": ".parquet"}[format])
			if err := os.WriteFile(path, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte(c.magic)) {
			t.Errorf("%s %v: starts %q, want %q", c.file, c.args, data[:min(len(data), 8)], c.magic)
		}
		if got := readBack(t, path, cols); got != want {
			t.Errorf("%s %v: the rows read back differ", c.file, c.args)
		}
	}
}

func TestRunOutputUsage(t *testing.T) {
	_, spec, data := setup(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "csv", "--compression", "zstd"}, `error: --compression: format csv takes no compression, got "zstd"`},
		{[]string{"--output", "x.jsonl", "--compression", "snappy"}, `error: --compression: format jsonl takes no compression, got "snappy"`},
		{[]string{"--output", "x.parquet", "--compression", "lz4"}, `error: --compression: unknown compression "lz4" for format parquet (want snappy, zstd, gzip or none)`},
		{[]string{"--format", "arrows", "--compression", "gzip"}, `error: --compression: unknown compression "gzip" for format arrows (want none, lz4 or zstd)`},
		{[]string{"--format", "feather"}, `error: unknown --format "feather" (want jsonl, csv, parquet, arrow or arrows)`},
	} {
		r := exprc(append([]string{"run", spec, "-q", "Div", "-i", "events=" + data}, c.args...)...)
		if r.code != 1 || r.stderr != c.want+"\nrun 'exprc run --help' for usage\n" {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
	// An extension that names no format is an error, and nothing is written;
	// with --format any name goes.
	dir := t.TempDir()
	exts := ".jsonl, .ndjson, .csv, .parquet, .arrow, .feather, .ipc or .arrows"
	for name, want := range map[string]string{
		"out.xlsx": `error: --output %s: unknown extension ".xlsx" (exprc writes ` + exts + `; or give the format with --format)`,
		"out":      `error: --output %s: no extension to tell the format by (exprc writes ` + exts + `; or give the format with --format)`,
	} {
		p := filepath.Join(dir, name)
		r := exprc("run", spec, "-q", "Classify", "-i", "events="+data, "-o", p)
		want = fmt.Sprintf(want, p) + "\nrun 'exprc run --help' for usage\n"
		if r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("%s: %+v, want stderr %q", name, r, want)
		}
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s written after a usage error", name)
		}
		r = exprc("run", spec, "-q", "Classify", "-i", "events="+data, "-o", p, "--format", "csv")
		got, _ := os.ReadFile(p)
		if r.code != 0 || string(got) != "bucket,label\n0,FOO\n5,BAR\n1,x\n" {
			t.Errorf("%s with --format csv: %+v, file %q", name, r, got)
		}
	}
}

// TestRunOutputAtomic: a query error leaves no --output file of any format,
// and no temporary file.
func TestRunOutputAtomic(t *testing.T) {
	dir, spec, data := setup(t)
	for _, name := range []string{"out.parquet", "out.arrow", "out.arrows", "out.csv"} {
		out := filepath.Join(dir, name)
		r := exprc("run", spec, "-q", "Div", "-i", "events="+data, "-o", out, "--batch-size", "1")
		if r.code != 1 || !strings.HasPrefix(r.stderr, "error: row 1: DIVIDE_BY_ZERO") {
			t.Errorf("%s: %+v", name, r)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s exists after a query error", name)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
