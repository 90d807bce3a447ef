package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/lower"
)

// emitFilterSel prints the loop of a WHERE clause that builds the selection
// of the rows it keeps (lower.FilterSelects) and returns the selection's
// variable. Every condition is computed on every row; their results, and
// on a batch with NULLs the inputs' validity, are ANDed as bits, and the
// row's number is written at the selection's end, which advances by the
// result: no branch on data the predictor cannot guess, no boolean vector.
//
//	kept = vec.GetSel(all.Rows(n))
//	k := 0
//	for i := range n {
//		kept[k] = int32(i)
//		k += int(vec.Bit(rt.GeInt32(dV[i], 8766)) & vec.Bit(rt.LtFloat64(qV[i], 24.0)))
//	}
//	kept = kept[:k]
//
// The selection's room comes from vec.GetSel's pool; the query gives it back
// (vec.PutSel) when it returns.
func (l *fusedLoops) emitFilterSel() string {
	fu, f := l.fu, l.fu.f
	if !l.all {
		panic("codegen: a WHERE clause over a selection")
	}
	var bits []jen.Code
	for _, t := range l.fz.Terms {
		if t.Op == lower.RowBetween {
			// x >= lo and x <= hi as two bits
			x := fu.value(t.Args[0])
			bits = append(bits,
				jen.Qual(vecPkg, "Bit").Call(f.kernelCall(t.Sigs[0], x, fu.value(t.Args[1]))),
				jen.Qual(vecPkg, "Bit").Call(f.kernelCall(t.Sigs[1], x, fu.value(t.Args[2]))))
			continue
		}
		bits = append(bits, jen.Qual(vecPkg, "Bit").Call(fu.value(t)))
	}
	kept := f.fresh("kept")
	f.add(jen.Var().Id(kept).Qual(vecPkg, "Sel").Comment("the rows the WHERE clause keeps"))
	loop := func(keep jen.Code) jen.Code {
		return jen.For(jen.Id("i").Op(":=").Range().Id("n")).Block(
			jen.Id(kept).Index(jen.Id("k")).Op("=").Int32().Parens(jen.Id("i")),
			jen.Id("k").Op("+=").Int().Parens(keep))
	}
	stmts := append([]jen.Code{}, fu.slices...)
	stmts = append(stmts,
		jen.Id(kept).Op("=").Qual(vecPkg, "GetSel").Call(jen.Id(l.sel).Dot("Rows").Call(jen.Id("n"))),
		jen.Id("k").Op(":=").Lit(0))
	keep := joined(bits, "&")
	if len(fu.flagArgs) == 0 {
		stmts = append(stmts, loop(keep))
	} else {
		// a row with a NULL input is left out: the clause is FALSE or NULL there
		valid := fu.local("valid")
		stmts = append(stmts,
			jen.Comment("a row with a NULL input is left out (the clause is FALSE or NULL there): the AND of the inputs' validity, 64 rows at a time"),
			jen.If(jen.Id(valid).Op(":=").Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, fu.flagArgs...)...), jen.Op("!").Id(valid).Dot("Has").Call()).Block(
				loop(keep),
			).Else().Block(
				l.forRows("n", []jen.Code{
					jen.Id(kept).Index(jen.Id("k")).Op("=").Int32().Parens(jen.Id("i")),
					jen.Id("k").Op("+=").Int().Parens(jen.Add(keep).Op("&").Qual(vecPkg, "Bit").Call(l.fu.isValid(valid)))}),
			))
	}
	stmts = append(stmts, jen.Id(kept).Op("=").Id(kept).Index(jen.Empty(), jen.Id("k")))
	f.add(jen.Block(stmts...))
	return kept
}
