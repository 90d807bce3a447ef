package codegen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// operand is what emitting an expression yields: a constant that generated code
// can use directly, or the name of a vec.Vec variable holding the expression's
// outcome on the rows it was emitted for.
type operand struct {
	t      ir.Type
	lit    jen.Code // a non-NULL, non-error constant value
	null   bool     // the NULL constant
	errLit jen.Code // a constant that always fails: code of its *rt.Error
	vec    string   // a vec.Vec variable
	// str is a VARCHAR input column read in place from its Arrow array (the
	// variable holding the *array.String), so that kernels over strings need no
	// per-row string headers; f.vector materialises it when a vector is needed.
	str *ir.ColumnRef
	// mcol is a MAP input column read in place (lookups search its key array
	// directly); f.vector materialises it when a vector is needed.
	mcol *ir.ColumnRef
}

func (o operand) isVec() bool { return o.vec != "" }

// isConst reports whether the operand is the same on every row.
func (o operand) isConst() bool { return o.lit != nil || o.null || o.errLit != nil }

// emit appends the statements computing e on the rows of the selection variable
// sel (a vec.Sel; nil at run time means every row) and returns the operand. A
// shared subexpression already computed on a superset of sel's rows is reused;
// a lazily shared one computes only its missing rows.
func (f *funcGen) emit(e ir.Expr, sel string) operand {
	s := f.plan.Lookup(e)
	if s == nil {
		return f.emitNode(e, sel)
	}
	if name, ok := f.available(s.ID); ok {
		return operand{t: e.Type(), vec: name}
	}
	var name string
	if s.Memo {
		name = f.ensure(s, sel)
	} else {
		name = f.vector(f.emitNode(e, sel), sel)
	}
	f.setAvailable(s.ID, name)
	return operand{t: e.Type(), vec: name}
}

// emitNode emits e itself, whether or not it is shared.
func (f *funcGen) emitNode(e ir.Expr, sel string) operand {
	switch e := e.(type) {
	case *ir.Const:
		switch {
		case e.Err != nil:
			return operand{t: e.T, errLit: errorLit(e.Err)}
		case e.V == nil:
			return operand{t: e.T, null: true}
		}
		return operand{t: e.T, lit: literal(e.V, e.T)}
	case *ir.ColumnRef:
		switch e.T.Kind {
		case ir.KindVarchar:
			return operand{t: e.T, str: e}
		case ir.KindMap:
			return operand{t: e.T, mcol: e}
		}
		return operand{t: e.T, vec: f.column(e)}
	case *ir.Call:
		return f.emitCall(e, sel)
	case *ir.And:
		return f.emitLogic(e.Args, false, sel, "and")
	case *ir.Or:
		return f.emitLogic(e.Args, true, sel, "or")
	case *ir.If:
		return f.emitIf(e, sel)
	case *ir.Case:
		return f.emitCase(e, sel)
	case *ir.Coalesce:
		return f.emitCoalesce(e, sel)
	case *ir.IsNull:
		v := f.vector(f.emit(e.Arg, sel), sel)
		name := f.fresh("isNull")
		if e.Not {
			name = f.fresh("isNotNull")
		}
		f.commentFor(e)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "IsNull").Call(jen.Op("&").Id(v), jen.Lit(e.Not), jen.Id(sel), jen.Id("n")))
		return operand{t: ir.TypeBoolean, vec: name}
	case *ir.In:
		return f.emitIn(e, sel)
	case *ir.Between:
		return f.emitBetween(e, sel)
	case *ir.NullIf:
		a := f.emit(e.A, sel)
		b := f.emit(e.B, sel)
		eq := f.emitKernel(e.Eq.Sig, []operand{a, b}, sel, "eq")
		av := f.vector(a, sel)
		name := f.fresh("nullIf")
		f.commentFor(e)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "NullIf").Call(jen.Op("&").Id(av), jen.Op("&").Id(eq.vec), jen.Id(sel), jen.Id("n")))
		return operand{t: e.Type(), vec: name}
	case *ir.Try:
		v := f.emit(e.Arg, sel)
		if !v.isVec() && v.errLit == nil {
			return v
		}
		vv := f.vector(v, sel)
		name := f.fresh("tried")
		f.commentFor(e)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "Try").Call(jen.Op("&").Id(vv), jen.Id(sel), jen.Id("n")))
		return operand{t: e.Type(), vec: name}
	}
	panic(fmt.Sprintf("codegen: unknown expression %T", e))
}

