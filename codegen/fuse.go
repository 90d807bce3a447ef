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
// clean (every call is a kernel without an error result or a map lookup on a
// MAP input column, every constant is a value, every shared subexpression it
// reads is already computed or absorbed), the whole conditional is one Go
// switch per row, over the rows of its selection. It runs when every input
// is clean (no NULLs, no errors); a map lookup that misses on some row stops
// it, and the vector code, which holds the NULL and error rules, computes the
// batch instead. Evaluation stays lazy (a condition runs only on rows no
// earlier WHEN took, a result only on the rows of its branch), so the fused
// loop evaluates what the vector code would; what a stopped loop evaluated
// twice is pure (lookups and kernels without errors).
//
// A shared subexpression decided "always" whose every occurrence is inside one
// top-level conditional is absorbed by it (see absorb): the fused loop
// computes it once per row into a local, before the switch, and no vector of
// it is built.

// fusion collects what the fused loop of one conditional needs: the run-time
// conditions under which it applies and the value slices it reads.
type fusion struct {
	f      *funcGen
	conds  []jen.Code
	slices []jen.Code
	seen   map[string]jen.Code // vector or array variable -> per-row value
	tested map[string]bool     // arrays whose NullN() == 0 is among conds
	names  map[string]bool     // locals of the loop's block
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

// emitFused emits conditional e as a fused row loop over the rows of sel when
// its inputs are clean, and as vector code (general) otherwise, or when a map
// lookup in the loop misses. When e is the root of the output column being
// emitted (f.sink), the loop writes that column's Arrow array directly.
func (f *funcGen) emitFused(e ir.Expr, sel, base string, general func() operand) operand {
	fu := &fusion{f: f, seen: map[string]jen.Code{}, tested: map[string]bool{}, names: map[string]bool{}, locals: map[int]string{}}
	direct := f.takeSink(e)
	writer := ""
	if direct {
		writer = fu.local(camel(f.sink.name) + "Out")
	}
	// The loop's index into out: the row, or its position in the selection
	// when out is the output column itself.
	pos := "i"
	if direct && sel != "all" {
		pos = "k"
	}
	store := func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id(pos)).Op("=").Add(v) }
	if direct && e.Type().Kind == ir.KindVarchar {
		store = func(v jen.Code) jen.Code { return jen.Id(writer).Dot("Append").Call(v) }
	}
	// Shared subexpressions absorbed by e are computed once per row, first:
	// every path through e evaluates them.
	var top []jen.Code
	absorbed := f.absorbedBy(e)
	for _, s := range absorbed {
		name := fu.local(tempName(s.Expr))
		top = append(top, jen.Comment("shared (always): "+comment(s.SQL)), jen.Id(name).Op(":=").Add(fu.valueNode(s.Expr)))
		fu.locals[s.ID] = name
	}
	body := append(top, fu.assignCond(e, store)...)

	res := f.fresh(base)
	saved := f.stmts
	f.stmts = nil
	f.enter(nil, sel)
	for _, s := range absorbed {
		if _, ok := f.available(s.ID); !ok {
			f.add(jen.Comment("shared (always): " + comment(s.SQL)))
			f.setAvailable(s.ID, f.vector(f.emitNode(s.Expr, sel), sel))
		}
	}
	g := general()
	f.exit(1)
	f.add(jen.Id(res).Op("=").Id(f.vector(g, sel)))
	slow := f.stmts
	f.stmts = saved

	// The loop runs over every row ("all" is never a selection) or over the
	// rows of sel (a nil selection at run time is every row too).
	var cond *jen.Statement
	loop := jen.For(jen.Id("i").Op(":=").Range().Id("out"))
	if direct && e.Type().Kind == ir.KindVarchar {
		loop = jen.For(jen.Id("i").Op(":=").Range().Id("n"))
	}
	if sel != "all" {
		body = append([]jen.Code{jen.Id("i").Op(":=").Id(sel).Dot("Row").Call(jen.Id("k"))}, body...)
		loop = jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(sel).Dot("Rows").Call(jen.Id("n"))), jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++"))
	}
	for _, c := range fu.conds {
		if cond == nil {
			cond = jen.Add(c)
		} else {
			cond = cond.Op("&&").Add(c)
		}
	}
	if cond == nil {
		cond = jen.True()
	}
	var fast, done []jen.Code
	if direct {
		cnt := jen.Id("n")
		if sel != "all" {
			cnt = jen.Id(sel).Dot("Rows").Call(jen.Id("n"))
		}
		t := e.Type()
		if t.Kind == ir.KindVarchar {
			fast = append(fast, jen.Id(writer).Op(":=").Qual(vecPkg, "NewStringOut").Call(jen.Id("mem"), cnt))
		} else {
			fast = append(fast, jen.Id(writer).Op(":=").Qual(vecPkg, "NewFixedOut").Types(goType(t)).Call(jen.Id("mem"), arrowType(t), cnt))
		}
		fast = append(fast, fu.slices...)
		if t.Kind != ir.KindVarchar {
			fast = append(fast, jen.Id("out").Op(":=").Id(writer).Dot("V"))
		}
		done = []jen.Code{jen.Id(f.sink.col).Op("=").Id(writer).Dot("Array").Call()}
	} else {
		fast = []jen.Code{jen.Id(res).Op("=").Qual(vecPkg, "Make").Types(goType(e.Type())).Call(jen.Id("n"))}
		fast = append(fast, fu.slices...)
		fast = append(fast, jen.Id("out").Op(":=").Id(res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	}
	f.commentFor(e)
	if direct {
		f.add(jen.Var().Id(f.sink.col).Qual(arrowPkg, "Array").Comment("written by the fused loop, or below from " + res))
	}
	f.add(jen.Var().Id(res).Qual(vecPkg, "Vec").Types(goType(e.Type())))
	if fu.bad == "" {
		f.add(jen.Comment("one loop when its inputs are clean; vector code otherwise"))
		fast = append(fast, loop.Block(body...))
		fast = append(fast, done...)
		f.add(jen.If(cond).Block(fast...).Else().Block(slow...))
		return operand{t: e.Type(), vec: res}
	}
	fused := f.fresh("fused")
	f.add(jen.Comment("one loop when its inputs are clean, unless a map lookup misses; vector code otherwise"),
		jen.Id(fused).Op(":=").False())
	body = append(body, jen.If(jen.Id(fu.bad)).Block(jen.Break()))
	fast = append(fast,
		jen.Id(fu.bad).Op(":=").False(),
		loop.Block(body...),
		jen.Id(fused).Op("=").Op("!").Id(fu.bad))
	if direct {
		fast = append(fast, jen.If(jen.Id(fused)).Block(done...).Else().Block(jen.Id(writer).Dot("Release").Call()))
	}
	f.add(jen.If(cond).Block(fast...), jen.If(jen.Op("!").Id(fused)).Block(slow...))
	return operand{t: e.Type(), vec: res}
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
			name := fu.local("subject")
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
			fu.noNulls(arr)
			return jen.Id(arr).Dot("Value").Call(jen.Id("i"))
		}
		return fu.vecInput(f.column(e))
	case *ir.And:
		return fu.logic(e.Args, "&&")
	case *ir.Or:
		return fu.logic(e.Args, "||")
	case *ir.Call:
		if mapCalls[e.Fn.Name] {
			return fu.mapCall(e)
		}
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
	fu.noNulls(m.arr)
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
	fu.noNulls(items)
	return jen.Qual(vecPkg, "Item"+arrowArrayName(*col.T.Value)).Call(jen.Id(items), find, jen.Op("&").Id(fu.bad))
}

