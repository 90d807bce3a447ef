package vec

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// sliced returns an int64 column of n rows whose NULLs are null, as a slice
// at offset off of a longer array (so its bitmap starts mid-byte).
func sliced(t *testing.T, null []bool, off int) arrow.Array {
	t.Helper()
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	for range off {
		b.AppendNull()
	}
	for i, isNull := range null {
		if isNull {
			b.AppendNull()
		} else {
			b.Append(int64(i))
		}
	}
	b.AppendNull() // a row past the slice, NULL: must not leak into the last word
	full := b.NewArray()
	defer full.Release()
	return array.NewSlice(full, int64(off), int64(off+len(null)))
}

func randomNulls(r *rand.Rand, n int, rate float64) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = r.Float64() < rate
	}
	return out
}

// TestBitmapAgreesWithFlags reads bitmaps at every offset within a byte and
// lengths around word boundaries, through every accessor.
func TestBitmapAgreesWithFlags(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 7, 63, 64, 65, 127, 128, 200, 1000} {
		for off := range 9 {
			null := randomNulls(r, n, 0.3)
			null[0] = true // at least one NULL, so the array has a bitmap
			a := sliced(t, null, off)
			v := Int64s(a)
			if !v.Valid.Has() || v.Null != nil {
				t.Fatalf("n=%d off=%d: input NULLs are not a bitmap read in place", n, off)
			}
			for i := range null {
				if v.IsNull(i) != null[i] {
					t.Fatalf("n=%d off=%d: IsNull(%d) = %v", n, off, i, !null[i])
				}
			}
			for i := 0; i < n; i += 64 {
				w := v.Valid.Word(i)
				for j := range 64 {
					want := i+j < n && !null[i+j]
					if got := w>>j&1 == 1; got != want {
						t.Fatalf("n=%d off=%d: Word(%d) bit %d = %v", n, off, i, j, got)
					}
				}
			}
			nulls := 0
			for _, x := range null {
				if x {
					nulls++
				}
			}
			if got := v.Valid.Nulls(); got != nulls {
				t.Fatalf("n=%d off=%d: Nulls() = %d, want %d", n, off, got, nulls)
			}
			flags := v.NullFlags()
			if v.Valid.Has() {
				t.Fatalf("NullFlags left the bitmap in place")
			}
			for i := range null {
				if flags[i] != null[i] {
					t.Fatalf("n=%d off=%d: NullFlags()[%d] = %v", n, off, i, flags[i])
				}
			}
			a.Release()
		}
	}
}

// TestAndValid combines bitmaps at different offsets and per-row flags.
func TestAndValid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 63, 64, 65, 129, 1000} {
		n1, n2, n3 := randomNulls(r, n, 0.1), randomNulls(r, n, 0.1), randomNulls(r, n, 0.1)
		n1[0] = true
		a1, a2 := sliced(t, n1, 3), sliced(t, n2, 0)
		v1 := Int64s(a1)
		v3 := Make[bool](n)
		v3.Null = n3
		got := AndValid(n, FlagsOf(&v1), ArrowFlags(a2), FlagsOf(&v3))
		for i := range n {
			if want := n1[i] || n2[i] || n3[i]; got.IsNull(i) != want {
				t.Fatalf("n=%d: row %d NULL = %v, want %v", n, i, !want, want)
			}
		}
		clean := Make[float64](n)
		if b := AndValid(n, FlagsOf(&clean)); b.Has() {
			t.Fatalf("n=%d: AndValid of clean vectors has a bitmap", n)
		}
		a1.Release()
		a2.Release()
	}
}

// TestStrictRowDropsNullErrors: a row a strict loop computed with a NULL
// input is NULL, whatever failed on it.
func TestStrictRowDropsNullErrors(t *testing.T) {
	null := []bool{false, true, false}
	a := sliced(t, null, 0)
	defer a.Release()
	in := Int64s(a)
	res := Make[int64](3)
	res.Valid = AndValid(3, FlagsOf(&in))
	for i := range 3 {
		var bad FirstErr
		bad.note(rt.ErrDivideByZero)
		EndStrictRow(&res, 3, i, &bad)
		if bad.Err != nil {
			t.Fatalf("row %d: error not consumed", i)
		}
	}
	if res.ErrAt(0) != rt.ErrDivideByZero || res.ErrAt(1) != nil || !res.IsNull(1) || res.ErrAt(2) != rt.ErrDivideByZero {
		t.Fatalf("rows: %v %v %v, NULL row 1 %v", res.ErrAt(0), res.ErrAt(1), res.ErrAt(2), res.IsNull(1))
	}
}

// TestWhereKeepsTrueRows checks the selection of every NULL representation
// against the rule: kept where TRUE, not NULL and not an error.
func TestWhereKeepsTrueRows(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 63, 64, 65, 200} {
		vals := make([]bool, n)
		for i := range vals {
			vals[i] = r.IntN(2) == 0
		}
		null := randomNulls(r, n, 0.2)
		a := sliced(t, null, 5)
		bitmap := Vec[bool]{V: vals, Valid: BitmapOf(a)}
		flags := Vec[bool]{V: vals, Null: null}
		failed := Vec[bool]{V: vals, Null: null, Err: make([]*rt.Error, n)}
		if n > 3 {
			failed.Err[3] = rt.ErrDivideByZero
		}
		plain := Vec[bool]{V: vals}
		for name, c := range map[string]*Vec[bool]{"bitmap": &bitmap, "flags": &flags, "errors": &failed, "plain": &plain} {
			var want Sel
			for i := range n {
				if c.ErrAt(i) == nil && !c.IsNull(i) && vals[i] {
					want = append(want, int32(i))
				}
			}
			got := Where(c, n)
			if got == nil || len(got) != len(want) {
				t.Fatalf("%s n=%d: %v, want %v", name, n, got, want)
			}
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("%s n=%d: %v, want %v", name, n, got, want)
				}
			}
		}
		a.Release()
	}
}

// TestAndValidOneBitmap: with one input that has NULLs, AndValid is that
// input's bitmap, read at its offset; IsValid agrees with IsNull, and every
// row of the zero Bitmap is valid.
func TestAndValidOneBitmap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 64, 130} {
		nulls := randomNulls(r, n, 0.3)
		nulls[n-1] = true
		a := sliced(t, nulls, 5)
		v := Int64s(a)
		clean := Make[int64](n)
		got := AndValid(n, FlagsOf(&clean), FlagsOf(&v))
		for i := range n {
			if got.IsValid(i) == nulls[i] || got.Has() && got.IsNull(i) != nulls[i] {
				t.Fatalf("n=%d: row %d: IsValid %v, NULL %v", n, i, got.IsValid(i), nulls[i])
			}
			if !(Bitmap{}).IsValid(i) {
				t.Fatalf("row %d of the zero Bitmap is not valid", i)
			}
			if Both(true, nulls[i]) != nulls[i] || Both(false, true) || Both(nulls[i], false) {
				t.Fatalf("Both is not AND")
			}
		}
		a.Release()
	}
}
