package batch

import (
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// kernel compiles a strict call of sig's kernel over the nodes args, with a
// result of kind ret. Where the registry typed the kernel (Signature.Vector)
// it runs a vector at a time through the loops of templates/vec, as
// generated code's general path does; otherwise Eval runs per row, under
// the same strict rules (vec.Strict), boxing each value.
func (c *compiler) kernel(sig *ir.Signature, args []*lower.Node, ret kind, sel func(*frame) vec.Sel) (step, error) {
	steps, err := c.steps(args)
	if err != nil {
		return nil, err
	}
	ks := make([]kind, len(args))
	consts := make([]any, len(args)) // the vec.Arg of a constant value, made once
	for i, a := range args {
		if ks[i], err = kindOf(a.Expr.Type()); err != nil {
			return nil, err
		}
		if a.Op == lower.OpConst && a.Const.Err == nil && a.Const.V != nil {
			consts[i] = ks[i].constArg(a.Const)
		}
	}
	if sig.KernelClock {
		c.clock = true
	}
	var vector func(fr *frame, sel []int32, args []any) any
	if l, ok := loops[sig.Kernel]; ok && sig.KernelPkg == "" && len(sig.KernelArgs) == 0 && sig.KernelZone == "" && !sig.KernelClock &&
		works(func(sel []int32, n int, args []any) any { return l(&bufs{}, sel, n, args) }, ks, ret, false) {
		// the kernel's own loops, which call it directly
		vector = func(fr *frame, sel []int32, args []any) any { return l(fr.bufs, sel, fr.n, args) }
	} else if ak := arenaKernel(sig); ak != nil && works(func(sel []int32, n int, args []any) any { return ak(&frame{n: n}, sel, args) }, ks, ret, false) {
		vector = ak // the kernel's arena method
	} else if !sig.Observed && works(sig.Vector, ks, ret, sig.KernelClock) {
		vector = func(fr *frame, sel []int32, args []any) any { return sig.Vector(sel, fr.n, args) }
	}
	if vector != nil {
		return func(fr *frame) operand {
			rows := sel(fr)
			vals := make([]any, 0, len(steps)+1)
			if sig.KernelClock {
				vals = append(vals, vec.ConstArg(fr.clock))
			}
			for i, s := range steps {
				o := s(fr)
				switch {
				case consts[i] != nil:
					vals = append(vals, consts[i])
				default:
					vals = append(vals, ks[i].arg(fr.vector(ks[i], o, rows)))
				}
			}
			return operand{vec: vector(fr, rows, vals)}
		}, nil
	}
	return func(fr *frame) operand {
		rows := sel(fr)
		vecs := make([]any, len(steps))
		var flags []vec.Flags
		for i, s := range steps {
			o := s(fr)
			if o.vec == nil && (o.c.Err != nil || o.c.V == nil) {
				o.vec = ks[i].spread(fr.n, o.c) // the per-row rules see a NULL or error constant
			}
			if o.vec != nil {
				vecs[i] = o.vec
				flags = append(flags, ks[i].flags(o.vec))
			}
		}
		res := ret.make(fr.n)
		ret.strict(res, rows, fr.n, flags)
		base := 0
		if sig.KernelClock {
			base = 1
		}
		vals := make([]any, base+len(steps))
		if sig.KernelClock {
			vals[0] = fr.clock
		}
		for j, cnt := 0, rows.Rows(fr.n); j < cnt; j++ {
			i := rows.Row(j)
			if ret.dirty(res, i) {
				continue
			}
			for a, v := range vecs {
				if v == nil {
					vals[base+a] = args[a].Const.V
				} else {
					vals[base+a] = ks[a].value(v, i)
				}
			}
			r, e := sig.Eval(vals)
			switch {
			case e != nil:
				ret.setErr(res, i, e)
			case r == nil:
				ret.setNull(res, i)
			default:
				ret.set(res, i, r)
			}
		}
		return operand{vec: res}
	}, nil
}

// works reports whether a vector form of a kernel (the registry's
// Signature.Vector, or its loops) takes the arguments the engine holds
// (kinds ks, after the clock of a clock kernel) and returns a vector of kind
// ret: it runs it once on no rows.
func works(vector ir.VectorKernel, ks []kind, ret kind, clock bool) bool {
	if vector == nil {
		return false
	}
	var vals []any
	if clock {
		vals = append(vals, vec.ConstArg(rt.Clock{}))
	}
	for _, k := range ks {
		vals = append(vals, k.arg(k.make(0)))
	}
	r := vector(vec.Sel{}, 0, vals)
	return r != nil && ret.is(r)
}