// vector makes an operand a vec.Vec variable (constants are spread over the
// batch), for the generic helpers that take vectors.
func (f *funcGen) vector(o operand, sel string) string {
	if o.isVec() {
		return o.vec
	}
	if o.str != nil {
		return f.column(o.str)
	}
	if o.mcol != nil {
		return f.column(o.mcol)
	}
	name := f.fresh("konst")
	switch {
	case o.errLit != nil:
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "ErrVec").Types(goType(o.t)).Call(jen.Id("n"), o.errLit))
	case o.null:
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "NullVec").Types(goType(o.t)).Call(jen.Id("n")))
	default:
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "Const").Types(goType(o.t)).Call(jen.Id("n"), o.lit))
	}
	return name
}

// mergeInto copies operand o's outcome on rows sel into result vector res.
func (f *funcGen) mergeInto(res string, o operand, sel string) {
	args := func(first jen.Code) []jen.Code {
		return []jen.Code{jen.Op("&").Id(res), first, jen.Id(sel), jen.Id("n")}
	}
	switch {
	case o.isVec() || o.str != nil || o.mcol != nil:
		f.add(jen.Qual(vecPkg, "Merge").Call(args(jen.Op("&").Id(f.vector(o, sel)))...))
	case o.errLit != nil:
		f.add(jen.Qual(vecPkg, "FillErr").Call(args(o.errLit)...))
	case o.null:
		f.add(jen.Qual(vecPkg, "FillNull").Call(jen.Op("&").Id(res), jen.Id(sel), jen.Id("n")))
	default:
		f.add(jen.Qual(vecPkg, "Fill").Call(args(o.lit)...))
	}
}

func errorLit(e *ir.EvalError) jen.Code {
	return jen.Qual(rtPkg, "NewError").Call(jen.Lit(string(e.Class)), jen.Lit(e.Message()))
}

func (f *funcGen) emitIf(e *ir.If, sel string) operand {
	if f.fusibleCond(e) {
		return f.emitFused(e, sel, "ifResult", func(sel string) operand { return f.emitIfVectors(e, sel) })
	}
	return f.emitIfVectors(e, sel)
}

// emitIfVectors emits IF as vector code: the condition on sel, then each
// branch on the rows it takes.
func (f *funcGen) emitIfVectors(e *ir.If, sel string) operand {
	c := f.vector(f.emit(e.Cond, sel), sel)
	taken, rest := f.fresh("then"), f.fresh("otherwise")
	res := f.fresh("ifResult")
	f.commentFor(e)
	f.add(jen.List(jen.Id(taken), jen.Id(rest)).Op(":=").Qual(vecPkg, "Split").Call(jen.Op("&").Id(c), jen.Id(sel), jen.Id("n")))
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(e.Type())).Call(jen.Id("n")))
	f.add(jen.Qual(vecPkg, "CopyErrs").Call(jen.Op("&").Id(res), jen.Op("&").Id(c), jen.Id(sel), jen.Id("n")))
	f.enter(f.plan.Region(e, cse.Then, 0), taken)
	f.mergeInto(res, f.emit(e.Then, taken), taken)
	f.exit(1)
	f.enter(f.plan.Region(e, cse.Else, 0), rest)
	f.mergeInto(res, f.emit(e.Else, rest), rest)
	f.exit(1)
	return operand{t: e.Type(), vec: res}
}

func (f *funcGen) emitCase(e *ir.Case, sel string) operand {
	if f.fusibleCond(e) {
		return f.emitFused(e, sel, "caseResult", func(sel string) operand { return f.emitCaseVectors(e, sel) })
	}
	return f.emitCaseVectors(e, sel)
}

