package codegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// A query that reads subqueries is generated in a prepared form: a type
// holding its settled subqueries (one field per ir.Settled), a constructor
// that reads the inner tables once and builds them, and an Eval method that
// runs over any number of outer batches and only reads them, so it is safe
// for concurrent use. The inner phase of the subqueries over one table and
// inner filter is one generated method (a "pass") returning the vectors the
// builders consume; a loop-form subquery gets a method that tests its
// correlation over one inner batch for one outer row.

// recv is the receiver of the prepared query's methods.
const recv = "p"

// subTypes are the Go types of one settled subquery's structure.
type subTypes struct {
	s   *ir.Settled
	sub *lower.Sub // its plan
	// V and H: the value type and its hash type (SubSpec); K the key type.
	v, h, k jen.Code
	// vt is the value's SQL type (BOOLEAN when there is no value).
	vt ir.Type
	// r is the result type.
	r     jen.Code
	field string
}

func newSubTypes(sub *lower.Sub) *subTypes {
	s := sub.Settled
	st := &subTypes{s: s, sub: sub, field: fmt.Sprintf("sub%d", s.ID), vt: ir.TypeBoolean}
	if s.Value != nil {
		st.vt = s.Value.Type()
	}
	st.v = goType(st.vt)
	st.h = hashType(st.vt)
	st.r = goType(s.T)
	// the key of the structure the plan chose: the range's inner side, a
	// hashed key, or the packed keys' string
	switch {
	case sub.Structure == lower.StructSorted:
		st.k = goType(s.Range.Inner.Type())
	case sub.Structure == lower.StructHashed && len(s.Keys) == 1:
		st.k = goType(s.Keys[0].Inner.Type())
	default:
		st.k = jen.String()
	}
	return st
}

// hashType is the comparable type a value hashes to in a SubSpec.
func hashType(t ir.Type) jen.Code {
	if t.Kind == ir.KindDouble {
		return jen.Uint64()
	}
	return goType(t)
}

// specCall is the SubSpec of the value type with the results s needs.
func (st *subTypes) specCall() jen.Code {
	ctor := "SubSpecBool"
	if kinds.Known(st.vt) && kinds.Of(st.vt).SubSpec != "" {
		ctor = kinds.Of(st.vt).SubSpec
	}
	return jen.Qual(vecPkg, ctor).Call(st.need())
}

func (st *subTypes) need() jen.Code {
	s := st.s
	flag := ""
	switch {
	case s.Kind == ir.SubAny:
		return jen.Qual(vecPkg, "AnyNeed").Call(jen.Qual(vecPkg, relName(s.Cmp.Fn.Infix)))
	case s.Kind == ir.SubExists:
	case s.Agg == ir.AggNone:
		flag = "NeedFirst"
	case (s.Agg == ir.AggSum || s.Agg == ir.AggAvg) && s.T.Kind == ir.KindDecimal:
		flag = "NeedSumDecimal"
	case s.Agg == ir.AggSum && s.T.Kind == ir.KindBigint:
		flag = "NeedSumInt"
	case s.Agg == ir.AggSum, s.Agg == ir.AggAvg:
		flag = "NeedSumFloat"
	case s.Agg == ir.AggMin:
		flag = "NeedMin"
	case s.Agg == ir.AggMax:
		flag = "NeedMax"
	}
	if flag == "" {
		return jen.Lit(0)
	}
	return jen.Qual(vecPkg, flag)
}

func relName(op string) string {
	return map[string]string{"=": "RelEq", "<>": "RelNe", "<": "RelLt", "<=": "RelLe", ">": "RelGt", ">=": "RelGe"}[op]
}

// groupResult is the vec.GroupResult function of the subquery's form.
func (st *subTypes) groupResult() jen.Code {
	s := st.s
	if s.Kind == ir.SubAny {
		return jen.Qual(vecPkg, "ResAny").Types(st.v, st.h).Call(jen.Qual(vecPkg, relName(s.Cmp.Fn.Infix)))
	}
	if args := st.decimalArgs(); args != nil {
		return jen.Qual(vecPkg, "Res"+st.sub.Result).Types(st.v, st.h).Call(args...)
	}
	return jen.Qual(vecPkg, "Res"+st.sub.Result).Types(st.v, st.h)
}

