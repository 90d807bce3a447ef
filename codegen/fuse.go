package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Fused expressions.
//
// The vector code of an expression pays per operation: a vector per
// intermediate result, and for a CASE or IF a boolean vector per condition, a
// selection split per WHEN and a merge per result. When nothing in a
// conditional, or in a chain of operations at the root of an output column or
// of the WHERE clause, can fail or produce NULL once its inputs are clean
// (every call is a kernel without an error result or a map lookup on a MAP
// input column, every constant is a value, every shared subexpression it
// reads is already computed or absorbed), the whole expression is one Go loop
// over the rows of its selection: a switch per row for a conditional, one Go
// expression for a value.
//
// Two such loops are emitted, and the vector code, which holds the NULL and
// error rules, stays as the general path:
//   - the clean loop runs on batches whose inputs have no NULLs and no errors.
//     A map lookup that misses stops it, and the vector code computes every
//     row. At the root of an output column it writes the Arrow array itself.
//   - the rows loop runs on other batches: a row whose inputs include a NULL
//     or an error, or whose map lookup misses or finds a NULL item, is left to
//     the vector code, which computes just those rows; their results are
//     merged into the loop's.
//
// Evaluation stays lazy (a condition runs only on rows no earlier WHEN took,
// a result only on the rows of its branch), so a loop evaluates what the
// vector code would; what a row left to the vector code had evaluated in the
// loop already is pure (lookups and kernels without errors), so computing it
// again is not observable.
//
// A shared subexpression decided "always" whose every occurrence is inside one
// fused root is absorbed by it (see absorb): the loops compute it once per
// row into a local, before the rest, and no vector of it is built.

// fusion collects what the fused loops of one conditional need: the run-time
// conditions under which they apply and the value slices they read.
type fusion struct {
	f *funcGen
	// conds must hold for either loop to run (constant patterns compiled);
	// clean selects the clean loop (no input has a NULL or an error), and
	// rowNulls are the per-row tests that leave a row to the vector code in
	// the rows loop.
	conds, clean, rowNulls []jen.Code
	slices                 []jen.Code
	seen                   map[string]jen.Code // vector or array variable -> per-row value
	tested                 map[string]bool     // arrays whose NULLs are tested
	names                  map[string]bool     // locals of the loop's block
	subjects               map[ir.Expr]string  // CASE operand -> its per-row local
	// rows is set while the rows loop's body is generated: its map item
	// reads also test for NULL items.
	rows bool
	// bad names the loop's flag set by a map lookup that finds no entry (""
	// while no lookup can).
	bad    string
	locals map[int]string // absorbed shared subexpression -> its per-row local
}

// notFused are the calls whose code generation is special (greatest and least
// skip NULLs): they keep their vector code.
var notFused = map[string]bool{"greatest": true, "least": true}

// mapCalls are the map functions a fused loop computes over a MAP input column
// read in place (m[k] and element_at stop the loop on a row whose key is
// missing; the loop runs only when the items have no NULLs).
var mapCalls = map[string]bool{"subscript": true, "element_at": true, "map_contains_key": true, "cardinality": true}

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

// fusibleRoot reports whether top-level expression e (an output column or
// the WHERE clause) is emitted as fused loops: a fusible conditional, or a
// fusible value that is not just an input (a chain of arithmetic, say, whose
// vector code would build a temporary per operation).
func (f *funcGen) fusibleRoot(e ir.Expr) bool {
	if f.plan.Lookup(e) != nil {
		return false
	}
	switch e.(type) {
	case *ir.If, *ir.Case:
		return f.fusibleCond(e)
	case *ir.Call, *ir.And, *ir.Or, *ir.Between, *ir.In:
		return compound(f.plan, e) && f.fusibleNode(e)
	}
	return false
}

// compound reports whether e has an operation among its arguments (not
// counting shared ones, which are read as vectors): a single operation's
// vector code is one tight loop already, and fusing it would only add code.
func compound(p *cse.Plan, e ir.Expr) bool {
	var args []ir.Expr
	switch e := e.(type) {
	case *ir.Call:
		args = e.Args
	case *ir.And:
		args = e.Args
	case *ir.Or:
		args = e.Args
	case *ir.Between, *ir.In:
		return true // two comparisons or more
	}
	for _, a := range args {
		switch a.(type) {
		case *ir.Call, *ir.And, *ir.Or, *ir.Between, *ir.In:
			if p.Lookup(a) == nil {
				return true
			}
		}
	}
	return false
}

