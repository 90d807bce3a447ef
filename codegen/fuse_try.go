package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/ir"
)

// emitTry prints the loop of a fused TRY at the root of an output column
// (lower.RowTry): the value is computed on every row of the selection and
// written straight into the column, which is NULL where an input is (the
// AND of their validity, 64 rows at a time) or where a kernel failed (the
// loop's flag, marked without a branch). No row is left to vector code.
//
//	writer.SetValidity(vec.AndValid(n, vec.FlagsOf(&x)), sel)
//	writer.PrepareNulls()
//	for i := range out {
//		out[i] = bad.Int64(rt.MulInt64(xV[i], yV[i]))
//		writer.NullIf(i, bool(bad))
//		bad = false
//	}
func (l *fusedLoops) emitTry() {
	fu, f, t := l.fu, l.fu.f, l.e.Type()
	if !l.fz.Direct || !fixedWidth(t) || t.Kind == ir.KindBoolean {
		panic("codegen: a fused TRY that does not write a fixed-width output column: " + ir.Format(l.e))
	}
	inner := l.fz.Row.Args[0]
	store := l.storeClean()
	body := l.withAbsorbs(func() []jen.Code { return []jen.Code{store(fu.value(inner))} })
	pos := "i"
	if !l.all {
		pos = "k"
	}
	f.outCol = l.col
	f.add(jen.Var().Id(l.col).Qual(arrowPkg, "Array").Comment("written by the loop"))
	f.add(jen.Var().Id(l.writer).Op("*").Qual(vecPkg, "FixedOut").Types(goType(t)))
	f.add(jen.Var().Id(l.res).Qual(vecPkg, "Vec").Types(goType(t)).Comment("no row fails: TRY makes an error NULL"))
	loop, over := l.setup("=")
	if len(fu.flagArgs) > 0 {
		// writer.SetValidity(vec.AndValid(n, ...), sel)
		loop = append(loop,
			jen.Comment("NULL where an input is: the AND of their validity, 64 rows at a time"),
			jen.Id(l.writer).Dot("SetValidity").Call(jen.Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, fu.flagArgs...)...), jen.Id(l.sel)))
	}
	if fu.bad != "" {
		loop = append(loop,
			jen.Comment("and where the value fails (TRY)"),
			jen.Id(l.writer).Dot("PrepareNulls").Call(),
			jen.Var().Id(fu.bad).Qual(vecPkg, "Failed"))
		body = append(body,
			jen.Id(l.writer).Dot("NullIf").Call(jen.Id(pos), jen.Bool().Parens(jen.Id(fu.bad))),
			jen.Id(fu.bad).Op("=").False())
	}
	loop = append(loop, l.forRows(over, body))
	loop = append(loop, jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call())
	f.outColAlways = true
	f.add(jen.Block(loop...))
}
