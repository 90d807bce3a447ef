package vec

import (
	"encoding/binary"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// Direct output: a fused loop (codegen/fuse.go) that computes an output column
// writes each selected row's value straight into the Arrow buffers of the
// result, in selection order, instead of into a batch-sized vector that
// StringArray or Int64Array then copies out. A fixed-width column's loop
// leaves the rows with a NULL or failed input, or that fail, to the vector
// code, whose outcomes are then patched in (FixedOut.Patch, which makes the
// validity bitmap on the first NULL). A VARCHAR column is appended, so only a
// loop over clean inputs writes it; one that stops early (a map lookup
// missed) releases its writer and the column is built from the vector code's
// result as usual.

// StringOut appends the values of a VARCHAR output column. Values go into a
// buffer from mem sized by a guess; a column that outgrows it continues in
// Go memory (append) and is copied into a buffer from mem once, at the end.
type StringOut struct {
	offsBuf, dataBuf *memory.Buffer
	offs             []int32
	data             []byte // len: bytes written; backed by dataBuf until it outgrows it
	k                int
	mem              memory.Allocator
	valid            *memory.Buffer // the validity bitmap, made by the first NULL Patch writes
	nulls            int
}

// NewStringOut returns a writer for cnt values, with room for 8 bytes each.
func NewStringOut(mem memory.Allocator, cnt int) *StringOut {
	return NewStringOutWidth(mem, cnt, 8)
}

// NewStringOutWidth returns a writer for cnt values with room for width
// bytes each: for a column whose values have one known length (a date
// written with a fixed-width pattern, rt.DatetimePatternWidth), which then
// never outgrows its buffer.
func NewStringOutWidth(mem memory.Allocator, cnt, width int) *StringOut {
	w := &StringOut{offsBuf: memory.NewResizableBuffer(mem), dataBuf: memory.NewResizableBuffer(mem), mem: mem}
	w.offsBuf.Resize((cnt + 1) * 4)
	w.offs = unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(w.offsBuf.Bytes()))), cnt+1)
	w.offs[0] = 0
	w.dataBuf.Resize(cnt * width)
	w.data = w.dataBuf.Bytes()[:0]
	return w
}

// Data is the column's bytes so far, which an append form of a kernel
// (rt.AppendForms) extends by the next value; Commit takes the result.
func (w *StringOut) Data() []byte { return w.data }

// Commit ends the next value: data is Data() with the value appended.
func (w *StringOut) Commit(data []byte) {
	w.data = data
	w.k++
	w.offs[w.k] = int32(len(data))
}

// Append writes the next value. It is small enough to be inlined in the loop.
func (w *StringOut) Append(s string) {
	w.data = append(w.data, s...)
	w.k++
	w.offs[w.k] = int32(len(w.data))
}

// AppendShort is Append for a value readable 8 bytes past its start (one
// from a StrView, an rt.Arena or PaddedStrings, or a slice of one): a
// value of 1 to 8 bytes is copied as one 8-byte word, with no call and no
// branch on its length (memmove branches on it, which the data decides
// where a CASE picks results of several lengths). The bytes stored past
// the value lie in the writer's spare room, overwritten by the next value.
func (w *StringOut) AppendShort(s string) {
	w.putShort(s)
	w.k++
	w.offs[w.k] = int32(len(w.data))
}

// AppendConcatShort is AppendConcat for parts each readable 8 bytes past
// its start (as AppendShort's value): a part of 1 to 8 bytes is copied as
// one word.
func (w *StringOut) AppendConcatShort(parts ...string) {
	for _, p := range parts {
		w.putShort(p)
	}
	w.k++
	w.offs[w.k] = int32(len(w.data))
}

// putShort appends the bytes of s, readable 8 bytes past its start, as one
// word where it has 1 to 8 of them and the writer room for a word.
func (w *StringOut) putShort(s string) {
	n := len(w.data)
	if uint(len(s))-1 < 8 && cap(w.data)-n >= 8 {
		dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(w.data)), n)
		*(*uint64)(dst) = *(*uint64)(unsafe.Pointer(unsafe.StringData(s)))
		w.data = w.data[:n+len(s)]
	} else {
		w.data = append(w.data, s...)
	}
}