// decimalArgs are the constant arguments of sum and avg over DECIMAL values
// (the result's precision; for avg also the value's scale, the sum's
// precision and the result's scale), nil for the other results.
func (st *subTypes) decimalArgs() []jen.Code {
	s := st.s
	if s.T.Kind != ir.KindDecimal {
		return nil
	}
	switch s.Agg {
	case ir.AggSum:
		return []jen.Code{jen.Lit(s.T.P())}
	case ir.AggAvg:
		return []jen.Code{jen.Lit(st.vt.S()), jen.Lit(ir.DecimalSumOf(st.vt).P()), jen.Lit(s.T.S()), jen.Lit(s.T.P())}
	}
	return nil
}

// rangeResult is the vec.RangeResult function of a sorted subquery.
func (st *subTypes) rangeResult() jen.Code {
	if args := st.decimalArgs(); args != nil {
		return jen.Qual(vecPkg, "Range"+st.sub.Result).Types(st.k, st.v, st.h).Call(args...)
	}
	return jen.Qual(vecPkg, "Range"+st.sub.Result).Types(st.k, st.v, st.h)
}

// fieldType is the struct field holding the built structure.
func (st *subTypes) fieldType() jen.Code {
	switch st.s.Form {
	case ir.FormOnce:
		return st.r
	case ir.FormSet:
		return jen.Op("*").Qual(vecPkg, "SubGroup").Types(st.v, st.h)
	case ir.FormKeyed:
		return jen.Op("*").Qual(vecPkg, "SubKeyed").Types(st.k, st.v, st.h)
	case ir.FormSorted:
		return jen.Op("*").Qual(vecPkg, "SubSorted").Types(st.k, st.v, st.h)
	}
	return jen.Qual(vecPkg, "SubLoop").Types(st.v)
}

// prepared emits the type, constructor and helper methods of a query with
// subqueries (planned in prep); the caller emits Eval.
func (fg *fileGen) prepared(q *ir.Query, prep *lower.Prepared, name string) []jen.Code {
	var fields []jen.Code
	byID := map[int]*subTypes{}
	for _, p := range prep.Passes {
		for _, sub := range p.Subs {
			st := newSubTypes(sub)
			byID[st.s.ID] = st
			fields = append(fields, jen.Comment(fmt.Sprintf("#%d: %s", st.s.ID, comment(st.s.Describe()))))
			fields = append(fields, jen.Comment(comment(ir.Shorten(st.s.SQL, 100))))
			fields = append(fields, jen.Id(st.field).Add(st.fieldType()))
			switch st.s.Form {
			case ir.FormOnce:
				fields = append(fields, jen.Id(st.field+"Null").Bool())
			case ir.FormLoop:
				fields = append(fields, jen.Id(st.field+"Spec").Op("*").Qual(vecPkg, "SubSpec").Types(st.v, st.h))
			}
			fields = append(fields, jen.Id(st.field+"Err").Op("*").Qual(rtPkg, "Error"), jen.Line())
		}
	}
	fg.subTypes = byID
	var code []jen.Code
	code = append(code,
		jen.Comment(fmt.Sprintf("%s is query %s prepared: its subqueries settled over their inner tables,", name, comment(q.Name))),
		jen.Comment("built once by New"+name+". Eval only reads them: it is safe for concurrent use."),
		jen.Type().Id(name).Struct(fields...), jen.Line())

	// The inner tables' schemas (declared by tableInputs).
	tableVar := map[*ir.Table]string{}
	var inner []string
	for _, p := range prep.Passes {
		if _, ok := tableVar[p.Table]; !ok {
			tableVar[p.Table] = fg.inputs[p.Table.Name]
			inner = append(inner, fmt.Sprintf("%s: %s, built by %s", comment(p.Table.Name), fg.inputs[p.Table.Name], namesOfTable(p.Table).ctor))
		}
	}

	// Constructor.
	ctor := []jen.Code{jen.Id(recv).Op(":=").Op("&").Id(name).Values()}
	for _, p := range prep.Passes {
		if p.Plan != nil {
			code = append(code, fg.vectorFunc(p.Plan, name, passName(p), p.Roles, nil,
				fmt.Sprintf("%s computes, over one batch of table %s, the inner phase of subquer%s", passName(p), comment(p.Table.Name), passSubs(p)))...)
		}
		ctor = append(ctor, fg.buildPass(q, name, p, byID, tableVar[p.Table])...)
	}
	ctor = append(ctor, jen.Return(jen.Id(recv), jen.Nil()))
	code = append(code, docLines(fmt.Sprintf("New%s prepares query %s: it reads the tables its subqueries read (tables, keyed "+
		"by lower-cased name; the outer table may be one of them) and builds each settled subquery once. "+
		"Each table's batches must have its input schema (%s). "+
		"A loop-form subquery keeps its inner batches: Release them with Release.", name, comment(q.Name), strings.Join(inner, "; ")))...)
	code = append(code,
		jen.Func().Id("New"+name).Params(
			jen.Id("ctx").Qual("context", "Context"),
			jen.Id("tables").Qual(vecPkg, "Tables"),
			jen.Id("mem").Qual(memoryPkg, "Allocator"),
		).Params(jen.Op("*").Id(name), jen.Error()).Block(ctor...), jen.Line())

	// Release, and the per-row tests of loop forms.
	var release []jen.Code
	for _, sub := range prep.Subs {
		s, st, test := sub.Settled, byID[sub.Settled.ID], sub.Test
		if test == nil {
			continue
		}
		release = append(release, jen.Id(recv).Dot(st.field).Dot("Release").Call())
		code = append(code, fg.vectorFunc(test.Plan, name, st.field+"Cond", []string{"membership"}, test.Params,
			fmt.Sprintf("%sCond tests the correlation of subquery #%d on one inner batch for one outer row: %s", st.field, s.ID, comment(ir.Shorten(ir.Format(test.Cond), 80))))...)
	}
	code = append(code,
		jen.Comment("Release drops the inner batches the prepared query keeps."),
		jen.Func().Params(jen.Id(recv).Op("*").Id(name)).Id("Release").Params().Block(release...), jen.Line())
	return code
}

