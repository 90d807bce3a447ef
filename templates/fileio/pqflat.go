package fileio

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/templates/sqltype"
)

// flatReader decodes flat Parquet columns (a top-level leaf, required or
// optional, whose Arrow type is already the table's, or a timestamp of any
// unit or INT96, see flatTimestamp) straight into Arrow
// buffers. pqarrow's record reader is general (nested levels, any logical
// type), and that generality is most of the cost of reading a file of plain
// columns: it decodes nullable columns into a scratch "spaced" buffer
// allocated per batch, appends strings one at a time through a growing
// builder, and allocates several times what it returns. Here each column of a
// batch is one dense ReadBatch into the buffer the batch keeps, then spread in
// place by the definition levels; strings are copied once into a data buffer
// sized from the batch before. Batches do not cross row groups.
type flatReader struct {
	pf      *file.Reader
	cols    []flatColumn
	schema  *arrow.Schema // one field per column, in cols order
	batch   int64
	threads int
	mem     memory.Allocator

	rowGroup int   // next row group to open
	rows     int64 // rows of the open row group
	left     int64 // rows of the open row group not yet read
}

// flatColumn is one column the flat reader decodes, with the scratch it
// reuses from batch to batch.
type flatColumn struct {
	name       string
	leaf       int // the column's index among the file's leaves
	typ        arrow.DataType
	nullable   bool // an optional column: definition level 1 means present
	phys       parquet.Type
	reader     file.ColumnChunkReader // the open row group's chunk, when pages is nil
	pages      *pageDecoder           // the open row group's chunk, when pageChunk reads it
	ends       []int32                // scratch of readPages
	strScratch []byte                 // scratch of readPages
	defs       []int16
	bools      []bool
	strs       []parquet.ByteArray
	int96s     []parquet.Int96
	strBytes   int // bytes of the last batch's strings: the next batch's first guess
}

// flatParquet turns the flat reader on; the tests turn it off to compare it
// with pqarrow's.
var flatParquet = true

// flatPhysical maps the Arrow types the flat reader produces to the Parquet
// physical type each must be stored as.
var flatPhysical = map[arrow.Type]parquet.Type{
	arrow.BOOL:    parquet.Types.Boolean,
	arrow.INT32:   parquet.Types.Int32,
	arrow.DATE32:  parquet.Types.Int32,
	arrow.INT64:   parquet.Types.Int64,
	arrow.FLOAT64: parquet.Types.Double,
	arrow.STRING:  parquet.Types.ByteArray,
}

// newFlatReader returns a flat reader of the file fields fields (indexes into
// the manifest), or nil when one of them is not flat or not stored as the
// table's type already: pqarrow reads those.
func newFlatReader(pf *file.Reader, manifest *pqarrow.SchemaManifest, fields []int, want []arrow.DataType, opts Options) *flatReader {
	r := &flatReader{pf: pf, batch: int64(opts.BatchSize), threads: opts.Threads, mem: opts.Mem}
	if r.mem == nil {
		r.mem = memory.DefaultAllocator
	}
	if r.batch <= 0 {
		r.batch = DefaultBatchSize
	}
	schema := pf.MetaData().Schema
	afields := make([]arrow.Field, len(fields))
	for k, j := range fields {
		sf := &manifest.Fields[j]
		if !sf.IsLeaf() {
			return nil
		}
		desc := schema.Column(sf.ColIndex)
		typ, phys := want[k], desc.PhysicalType()
		if want[k].ID() == arrow.TIMESTAMP {
			t, ok := flatTimestamp(desc, sf.Field.Type, want[k])
			if !ok {
				return nil
			}
			typ = t
		} else if p, ok := flatPhysical[want[k].ID()]; !ok || p != phys || !arrow.TypeEqual(sf.Field.Type, want[k]) {
			return nil
		}
		if desc.MaxRepetitionLevel() != 0 || desc.MaxDefinitionLevel() > 1 {
			return nil
		}
		r.cols = append(r.cols, flatColumn{
			name: sf.Field.Name, leaf: sf.ColIndex, typ: typ, nullable: desc.MaxDefinitionLevel() == 1, phys: phys,
		})
		afields[k] = arrow.Field{Name: sf.Field.Name, Type: typ, Nullable: true}
	}
	r.schema = arrow.NewSchema(afields, nil)
	return r
}

