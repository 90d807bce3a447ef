package e2e

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/bench"
)

// dataVersion is part of every data file's name: change it when the writers
// below change what they write, so that cached files are regenerated.
const dataVersion = 1

// baseSeed seeds the first chunk of generated rows; chunk i uses baseSeed+i.
const baseSeed = 20_260_000

// dataFiles are the input files of one row count.
type dataFiles struct {
	rows         int
	csv, parquet string
}

func (d dataFiles) path(format string) string {
	if format == "parquet" {
		return d.parquet
	}
	return d.csv
}

// dataNames returns the paths in dir of the lineitem files of rows rows
// generated in chunks of chunk rows. The name holds everything the content
// depends on: the row count, the chunk size (the seeds and the Parquet row
// groups), dataVersion and a fingerprint of the generator's first rows (so
// that a change of bench.Lineitem regenerates the files too).
func dataNames(dir string, rows, chunk int) dataFiles {
	mem := memory.NewGoAllocator()
	b := bench.Lineitem(mem, 64, true, baseSeed)
	defer b.Release()
	h := sha256.New()
	writeCSV(h, b, true) //nolint:errcheck // a hash does not fail
	fp := hex.EncodeToString(h.Sum(nil))[:10]
	base := filepath.Join(dir, fmt.Sprintf("lineitem-%d-chunk%d-v%d-%s", rows, chunk, dataVersion, fp))
	return dataFiles{rows: rows, csv: base + ".csv", parquet: base + ".parquet"}
}

// ensureData writes the CSV and Parquet files of d unless they exist:
// bench.Lineitem with NULLs (10% of every nullable column), chunk rows at a
// time, chunk i seeded baseSeed+i, each chunk a Parquet row group. A file is
// written under a temporary name and renamed when complete, so that an
// interrupted run leaves no file that looks cached.
func ensureData(d dataFiles, chunk int, log io.Writer) error {
	var missing []string
	for _, p := range []string{d.csv, d.parquet} {
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			missing = append(missing, p)
		} else if err != nil {
			return err
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(d.csv), 0o755); err != nil {
		return err
	}
	start := time.Now()
	fmt.Fprintf(log, "generating %d rows into %s\n", d.rows, filepath.Dir(d.csv))
	var ws []*chunkWriter
	defer func() {
		for _, w := range ws {
			w.abort()
		}
	}()
	for _, p := range missing {
		w, err := newChunkWriter(p)
		if err != nil {
			return err
		}
		ws = append(ws, w)
	}
	mem := memory.NewGoAllocator()
	for i, done := 0, 0; done < d.rows; i++ {
		n := min(chunk, d.rows-done)
		b := bench.Lineitem(mem, n, true, baseSeed+uint64(i))
		for _, w := range ws {
			if err := w.write(b); err != nil {
				b.Release()
				return err
			}
		}
		b.Release()
		done += n
	}
	for _, w := range ws {
		if err := w.commit(); err != nil {
			return err
		}
	}
	ws = nil
	fmt.Fprintf(log, "generated %d rows in %.1fs\n", d.rows, time.Since(start).Seconds())
	return nil
}

// chunkWriter writes batches to a temporary file that commit renames to path.
type chunkWriter struct {
	path   string
	f      *os.File
	csv    *bufio.Writer
	pq     *pqarrow.FileWriter
	header bool
}

func newChunkWriter(path string) (*chunkWriter, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	w := &chunkWriter{path: path, f: f, header: true}
	if filepath.Ext(path) == ".parquet" {
		props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy),
			parquet.WithMaxRowGroupLength(math.MaxInt64))
		w.pq, err = pqarrow.NewFileWriter(bench.LineitemSchema, f, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
	} else {
		w.csv = bufio.NewWriterSize(f, 1<<20)
	}
	return w, nil
}

// write appends b: to a CSV file its rows (after the header, on the first
// call), to a Parquet file one row group.
func (w *chunkWriter) write(b arrow.RecordBatch) error {
	if w.pq != nil {
		return w.pq.Write(b)
	}
	err := writeCSV(w.csv, b, w.header)
	w.header = false
	return err
}

func (w *chunkWriter) commit() error {
	var err error
	if w.pq != nil {
		err = w.pq.Close() // closes the file too
	} else {
		err = w.csv.Flush()
		if cerr := w.f.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		err = os.Rename(w.f.Name(), w.path)
	}
	if err != nil {
		os.Remove(w.f.Name())
		return fmt.Errorf("writing %s: %w", w.path, err)
	}
	return nil
}

// abort removes the temporary file of a writer that was not committed.
func (w *chunkWriter) abort() {
	if w.pq != nil {
		w.pq.Close() //nolint:errcheck // the file is removed
	}
	w.f.Close()
	os.Remove(w.f.Name())
}

// writeCSV writes the rows of b as CSV, after a header row of its column
// names when header is set: LF line ends; NULL an empty unquoted field;
// BIGINT and INT in decimal; DOUBLE as strconv's shortest 'g' spelling that
// reads back to the same value (41, 68829.16, 1e+05); DATE as yyyy-mm-dd;
// VARCHAR as is, quoted (RFC 4180) only when it holds a comma, a quote, CR or
// LF, or is empty (the empty string "" differs from NULL). It supports the
// column types of lineitem: int32, int64, float64, string and date32.
func writeCSV(w io.Writer, b arrow.RecordBatch, header bool) error {
	cols := b.Columns()
	var line []byte
	if header {
		for i, f := range b.Schema().Fields() {
			if i > 0 {
				line = append(line, ',')
			}
			line = appendCSVString(line, f.Name)
		}
		line = append(line, '\n')
	}
	for _, c := range cols {
		switch c.(type) {
		case *array.Int32, *array.Int64, *array.Float64, *array.String, *array.Date32:
		default:
			return fmt.Errorf("writeCSV: column type %s not supported", c.DataType())
		}
	}
	var dates dateCache
	for r := 0; r < int(b.NumRows()); r++ {
		for i, c := range cols {
			if i > 0 {
				line = append(line, ',')
			}
			if c.IsNull(r) {
				continue
			}
			switch c := c.(type) {
			case *array.Int32:
				line = strconv.AppendInt(line, int64(c.Value(r)), 10)
			case *array.Int64:
				line = strconv.AppendInt(line, c.Value(r), 10)
			case *array.Float64:
				line = strconv.AppendFloat(line, c.Value(r), 'g', -1, 64)
			case *array.String:
				line = appendCSVString(line, c.Value(r))
			case *array.Date32:
				line = dates.append(line, c.Value(r))
			}
		}
		line = append(line, '\n')
		if len(line) >= 1<<16 {
			if _, err := w.Write(line); err != nil {
				return err
			}
			line = line[:0]
		}
	}
	_, err := w.Write(line)
	return err
}

// appendCSVString appends s as a CSV field, quoted when RFC 4180 needs it or
// when it is empty.
func appendCSVString(b []byte, s string) []byte {
	quote := s == ""
	for i := 0; i < len(s) && !quote; i++ {
		switch s[i] {
		case ',', '"', '\r', '\n':
			quote = true
		}
	}
	if !quote {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// dateCache spells days since the epoch as yyyy-mm-dd, remembering the
// spelling of each day (the data has a few thousand).
type dateCache map[arrow.Date32]string

func (c *dateCache) append(b []byte, d arrow.Date32) []byte {
	if *c == nil {
		*c = dateCache{}
	}
	s, ok := (*c)[d]
	if !ok {
		s = time.Unix(int64(d)*86400, 0).UTC().Format(time.DateOnly)
		(*c)[d] = s
	}
	return append(b, s...)
}
