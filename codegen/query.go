package codegen

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// schemaLit is Go code building the Arrow schema of cols.
func schemaLit(cols []ir.Column) jen.Code {
	fields := make([]jen.Code, len(cols))
	for i, c := range cols {
		parts := []jen.Code{jen.Id("Name").Op(":").Lit(c.Name), jen.Id("Type").Op(":").Add(arrowType(c.Type)),
			jen.Id("Nullable").Op(":").Lit(c.Nullable)}
		if c.Type.IsInterval() {
			// Arrow's interval types have no place for the fields
			// (docs/semantics.md 10.1): the field's metadata carries them
			f := ir.ArrowSchema([]ir.Column{c}).Field(0)
			k, v := f.Metadata.Keys()[0], f.Metadata.Values()[0]
			parts = append(parts, jen.Id("Metadata").Op(":").Qual(arrowPkg, "NewMetadata").Call(
				jen.Index().String().Values(jen.Lit(k)), jen.Index().String().Values(jen.Lit(v))))
		}
		fields[i] = jen.Line().Values(parts...)
	}
	return jen.Qual(arrowPkg, "NewSchema").Call(jen.Index().Qual(arrowPkg, "Field").Values(append(fields, jen.Line())...), jen.Nil())
}

// allRows is the Go variable of the selection of every row (lower.SelAll),
// nil at run time.
const allRows = "all"

// keptVar is the Go variable of the query's selection in the form that
// gathers validity 64 rows at a time (vec.Kept).
const keptVar = "selBits"

// keptOf is the *vec.Kept argument for selection variable sel of a loop
// writing an output column: nil for every row, the query's selBits for the
// WHERE clause's selection.
func (f *funcGen) keptOf(sel string, all bool) jen.Code {
	if all || sel == allRows {
		return jen.Nil()
	}
	if f.selBits != "" && sel == "sel" {
		f.selBitsUsed = true
		f.use(f.selBits)
		return jen.Id(f.selBits)
	}
	return jen.Qual(vecPkg, "KeptOf").Call(jen.Id(sel), jen.Id("n"))
}

// newFuncGen starts printing a function over batches of q's source table.
// reserved names (such as the receiver of a prepared query's methods) are
// taken before any column is named.
func (fg *fileGen) newFuncGen(q *ir.Query, reserved ...string) *funcGen {
	f := &funcGen{file: fg, q: q,
		inputVars: inputVars{cols: map[int]string{}, arrs: map[int]string{}, maps: map[int]mapVars{}, itemsDeclared: map[int]bool{}, mapOffs: map[int]string{}},
		nodeVars:  nodeVars{memos: map[int]memoVars{}, done: map[*lower.Node]operand{}, sels: map[*lower.Sel]string{}}}
	for _, r := range append([]string{"ctx", "in", "mem", "n", allRows, "sel", keptVar}, reserved...) {
		f.nm.fresh(r)
	}
	for used := range fg.names.taken { // package-level names: locals must not hide them
		f.nm.fresh(used)
	}
	// Local names for the columns come first, so they read like the SQL; the
	// variables are declared when first needed.
	f.colNames = map[int]string{}
	for _, i := range q.UsedColumns() {
		f.colNames[i] = f.fresh(camel(q.Source.Columns[i].Name))
	}
	return f
}

