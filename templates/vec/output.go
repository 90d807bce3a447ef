package vec

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// The output builders write the selected rows of a vector straight into buffers
// allocated from mem: one pass, no intermediate slices.

// validity builds the validity bitmap of rows sel of null, or returns nil when
// no selected row is NULL.
func validity(mem memory.Allocator, null []bool, bm Bitmap, sel Sel, n int) (*memory.Buffer, int) {
	if bm.bits != nil {
		return bitmapValidity(mem, bm, sel, n)
	}
	if null == nil {
		return nil, 0
	}
	cnt := sel.Rows(n)
	nulls := 0
	for k := 0; k < cnt; k++ {
		if null[sel.Row(k)] {
			nulls++
		}
	}
	if nulls == 0 {
		return nil, 0
	}
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(int(bitutil.BytesForBits(int64(cnt))))
	bits := buf.Bytes()
	clear(bits)
	for k := 0; k < cnt; k++ {
		if !null[sel.Row(k)] {
			bitutil.SetBit(bits, k)
		}
	}
	return buf, nulls
}

// bitmapValidity is validity for NULLs held in a bitmap: copied whole, or
// gathered for a selection 64 rows at a time, without a branch per row.
func bitmapValidity(mem memory.Allocator, bm Bitmap, sel Sel, n int) (*memory.Buffer, int) {
	cnt := sel.Rows(n)
	buf := memory.NewResizableBuffer(mem)
	nw := (cnt + 63) / 64
	buf.Resize(nw * 8)
	valid := 0
	if sel == nil {
		bits := buf.Bytes()
		bitutil.CopyBitmap(bm.bits, bm.off, cnt, bits, 0)
		valid = bitutil.CountSetBits(bits, 0, cnt)
	} else if nw > 0 {
		words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(buf.Bytes()))), nw)
		src, off := bm.bits, bm.off
		for w := range words {
			var word uint64
			for j, r := range sel[w*64 : min(w*64+64, cnt)] {
				p := off + int(r)
				word |= uint64(src[p>>3]>>(p&7)&1) << uint(j)
			}
			words[w] = word
			valid += bits.OnesCount64(word)
		}
	}
	if valid == cnt {
		buf.Release()
		return nil, 0
	}
	return buf, cnt - valid
}

func makeArray(dt arrow.DataType, cnt int, nulls int, bufs ...*memory.Buffer) arrow.Array {
	data := array.NewData(dt, cnt, bufs, nil, nulls, 0)
	arr := array.MakeFromData(data)
	data.Release()
	for _, b := range bufs {
		if b != nil {
			b.Release()
		}
	}
	return arr
}

// fixed gathers rows sel of a fixed-width vector into an Arrow array.
//
// A column of every row of a vector Make allocated takes the vector's values
// as its buffer when mem is arrow-go's GoAllocator, whose buffers are Go
// slices too: a batch-wide copy saved, as when an output column is a
// shared subexpression that other columns read. (Any other allocator, a
// checked one included, gets the copy it is asked for.)
func fixed[T int8 | int16 | int32 | int64 | float32 | float64 | rt.Decimal](mem memory.Allocator, dt arrow.DataType, v *Vec[T], sel Sel, n int) arrow.Array {
	if _, goMem := mem.(*memory.GoAllocator); goMem && sel == nil && v.own && len(v.V) == n {
		var zero T
		buf := memory.NewBufferBytes(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v.V))), n*int(unsafe.Sizeof(zero))))
		valid, nulls := validity(mem, v.Null, v.Valid, sel, n)
		return makeArray(dt, n, nulls, valid, buf)
	}
	buf, cnt := gatherValues(mem, v.V, sel, n)
	valid, nulls := validity(mem, v.Null, v.Valid, sel, n)
	return makeArray(dt, cnt, nulls, valid, buf)
}

// gatherValues copies rows sel of vals (n rows) into a buffer from mem and
// returns it with its count of values.
func gatherValues[T int8 | int16 | int32 | int64 | float32 | float64 | rt.Decimal](mem memory.Allocator, vals []T, sel Sel, n int) (*memory.Buffer, int) {
	cnt := sel.Rows(n)
	var zero T
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(cnt * int(unsafe.Sizeof(zero)))
	if cnt == 0 {
		return buf, 0
	}
	out := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(buf.Bytes()))), cnt)
	if sel == nil {
		copy(out, vals[:n])
	} else {
		out = out[:len(sel)] // as long as sel: no bounds check on out[k]
		for k, i := range sel {
			out[k] = vals[i]
		}
	}
	return buf, cnt
}

// Int64Array builds the output column of rows sel of v.
func Int64Array(mem memory.Allocator, v *Vec[int64], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Int64, v, sel, n)
}

// Int32Array builds the output column of rows sel of v.
func Int32Array(mem memory.Allocator, v *Vec[int32], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Int32, v, sel, n)
}

// Float64Array builds the output column of rows sel of v.
func Float64Array(mem memory.Allocator, v *Vec[float64], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Float64, v, sel, n)
}

