package vec

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// The vec functions of TINYINT (int8), SMALLINT (int16) and FLOAT (float32)
// columns, the kinds' rows of codegen/kinds: reading, building, flagging
// and choosing values, and appending them to input batches. (MAP keys and
// values and subquery members of these kinds do not occur: the compiler
// refuses such MAPs and computes subqueries over INT and DOUBLE.)

// Int8s reads a TINYINT column without copying its values.
func Int8s(a arrow.Array) Vec[int8] {
	return Vec[int8]{V: a.(*array.Int8).Int8Values(), Valid: BitmapOf(a)}
}

// Int16s reads a SMALLINT column without copying its values.
func Int16s(a arrow.Array) Vec[int16] {
	return Vec[int16]{V: a.(*array.Int16).Int16Values(), Valid: BitmapOf(a)}
}

// Float32s reads a FLOAT column without copying its values.
func Float32s(a arrow.Array) Vec[float32] {
	return Vec[float32]{V: a.(*array.Float32).Float32Values(), Valid: BitmapOf(a)}
}

// Int8Array builds the output column of rows sel of v.
func Int8Array(mem memory.Allocator, v *Vec[int8], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Int8, v, sel, n)
}

// Int16Array builds the output column of rows sel of v.
func Int16Array(mem memory.Allocator, v *Vec[int16], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Int16, v, sel, n)
}

// Float32Array builds the output column of rows sel of v.
func Float32Array(mem memory.Allocator, v *Vec[float32], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.PrimitiveTypes.Float32, v, sel, n)
}

// AppendInt8 appends x to an Int8 builder.
func AppendInt8(b array.Builder, x int8) { b.(*array.Int8Builder).Append(x) }

// AppendInt16 appends x to an Int16 builder.
func AppendInt16(b array.Builder, x int16) { b.(*array.Int16Builder).Append(x) }

// AppendFloat32 appends x to a Float32 builder.
func AppendFloat32(b array.Builder, x float32) { b.(*array.Float32Builder).Append(x) }

// Int8 returns v, noting err.
func (f *Failed) Int8(v int8, err *rt.Error) int8 {
	if err != nil {
		*f = true
	}
	return v
}

// Int16 returns v, noting err.
func (f *Failed) Int16(v int16, err *rt.Error) int16 {
	if err != nil {
		*f = true
	}
	return v
}

// Float32 returns v, noting err.
func (f *Failed) Float32(v float32, err *rt.Error) float32 {
	if err != nil {
		*f = true
	}
	return v
}

// Int8 returns v, noting err if it is the row's first.
func (f *FirstErr) Int8(v int8, err *rt.Error) int8 { f.note(err); return v }

// Int16 returns v, noting err if it is the row's first.
func (f *FirstErr) Int16(v int16, err *rt.Error) int16 { f.note(err); return v }

// Float32 returns v, noting err if it is the row's first.
func (f *FirstErr) Float32(v float32, err *rt.Error) float32 { f.note(err); return v }

// Int8 appends v to TINYINT column col.
func (b *InputBuilder) Int8(col int, v int8) { b.rb.Field(col).(*array.Int8Builder).Append(v) }

// Int16 appends v to SMALLINT column col.
func (b *InputBuilder) Int16(col int, v int16) { b.rb.Field(col).(*array.Int16Builder).Append(v) }

// Float32 appends v to FLOAT column col.
func (b *InputBuilder) Float32(col int, v float32) {
	b.rb.Field(col).(*array.Float32Builder).Append(v)
}