// emitCaseVectors emits CASE as vector code: each WHEN on the rows no earlier
// WHEN took, each result on the rows of its branch.
func (f *funcGen) emitCaseVectors(e *ir.Case, sel string) operand {
	res := f.fresh("caseResult")
	f.commentFor(e)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(e.T)).Call(jen.Id("n")))
	var subject operand
	if e.Operand != nil {
		subject = f.emit(e.Operand, sel)
	}
	rem := sel
	for k, w := range e.Whens {
		var c string
		if e.Operand != nil {
			v := f.emit(w.Cond, rem)
			c = f.emitKernel(e.Eq.Sig, []operand{subject, v}, rem, "matches").vec
		} else {
			c = f.vector(f.emit(w.Cond, rem), rem)
		}
		taken, rest := f.fresh("when"), f.fresh("notYet")
		f.add(jen.Qual(vecPkg, "CopyErrs").Call(jen.Op("&").Id(res), jen.Op("&").Id(c), jen.Id(rem), jen.Id("n")))
		f.add(jen.List(jen.Id(taken), jen.Id(rest)).Op(":=").Qual(vecPkg, "Split").Call(jen.Op("&").Id(c), jen.Id(rem), jen.Id("n")))
		f.enter(f.plan.Region(e, cse.WhenThen, k), taken)
		f.mergeInto(res, f.emit(w.Then, taken), taken)
		f.exit(1)
		rem = rest
		f.enter(f.plan.Region(e, cse.CaseRest, k+1), rem) // until the CASE ends
	}
	f.mergeInto(res, f.emit(e.Else, rem), rem)
	f.exit(len(e.Whens))
	return operand{t: e.T, vec: res}
}

func (f *funcGen) emitCoalesce(e *ir.Coalesce, sel string) operand {
	res := f.fresh("coalesced")
	f.commentFor(e)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(e.T)).Call(jen.Id("n")))
	rem := sel
	entered := 0
	for i, a := range e.Args {
		if i > 0 {
			f.enter(f.plan.Region(e, cse.CoalesceRest, i), rem) // until the COALESCE ends
			entered++
		}
		o := f.emit(a, rem)
		if i == len(e.Args)-1 || o.isConst() {
			// The last argument decides every remaining row, and so does a
			// constant: NULL constants were folded away, so it is a value or an error.
			f.mergeInto(res, o, rem)
			break
		}
		ov := f.vector(o, rem)
		f.add(jen.Qual(vecPkg, "MergeNonNull").Call(jen.Op("&").Id(res), jen.Op("&").Id(ov), jen.Id(rem), jen.Id("n")))
		next := f.fresh("stillNull")
		f.add(jen.Id(next).Op(":=").Qual(vecPkg, "NullRows").Call(jen.Op("&").Id(ov), jen.Id(rem), jen.Id("n")))
		rem = next
	}
	f.exit(entered)
	return operand{t: e.T, vec: res}
}

// emitLogic emits an n-ary AND (dominant FALSE) or OR (dominant TRUE).
func (f *funcGen) emitLogic(args []ir.Expr, dominant bool, sel, base string) operand {
	lg := f.fresh(base)
	f.add(jen.Id(lg).Op(":=").Qual(vecPkg, "NewLogic").Call(jen.Lit(dominant), jen.Id(sel), jen.Id("n")))
	for i, a := range args {
		live := lg + ".Live" // rows the operands before this one left undecided
		if i > 0 {
			f.enter(nil, live)
		}
		v := f.vector(f.emit(a, live), live)
		f.add(jen.Id(lg).Dot("Add").Call(jen.Op("&").Id(v)))
	}
	f.exit(len(args) - 1)
	res := f.fresh(base + "Result")
	f.add(jen.Id(res).Op(":=").Id(lg).Dot("Finish").Call())
	return operand{t: ir.TypeBoolean, vec: res}
}

func (f *funcGen) emitIn(e *ir.In, sel string) operand {
	if len(e.List) == 0 {
		return operand{t: ir.TypeBoolean, lit: jen.False()}
	}
	x := f.emit(e.Arg, sel)
	lg := f.fresh("in")
	f.commentFor(e)
	f.add(jen.Id(lg).Op(":=").Qual(vecPkg, "NewLogic").Call(jen.True(), jen.Id(sel), jen.Id("n")))
	for i, item := range e.List {
		live := lg + ".Live" // rows the operands before this one left undecided
		if i > 0 {
			f.enter(nil, live)
		}
		v := f.emit(item, live)
		cmp := f.emitKernel(e.Eq.Sig, []operand{x, v}, live, "matches")
		f.add(jen.Id(lg).Dot("Add").Call(jen.Op("&").Id(cmp.vec)))
	}
	f.exit(len(e.List) - 1)
	res := f.fresh("inResult")
	f.add(jen.Id(res).Op(":=").Id(lg).Dot("Finish").Call())
	return operand{t: ir.TypeBoolean, vec: res}
}

