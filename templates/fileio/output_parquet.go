package fileio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// parquetRowGroup is the number of rows of a Parquet row group (the last may
// have fewer): batches are encoded into a buffered row group until it is full.
// A variable for the tests.
var parquetRowGroup int64 = 1 << 17

// parquetDictPage is the largest dictionary page of a column chunk, in bytes
// (arrow-go's default); a VARCHAR column chunk whose distinct values need more
// is written plain. A variable for the tests.
var parquetDictPage int64 = 1 << 20

// newParquetOutput writes Parquet on a goroutine of its own. The columns of a
// batch are encoded on up to threads goroutines at once, into the column
// chunks of a buffered row group, which are written out in order when it is
// full. A schema with a map of maps or a column of Arrow type null (no SQL
// type has them) goes through pqarrow's FileWriter, one column at a time.
func newParquetOutput(w io.Writer, schema *arrow.Schema, compression string, threads int) (Output, error) {
	codec := compress.Codecs.Snappy
	switch compression {
	case "zstd":
		codec = compress.Codecs.Zstd
	case "gzip":
		codec = compress.Codecs.Gzip
	case "none":
		codec = compress.Codecs.Uncompressed
	}
	opts := []parquet.WriterProperty{
		parquet.WithCompression(codec),
		parquet.WithMaxRowGroupLength(parquetRowGroup),
		parquet.WithCreatedBy("exprc"),
		parquet.WithDictionaryPageSizeLimit(parquetDictPage),
	}
	// Computed doubles rarely repeat: a dictionary of them costs a hash per
	// value and is abandoned when it outgrows its page anyway.
	for _, f := range schema.Fields() {
		if f.Type.ID() == arrow.FLOAT64 {
			opts = append(opts, parquet.WithDictionaryFor(f.Name, false))
		}
	}
	props := parquet.NewWriterProperties(opts...)
	arrowProps := pqarrow.DefaultWriterProps()
	if stored, ok := parquetIntervalSchema(schema); ok {
		// Parquet has no type for Arrow's month_interval (and pqarrow
		// writes none): interval columns are stored as Spark stores them,
		// INT32 months and INT64 microseconds, their fields in the field
		// metadata of the stored Arrow schema, and read back as intervals
		out, err := newParquetOutput(w, stored, compression, threads)
		if err != nil {
			return nil, err
		}
		return &retypedOutput{Output: out, schema: stored}, nil
	}
	// The Parquet writers close their writer if they can: hide Close behind
	// bufio.
	bw := bufio.NewWriterSize(w, 1<<20)
	leaves, flat := parquetLeaves(schema)
	if !flat {
		fw, err := pqarrow.NewFileWriter(schema, bw, props, arrowProps)
		if err != nil {
			return nil, fmt.Errorf("fileio: parquet: %w", err)
		}
		return newBatchOutput(schema, threads, fw.WriteBuffered, func() error {
			if err := fw.Close(); err != nil {
				return err
			}
			return bw.Flush()
		}), nil
	}
	pqschema, err := pqarrow.ToParquet(schema, props, arrowProps)
	if err != nil {
		return nil, fmt.Errorf("fileio: parquet: %w", err)
	}
	fw, err := file.NewParquetWriterWithError(bw, pqschema.Root(), file.WithWriterProps(props))
	if err != nil {
		return nil, err
	}
	pw := &parquetWriter{fw: fw, schema: schema, leaves: leaves, threads: threads,
		pending: make([][]*array.String, schema.NumFields()), dictLimit: props.DictionaryPageSizeLimit()}
	return newBatchOutput(schema, threads, pw.write, func() error {
		if err := pw.close(); err != nil {
			return err
		}
		return bw.Flush()
	}), nil
}

// parquetLeaves returns the index of the first Parquet leaf column of each
// field (a map has two: key and value), and whether every field is a scalar
// or a map of scalars, the shapes parquetWriter writes.
func parquetLeaves(schema *arrow.Schema) ([]int, bool) {
	leaves := make([]int, schema.NumFields())
	n := 0
	for i, f := range schema.Fields() {
		leaves[i] = n
		n++
		if m, ok := f.Type.(*arrow.MapType); ok {
			if nested(m.KeyType()) || nested(m.ItemType()) {
				return nil, false
			}
			n++
		} else if nested(f.Type) || f.Type.ID() == arrow.NULL {
			return nil, false
		}
	}
	return leaves, true
}

func nested(t arrow.DataType) bool {
	_, ok := t.(arrow.NestedType)
	return ok
}