// passName is the method computing pass p's vectors.
func passName(p *lower.Pass) string { return fmt.Sprintf("pass%d", p.Index) }

func passSubs(p *lower.Pass) string {
	var ids []string
	for _, sub := range p.Subs {
		ids = append(ids, fmt.Sprintf("#%d", sub.Settled.ID))
	}
	return map[bool]string{true: "y ", false: "ies "}[len(ids) == 1] + strings.Join(ids, ", ")
}

// vectorFunc emits method name of type typ computing the outputs of pq (a
// pass's vectors or a loop's test, over an inner table's columns and params)
// on every row of one batch and returning their vectors.
func (fg *fileGen) vectorFunc(pq *lower.Query, typ, name string, roles []string, params []lower.Param, doc string) []jen.Code {
	f := fg.newFuncGen(pq.IR, recv)
	f.params = map[int]string{}
	var sig []jen.Code
	sig = append(sig, jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Qual(arrowPkg, "RecordBatch"), jen.Id("mem").Qual(memoryPkg, "Allocator"))
	for _, p := range params {
		v := f.fresh(fmt.Sprintf("arg%d", p.Slot))
		f.params[p.Slot] = v
		sig = append(sig, jen.Id(v).Add(goType(p.T)), jen.Id(v+"Null").Bool())
	}
	var results, rets []jen.Code
	f.add(jen.Var().Id(allRows).Qual(vecPkg, "Sel").Comment("nil: every row"))
	f.hoists(pq.OutputHoists)
	for j, o := range pq.Outputs {
		f.add(jen.Line())
		f.add(commentLines(roles[j] + ": " + comment(ir.Shorten(ir.Format(o.Expr), 100)))...)
		var v string
		if c := o.PassThrough; c >= 0 {
			col := o.Expr.(*ir.ColumnRef)
			v = f.vector(f.columnOperand(col), allRows)
		} else {
			v = f.vector(f.emit(o.Value), allRows)
		}
		results = append(results, jen.Qual(vecPkg, "Vec").Types(goType(o.Expr.Type())))
		rets = append(rets, jen.Id(v))
	}
	prologue := []jen.Code{jen.Id("n").Op(":=").Int().Parens(jen.Id("in").Dot("NumRows").Call())}
	prologue = append(prologue, f.prologue...)
	body := append(prologue, f.stmts...)
	body = append(body, jen.List(jen.Id("_"), jen.Id("_"), jen.Id("_")).Op("=").List(jen.Id("n"), jen.Id(allRows), jen.Id(recv)), jen.Return(rets...))
	return []jen.Code{
		jen.Comment(doc + "."),
		jen.Func().Params(jen.Id(recv).Op("*").Id(typ)).Id(name).Params(sig...).Params(results...).Block(body...),
		jen.Line(),
	}
}

