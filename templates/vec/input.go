package vec

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
)

// Int64s reads a BIGINT column without copying its values.
func Int64s(a arrow.Array) Vec[int64] {
	return Vec[int64]{V: a.(*array.Int64).Int64Values(), Valid: BitmapOf(a)}
}

// Int32s reads an INT column without copying its values.
func Int32s(a arrow.Array) Vec[int32] {
	return Vec[int32]{V: a.(*array.Int32).Int32Values(), Valid: BitmapOf(a)}
}

// Float64s reads a DOUBLE column without copying its values.
func Float64s(a arrow.Array) Vec[float64] {
	return Vec[float64]{V: a.(*array.Float64).Float64Values(), Valid: BitmapOf(a)}
}

// Dates reads a DATE column (days since the epoch) without copying its values.
func Dates(a arrow.Array) Vec[int32] {
	d := a.(*array.Date32).Date32Values()
	v := unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
	return Vec[int32]{V: v, Valid: BitmapOf(a)}
}

// Decimals reads a DECIMAL column without copying its values: an Arrow
// decimal128 value is an rt.Decimal (low word first). Narrower decimal32 and
// decimal64 columns are widened into a new vector.
func Decimals(a arrow.Array) Vec[rt.Decimal] {
	switch d := a.(type) {
	case *array.Decimal64:
		return Vec[rt.Decimal]{V: widenDecimals(d.Values()), Valid: BitmapOf(a)}
	case *array.Decimal32:
		return Vec[rt.Decimal]{V: widenDecimals(d.Values()), Valid: BitmapOf(a)}
	}
	return Vec[rt.Decimal]{V: decimalValues(a.(*array.Decimal128)), Valid: BitmapOf(a)}
}

// widenDecimals copies the unscaled values of a decimal32 or decimal64
// column into 128-bit ones.
func widenDecimals[T ~int32 | ~int64](vals []T) []rt.Decimal {
	v := make([]rt.Decimal, len(vals))
	for i, x := range vals {
		v[i] = rt.DecimalFromInt64(int64(x))
	}
	return v
}

// decimalValues is the values of a decimal128 array as rt.Decimals, sharing
// its buffer (decimal128.Num is two words, low first, as rt.Decimal is).
func decimalValues(a *array.Decimal128) []rt.Decimal {
	n := a.Len()
	if n == 0 {
		return nil
	}
	buf := a.Data().Buffers()[1].Bytes()
	all := unsafe.Slice((*rt.Decimal)(unsafe.Pointer(unsafe.SliceData(buf))), len(buf)/16)
	off := a.Data().Offset()
	return all[off : off+n]
}

// Bools reads a BOOLEAN column (Arrow packs bits; this unpacks them).
func Bools(a arrow.Array) Vec[bool] {
	b := a.(*array.Boolean)
	v := Vec[bool]{V: make([]bool, b.Len()), Valid: BitmapOf(a)}
	for i := range v.V {
		v.V[i] = b.Value(i)
	}
	return v
}

// Strings reads a VARCHAR column as string views into the Arrow buffer (no
// copies of the bytes).
func Strings(a arrow.Array) Vec[string] {
	s := a.(*array.String)
	v := Vec[string]{V: make([]string, s.Len()), Valid: BitmapOf(a)}
	for i := range v.V {
		v.V[i] = s.Value(i)
	}
	return v
}

// MapData holds the entries of a MAP column: keys and values of all rows back to
// back, as Arrow stores them.
type MapData[K comparable, V any] struct {
	Keys []K
	Vals Vec[V]
}

// MapRef is one MAP value: the entries [Start, End) of a MapData.
type MapRef[K comparable, V any] struct {
	Data       *MapData[K, V]
	Start, End int32
}

// Get looks key up; the last entry wins when a key repeats (Spark's LAST_WIN).
// found is false on a missing key; null is true when the value is NULL.
func (m MapRef[K, V]) Get(key K) (val V, found, null bool) {
	for j := m.End - 1; j >= m.Start; j-- {
		if m.Data.Keys[j] == key {
			return m.Data.Vals.V[j], true, m.Data.Vals.IsNull(int(j))
		}
	}
	return val, false, false
}

