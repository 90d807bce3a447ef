package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// The vector forms of the kernels (ir.Signature.Vector): the same typed
// function the adapters k1..k3 and ok1..ok3 call per row for the
// interpreter, applied to a batch by the strict loops of templates/vec
// (vec.Map1 and its kin), which generated code also uses on its general
// path. The batch engine calls them through the Signature, so a kernel is
// typed where it is registered and nowhere else.

// vecArg unboxes argument i of a vector kernel; ok is false when it is not
// the vec.Arg of the kernel's parameter type.
func vecArg[T any](args []any, i int) (vec.Arg[T], bool) {
	a, ok := args[i].(vec.Arg[T])
	return a, ok
}

func vec1[A, R any](f func(A) R) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok := vecArg[A](args, 0)
		if !ok {
			return nil
		}
		r := vec.Map1(sel, n, a, f)
		return &r
	}
}

func vec1E[A, R any](f func(A) (R, *rt.Error)) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok := vecArg[A](args, 0)
		if !ok {
			return nil
		}
		r := vec.Map1E(sel, n, a, f)
		return &r
	}
}

func vec2[A, B, R any](f func(A, B) R) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok1 := vecArg[A](args, 0)
		b, ok2 := vecArg[B](args, 1)
		if !ok1 || !ok2 {
			return nil
		}
		r := vec.Map2(sel, n, a, b, f)
		return &r
	}
}

func vec2E[A, B, R any](f func(A, B) (R, *rt.Error)) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok1 := vecArg[A](args, 0)
		b, ok2 := vecArg[B](args, 1)
		if !ok1 || !ok2 {
			return nil
		}
		r := vec.Map2E(sel, n, a, b, f)
		return &r
	}
}

func vec3[A, B, C, R any](f func(A, B, C) R) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok1 := vecArg[A](args, 0)
		b, ok2 := vecArg[B](args, 1)
		c, ok3 := vecArg[C](args, 2)
		if !ok1 || !ok2 || !ok3 {
			return nil
		}
		r := vec.Map3(sel, n, a, b, c, f)
		return &r
	}
}

func vec3E[A, B, C, R any](f func(A, B, C) (R, *rt.Error)) ir.VectorKernel {
	return func(sel []int32, n int, args []any) any {
		a, ok1 := vecArg[A](args, 0)
		b, ok2 := vecArg[B](args, 1)
		c, ok3 := vecArg[C](args, 2)
		if !ok1 || !ok2 || !ok3 {
			return nil
		}
		r := vec.Map3E(sel, n, a, b, c, f)
		return &r
	}
}
