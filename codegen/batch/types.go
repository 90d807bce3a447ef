package batch

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// kind is what the engine does with the vectors of one SQL type: the generic
// helpers of templates/vec, instantiated once for the type's Go type (the
// one generated code uses, codegen/kinds), behind an interface the engine
// calls once per vector. A value is a *vec.Vec[T] held as any: one box per
// vector and batch, never one per row.
type kind interface {
	// make is a fresh vector of n rows; spread is constant c on every row
	// (a value, the NULL or an error).
	make(n int) any
	memo(n int) any
	spread(n int, c *ir.Const) any
	// fresh is make over a recycled slice for a fixed-width kind (see
	// bufs), spreadIn spread.
	fresh(b *bufs) any
	spreadIn(b *bufs, c *ir.Const) any
	// read is an input column; build the output column of v's rows sel
	// (dt is the column's Arrow type, which DECIMAL needs).
	read(a arrow.Array) any
	build(mem memory.Allocator, dt arrow.DataType, v any, sel vec.Sel, n int) arrow.Array
	// arg is vector v as a kernel argument (a vec.Arg[T]); constArg is
	// non-NULL constant c as one.
	arg(v any) any
	constArg(c *ir.Const) any
	// is reports whether v is a vector of this kind.
	is(v any) bool

	merge(dst, src any, sel vec.Sel, n int)
	mergeNonNull(dst, src any, sel vec.Sel, n int)
	fill(dst any, c *ir.Const, sel vec.Sel, n int)
	fillNull(dst any, sel vec.Sel, n int)
	fillErr(dst any, e *rt.Error, sel vec.Sel, n int)
	copyErrs(dst any, c *vec.Vec[bool], sel vec.Sel, n int)
	nullRows(v any, sel vec.Sel, n int) vec.Sel
	try(v any, sel vec.Sel, n int) any
	isNull(v any, not bool, sel vec.Sel, n int) *vec.Vec[bool]
	nullIf(a any, eq *vec.Vec[bool], sel vec.Sel, n int) any
	check(f *vec.Failure, v any, sel vec.Sel, n, clause int)
	// gather copies rows sel of src (values and NULLs; no row is an
	// error) to dst's rows from off on; upTo is dst as its first cnt rows.
	gather(dst any, off int, src any, sel vec.Sel, n int)
	upTo(v any, cnt int) any
	flags(v any) vec.Flags

	// The per-row path of a kernel with no vector form: vec.Strict over
	// result res, row i's value in the interpreter's representation
	// (ir.Value), and setting one, a NULL or an error.
	strict(res any, sel vec.Sel, n int, args []vec.Flags) bool
	dirty(v any, i int) bool
	value(v any, i int) any
	set(v any, i int, x any)
	setNull(v any, i int)
	setErr(v any, i int, e *rt.Error)
}

// ops is kind for Go type T.
type ops[T any] struct {
	reader  func(arrow.Array) vec.Vec[T]
	builder func(mem memory.Allocator, dt arrow.DataType, v *vec.Vec[T], sel vec.Sel, n int) arrow.Array
	// in converts an ir.Value to T (DATE's ir.Date to int32 ...), out back.
	in  func(any) T
	out func(T) any
	// fixed: values are fixed-width, and their slices are recycled.
	fixed bool
}

func (k ops[T]) v(x any) *vec.Vec[T] { return x.(*vec.Vec[T]) }

func (k ops[T]) make(n int) any { v := vec.Make[T](n); return &v }

func (k ops[T]) memo(n int) any { v := vec.Memo[T](n); return &v }

func (k ops[T]) spread(n int, c *ir.Const) any {
	var v vec.Vec[T]
	switch {
	case c.Err != nil:
		v = vec.ErrVec[T](n, c.Err)
	case c.V == nil:
		v = vec.NullVec[T](n)
	default:
		v = vec.Const(n, k.in(c.V))
	}
	return &v
}

func (k ops[T]) fresh(b *bufs) any {
	if !k.fixed {
		return k.make(b.n)
	}
	return &vec.Vec[T]{V: take[T](b)}
}

