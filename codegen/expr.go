package codegen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
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
	// sel is a WHERE clause built as the selection of the rows it keeps
	// (a vec.Sel variable; lower.FilterSelects), not as a vector.
	sel string
}

func (o operand) isVec() bool { return o.vec != "" }

// emit appends the statements computing node n (once: a node that is an
// operand of several others, such as IN's value, is printed at its first use)
// and returns its operand.
func (f *funcGen) emit(n *lower.Node) operand {
	if o, ok := f.done[n]; ok {
		if o.isVec() {
			f.use(o.vec)
		}
		return o
	}
	o := f.emitNode(n)
	f.done[n] = o
	if o.isVec() && f.unit != nil {
		if _, ok := f.scope[baseName(o.vec)]; !ok {
			f.declare(o.vec, jen.Qual(vecPkg, "Vec").Types(goType(o.t)))
		}
	}
	return o
}

// emitNode prints node n over its selection.
func (f *funcGen) emitNode(n *lower.Node) operand {
	sel := f.sel(n.Sel)
	switch n.Op {
	case lower.OpConst:
		c := n.Const
		switch {
		case c.Err != nil:
			return operand{t: c.T, errLit: errorLit(c.Err)}
		case c.V == nil:
			return operand{t: c.T, null: true}
		}
		return operand{t: c.T, lit: literal(c.V, c.T)}
	case lower.OpColumn:
		return f.columnOperand(n.Column)
	case lower.OpReuse:
		v := f.done[n.Def].vec
		f.use(v)
		return operand{t: n.Expr.Type(), vec: v}
	case lower.OpShare:
		return operand{t: n.Expr.Type(), vec: f.vector(f.emit(n.Args[0]), sel)}
	case lower.OpMemo:
		return f.ensure(n)
	case lower.OpCall:
		return f.emitCall(n, sel)
	case lower.OpAnd:
		return f.emitLogic(n, false, sel, "and")
	case lower.OpOr:
		return f.emitLogic(n, true, sel, "or")
	case lower.OpIf:
		return f.emitIf(n, sel)
	case lower.OpCase:
		return f.emitCase(n, sel)
	case lower.OpCoalesce:
		return f.emitCoalesce(n, sel)
	case lower.OpIsNull:
		e := n.Expr.(*ir.IsNull)
		v := f.vector(f.emit(n.Args[0]), sel)
		name := f.fresh("isNull")
		if e.Not {
			name = f.fresh("isNotNull")
		}
		f.commentFor(e)
		// isNull := vec.IsNull(&v, not, sel, n)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "IsNull").Call(addr(v), jen.Lit(e.Not), jen.Id(sel), jen.Id("n")))
		return operand{t: ir.TypeBoolean, vec: name}
	case lower.OpIn:
		return f.emitForm(n, sel, "in", true, "inResult")
	case lower.OpBetween:
		return f.emitForm(n, sel, "between", false, "betweenResult")
	case lower.OpNullIf:
		a := f.emit(n.Args[0])
		f.emit(n.Args[1])
		eq := f.emit(n.Args[2])
		av := f.vector(a, sel)
		name := f.fresh("nullIf")
		f.commentFor(n.Expr)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "NullIf").Call(addr(av), addr(eq.vec), jen.Id(sel), jen.Id("n")))
		return operand{t: n.Expr.Type(), vec: name}
	case lower.OpTry:
		v := f.emit(n.Args[0])
		if n.Pass {
			return v
		}
		vv := f.vector(v, sel)
		name := f.fresh("tried")
		f.commentFor(n.Expr)
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "Try").Call(addr(vv), jen.Id(sel), jen.Id("n")))
		return operand{t: n.Expr.Type(), vec: name}
	case lower.OpCompare:
		args := []operand{f.emit(n.Args[0]), f.emit(n.Args[1])}
		return f.emitKernel(n.Sig, args, sel, n.Base)
	case lower.OpFused:
		return f.emitFused(n, sel)
	case lower.OpSubquery:
		return f.emitSubquery(n, sel)
	case lower.OpParam:
		return f.emitParam(n)
	}
	panic(fmt.Sprintf("codegen: unknown node %d", n.Op))
}

