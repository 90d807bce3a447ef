package bench

// Shared pieces of the hand-written evaluators (hand_*.go): what a Go
// programmer writing one loop per query over Arrow buffers would factor out.
// Inputs are read in place (values through the typed arrays' value slices,
// validity bitmaps 64 rows at a time at the array's bit offset), outputs are
// written straight into buffers from the query's memory.Allocator and wrapped
// as arrays with array.NewData and array.MakeFromData: no builders, no
// per-row allocation.

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Date constants of the queries, in days since the epoch.
const (
	date19980902 = 10471
	date19940101 = 8766
	date19950101 = 9131
)

// checkInput validates the batch's schema (names and types) and the NOT NULL
// column, as the generated code does. A batch that carries the table's
// schema itself (the same *arrow.Schema, which is immutable) needs no
// field-by-field comparison.
func checkInput(in arrow.RecordBatch, want *arrow.Schema, notNull int) error {
	if s := in.Schema(); s != want {
		if err := vec.CheckSchema(s, want); err != nil {
			return err
		}
	}
	return vec.NotNull(in.Column(notNull), want.Field(notNull).Name)
}

// queryError is the error of a query at row, in column (its SQL text expr).
func queryError(row int, column, expr string, err *rt.Error) error {
	return &vec.QueryError{Row: int64(row), Column: column, Expr: expr, Err: err}
}

// b2u is 1 for true and 0 for false; the compiler turns it into a SETcc,
// without a branch.
func b2u(b bool) uint64 {
	var x uint64
	if b {
		x = 1
	}
	return x
}

// gtNaN is x > c under Spark's order of DOUBLEs for a constant c that is not
// NaN: NaN is greater than every number, so x > c is "not x <= c", one
// comparison.
func gtNaN(x, c float64) bool { return !(x <= c) }

// gtSpark is a > b under Spark's order of DOUBLEs (rt.GtFloat64): NaN is
// greater than every number and equal to NaN.
func gtSpark(a, b float64) bool { return a > b || (a != a && b == b) }

// validity is the validity bitmap of an input column read in place, at the
// array's bit offset; b is nil when the column has no NULLs.
type validity struct {
	b   []byte
	off int
}

// validityOf reads a's validity bitmap.
func validityOf(a arrow.Array) validity {
	if a.NullN() == 0 {
		return validity{}
	}
	d := a.Data()
	return validity{b: d.Buffers()[0].Bytes(), off: d.Offset()}
}

// word returns the validity of rows [i, i+64) (bit j for row i+j): all ones
// for a column without NULLs. Bits past the end of the bitmap are 0.
func (v validity) word(i int) uint64 {
	if v.b == nil {
		return math.MaxUint64
	}
	return v.load(i)
}

// load is word of a column with a bitmap.
func (v validity) load(i int) uint64 {
	p := v.off + i
	q, s := p>>3, uint(p&7)
	if q+9 <= len(v.b) {
		return binary.LittleEndian.Uint64(v.b[q:])>>s | uint64(v.b[q+8])<<(64-s)
	}
	return v.tail(q, s)
}

// tail is word near the end of the bitmap, a byte at a time.
func (v validity) tail(q int, s uint) uint64 {
	var lo, hi uint64
	for k := 0; k < 8 && q+k < len(v.b); k++ {
		lo |= uint64(v.b[q+k]) << (8 * k)
	}
	if q+8 < len(v.b) {
		hi = uint64(v.b[q+8])
	}
	return lo>>s | hi<<(64-s)
}

// bit reports whether row i is valid (for random access, such as a map's
// items).
func (v validity) bit(i int) bool {
	if v.b == nil {
		return true
	}
	p := v.off + i
	return v.b[p>>3]>>(p&7)&1 != 0
}

// words returns n's count of 64-bit words.
func words(n int) int { return (n + 63) / 64 }

// tailMask is the mask of the rows of the last word of n rows.
func tailMask(n int) uint64 {
	if n%64 == 0 {
		return math.MaxUint64
	}
	return 1<<(n%64) - 1
}

// allocBuf returns a buffer of size bytes from mem.
func allocBuf(mem memory.Allocator, size int) *memory.Buffer {
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(size)
	return buf
}

// asSlice views the bytes of buf as n values of T (Arrow buffers from an
// allocator are 64-byte aligned).
func asSlice[T any](buf *memory.Buffer, n int) []T {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(buf.Buf()))), n)
}

// allocF64 returns a buffer of n DOUBLEs and its values.
func allocF64(mem memory.Allocator, n int) (*memory.Buffer, []float64) {
	buf := allocBuf(mem, n*8)
	return buf, asSlice[float64](buf, n)
}

// allocI64 returns a buffer of n BIGINTs and its values.
func allocI64(mem memory.Allocator, n int) (*memory.Buffer, []int64) {
	buf := allocBuf(mem, n*8)
	return buf, asSlice[int64](buf, n)
}

// allocBits returns a bitmap buffer of n rows, as whole 64-bit words.
func allocBits(mem memory.Allocator, n int) (*memory.Buffer, []uint64) {
	buf := allocBuf(mem, words(n)*8)
	return buf, asSlice[uint64](buf, words(n))
}

// finishValidity clears the bits past row n of a validity bitmap and counts
// its NULLs; a bitmap without NULLs is released and nil returned in its
// place.
func finishValidity(buf *memory.Buffer, w []uint64, n int) (*memory.Buffer, int) {
	if len(w) == 0 {
		buf.Release()
		return nil, 0
	}
	w[len(w)-1] &= tailMask(n)
	valid := 0
	for _, x := range w {
		valid += bits.OnesCount64(x)
	}
	if valid == n {
		buf.Release()
		return nil, 0
	}
	return buf, n - valid
}

