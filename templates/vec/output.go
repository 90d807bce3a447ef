package vec

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// valid returns the validity flags of rows sel of v for an Arrow builder, or nil
// when every selected row is valid.
func valid[T any](v *Vec[T], sel Sel, n int) []bool {
	if v.Null == nil {
		return nil
	}
	cnt := sel.Rows(n)
	out := make([]bool, cnt)
	for k := range out {
		out[k] = !v.Null[sel.Row(k)]
	}
	return out
}

// compact returns the values of rows sel of v, contiguous.
func compact[T any](v *Vec[T], sel Sel, n int) []T {
	if sel == nil {
		return v.V[:n]
	}
	out := make([]T, len(sel))
	for k, i := range sel {
		out[k] = v.V[i]
	}
	return out
}

// Int64Array builds the output column of rows sel of v.
func Int64Array(mem memory.Allocator, v *Vec[int64], sel Sel, n int) arrow.Array {
	b := array.NewInt64Builder(mem)
	defer b.Release()
	b.AppendValues(compact(v, sel, n), valid(v, sel, n))
	return b.NewArray()
}

// Int32Array builds the output column of rows sel of v.
func Int32Array(mem memory.Allocator, v *Vec[int32], sel Sel, n int) arrow.Array {
	b := array.NewInt32Builder(mem)
	defer b.Release()
	b.AppendValues(compact(v, sel, n), valid(v, sel, n))
	return b.NewArray()
}

// Float64Array builds the output column of rows sel of v.
func Float64Array(mem memory.Allocator, v *Vec[float64], sel Sel, n int) arrow.Array {
	b := array.NewFloat64Builder(mem)
	defer b.Release()
	b.AppendValues(compact(v, sel, n), valid(v, sel, n))
	return b.NewArray()
}

// BoolArray builds the output column of rows sel of v.
func BoolArray(mem memory.Allocator, v *Vec[bool], sel Sel, n int) arrow.Array {
	b := array.NewBooleanBuilder(mem)
	defer b.Release()
	b.AppendValues(compact(v, sel, n), valid(v, sel, n))
	return b.NewArray()
}

// StringArray builds the output column of rows sel of v.
func StringArray(mem memory.Allocator, v *Vec[string], sel Sel, n int) arrow.Array {
	b := array.NewStringBuilder(mem)
	defer b.Release()
	b.AppendValues(compact(v, sel, n), valid(v, sel, n))
	return b.NewArray()
}

// DateArray builds the output column of rows sel of v.
func DateArray(mem memory.Allocator, v *Vec[int32], sel Sel, n int) arrow.Array {
	b := array.NewDate32Builder(mem)
	defer b.Release()
	vals := compact(v, sel, n)
	ok := valid(v, sel, n)
	b.Reserve(len(vals))
	for k, x := range vals {
		if ok != nil && !ok[k] {
			b.AppendNull()
		} else {
			b.Append(arrow.Date32(x))
		}
	}
	return b.NewArray()
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
