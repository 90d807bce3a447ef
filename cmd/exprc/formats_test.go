package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

// convert writes the rows of src (read as table of specs) to dst in every
// other format exprc run reads, returning the paths.
func convert(t *testing.T, specs []string, table, src string) []string {
	t.Helper()
	prog, err := compiler.Compile(specs)
	if err != nil {
		t.Fatal(err)
	}
	tb := prog.Table(table)
	in, err := fileio.OpenInput(src, ir.ArrowSchema(tb.Columns), fileio.Options{BatchSize: 500})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var batches []arrow.RecordBatch
	for {
		b, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, b)
	}
	defer func() {
		for _, b := range batches {
			b.Release()
		}
	}()
	dir := t.TempDir()
	schema := batches[0].Schema()
	var paths []string

	pq := filepath.Join(dir, table+".parquet")
	f, err := os.Create(pq)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(700)), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, pq)

	ar := filepath.Join(dir, table+".arrow")
	g, err := os.Create(ar)
	if err != nil {
		t.Fatal(err)
	}
	fw, err := ipc.NewFileWriter(g, ipc.WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if err := fw.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	g.Close()
	paths = append(paths, ar)

	for _, ext := range []string{".jsonl", ".csv"} {
		p := filepath.Join(dir, table+ext)
		h, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		out, err := fileio.NewOutput(h, ext[1:], schema, fileio.OutputOptions{})
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
		h.Close()
		paths = append(paths, p)
	}
	return paths
}

// TestRunFormatsAgree runs the demo queries over the same rows stored as JSON
// lines, CSV, Parquet and Arrow IPC: exprc run must print identical bytes.
func TestRunFormatsAgree(t *testing.T) {
	specs := []string{demoTables, demoSpec}
	for _, c := range []struct{ query, table, src string }{
		{"Q1Projection", "lineitem", "../../examples/demo/lineitem.csv"},
		{"Q6Filter", "lineitem", "../../examples/demo/lineitem.csv"},
		{"Classify", "events", "../../examples/demo/events.jsonl"},
	} {
		var want []byte
		for _, path := range append([]string{c.src}, convert(t, specs, c.table, c.src)...) {
			var stdout, stderr bytes.Buffer
			args := append(append([]string{"run"}, specs...), "--query", c.query, "--input", c.table+"="+path, "--progress", "never")
			code := run(args, &stdout, &stderr)
			if code != 0 {
				t.Fatalf("%s on %s: exit %d: %s", c.query, path, code, stderr.String())
			}
			if want == nil {
				want = stdout.Bytes()
				if len(want) == 0 {
					t.Fatalf("%s: no output", c.query)
				}
				continue
			}
			if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("%s on %s differs from %s", c.query, filepath.Ext(path), filepath.Ext(c.src))
			}
		}
	}
}
