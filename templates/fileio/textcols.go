package fileio

import (
	"bytes"
	"slices"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// inColumn builds one column of a text reader's batches. Its values grow in
// Go slices the parser keeps from batch to batch, and a batch's arrays get
// buffers of the exact size from the allocator; NULLs are few, so it lists
// their rows rather than keep a validity bitmap as it goes.
type inColumn struct {
	i     int // table column
	field int // CSV: file field
	c     column
	dt    arrow.DataType
	nulls []int32 // the NULL rows
	i64   []int64
	i32   []int32   // INT, DATE, TINYINT and SMALLINT (narrowed in array)
	f64   []float64 // DOUBLE and FLOAT (float32 values, narrowed in array)
	dec   []rt.Decimal
	bools []bool
	offs  []int32 // VARCHAR: offs[i+1] is the end of value i in data
	data  []byte
	mb    array.Builder // MAP
	zone  *rt.Zone      // TIMESTAMP text without an offset is read in it
}

func (c *inColumn) len() int {
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		return len(c.bools)
	case sqltype.Int, sqltype.Date, sqltype.Tinyint, sqltype.Smallint:
		return len(c.i32)
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		return len(c.i64)
	case sqltype.Double, sqltype.Float:
		return len(c.f64)
	case sqltype.Decimal:
		return len(c.dec)
	case sqltype.Varchar, sqltype.Binary:
		return len(c.offs) - 1
	}
	return c.mb.Len()
}

func (c *inColumn) appendNull() {
	if c.mb != nil {
		c.mb.AppendNull()
		return
	}
	c.nulls = append(c.nulls, int32(c.len()))
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		c.bools = append(c.bools, false)
	case sqltype.Int, sqltype.Date, sqltype.Tinyint, sqltype.Smallint:
		c.i32 = append(c.i32, 0)
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		c.i64 = append(c.i64, 0)
	case sqltype.Double, sqltype.Float:
		c.f64 = append(c.f64, 0)
	case sqltype.Decimal:
		c.dec = append(c.dec, rt.Decimal{})
	case sqltype.Varchar, sqltype.Binary:
		c.offs = append(c.offs, int32(len(c.data)))
	}
}

// appendValue appends a Go value (nil for NULL) as appendValue does to a builder.
func (c *inColumn) appendValue(v any) {
	if v == nil {
		c.appendNull()
		return
	}
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		c.bools = append(c.bools, v.(bool))
	case sqltype.Int:
		c.i32 = append(c.i32, v.(int32))
	case sqltype.Tinyint:
		c.i32 = append(c.i32, int32(v.(int8)))
	case sqltype.Smallint:
		c.i32 = append(c.i32, int32(v.(int16)))
	case sqltype.Float:
		c.f64 = append(c.f64, float64(v.(float32)))
	case sqltype.Date:
		c.i32 = append(c.i32, int32(v.(date)))
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		c.i64 = append(c.i64, v.(int64))
	case sqltype.Double:
		c.f64 = append(c.f64, v.(float64))
	case sqltype.Decimal:
		c.dec = append(c.dec, v.(rt.Decimal))
	case sqltype.Varchar, sqltype.Binary:
		c.appendString(v.(string))
	default:
		appendValue(c.mb, c.c.Type, v)
	}
}

func (c *inColumn) appendBytes(s []byte) {
	c.data = append(c.data, s...)
	c.offs = append(c.offs, int32(len(c.data)))
}

func (c *inColumn) appendString(s string) {
	c.data = append(c.data, s...)
	c.offs = append(c.offs, int32(len(c.data)))
}

// reserve makes room for n more rows (the rows of a VARCHAR, not its bytes).
func (c *inColumn) reserve(n int) {
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		c.bools = slices.Grow(c.bools, n)
	case sqltype.Int, sqltype.Date, sqltype.Tinyint, sqltype.Smallint:
		c.i32 = slices.Grow(c.i32, n)
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		c.i64 = slices.Grow(c.i64, n)
	case sqltype.Double, sqltype.Float:
		c.f64 = slices.Grow(c.f64, n)
	case sqltype.Decimal:
		c.dec = slices.Grow(c.dec, n)
	case sqltype.Varchar, sqltype.Binary:
		c.offs = slices.Grow(c.offs, n)
	}
}

// truncate keeps the first n rows (of a column without a builder).
func (c *inColumn) truncate(n int) {
	for len(c.nulls) > 0 && int(c.nulls[len(c.nulls)-1]) >= n {
		c.nulls = c.nulls[:len(c.nulls)-1]
	}
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		c.bools = c.bools[:n]
	case sqltype.Int, sqltype.Date, sqltype.Tinyint, sqltype.Smallint:
		c.i32 = c.i32[:n]
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		c.i64 = c.i64[:n]
	case sqltype.Double, sqltype.Float:
		c.f64 = c.f64[:n]
	case sqltype.Decimal:
		c.dec = c.dec[:n]
	case sqltype.Varchar, sqltype.Binary:
		c.offs = c.offs[:n+1]
		c.data = c.data[:c.offs[n]]
	}
}

func (c *inColumn) reset() {
	c.nulls, c.i64, c.i32, c.f64, c.bools = c.nulls[:0], c.i64[:0], c.i32[:0], c.f64[:0], c.bools[:0]
	c.dec = c.dec[:0]
	c.offs, c.data = append(c.offs[:0], 0), c.data[:0]
}