// next returns the next batch of at most r.batch rows, io.EOF after the last.
func (r *flatReader) next() (arrow.RecordBatch, error) {
	for r.left == 0 {
		if r.rowGroup >= r.pf.NumRowGroups() {
			return nil, io.EOF
		}
		rg := r.pf.RowGroup(r.rowGroup)
		r.rowGroup++
		r.rows, r.left = rg.NumRows(), rg.NumRows()
		for k := range r.cols {
			c := &r.cols[k]
			if err := c.open(rg); err != nil {
				return nil, fmt.Errorf("row group %d: column %q: %w", r.rowGroup-1, c.name, err)
			}
		}
	}
	n, row := min(r.left, r.batch), r.rows-r.left
	arrs := make([]arrow.Array, len(r.cols))
	errs := make([]error, len(r.cols))
	if r.threads > 1 && len(r.cols) > 1 {
		var wg sync.WaitGroup
		sem := make(chan struct{}, r.threads)
		for k := range r.cols {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				arrs[k], errs[k] = decodeGuarded(func() (arrow.Array, error) { return r.cols[k].read(n, row, r.mem) })
			}()
		}
		wg.Wait()
	} else {
		for k := range r.cols {
			arrs[k], errs[k] = r.cols[k].read(n, row, r.mem)
		}
	}
	// The first column's error: one message, as with one thread.
	if err := firstError(errs); err != nil {
		for _, a := range arrs {
			if a != nil {
				a.Release()
			}
		}
		return nil, fmt.Errorf("row group %d: %w", r.rowGroup-1, err)
	}
	r.left -= n
	rec := array.NewRecordBatch(r.schema, arrs, n)
	for _, a := range arrs {
		a.Release()
	}
	return rec, nil
}

// open starts reading the column's chunk of row group rg.
func (c *flatColumn) open(rg *file.RowGroupReader) error {
	if c.pages != nil {
		c.pages.pr.Close()
	}
	c.reader, c.pages = nil, nil
	meta, err := rg.MetaData().ColumnChunk(c.leaf)
	if err != nil {
		return err
	}
	if pageChunk(meta, c.phys) {
		pr, err := rg.GetColumnPageReader(c.leaf)
		if err != nil {
			return err
		}
		c.pages = newPageDecoder(pr, c.phys, c.nullable)
		return nil
	}
	c.reader, err = rg.Column(c.leaf)
	return err
}

// read decodes the column's next n rows, row the first's in its row group.
func (c *flatColumn) read(n, row int64, mem memory.Allocator) (arrow.Array, error) {
	if c.pages != nil {
		arr, err := c.readPages(n, mem)
		if err != nil {
			return nil, fmt.Errorf("column %q: %w", c.name, err)
		}
		return arr, nil
	}
	var defs []int16
	if c.nullable {
		if int64(cap(c.defs)) < n {
			c.defs = make([]int16, n)
		}
		defs = c.defs[:n]
	}
	var (
		arr arrow.Array
		err error
	)
	switch cr := c.reader.(type) {
	case *file.Int32ColumnChunkReader:
		arr, err = readFixed(c.typ, n, defs, mem, cr.ReadBatch)
	case *file.Int64ColumnChunkReader:
		arr, err = readFixed(c.typ, n, defs, mem, cr.ReadBatch)
	case *file.Float64ColumnChunkReader:
		arr, err = readFixed(c.typ, n, defs, mem, cr.ReadBatch)
	case *file.Int96ColumnChunkReader:
		arr, err = c.readInt96(cr, n, row, defs, mem)
	case *file.BooleanColumnChunkReader:
		arr, err = c.readBools(cr, n, defs, mem)
	case *file.ByteArrayColumnChunkReader:
		arr, err = c.readStrings(cr, n, defs, mem)
	default:
		err = fmt.Errorf("unexpected column reader %T", c.reader)
	}
	if err != nil {
		return nil, fmt.Errorf("column %q: %w", c.name, err)
	}
	return arr, nil
}

// errShortChunk is a column chunk with fewer values than its row group says.
var errShortChunk = errors.New("the column chunk ends before its row group")

