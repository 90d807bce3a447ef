package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Fused conditionals.
//
// The vector code of a CASE or IF pays per branch: a boolean vector per
// condition, a selection split per WHEN, a fill or merge per result. When
// nothing inside the conditional can fail or produce NULL once its inputs are
// clean (every call is a kernel without an error result, every constant is a
// value, every shared subexpression it reads is already computed), the whole
// conditional is one Go switch per row. The fused loop runs when every row is
// selected and every input vector is clean; otherwise the vector code runs, so
// the NULL and error rules stay in one place. Evaluation stays lazy (a
// condition runs only on rows no earlier WHEN took, a result only on the rows
// of its branch), so the fused loop evaluates exactly what the vector code
// would.

// fusion collects what the fused loop of one conditional needs: the run-time
// conditions under which it applies and the value slices it reads.
type fusion struct {
	f      *funcGen
	conds  []jen.Code
	slices []jen.Code
	seen   map[string]jen.Code // vector or array variable -> per-row value
}

// notFused are the calls whose code generation is special (map lookups read
// entries in place; greatest and least skip NULLs): they keep their vector code.
var notFused = map[string]bool{
	"subscript": true, "element_at": true, "map_contains_key": true, "cardinality": true,
	"greatest": true, "least": true,
}

// fusibleCond reports whether a conditional can be emitted as one fused row
// loop: its conditions, operand and results are fusible values (or, in result
// positions, fusible conditionals), and the CSE plan hoists nothing inside it.
func (f *funcGen) fusibleCond(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.If:
		return !f.hoists(e, cse.Then, 0) && !f.hoists(e, cse.Else, 0) &&
			f.fusibleValue(e.Cond) && f.fusibleResult(e.Then) && f.fusibleResult(e.Else)
	case *ir.Case:
		if e.Operand != nil && (!f.fusibleValue(e.Operand) || e.Eq == nil || e.Eq.Sig.KernelErr || e.Eq.Sig.Kernel == "") {
			return false
		}
		for k, w := range e.Whens {
			if f.hoists(e, cse.WhenThen, k) || f.hoists(e, cse.CaseRest, k+1) {
				return false
			}
			if !f.fusibleValue(w.Cond) || !f.fusibleResult(w.Then) {
				return false
			}
		}
		return f.fusibleResult(e.Else)
	}
	return false
}

// hoists reports whether the CSE plan computes something at the start of a
// branch of conditional e.
func (f *funcGen) hoists(e ir.Expr, kind cse.RegionKind, index int) bool {
	r := f.plan.Region(e, kind, index)
	return r != nil && len(r.Hoists) > 0
}

// fusibleResult: a result position also takes a nested fusible conditional.
func (f *funcGen) fusibleResult(e ir.Expr) bool {
	if f.plan.Lookup(e) == nil {
		switch e.(type) {
		case *ir.If, *ir.Case:
			return f.fusibleCond(e)
		}
	}
	return f.fusibleValue(e)
}

// fusibleValue reports whether e is a Go expression per row that cannot fail
// or be NULL when its inputs are clean.
func (f *funcGen) fusibleValue(e ir.Expr) bool {
	if s := f.plan.Lookup(e); s != nil {
		_, ok := f.available(s.ID) // computed already: a clean input like a column
		return ok
	}
	switch e := e.(type) {
	case *ir.Const:
		return e.Err == nil && e.V != nil
	case *ir.ColumnRef:
		return e.T.Kind != ir.KindMap
	case *ir.And:
		return f.allFusible(e.Args)
	case *ir.Or:
		return f.allFusible(e.Args)
	case *ir.Call:
		switch {
		case notFused[e.Fn.Name]:
			return false
		case e.Fn.Name == "like" || e.Fn.Name == "rlike":
			return f.fusibleValue(e.Args[0]) && constPattern(e)
		}
		return e.Sig.Kernel != "" && !e.Sig.KernelErr && f.allFusible(e.Args)
	}
	return false
}

func (f *funcGen) allFusible(es []ir.Expr) bool {
	for _, a := range es {
		if !f.fusibleValue(a) {
			return false
		}
	}
	return true
}

// constPattern reports whether a LIKE/RLIKE call's pattern (and escape) are
// non-NULL constants, so it has a package-level matcher.
func constPattern(e *ir.Call) bool {
	for _, a := range e.Args[1:] {
		c, ok := a.(*ir.Const)
		if !ok || c.V == nil || c.Err != nil {
			return false
		}
	}
	return true
}

