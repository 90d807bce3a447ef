package vec

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
)

// The general path of a fused expression (the rows its loops leave: a NULL
// or failed input, a failing kernel) is vector code that runs on few rows of
// a batch, if any. Its kernel calls go through the shared loops below, which
// take the kernel as a function value, rather than through a loop printed per
// call: the code a query needs stays small, and the hot path (the fused
// loops, and vector code outside fused expressions) keeps its loops
// specialized.

// Arg is one argument of a kernel on the general path: a vector, a VARCHAR
// input column read in place, or a constant.
type Arg[T any] struct {
	flags Flags
	v     []T
	str   *array.String
	c     T
	kind  uint8
}

const (
	argVec uint8 = iota
	argStr
	argConst
)

// VecArg is vector v as a kernel argument.
func VecArg[T any](v *Vec[T]) Arg[T] { return Arg[T]{flags: FlagsOf(v), v: v.V} }

// StrArg is VARCHAR Arrow array a, read in place, as a kernel argument.
func StrArg(a *array.String) Arg[string] {
	return Arg[string]{flags: ArrowFlags(a), str: a, kind: argStr}
}

// ConstArg is constant c (never NULL) as a kernel argument.
func ConstArg[T any](c T) Arg[T] { return Arg[T]{c: c, kind: argConst} }

// Parts returns the argument as a loop specialized for a kernel reads it: its
// values (nil for a constant) or its constant; ok is false for a VARCHAR
// column read in place, which such a loop does not take.
func (a Arg[T]) Parts() (v []T, c T, ok bool) { return a.v, a.c, a.kind != argStr }

// Flags returns the argument's NULL and error flags, for Strict.
func (a Arg[T]) Flags() Flags { return a.flags }

// At returns the argument's value on row i.
func (a Arg[T]) At(i int) T { return a.at(i) }

func (a *Arg[T]) at(i int) T {
	switch a.kind {
	case argVec:
		return a.v[i]
	case argStr:
		s := a.str.Value(i)
		return *(*T)(unsafe.Pointer(&s)) // T is string
	}
	return a.c
}

// Map1 is kernel fn over the rows of sel, under the strict rules (vec.Strict).
func Map1[A, R any](sel Sel, n int, a Arg[A], fn func(A) R) Vec[R] {
	res := Make[R](n)
	Strict(&res, sel, n, a.flags)
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		if i := sel.Row(k); !res.Dirty(i) {
			res.V[i] = fn(a.at(i))
		}
	}
	return res
}

// Map1E is Map1 for a kernel that can fail.
func Map1E[A, R any](sel Sel, n int, a Arg[A], fn func(A) (R, *rt.Error)) Vec[R] {
	res := Make[R](n)
	Strict(&res, sel, n, a.flags)
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		i := sel.Row(k)
		if res.Dirty(i) {
			continue
		}
		r, e := fn(a.at(i))
		if e != nil {
			res.SetErr(i, e)
			continue
		}
		res.V[i] = r
	}
	return res
}

// Map2 is kernel fn over the rows of sel, under the strict rules.
func Map2[A, B, R any](sel Sel, n int, a Arg[A], b Arg[B], fn func(A, B) R) Vec[R] {
	res := Make[R](n)
	clean := Strict(&res, sel, n, a.flags, b.flags)
	if a.kind == argVec && (b.kind == argVec || b.kind == argConst) {
		// the common shapes, without a switch per argument and row
		av, bv, bc := a.v[:n], b.v, b.c
		for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
			i := sel.Row(k)
			if !clean && res.Dirty(i) {
				continue
			}
			y := bc
			if bv != nil {
				y = bv[i]
			}
			res.V[i] = fn(av[i], y)
		}
		return res
	}
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		if i := sel.Row(k); !res.Dirty(i) {
			res.V[i] = fn(a.at(i), b.at(i))
		}
	}
	return res
}

// Map2E is Map2 for a kernel that can fail.
func Map2E[A, B, R any](sel Sel, n int, a Arg[A], b Arg[B], fn func(A, B) (R, *rt.Error)) Vec[R] {
	res := Make[R](n)
	clean := Strict(&res, sel, n, a.flags, b.flags)
	if a.kind == argVec && (b.kind == argVec || b.kind == argConst) {
		// the common shapes, without a switch per argument and row
		av, bv, bc := a.v[:n], b.v, b.c
		for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
			i := sel.Row(k)
			if !clean && res.Dirty(i) {
				continue
			}
			y := bc
			if bv != nil {
				y = bv[i]
			}
			r, e := fn(av[i], y)
			if e != nil {
				res.SetErr(i, e)
				continue
			}
			res.V[i] = r
		}
		return res
	}
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		i := sel.Row(k)
		if res.Dirty(i) {
			continue
		}
		r, e := fn(a.at(i), b.at(i))
		if e != nil {
			res.SetErr(i, e)
			continue
		}
		res.V[i] = r
	}
	return res
}

// Map3 is kernel fn over the rows of sel, under the strict rules.
func Map3[A, B, C, R any](sel Sel, n int, a Arg[A], b Arg[B], c Arg[C], fn func(A, B, C) R) Vec[R] {
	res := Make[R](n)
	Strict(&res, sel, n, a.flags, b.flags, c.flags)
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		if i := sel.Row(k); !res.Dirty(i) {
			res.V[i] = fn(a.at(i), b.at(i), c.at(i))
		}
	}
	return res
}

// Map3E is Map3 for a kernel that can fail.
func Map3E[A, B, C, R any](sel Sel, n int, a Arg[A], b Arg[B], c Arg[C], fn func(A, B, C) (R, *rt.Error)) Vec[R] {
	res := Make[R](n)
	Strict(&res, sel, n, a.flags, b.flags, c.flags)
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		i := sel.Row(k)
		if res.Dirty(i) {
			continue
		}
		r, e := fn(a.at(i), b.at(i), c.at(i))
		if e != nil {
			res.SetErr(i, e)
			continue
		}
		res.V[i] = r
	}
	return res
}