// query emits the declarations of one query: its input and output schemas and
// its evaluator function.
func (fg *fileGen) query(pq *lower.Query) []jen.Code {
	q := pq.IR
	name := GoName(q.Name, true)
	schemaVar := name + "Schema"
	var preparedCode []jen.Code
	if pq.Prepared != nil {
		preparedCode = fg.prepared(q, pq.Prepared, name)
	}
	var reserved []string
	if len(q.Subqueries) > 0 {
		reserved = append(reserved, recv)
	}
	f := fg.newFuncGen(q, reserved...)
	inputVar := fg.inputs[q.Source.Name] // declared by tableInputs
	builder := namesOfTable(q.Source).ctor

	split := len(q.Subqueries) == 0 // a prepared query's subqueries keep to one function
	if split {
		f.scope = map[string]*scopeVar{}
		f.declareOuter("n", jen.Int())
		f.declareOuter("in", jen.Qual(arrowPkg, "RecordBatch"))
		f.declareOuter("mem", jen.Qual(memoryPkg, "Allocator"))
		f.declareOuter(allRows, jen.Qual(vecPkg, "Sel"))
	}
	lname := unexport(name)
	f.add(jen.Line(), jen.Var().Id(allRows).Qual(vecPkg, "Sel").Comment("nil: every row"))
	f.add(jen.Id("failed").Op(":=").New(jen.Qual(vecPkg, "Failure")))
	f.declareOuter("failed", jen.Op("*").Qual(vecPkg, "Failure"))
	sel := allRows
	if w := pq.Where; w != nil {
		f.add(jen.Line())
		var v, kept string
		if split {
			f.hoistUnits(w.Hoists, lname, name, "on every row")
			f.beginUnit(lname+"Where", "computes the WHERE clause of query "+comment(q.Name)+" on every row:", q.FilterSQL, "where"+GoName(exprBase(w.Value.Expr), true))
			if o := f.emit(w.Value); o.sel != "" {
				kept = f.endUnit(o.sel, jen.Qual(vecPkg, "Sel"), "sel")
			} else {
				v = f.endUnit(f.vector(o, allRows), vecType(ir.TypeBoolean))
			}
		} else {
			f.add(commentLines("WHERE " + q.FilterSQL)...)
			f.hoists(w.Hoists)
			if o := f.emit(w.Value); o.sel != "" {
				kept = o.sel
			} else {
				v = f.vector(o, allRows)
			}
		}
		if kept != "" {
			// the loop built the selection itself, and no condition can fail
			if kept != "sel" {
				f.add(jen.Id("sel").Op(":=").Id(kept))
				f.declareOuter("sel", jen.Qual(vecPkg, "Sel"))
			}
			// its room goes back to the pool when the query returns
			f.add(jen.Defer().Qual(vecPkg, "PutSel").Call(jen.Id("sel")))
			sel = "sel"
		} else {
			// vec.Check(failed, &where, all, n, 0)
			f.add(jen.Qual(vecPkg, "Check").Call(jen.Id("failed"), addr(v), jen.Id(allRows), jen.Id("n"), jen.Lit(0)))
			f.add(jen.Id("sel").Op(":=").Qual(vecPkg, "Where").Call(addr(v), jen.Id("n")))
			f.declareOuter("sel", jen.Qual(vecPkg, "Sel"))
			sel = "sel"
		}
		f.selBits, f.selBitsAt = keptVar, len(f.stmts)
		f.declareOuter(keptVar, jen.Op("*").Qual(vecPkg, "Kept"))
	}
	rows := "on every row"
	if sel != allRows {
		rows = "on the rows that pass its WHERE clause"
	}
	if split {
		f.hoistUnits(pq.OutputHoists, lname, name, rows)
	} else {
		f.hoists(pq.OutputHoists)
	}
	// Where each reported error comes from: index 0 is the WHERE clause.
	columns := []jen.Code{jen.Lit("WHERE")}
	sqls := []jen.Code{jen.Lit(q.FilterSQL)}
	for _, o := range q.Outputs {
		columns = append(columns, jen.Lit(o.Name))
		sqls = append(sqls, jen.Lit(o.SQL))
	}
	schema := q.OutputSchema()
	// build is the Arrow array of output j from its vector v.
	build := func(j int, v string) jen.Code {
		t := schema[j].Type
		args := []jen.Code{jen.Id("mem")}
		switch t.Kind {
		case ir.KindMap:
			args = append(args, jen.Id(schemaVar).Dot("Field").Call(jen.Lit(j)).Dot("Type").Assert(jen.Op("*").Qual(arrowPkg, "MapType")))
		case ir.KindDecimal:
			args = append(args, jen.Id(schemaVar).Dot("Field").Call(jen.Lit(j)).Dot("Type"))
		}
		args = append(args, addr(v), jen.Id(sel), jen.Id("n"))
		if t.Kind == ir.KindMap {
			args = append(args, jen.Qual(vecPkg, kinds.Of(*t.Key).Appender), jen.Qual(vecPkg, kinds.Of(*t.Value).Appender))
		}
		return jen.Qual(vecPkg, kinds.Of(t).Builder).Call(args...)
	}
	arrays := make([]jen.Code, len(q.Outputs))
	var release []jen.Code   // the columns built before the error, or written directly by a fused loop
	var fallbacks []jen.Code // the directly written columns the vector code computed instead
	for j, o := range pq.Outputs {
		if !split || o.PassThrough >= 0 {
			f.add(jen.Line())
			f.add(commentLines(o.Name + ": " + o.SQL)...)
		}
		if c := o.PassThrough; c >= 0 {
			// an input column cannot fail: copied as is
			arrays[j] = jen.Qual(vecPkg, "TakeColumn").Call(jen.Id("mem"), jen.Id("in").Dot("Column").Call(jen.Lit(c)), f.keptOf(sel, false), jen.Id("n"))
			continue
		}
		if split {
			// The unit checks its column for errors and returns its array.
			unit := lname + "Col" + itoa(j+1)
			f.beginUnit(unit, fmt.Sprintf("computes output column %d (%s) of query %s %s, noting its first failed row in failed:", j+1, comment(o.Name), comment(q.Name), rows), o.SQL, exprBase(o.Value.Expr)+"Column")
			v := f.vector(f.emit(o.Value), sel)
			col, always := f.outCol, f.outColAlways
			f.outCol, f.outColAlways = "", false
			f.use("failed")
			f.use("mem")
			f.use(sel)
			f.use(v)
			// vec.Check(failed, &v, sel, n, j+1)
			f.add(jen.Qual(vecPkg, "Check").Call(jen.Id("failed"), addr(v), jen.Id(sel), jen.Id("n"), jen.Lit(j+1)))
			switch {
			case col != "" && !always:
				// if col == nil { col = vec.Int64Array(mem, &v, sel, n) }: the vector code computed the column
				f.add(jen.If(jen.Id(col).Op("==").Nil()).Block(jen.Id(col).Op("=").Add(build(j, v))))
			case col == "":
				col = f.fresh("column")
				f.add(jen.Id(col).Op(":=").Add(build(j, v)))
			}
			col = f.endUnit(col, jen.Qual(arrowPkg, "Array"), "col"+itoa(j+1))
			arrays[j] = jen.Id(col)
			release = append(release, jen.Id(col))
			continue
		}
		v := f.vector(f.emit(o.Value), sel)
		col := f.outCol
		f.outCol, f.outColAlways = "", false
		// vec.Check(failed, &v, sel, n, j+1)
		f.add(jen.Qual(vecPkg, "Check").Call(jen.Id("failed"), addr(v), jen.Id(sel), jen.Id("n"), jen.Lit(j+1)))
		arrays[j] = build(j, v)
		if col != "" {
			release = append(release, jen.Id(col))
			// if col == nil { col = vec.Int64Array(mem, &v, sel, n) }: the vector code computed the column
			fallbacks = append(fallbacks, jen.If(jen.Id(col).Op("==").Nil()).Block(jen.Id(col).Op("=").Add(build(j, v))))
			arrays[j] = jen.Id(col)
		}
	}

	if f.selBitsUsed {
		// selBits := vec.KeptOf(sel, n), right after the WHERE clause
		f.stmts = slices.Insert[[]jen.Code, jen.Code](f.stmts, f.selBitsAt,
			jen.Comment("the rows sel keeps as 64-row masks: output validity is gathered 64 rows at a time (built on first use)"),
			jen.Id(keptVar).Op(":=").Qual(vecPkg, "KeptOf").Call(jen.Id("sel"), jen.Id("n")))
	}

	var onFail []jen.Code
	if len(release) > 0 {
		onFail = append(onFail, jen.Qual(vecPkg, "Release").Call(release...))
	}
	// if failed.Err != nil { return nil, failed.QueryError(clauses, texts) }
	f.add(jen.If(jen.Id("failed").Dot("Err").Op("!=").Nil()).Block(append(onFail,
		jen.Return(jen.Nil(), jen.Id("failed").Dot("QueryError").Call(
			jen.Index().String().Values(columns...), jen.Index().String().Values(sqls...))))...))
	f.add(fallbacks...)

	for j, o := range q.Outputs {
		if o.Expr.Type().Kind == ir.KindBinary {
			// BINARY is built as VARCHAR's array; vec.AsBinary relabels its buffers
			arrays[j] = jen.Qual(vecPkg, "AsBinary").Call(arrays[j])
		}
	}
	f.add(jen.Line(),
		jen.Id("cols").Op(":=").Index().Qual(arrowPkg, "Array").Values(arrays...),
		jen.Id("out").Op(":=").Qual(arrayPkg, "NewRecordBatch").Call(jen.Id(schemaVar), jen.Id("cols"), jen.Int64().Parens(jen.Id(sel).Dot("Rows").Call(jen.Id("n")))),
		jen.For(jen.List(jen.Id("_"), jen.Id("c")).Op(":=").Range().Id("cols")).Block(jen.Id("c").Dot("Release").Call()),
		jen.Return(jen.Id("out"), jen.Nil()))

	// Prologue: context, schema and NOT NULL checks.
	prologue := []jen.Code{
		jen.If(jen.Err().Op(":=").Id("ctx").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.If(jen.Err().Op(":=").Qual(vecPkg, "CheckSchema").Call(jen.Id("in").Dot("Schema").Call(), jen.Id(inputVar)), jen.Err().Op("!=").Nil()).
			Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("query %s: %%w", comment(q.Name))), jen.Err()))),
	}
	for i, c := range q.Source.Columns {
		if !c.Nullable {
			prologue = append(prologue, jen.If(jen.Err().Op(":=").Qual(vecPkg, "NotNull").Call(jen.Id("in").Dot("Column").Call(jen.Lit(i)), jen.Lit(c.Name)), jen.Err().Op("!=").Nil()).
				Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("query %s: %%w", comment(q.Name))), jen.Err()))))
		}
	}
	prologue = append(prologue, jen.Id("n").Op(":=").Int().Parens(jen.Id("in").Dot("NumRows").Call()))
	prologue = append(prologue, f.prologue...)

	var code []jen.Code
	code = append(code,
		jen.Comment(fmt.Sprintf("%s is the schema of the batches %s returns.", schemaVar, name)),
		jen.Var().Id(schemaVar).Op("=").Add(schemaLit(schema)),
		jen.Line(),
	)
	code = append(code, jen.Comment(fmt.Sprintf("%s evaluates query %s over one batch of table %s:", name, comment(q.Name), comment(q.Source.Name))))
	code = append(code, jen.Comment(""))
	for _, line := range splitLines(q.SQL) {
		code = append(code, jen.Comment("\t"+comment(line)))
	}
	code = append(code, jen.Comment(""),
		jen.Comment("It returns the rows that pass the WHERE clause, or a *vec.QueryError naming the"),
		jen.Comment("first failing row of the batch (rows count from 0 within the batch). Its input batches"),
		jen.Comment(fmt.Sprintf("have schema %s (%s builds them).", inputVar, builder)))
	params := []jen.Code{
		jen.Id("ctx").Qual("context", "Context"),
		jen.Id("in").Qual(arrowPkg, "RecordBatch"),
		jen.Id("mem").Qual(memoryPkg, "Allocator"),
	}
	results := []jen.Code{jen.Qual(arrowPkg, "RecordBatch"), jen.Error()}
	body := append(prologue, f.stmts...)
	units := f.finishUnits()
	if len(q.Subqueries) > 0 {
		code = append(preparedCode, code...)
		code = append(code, jen.Func().Params(jen.Id(recv).Op("*").Id(name)).Id("Eval").Params(params...).Params(results...).Block(body...), jen.Line())
	} else {
		code = append(code, jen.Func().Id(name).Params(params...).Params(results...).Block(body...), jen.Line())
	}
	return append(code, units...)
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