// buildPass emits the constructor's loop over one pass's inner table.
func (fg *fileGen) buildPass(q *ir.Query, typ string, p *lower.Pass, byID map[int]*subTypes, schemaVar string) []jen.Code {
	subs := make([]*subTypes, len(p.Subs))
	for i, sub := range p.Subs {
		subs[i] = byID[sub.Settled.ID]
	}
	pname := passName(p)
	var notNull []jen.Code
	for i, c := range p.Table.Columns {
		if !c.Nullable {
			notNull = append(notNull, jen.Lit(i))
		}
	}
	tbl := fmt.Sprintf("%sBatches", pname)
	code := []jen.Code{jen.Line(), jen.Comment(fmt.Sprintf("%s over table %s: subquer%s", pname, comment(p.Table.Name), passSubs(p)))}
	if p.Inner != nil {
		code = append(code, jen.Comment("inner filter: "+comment(ir.Shorten(ir.Format(p.Inner), 100))))
	}
	code = append(code,
		jen.List(jen.Id(tbl), jen.Err()).Op(":=").Id("tables").Dot("Read").Call(jen.Lit(strings.ToLower(p.Table.Name)), jen.Id(schemaVar), jen.Index().Int().Values(notNull...)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("query %s: table %s: %%w", comment(q.Name), comment(p.Table.Name))), jen.Err()))))
	// Builders.
	for _, st := range subs {
		b := "build" + itoa(st.s.ID)
		switch st.s.Form {
		case ir.FormOnce, ir.FormSet:
			code = append(code, jen.Id(b).Op(":=").Qual(vecPkg, "NewSubGroup").Call(st.specCall()))
		case ir.FormKeyed:
			code = append(code, jen.Id(b).Op(":=").Qual(vecPkg, "NewSubKeyed").Types(st.k).Call(st.specCall()))
		case ir.FormSorted:
			code = append(code, jen.Id(b).Op(":=").Qual(vecPkg, "NewSubSortedBuilder").Call(keyCompare(st.s.Range.Inner.Type()), st.specCall()))
		case ir.FormLoop:
			code = append(code, jen.Id(recv).Dot(st.field+"Spec").Op("=").Add(st.specCall()))
		}
	}
	// Per batch: the pass's vectors, the candidates, each subquery's rows.
	var loop []jen.Code
	loop = append(loop, jen.If(jen.Err().Op(":=").Id("ctx").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())))
	names := make([]jen.Code, len(p.Outs))
	vars := make([]string, len(p.Outs))
	for i := range p.Outs {
		vars[i] = p.Roles[i]
		names[i] = jen.Id(vars[i])
	}
	if len(p.Outs) > 0 {
		loop = append(loop, jen.List(names...).Op(":=").Id(recv).Dot(pname).Call(jen.Id("ctx"), jen.Id("in"), jen.Id("mem")))
	}
	loop = append(loop, jen.Id("n").Op(":=").Int().Parens(jen.Id("in").Dot("NumRows").Call()))
	next := 0
	cond := jen.Nil()
	if p.Inner != nil {
		cond = addr(vars[0])
		next = 1
	}
	loop = append(loop, jen.List(jen.Id("cands"), jen.Id("condRow"), jen.Id("condErr")).Op(":=").Qual(vecPkg, "SubCandidates").Call(cond, jen.Id("n")))
	for _, st := range subs {
		s := st.s
		var keys []string
		for range s.Keys {
			keys = append(keys, vars[next])
			next++
		}
		rng := ""
		if s.Range != nil {
			rng = vars[next]
			next++
		}
		val := ""
		if s.Value != nil {
			val = vars[next]
			next++
		}
		var errs []jen.Code
		for _, k := range keys {
			errs = append(errs, jen.Id(k).Dot("Err"))
		}
		if rng != "" {
			errs = append(errs, jen.Id(rng).Dot("Err"))
		}
		if val != "" {
			errs = append(errs, jen.Id(val).Dot("Err"))
		}
		valArg := jen.Nil()
		if val != "" {
			valArg = addr(val)
		}
		b := "build" + itoa(s.ID)
		var body []jen.Code
		body = append(body,
			jen.List(jen.Id("stop"), jen.Id("e")).Op(":=").Qual(vecPkg, "SubFirstErr").Call(append([]jen.Code{jen.Id("cands")}, errs...)...),
			jen.If(jen.Id("condRow").Op(">=").Lit(0).Op("&&").Parens(jen.Id("stop").Op("<").Lit(0).Op("||").Id("condRow").Op("<").Id("stop"))).
				Block(jen.List(jen.Id("stop"), jen.Id("e")).Op("=").List(jen.Id("condRow"), jen.Id("condErr"))),
			jen.Id("rows").Op(":=").Qual(vecPkg, "SubUpTo").Call(jen.Id("cands"), jen.Id("stop")))
		key := ""
		switch {
		case st.sub.Structure == lower.StructPacked:
			key = "packed"
			body = append(body, jen.Id(key).Op(":=").Qual(vecPkg, "Make").Types(jen.String()).Call(jen.Id("n")))
			for i, k := range keys {
				body = append(body, jen.Qual(vecPkg, "SubPack").Call(addr(key), addr(k), packer(s.Keys[i].Inner.Type()), jen.Id("rows"), jen.Id("n")))
			}
		case s.Form == ir.FormKeyed:
			key = keys[0]
		case s.Form == ir.FormSorted:
			key = rng
		}
		switch s.Form {
		case ir.FormOnce, ir.FormSet:
			body = append(body, jen.Qual(vecPkg, "SubAddGroup").Call(jen.Id(b), valArg, jen.Id("rows")))
		case ir.FormKeyed:
			body = append(body, jen.Qual(vecPkg, "SubAddKeyed").Call(jen.Id(b), addr(key), valArg, jen.Id("rows")))
		case ir.FormSorted:
			body = append(body, jen.Qual(vecPkg, "SubAddSorted").Call(jen.Id(b), addr(key), valArg, jen.Id("rows")))
		case ir.FormLoop:
			body = append(body, jen.Id(recv).Dot(st.field).Dot("Add").Call(jen.Id("in"), jen.Id("rows"), valArg))
		}
		body = append(body, jen.Id(recv).Dot(st.field+"Err").Op("=").Id("e"))
		loop = append(loop, jen.Comment(fmt.Sprintf("#%d: %s", s.ID, comment(s.Describe()))),
			jen.If(jen.Id(recv).Dot(st.field+"Err").Op("==").Nil()).Block(body...))
	}
	code = append(code, jen.For(jen.List(jen.Id("_"), jen.Id("in")).Op(":=").Range().Id(tbl)).Block(loop...))
	// Finish each structure.
	for _, st := range subs {
		b := "build" + itoa(st.s.ID)
		f := jen.Id(recv).Dot(st.field)
		code = append(code, jen.Qual(vecPkg, "NoteBuild").Call())
		switch st.s.Form {
		case ir.FormOnce:
			code = append(code,
				jen.List(jen.Id("v"+itoa(st.s.ID)), jen.Id("null"+itoa(st.s.ID)), jen.Id("e"+itoa(st.s.ID))).Op(":=").Add(st.groupResult()).Call(jen.Id(b), jen.Op("*").New(st.v), jen.False()),
				jen.List(f, jen.Id(recv).Dot(st.field+"Null")).Op("=").List(jen.Id("v"+itoa(st.s.ID)), jen.Id("null"+itoa(st.s.ID))),
				jen.If(jen.Id(recv).Dot(st.field+"Err").Op("==").Nil()).Block(jen.Id(recv).Dot(st.field+"Err").Op("=").Id("e"+itoa(st.s.ID))))
		case ir.FormSet, ir.FormKeyed:
			code = append(code, f.Clone().Op("=").Id(b))
		case ir.FormSorted:
			code = append(code, f.Clone().Op("=").Id(b).Dot("Build").Call())
		}
	}
	return code
}