// parquetWriter writes batches of scalar and map columns to a Parquet file.
type parquetWriter struct {
	fw      *file.Writer
	schema  *arrow.Schema
	leaves  []int
	threads int
	rg      file.BufferedRowGroupWriter // the row group being filled, or nil
	rgRows  int64
	levels  [][]int16 // level buffers, three per goroutine
	// pending holds each VARCHAR column's batches of the row group being
	// filled, written when it is full (see output_parquet_dict.go).
	pending   [][]*array.String
	dictLimit int64 // bytes of a dictionary page, beyond which strings are written plain
}

func (w *parquetWriter) write(b arrow.RecordBatch) error {
	rows := b.NumRows()
	for off := int64(0); off < rows; {
		if w.rg == nil {
			rg, err := w.fw.AppendBufferedRowGroupChecked()
			if err != nil {
				return err
			}
			w.rg, w.rgRows = rg, 0
		}
		n := min(rows-off, parquetRowGroup-w.rgRows)
		part := b
		if n < rows {
			part = b.NewSlice(off, off+n)
		}
		err := w.writeColumns(part)
		if n < rows {
			part.Release()
		}
		if err != nil {
			return err
		}
		off += n
		w.rgRows += n
		if w.rgRows == parquetRowGroup {
			if err := w.closeRowGroup(); err != nil {
				return err
			}
		}
	}
	return nil
}

// closeRowGroup writes the kept VARCHAR columns of the row group being filled
// and closes it, which writes it out.
func (w *parquetWriter) closeRowGroup() error {
	if err := w.flushStrings(); err != nil {
		return err
	}
	if err := w.flushPlainPages(); err != nil {
		return err
	}
	err := w.rg.Close()
	w.rg = nil
	return err
}

// flushPlainPages encodes and compresses the buffered pages of the row
// group's column chunks that have no dictionary, on up to w.threads
// goroutines: rg.Close would do it one chunk after another, and for a row
// group of doubles that is most of the writing. Each chunk of a buffered row
// group writes its pages to a buffer of its own; Close then writes the chunks
// out in order. A chunk with a dictionary is left to Close, which writes its
// dictionary page first, as Parquet requires.
func (w *parquetWriter) flushPlainPages() error {
	if w.threads <= 1 {
		return nil
	}
	n := w.rg.NumColumns()
	return w.each(n, func(k int, _ [][]int16) error {
		cw, err := w.rg.Column(k)
		if err != nil {
			return err
		}
		f, ok := cw.(interface{ FlushBufferedDataPages() error })
		if !ok || dictEncoded(cw) {
			return nil
		}
		return f.FlushBufferedDataPages()
	})
}

// dictEncoded reports whether the column chunk is being dictionary-encoded.
func dictEncoded(cw file.ColumnChunkWriter) bool {
	switch cw.CurrentEncoder().Encoding() {
	case parquet.Encodings.PlainDict, parquet.Encodings.RLEDict:
		return true
	}
	return false
}

// writeColumns appends the columns of b to the row group's column chunks, on
// up to w.threads goroutines.
func (w *parquetWriter) writeColumns(b arrow.RecordBatch) error {
	return w.each(int(b.NumCols()), func(i int, levels [][]int16) error {
		return w.writeColumn(i, b.Column(i), levels)
	})
}