func (f *funcGen) emitBetween(e *ir.Between, sel string) operand {
	x := f.emit(e.Arg, sel)
	lg := f.fresh("between")
	f.commentFor(e)
	f.add(jen.Id(lg).Op(":=").Qual(vecPkg, "NewLogic").Call(jen.False(), jen.Id(sel), jen.Id("n")))
	for _, bound := range []struct {
		e   ir.Expr
		sig *ir.Signature
	}{{e.Lo, e.Ge.Sig}, {e.Hi, e.Le.Sig}} {
		live := lg + ".Live" // rows the operands before this one left undecided
		if bound.e == e.Hi {
			f.enter(nil, live)
		}
		v := f.emit(bound.e, live)
		cmp := f.emitKernel(bound.sig, []operand{x, v}, live, "inRange")
		f.add(jen.Id(lg).Dot("Add").Call(jen.Op("&").Id(cmp.vec)))
	}
	f.exit(1)
	res := f.fresh("betweenResult")
	f.add(jen.Id(res).Op(":=").Id(lg).Dot("Finish").Call())
	return operand{t: ir.TypeBoolean, vec: res}
}

// emitCall emits a registry function call.
func (f *funcGen) emitCall(e *ir.Call, sel string) operand {
	args := make([]operand, len(e.Args))
	for i, a := range e.Args {
		args[i] = f.emit(a, sel)
	}
	f.commentFor(e)
	base := tempBase(e)
	switch e.Fn.Name {
	case "subscript", "element_at", "map_contains_key", "cardinality":
		return f.emitMapCall(e, args, sel, base)
	case "greatest", "least":
		return f.emitGreatest(e, args, sel, base)
	case "like", "rlike":
		if m := f.matcher(e, args); m != nil {
			return f.emitRows(e.Sig.Ret, true, args[:1], sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
				return []jen.Code{
					jen.If(jen.Id(m.err).Op("!=").Nil()).Block(jen.Id(res).Dot("SetErr").Call(jen.Id("i"), jen.Id(m.err)), jen.Continue()),
					set(jen.Id(m.name).Dot("Match").Call(vals[0])),
				}
			})
		}
	}
	if e.Sig.Kernel == "" {
		panic(fmt.Sprintf("codegen: function %s has no kernel", e.Fn.Name))
	}
	return f.emitKernel(e.Sig, args, sel, base)
}

// emitKernel emits a strict call of the signature's rt kernel over operands.
func (f *funcGen) emitKernel(sig *ir.Signature, args []operand, sel, base string) operand {
	return f.emitRows(sig.Ret, sig.KernelErr, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		call := kernelCall(sig, vals...)
		if !sig.KernelErr {
			return []jen.Code{set(call)}
		}
		return []jen.Code{
			jen.List(jen.Id("r"), jen.Id("err")).Op(":=").Add(call),
			jen.If(jen.Id("err").Op("!=").Nil()).Block(jen.Id(res).Dot("SetErr").Call(jen.Id("i"), jen.Id("err")), jen.Continue()),
			set(jen.Id("r")),
		}
	})
}

// rowBody writes the statements for one row given the argument values; set
// stores the row's result value. It may call res.SetErr / res.SetNull and
// continue.
type rowBody func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code