// sel is the Go variable of a selection.
func (f *funcGen) sel(s *lower.Sel) string {
	switch s.Kind {
	case lower.SelAll:
		f.use(allRows)
		return allRows
	case lower.SelWhere:
		f.use("sel")
		return "sel"
	}
	name, ok := f.sels[s]
	if !ok {
		panic("codegen: selection used before it is made")
	}
	return name
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
		return []jen.Code{addr(res), first, jen.Id(sel), jen.Id("n")}
	}
	switch {
	case o.isVec() || o.str != nil || o.mcol != nil:
		f.add(jen.Qual(vecPkg, "Merge").Call(args(addr(f.vector(o, sel)))...))
	case o.errLit != nil:
		f.add(jen.Qual(vecPkg, "FillErr").Call(args(o.errLit)...))
	case o.null:
		f.add(jen.Qual(vecPkg, "FillNull").Call(addr(res), jen.Id(sel), jen.Id("n")))
	default:
		f.add(jen.Qual(vecPkg, "Fill").Call(args(o.lit)...))
	}
}

func errorLit(e *ir.EvalError) jen.Code {
	return jen.Qual(rtPkg, "NewError").Call(jen.Lit(string(e.Class)), jen.Lit(e.Message()))
}

// emitIf prints IF as vector code: the condition on sel, then each branch on
// the rows it takes.
func (f *funcGen) emitIf(n *lower.Node, sel string) operand {
	c := f.vector(f.emit(n.Args[0]), sel)
	taken, rest := f.fresh("then"), f.fresh("otherwise")
	f.sels[n.Branches[0].Sel], f.sels[n.Branches[1].Sel] = taken, rest
	res := f.fresh("ifResult")
	t := n.Expr.Type()
	f.commentFor(n.Expr)
	f.add(jen.List(jen.Id(taken), jen.Id(rest)).Op(":=").Qual(vecPkg, "Split").Call(addr(c), jen.Id(sel), jen.Id("n")))
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n")))
	f.add(jen.Qual(vecPkg, "CopyErrs").Call(addr(res), addr(c), jen.Id(sel), jen.Id("n")))
	for _, b := range n.Branches {
		f.hoists(b.Hoists)
		f.mergeInto(res, f.emit(b.Value), f.sel(b.Sel))
	}
	return operand{t: t, vec: res}
}

// emitCase prints CASE as vector code: each WHEN on the rows no earlier WHEN
// took, each result on the rows of its branch.
func (f *funcGen) emitCase(n *lower.Node, sel string) operand {
	t := n.Expr.Type()
	res := f.fresh("caseResult")
	f.commentFor(n.Expr)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n")))
	if len(n.Args) > 0 {
		f.emit(n.Args[0]) // the operand, compared by each WHEN
	}
	rem := sel
	for _, b := range n.Branches {
		c := f.vector(f.emit(b.Cond), rem)
		taken, rest := f.fresh("when"), f.fresh("notYet")
		f.sels[b.Sel], f.sels[b.Left] = taken, rest
		f.add(jen.Qual(vecPkg, "CopyErrs").Call(addr(res), addr(c), jen.Id(rem), jen.Id("n")))
		f.add(jen.List(jen.Id(taken), jen.Id(rest)).Op(":=").Qual(vecPkg, "Split").Call(addr(c), jen.Id(rem), jen.Id("n")))
		f.hoists(b.Hoists)
		f.mergeInto(res, f.emit(b.Value), taken)
		rem = rest
		f.hoists(b.Rest)
	}
	f.mergeInto(res, f.emit(n.Else), rem)
	return operand{t: t, vec: res}
}