// keyCompare is the order of a sorted subquery's keys.
func keyCompare(t ir.Type) jen.Code {
	if kinds.Known(t) && kinds.Of(t).Order != "" {
		info := kinds.Of(t)
		return jen.Qual(map[string]string{"vec": vecPkg, "rt": rtPkg}[info.OrderPkg], info.Order)
	}
	return jen.Qual(rtPkg, "CompareBool")
}

// packer is the KeyPacker method that appends a key part of type t.
func packer(t ir.Type) jen.Code {
	return jen.Parens(jen.Op("*").Qual(vecPkg, "KeyPacker")).Dot(kinds.Of(t).Packer)
}

// emitSubquery prints a read of a settled subquery over sel.
func (f *funcGen) emitSubquery(n *lower.Node, sel string) operand {
	e := n.Expr.(*ir.Subquery)
	s := e.Settled
	st := f.file.subTypes[s.ID]
	args := make([]string, len(n.Args))
	for i, a := range n.Args {
		args[i] = f.vector(f.emit(a), sel)
	}
	res := f.fresh(fmt.Sprintf("sub%dRead", s.ID))
	f.add(jen.Comment(fmt.Sprintf("#%d %s: %s", s.ID, comment(s.Describe()), comment(ir.Shorten(e.SQL, 100)))))
	field := jen.Id(recv).Dot(st.field)
	errField := jen.Id(recv).Dot(st.field + "Err")
	argErrs := jen.Nil()
	if len(args) > 0 && s.Form != ir.FormSet {
		errs := []jen.Code{jen.Id("n")}
		for _, a := range args {
			errs = append(errs, jen.Id(a).Dot("Err"))
		}
		name := f.fresh(fmt.Sprintf("sub%dArgErrs", s.ID))
		f.add(jen.Id(name).Op(":=").Qual(vecPkg, "SubArgErrs").Call(errs...))
		argErrs = jen.Id(name)
	}
	probe := jen.Nil()
	if s.Kind == ir.SubAny {
		probe = addr(args[0])
	}
	key := ""
	if s.Form == ir.FormKeyed {
		key = args[s.Keys[0].Arg]
	}
	if st.sub.Structure == lower.StructPacked {
		key = f.fresh(fmt.Sprintf("sub%dKey", s.ID))
		f.add(jen.Id(key).Op(":=").Qual(vecPkg, "Make").Types(jen.String()).Call(jen.Id("n")))
		for _, k := range s.Keys {
			f.add(jen.Qual(vecPkg, "SubPack").Call(addr(key), addr(args[k.Arg]), packer(k.Inner.Type()), jen.Id(sel), jen.Id("n")))
		}
	}
	switch st.sub.Probe {
	case lower.ProbeOnce:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubReadOnce").Call(field, jen.Id(recv).Dot(st.field+"Null"), errField, jen.Id(sel), jen.Id("n")))
	case lower.ProbeIn:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeIn").Call(field, errField, probe, jen.Id(sel), jen.Id("n")))
	case lower.ProbeSet:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeSet").Call(field, errField, st.groupResult(), probe, jen.Id(sel), jen.Id("n")))
	case lower.ProbeKeyedExists:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeKeyedExists").Call(field, errField, addr(key), argErrs, jen.Id(sel), jen.Id("n")))
	case lower.ProbeKeyedRows:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeKeyedRows").Call(field, errField, addr(key), argErrs, jen.Id(sel), jen.Id("n")))
	case lower.ProbeKeyed:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeKeyed").Call(field, errField, st.groupResult(), probe, addr(key), argErrs, jen.Id(sel), jen.Id("n")))
	case lower.ProbeSortedRows:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeSortedRows").Call(field, errField, jen.Qual(vecPkg, relName(s.Range.Op)),
			addr(args[s.Range.Arg]), argErrs, jen.Id(sel), jen.Id("n")))
	case lower.ProbeSorted:
		f.add(jen.Id(res).Op(":=").Qual(vecPkg, "SubProbeSorted").Call(field, errField, jen.Qual(vecPkg, relName(s.Range.Op)), st.rangeResult(),
			addr(args[s.Range.Arg]), argErrs, jen.Id(sel), jen.Id("n")))
	case lower.ProbeLoop:
		f.emitLoopRead(e, st, args, argErrs, res, sel)
	}
	return operand{t: e.T, vec: res}
}

