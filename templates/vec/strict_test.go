package vec

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// TestStrict checks the rows a strict function's arguments decide: NULL
// beats an error whichever argument holds which, the first failed argument
// wins, an Arrow array's NULLs come from its validity bitmap (sliced too),
// and rows outside the selection are not touched.
func TestStrict(t *testing.T) {
	e1, e2 := rt.NewError("E1", "one"), rt.NewError("E2", "two")
	a := Vec[int64]{V: make([]int64, 6), Null: []bool{false, true, false, false, false, true}, Err: []*rt.Error{nil, nil, e1, nil, e1, nil}}
	b := Vec[int64]{V: make([]int64, 6), Err: []*rt.Error{nil, e2, e2, e2, nil, nil}}
	bld := array.NewStringBuilder(memory.NewGoAllocator())
	bld.AppendValues([]string{"skip", "x", "y", "z", "w", "v", "u"}, []bool{true, true, true, true, true, false, true})
	full := bld.NewStringArray()
	defer full.Release()
	s := array.NewSlice(full, 1, 7).(*array.String) // x y z w (NULL) u
	defer s.Release()

	res := Make[int64](6)
	if Strict(&res, Sel{0, 1, 2, 3, 4}, 6, FlagsOf(&a), FlagsOf(&b), ArrowFlags(s)) {
		t.Fatal("Strict reported clean arguments")
	}
	want := []struct {
		null bool
		err  *rt.Error
	}{{}, {null: true}, {err: e1}, {err: e2}, {null: true}, {}}
	for i, w := range want {
		if res.IsNull(i) != w.null || res.ErrAt(i) != w.err {
			t.Errorf("row %d: NULL %v, error %v; want NULL %v, error %v", i, res.IsNull(i), res.ErrAt(i), w.null, w.err)
		}
	}
	clean := Make[int64](6)
	if !Strict(&clean, nil, 6, FlagsOf(&Vec[int64]{V: make([]int64, 6)})) || !clean.Clean() {
		t.Error("clean arguments: Strict marked rows")
	}
}

// TestMapAndMerge checks the shared kernel loops (the strict rules, a kernel
// error on a row no argument decided) and that Merge gives a row its source's
// outcome whole, clearing a NULL the destination had.
func TestMapAndMerge(t *testing.T) {
	x := Vec[int64]{V: []int64{1, 2, 3, 4}, Null: []bool{false, false, true, false}}
	div := Map2E(Sel{0, 1, 2, 3}, 4, VecArg(&x), ConstArg[int64](0), rt.DivInt64)
	if !div.IsNull(2) || div.ErrAt(0) == nil || div.ErrAt(3) == nil {
		t.Errorf("x DIV 0: NULL row %v, errors %v %v", div.IsNull(2), div.ErrAt(0), div.ErrAt(3))
	}
	sum := Map2E(Sel{1, 3}, 4, VecArg(&x), ConstArg[int64](10), rt.AddInt64)
	if sum.V[1] != 12 || sum.V[3] != 14 || sum.V[0] != 0 {
		t.Errorf("x + 10 over rows 1 and 3: %v", sum.V)
	}
	dst := Make[int64](4)
	dst.SetNull(1)
	Merge(&dst, &sum, Sel{1}, 4)
	if dst.IsNull(1) || dst.V[1] != 12 {
		t.Errorf("Merge left row 1 NULL %v, value %d", dst.IsNull(1), dst.V[1])
	}
}

// TestPatch checks that the direct writers take the vector code's rows at
// their positions in the selection: values, NULLs, and a value over a NULL
// the loop wrote before it left the row.
func TestPatch(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	sel := Sel{1, 3, 4, 6}
	g := Vec[int64]{V: []int64{0, 0, 0, 30, 40, 0, 0}, Null: make([]bool, 7)}
	g.Null[6] = true
	w := NewFixedOut[int64](mem, arrow.PrimitiveTypes.Int64, len(sel))
	copy(w.V, []int64{10, -1, -1, -1})
	w.SetNull(1) // the loop made row 3 NULL, then left it
	w.Patch(&g, Sel{3, 4, 6}, sel)
	arr := w.Array().(*array.Int64)
	defer arr.Release()
	if arr.Value(0) != 10 || arr.IsNull(1) || arr.Value(1) != 30 || arr.Value(2) != 40 || !arr.IsNull(3) || arr.NullN() != 1 {
		t.Errorf("patched column: %v (NULLs %d)", arr, arr.NullN())
	}

	gs := Vec[string]{V: []string{"", "", "", "c", "", "", ""}, Null: make([]bool, 7)}
	gs.Null[4] = true
	sw := NewStringOut(mem, len(sel))
	sw.Append("a")
	sw.AppendNull() // the loop made row 3 NULL, then left it
	sw.Skip()
	sw.Append("d")
	sw.Patch(&gs, Sel{3, 4}, sel)
	sarr := sw.Array().(*array.String)
	defer sarr.Release()
	if sarr.Value(0) != "a" || sarr.IsNull(1) || sarr.Value(1) != "c" || !sarr.IsNull(2) || sarr.Value(3) != "d" || sarr.NullN() != 1 {
		t.Errorf("patched VARCHAR column: %v (NULLs %d)", sarr, sarr.NullN())
	}
}