// Len is the number of distinct keys (cardinality).
func (m MapRef[K, V]) Len() int32 {
	n := int32(0)
	for j := m.Start; j < m.End; j++ {
		dup := false
		for x := j + 1; x < m.End; x++ {
			if m.Data.Keys[x] == m.Data.Keys[j] {
				dup = true
				break
			}
		}
		if !dup {
			n++
		}
	}
	return n
}

// Maps reads a MAP column; keys and values are read by the given readers, which
// are the readers of the key and value types above.
func Maps[K comparable, V any](a arrow.Array, keys func(arrow.Array) Vec[K], vals func(arrow.Array) Vec[V]) Vec[MapRef[K, V]] {
	m := a.(*array.Map)
	data := &MapData[K, V]{Keys: keys(m.Keys()).V, Vals: vals(m.Items())}
	v := Vec[MapRef[K, V]]{V: make([]MapRef[K, V], m.Len()), Valid: BitmapOf(a)}
	for i := range v.V {
		start, end := m.ValueOffsets(i)
		v.V[i] = MapRef[K, V]{Data: data, Start: int32(start), End: int32(end)}
	}
	return v
}

// seenBefore reports whether entry j's key occurs earlier in the map.
func (m MapRef[K, V]) seenBefore(j int32) bool {
	for x := m.Start; x < j; x++ {
		if m.Data.Keys[x] == m.Data.Keys[j] {
			return true
		}
	}
	return false
}

// lastOf returns the last entry with entry j's key.
func (m MapRef[K, V]) lastOf(j int32) int32 {
	last := j
	for x := j + 1; x < m.End; x++ {
		if m.Data.Keys[x] == m.Data.Keys[j] {
			last = x
		}
	}
	return last
}

// StrView reads the values of a VARCHAR column in place, by row: its
// offsets (from the array's first row) and its bytes as one string, so a
// value is a slice of that string with no method call (array.String.Value
// checks the row against the length and adds the array's offset first).
//
// Every value of a view is readable 8 bytes past its start (Padded), so
// that StringOut.AppendShort may copy a short one as one word.
type StrView struct {
	offs []int32
	data string
}

// ViewOf returns the view of VARCHAR array a. Its bytes are the array's
// own where the buffer's allocation extends 8 bytes past them (Arrow pads
// a buffer to 64 bytes: nearly always), else a copy that does.
func ViewOf(a *array.String) StrView {
	if a.Len() == 0 {
		return StrView{}
	}
	v := StrView{offs: a.ValueOffsets()}
	if b := a.Data().Buffers()[2]; b != nil && b.Len() > 0 {
		p := padded(b.Bytes(), b.Buf())
		v.data = unsafe.String(unsafe.SliceData(p), len(p))
	}
	return v
}

// padded returns data readable 8 bytes past its end (len+8 within its
// capacity): in place where whole, the memory data starts (to its
// capacity: a buffer read from an IPC message is a slice of the message's
// body, which goes on), extends that far, else a copy.
func padded(data, whole []byte) []byte {
	whole = whole[:cap(whole)]
	if len(whole)-len(data) < 8 || unsafe.SliceData(whole) != unsafe.SliceData(data) {
		whole = make([]byte, len(data)+8)
		copy(whole, data)
	}
	return whole[:len(data)]
}

// PaddedStrings returns values as strings each readable 8 bytes past its
// start (their bytes one after another in one allocation, 8 spare bytes at
// its end): the constant results of a CASE that StringOut.AppendShort
// writes. An empty value is "".
func PaddedStrings(values ...string) []string {
	size := 8
	for _, v := range values {
		size += len(v)
	}
	buf := make([]byte, 0, size)
	out := make([]string, len(values))
	for k, v := range values {
		at := len(buf)
		buf = append(buf, v...)
		if v != "" {
			out[k] = unsafe.String(&buf[at], len(v))
		}
	}
	return out
}

// At returns row i's value (any bytes, often empty, on a NULL row).
func (v StrView) At(i int) string { return v.data[v.offs[i]:v.offs[i+1]] }
