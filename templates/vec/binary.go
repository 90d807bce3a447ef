package vec

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The vec functions of BINARY columns, the kind's row of codegen/kinds.
// BINARY values are Go strings holding the bytes, as VARCHAR's are, and an
// Arrow binary array has the string array's layout (int32 offsets, bytes),
// so generated code reads a BINARY column through a VARCHAR array over the
// same buffers (BinaryAsString) and builds a BINARY output as a VARCHAR one
// relabelled at the end (AsBinary): one small header per batch and column,
// no copy of the bytes, and every string loop, view and writer serves both.

// relabel returns an array of type dt over a's buffers (a's validity,
// offsets and bytes, retained).
func relabel(a arrow.Array, dt arrow.DataType) arrow.Array {
	d := a.Data()
	nd := array.NewData(dt, d.Len(), d.Buffers(), nil, d.NullN(), d.Offset())
	defer nd.Release()
	return array.MakeFromData(nd)
}

// BinaryAsString is BINARY column a read as a VARCHAR array over the same
// buffers (a VARCHAR array is returned retained), a reference of its own
// that the caller releases.
func BinaryAsString(a arrow.Array) *array.String {
	if s, ok := a.(*array.String); ok {
		s.Retain()
		return s
	}
	return relabel(a, arrow.BinaryTypes.String).(*array.String)
}

// AsBinary returns output column a, built as VARCHAR, as the BINARY column
// it is, releasing a (a BINARY array, a column passed through, is returned
// as is).
func AsBinary(a arrow.Array) arrow.Array {
	if a.DataType().ID() == arrow.BINARY {
		return a
	}
	b := relabel(a, arrow.BinaryTypes.Binary)
	a.Release()
	return b
}

// Binaries reads a BINARY column as string views into the Arrow buffer (no
// copies of the bytes).
func Binaries(a arrow.Array) Vec[string] {
	b := a.(*array.Binary)
	v := Vec[string]{V: make([]string, b.Len()), Valid: BitmapOf(a)}
	for i := range v.V {
		v.V[i] = b.ValueString(i)
	}
	return v
}

// BinaryArray builds the BINARY output column of rows sel of v.
func BinaryArray(mem memory.Allocator, v *Vec[string], sel Sel, n int) arrow.Array {
	return AsBinary(StringArray(mem, v, sel, n))
}

// AppendBinary appends x to a Binary builder.
func AppendBinary(b array.Builder, x string) { b.(*array.BinaryBuilder).AppendString(x) }

// Binary appends v to BINARY column col (the builder copies the bytes).
func (b *InputBuilder) Binary(col int, v []byte) { b.rb.Field(col).(*array.BinaryBuilder).Append(v) }