// emitTop emits top-level expression e over sel: fused when fusibleRoot says
// so (conditionals take that path in emitIf and emitCase).
func (f *funcGen) emitTop(e ir.Expr, sel string) operand {
	switch e.(type) {
	case *ir.Call, *ir.And, *ir.Or, *ir.Between, *ir.In:
		if f.fusibleRoot(e) {
			return f.emitFused(e, sel, rootName(e), func(s string) operand { return f.emit(e, s) })
		}
	}
	return f.emit(e, sel)
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
// or be NULL when its inputs are clean (map lookups aside, which stop the loop).
func (f *funcGen) fusibleValue(e ir.Expr) bool {
	if s := f.plan.Lookup(e); s != nil {
		if _, ok := f.available(s.ID); ok {
			return true // computed already: a clean input like a column
		}
		if f.absorbed[s.ID] != nil {
			return f.fusibleNode(s.Expr)
		}
		return f.pending != nil && hoistedAt(f.pending, s)
	}
	return f.fusibleNode(e)
}

// fusibleNode is fusibleValue for e itself, shared or not.
func (f *funcGen) fusibleNode(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return e.Err == nil && e.V != nil
	case *ir.ColumnRef:
		return e.T.Kind != ir.KindMap
	case *ir.And:
		return f.allFusible(e.Args)
	case *ir.Or:
		return f.allFusible(e.Args)
	case *ir.Between:
		return f.plainLeaf(e.Arg) && comparison(e.Ge) && comparison(e.Le) && f.allFusible([]ir.Expr{e.Arg, e.Lo, e.Hi})
	case *ir.In:
		return len(e.List) > 0 && f.plainLeaf(e.Arg) && comparison(e.Eq) && f.fusibleValue(e.Arg) && f.allFusible(e.List)
	case *ir.Call:
		switch {
		case notFused[e.Fn.Name]:
			return false
		case mapCalls[e.Fn.Name]:
			c, ok := e.Args[0].(*ir.ColumnRef)
			return ok && c.T.Kind == ir.KindMap && f.plan.Lookup(c) == nil && f.allFusible(e.Args[1:])
		case e.Fn.Name == "like" || e.Fn.Name == "rlike":
			return f.fusibleValue(e.Args[0]) && constPattern(e)
		}
		return e.Sig.Kernel != "" && !e.Sig.KernelErr && f.allFusible(e.Args)
	}
	return false
}

// plainLeaf reports whether e reads as a plain Go value in a fused loop (a
// column, a constant or a shared subexpression), so that BETWEEN and IN may
// repeat it per comparison without repeating work.
func (f *funcGen) plainLeaf(e ir.Expr) bool {
	switch e.(type) {
	case *ir.ColumnRef, *ir.Const:
		return true
	}
	return f.plan.Lookup(e) != nil
}

// comparison reports whether a BETWEEN or IN comparison call has a kernel
// that cannot fail.
func comparison(c *ir.Call) bool { return c.Sig.Kernel != "" && !c.Sig.KernelErr }

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

