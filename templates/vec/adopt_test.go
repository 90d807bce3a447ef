package vec

import (
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestOutputTakesVector: an output column of every row of a vector Make
// allocated takes its values as the buffer with the GoAllocator, and copies
// them with any other allocator, with a selection, or from a memo or an input.
func TestOutputTakesVector(t *testing.T) {
	const n = 100
	fill := func(v Vec[float64]) Vec[float64] {
		for i := range v.V {
			v.V[i] = float64(i) / 4
		}
		return v
	}
	checked := memory.NewCheckedAllocator(memory.NewGoAllocator())
	in := array.NewFloat64Builder(checked)
	defer in.Release()
	in.AppendValues(fill(Make[float64](n)).V, nil)
	inArr := in.NewFloat64Array()
	defer inArr.Release()
	for _, c := range []struct {
		name  string
		v     Vec[float64]
		mem   memory.Allocator
		sel   Sel
		taken bool
	}{
		{"made, GoAllocator", fill(Make[float64](n)), memory.NewGoAllocator(), nil, true},
		{"made, DefaultAllocator", fill(Make[float64](n)), memory.DefaultAllocator, nil, true},
		{"made, checked allocator", fill(Make[float64](n)), checked, nil, false},
		{"made, a selection", fill(Make[float64](n)), memory.NewGoAllocator(), Sel{1, 5, 7}, false},
		{"memo", fill(Memo[float64](n)), memory.NewGoAllocator(), nil, false},
		{"input column", Float64s(inArr), memory.NewGoAllocator(), nil, false},
	} {
		col := Float64Array(c.mem, &c.v, c.sel, n).(*array.Float64)
		got := col.Float64Values()
		if taken := unsafe.SliceData(got) == unsafe.SliceData(c.v.V); taken != c.taken {
			t.Errorf("%s: values taken %v, want %v", c.name, taken, c.taken)
		}
		for k := range got {
			if i := c.sel.Row(k); got[k] != c.v.V[i] {
				t.Fatalf("%s: row %d is %v, want %v", c.name, k, got[k], c.v.V[i])
			}
		}
		col.Release()
	}
}
