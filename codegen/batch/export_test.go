package batch

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// MapRoundTrip reads MAP column a of type t as the engine does, boxes each
// row as the per-row path does (nil for NULL), sets the boxed values into a
// fresh vector and builds the output column of it.
func MapRoundTrip(t ir.Type, a arrow.Array, mem memory.Allocator) ([]any, arrow.Array, error) {
	k, err := kindOf(t)
	if err != nil {
		return nil, nil, err
	}
	v, n := k.read(a), a.Len()
	vals := make([]any, n)
	out := k.make(n)
	for i := range vals {
		if k.dirty(v, i) {
			k.setNull(out, i)
			continue
		}
		vals[i] = k.value(v, i)
		k.set(out, i, vals[i])
	}
	return vals, k.build(mem, a.DataType(), out, nil, n), nil
}

// SetChunkRows sets the rows Eval computes at once, for a test, and returns
// the function that restores it.
func SetChunkRows(n int) (restore func()) {
	old := chunkRows
	chunkRows = n
	return func() { chunkRows = old }
}
