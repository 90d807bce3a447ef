package vec

import (
	"math/rand/v2"

	"testing"

	"github.com/exprc/exprc/templates/rt"
)

// TestFastProbesMatchGeneral: each fast probe answers exactly as the
// general probe it stands for, over random values with NULLs, argument
// errors, duplicate and missing keys, empty structures and selections.
func TestFastProbesMatchGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	boom := rt.NewError(rt.DivideByZero, "boom")
	vector := func(n int) Vec[int64] {
		v := Make[int64](n)
		for i := range v.V {
			v.V[i] = r.Int64N(12)
			switch r.IntN(8) {
			case 0:
				v.SetNull(i)
			case 1:
				v.SetErr(i, boom)
			}
		}
		return v
	}
	for round := 0; round < 300; round++ {
		n := 1 + r.IntN(40)
		var sel Sel
		if r.IntN(2) == 0 {
			for i := 0; i < n; i++ {
				if r.IntN(3) > 0 {
					sel = append(sel, int32(i))
				}
			}
		}
		members := r.IntN(6)
		g := NewSubGroup(SubSpecInt64(NeedSet))
		keyed := NewSubKeyed[int64](SubSpecInt64(0))
		sorted := NewSubSortedBuilder(CompareInt64, SubSpecInt64(0))
		for m := 0; m < members; m++ {
			v, null := r.Int64N(12), r.IntN(4) == 0
			g.Add(v, null)
			keyed.Add(v, v, null)
			sorted.Add(v, v, null)
		}
		s := sorted.Build()
		x := vector(n)
		xClean := x
		xClean.Err = nil
		argErrs := SubArgErrs(n, x.Err)
		var innerErr *rt.Error
		if r.IntN(10) == 0 {
			innerErr = boom
		}
		same := func(what string, a, b any) {
			t.Helper()
			if !equalVec(a, b, sel, n) {
				t.Fatalf("round %d %s: fast %v, general %v", round, what, a, b)
			}
		}
		same("IN", SubProbeIn(g, innerErr, &x, sel, n), SubProbeSet(g, innerErr, ResAny[int64, int64](RelEq), &x, sel, n))
		same("IN clean", SubProbeIn(g, innerErr, &xClean, sel, n), SubProbeSet(g, innerErr, ResAny[int64, int64](RelEq), &xClean, sel, n))
		same("keyed rows", SubProbeKeyedRows(keyed, innerErr, &xClean, argErrs, sel, n),
			SubProbeKeyed(keyed, innerErr, ResRows[int64, int64], nil, &xClean, argErrs, sel, n))
		same("keyed exists", SubProbeKeyedExists(keyed, innerErr, &xClean, argErrs, sel, n),
			SubProbeKeyed(keyed, innerErr, ResExists[int64, int64], nil, &xClean, argErrs, sel, n))
		for _, rel := range []SubRel{RelLt, RelLe, RelGt, RelGe} {
			same("sorted rows", SubProbeSortedRows(s, innerErr, rel, &xClean, argErrs, sel, n),
				SubProbeSorted(s, innerErr, rel, RangeRows[int64, int64, int64], &xClean, argErrs, sel, n))
		}
	}
}

// equalVec compares two vectors' outcomes on the rows of sel.
func equalVec(a, b any, sel Sel, n int) bool {
	switch a := a.(type) {
	case Vec[bool]:
		return sameOutcomes(&a, ptr(b.(Vec[bool])), sel, n)
	case Vec[int64]:
		return sameOutcomes(&a, ptr(b.(Vec[int64])), sel, n)
	}
	return false
}

func ptr[T any](v T) *T { return &v }

func sameOutcomes[T comparable](a, b *Vec[T], sel Sel, n int) bool {
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		ea, eb := a.ErrAt(i), b.ErrAt(i)
		switch {
		case ea != nil || eb != nil:
			if ea != eb {
				return false
			}
		case a.IsNull(i) || b.IsNull(i):
			if a.IsNull(i) != b.IsNull(i) {
				return false
			}
		case a.V[i] != b.V[i]:
			return false
		}
	}
	return true
}
