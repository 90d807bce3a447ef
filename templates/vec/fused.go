package vec

import (
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
)

// Helpers of fused row loops (see codegen/fuse.go): map lookups written as Go
// expressions, small enough to be inlined. A lookup that finds no entry sets
// *bad; the fused loop then stops and the query's vector code, which applies
// the NULL and error rules, computes the batch instead. Fused loops run only
// when the item array has no NULLs; the rows loop (some input has NULLs) uses
// the Checked variants, which also leave a row whose item is NULL to the
// vector code.

// MapOffsets returns the entry offsets of MAP array m, one per row plus one,
// so that row i's entries are [offs[i], offs[i+1]).
func MapOffsets(m *array.Map) []int32 {
	offs := m.Offsets()
	if len(offs) == 0 {
		return make([]int32, m.Len()+1)
	}
	off := m.Data().Offset()
	return offs[off : off+m.Len()+1]
}

// RowFindString finds key among row i's entries; -1 when missing.
func RowFindString(offs []int32, keys StrKeys, i int, key string) int {
	return FindString(keys, int64(offs[i]), int64(offs[i+1]), key)
}

// RowFindInt64 is RowFindString for BIGINT keys.
func RowFindInt64(offs []int32, keys []int64, i int, key int64) int {
	return FindInt64(keys, int64(offs[i]), int64(offs[i+1]), key)
}

// RowFindInt32 is RowFindString for INT keys.
func RowFindInt32(offs []int32, keys []int32, i int, key int32) int {
	return FindInt32(keys, int64(offs[i]), int64(offs[i+1]), key)
}

// RowCountString is cardinality of row i.
func RowCountString(offs []int32, keys StrKeys, i int) int32 {
	return CountString(keys, int64(offs[i]), int64(offs[i+1]))
}

// RowCountInt64 is RowCountString for BIGINT keys.
func RowCountInt64(offs []int32, keys []int64, i int) int32 {
	return CountInt64(keys, int64(offs[i]), int64(offs[i+1]))
}

// RowCountInt32 is RowCountString for INT keys.
func RowCountInt32(offs []int32, keys []int32, i int) int32 {
	return CountInt32(keys, int64(offs[i]), int64(offs[i+1]))
}

// ItemString is the item at entry j of an item array without NULLs, read
// through its view (so readable 8 bytes past its start, for AppendShort),
// or "" with *bad set when j is -1 (missing).
func ItemString(view StrView, j int, bad *Failed) string {
	if j < 0 {
		*bad = true
		return ""
	}
	return view.At(j)
}

// ItemInt64 is ItemString for Int64 items.
func ItemInt64(items *array.Int64, j int, bad *Failed) int64 {
	if j < 0 {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// ItemInt32 is ItemString for Int32 items.
func ItemInt32(items *array.Int32, j int, bad *Failed) int32 {
	if j < 0 {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// ItemFloat64 is ItemString for Float64 items.
func ItemFloat64(items *array.Float64, j int, bad *Failed) float64 {
	if j < 0 {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// ItemBoolean is ItemString for Boolean items.
func ItemBoolean(items *array.Boolean, j int, bad *Failed) bool {
	if j < 0 {
		*bad = true
		return false
	}
	return items.Value(j)
}

// ItemDate32 is ItemString for Date32 items.
func ItemDate32(items *array.Date32, j int, bad *Failed) int32 {
	if j < 0 {
		*bad = true
		return 0
	}
	return int32(items.Value(j))
}

// CheckedItemString is ItemString for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemString(items *array.String, view StrView, j int, bad *Failed) string {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return ""
	}
	return view.At(j)
}

// CheckedItemInt64 is ItemInt64 for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemInt64(items *array.Int64, j int, bad *Failed) int64 {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// CheckedItemInt32 is ItemInt32 for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemInt32(items *array.Int32, j int, bad *Failed) int32 {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// CheckedItemFloat64 is ItemFloat64 for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemFloat64(items *array.Float64, j int, bad *Failed) float64 {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return 0
	}
	return items.Value(j)
}

// CheckedItemBoolean is ItemBoolean for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemBoolean(items *array.Boolean, j int, bad *Failed) bool {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return false
	}
	return items.Value(j)
}

