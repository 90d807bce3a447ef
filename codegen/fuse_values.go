package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The Go code of a fused expression for one row: statements for
// conditionals, expressions for values, and the inputs they register.

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
		name := f.column(e)
		if _, ok := fu.seen[name]; !ok {
			fu.nullCounts = append(fu.nullCounts, jen.Id("in").Dot("Column").Call(jen.Lit(e.Index)).Dot("NullN").Call())
		}
		return fu.vecInput(name)
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
		if e.Sig.KernelErr {
			// an error flags the row: the vector code decides its outcome
			return jen.Id(fu.flag()).Dot(failedMethod(e.Sig.Ret)).Call(kernelCall(e.Sig, args...))
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
	fu.flag()
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
		fu.nullCounts = append(fu.nullCounts, jen.Id(arr).Dot("NullN").Call())
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

// inlineLike is the plain Go string test of a LIKE with a constant pattern
// that reduces to one ('abc', 'abc%', '%abc', '%abc%'), applied to v, or nil.
// The pattern is compiled here, so it is known to be valid.
func inlineLike(e *ir.Call, v jen.Code) jen.Code {
	pattern, esc, _ := patternLits(e)
	m, err := rt.CompileLike(pattern, esc)
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

// flag names the loops' vec.Failed flag, declared once some value can set it.
func (fu *fusion) flag() string {
	if fu.bad == "" {
		fu.bad = fu.local("bad")
	}
	return fu.bad
}

// failedMethod is the vec.Failed method that takes a kernel's results of
// type t.
func failedMethod(t ir.Type) string {
	switch t.Kind {
	case ir.KindBigint:
		return "Int64"
	case ir.KindInt, ir.KindDate:
		return "Int32"
	case ir.KindDouble:
		return "Float64"
	case ir.KindVarchar:
		return "String"
	case ir.KindBoolean:
		return "Bool"
	}
	panic("codegen: no vec.Failed method for " + t.String())
}