// emitFused emits conditional e as fused row loops over the rows of sel, with
// vector code (general, over a selection it is given) for the rows they leave.
//
// Two loops, chosen per batch once the batch-wide conditions hold (constant
// patterns compiled, shared vectors free of errors):
//   - clean: no input has a NULL. Every row is computed in the loop; a map
//     lookup that misses stops it and the vector code computes every row of
//     sel instead. When e is the root of the output column being emitted
//     (f.sink), this loop writes the column's Arrow array directly.
//   - rows: some input has NULLs. A row with a NULL (or failed) input, or
//     whose map lookup misses or finds a NULL item, is left to the vector
//     code, which computes just those rows; their results are merged in.
//     Which inputs a row reads is checked up front for all of e's inputs, so
//     a NULL in a branch the row does not take also sends it to the vector
//     code: slower for that row, never different.
func (f *funcGen) emitFused(e ir.Expr, sel, base string, general func(sel string) operand) operand {
	fu := &fusion{f: f, seen: map[string]jen.Code{}, tested: map[string]bool{}, names: map[string]bool{}, locals: map[int]string{}, subjects: map[ir.Expr]string{}}
	t := e.Type()
	direct := f.takeSink(e)
	writer := ""
	if direct {
		writer = fu.local(camel(f.sink.name) + "Out")
	}
	// The clean loop's index into out: the row, or its position in the
	// selection when out is the output column itself.
	pos := "i"
	if direct && sel != "all" {
		pos = "k"
	}
	storeRow := func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }
	storeClean := func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id(pos)).Op("=").Add(v) }
	if direct && t.Kind == ir.KindVarchar {
		storeClean = func(v jen.Code) jen.Code { return jen.Id(writer).Dot("Append").Call(v) }
	}
	// Shared subexpressions absorbed by e are computed once per row, first:
	// every path through e evaluates them.
	absorbed := f.absorbedBy(e)
	for _, s := range absorbed {
		fu.locals[s.ID] = fu.local(tempName(s.Expr))
	}
	bodyFor := func(store func(jen.Code) jen.Code, rows bool) []jen.Code {
		fu.rows = rows
		var body []jen.Code
		for _, s := range absorbed {
			body = append(body, jen.Comment("shared (always): "+comment(s.SQL)), jen.Id(fu.locals[s.ID]).Op(":=").Add(fu.valueNode(s.Expr)))
		}
		if stmts := fu.assignCond(e, store); stmts != nil {
			return append(body, stmts...)
		}
		return append(body, store(fu.valueNode(e))) // a fused root value
	}
	cleanBody := bodyFor(storeClean, false)
	rowsBody := bodyFor(storeRow, true)

	res := f.fresh(base)
	rest := f.fresh("rest")
	fused := f.fresh("fused")
	saved := f.stmts
	f.stmts = nil
	f.enter(nil, rest)
	for _, s := range absorbed {
		if _, ok := f.available(s.ID); !ok {
			f.add(jen.Comment("shared (always): " + comment(s.SQL)))
			f.setAvailable(s.ID, f.vector(f.emitNode(s.Expr, rest), rest))
		}
	}
	g := f.vector(general(rest), rest)
	f.exit(1)
	f.add(jen.If(jen.Id(fused)).Block(
		jen.Qual(vecPkg, "Merge").Call(jen.Op("&").Id(res), jen.Op("&").Id(g), jen.Id(rest), jen.Id("n")),
	).Else().Block(jen.Id(res).Op("=").Id(g)))
	slow := f.stmts
	f.stmts = saved

	// The loops run over every row ("all" is never a selection) or over the
	// rows of sel (a nil selection at run time is every row too).
	rowLoop := func(over string) *jen.Statement {
		if sel != "all" {
			return jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(sel).Dot("Rows").Call(jen.Id("n"))), jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++"))
		}
		return jen.For(jen.Id("i").Op(":=").Range().Id(over))
	}
	firstRow := func(body []jen.Code) []jen.Code {
		if sel == "all" {
			return body
		}
		return append([]jen.Code{jen.Id("i").Op(":=").Id(sel).Dot("Row").Call(jen.Id("k"))}, body...)
	}
	either := func(cs []jen.Code) jen.Code {
		var c *jen.Statement
		for _, x := range cs {
			if c == nil {
				c = jen.Add(x)
			} else {
				c = c.Op("||").Add(x)
			}
		}
		return c
	}
	all := func(cs []jen.Code) jen.Code {
		var c *jen.Statement
		for _, x := range cs {
			if c == nil {
				c = jen.Add(x)
			} else {
				c = c.Op("&&").Add(x)
			}
		}
		return c
	}

	// The clean loop.
	var clean []jen.Code
	over := "out"
	if direct {
		cnt := jen.Id("n")
		if sel != "all" {
			cnt = jen.Id(sel).Dot("Rows").Call(jen.Id("n"))
		}
		if t.Kind == ir.KindVarchar {
			clean = append(clean, jen.Id(writer).Op(":=").Qual(vecPkg, "NewStringOut").Call(jen.Id("mem"), cnt))
			over = "n"
		} else {
			clean = append(clean, jen.Id(writer).Op(":=").Qual(vecPkg, "NewFixedOut").Types(goType(t)).Call(jen.Id("mem"), arrowType(t), cnt))
		}
		clean = append(clean, fu.slices...)
		if t.Kind != ir.KindVarchar {
			clean = append(clean, jen.Id("out").Op(":=").Id(writer).Dot("V"))
		}
	} else {
		clean = append(clean, jen.Id(res).Op("=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n")))
		clean = append(clean, fu.slices...)
		clean = append(clean, jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	}
	var done []jen.Code
	if direct {
		done = append(done, jen.Id(f.sink.col).Op("=").Id(writer).Dot("Array").Call())
	}
	done = append(done, jen.List(jen.Id(fused), jen.Id(rest)).Op("=").List(jen.True(), jen.Qual(vecPkg, "Sel").Values()))
	if fu.bad == "" {
		clean = append(clean, rowLoop(over).Block(firstRow(cleanBody)...))
		clean = append(clean, done...)
	} else {
		clean = append(clean,
			jen.Id(fu.bad).Op(":=").False(),
			rowLoop(over).Block(firstRow(append(cleanBody, jen.If(jen.Id(fu.bad)).Block(jen.Break())))...),
		)
		stopped := []jen.Code{jen.Comment("a lookup missed: the vector code computes every row")}
		if direct {
			stopped = append(stopped, jen.Id(writer).Dot("Release").Call())
		}
		clean = append(clean, jen.If(jen.Op("!").Id(fu.bad)).Block(done...).Else().Block(stopped...))
	}

	// The rows loop.
	rows := []jen.Code{jen.Id(res).Op("=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n"))}
	rows = append(rows, fu.slices...)
	rows = append(rows, jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	rows = append(rows, jen.Id("left").Op(":=").Qual(vecPkg, "Sel").Values().Comment("rows for the vector code"))
	left := jen.Id("left").Op("=").Append(jen.Id("left"), jen.Int32().Parens(jen.Id("i")))
	var rowBody []jen.Code
	if len(fu.rowNulls) > 0 {
		rowBody = append(rowBody, jen.If(either(fu.rowNulls)).Block(left, jen.Continue()))
	}
	rowBody = append(rowBody, rowsBody...)
	if fu.bad != "" {
		rows = append(rows, jen.Id(fu.bad).Op(":=").False())
		rowBody = append(rowBody, jen.If(jen.Id(fu.bad)).Block(jen.Id(fu.bad).Op("=").False(), left))
	}
	rows = append(rows, rowLoop("out").Block(firstRow(rowBody)...))
	rows = append(rows, jen.List(jen.Id(fused), jen.Id(rest)).Op("=").List(jen.True(), jen.Id("left")))

	f.commentFor(e)
	if direct {
		f.add(jen.Var().Id(f.sink.col).Qual(arrowPkg, "Array").Comment("written by the clean loop, or below from " + res))
	}
	f.add(jen.Var().Id(res).Qual(vecPkg, "Vec").Types(goType(t)))
	// rest starts as every row of sel for when no loop runs (a batch-wide
	// condition fails or a lookup stops the clean loop); otherwise a loop
	// always sets it.
	restInit := jen.Var().Id(rest).Qual(vecPkg, "Sel")
	if sel != "all" && (len(fu.conds) > 0 || fu.bad != "") {
		restInit = jen.Id(rest).Op(":=").Id(sel)
	}
	f.add(
		jen.Comment("rows the vector code computes: those a fused loop leaves, or all of them"),
		jen.Var().Id(fused).Bool(),
		restInit,
	)
	loops := jen.If(all(fu.clean)).Block(clean...).Else().Block(rows...)
	if len(fu.clean) == 0 {
		loops = jen.Block(clean...)
	}
	if len(fu.conds) > 0 {
		f.add(jen.If(all(fu.conds)).Block(loops))
	} else {
		f.add(loops)
	}
	f.add(jen.If(jen.Op("!").Id(fused).Op("||").Len(jen.Id(rest)).Op(">").Lit(0)).Block(slow...))
	return operand{t: t, vec: res}
}