// emitCoalesce prints COALESCE: each argument on the rows the earlier ones
// left NULL; the last one lowered decides every remaining row.
func (f *funcGen) emitCoalesce(n *lower.Node, sel string) operand {
	t := n.Expr.Type()
	res := f.fresh("coalesced")
	f.commentFor(n.Expr)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n")))
	for i, b := range n.Branches {
		rem := f.sel(b.Sel)
		f.hoists(b.Hoists)
		o := f.emit(b.Value)
		if i == len(n.Branches)-1 {
			f.mergeInto(res, o, rem)
			break
		}
		ov := f.vector(o, rem)
		f.add(jen.Qual(vecPkg, "MergeNonNull").Call(addr(res), addr(ov), jen.Id(rem), jen.Id("n")))
		next := f.fresh("stillNull")
		f.sels[n.Branches[i+1].Sel] = next
		f.add(jen.Id(next).Op(":=").Qual(vecPkg, "NullRows").Call(addr(ov), jen.Id(rem), jen.Id("n")))
	}
	return operand{t: t, vec: res}
}

// emitLogic prints an n-ary AND (dominant FALSE) or OR (dominant TRUE).
func (f *funcGen) emitLogic(n *lower.Node, dominant bool, sel, base string) operand {
	lg := f.fresh(base)
	f.add(jen.Id(lg).Op(":=").Qual(vecPkg, "NewLogic").Call(jen.Lit(dominant), jen.Id(sel), jen.Id("n")))
	f.sels[n.Branches[0].Sel] = lg + ".Live" // rows the operands so far left undecided
	for _, b := range n.Branches {
		live := f.sel(b.Sel)
		v := f.vector(f.emit(b.Value), live)
		f.add(jen.Id(lg).Dot("Add").Call(addr(v)))
	}
	res := f.fresh(base + "Result")
	f.add(jen.Id(res).Op(":=").Id(lg).Dot("Finish").Call())
	return operand{t: ir.TypeBoolean, vec: res}
}

// emitForm prints IN (dominant TRUE: any match) and BETWEEN (dominant FALSE:
// both bounds), a comparison per operand over the rows still undecided.
func (f *funcGen) emitForm(n *lower.Node, sel, base string, dominant bool, result string) operand {
	f.emit(n.Args[0])
	lg := f.fresh(base)
	f.commentFor(n.Expr)
	f.add(jen.Id(lg).Op(":=").Qual(vecPkg, "NewLogic").Call(jen.Lit(dominant), jen.Id(sel), jen.Id("n")))
	f.sels[n.Branches[0].Sel] = lg + ".Live" // rows the operands so far left undecided
	for _, b := range n.Branches {
		cmp := f.emit(b.Cond)
		f.add(jen.Id(lg).Dot("Add").Call(addr(cmp.vec)))
	}
	res := f.fresh(result)
	f.add(jen.Id(res).Op(":=").Id(lg).Dot("Finish").Call())
	return operand{t: ir.TypeBoolean, vec: res}
}

// emitCall prints a registry function call.
func (f *funcGen) emitCall(n *lower.Node, sel string) operand {
	e := n.Expr.(*ir.Call)
	args := make([]operand, len(n.Args))
	for i, a := range n.Args {
		args[i] = f.emit(a)
	}
	f.commentFor(e)
	base := tempBase(e)
	switch n.Call {
	case lower.CallMap:
		return f.emitMapCall(e, args, sel, base)
	case lower.CallMapColumn:
		return f.emitMapColumnCall(e, args, sel, base)
	case lower.CallGreatest:
		return f.emitGreatest(e, args, sel, base)
	case lower.CallMapBuild:
		return f.emitMapBuild(e, args, sel, base)
	case lower.CallMatcher:
		m := f.matcher(e)
		if n.BadPattern && len(args) > 2 {
			// a later argument's error comes before the pattern's: the kernel applies the strict rules
			return f.emitKernel(e.Sig, args, sel, base)
		}
		if n.BadPattern {
			// r := vec.FailValues[bool](&s, likePatternErr, sel, n): the pattern does not compile
			v := f.vector(args[0], sel)
			res := f.fresh(base)
			f.add(jen.Id(res).Op(":=").Qual(vecPkg, "FailValues").Types(goType(e.Sig.Ret)).Call(addr(v), jen.Id(m.err), jen.Id(sel), jen.Id("n")))
			return operand{t: e.Sig.Ret, vec: res}
		}
		if e.Fn.Name == "like" {
			return f.emitRows(e.Sig.Ret, false, true, args[:1], sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
				return []jen.Code{set(jen.Id(m.name).Dot("Match").Call(vals[0]))}
			}, jen.Id(m.name).Dot("Match"))
		}
		return f.emitRegex(e, m, args, sel, base)
	}
	return f.emitKernel(e.Sig, args, sel, base)
}