// DateArray builds the output column of rows sel of v.
func DateArray(mem memory.Allocator, v *Vec[int32], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.FixedWidthTypes.Date32, v, sel, n)
}

// DecimalArray builds the output column of rows sel of v, of Arrow type dt
// (decimal128 with the column's precision and scale).
func DecimalArray(mem memory.Allocator, dt arrow.DataType, v *Vec[rt.Decimal], sel Sel, n int) arrow.Array {
	return fixed(mem, dt, v, sel, n)
}

// BoolArray builds the output column of rows sel of v.
func BoolArray(mem memory.Allocator, v *Vec[bool], sel Sel, n int) arrow.Array {
	cnt := sel.Rows(n)
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(int(bitutil.BytesForBits(int64(cnt))))
	bits := buf.Bytes()
	clear(bits)
	if sel == nil {
		packBools(bits, v.V[:cnt])
	} else {
		for k := 0; k < cnt; k++ {
			if v.V[sel.Row(k)] {
				bitutil.SetBit(bits, k)
			}
		}
	}
	valid, nulls := validity(mem, v.Null, v.Valid, sel, n)
	return makeArray(arrow.FixedWidthTypes.Boolean, cnt, nulls, valid, buf)
}

// packBools sets bit k of the cleared bitmap bits where vs[k] is TRUE, eight
// values at a time: a Go bool is the byte 0 or 1, so eight of them are one
// little-endian word, and multiplying it by 0x0102040810204080 gathers
// their low bits, in order, into its top byte (no carry crosses a bit the
// product keeps). A branch or a bit set per value costs about as much as the
// rest of a comparison's loop.
func packBools(bits []byte, vs []bool) {
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vs))), len(vs))
	full := len(vs) / 8
	bits = bits[:(len(vs)+7)/8]
	for b := range full {
		w := binary.LittleEndian.Uint64(raw[b*8:])
		bits[b] = byte(w * 0x0102040810204080 >> 56)
	}
	for k := full * 8; k < len(vs); k++ {
		if vs[k] {
			bits[k>>3] |= 1 << (k & 7)
		}
	}
}

// StringArray builds the output column of rows sel of v.
func StringArray(mem memory.Allocator, v *Vec[string], sel Sel, n int) arrow.Array {
	cnt := sel.Rows(n)
	size := 0
	for k := 0; k < cnt; k++ {
		if i := sel.Row(k); !v.IsNull(i) {
			size += len(v.V[i])
		}
	}
	ob, offs, data := stringBuffers(mem, cnt, size)
	bytes := data.Bytes()
	pos := 0
	for k := 0; k < cnt; k++ {
		offs[k] = int32(pos)
		if i := sel.Row(k); !v.IsNull(i) {
			pos += copy(bytes[pos:], v.V[i])
		}
	}
	offs[cnt] = int32(pos)
	valid, nulls := validity(mem, v.Null, v.Valid, sel, n)
	return makeArray(arrow.BinaryTypes.String, cnt, nulls, valid, ob, data)
}

// putBytes copies raw[s:e] to dst[pos:] and returns its length: a string of
// at most 8 bytes (a flag, a code) as one 8-byte load and store where both
// have room, rather than a call of memmove per value.
func putBytes(dst []byte, pos int, raw []byte, s, e int32) int {
	l := int(e - s)
	if l <= 8 && s >= 0 && pos+8 <= len(dst) && int(s)+8 <= len(raw) {
		// both sides have 8 bytes from their positions (just checked): one
		// unaligned word, without the bounds checks of slicing
		*(*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), pos)) = *(*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(raw)), s))
		return l
	}
	copy(dst[pos:], raw[s:e])
	return l
}

// stringBuffers allocates the offsets buffer (also returned as a slice) and the
// data buffer of a string array of cnt values and size bytes.
func stringBuffers(mem memory.Allocator, cnt, size int) (*memory.Buffer, []int32, *memory.Buffer) {
	ob := memory.NewResizableBuffer(mem)
	ob.Resize((cnt + 1) * 4)
	offs := unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(ob.Bytes()))), cnt+1)
	data := memory.NewResizableBuffer(mem)
	data.Resize(size)
	return ob, offs, data
}