// local names a variable of the fused loop's block: distinct from the
// function's names, the loop's own (out, i, k, cnt) and its other locals.
func (fu *fusion) local(base string) string {
	name := fu.f.local(base)
	for n := 2; fu.names[name] || loopNames[name]; n++ {
		name = fu.f.local(base + itoa(n))
	}
	fu.names[name] = true
	return name
}

var loopNames = map[string]bool{"out": true, "i": true, "k": true, "cnt": true}

// noNulls makes the loop run only when Arrow array arr has no NULLs.
func (fu *fusion) noNulls(arr string) {
	if !fu.tested[arr] {
		fu.tested[arr] = true
		fu.conds = append(fu.conds, jen.Id(arr).Dot("NullN").Call().Op("==").Lit(0))
	}
}

// vecInput reads a vector variable's value slice (declared once, before the
// loop, for bounds-check-free indexing) and requires the vector clean.
func (fu *fusion) vecInput(name string) jen.Code {
	if v, ok := fu.seen[name]; ok {
		return v
	}
	s := fu.local(name + "V")
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
		switch e.(type) {
		case *ir.If, *ir.Case:
		default:
			continue
		}
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
		ok := f.fusibleCond(e)
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
func tempName(e ir.Expr) string {
	if c, ok := e.(*ir.Call); ok {
		return tempBase(c)
	}
	return "shared"
}