// AppendConcat writes the concatenation of parts as the next value: a
// concat at the root of the column, its parts copied once, straight into
// the column (rt.Concat's semantics: the parts in order, nothing between).
func (w *StringOut) AppendConcat(parts ...string) {
	for _, p := range parts {
		w.data = append(w.data, p...)
	}
	w.k++
	w.offs[w.k] = int32(len(w.data))
}

// Array returns the column written; the writer is done with.
func (w *StringOut) Array() arrow.Array {
	size := len(w.data)
	inPlace := size > 0 && unsafe.SliceData(w.data) == unsafe.SliceData(w.dataBuf.Bytes())
	w.dataBuf.ResizeNoShrink(size)
	if !inPlace {
		copy(w.dataBuf.Bytes(), w.data)
	}
	w.data = nil
	return makeArray(arrow.BinaryTypes.String, w.k, w.nulls, w.valid, w.offsBuf, w.dataBuf)
}

// Release frees the buffers of a writer whose column is not needed.
func (w *StringOut) Release() {
	w.offsBuf.Release()
	w.dataBuf.Release()
	if w.valid != nil {
		w.valid.Release()
	}
	w.data = nil
}

// AppendNull writes a NULL: a row whose strict expression has a NULL input.
func (w *StringOut) AppendNull() {
	w.valid, w.nulls = clearValid(w.mem, w.valid, w.nulls, len(w.offs)-1, w.k)
	w.Skip()
}

// Skip writes an empty value in place of a row the loop leaves to the vector
// code, which Patch then replaces.
func (w *StringOut) Skip() {
	w.k++
	w.offs[w.k] = int32(len(w.data))
}

// Patch writes the rows a fused loop left to the vector code: each row of
// rest (a subset of sel, both in increasing order) takes its outcome in g at
// its position in sel, a NULL clearing its validity bit; a row that failed
// stays empty (the query returns its error, not the column). The values are
// appended, so the column's bytes are copied once.
func (w *StringOut) Patch(g *Vec[string], rest, sel Sel) {
	old := w.data
	oldOffs := make([]int32, w.k+1)
	copy(oldOffs, w.offs)
	data := make([]byte, 0, len(old))
	p := 0 // next row of rest
	for k := 0; k < w.k; k++ {
		row := k
		if sel != nil {
			row = int(sel[k])
		}
		switch {
		case p < len(rest) && int(rest[p]) == row:
			p++
			switch {
			case g.IsNull(row):
				w.valid, w.nulls = clearValid(w.mem, w.valid, w.nulls, w.k, k)
			case g.ErrAt(row) == nil:
				data = append(data, g.V[row]...)
				w.nulls = setValid(w.valid, w.nulls, k) // the loop may have made it NULL before it left the row
			}
		default:
			data = append(data, old[oldOffs[k]:oldOffs[k+1]]...)
		}
		w.offs[k+1] = int32(len(data))
	}
	w.data = data
}

// clearValid marks position k of a column of cnt values NULL in validity
// bitmap valid (made, all valid, on the first NULL) and returns the bitmap
// and the column's NULL count.
func clearValid(mem memory.Allocator, valid *memory.Buffer, nulls, cnt, k int) (*memory.Buffer, int) {
	if valid == nil {
		valid = memory.NewResizableBuffer(mem)
		valid.Resize((cnt + 7) / 8)
		bits := valid.Bytes()
		for j := range bits {
			bits[j] = 0xff
		}
	}
	bits := valid.Bytes()
	if bits[k/8]&(1<<(k%8)) != 0 {
		bits[k/8] &^= 1 << (k % 8)
		nulls++
	}
	return valid, nulls
}

// FixedOut holds the values of a fixed-width output column: the loop stores
// row k of the selection into V[k].
type FixedOut[T int8 | int16 | int32 | int64 | float32 | float64 | rt.Decimal] struct {
	V     []T
	buf   *memory.Buffer
	dt    arrow.DataType
	mem   memory.Allocator
	valid *memory.Buffer // the validity bitmap, made by the first NULL Patch writes
	nulls int
	// bits are valid's bytes once PrepareNulls made it for NullWord, whose
	// marks are counted (recount) when the column is done or patched.
	bits    []byte
	recount bool
}

// NewFixedOut returns a writer for cnt values of Arrow type dt.
func NewFixedOut[T int8 | int16 | int32 | int64 | float32 | float64 | rt.Decimal](mem memory.Allocator, dt arrow.DataType, cnt int) *FixedOut[T] {
	var zero T
	w := &FixedOut[T]{buf: memory.NewResizableBuffer(mem), dt: dt, mem: mem}
	w.buf.Resize(cnt * int(unsafe.Sizeof(zero)))
	if cnt > 0 {
		w.V = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(w.buf.Bytes()))), cnt)
	}
	return w
}