// CheckedItemDate32 is ItemDate32 for item arrays with NULLs: a NULL item sets
// *bad too.
func CheckedItemDate32(items *array.Date32, j int, bad *Failed) int32 {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return 0
	}
	return int32(items.Value(j))
}

// NullableItemString is ItemString for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemString(items *array.String, view StrView, j int, bad *Failed) (v string, null bool) {
	if j < 0 {
		*bad = true
		return "", false
	}
	if items.IsNull(j) {
		return "", true
	}
	return view.At(j), false
}

// NullableItemInt64 is ItemInt64 for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemInt64(items *array.Int64, j int, bad *Failed) (v int64, null bool) {
	if j < 0 {
		*bad = true
		return 0, false
	}
	if items.IsNull(j) {
		return 0, true
	}
	return items.Value(j), false
}

// NullableItemInt32 is ItemInt32 for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemInt32(items *array.Int32, j int, bad *Failed) (v int32, null bool) {
	if j < 0 {
		*bad = true
		return 0, false
	}
	if items.IsNull(j) {
		return 0, true
	}
	return items.Value(j), false
}

// NullableItemFloat64 is ItemFloat64 for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemFloat64(items *array.Float64, j int, bad *Failed) (v float64, null bool) {
	if j < 0 {
		*bad = true
		return 0, false
	}
	if items.IsNull(j) {
		return 0, true
	}
	return items.Value(j), false
}

// NullableItemBoolean is ItemBoolean for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemBoolean(items *array.Boolean, j int, bad *Failed) (v bool, null bool) {
	if j < 0 {
		*bad = true
		return false, false
	}
	if items.IsNull(j) {
		return false, true
	}
	return items.Value(j), false
}

// NullableItemDate32 is ItemDate32 for the rows loop of an expression
// that is NULL where the item is: it reports a NULL item (null) instead of
// flagging the row; a missing key still sets *bad.
func NullableItemDate32(items *array.Date32, j int, bad *Failed) (v int32, null bool) {
	if j < 0 {
		*bad = true
		return 0, false
	}
	if items.IsNull(j) {
		return 0, true
	}
	return int32(items.Value(j)), false
}

// Failed is a fused loop's flag for the current row: a map lookup missed, a
// map item was NULL, or a kernel returned an error. The clean loop then stops
// and the vector code computes the batch; the rows loop leaves the row to the
// vector code. Either way the vector code decides what the row's outcome is
// (an error there may still lose to a NULL or to a FALSE operand of AND).
//
// Its methods take a kernel's two results, as in bad.Int64(rt.AddInt64(a, b)),
// so that a kernel that can fail is still one Go expression.
type Failed bool

// Int64 returns v, noting err.
func (f *Failed) Int64(v int64, err *rt.Error) int64 {
	if err != nil {
		*f = true
	}
	return v
}

// TryInt64 returns v, noting failed without a branch: the form of a fused
// TRY, whose kernels report a failure as a flag (rt.TryMulInt64), because
// there failures are common and a branch on them would be mispredicted.
func (f *Failed) TryInt64(v int64, failed bool) int64 {
	*f = *f || Failed(failed) // an OR of two bytes, not a branch
	return v
}

// TryInt32 is TryInt64 for an INT.
func (f *Failed) TryInt32(v int32, failed bool) int32 {
	*f = *f || Failed(failed)
	return v
}

// Int32 returns v, noting err.
func (f *Failed) Int32(v int32, err *rt.Error) int32 {
	if err != nil {
		*f = true
	}
	return v
}

// Float64 returns v, noting err.
func (f *Failed) Float64(v float64, err *rt.Error) float64 {
	if err != nil {
		*f = true
	}
	return v
}

// Decimal returns v, noting err.
func (f *Failed) Decimal(v rt.Decimal, err *rt.Error) rt.Decimal {
	if err != nil {
		*f = true
	}
	return v
}

// String returns v, noting err.
func (f *Failed) String(v string, err *rt.Error) string {
	if err != nil {
		*f = true
	}
	return v
}

// Bytes returns b, noting err: an append form's results (rt.AppendForms).
func (f *Failed) Bytes(b []byte, err *rt.Error) []byte {
	if err != nil {
		*f = true
	}
	return b
}

// Bool returns v, noting err.
func (f *Failed) Bool(v bool, err *rt.Error) bool {
	if err != nil {
		*f = true
	}
	return v
}

