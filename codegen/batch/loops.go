package batch

//go:generate go run ./internal/genkernels

import (
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// The loops of the kernels of fixed-width values (kernels_gen.go): a kernel
// called through a function value (vec.Map2 and its kin, the registry's
// Signature.Vector) costs a call per row that the Go compiler cannot inline,
// more than the kernel itself for arithmetic and comparisons. kernels_gen.go
// holds, per such kernel of templates/rt, the loops over the value slices
// that call it directly (a constant operand is spread over a recycled slice),
// where the compiler inlines it; the helpers below run them under
// the strict rules exactly as generated code's printed loops do
// (codegen.emitRows): over every row of the batch when every row is
// selected, or, for a kernel that cannot fail, most of them, NULL rows
// included (a fixed-width value computed from a NULL row's arbitrary inputs
// is never read, and Fail keeps the NULL); else over the selected rows that
// no argument decided.

// loop is a kernel's loops over a batch: ir.VectorKernel's, with the
// evaluation's recycled slices, of which the result takes its values.
type loop = func(b *bufs, sel []int32, n int, args []any) any

// dense reports whether the loop of a kernel runs over every row rather than
// the selected ones, clean saying no argument is NULL or an error: always
// for a kernel that cannot fail (the loops here are a kernel of fixed-width
// values over a chunk of rows that stays in cache: computing an unselected
// row costs less than a row of the general loop, and is never read), else
// when every row is selected (see vec.Dense).
func dense(sel vec.Sel, n int, clean, mayFail bool) bool {
	return sel == nil || clean && !mayFail
}

// un is the loop of a unary kernel that cannot fail.
func un[A, R any](fn func(A) R, v func(out []R, a []A)) loop {
	return func(pool *bufs, sel []int32, n int, args []any) any {
		a, ok := args[0].(vec.Arg[A])
		if !ok {
			return nil
		}
		av, _, aok := a.Parts()
		if !aok || av == nil {
			r := vec.Map1(sel, n, a, fn)
			return &r
		}
		res := vec.Vec[R]{V: take[R](pool)}
		if !dense(sel, n, vec.Strict(&res, sel, n, a.Flags()), false) {
			out := res.V
			for k, cnt := 0, vec.Sel(sel).Rows(n); k < cnt; k++ {
				if i := vec.Sel(sel).Row(k); !res.Dirty(i) {
					out[i] = fn(av[i])
				}
			}
			return &res
		}
		v(res.V[:n], av[:n])
		return &res
	}
}

// unE is the loop of a unary kernel that can fail.
func unE[A, R any](fn func(A) (R, *rt.Error), v func(res *vec.Vec[R], out []R, a []A)) loop {
	return func(pool *bufs, sel []int32, n int, args []any) any {
		a, ok := args[0].(vec.Arg[A])
		if !ok {
			return nil
		}
		av, _, aok := a.Parts()
		if !aok || av == nil {
			r := vec.Map1E(sel, n, a, fn)
			return &r
		}
		res := vec.Vec[R]{V: take[R](pool)}
		if !dense(sel, n, vec.Strict(&res, sel, n, a.Flags()), true) {
			out := res.V
			for k, cnt := 0, vec.Sel(sel).Rows(n); k < cnt; k++ {
				i := vec.Sel(sel).Row(k)
				if res.Dirty(i) {
					continue
				}
				r, err := fn(av[i])
				if err != nil {
					res.SetErr(i, err)
					continue
				}
				out[i] = r
			}
			return &res
		}
		v(&res, res.V[:n], av[:n])
		return &res
	}
}

// operands returns the value slices of a binary kernel's arguments over n
// rows, a constant spread over a recycled slice (one loop per kernel then
// serves vector and constant operands alike); ok is false where the loop
// does not apply (a VARCHAR column read in place, two constants).
func operands[A, B any](pool *bufs, a vec.Arg[A], b vec.Arg[B], n int) (av []A, bv []B, ok bool) {
	av, ac, aok := a.Parts()
	bv, bc, bok := b.Parts()
	if !aok || !bok || av == nil && bv == nil {
		return nil, nil, false
	}
	if av == nil {
		av = spreadOver(take[A](pool), ac)
	}
	if bv == nil {
		bv = spreadOver(take[B](pool), bc)
	}
	return av[:n], bv[:n], true
}

func spreadOver[T any](s []T, c T) []T {
	for i := range s {
		s[i] = c
	}
	return s
}

// bin is the loop of a binary kernel that cannot fail.
func bin[A, B, R any](fn func(A, B) R, vv func(out []R, a []A, b []B)) loop {
	return func(pool *bufs, sel []int32, n int, args []any) any {
		a, ok1 := args[0].(vec.Arg[A])
		b, ok2 := args[1].(vec.Arg[B])
		if !ok1 || !ok2 {
			return nil
		}
		res := vec.Vec[R]{V: take[R](pool)}
		if !dense(sel, n, vec.Strict(&res, sel, n, a.Flags(), b.Flags()), false) {
			out := res.V
			for k, cnt := 0, vec.Sel(sel).Rows(n); k < cnt; k++ {
				if i := vec.Sel(sel).Row(k); !res.Dirty(i) {
					out[i] = fn(a.At(i), b.At(i))
				}
			}
			return &res
		}
		av, bv, ok := operands(pool, a, b, n)
		if !ok {
			r := vec.Map2(sel, n, a, b, fn)
			return &r
		}
		vv(res.V[:n], av, bv)
		return &res
	}
}

// binE is the loop of a binary kernel that can fail.
func binE[A, B, R any](fn func(A, B) (R, *rt.Error), vv func(res *vec.Vec[R], out []R, a []A, b []B)) loop {
	return func(pool *bufs, sel []int32, n int, args []any) any {
		a, ok1 := args[0].(vec.Arg[A])
		b, ok2 := args[1].(vec.Arg[B])
		if !ok1 || !ok2 {
			return nil
		}
		res := vec.Vec[R]{V: take[R](pool)}
		if !dense(sel, n, vec.Strict(&res, sel, n, a.Flags(), b.Flags()), true) {
			out := res.V
			for k, cnt := 0, vec.Sel(sel).Rows(n); k < cnt; k++ {
				i := vec.Sel(sel).Row(k)
				if res.Dirty(i) {
					continue
				}
				r, err := fn(a.At(i), b.At(i))
				if err != nil {
					res.SetErr(i, err)
					continue
				}
				out[i] = r
			}
			return &res
		}
		av, bv, ok := operands(pool, a, b, n)
		if !ok {
			r := vec.Map2E(sel, n, a, b, fn)
			return &r
		}
		vv(&res, res.V[:n], av, bv)
		return &res
	}
}
