package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/ir"
)

// emitTry prints the loop of a fused TRY at the root of an output column
// (lower.RowTry): the value is computed on every row of the selection and
// written straight into the column, which is NULL where an input is (the
// AND of their validity, 64 rows at a time) or where a kernel failed (the
// loop's flag, marked without a branch). No row is left to vector code.
//
//	writer.SetValidity(vec.AndValid(n, vec.FlagsOf(&x)), selBits)
//	writer.PrepareNulls()
//	for i := range out {
//		if i&63 == 0 { writer.NullWord(i-1, nullBits); nullBits = 0 }
//		out[i] = bad.TryInt64(rt.TryMulInt64(xV[i], yV[i]))
//		nullBits |= vec.Bit(bool(bad)) << (uint(i) & 63)
//		bad = false
//	}
//	writer.NullWord(n-1, nullBits)
func (l *fusedLoops) emitTry() {
	fu, f, t := l.fu, l.fu.f, l.e.Type()
	if !l.fz.Direct || !kinds.FixedWidth(t) || t.Kind == ir.KindBoolean {
		panic("codegen: a fused TRY that does not write a fixed-width output column: " + ir.Format(l.e))
	}
	inner := l.fz.Row.Args[0]
	store := l.storeClean()
	fu.try = true
	body := l.withAbsorbs(func() []jen.Code { return []jen.Code{store(fu.value(inner))} })
	f.outCol = l.col
	f.add(jen.Var().Id(l.col).Qual(arrowPkg, "Array").Comment("written by the loop"))
	f.add(jen.Var().Id(l.writer).Op("*").Qual(vecPkg, "FixedOut").Types(goType(t)))
	f.add(jen.Var().Id(l.res).Qual(vecPkg, "Vec").Types(goType(t)).Comment("no row fails: TRY makes an error NULL"))
	loop, over := l.setup("=")
	if len(fu.flagArgs) > 0 {
		// writer.SetValidity(vec.AndValid(n, ...), selBits)
		loop = append(loop,
			jen.Comment("NULL where an input is: the AND of their validity, 64 rows at a time"),
			l.setValidity(jen.Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, fu.flagArgs...)...)))
	}
	var before, atWord []jen.Code
	var last jen.Code // the last word of NULL marks, stored after the loop
	if fu.bad != "" {
		mark := l.markNull(jen.Bool().Parens(jen.Id(fu.bad)))
		before, atWord, last = l.nullMarks()
		loop = append(loop,
			jen.Comment("and where the value fails (TRY)"),
			jen.Id(l.writer).Dot("PrepareNulls").Call(),
			jen.Var().Id(fu.bad).Qual(vecPkg, "Failed"))
		loop = append(loop, before...)
		body = append(body, mark, jen.Id(fu.bad).Op("=").False())
	}
	loop = append(loop, l.forRowsMarking(over, atWord, body))
	if last != nil {
		loop = append(loop, last)
	}
	loop = append(loop, jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call())
	f.outColAlways = true
	f.add(jen.Block(loop...))
}
