package vec

import (
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/rt"
)

// Flags are the NULL and error flags of one argument of a strict function:
// a vector's, or an Arrow array's validity read in place (a VARCHAR or MAP
// input column).
type Flags struct {
	null  []bool
	err   []*rt.Error
	valid Bitmap // NULLs as a bitmap (an input column's), instead of null
}

// FlagsOf returns the flags of vector v.
func FlagsOf[T any](v *Vec[T]) Flags { return Flags{null: v.Null, err: v.Err, valid: v.Valid} }

// ArrowFlags returns the NULL flags of Arrow array a.
func ArrowFlags(a arrow.Array) Flags { return Flags{valid: BitmapOf(a)} }

func (f *Flags) clean() bool { return f.null == nil && f.err == nil && f.valid.bits == nil }

// Strict marks the rows of sel on which the arguments of a strict function
// decide its result res: a row is NULL when any argument is NULL there (NULL
// beats an error), else the first failed argument's error. The generated code
// then computes the other rows, and marks a row the function itself fails on
// with Fail. It reports whether no argument has a NULL or an error on any row
// (as on most batches: then it costs no loop), so that the generated code may
// compute every row without looking at the flags. The flags are read a column
// at a time, an Arrow array's straight from its validity bitmap.
func Strict[R any](res *Vec[R], sel Sel, n int, args ...Flags) bool {
	clean := true
	for k := range args {
		if !args[k].clean() {
			clean = false
		}
	}
	if clean {
		return true
	}
	if sel == nil && !res.MayBeNull() {
		// every row: the NULLs as one bitmap, the AND of the arguments'
		res.Valid = AndValid(n, args...)
	} else {
		strictNulls(res, sel, n, args)
	}
	for a := range args {
		errs := args[a].err
		if errs == nil {
			continue
		}
		for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
			if i := sel.Row(k); errs[i] != nil && !res.Dirty(i) {
				res.SetErr(i, errs[i])
			}
		}
	}
	return false
}

// strictNulls marks the rows of sel where an argument is NULL.
func strictNulls[R any](res *Vec[R], sel Sel, n int, args []Flags) {
	for a := range args {
		switch f := &args[a]; {
		case f.null != nil:
			null := f.null[:n]
			if sel == nil {
				for i, isNull := range null {
					if isNull {
						res.SetNull(i)
					}
				}
				continue
			}
			for _, r := range sel {
				if null[r] {
					res.SetNull(int(r))
				}
			}
		case f.valid.bits != nil:
			if sel == nil {
				for i := 0; i < n; i += 64 {
					for w := ^f.valid.Word(i); w != 0; w &= w - 1 {
						if j := i + bits.TrailingZeros64(w); j < n {
							res.SetNull(j)
						}
					}
				}
				continue
			}
			for _, r := range sel {
				if f.valid.IsNull(int(r)) {
					res.SetNull(int(r))
				}
			}
		}
	}
}

// Fail records that the function failed with e on row i, unless an argument
// decided the row already (a NULL or an earlier error wins).
func (v *Vec[T]) Fail(i int, e *rt.Error) {
	if !v.Dirty(i) {
		v.SetErr(i, e)
	}
}

// Dense reports whether a loop over the rows of sel should run over every row
// of the batch instead: when sel is every row, or, for a function that cannot
// fail, most of them (computing an unselected row is cheaper than skipping it
// and is never read). A function that can fail runs on the selected rows
// only, so that no row it would fail on outside sel costs an error.
func Dense(sel Sel, n int, mayFail bool) bool {
	return sel == nil || !mayFail && len(sel) > n/2
}