// bufferOf copies b to a buffer of mem.
func bufferOf(mem memory.Allocator, b []byte) *memory.Buffer {
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(len(b))
	copy(buf.Bytes(), b)
	return buf
}

// array makes the column's array of the rows appended since the last, and
// starts the next.
func (c *inColumn) array(mem memory.Allocator) arrow.Array {
	if c.mb != nil {
		return c.mb.NewArray()
	}
	n := c.len()
	bufs := make([]*memory.Buffer, 2, 3)
	if len(c.nulls) > 0 {
		bufs[0] = memory.NewResizableBuffer(mem)
		bufs[0].Resize(int(arrow.BooleanTraits.BytesRequired(n)))
		valid := bufs[0].Bytes()
		for i := range valid {
			valid[i] = 0xff
		}
		for _, r := range c.nulls {
			valid[r>>3] &^= 1 << (r & 7)
		}
	}
	switch c.c.Type.Kind {
	case sqltype.Boolean:
		bufs[1] = memory.NewResizableBuffer(mem)
		bufs[1].Resize(int(arrow.BooleanTraits.BytesRequired(n)))
		bits := bufs[1].Bytes()
		clear(bits)
		for i, v := range c.bools {
			if v {
				bits[i>>3] |= 1 << (i & 7)
			}
		}
	case sqltype.Int, sqltype.Date:
		bufs[1] = bufferOf(mem, arrow.Int32Traits.CastToBytes(c.i32))
	case sqltype.Tinyint:
		v := make([]int8, len(c.i32))
		for i, x := range c.i32 {
			v[i] = int8(x)
		}
		bufs[1] = bufferOf(mem, arrow.Int8Traits.CastToBytes(v))
	case sqltype.Smallint:
		v := make([]int16, len(c.i32))
		for i, x := range c.i32 {
			v[i] = int16(x)
		}
		bufs[1] = bufferOf(mem, arrow.Int16Traits.CastToBytes(v))
	case sqltype.Float:
		v := make([]float32, len(c.f64))
		for i, x := range c.f64 {
			v[i] = float32(x)
		}
		bufs[1] = bufferOf(mem, arrow.Float32Traits.CastToBytes(v))
	case sqltype.Bigint, sqltype.Timestamp, sqltype.TimestampNTZ:
		bufs[1] = bufferOf(mem, arrow.Int64Traits.CastToBytes(c.i64))
	case sqltype.Double:
		bufs[1] = bufferOf(mem, arrow.Float64Traits.CastToBytes(c.f64))
	case sqltype.Decimal:
		if len(c.dec) > 0 {
			bufs[1] = bufferOf(mem, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(c.dec))), len(c.dec)*16))
		} else {
			bufs[1] = memory.NewResizableBuffer(mem)
		}
	case sqltype.Varchar, sqltype.Binary:
		bufs[1] = bufferOf(mem, arrow.Int32Traits.CastToBytes(c.offs))
		bufs = append(bufs, bufferOf(mem, c.data))
	}
	data := array.NewData(c.dt, n, bufs, nil, len(c.nulls), 0)
	for _, b := range bufs {
		if b != nil {
			b.Release()
		}
	}
	arr := array.MakeFromData(data)
	data.Release()
	c.reset()
	return arr
}

// textColumns builds the batches of a block parser: the columns Skip leaves.
type textColumns struct {
	mem      memory.Allocator
	reserved bool        // by reserveFirst
	cols     []*inColumn // in table order
	byTable  []*inColumn // nil where skipped
}

func newTextColumns(table *tableType, skip []bool, zone *rt.Zone, mem memory.Allocator) *textColumns {
	t := &textColumns{mem: mem, byTable: make([]*inColumn, len(table.Columns))}
	for i, c := range table.Columns {
		if i < len(skip) && skip[i] {
			continue
		}
		col := &inColumn{i: i, c: c, dt: table.schema.Field(i).Type, zone: zone}
		if c.Type.Kind == sqltype.Map || c.Type.Kind == sqltype.YMInterval || c.Type.Kind == sqltype.DTInterval {
			col.mb = array.NewBuilder(mem, col.dt)
		}
		col.reset()
		t.cols = append(t.cols, col)
		t.byTable[i] = col
	}
	return t
}

// finish ends the batch being built.
func (t *textColumns) finish(rows int) parsedBatch {
	pb := parsedBatch{cols: make([]arrow.Array, len(t.byTable)), rows: rows}
	for _, c := range t.cols {
		pb.cols[c.i] = c.array(t.mem)
	}
	return pb
}

// reserveFirst makes room, before the first block, for as many rows as it
// has lines (up to a batch) at once rather than by doubling: fresh memory is
// costly to touch.
func (t *textColumns) reserveFirst(data []byte, batchSize int) {
	if t.reserved {
		return
	}
	t.reserved = true
	n := min(batchSize, bytes.Count(data, []byte{'\n'})+1)
	for _, c := range t.cols {
		c.reserve(n)
	}
}

// truncate keeps the first n rows of the batch being built (no MAP column).
func (t *textColumns) truncate(n int) {
	for _, c := range t.cols {
		if c.len() > n {
			c.truncate(n)
		}
	}
}

// drop forgets the batch being built.
func (t *textColumns) drop() {
	for _, c := range t.cols {
		if c.mb != nil {
			c.mb.NewArray().Release()
		}
		c.reset()
	}
}

func (t *textColumns) release() {
	for _, c := range t.cols {
		if c.mb != nil {
			c.mb.Release()
		}
	}
	t.cols = nil
}
