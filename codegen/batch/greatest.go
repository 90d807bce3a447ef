package batch

import (
	"fmt"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// cmpFn compares vectors a and b (of a kind's Go type) on rows sel of a
// batch of n rows: gt or lt's kernel, run a vector at a time.
type cmpFn func(a, b any, sel vec.Sel, n int) *vec.Vec[bool]

// extremer is a kind that folds greatest/least (ops[T] is one).
type extremer interface {
	extreme(args []any, cmp cmpFn, sel vec.Sel, n int) any
}

// widenings convert the vectors of the types gt and lt compare in a wider
// type (TINYINT and SMALLINT as INT, FLOAT as DOUBLE: exact widenings), by
// type kind and the kind the kernel takes.
var widenings = map[[2]ir.Kind]func(a any, sel vec.Sel, n int) any{
	{ir.KindTinyint, ir.KindInt}:  widen(func(x int8) int32 { return int32(x) }),
	{ir.KindSmallint, ir.KindInt}: widen(func(x int16) int32 { return int32(x) }),
	{ir.KindFloat, ir.KindDouble}: widen(func(x float32) float64 { return float64(x) }),
}

func widen[T, W any](f func(T) W) func(a any, sel vec.Sel, n int) any {
	return func(a any, sel vec.Sel, n int) any {
		w := vec.Map1(sel, n, vec.VecArg(a.(*vec.Vec[T])), f)
		return &w
	}
}

// greatest compiles greatest/least as codegen's emitGreatest computes them:
// per row the first argument error in argument order, else the greatest
// (least) non-NULL argument by gt (lt), NULL when every one is NULL. It
// folds the arguments a vector at a time, comparing each with the best so
// far through the typed vector form of the comparison's kernel.
func (c *compiler) greatest(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	e := n.Expr.(*ir.Call)
	name := "gt"
	if e.Fn.Name == "least" {
		name = "lt"
	}
	ret := e.Sig.Ret
	cmpSig, err := functions.Lookup(name).Resolve([]ir.Type{ret, ret})
	if err != nil {
		return nil, fmt.Errorf("batch: %s of %s: %w", e.Fn.Name, ret, err)
	}
	g, ok := k.(extremer)
	if !ok {
		return nil, unsupported("%s of %s", e.Fn.Name, ret)
	}
	for _, a := range n.Args {
		ak, err := kindOf(a.Expr.Type())
		if err != nil {
			return nil, err
		}
		if !ak.is(k.make(0)) {
			return nil, unsupported("%s of %s and %s", e.Fn.Name, ret, a.Expr.Type())
		}
	}
	ck, err := kindOf(cmpSig.Params[0])
	if err != nil {
		return nil, err
	}
	conv := func(a any, _ vec.Sel, _ int) any { return a }
	if !cmpSig.Params[0].Equal(ret) {
		if conv, ok = widenings[[2]ir.Kind{ret.Kind, cmpSig.Params[0].Kind}]; !ok {
			return nil, unsupported("%s of %s compared as %s", e.Fn.Name, ret, cmpSig.Params[0])
		}
	}
	kernel := cmpSig.Vector
	if cmpSig.Observed || !works(kernel, []kind{ck, ck}, boolKind, false) {
		return nil, unsupported("%s of %s: %s has no vector form", e.Fn.Name, ret, name)
	}
	cmp := func(a, b any, sel vec.Sel, n int) *vec.Vec[bool] {
		wa, wb := conv(a, sel, n), conv(b, sel, n)
		return kernel(sel, n, []any{ck.arg(wa), ck.arg(wb)}).(*vec.Vec[bool])
	}
	args, err := c.steps(n.Args)
	if err != nil {
		return nil, err
	}
	return func(fr *frame) operand {
		s := sel(fr)
		vs := make([]any, len(args))
		for i, a := range args {
			vs[i] = fr.vector(k, a(fr), s)
		}
		return operand{vec: g.extreme(vs, cmp, s, fr.n)}
	}, nil
}

// extreme folds greatest/least's argument vectors args (the rows sel of a
// batch of n rows) by comparison cmp: a row is the first error among its
// arguments, else the best non-NULL one (an argument replaces the best so
// far where cmp holds), else NULL.
func (k ops[T]) extreme(args []any, cmp cmpFn, sel vec.Sel, n int) any {
	vs := make([]*vec.Vec[T], len(args))
	errs := false
	for i, a := range args {
		vs[i] = k.v(a)
		errs = errs || vs[i].Err != nil
	}
	res := vec.Make[T](n)
	live := sel // the rows no argument fails on
	if errs {
		live = make(vec.Sel, 0, sel.Rows(n))
		for j, cnt := 0, sel.Rows(n); j < cnt; j++ {
			i := sel.Row(j)
			var e *rt.Error
			for _, v := range vs {
				if e = v.ErrAt(i); e != nil {
					break
				}
			}
			if e != nil {
				res.SetErr(i, e)
				continue
			}
			live = append(live, int32(i))
		}
	}
	have := make([]bool, n)
	best := &vec.Vec[T]{V: res.V} // the best so far, read by cmp (no NULLs)
	cnt := live.Rows(n)
	for a, v := range vs {
		if a == 0 {
			for j := 0; j < cnt; j++ {
				if i := live.Row(j); !v.IsNull(i) {
					res.V[i], have[i] = v.V[i], true
				}
			}
			continue
		}
		better := cmp(v, best, live, n)
		for j := 0; j < cnt; j++ {
			i := live.Row(j)
			if !v.IsNull(i) && (!have[i] || better.V[i]) {
				res.V[i], have[i] = v.V[i], true
			}
		}
	}
	for j := 0; j < cnt; j++ {
		if i := live.Row(j); !have[i] {
			res.SetNull(i)
		}
	}
	return &res
}