// emitRegex emits a regular-expression call whose constant pattern compiled
// once into m: the method of *rt.Regex (rt.RegexKernelMethods) over the
// arguments other than the pattern.
func (f *funcGen) emitRegex(e *ir.Call, m *matcherVar, args []operand, sel, base string) operand {
	meth, _ := rt.PatternMethod(e.Sig.Kernel)
	rest := append([]operand{args[0]}, args[2:]...)
	fn := jen.Id(m.name).Dot(meth.Name)
	return f.emitRows(e.Sig.Ret, meth.Err, true, rest, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		return rowResult(jen.Id(m.name).Dot(meth.Name).Call(vals...), meth.Err, set, res)
	}, fn)
}

// rowResult is the per-row body of a kernel call: the result stored with set,
// or, for a kernel that can fail, the row's error recorded in res first.
func rowResult(call jen.Code, canFail bool, set func(jen.Code) jen.Code, res string) []jen.Code {
	if !canFail {
		return []jen.Code{set(call)}
	}
	return []jen.Code{
		jen.List(jen.Id("r"), jen.Id("err")).Op(":=").Add(call),
		jen.If(jen.Id("err").Op("!=").Nil()).Block(jen.Id(res).Dot("Fail").Call(jen.Id("i"), jen.Id("err")), jen.Continue()),
		set(jen.Id("r")),
	}
}

// emitKernel emits a strict call of the signature's rt kernel over operands.
func (f *funcGen) emitKernel(sig *ir.Signature, args []operand, sel, base string) operand {
	pkg := rtPkg
	if sig.KernelPkg != "" {
		pkg = sig.KernelPkg
	}
	var fn jen.Code
	if !variadicKernels[sig.Kernel] && len(sig.KernelArgs) == 0 && sig.KernelZone == "" && !sig.KernelClock {
		fn = jen.Qual(pkg, sig.Kernel)
	}
	return f.emitRows(sig.Ret, sig.KernelErr, !sig.Observed, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		if fast, ok := rt.FastPaths[sig.Kernel]; ok && sig.KernelPkg == "" {
			return fastRowResult(f.twinCall(sig, fast, vals...), f.kernelCall(sig, vals...), sig.KernelErr, set, res)
		}
		return rowResult(f.kernelCall(sig, vals...), sig.KernelErr, set, res)
	}, fn)
}

// fastRowResult is rowResult for a kernel with a fast path (rt.FastPaths):
// the fast path, which inlines, then the kernel where it reports false.
//
//	r, ok := rt.HourTimestampFast(tsV[i], zc)
//	if !ok {
//		r = rt.HourTimestampIn(tsV[i], zc)
//	}
func fastRowResult(fast, call jen.Code, canFail bool, set func(jen.Code) jen.Code, res string) []jen.Code {
	slow := []jen.Code{jen.Id("r").Op("=").Add(call)}
	if canFail {
		slow = []jen.Code{
			jen.Var().Id("err").Op("*").Qual(rtPkg, "Error"),
			jen.List(jen.Id("r"), jen.Id("err")).Op("=").Add(call),
			jen.If(jen.Id("err").Op("!=").Nil()).Block(jen.Id(res).Dot("Fail").Call(jen.Id("i"), jen.Id("err")), jen.Continue()),
		}
	}
	return []jen.Code{
		jen.List(jen.Id("r"), jen.Id("ok")).Op(":=").Add(fast),
		jen.If(jen.Op("!").Id("ok")).Block(slow...),
		set(jen.Id("r")),
	}
}