// TakeColumn is the output column of an input column passed through unchanged:
// the input array itself when every row is kept (kept is nil), else its kept
// rows copied straight from its buffers, their validity compressed 64 rows
// at a time. MAP columns go through MapArray instead.
func TakeColumn(mem memory.Allocator, a arrow.Array, kept *Kept, n int) arrow.Array {
	if kept == nil {
		a.Retain()
		return a
	}
	sel := kept.sel
	valid := BitmapOf(a)
	switch a := a.(type) {
	case *array.Int64:
		return takeFixed(mem, a.DataType(), a.Int64Values(), valid, kept)
	case *array.Int32:
		return takeFixed(mem, a.DataType(), a.Int32Values(), valid, kept)
	case *array.Int8:
		return takeFixed(mem, a.DataType(), a.Int8Values(), valid, kept)
	case *array.Int16:
		return takeFixed(mem, a.DataType(), a.Int16Values(), valid, kept)
	case *array.Float32:
		return takeFixed(mem, a.DataType(), a.Float32Values(), valid, kept)
	case *array.Float64:
		return takeFixed(mem, a.DataType(), a.Float64Values(), valid, kept)
	case *array.Date32:
		d := a.Date32Values()
		return takeFixed(mem, a.DataType(), unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(d))), len(d)), valid, kept)
	case *array.Timestamp:
		d := a.TimestampValues()
		return takeFixed(mem, a.DataType(), unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(d))), len(d)), valid, kept)
	case *array.MonthInterval: // YEAR-MONTH intervals: int32 months
		d := a.MonthIntervalValues()
		return takeFixed(mem, a.DataType(), unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(d))), len(d)), valid, kept)
	case *array.Duration: // DAY-TIME intervals: int64 microseconds
		d := a.DurationValues()
		return takeFixed(mem, a.DataType(), unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(d))), len(d)), valid, kept)
	case *array.Decimal128:
		return takeFixed(mem, a.DataType(), decimalValues(a), valid, kept)
	case *array.Boolean:
		v := Bools(a)
		return BoolArray(mem, &v, sel, n)
	case *array.Binary:
		s := BinaryAsString(a)
		defer s.Release()
		return AsBinary(TakeColumn(mem, s, kept, n))
	case *array.String:
		src := a.ValueOffsets() // absolute offsets into the data buffer
		var raw []byte
		if b := a.Data().Buffers()[2]; b != nil {
			raw = b.Bytes()
		}
		size := 0
		if len(sel) >= n/2 && len(sel) > 0 {
			// most rows are kept: the bytes from the first kept row to the
			// last bound the size, without a pass over the rows
			size = int(src[sel[len(sel)-1]+1] - src[sel[0]])
		} else {
			for _, i := range sel {
				size += int(src[i+1] - src[i])
			}
		}
		ob, offs, data := stringBuffers(mem, len(sel), size+8) // 8 spare bytes: see putBytes
		bytes := data.Bytes()
		pos := 0
		for k, i := range sel {
			offs[k] = int32(pos)
			pos += putBytes(bytes, pos, raw, src[i], src[i+1])
		}
		offs[len(sel)] = int32(pos)
		data.ResizeNoShrink(pos)
		vb, nullCount := kept.validityOf(mem, valid)
		return makeArray(arrow.BinaryTypes.String, len(sel), nullCount, vb, ob, data)
	}
	panic("vec.TakeColumn: unsupported column type " + a.DataType().String())
}

// takeFixed is TakeColumn of a fixed-width column with values vals and
// validity valid.
func takeFixed[T int8 | int16 | int32 | int64 | float32 | float64 | rt.Decimal](mem memory.Allocator, dt arrow.DataType, vals []T, valid Bitmap, kept *Kept) arrow.Array {
	buf, cnt := gatherValues(mem, vals, kept.sel, kept.n)
	vb, nulls := kept.validityOf(mem, valid)
	return makeArray(dt, cnt, nulls, vb, buf)
}

// MapArray builds the output column of rows sel of v; appendKey and appendVal
// append one key or value to the map builder's key and item builders.
func MapArray[K comparable, V any](mem memory.Allocator, typ *arrow.MapType, v *Vec[MapRef[K, V]], sel Sel, n int,
	appendKey func(array.Builder, K), appendVal func(array.Builder, V)) arrow.Array {
	b := array.NewMapBuilderWithType(mem, typ)
	defer b.Release()
	kb, ib := b.KeyBuilder(), b.ItemBuilder()
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if v.IsNull(i) {
			b.AppendNull()
			continue
		}
		m := v.V[i]
		b.Append(true)
		for j := m.Start; j < m.End; j++ {
			// A repeated key keeps its first position and takes its last value, as
			// the interpreter reads maps (Spark's LAST_WIN).
			key := m.Data.Keys[j]
			if m.seenBefore(j) {
				continue
			}
			last := m.lastOf(j)
			appendKey(kb, key)
			if m.Data.Vals.IsNull(int(last)) {
				ib.AppendNull()
			} else {
				appendVal(ib, m.Data.Vals.V[last])
			}
		}
	}
	return b.NewArray()
}

// Appenders for MapArray, one per Go representation of an exprc type.
func AppendInt64(b array.Builder, x int64)     { b.(*array.Int64Builder).Append(x) }
func AppendInt32(b array.Builder, x int32)     { b.(*array.Int32Builder).Append(x) }
func AppendFloat64(b array.Builder, x float64) { b.(*array.Float64Builder).Append(x) }
func AppendBool(b array.Builder, x bool)       { b.(*array.BooleanBuilder).Append(x) }
func AppendString(b array.Builder, x string)   { b.(*array.StringBuilder).Append(x) }
func AppendDate(b array.Builder, x int32)      { b.(*array.Date32Builder).Append(arrow.Date32(x)) }