// emitFused emits conditional e as a fused row loop when every row is
// selected and its inputs are clean, and as vector code (general) otherwise.
func (f *funcGen) emitFused(e ir.Expr, sel, base string, general func() operand) operand {
	fu := &fusion{f: f, seen: map[string]jen.Code{}}
	out := jen.Id("out").Index(jen.Id("i"))
	body := fu.assignCond(e, out)

	res := f.fresh(base)
	saved := f.stmts
	f.stmts = nil
	g := general()
	f.add(jen.Id(res).Op("=").Id(f.vector(g, sel)))
	slow := f.stmts
	f.stmts = saved

	cond := jen.Id(sel).Op("==").Nil()
	for _, c := range fu.conds {
		cond = cond.Op("&&").Add(c)
	}
	fast := []jen.Code{jen.Id(res).Op("=").Qual(vecPkg, "Make").Types(goType(e.Type())).Call(jen.Id("n"))}
	fast = append(fast, fu.slices...)
	fast = append(fast,
		jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")),
		jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(body...))
	f.commentFor(e)
	f.add(jen.Comment("one loop when every row is selected and its inputs are clean; vector code otherwise"))
	f.add(jen.Var().Id(res).Qual(vecPkg, "Vec").Types(goType(e.Type())))
	f.add(jen.If(cond).Block(fast...).Else().Block(slow...))
	return operand{t: e.Type(), vec: res}
}

// assign returns the statements storing e's value for row i into target.
func (fu *fusion) assign(e ir.Expr, target jen.Code) []jen.Code {
	if fu.f.plan.Lookup(e) == nil {
		if stmts := fu.assignCond(e, target); stmts != nil {
			return stmts
		}
	}
	return []jen.Code{jen.Add(target).Op("=").Add(fu.value(e))}
}

// assignCond returns the statements of a fused conditional (nil when e is not
// one), whether or not e itself is shared.
func (fu *fusion) assignCond(e ir.Expr, target jen.Code) []jen.Code {
	switch e := e.(type) {
	case *ir.If:
		return []jen.Code{jen.If(fu.value(e.Cond)).Block(fu.assign(e.Then, target)...).Else().Block(fu.assign(e.Else, target)...)}
	case *ir.Case:
		var stmts, cases []jen.Code
		var subject jen.Code
		if e.Operand != nil {
			name := fu.f.local("subject")
			stmts = append(stmts, jen.Id(name).Op(":=").Add(fu.value(e.Operand)))
			subject = jen.Id(name)
		}
		for _, w := range e.Whens {
			c := fu.value(w.Cond)
			if subject != nil {
				c = kernelCall(e.Eq.Sig, subject, c)
			}
			cases = append(cases, jen.Case(c).Block(fu.assign(w.Then, target)...))
		}
		cases = append(cases, jen.Default().Block(fu.assign(e.Else, target)...))
		return append(stmts, jen.Switch().Block(cases...))
	}
	return nil
}

// value returns the Go expression of fusible value e for row i, registering
// the inputs it reads.
func (fu *fusion) value(e ir.Expr) jen.Code {
	f := fu.f
	if s := f.plan.Lookup(e); s != nil {
		name, _ := f.available(s.ID)
		return fu.vecInput(name)
	}
	switch e := e.(type) {
	case *ir.Const:
		return literal(e.V, e.T)
	case *ir.ColumnRef:
		if e.T.Kind == ir.KindVarchar {
			arr := f.strArray(e)
			if v, ok := fu.seen[arr]; ok {
				return v
			}
			v := jen.Id(arr).Dot("Value").Call(jen.Id("i"))
			fu.seen[arr] = v
			fu.conds = append(fu.conds, jen.Id(arr).Dot("NullN").Call().Op("==").Lit(0))
			return v
		}
		return fu.vecInput(f.column(e))
	case *ir.And:
		return fu.logic(e.Args, "&&")
	case *ir.Or:
		return fu.logic(e.Args, "||")
	case *ir.Call:
		if e.Fn.Name == "like" || e.Fn.Name == "rlike" {
			m := f.matcher(e, nil)
			fu.conds = append(fu.conds, jen.Id(m.err).Op("==").Nil())
			return jen.Id(m.name).Dot("Match").Call(fu.value(e.Args[0]))
		}
		args := make([]jen.Code, len(e.Args))
		for i, a := range e.Args {
			args[i] = fu.value(a)
		}
		return kernelCall(e.Sig, args...)
	}
	panic("codegen: fusing a non-fusible expression")
}

// vecInput reads a vector variable's value slice (declared once, before the
// loop, for bounds-check-free indexing) and requires the vector clean.
func (fu *fusion) vecInput(name string) jen.Code {
	if v, ok := fu.seen[name]; ok {
		return v
	}
	s := fu.f.local(name + "V")
	v := jen.Id(s).Index(jen.Id("i"))
	fu.seen[name] = v
	fu.conds = append(fu.conds, jen.Id(name).Dot("Clean").Call())
	fu.slices = append(fu.slices, jen.Id(s).Op(":=").Id(name).Dot("V").Index(jen.Empty(), jen.Id("n")))
	return v
}

func (fu *fusion) logic(args []ir.Expr, op string) jen.Code {
	c := fu.value(args[0])
	for _, a := range args[1:] {
		c = jen.Add(c).Op(op).Add(fu.value(a))
	}
	return jen.Parens(c)
}

// kernelCall calls an rt kernel that has no error result.
func kernelCall(sig *ir.Signature, args ...jen.Code) jen.Code {
	pkg := rtPkg
	if sig.KernelPkg != "" {
		pkg = sig.KernelPkg
	}
	return jen.Qual(pkg, sig.Kernel).Call(args...)
}