// takeSink reports whether conditional e is the root of the output column
// being emitted, of a type a fused loop writes directly, and not shared (a
// shared root's vector is read elsewhere); it names the column's variable.
func (f *funcGen) takeSink(e ir.Expr) bool {
	s := f.sink
	if s == nil || s.expr != e || s.col != "" || f.plan.Lookup(e) != nil {
		return false
	}
	switch e.Type().Kind {
	case ir.KindVarchar, ir.KindBigint, ir.KindInt, ir.KindDouble, ir.KindDate:
	default:
		return false
	}
	s.col = f.fresh(camel(s.name) + "Col")
	return true
}

// assign returns the statements storing e's value for row i with store.
func (fu *fusion) assign(e ir.Expr, store func(jen.Code) jen.Code) []jen.Code {
	if fu.f.plan.Lookup(e) == nil {
		if stmts := fu.assignCond(e, store); stmts != nil {
			return stmts
		}
	}
	return []jen.Code{store(fu.value(e))}
}

// assignCond returns the statements of a fused conditional (nil when e is not
// one), whether or not e itself is shared.
func (fu *fusion) assignCond(e ir.Expr, store func(jen.Code) jen.Code) []jen.Code {
	switch e := e.(type) {
	case *ir.If:
		return []jen.Code{jen.If(fu.value(e.Cond)).Block(fu.assign(e.Then, store)...).Else().Block(fu.assign(e.Else, store)...)}
	case *ir.Case:
		var stmts, cases []jen.Code
		var subject jen.Code
		if e.Operand != nil {
			name, ok := fu.subjects[e]
			if !ok {
				name = fu.local("subject")
				fu.subjects[e] = name
			}
			stmts = append(stmts, jen.Id(name).Op(":=").Add(fu.value(e.Operand)))
			subject = jen.Id(name)
		}
		for _, w := range e.Whens {
			c := fu.value(w.Cond)
			if subject != nil {
				c = kernelCall(e.Eq.Sig, subject, c)
			}
			cases = append(cases, jen.Case(c).Block(fu.assign(w.Then, store)...))
		}
		cases = append(cases, jen.Default().Block(fu.assign(e.Else, store)...))
		return append(stmts, jen.Switch().Block(cases...))
	}
	return nil
}