// shared returns buf (possibly nil) retained once more, for one more array
// that uses it: a validity bitmap shared by several output columns.
func shared(buf *memory.Buffer) *memory.Buffer {
	if buf != nil {
		buf.Retain()
	}
	return buf
}

// newArray wraps buffers as an array of n values of type dt with nulls NULLs;
// it takes over the references to bufs.
func newArray(dt arrow.DataType, n, nulls int, bufs ...*memory.Buffer) arrow.Array {
	data := array.NewData(dt, n, bufs, nil, nulls, 0)
	arr := array.MakeFromData(data)
	data.Release()
	for _, b := range bufs {
		if b != nil {
			b.Release()
		}
	}
	return arr
}

// newBatch assembles the output batch of n rows and releases cols.
func newBatch(schema *arrow.Schema, n int, cols ...arrow.Array) arrow.RecordBatch {
	out := array.NewRecordBatch(schema, cols, int64(n))
	for _, c := range cols {
		c.Release()
	}
	return out
}

// passThrough returns an input column as an output column (zero copy).
func passThrough(a arrow.Array) arrow.Array {
	a.Retain()
	return a
}

// strData is a VARCHAR input column read in place: its offsets (for rows
// [0, n] of the array, absolute into raw) and its data bytes.
type strData struct {
	offs []int32
	raw  []byte
}

func stringsOf(a arrow.Array) strData {
	s := a.(*array.String)
	d := strData{offs: s.ValueOffsets()}
	if b := s.Data().Buffers()[2]; b != nil {
		d.raw = b.Bytes()
	}
	if len(d.offs) == 0 { // an empty array may have no offsets
		d.offs = []int32{0}
	}
	return d
}

// size is the number of data bytes of rows [0, n).
func (s strData) size() int { return int(s.offs[len(s.offs)-1] - s.offs[0]) }

// strOut is a VARCHAR output column written in place: offsets into a buffer
// of exactly its length, bytes into a buffer grown (through the allocator)
// when a row needs more room than is left.
type strOut struct {
	offBuf, dataBuf *memory.Buffer
	offs            []int32
	data            []byte // the whole data buffer
	pos             int    // bytes written
}

// newStrOut returns a writer of n values with room for size bytes.
func newStrOut(mem memory.Allocator, n, size int) *strOut {
	w := &strOut{offBuf: allocBuf(mem, (n+1)*4), dataBuf: allocBuf(mem, max(size, 64))}
	w.offs = asSlice[int32](w.offBuf, n+1)
	w.data = w.dataBuf.Bytes()
	return w
}

// grow makes room for need more bytes.
func (w *strOut) grow(need int) {
	w.dataBuf.Resize(max(2*len(w.data), w.pos+need))
	w.data = w.dataBuf.Bytes()
}

// array returns the column of n values with validity valid (nil: no NULLs)
// and nulls NULLs.
func (w *strOut) array(n int, valid *memory.Buffer, nulls int) arrow.Array {
	w.dataBuf.ResizeNoShrink(w.pos)
	w.offBuf.ResizeNoShrink((n + 1) * 4)
	return newArray(arrow.BinaryTypes.String, n, nulls, valid, w.offBuf, w.dataBuf)
}

// release frees the buffers of a writer whose query failed.
func (w *strOut) release() {
	w.offBuf.Release()
	w.dataBuf.Release()
}

// compressor gathers the bits of words at the set bits of a selection mask m
// to the low end (x86's PEXT, in software: Hacker's Delight's compress, its
// masks computed once per mask and applied to every word of the block).
type compressor struct {
	m  uint64
	mv [6]uint64
}

func newCompressor(m uint64) compressor {
	c := compressor{m: m}
	mk := ^m << 1
	for i := range 6 {
		mp := mk ^ mk<<1
		mp ^= mp << 2
		mp ^= mp << 4
		mp ^= mp << 8
		mp ^= mp << 16
		mp ^= mp << 32
		mv := mp & m
		c.mv[i] = mv
		m = m ^ mv | mv>>(1<<i)
		mk &^= mp
	}
	return c
}

// apply returns the bits of x at the mask's set bits, packed from bit 0.
func (c *compressor) apply(x uint64) uint64 {
	x &= c.m
	for i, mv := range c.mv {
		t := x & mv
		x = x ^ t | t>>(1<<i)
	}
	return x
}

// deposit ORs bits (the low bits of c) into the bitmap out from bit k on;
// out must be zeroed beyond bit k.
func deposit(out []uint64, k int, c uint64) {
	w, s := k>>6, uint(k&63)
	out[w] |= c << s
	if w+1 < len(out) {
		out[w+1] |= c >> (64 - s)
	}
}

// putBytes copies raw[s:e] into dst at pos and returns its length. A short
// value (at most 8 bytes) is moved as one 8-byte word when both sides have
// room for it: the bytes past the value are overwritten by the next value or
// lie past the end of the column.
func putBytes(dst []byte, pos int, raw []byte, s, e int32) int {
	l := int(e - s)
	if l <= 8 && s >= 0 && pos+8 <= len(dst) && int(s)+8 <= len(raw) {
		// both sides have room (just checked): no bounds check on the word
		*(*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), pos)) = *(*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(raw)), s))
		return l
	}
	copy(dst[pos:], raw[s:e])
	return l
}