func (k ops[T]) spreadIn(b *bufs, c *ir.Const) any {
	if !k.fixed || c.Err != nil || c.V == nil {
		return k.spread(b.n, c)
	}
	v := take[T](b)
	x := k.in(c.V)
	for i := range v {
		v[i] = x
	}
	return &vec.Vec[T]{V: v}
}

func (k ops[T]) read(a arrow.Array) any { v := k.reader(a); return &v }

func (k ops[T]) build(mem memory.Allocator, dt arrow.DataType, v any, sel vec.Sel, n int) arrow.Array {
	return k.builder(mem, dt, k.v(v), sel, n)
}

func (k ops[T]) arg(v any) any                        { return vec.VecArg(k.v(v)) }
func (k ops[T]) constArg(c *ir.Const) any             { return vec.ConstArg(k.in(c.V)) }
func (k ops[T]) is(v any) bool                        { _, ok := v.(*vec.Vec[T]); return ok }
func (k ops[T]) flags(v any) vec.Flags                { return vec.FlagsOf(k.v(v)) }
func (k ops[T]) merge(dst, src any, s vec.Sel, n int) { vec.Merge(k.v(dst), k.v(src), s, n) }
func (k ops[T]) mergeNonNull(dst, src any, s vec.Sel, n int) {
	vec.MergeNonNull(k.v(dst), k.v(src), s, n)
}
func (k ops[T]) fill(dst any, c *ir.Const, s vec.Sel, n int) { vec.Fill(k.v(dst), k.in(c.V), s, n) }
func (k ops[T]) fillNull(dst any, s vec.Sel, n int)          { vec.FillNull(k.v(dst), s, n) }
func (k ops[T]) fillErr(dst any, e *rt.Error, s vec.Sel, n int) {
	vec.FillErr(k.v(dst), e, s, n)
}
func (k ops[T]) copyErrs(dst any, c *vec.Vec[bool], s vec.Sel, n int) {
	vec.CopyErrs(k.v(dst), c, s, n)
}

func (k ops[T]) nullRows(v any, s vec.Sel, n int) vec.Sel { return vec.NullRows(k.v(v), s, n) }
func (k ops[T]) try(v any, s vec.Sel, n int) any          { r := vec.Try(k.v(v), s, n); return &r }
func (k ops[T]) isNull(v any, not bool, s vec.Sel, n int) *vec.Vec[bool] {
	r := vec.IsNull(k.v(v), not, s, n)
	return &r
}
func (k ops[T]) nullIf(a any, eq *vec.Vec[bool], s vec.Sel, n int) any {
	r := vec.NullIf(k.v(a), eq, s, n)
	return &r
}
func (k ops[T]) check(f *vec.Failure, v any, s vec.Sel, n, clause int) {
	vec.Check(f, k.v(v), s, n, clause)
}
func (k ops[T]) gather(dst any, off int, src any, s vec.Sel, n int) {
	d, v := k.v(dst), k.v(src)
	cnt := s.Rows(n)
	out := d.V[off : off+cnt]
	if s == nil {
		copy(out, v.V[:n])
	} else {
		for j, i := range s[:len(out)] {
			out[j] = v.V[i]
		}
	}
	if !v.MayBeNull() {
		return
	}
	for j := range out {
		if v.IsNull(s.Row(j)) {
			d.SetNull(off + j)
		}
	}
}

func (k ops[T]) upTo(v any, cnt int) any {
	w := *k.v(v)
	w.V = w.V[:cnt]
	if w.Null != nil {
		w.Null = w.Null[:cnt]
	}
	return &w
}

func (k ops[T]) strict(res any, s vec.Sel, n int, args []vec.Flags) bool {
	return vec.Strict(k.v(res), s, n, args...)
}
func (k ops[T]) dirty(v any, i int) bool          { return k.v(v).Dirty(i) }
func (k ops[T]) setNull(v any, i int)             { k.v(v).SetNull(i) }
func (k ops[T]) setErr(v any, i int, e *rt.Error) { k.v(v).SetErr(i, e) }
func (k ops[T]) value(v any, i int) any           { return k.out(k.v(v).V[i]) }
func (k ops[T]) set(v any, i int, x any)          { k.v(v).V[i] = k.in(x) }