// readFixed reads n values of a fixed-width column with readBatch: densely
// into the front of the buffer the array keeps, then, when some are NULL,
// moved back to their rows by the validity bitmap (spreadBits).
func readFixed[T int32 | int64 | float64](typ arrow.DataType, n int64, defs []int16, mem memory.Allocator,
	readBatch func(int64, []T, []int16, []int16) (int64, int, error)) (arrow.Array, error) {
	width := int64(typ.(arrow.FixedWidthDataType).BitWidth() / 8)
	data := memory.NewResizableBuffer(mem)
	data.Resize(int(n * width))
	vals := arrow.GetData[T](data.Bytes())[:n]
	total, read, err := readBatch(n, vals, defs, nil)
	if err == nil && total != n {
		err = errShortChunk
	}
	if err != nil {
		data.Release()
		return nil, err
	}
	valid := validity(defs, read, mem)
	nulls := int(n) - read
	if valid != nil {
		spreadBits(vals, valid.Bytes(), read)
	}
	d := array.NewData(typ, int(n), []*memory.Buffer{valid, data}, nil, nulls, 0)
	data.Release()
	if valid != nil {
		valid.Release()
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

// validity returns the validity bitmap of the rows of defs from their
// definition levels (read of them present), nil when none is NULL.
func validity(defs []int16, read int, mem memory.Allocator) *memory.Buffer {
	if read == len(defs) {
		return nil
	}
	valid := memory.NewResizableBuffer(mem)
	valid.Resize(int(bitutil.BytesForBits(int64(len(defs)))))
	bits := valid.Bytes()
	clear(bits)
	for i, d := range defs {
		if d != 0 {
			bits[i>>3] |= 1 << (i & 7)
		}
	}
	return valid
}

func (c *flatColumn) readBools(cr *file.BooleanColumnChunkReader, n int64, defs []int16, mem memory.Allocator) (arrow.Array, error) {
	if int64(cap(c.bools)) < n {
		c.bools = make([]bool, n)
	}
	vals := c.bools[:n]
	total, read, err := cr.ReadBatch(n, vals, defs, nil)
	if err == nil && total != n {
		err = errShortChunk
	}
	if err != nil {
		return nil, err
	}
	valid := validity(defs, read, mem)
	if valid != nil {
		spreadBits(vals, valid.Bytes(), read)
	}
	data := memory.NewResizableBuffer(mem)
	data.Resize(int(bitutil.BytesForBits(n)))
	bits := data.Bytes()
	clear(bits)
	for i, v := range vals {
		if v {
			bits[i>>3] |= 1 << (i & 7)
		}
	}
	d := array.NewData(c.typ, int(n), []*memory.Buffer{valid, data}, nil, int(n)-read, 0)
	data.Release()
	if valid != nil {
		valid.Release()
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

// maxStringBytes is the most string bytes of one array: its offsets are int32.
const maxStringBytes = 1<<31 - 1

// readStrings reads n strings a page at a time: ReadBatchInPage's values point
// into the page (or dictionary) buffer, which the next page reuses, so each
// page's values are copied into the data buffer before the next is read.
func (c *flatColumn) readStrings(cr *file.ByteArrayColumnChunkReader, n int64, defs []int16, mem memory.Allocator) (arrow.Array, error) {
	if int64(cap(c.strs)) < n {
		c.strs = make([]parquet.ByteArray, n)
	}
	vals := c.strs[:n]
	offBuf := memory.NewResizableBuffer(mem)
	offBuf.Resize(int(n+1) * 4)
	offs := arrow.Int32Traits.CastFromBytes(offBuf.Bytes())[:n+1]
	dataBuf := memory.NewResizableBuffer(mem)
	dataBuf.Reserve(max(c.strBytes, 64))
	data := dataBuf.Buf()[:0]
	release := func() { offBuf.Release(); dataBuf.Release() }

	var rows int64 // rows (levels) read so far
	for rows < n {
		var d []int16
		if defs != nil {
			d = defs[rows:]
		}
		lvls, read, err := cr.ReadBatchInPage(n-rows, vals[:n-rows], d, nil)
		if err == nil && lvls == 0 {
			err = errShortChunk
		}
		if err != nil {
			release()
			return nil, err
		}
		j := 0
		for i := rows; i < rows+lvls; i++ {
			offs[i] = int32(len(data))
			if defs != nil && defs[i] == 0 {
				continue
			}
			v := vals[j]
			j++
			if len(data)+len(v) > maxStringBytes {
				release()
				return nil, fmt.Errorf("a batch of %d rows holds more than %d bytes of strings, the most an Arrow string array can", n, maxStringBytes)
			}
			if len(data)+len(v) > cap(data) {
				dataBuf.ResizeNoShrink(len(data))
				dataBuf.Reserve(max(2*cap(data), len(data)+len(v)))
				data = dataBuf.Buf()[:len(data)]
			}
			data = append(data, v...)
		}
		if j != read {
			release()
			return nil, fmt.Errorf("definition levels and values disagree (%d values, %d present)", read, j)
		}
		rows += lvls
	}
	offs[n] = int32(len(data))
	c.strBytes = len(data) + len(data)/8
	dataBuf.ResizeNoShrink(len(data))

	var valid *memory.Buffer
	nulls := 0
	if defs != nil {
		for _, d := range defs {
			if d == 0 {
				nulls++
			}
		}
		valid = validity(defs, int(n)-nulls, mem)
	}
	d := array.NewData(c.typ, int(n), []*memory.Buffer{valid, offBuf, dataBuf}, nil, nulls, 0)
	release()
	if valid != nil {
		valid.Release()
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

// newFlatParquetInput returns the flat reader of the columns in reads, with
// in.idx pointing into its batches, or nil (in untouched) when a column needs
// pqarrow or the query reads no column.
func newFlatParquetInput(pf *file.Reader, manifest *pqarrow.SchemaManifest, in *batchInput, opts Options) *flatReader {
	if !flatParquet {
		return nil
	}
	var fields []int
	var want []arrow.DataType
	pos := make([]int, len(in.idx))
	for i, j := range in.idx {
		pos[i] = -1
		if j < 0 {
			continue
		}
		pos[i] = len(fields)
		fields = append(fields, j)
		want = append(want, sqltype.Arrow(in.table.Columns[i].Type))
	}
	if len(fields) == 0 {
		return nil
	}
	r := newFlatReader(pf, manifest, fields, want, opts)
	if r == nil {
		return nil
	}
	copy(in.idx, pos)
	return r
}

// firstError is the first error of errs that is not nil, or nil.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