// variadicKernels are the templates/rt kernels that take their arguments as
// a variadic parameter, which a function value of vec.Map2's kind cannot be
// (TestVariadicKernels keeps the list complete).
var variadicKernels = map[string]bool{"Concat": true, "ConcatWs": true, "FormatString": true}

// mapCall is a kernel call over the rows of sel as one call of a shared loop
// of templates/vec (vec.Map2 and its kin) that takes the kernel fn as a
// function value and applies the strict rules, or nil where that does not
// apply (more than three arguments, a MAP argument).
func (f *funcGen) mapCall(mayFail bool, args []operand, sel string, fn jen.Code) jen.Code {
	if fn == nil || len(args) == 0 || len(args) > 3 {
		return nil
	}
	call := make([]jen.Code, 0, len(args)+3)
	call = append(call, jen.Id(sel), jen.Id("n"))
	for _, a := range args {
		switch {
		case a.mcol != nil:
			return nil
		case a.str != nil:
			call = append(call, jen.Qual(vecPkg, "StrArg").Call(jen.Id(f.strArray(a.str))))
		case a.isVec():
			call = append(call, jen.Qual(vecPkg, "VecArg").Call(addr(a.vec)))
		case a.lit != nil:
			call = append(call, jen.Qual(vecPkg, "ConstArg").Types(goType(a.t)).Call(a.lit))
		default: // a NULL or error constant: a vector, for the per-row rules
			call = append(call, jen.Qual(vecPkg, "VecArg").Call(addr(f.vector(a, sel))))
		}
	}
	helper := "Map" + itoa(len(args))
	if mayFail {
		helper += "E"
	}
	// vec.Map2E(rest, n, vec.VecArg(&a), vec.ConstArg[int64](1), rt.AddInt64)
	return jen.Qual(vecPkg, helper).Call(append(call, fn)...)
}

// rowBody writes the statements for one row given the argument values; set
// stores the row's result value. It may call res.Fail / res.SetNull and
// continue.
type rowBody func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code

