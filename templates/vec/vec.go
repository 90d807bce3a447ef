// Package vec is the fixed column runtime that exprc-generated evaluators import:
// typed column vectors with per-row NULL and error state, row selections, and the
// few generic loops (splitting a selection on a condition, merging branch results,
// combining AND/OR operands) whose shape does not depend on the query. The loops
// that do depend on it, one per function call in a query, are generated.
//
// Every vector is sized to the batch and indexed by input row; only the rows of
// the selection it was computed for hold meaningful entries. NULL and error flags
// are allocated on first use, so the common case (no NULLs, no errors) carries two
// nil slices and the generated fast path is a plain loop over V.
package vec

import "github.com/exprc/exprc/templates/rt"

// Sel lists the rows an expression must be computed for, in increasing order. A
// nil Sel means every row of the batch; an empty non-nil Sel means none.
type Sel []int32

// Vec is one computed column: values, and per row whether it is NULL or an error.
// Where Err[i] is set, V[i] and its NULL flag are meaningless.
//
// A vector's NULLs are in Null (per row) or in Valid (a bitmap: an input
// column's, read in place, or the AND of a strict expression's inputs), never
// both: read them with IsNull, Clean, Dirty or NullFlags, which turns a
// bitmap into flags the first time the vector code needs them per row.
type Vec[T any] struct {
	V     []T
	Null  []bool      // nil: no row is NULL (unless Valid says so)
	Err   []*rt.Error // nil: no row is an error
	Valid Bitmap      // the zero Bitmap: the NULLs, if any, are in Null
	// own: V is a Go slice Make allocated for this vector, written only
	// while the vector is computed; an output column of every row may then
	// take it as its buffer instead of a copy (see fixed).
	own bool
}

// Make returns a vector for n rows with no NULLs and no errors.
func Make[T any](n int) Vec[T] { return Vec[T]{V: make([]T, n), own: true} }

// Memo returns the vector of a lazily shared value: each use computes the
// rows it needs and no earlier one did, so its values are written after an
// output column may have read them, and no column takes them as its buffer.
func Memo[T any](n int) Vec[T] { return Vec[T]{V: make([]T, n)} }

// IsNull reports whether row i is NULL (and not an error).
func (v *Vec[T]) IsNull(i int) bool {
	if v.Valid.bits != nil {
		return v.Valid.IsNull(i)
	}
	return v.Null != nil && v.Null[i]
}

// NullFlags returns the vector's NULL flags per row (nil: no row is NULL),
// made from its bitmap the first time they are asked for.
func (v *Vec[T]) NullFlags() []bool {
	if v.Valid.bits != nil {
		v.Null, v.Valid = v.Valid.expand(), Bitmap{}
	}
	return v.Null
}

// MayBeNull reports whether some row may be NULL.
func (v *Vec[T]) MayBeNull() bool { return v.Null != nil || v.Valid.bits != nil }

// clearNull makes row i not NULL (a value or an error now).
func (v *Vec[T]) clearNull(i int) {
	if v.IsNull(i) {
		v.NullFlags()[i] = false
	}
}

// ErrAt returns row i's error, or nil.
func (v *Vec[T]) ErrAt(i int) *rt.Error {
	if v.Err == nil {
		return nil
	}
	return v.Err[i]
}

// Clean reports whether no row is NULL or an error, so the fast path applies.
func (v *Vec[T]) Clean() bool { return v.Null == nil && v.Err == nil && v.Valid.bits == nil }

// Dirty reports whether row i is NULL or an error: a fused loop leaves such
// a row to the vector code.
func (v *Vec[T]) Dirty(i int) bool {
	return v.IsNull(i) || (v.Err != nil && v.Err[i] != nil)
}

// SetNull marks row i NULL.
func (v *Vec[T]) SetNull(i int) {
	if v.NullFlags() == nil {
		v.Null = make([]bool, len(v.V))
	}
	v.Null[i] = true
}

// PrepareNulls makes the vector's per-row NULL flags for a loop that sets
// them with NullIf.
func (v *Vec[T]) PrepareNulls() {
	if v.NullFlags() == nil {
		v.Null = make([]bool, len(v.V))
	}
}

// NullIf makes row i NULL where null is true, and not NULL otherwise,
// without a branch; PrepareNulls comes first.
func (v *Vec[T]) NullIf(i int, null bool) { v.Null[i] = null }

// SetErr marks row i as failed with e.
func (v *Vec[T]) SetErr(i int, e *rt.Error) {
	if v.Err == nil {
		v.Err = make([]*rt.Error, len(v.V))
	}
	v.Err[i] = e
}

// Rows returns the number of rows sel covers in a batch of n rows.
func (s Sel) Rows(n int) int {
	if s == nil {
		return n
	}
	return len(s)
}

// Row returns the k-th selected row.
func (s Sel) Row(k int) int {
	if s == nil {
		return k
	}
	return int(s[k])
}

// All returns the selection of every row, materialised (for splitting).
func All(n int) Sel {
	s := make(Sel, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// Const returns a vector holding c on every row.
func Const[T any](n int, c T) Vec[T] {
	v := Make[T](n)
	for i := range v.V {
		v.V[i] = c
	}
	return v
}

// NullVec returns a vector that is NULL on every row.
func NullVec[T any](n int) Vec[T] {
	v := Make[T](n)
	v.Null = make([]bool, n)
	for i := range v.Null {
		v.Null[i] = true
	}
	return v
}

// ErrVec returns a vector that is the error e on every row (a constant that
// folding proved always fails).
func ErrVec[T any](n int, e *rt.Error) Vec[T] {
	v := Make[T](n)
	v.Err = make([]*rt.Error, n)
	for i := range v.Err {
		v.Err[i] = e
	}
	return v
}

// New returns a pointer to a vector for n rows with no NULLs and no errors:
// the memo of a lazily shared subexpression, which the functions of one query
// fill in turn.
func New[T any](n int) *Vec[T] {
	v := Memo[T](n)
	return &v
}