// Array returns the column; the writer is done with.
func (w *FixedOut[T]) Array() arrow.Array {
	w.count()
	if w.valid != nil && w.nulls == 0 {
		w.valid.Release()
		w.valid = nil
	}
	return makeArray(w.dt, len(w.V), w.nulls, w.valid, w.buf)
}

// PrepareNulls makes the column's validity bitmap (every row valid) for a
// loop that marks its NULL rows with NullWord.
func (w *FixedOut[T]) PrepareNulls() {
	if w.valid == nil {
		w.valid = memory.NewResizableBuffer(w.mem)
		w.valid.Resize((len(w.V) + 7) / 8)
		bits := w.valid.Bytes()
		for j := range bits {
			bits[j] = 0xff
		}
	}
	w.bits, w.recount = w.valid.Bytes(), true
}

// NullWord makes NULL the positions of the 64-position word that holds
// position last whose bits are set in marks (bit j: position last&^63 + j),
// the marks a loop collected in a register (nothing for a negative last:
// no word yet). PrepareNulls comes first.
func (w *FixedOut[T]) NullWord(last int, marks uint64) {
	if last < 0 || marks == 0 {
		return
	}
	w.recount = true
	bits := w.bits[(last&^63)>>3:]
	if len(bits) >= 8 {
		binary.LittleEndian.PutUint64(bits, binary.LittleEndian.Uint64(bits)&^marks)
		return
	}
	for j := range bits {
		bits[j] &^= byte(marks >> (8 * j))
	}
}

// count sets the NULL count from the bitmap after NullWord marks.
func (w *FixedOut[T]) count() {
	if !w.recount {
		return
	}
	w.recount = false
	w.nulls = len(w.V) - bitutil.CountSetBits(w.valid.Bytes(), 0, len(w.V))
}

// Release frees the buffers of a writer whose column is not needed.
func (w *FixedOut[T]) Release() {
	w.buf.Release()
	if w.valid != nil {
		w.valid.Release()
	}
}

// SetNull makes the value at position k NULL: a row whose strict expression
// has a NULL input.
func (w *FixedOut[T]) SetNull(k int) {
	if w.valid != nil {
		if bits := w.valid.Bytes(); bits[k>>3]&(1<<(k&7)) != 0 {
			bits[k>>3] &^= 1 << (k & 7)
			w.nulls++
		}
		return
	}
	w.valid, w.nulls = clearValid(w.mem, w.valid, w.nulls, len(w.V), k)
}

// SetValidity makes the column NULL where bitmap b (by batch row) is, for
// the kept rows in order (nil: every row): the validity of a strict
// expression (AndValid), set before the loop that writes its values on
// every row.
func (w *FixedOut[T]) SetValidity(b Bitmap, kept *Kept) {
	w.valid, w.nulls = kept.validityOf(w.mem, b)
}

// Patch writes the rows a fused loop left to the vector code: each row of
// rest (a subset of sel, both in increasing order) takes its outcome in g at
// its position in sel, a NULL clearing its validity bit. A row that failed is
// left as is: the query returns its error, not the column.
func (w *FixedOut[T]) Patch(g *Vec[T], rest, sel Sel) {
	w.count()
	k := 0 // position in sel
	for _, r := range rest {
		i := int(r)
		if sel != nil {
			for int(sel[k]) != i {
				k++
			}
		} else {
			k = i
		}
		if g.IsNull(i) {
			w.valid, w.nulls = clearValid(w.mem, w.valid, w.nulls, len(w.V), k)
			continue
		}
		w.V[k] = g.V[i]
		w.nulls = setValid(w.valid, w.nulls, k) // the loop may have made it NULL before it left the row
	}
}

// setValid marks position k valid in validity bitmap valid (nil: all are)
// and returns the column's NULL count.
func setValid(valid *memory.Buffer, nulls, k int) int {
	if valid == nil {
		return nulls
	}
	if bits := valid.Bytes(); bits[k/8]&(1<<(k%8)) == 0 {
		bits[k/8] |= 1 << (k % 8)
		nulls--
	}
	return nulls
}