// emitRows emits a strict function over the rows of sel: vec.Strict marks the
// rows an argument's NULL or error decides (and says whether there are any),
// then one loop computes the others. A kernel's body (kernel: it decides a
// row only by Fail, which keeps an argument's outcome) of fixed width runs
// on every row instead. The fast loop, over every row and the
// value slices alone, runs when no argument has a NULL or an error and every
// row is selected (or, for a function that cannot fail, most of them:
// computing an unselected row is cheaper than skipping it and is never read);
// the general loop runs over the rows of sel and skips the marked ones.
//
// On the general path of a fused expression (f.general), and in the branches
// of vector code (a conditional, COALESCE, AND/OR that package lower did not
// fuse), a kernel that mapCall can pass as a function value (fn, nil when
// there is none) is one call of a shared loop instead: the general path's
// rows are few, and a branch runs on part of the batch, where its selections
// and merges cost more than the call of a function value. The clause's own
// operations, over every row or the rows that pass the WHERE clause, keep
// both loops printed for the call, so a batch with NULLs stays fast too.
func (f *funcGen) emitRows(ret ir.Type, mayFail, kernel bool, args []operand, sel, base string, body rowBody, fn jen.Code) operand {
	// A constant error or NULL argument becomes a vector so the per-row rules see it.
	for i, a := range args {
		if a.errLit != nil || a.null {
			args[i] = operand{t: a.t, vec: f.vector(a, sel)}
		}
	}
	if f.general || sel != allRows && sel != "sel" {
		if call := f.mapCall(mayFail, args, sel, fn); call != nil {
			// sum := vec.Map2E(rest, n, vec.VecArg(&a), vec.ConstArg[int64](1), rt.AddInt64)
			res := f.fresh(base)
			f.add(jen.Id(res).Op(":=").Add(call))
			return operand{t: ret, vec: res}
		}
	}
	res := f.fresh(base)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(ret)).Call(jen.Id("n")))

	var flags, slices []jen.Code
	vals := make([]jen.Code, len(args))
	seen := map[string]string{} // an argument read twice is flagged and sliced once
	for i, a := range args {
		switch {
		case a.mcol != nil:
			arr := f.mapArrays(a.mcol).arr
			vals[i] = jen.Id("i") // the map functions read the row's entries in place
			if _, ok := seen[arr]; !ok {
				seen[arr] = ""
				flags = append(flags, jen.Qual(vecPkg, "ArrowFlags").Call(jen.Id(arr)))
			}
		case a.str != nil:
			arr := f.strArray(a.str)
			vals[i] = jen.Id(arr).Dot("Value").Call(jen.Id("i"))
			if _, ok := seen[arr]; !ok {
				seen[arr] = ""
				flags = append(flags, jen.Qual(vecPkg, "ArrowFlags").Call(jen.Id(arr)))
			}
		case !a.isVec():
			vals[i] = a.lit
		default:
			s, ok := seen[a.vec]
			if !ok {
				s = f.local(a.vec + "V") // the value slice, for bounds-check-free indexing
				seen[a.vec] = s
				flags = append(flags, jen.Qual(vecPkg, "FlagsOf").Call(addr(a.vec)))
				slices = append(slices, jen.Id(s).Op(":=").Id(a.vec).Dot("V").Index(jen.Empty(), jen.Id("n")))
			}
			vals[i] = jen.Id(s).Index(jen.Id("i"))
		}
	}
	// The loops' locals (out and the value slices) are scoped to a block.
	block := append(slices, jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	set := func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }
	// for i := range out { body }
	fast := jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(body(vals, set, res)...)
	// vec.Strict(&res, sel, n, vec.FlagsOf(&x), vec.ArrowFlags(sArr))
	cond := jen.Qual(vecPkg, "Strict").Call(append([]jen.Code{addr(res), jen.Id(sel), jen.Id("n")}, flags...)...)
	if sel != allRows { // the selection of every row is nil at run time: only one made at run time needs a test
		cond = jen.Add(cond).Op("&&").Qual(vecPkg, "Dense").Call(jen.Id(sel), jen.Id("n"), jen.Lit(mayFail))
	}
	if len(flags) == 0 && sel == allRows { // no argument can be NULL or failed
		f.add(jen.Block(append(block, fast)...))
		return operand{t: ret, vec: res}
	}
	if sel == allRows && kernel && kinds.FixedWidth(ret) {
		// A fixed-width result is computed on every row, one an argument
		// decided too: its value there is never read, and Fail keeps the
		// argument's NULL or error. vec.Strict makes the NULLs a bitmap.
		// vec.Strict(&res, all, n, ...); for i := range out { body }
		f.add(jen.Block(append(block, cond, fast)...))
		return operand{t: ret, vec: res}
	}
	if sel == allRows {
		// Over every row one loop serves both: the rows the arguments
		// decided are skipped by a test that, on a clean batch, is one
		// branch on a flag that does not change in the loop.
		// dirty := !vec.Strict(&res, all, n, ...); for i := range out { if dirty && res.Dirty(i) { continue }; body }
		block = append(block, jen.Id("dirty").Op(":=").Op("!").Add(cond),
			jen.For(jen.Id("i").Op(":=").Range().Id("out")).Block(append([]jen.Code{
				jen.If(jen.Id("dirty").Op("&&").Id(res).Dot("Dirty").Call(jen.Id("i"))).Block(jen.Continue()),
			}, body(vals, set, res)...)...))
		f.add(jen.Block(block...))
		return operand{t: ret, vec: res}
	}
	// for k, cnt := 0, sel.Rows(n); k < cnt; k++ { i := sel.Row(k); if res.Dirty(i) { continue }; body }
	general := jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(sel).Dot("Rows").Call(jen.Id("n"))), jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++")).Block(
		append([]jen.Code{
			jen.Id("i").Op(":=").Id(sel).Dot("Row").Call(jen.Id("k")),
			jen.If(jen.Id(res).Dot("Dirty").Call(jen.Id("i"))).Block(jen.Continue()),
		}, body(vals, set, res)...)...)
	f.add(jen.Block(append(block, jen.If(cond).Block(fast).Else().Block(general))...))
	return operand{t: ret, vec: res}
}