// value returns the Go expression of fusible value e for row i, registering
// the inputs it reads.
func (fu *fusion) value(e ir.Expr) jen.Code {
	f := fu.f
	if s := f.plan.Lookup(e); s != nil {
		if name, ok := fu.locals[s.ID]; ok {
			return jen.Id(name)
		}
		name, _ := f.available(s.ID)
		return fu.vecInput(name)
	}
	return fu.valueNode(e)
}

// valueNode is value for e itself, shared or not.
func (fu *fusion) valueNode(e ir.Expr) jen.Code {
	f := fu.f
	switch e := e.(type) {
	case *ir.Const:
		return literal(e.V, e.T)
	case *ir.ColumnRef:
		if e.T.Kind == ir.KindVarchar {
			arr := f.strArray(e)
			fu.noNulls(arr, true)
			return jen.Id(arr).Dot("Value").Call(jen.Id("i"))
		}
		return fu.vecInput(f.column(e))
	case *ir.And:
		return fu.logic(e.Args, "&&")
	case *ir.Or:
		return fu.logic(e.Args, "||")
	case *ir.Between:
		x := fu.value(e.Arg)
		return jen.Parens(jen.Add(kernelCall(e.Ge.Sig, x, fu.value(e.Lo))).Op("&&").Add(kernelCall(e.Le.Sig, x, fu.value(e.Hi))))
	case *ir.In:
		x := fu.value(e.Arg)
		c := jen.Add(kernelCall(e.Eq.Sig, x, fu.value(e.List[0])))
		for _, v := range e.List[1:] {
			c = c.Op("||").Add(kernelCall(e.Eq.Sig, x, fu.value(v)))
		}
		return jen.Parens(c)
	case *ir.Call:
		if mapCalls[e.Fn.Name] {
			return fu.mapCall(e)
		}
		if e.Fn.Name == "like" {
			if test := inlineLike(e, fu.value(e.Args[0])); test != nil {
				return test
			}
		}
		if e.Fn.Name == "like" || e.Fn.Name == "rlike" {
			m := f.matcher(e, nil)
			if !fu.tested[m.err] {
				fu.tested[m.err] = true
				fu.conds = append(fu.conds, jen.Id(m.err).Op("==").Nil())
			}
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

// mapCall is a map function over a MAP input column read in place. The loop
// runs only when the column and its items have no NULLs.
func (fu *fusion) mapCall(e *ir.Call) jen.Code {
	f := fu.f
	col := e.Args[0].(*ir.ColumnRef)
	m := f.mapArrays(col)
	offs, ok := f.mapOffs[col.Index]
	if !ok {
		offs = f.fresh(f.colNames[col.Index] + "Offs")
		f.mapOffs[col.Index] = offs
		f.prologue = append(f.prologue, jen.Id(offs).Op(":=").Qual(vecPkg, "MapOffsets").Call(jen.Id(m.arr)))
	}
	fu.noNulls(m.arr, true)
	suffix := keySuffix(*col.T.Key)
	if e.Fn.Name == "cardinality" {
		return jen.Qual(vecPkg, "RowCount"+suffix).Call(jen.Id(offs), jen.Id(m.keys), jen.Id("i"))
	}
	find := jen.Qual(vecPkg, "RowFind"+suffix).Call(jen.Id(offs), jen.Id(m.keys), jen.Id("i"), fu.value(e.Args[1]))
	if e.Fn.Name == "map_contains_key" {
		return jen.Parens(jen.Add(find).Op(">=").Lit(0))
	}
	if fu.bad == "" {
		fu.bad = fu.local("bad")
	}
	items := f.mapItems(col)
	fu.noNulls(items, false)
	item := "Item"
	if fu.rows {
		item = "CheckedItem"
	}
	return jen.Qual(vecPkg, item+arrowArrayName(*col.T.Value)).Call(jen.Id(items), find, jen.Op("&").Id(fu.bad))
}

// local names a variable of the fused loop's block: distinct from the
// function's names, the loop's own (out, i, k, cnt, left) and its other locals.
func (fu *fusion) local(base string) string {
	name := fu.f.local(base)
	for n := 2; fu.names[name] || loopNames[name]; n++ {
		name = fu.f.local(base + itoa(n))
	}
	fu.names[name] = true
	return name
}

var loopNames = map[string]bool{"out": true, "i": true, "k": true, "cnt": true, "left": true}

// noNulls makes the clean loop run only when Arrow array arr has no NULLs;
// with perRow (arr has a value per row) the rows loop tests row i, else
// (map items) the lookup does.
func (fu *fusion) noNulls(arr string, perRow bool) {
	if !fu.tested[arr] {
		fu.tested[arr] = true
		fu.clean = append(fu.clean, jen.Id(arr).Dot("NullN").Call().Op("==").Lit(0))
		if perRow {
			fu.rowNulls = append(fu.rowNulls, jen.Id(arr).Dot("IsNull").Call(jen.Id("i")))
		}
	}
}

// vecInput reads a vector variable's value slice (declared once, before the
// loops, for bounds-check-free indexing): the clean loop requires the vector
// clean, the rows loop leaves its NULL and error rows to the vector code.
func (fu *fusion) vecInput(name string) jen.Code {
	if v, ok := fu.seen[name]; ok {
		return v
	}
	s := fu.local(name + "V")
	v := jen.Id(s).Index(jen.Id("i"))
	fu.seen[name] = v
	fu.clean = append(fu.clean, jen.Id(name).Dot("Clean").Call())
	fu.rowNulls = append(fu.rowNulls, jen.Id(name).Dot("Dirty").Call(jen.Id("i")))
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

// kernelCall calls the signature's kernel (templates/rt unless KernelPkg says).
func kernelCall(sig *ir.Signature, args ...jen.Code) jen.Code {
	pkg := rtPkg
	if sig.KernelPkg != "" {
		pkg = sig.KernelPkg
	}
	return jen.Qual(pkg, sig.Kernel).Call(args...)
}

// absorb picks, before root region r's hoists are emitted, the shared
// subexpressions a fused top-level conditional computes in its own row loop
// instead of a hoisted vector: decided always, hoisted at r only, and every
// occurrence inside that conditional. The vector (16 bytes a row for a string)
// is never built unless the fused loop gives way to vector code, which then
// hoists them first, as r would have.
func (f *funcGen) absorb(r *cse.Region, tops []ir.Expr) {
	if r == nil {
		return
	}
	for _, e := range tops {
		if f.plan.Lookup(e) != nil {
			continue
		}
		var cands []*cse.Shared
		for _, s := range r.Hoists {
			if s.Decision == cse.Always && !s.Memo && len(s.Hoists) == 1 && f.absorbed[s.ID] == nil && occurrences(f.plan, e, s) == s.Uses {
				cands = append(cands, s)
			}
		}
		if len(cands) == 0 {
			continue
		}
		for _, s := range cands {
			f.absorbed[s.ID] = e
		}
		f.pending = r // the other hoists of r will be computed by then
		ok := f.fusibleRoot(e)
		f.pending = nil
		if !ok {
			for _, s := range cands {
				delete(f.absorbed, s.ID)
			}
		}
	}
}

// absorbedBy lists the shared subexpressions e absorbs, smallest first (the
// order of the root's hoists), so that one may use another.
func (f *funcGen) absorbedBy(e ir.Expr) []*cse.Shared {
	if f.plan == nil {
		return nil
	}
	var out []*cse.Shared
	for _, r := range []*cse.Region{f.plan.Where, f.plan.Outputs} {
		if r == nil {
			continue
		}
		for _, s := range r.Hoists {
			if f.absorbed[s.ID] == e {
				out = append(out, s)
			}
		}
	}
	return out
}

func hoistedAt(r *cse.Region, s *cse.Shared) bool {
	for _, h := range r.Hoists {
		if h == s {
			return true
		}
	}
	return false
}

// occurrences counts the nodes of e that are occurrences of s.
func occurrences(p *cse.Plan, e ir.Expr, s *cse.Shared) int {
	n := 0
	if p.Lookup(e) == s {
		n++
	}
	for _, k := range e.Children() {
		n += occurrences(p, k, s)
	}
	return n
}

// tempName names the per-row local of an absorbed shared subexpression after
// what it holds.
// rootName names the vector of a fused root value after its operation.
func rootName(e ir.Expr) string {
	switch e.(type) {
	case *ir.And:
		return "allOf"
	case *ir.Or:
		return "anyOf"
	case *ir.Between:
		return "inRange"
	case *ir.In:
		return "inList"
	}
	return tempName(e)
}

func tempName(e ir.Expr) string {
	if c, ok := e.(*ir.Call); ok {
		return tempBase(c)
	}
	return "shared"
}

// inlineLike is the plain Go string test of a LIKE with a constant pattern
// that reduces to one ('abc', 'abc%', '%abc', '%abc%'), applied to v, or nil.
// The pattern is compiled here, so it is known to be valid.
func inlineLike(e *ir.Call, v jen.Code) jen.Code {
	esc := `\`
	if len(e.Args) > 2 {
		esc = e.Args[2].(*ir.Const).V.(string)
	}
	m, err := rt.CompileLike(e.Args[1].(*ir.Const).V.(string), esc)
	if err != nil {
		return nil
	}
	switch shape, lit := m.Literal(); shape {
	case "exact":
		return jen.Parens(jen.Add(v).Op("==").Lit(lit))
	case "prefix":
		return jen.Qual("strings", "HasPrefix").Call(v, jen.Lit(lit))
	case "suffix":
		return jen.Qual("strings", "HasSuffix").Call(v, jen.Lit(lit))
	case "contains":
		return jen.Qual("strings", "Contains").Call(v, jen.Lit(lit))
	}
	return nil
}