// same is the conversion of a type whose Go type is its ir.Value's.
func same[T any](x any) T  { return x.(T) }
func boxed[T any](x T) any { return x }

// plain adapts a builder that takes no Arrow type.
func plain[T any](f func(memory.Allocator, *vec.Vec[T], vec.Sel, int) arrow.Array) func(memory.Allocator, arrow.DataType, *vec.Vec[T], vec.Sel, int) arrow.Array {
	return func(mem memory.Allocator, _ arrow.DataType, v *vec.Vec[T], sel vec.Sel, n int) arrow.Array {
		return f(mem, v, sel, n)
	}
}

// kinds is the table of the kinds the engine runs, by SQL type kind.
var kinds = map[ir.Kind]kind{
	ir.KindBoolean:  ops[bool]{vec.Bools, plain(vec.BoolArray), same[bool], boxed[bool], true},
	ir.KindTinyint:  ops[int8]{vec.Int8s, plain(vec.Int8Array), same[int8], boxed[int8], true},
	ir.KindSmallint: ops[int16]{vec.Int16s, plain(vec.Int16Array), same[int16], boxed[int16], true},
	ir.KindInt:      ops[int32]{vec.Int32s, plain(vec.Int32Array), same[int32], boxed[int32], true},
	ir.KindBigint:   ops[int64]{vec.Int64s, plain(vec.Int64Array), same[int64], boxed[int64], true},
	ir.KindFloat:    ops[float32]{vec.Float32s, plain(vec.Float32Array), same[float32], boxed[float32], true},
	ir.KindDouble:   ops[float64]{vec.Float64s, plain(vec.Float64Array), same[float64], boxed[float64], true},
	ir.KindVarchar:  ops[string]{vec.Strings, plain(vec.StringArray), same[string], boxed[string], false},
	ir.KindBinary:   ops[string]{vec.Binaries, plain(vec.BinaryArray), same[string], boxed[string], false},
	ir.KindDecimal:  ops[rt.Decimal]{vec.Decimals, vec.DecimalArray, same[rt.Decimal], boxed[rt.Decimal], true},
	ir.KindDate: ops[int32]{vec.Dates, plain(vec.DateArray),
		func(x any) int32 { return int32(x.(ir.Date)) }, func(x int32) any { return ir.Date(x) }, true},
	ir.KindTimestamp: ops[int64]{vec.Timestamps, plain(vec.TimestampArray),
		func(x any) int64 { return int64(x.(ir.Timestamp)) }, func(x int64) any { return ir.Timestamp(x) }, true},
	ir.KindTimestampNTZ: ops[int64]{vec.Timestamps, plain(vec.TimestampNTZArray),
		func(x any) int64 { return int64(x.(ir.TimestampNTZ)) }, func(x int64) any { return ir.TimestampNTZ(x) }, true},
	ir.KindYMInterval: ops[int32]{vec.MonthIntervals, plain(vec.MonthIntervalArray),
		func(x any) int32 { return int32(x.(ir.YMInterval)) }, func(x int32) any { return ir.YMInterval(x) }, true},
	ir.KindDTInterval: ops[int64]{vec.Durations, plain(vec.DurationArray),
		func(x any) int64 { return int64(x.(ir.DTInterval)) }, func(x int64) any { return ir.DTInterval(x) }, true},
}

// kindOf is the kind of type t, or an error naming a type the engine does
// not run yet.
func kindOf(t ir.Type) (kind, error) {
	if k, ok := kinds[t.Kind]; ok {
		return k, nil
	}
	if t.Kind == ir.KindMap {
		return mapKindOf(t)
	}
	return nil, unsupported("values of type %s", t)
}

// Unsupported is the error of a query the batch engine cannot run (yet): a
// caller runs it another way (the interpreter, or generated code).
type Unsupported struct{ What string }

func (e *Unsupported) Error() string { return "the batch engine does not run " + e.What + " yet" }

func unsupported(format string, args ...any) error {
	return &Unsupported{What: fmt.Sprintf(format, args...)}
}
