package vec

import (
	"math"
	"testing"

	"github.com/exprc/exprc/templates/rt"
)

// TestFirstErr checks that a fused loop's row keeps the first error its code
// meets, and that EndRow makes the row that error (its whole outcome: a NULL
// set before it is undone) and readies the flag for the next row.
func TestFirstErr(t *testing.T) {
	e1, e2 := rt.NewError("E1", "one"), rt.NewError("E2", "two")
	var bad FirstErr
	if v := bad.Int64(7, nil); v != 7 || bad.Err != nil {
		t.Fatalf("Int64(7, nil) = %d, Err %v", v, bad.Err)
	}
	bad.Int64(0, e1)
	bad.Float64(0, e2)
	bad.String("", nil)
	if bad.Err != e1 {
		t.Fatalf("first error %v, want E1", bad.Err)
	}
	res := Vec[int64]{V: make([]int64, 4)}
	res.SetNull(2)
	EndRow(&res, 4, 2, &bad)
	if bad.Err != nil {
		t.Fatalf("EndRow left the flag set: %v", bad.Err)
	}
	if res.ErrAt(2) != e1 || res.IsNull(2) {
		t.Fatalf("row 2: error %v, NULL %v; want E1, not NULL", res.ErrAt(2), res.IsNull(2))
	}
	EndRow(&res, 4, 3, &bad) // no error: the row is left as the loop wrote it
	if res.ErrAt(3) != nil {
		t.Fatalf("row 3 has error %v", res.ErrAt(3))
	}
}

// TestKeepErrs checks that a column a fused loop wrote directly (its result
// vector holding no values) keeps the errors of the rows the loop decided
// and gains those of the rows the vector code computed (rest) only.
func TestKeepErrs(t *testing.T) {
	e1, e2 := rt.NewError("E1", "one"), rt.NewError("E2", "two")
	var res Vec[string] // no values: the loop wrote the Arrow column
	FailRow(&res, 5, 1, e1)
	g := Vec[string]{V: make([]string, 5), Err: []*rt.Error{nil, nil, e2, e2, nil}}
	KeepErrs(&res, &g, Sel{2, 4}, 5)
	want := []*rt.Error{nil, e1, e2, nil, nil} // row 3 is not in rest
	for i, w := range want {
		if got := res.ErrAt(i); got != w {
			t.Errorf("row %d: error %v, want %v", i, got, w)
		}
	}
	if r, e := First(&res, nil, 5); r != 1 || e != e1 {
		t.Errorf("First = row %d %v, want row 1 E1", r, e)
	}
}

func TestChoose(t *testing.T) {
	for _, c := range []bool{true, false} {
		pick := func(a, b any) any {
			if c {
				return a
			}
			return b
		}
		if got := ChooseInt64(c, math.MinInt64, 7); got != pick(int64(math.MinInt64), int64(7)) {
			t.Errorf("ChooseInt64(%v) = %v", c, got)
		}
		if got := ChooseInt32(c, -3, math.MaxInt32); got != pick(int32(-3), int32(math.MaxInt32)) {
			t.Errorf("ChooseInt32(%v) = %v", c, got)
		}
		nan := math.NaN()
		if got := ChooseFloat64(c, nan, math.Copysign(0, -1)); c != math.IsNaN(got) || !c && !math.Signbit(got) {
			t.Errorf("ChooseFloat64(%v) = %v", c, got)
		}
		for _, a := range []bool{true, false} {
			for _, b := range []bool{true, false} {
				if got := ChooseBool(c, a, b); got != pick(a, b) {
					t.Errorf("ChooseBool(%v, %v, %v) = %v", c, a, b, got)
				}
			}
		}
	}
}