// each calls f(k, levels) for k from 0 to n-1 on up to w.threads goroutines,
// each with three level buffers of its own, and returns the error of the
// lowest k that failed.
func (w *parquetWriter) each(n int, f func(k int, levels [][]int16) error) error {
	threads := min(w.threads, n)
	for len(w.levels) < 3*max(threads, 1) {
		w.levels = append(w.levels, nil)
	}
	if threads <= 1 {
		for k := range n {
			if err := f(k, w.levels[:3]); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		next atomic.Int64
		wg   sync.WaitGroup
		errs = make([]error, n)
	)
	for t := range threads {
		wg.Add(1)
		go func(levels [][]int16) {
			defer wg.Done()
			for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
				errs[k] = guardErr(func() error { return f(k, levels) })
			}
		}(w.levels[3*t : 3*t+3])
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeColumn appends column i, arr, to its leaf column chunks. levels holds
// three buffers for definition and repetition levels, which it may grow.
func (w *parquetWriter) writeColumn(i int, arr arrow.Array, levels [][]int16) error {
	nullable := w.schema.Field(i).Nullable
	// A context of its own: WriteArrowToColumn keeps scratch buffers in it.
	ctx := context.Background()
	cw, err := w.rg.Column(w.leaves[i])
	if err != nil {
		return err
	}
	m, ok := arr.(*array.Map)
	if !ok {
		if s, ok := arr.(*array.String); ok {
			w.keepStrings(i, s)
			return nil
		}
		return pqarrow.WriteArrowToColumn(ctx, cw, arr, defLevels(arr, nullable, levels), nil, nullable)
	}
	// A map: an optional (or required) group holding a repeated group of a
	// required key and an optional value. Each row has one level per entry,
	// or one for a NULL or empty map; a NULL map has definition level 0, an
	// empty one 1, an entry 2, and 3 for a value that is not NULL (one less
	// for each when the map is NOT NULL). The repetition level is 1 for an
	// entry after the first of its row.
	rows := m.Len()
	if rows == 0 {
		return nil
	}
	offsets := m.Offsets()[m.Data().Offset():][:rows+1] // Offsets is not sliced
	start, end := int(offsets[0]), int(offsets[rows])
	n := 0
	for r := range rows {
		n += max(int(offsets[r+1]-offsets[r]), 1)
	}
	def, rep := grow(levels, 0, n), grow(levels, 1, n)
	base := int16(bool2int(nullable))
	items := m.Items()
	j := 0
	for r := range rows {
		lo, hi := int(offsets[r]), int(offsets[r+1])
		switch {
		case m.IsNull(r):
			if hi > lo {
				return fmt.Errorf("fileio: parquet: column %q: a NULL map with entries", w.schema.Field(i).Name)
			}
			def[j], rep[j] = 0, 0
			j++
		case hi == lo:
			def[j], rep[j] = base, 0
			j++
		default:
			for e := lo; e < hi; e++ {
				def[j], rep[j] = base+1+int16(bool2int(items.IsValid(e))), int16(bool2int(e > lo))
				j++
			}
		}
	}
	keys := array.NewSlice(m.Keys(), int64(start), int64(end))
	defer keys.Release()
	// The keys are all there: their definition levels are capped at theirs.
	keyDef := grow(levels, 2, n)
	for k, d := range def {
		keyDef[k] = min(d, base+1)
	}
	if err := pqarrow.WriteArrowToColumn(ctx, cw, keys, keyDef, rep, false); err != nil {
		return err
	}
	vw, err := w.rg.Column(w.leaves[i] + 1)
	if err != nil {
		return err
	}
	values := array.NewSlice(items, int64(start), int64(end))
	defer values.Release()
	return pqarrow.WriteArrowToColumn(ctx, vw, values, def, rep, true)
}

// grow returns levels[k] with length n, reallocated if too short.
func grow(levels [][]int16, k, n int) []int16 {
	if cap(levels[k]) < n {
		levels[k] = make([]int16, n, n+n/4)
	}
	return levels[k][:n]
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (w *parquetWriter) close() error {
	defer w.releaseStrings() // kept when an earlier write failed
	if w.rg != nil {
		if err := w.closeRowGroup(); err != nil {
			return err
		}
	}
	return w.fw.Close()
}

// parquetIntervalSchema is schema with its interval columns as the
// integers Parquet stores them as (month_interval as int32, duration[us] as
// int64, metadata kept); ok is false when schema has none.
func parquetIntervalSchema(schema *arrow.Schema) (*arrow.Schema, bool) {
	fields := schema.Fields()
	found := false
	for i, f := range fields {
		switch f.Type.ID() {
		case arrow.INTERVAL_MONTHS:
			fields[i].Type, found = arrow.PrimitiveTypes.Int32, true
		case arrow.DURATION:
			fields[i].Type, found = arrow.PrimitiveTypes.Int64, true
		}
	}
	if !found {
		return nil, false
	}
	md := schema.Metadata()
	return arrow.NewSchema(fields, &md), true
}

// retypedOutput writes batches as batches of schema, whose types have the
// same layout (an interval column as its integers), without copying.
type retypedOutput struct {
	Output
	schema *arrow.Schema
}

func (o *retypedOutput) Write(b arrow.RecordBatch) error {
	cols := make([]arrow.Array, b.NumCols())
	for i, c := range b.Columns() {
		if t := o.schema.Field(i).Type; !arrow.TypeEqual(t, c.DataType()) {
			cols[i] = array.MakeFromData(array.NewData(t, c.Len(), c.Data().Buffers(), nil, c.NullN(), c.Data().Offset()))
			defer cols[i].Release()
		} else {
			cols[i] = c
		}
	}
	rec := array.NewRecordBatch(o.schema, cols, b.NumRows())
	defer rec.Release()
	return o.Output.Write(rec)
}