// emitRows emits the loops of a strict function: a fast path for the common case
// (every row selected, no argument NULL or failed) that is a plain loop over the
// value slices, and a general path that applies the NULL-beats-error rule per
// row before running the body.
func (f *funcGen) emitRows(ret ir.Type, mayFail bool, args []operand, sel, base string, body rowBody) operand {
	// A constant error or NULL argument becomes a vector so the per-row rules see it.
	for i, a := range args {
		if a.errLit != nil || a.null {
			args[i] = operand{t: a.t, vec: f.vector(a, sel)}
		}
	}
	res := f.fresh(base)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(ret)).Call(jen.Id("n")))

	// Fast path: every row selected (or, for a kernel that cannot fail, most of
	// them: computing unselected rows is cheaper than skipping them and has no
	// effect), and no argument NULL or failed anywhere.
	cond := jen.Id(sel).Op("==").Nil()
	if !mayFail {
		cond = jen.Parens(jen.Id(sel).Op("==").Nil().Op("||").Len(jen.Id(sel)).Op(">").Id("n").Op("/").Lit(2))
	}
	var slices []jen.Code
	fastVals := make([]jen.Code, len(args))
	seen := map[string]string{}
	for i, a := range args {
		if a.mcol != nil {
			arr := f.mapArrays(a.mcol).arr
			fastVals[i] = jen.Id("i") // the map functions read the row's entries in place
			if seen[arr] == "" {
				seen[arr] = arr
				cond = cond.Op("&&").Id(arr).Dot("NullN").Call().Op("==").Lit(0)
			}
			continue
		}
		if a.str != nil {
			arr := f.strArray(a.str)
			fastVals[i] = jen.Id(arr).Dot("Value").Call(jen.Id("i"))
			if seen[arr] == "" {
				seen[arr] = arr
				cond = cond.Op("&&").Id(arr).Dot("NullN").Call().Op("==").Lit(0)
			}
			continue
		}
		if !a.isVec() {
			fastVals[i] = a.lit
			continue
		}
		if s, ok := seen[a.vec]; ok {
			fastVals[i] = jen.Id(s).Index(jen.Id("i"))
			continue
		}
		s := f.local(a.vec + "V") // the value slice, for bounds-check-free indexing
		seen[a.vec] = s
		fastVals[i] = jen.Id(s).Index(jen.Id("i"))
		cond = cond.Op("&&").Id(a.vec).Dot("Clean").Call()
		slices = append(slices, jen.Id(s).Op(":=").Id(a.vec).Dot("V").Index(jen.Empty(), jen.Id("n")))
	}
	fast := append(slices, jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	fast = append(fast, jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(
		body(fastVals, func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }, res)...))

	// General path.
	var checks []jen.Code
	var nullConds []jen.Code
	slowVals := make([]jen.Code, len(args))
	checked := map[string]bool{} // an argument written twice is checked once
	for i, a := range args {
		if a.mcol != nil {
			arr := f.mapArrays(a.mcol).arr
			if !checked[arr] {
				checked[arr] = true
				nullConds = append(nullConds, jen.Id(arr).Dot("IsNull").Call(jen.Id("i")))
			}
			slowVals[i] = jen.Id("i")
			continue
		}
		if a.str != nil {
			arr := f.strArray(a.str)
			if !checked[arr] {
				checked[arr] = true
				nullConds = append(nullConds, jen.Id(arr).Dot("IsNull").Call(jen.Id("i")))
			}
			slowVals[i] = jen.Id(arr).Dot("Value").Call(jen.Id("i"))
			continue
		}
		if !a.isVec() {
			slowVals[i] = a.lit
			continue
		}
		if !checked[a.vec] {
			checked[a.vec] = true
			nullConds = append(nullConds, jen.Id(a.vec).Dot("IsNull").Call(jen.Id("i")))
		}
		slowVals[i] = jen.Id(a.vec).Dot("V").Index(jen.Id("i"))
	}
	if len(nullConds) > 0 {
		c := nullConds[0]
		for _, nc := range nullConds[1:] {
			c = jen.Add(c).Op("||").Add(nc)
		}
		checks = append(checks, jen.If(c).Block(jen.Id(res).Dot("SetNull").Call(jen.Id("i")), jen.Continue()))
	}
	errChecked := map[string]bool{}
	for _, a := range args {
		if a.isVec() && !errChecked[a.vec] {
			errChecked[a.vec] = true
			checks = append(checks, jen.If(jen.Id("e").Op(":=").Id(a.vec).Dot("ErrAt").Call(jen.Id("i")), jen.Id("e").Op("!=").Nil()).
				Block(jen.Id(res).Dot("SetErr").Call(jen.Id("i"), jen.Id("e")), jen.Continue()))
		}
	}
	slowBody := append([]jen.Code{jen.Id("i").Op(":=").Id(sel).Dot("Row").Call(jen.Id("k"))}, checks...)
	slowBody = append(slowBody, body(slowVals, func(v jen.Code) jen.Code { return jen.Id(res).Dot("V").Index(jen.Id("i")).Op("=").Add(v) }, res)...)
	slow := []jen.Code{
		jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(sel).Dot("Rows").Call(jen.Id("n"))), jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++")).Block(slowBody...),
	}
	f.add(jen.If(cond).Block(fast...).Else().Block(slow...))
	return operand{t: ret, vec: res}
}