// FirstErr is a fused loop's first error on the current row, for a loop
// that decides a failed row itself: there the first error the row's code
// meets is its outcome (the generated code says why), and the loop makes
// the row an error with FailRow. Its methods take a kernel's two results, as
// Failed's do.
type FirstErr struct{ Err *rt.Error }

func (f *FirstErr) note(err *rt.Error) {
	if err != nil && f.Err == nil {
		f.Err = err
	}
}

// Int64 returns v, noting err if it is the row's first.
func (f *FirstErr) Int64(v int64, err *rt.Error) int64 { f.note(err); return v }

// Int32 returns v, noting err if it is the row's first.
func (f *FirstErr) Int32(v int32, err *rt.Error) int32 { f.note(err); return v }

// Float64 returns v, noting err if it is the row's first.
func (f *FirstErr) Float64(v float64, err *rt.Error) float64 { f.note(err); return v }

// Decimal returns v, noting err if it is the row's first.
func (f *FirstErr) Decimal(v rt.Decimal, err *rt.Error) rt.Decimal { f.note(err); return v }

// String returns v, noting err if it is the row's first.
func (f *FirstErr) String(v string, err *rt.Error) string { f.note(err); return v }

// Bool returns v, noting err if it is the row's first.
func (f *FirstErr) Bool(v bool, err *rt.Error) bool { f.note(err); return v }

// Bytes returns b, noting err if it is the row's first: an append form's
// results (rt.AppendForms).
func (f *FirstErr) Bytes(b []byte, err *rt.Error) []byte { f.note(err); return b }

// FailRow makes row i of v the error e, its whole outcome (a NULL the loop
// set before the error is undone). v may hold no values (the result of a
// loop that writes its output column directly, whose errors it then holds
// for a batch of n rows).
func FailRow[T any](v *Vec[T], n, i int, e *rt.Error) {
	if v.Err == nil {
		v.Err = make([]*rt.Error, n)
	}
	v.Err[i] = e
	v.clearNull(i)
}

// KeepErrs adds the errors src has on the rows of rest to dst, the errors of
// the rows a fused loop decided in an output column it wrote directly (dst
// may hold no values): the vector code computed the rows of rest.
func KeepErrs[T any](dst, src *Vec[T], rest Sel, n int) {
	if src.Err == nil {
		return
	}
	for _, r := range rest {
		if e := src.Err[r]; e != nil {
			FailRow(dst, n, int(r), e)
		}
	}
}

// EndRow ends row i of a fused loop that decides failed rows itself: the
// row is the error bad met, if any (FailRow), and bad is ready for the next
// row. Small enough to be inlined into the loop.
func EndRow[T any](v *Vec[T], n, i int, bad *FirstErr) {
	if bad.Err != nil {
		endFailed(v, n, i, bad)
	}
}

// EndStrictRow is EndRow for the loop of a strict expression that computes
// every row, one with a NULL input too: where v's bitmap (the AND of the
// inputs' validity, AndValid) makes row i NULL, the row is NULL whatever
// failed on it (NULL beats an error).
func EndStrictRow[T any](v *Vec[T], n, i int, bad *FirstErr) {
	if bad.Err != nil {
		endStrictFailed(v, n, i, bad)
	}
}

//go:noinline
func endStrictFailed[T any](v *Vec[T], n, i int, bad *FirstErr) {
	if v.IsNull(i) {
		bad.Err = nil
		return
	}
	endFailed(v, n, i, bad)
}

// endFailed and endStrictFailed are the rare paths of EndRow and
// EndStrictRow, kept out of the loop (not inlined) to spare its registers.
//
//go:noinline
func endFailed[T any](v *Vec[T], n, i int, bad *FirstErr) {
	FailRow(v, n, i, bad.Err)
	bad.Err = nil
}

// Leave adds row i to the rows a fused loop leaves to the vector code (rows
// of a batch of n). The list is made, for every row the loop could leave,
// on the first: one allocation however many rows there are. It is not
// inlined: it runs on a loop's rare path, and its code inlined would take
// registers from the loop's hot path.
//
//go:noinline
func Leave(left Sel, i, n int) Sel {
	if cap(left) == 0 {
		left = make(Sel, 0, n)
	}
	return append(left, int32(i))
}