// emitLoopRead prints the per-row loop of a loop-form subquery: for each
// row, the correlation test over every inner batch, then the result.
func (f *funcGen) emitLoopRead(e *ir.Subquery, st *subTypes, args []string, argErrs jen.Code, res, sel string) {
	s := e.Settled
	// Locals of the loop: names no function-level variable (a column) has.
	i, k, batch, g, err, v, null, rerr := f.local("i"), f.local("k"), f.local("batch"), f.local("group"), f.local("loopErr"),
		f.local("value"), f.local("null"), f.local("resultErr")
	call := []jen.Code{jen.Id("ctx"), jen.Id(batch), jen.Id("mem")}
	for _, p := range st.sub.Test.Params {
		call = append(call, jen.Id(args[p.Slot]).Dot("V").Index(jen.Id(i)), jen.Id(args[p.Slot]).Dot("IsNull").Call(jen.Id(i)))
	}
	x, xnull := jen.Op("*").New(st.v), jen.False()
	if s.Kind == ir.SubAny {
		x, xnull = jen.Id(args[0]).Dot("V").Index(jen.Id(i)), jen.Id(args[0]).Dot("IsNull").Call(jen.Id(i))
	}
	stopAtFirst := st.sub.Test.StopAtFirst
	body := []jen.Code{jen.Id(i).Op(":=").Id(sel).Dot("Row").Call(jen.Id(k))}
	if len(args) > 0 {
		ae := argErrs.(*jen.Statement)
		body = append(body, jen.If(ae.Clone().Op("!=").Nil().Op("&&").Add(ae.Clone()).Index(jen.Id(i)).Op("!=").Nil()).
			Block(jen.Id(res).Dot("SetErr").Call(jen.Id(i), ae.Clone().Index(jen.Id(i))), jen.Continue()))
	}
	body = append(body,
		jen.If(jen.Id(recv).Dot(st.field+"Err").Op("!=").Nil()).Block(jen.Id(res).Dot("SetErr").Call(jen.Id(i), jen.Id(recv).Dot(st.field+"Err")), jen.Continue()),
		jen.List(jen.Id(g), jen.Id(err)).Op(":=").Qual(vecPkg, "SubLoopGroup").Call(addr(recv).Dot(st.field), jen.Id(recv).Dot(st.field+"Spec"), jen.Lit(stopAtFirst),
			jen.Func().Params(jen.Id(batch).Qual(arrowPkg, "RecordBatch")).Qual(vecPkg, "Vec").Types(jen.Bool()).Block(
				jen.Return(jen.Id(recv).Dot(st.field+"Cond").Call(call...)))),
		jen.If(jen.Id(err).Op("!=").Nil()).Block(jen.Id(res).Dot("SetErr").Call(jen.Id(i), jen.Id(err)), jen.Continue()),
		jen.List(jen.Id(v), jen.Id(null), jen.Id(rerr)).Op(":=").Add(st.groupResult()).Call(jen.Id(g), x, xnull),
		jen.Switch().Block(
			jen.Case(jen.Id(rerr).Op("!=").Nil()).Block(jen.Id(res).Dot("SetErr").Call(jen.Id(i), jen.Id(rerr))),
			jen.Case(jen.Id(null)).Block(jen.Id(res).Dot("SetNull").Call(jen.Id(i))),
			jen.Default().Block(jen.Id(res).Dot("V").Index(jen.Id(i)).Op("=").Id(v))),
	)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(st.r).Call(jen.Id("n")))
	f.add(jen.For(jen.Id(k).Op(":=").Lit(0), jen.Id(k).Op("<").Id(sel).Dot("Rows").Call(jen.Id("n")), jen.Id(k).Op("++")).Block(body...))
}

// emitParam prints an outer value inside a per-row test.
func (f *funcGen) emitParam(n *lower.Node) operand {
	p := n.Expr.(*ir.Param)
	v, ok := f.params[p.Slot]
	if !ok {
		panic(fmt.Sprintf("codegen: parameter %d outside a per-row test", p.Slot))
	}
	name := f.fresh("outer" + itoa(p.Slot))
	f.add(jen.Id(name).Op(":=").Qual(vecPkg, "SubParam").Types(goType(p.T)).Call(jen.Id("n"), jen.Id(v), jen.Id(v+"Null")))
	return operand{t: p.T, vec: name}
}

// columnOperand is the operand of an input column read as is.
func (f *funcGen) columnOperand(c *ir.ColumnRef) operand {
	switch c.T.Kind {
	case ir.KindVarchar, ir.KindBinary:
		return operand{t: c.T, str: c}
	case ir.KindMap:
		return operand{t: c.T, mcol: c}
	}
	return operand{t: c.T, vec: f.column(c)}
}
