package codegen

import (
	"fmt"
	"go/scanner"
	"go/token"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// The loops of a fused expression and the vector code they fall back on.

// emitFused prints fused expression n as row loops over the rows of sel,
// with vector code (general, over the rows they leave) after them.
//
// The vector code of an expression pays per operation: a vector per
// intermediate result, and for a CASE or IF a boolean vector per condition,
// a selection split per WHEN and a merge per result. A fused expression (see
// package lower for which are) is one Go loop over the rows instead: a switch
// per row for a conditional, one Go expression for a value, statements into a
// local for a conditional inside a value. How the loop decides a row with a
// NULL input or a failed kernel (itself, or by leaving it to the vector code)
// follows from its row program (Fused.Mode; package lower, loop.go and modes.go); a
// kernel error, a missing map key or a NULL map item it does not decide sets
// the row's flag (vec.Failed).
//
// One loop runs on every batch (emitOne) where the batch-wide conditions
// hold (constant patterns compiled) and at most half of the rows have a NULL
// input: it computes the rows whose inputs are clean and leaves the others,
// and those it flags, to the vector code, which computes just those rows;
// their results are merged in (or patched into the output column the loop
// wrote directly, when the plan says Direct). Which inputs a row reads is
// checked up front for all of the expression's inputs, so a NULL in a branch
// the row does not take also sends it to the vector code: slower for that
// row, never different. On a clean batch that check is one branch on a flag
// that does not change in the loop.
//
// An expression whose map item reads must also test for NULL items on a
// dirty batch gets two loops instead, chosen per batch:
//   - clean: no input has a NULL or an error. Every row is computed in the
//     loop; a flagged row stops it and the vector code computes every row of
//     sel instead. When the plan says Direct, this loop writes the output
//     column's Arrow array itself.
//   - rows: some input has NULLs or errors (and they are at most half the
//     batch), as in the one loop above.
//
// Evaluation stays lazy (a condition runs only on rows no earlier WHEN
// took, a result only on the rows of its branch, an AND operand only after
// the earlier ones were TRUE), so a loop evaluates no more than the vector
// code would, and a row it computes without a flag has the outcome the
// vector code would give it: the rules that let a NULL or a FALSE win over
// an error only matter on rows with a NULL input or an error, which the
// vector code computes. What a row left to the vector code had evaluated in
// the loop is pure (templates/rt kernels and lookups), so computing it again
// is not observable.
func (f *funcGen) emitFused(n *lower.Node, sel string) operand {
	fz := n.Fused
	l := &fusedLoops{
		fu:  newFusion(f, n.Sel.IsAll()),
		fz:  fz,
		e:   n.Expr,
		sel: sel,
		all: n.Sel.IsAll(),
	}
	if fz.Direct {
		base := camel(fz.Root) // an output column's alias
		if strings.Contains(base, "_") || len(base) > 24 {
			base = "direct" // an unnamed column: its SQL makes no name
		}
		l.col = f.fresh(base + "Col")
		l.writer = f.fresh(base + "Out")
	}
	// Shared subexpressions absorbed by the expression are computed once per
	// row, first: every path through it evaluates them.
	for _, a := range fz.Absorbs {
		l.fu.locals[a.Shared.ID] = l.fu.local(tempName(a.Shared.Expr))
		if a.DecidesNull {
			l.fu.decides[a.Shared.ID] = true
		}
	}
	if fz.NullResult || len(l.fu.decides) > 0 {
		// named before the bodies, whose NULL results (and NULL lookups)
		// mark it (setNull)
		l.res = f.fresh(fusedBase(n.Expr))
	}
	t := n.Expr.Type()
	// A single loop writing a fixed-width column that has a NULL result
	// (CASE WHEN y <> 0 THEN a DIV y END) marks its NULL rows in a register
	// word (setNull); the clean and rows loops of map item reads keep
	// SetNull.
	l.marks = fz.Direct && kinds.FixedWidth(t) && !fz.ItemReads && fz.NullResult
	l.fu.outNull = l.setNull()
	if fz.Selects {
		f.commentFor(n.Expr)
		return operand{t: t, sel: l.emitFilterSel()}
	}
	if fz.Row.Op == lower.RowTry {
		l.res = f.fresh(fusedBase(n.Expr))
		f.commentFor(n.Expr)
		l.emitTry()
		return operand{t: t, vec: l.res}
	}
	// One loop computes the rows whose inputs are clean, on every batch,
	// unless the two loops' bodies differ (map item reads).
	var rowsStore func(jen.Code) jen.Code
	if fz.Direct {
		rowsStore = l.storeClean()
	} else {
		rowsStore = func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }
	}
	// Where a shared vector's error is the row's outcome wherever the row
	// reads it, the loop notes it there too, and leaves no row.
	l.fu.noteVectors = fz.NoteVectors
	l.rowsStore = rowsStore
	if l.marks && !l.fu.modal && t.Kind != ir.KindBoolean {
		// the single loop's bodies mark NULL rows in its register word
		// (guardedNull); the modal loops' rows body stores into res
		l.fu.markNull = l.markNull
	}
	// A body of many branches is printed once, for every batch (the body
	// for a dirty batch, in emitOne): a clean batch pays a test per input
	// read, but the code is half as long (and compiles in half the time).
	var rowsBody []jen.Code
	if !l.fz.OneBody {
		rowsBody = l.body(rowsStore, true, fz.Direct)
	}
	l.one = !l.fu.modal
	var cleanBody, directRows []jen.Code
	if !l.one {
		cleanBody = l.body(l.storeClean(), false, fz.Direct)
		if fz.Direct {
			// the rows loop when it decides every row with a NULL input
			// (directRowsLoop): it writes the output column too
			directRows = l.body(l.storeClean(), true, true)
		}
		// the rows loop stores into res, not the output column
		l.fu.outNull = jen.Id(l.res).Dot("SetNull").Call(jen.Id("i"))
		rowsBody = l.body(func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }, true, false)
	}

	if l.res == "" {
		l.res = f.fresh(fusedBase(n.Expr))
	}
	l.rest, l.fused = f.fresh("rest"), f.fresh("fused")
	f.sels[fz.Rest] = l.rest
	f.commentFor(n.Expr)
	if l.one {
		l.emitOne(rowsBody)
		return operand{t: t, vec: l.res}
	}
	slow := l.vectorCode()
	clean := l.cleanLoop(cleanBody)
	rows := l.rowsLoop(rowsBody)
	direct := directRows != nil && l.decidesRowNulls()
	if direct {
		rows = l.directRowsLoop(directRows)
	}
	if fz.Direct {
		f.outCol = l.col
		f.add(jen.Var().Id(l.col).Qual(arrowPkg, "Array").Comment("written by the clean loop, or below from " + l.res))
	}
	f.add(jen.Var().Id(l.res).Qual(vecPkg, "Vec").Types(goType(t)))
	// rest starts as every row of sel for when no loop runs (a batch-wide
	// condition fails or a lookup stops the clean loop); otherwise a loop
	// always sets it.
	restInit := jen.Var().Id(l.rest).Qual(vecPkg, "Sel")
	if !l.all && (len(l.fu.conds) > 0 || l.fu.bad != "" || len(l.fu.nullCounts) > 0) {
		restInit = jen.Id(l.rest).Op(":=").Id(sel)
	}
	f.add(
		jen.Comment("rows the vector code computes: those a fused loop leaves, or all of them"),
		jen.Var().Id(l.fused).Bool(),
		restInit,
	)
	var loops *jen.Statement
	switch {
	case len(l.fu.clean) == 0: // no input can be NULL: the clean loop always applies
		loops = jen.Block(clean...)
	case len(l.fu.nullCounts) > 0 && !direct: // the rows loop only when few rows have a NULL input
		// if a.Clean() && sArr.NullN() == 0 { clean } else if in.Column(0).NullN()+sArr.NullN() <= n/2 { rows }
		few := l.fu.fewNulls()
		loops = jen.If(joined(l.fu.clean, "&&")).Block(clean...).Else().If(few).Block(rows...)
	default: // only shared vectors as inputs: no NULL counts to weigh
		loops = jen.If(joined(l.fu.clean, "&&")).Block(clean...).Else().Block(rows...)
	}
	if len(l.fu.conds) > 0 {
		f.add(jen.If(joined(l.fu.conds, "&&")).Block(loops))
	} else {
		f.add(loops)
	}
	// if !fused || len(rest) > 0 { vector code over rest }
	f.add(jen.If(jen.Op("!").Id(l.fused).Op("||").Len(jen.Id(l.rest)).Op(">").Lit(0)).Block(slow...))
	return operand{t: t, vec: l.res}
}

// fusedBase names a fused expression's vector.
func fusedBase(e ir.Expr) string {
	switch e.(type) {
	case *ir.If:
		return "ifResult"
	case *ir.Case:
		return "caseResult"
	case *ir.Try:
		return "tried"
	}
	return rootName(e)
}

// fusedLoops is the state emitFused's parts share.
type fusedLoops struct {
	fu  *fusion
	fz  *lower.Fused
	e   ir.Expr
	sel string
	all bool // sel is every row of the batch (lower.SelAll)
	// col and writer: the output column's array and writer, when the clean
	// loop writes it directly.
	col, writer string
	// one: a single loop (emitOne) rather than the clean and rows loops.
	one bool
	// rowsStore stores a row's value in that loop.
	rowsStore func(jen.Code) jen.Code
	// res is e's vector; rest the rows the vector code computes; fused
	// whether a loop ran.
	res, rest, fused string
	// nullBits names the register word in which the loop collects the
	// NULL marks of 64 positions of a column it writes directly (nullIf).
	nullBits string
	// marks: setNull marks the row in the nullBits word (a single loop
	// writing a fixed-width column), not with the writer's SetNull.
	marks bool
}

// storeClean is how the clean loop stores a row's value: into out (the
// vector, or the output column's values by selection position), or appended
// to the output column's writer.
func (l *fusedLoops) storeClean() func(jen.Code) jen.Code {
	if l.fz.Direct && l.e.Type().IsByteString() {
		return func(v jen.Code) jen.Code { return jen.Id(l.writer).Dot("Append").Call(v) }
	}
	pos := "i"
	if l.fz.Direct && !l.all {
		pos = "k"
	}
	return func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id(pos)).Op("=").Add(v) }
}

// body is a loop's statements for row i: the absorbed subexpressions, then
// the expression.
func (l *fusedLoops) body(store func(jen.Code) jen.Code, rows, writes bool) []jen.Code {
	l.fu.rows = rows
	return l.writing(writes, func() []jen.Code {
		return l.withAbsorbs(func() []jen.Code { return l.fu.assign(l.fz.Row, store) })
	})
}

// writing returns what print returns, printed with fusion.sink naming the
// VARCHAR column's writer where store writes it (writes), so that a
// concatenation stored there is appended to it directly.
func (l *fusedLoops) writing(writes bool, print func() []jen.Code) []jen.Code {
	saved := l.fu.sink
	l.fu.sink = ""
	if writes && l.fz.Direct && l.e.Type().IsByteString() {
		l.fu.sink = l.writer
	}
	defer func() { l.fu.sink = saved }()
	return print()
}

// withAbsorbs is the statements print returns for row i, after those
// computing the absorbed subexpressions they read (the clean body of a
// COALESCE reads only its first argument's), in order.
func (l *fusedLoops) withAbsorbs(print func() []jen.Code) []jen.Code {
	fu := l.fu
	saved := fu.used
	fu.used = map[int]bool{}
	defer func() { fu.used = saved }()
	fu.printed = map[*lower.Row]bool{} // a new loop body
	body := fu.withTemps(print)
	var pre []jen.Code
	for k := len(l.fz.Absorbs) - 1; k >= 0; k-- { // a later one may read an earlier one
		a := l.fz.Absorbs[k]
		if !fu.used[a.Shared.ID] {
			continue
		}
		label := jen.Comment(sharedLabel(a.Recomputed) + comment(a.Shared.SQL))
		local := fu.locals[a.Shared.ID]
		if fu.rows && fu.decides[a.Shared.ID] && l.res != "" {
			// entry, entryNull := vec.NullableItemString(...); a NULL
			// item makes the row NULL, unless an error came first
			fu.deciding = true
			v := fu.value(a.Row)
			fu.deciding = false
			null := fu.local(local + "Null")
			pre = append([]jen.Code{label,
				jen.List(jen.Id(local), jen.Id(null)).Op(":=").Add(v),
				jen.If(jen.Id(null).Op("&&").Op("!").Bool().Parens(jen.Id(fu.bad))).Block(fu.outNull, jen.Continue()),
			}, pre...)
			continue
		}
		pre = append([]jen.Code{label, jen.Id(local).Op(":=").Add(fu.value(a.Row))}, pre...)
	}
	return append(pre, body...)
}

// vectorCode is the general path over rest: the absorbed subexpressions
// computed as vectors first, then the expression, merged into res when a
// loop computed the other rows.
func (l *fusedLoops) vectorCode() []jen.Code {
	f := l.fu.f
	saved, savedGeneral := f.stmts, f.general
	f.stmts, f.general = nil, true
	defer func() { f.general = savedGeneral }()
	for _, a := range l.fz.Absorbs {
		if a.Hoist != nil {
			f.add(jen.Comment(sharedLabel(a.Recomputed) + comment(a.Shared.SQL)))
			f.emit(a.Hoist)
		}
	}
	g := f.vector(f.emit(l.fz.General), l.rest)
	switch {
	case l.one && l.fz.Direct:
		// if fused { writer.Patch(&g, rest, sel); col = writer.Array(); vec.KeepErrs(&res, &g, rest, n) } else { res = g }:
		// res holds the errors of the rows the loop decided, then those of rest
		f.add(jen.If(jen.Id(l.fused)).Block(
			jen.Id(l.writer).Dot("Patch").Call(addr(g), jen.Id(l.rest), jen.Id(l.sel)),
			jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call(),
			jen.Qual(vecPkg, "KeepErrs").Call(addr(l.res), addr(g), jen.Id(l.rest), jen.Id("n")),
		).Else().Block(jen.Id(l.res).Op("=").Id(g)))
	default:
		// if fused { vec.Merge(&res, &g, rest, n) } else { res = g }
		f.add(jen.If(jen.Id(l.fused)).Block(
			jen.Qual(vecPkg, "Merge").Call(addr(l.res), addr(g), jen.Id(l.rest), jen.Id("n")),
		).Else().Block(jen.Id(l.res).Op("=").Id(g)))
	}
	slow := f.stmts
	f.stmts = saved
	return slow
}

// loop is the for statement over every row (over names what to range over)
// or over the rows of a selection made at run time (nil there is every row
// too); first prepends the row number to a body.
func (l *fusedLoops) loop(over string) *jen.Statement {
	if !l.all {
		return l.selLoop()
	}
	return jen.For(jen.Id("i").Op(":=").Range().Id(over))
}

// selLoop is the for statement over the positions k of the selection.
func (l *fusedLoops) selLoop() *jen.Statement {
	return jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(l.sel).Dot("Rows").Call(jen.Id("n"))), jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++"))
}

// forRows is the loop over the rows (over names what it ranges over when
// it runs over every row) with body for row i. A body that reads nothing
// of its row (constants only: IS NULL of a NOT NULL column is FALSE) is
// given no row number, which Go would reject as unused.
func (l *fusedLoops) forRows(over string, body []jen.Code) *jen.Statement {
	return l.forRowsMarking(over, nil, body)
}

// forRowsMarking is forRows for a loop that also runs statements atWord
// where a position starts a 64-position word (storing its NULL marks:
// nullMarks), under the one test that loads the validity words.
func (l *fusedLoops) forRowsMarking(over string, atWord, body []jen.Code) *jen.Statement {
	if l.all {
		if words, loads := l.wordLoads(body); len(words) > 0 {
			// for i, xValidWord := 0, uint64(0); i < len(out); i++ {
			//	if i&63 == 0 { xValidWord = xValid.Word(i) }: one load per 64 rows
			init := []jen.Code{jen.Id("i")}
			zeros := []jen.Code{jen.Lit(0)}
			for _, w := range words {
				init = append(init, jen.Id(w))
				zeros = append(zeros, jen.Uint64().Parens(jen.Lit(0)))
			}
			end := jen.Len(jen.Id(over))
			if over == "n" {
				end = jen.Id("n")
			}
			refresh := jen.If(jen.Id("i").Op("&").Lit(63).Op("==").Lit(0)).Block(append(loads, atWord...)...)
			return jen.For(jen.List(init...).Op(":=").List(zeros...), jen.Id("i").Op("<").Add(end), jen.Id("i").Op("++")).
				Block(append([]jen.Code{refresh}, body...)...)
		}
	}
	if len(atWord) > 0 {
		// if i&63 == 0 { ... }
		body = append([]jen.Code{jen.If(jen.Id(l.pos()).Op("&").Lit(63).Op("==").Lit(0)).Block(atWord...)}, body...)
	}
	if readsIdent(body, "i") {
		return l.loop(over).Block(l.first(body)...)
	}
	if l.all {
		return jen.For(jen.Range().Id(over)).Block(body...)
	}
	return l.selLoop().Block(body...)
}

// wordLoads returns the word variables of validity bitmaps body reads
// (fusion.isValid), in order, and the statements loading each one's word of
// the 64 rows from row i.
func (l *fusedLoops) wordLoads(body []jen.Code) (words []string, loads []jen.Code) {
	valids := make([]string, 0, len(l.fu.words))
	for v := range l.fu.words {
		valids = append(valids, v)
	}
	slices.Sort(valids)
	for _, v := range valids {
		if w := l.fu.words[v]; readsIdent(body, w) {
			words = append(words, w)
			loads = append(loads, jen.Id(w).Op("=").Id(v).Dot("Word").Call(jen.Id("i")))
		}
	}
	return words, loads
}

// readsIdent reports whether statements body use identifier name.
func readsIdent(body []jen.Code, name string) bool {
	src := []byte(fmt.Sprintf("%#v", jen.Block(body...)))
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	for {
		_, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return false
		case tok == token.IDENT && lit == name:
			return true
		}
	}
}

func (l *fusedLoops) first(body []jen.Code) []jen.Code {
	if l.all {
		return body
	}
	return append([]jen.Code{jen.Id("i").Op(":=").Id(l.sel).Dot("Row").Call(jen.Id("k"))}, body...)
}

// setup is the statements before a loop: the output column's writer (when
// the loop writes it directly: declared with op ":=" for the loop's block,
// or assigned with "=" to the function's variable) or the expression's
// vector, the input value slices, and out; over is what the loop ranges
// over when it runs over every row.
func (l *fusedLoops) setup(op string) (stmts []jen.Code, over string) {
	t := l.e.Type()
	if !l.fz.Direct {
		stmts = append(stmts, jen.Id(l.res).Op("=").Qual(vecPkg, "Make").Types(goType(t)).Call(jen.Id("n")))
		stmts = append(stmts, l.fu.slices...)
		return append(stmts, jen.Id("out").Op(":=").Id(l.res).Dot("V").Index(jen.Empty(), jen.Id("n"))), "out"
	}
	l.fu.f.use("mem")
	cnt := jen.Id("n")
	if !l.all {
		cnt = jen.Id(l.sel).Dot("Rows").Call(jen.Id("n"))
	}
	if t.IsByteString() {
		if w := appendWidth(l.fz.Row); w > 0 {
			// writer := vec.NewStringOutWidth(mem, sel.Rows(n), 16): every value has the pattern's width
			stmts = append(stmts, jen.Id(l.writer).Op(op).Qual(vecPkg, "NewStringOutWidth").Call(jen.Id("mem"), cnt, jen.Lit(w)).Comment("every value has the pattern's width"))
			return append(stmts, l.fu.slices...), "n"
		}
		// writer := vec.NewStringOut(mem, sel.Rows(n))
		stmts = append(stmts, jen.Id(l.writer).Op(op).Qual(vecPkg, "NewStringOut").Call(jen.Id("mem"), cnt))
		return append(stmts, l.fu.slices...), "n"
	}
	// writer := vec.NewFixedOut[float64](mem, arrow.PrimitiveTypes.Float64, sel.Rows(n))
	stmts = append(stmts, jen.Id(l.writer).Op(op).Qual(vecPkg, "NewFixedOut").Types(goType(t)).Call(jen.Id("mem"), arrowType(t), cnt))
	stmts = append(stmts, l.fu.slices...)
	if l.all {
		// out := writer.V[:n]: as long as the input slices, so indexing
		// them by out's positions needs no bounds check
		return append(stmts, jen.Id("out").Op(":=").Id(l.writer).Dot("V").Index(jen.Empty(), jen.Id("n"))), "out"
	}
	return append(stmts, jen.Id("out").Op(":=").Id(l.writer).Dot("V")), "out"
}

// cleanLoop computes every row; a missing map key stops it.
func (l *fusedLoops) cleanLoop(body []jen.Code) []jen.Code {
	fu := l.fu
	clean, over := l.setup(":=")
	var done []jen.Code
	if l.fz.Direct {
		done = append(done, jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call())
	}
	// fused, rest = true, vec.Sel{}
	done = append(done, jen.List(jen.Id(l.fused), jen.Id(l.rest)).Op("=").List(jen.True(), jen.Qual(vecPkg, "Sel").Values()))
	if fu.bad == "" {
		clean = append(clean, l.forRows(over, body))
		return append(clean, done...)
	}
	clean = append(clean,
		jen.Var().Id(fu.bad).Qual(vecPkg, "Failed"),
		l.forRows(over, append(body, jen.If(jen.Id(fu.bad)).Block(jen.Break()))),
	)
	stopped := []jen.Code{jen.Comment("a row failed (an error or a missing map key): the vector code computes every row")}
	if l.fz.Direct {
		stopped = append(stopped, jen.Id(l.writer).Dot("Release").Call())
	}
	// if !bad { done } else { stopped: the vector code computes every row }
	return append(clean, jen.If(jen.Op("!").Id(fu.bad)).Block(done...).Else().Block(stopped...))
}

// emitOne prints the single loop of a fused expression whose clean and rows
// loops would have the same body: it computes the rows whose inputs are
// clean and lists the others (and those it flags) for the vector code, on
// every batch; on a clean batch the test of a row's inputs is one branch on
// a flag that does not change in the loop.
func (l *fusedLoops) emitOne(body []jen.Code) {
	fu, f, t := l.fu, l.fu.f, l.e.Type()
	strict, logic, cond, exact := l.fz.Mode == lower.ModeStrict, l.fz.Mode == lower.ModeLogic, l.fz.Mode == lower.ModeCond, l.fz.Exact
	// The body for a dirty batch is printed first: it may read inputs the
	// clean body does not (a COALESCE's later arguments), which the tests
	// below then cover.
	checkedBody := body
	setNull := l.setNull()
	if (logic || cond) && (l.fz.OneBody || len(fu.rowNulls) > 0) {
		fu.nulls = true
		if logic {
			fu.printed = map[*lower.Row]bool{}
			checkedBody = fu.withTemps(l.logicRow)
		} else {
			fu.nullIf = l.nullIf()
			markNull := setNull
			if l.fz.InputsDecide {
				// its NULL rows are its inputs' (inputsValidity): nothing to mark
				fu.nullIf, markNull = noMark, jen.Null()
			}
			checkedBody = l.writing(l.fz.Direct, func() []jen.Code {
				return l.withAbsorbs(func() []jen.Code { return fu.assignNull(l.fz.Row, l.rowsStore, markNull) })
			})
			fu.nullIf = nil
		}
		fu.nulls = false
	}
	leaves := len(fu.rowNulls) > 0 || fu.bad != ""
	if strict || logic || cond {
		leaves = len(fu.errTests) > 0 || fu.bad != "" && !exact
	}
	everyRow := l.everyRow()
	// The loop runs when the batch-wide conditions hold (constant patterns
	// compiled) and, unless it is strict, at most half of the rows have a
	// NULL input: it leaves those to the vector code, which is faster on its
	// own when most rows would be left to it.
	conds := fu.conds
	if len(fu.nullCounts) > 0 && !strict && !logic && !cond {
		conds = append(conds, fu.fewNulls())
	}
	// A loop that always runs and leaves no row needs no vector code, which
	// is then not printed at all (so it reads no input and fills no memo).
	always := len(conds) == 0 && !leaves
	var slow []jen.Code
	if !always {
		slow = l.vectorCode()
	}

	if l.fz.Direct {
		f.outCol = l.col
		f.add(jen.Var().Id(l.col).Qual(arrowPkg, "Array").Comment("written by the loop, or below from " + l.res))
		if t.IsByteString() {
			f.add(jen.Var().Id(l.writer).Op("*").Qual(vecPkg, "StringOut"))
		} else {
			f.add(jen.Var().Id(l.writer).Op("*").Qual(vecPkg, "FixedOut").Types(goType(t)))
		}
	}
	f.add(jen.Var().Id(l.res).Qual(vecPkg, "Vec").Types(goType(t)))
	if !always {
		restInit := jen.Var().Id(l.rest).Qual(vecPkg, "Sel")
		if !l.all && len(conds) > 0 { // every row of sel when the loop does not run
			restInit = jen.Id(l.rest).Op(":=").Id(l.sel)
		}
		f.add(
			jen.Comment("rows the vector code computes: those the fused loop leaves, or all of them"),
			jen.Var().Id(l.fused).Bool(),
			restInit,
		)
	}
	loop, over := l.setup("=")
	if leaves {
		loop = append(loop, jen.Id("left").Op(":=").Qual(vecPkg, "Sel").Values().Comment("rows for the vector code"))
	}
	left := jen.Id("left").Op("=").Qual(vecPkg, "Leave").Call(jen.Id("left"), jen.Id("i"), jen.Id("n")) // left = vec.Leave(left, i, n)
	skip := []jen.Code{left, jen.Continue()}
	if l.fz.Direct && t.IsByteString() {
		skip = append([]jen.Code{jen.Id(l.writer).Dot("Skip").Call()}, skip...) // a place for the row, patched in later
	}
	// checks are the tests of a row's inputs on a dirty batch.
	var checks []jen.Code
	switch {
	case (logic || cond) && len(fu.rowNulls) > 0:
		if len(fu.errTests) > 0 {
			// if x.ErrAt(i) != nil { left = vec.Leave(left, i, n); continue }
			checks = append(checks, jen.If(joined(fu.errTests, "||")).Block(skip...))
		}
	case strict && len(fu.rowNulls) > 0:
		// if x.IsNull(i) || sArr.IsNull(i) { res.SetNull(i); continue }
		checks = append(checks, jen.If(joined(fu.nullTests, "||")).Block(setNull, jen.Continue()))
		if len(fu.errTests) > 0 {
			// if x.ErrAt(i) != nil { left = vec.Leave(left, i, n); continue }
			checks = append(checks, jen.If(joined(fu.errTests, "||")).Block(skip...))
		}
	case len(fu.rowNulls) > 0:
		// if x.Dirty(i) || sArr.IsNull(i) { left = vec.Leave(left, i, n); continue }
		checks = append(checks, jen.If(joined(fu.rowNulls, "||")).Block(skip...))
	}
	rowBody, checkedRow := body, checkedBody
	if everyRow {
		loop = append(loop, l.validity()...)
	}
	if fu.bad != "" {
		var flagged jen.Code
		switch {
		case exact && everyRow:
			loop = append(loop, jen.Var().Id(fu.bad).Qual(vecPkg, "FirstErr"))
			// vec.EndStrictRow(&res, n, i, &bad): the row's error, if any, unless it is NULL
			flagged = jen.Qual(vecPkg, "EndStrictRow").Call(addr(l.res), jen.Id("n"), jen.Id("i"), jen.Op("&").Id(fu.bad))
		case exact:
			loop = append(loop, jen.Var().Id(fu.bad).Qual(vecPkg, "FirstErr"))
			// vec.EndRow(&res, n, i, &bad): the row's error, if any
			flagged = jen.Qual(vecPkg, "EndRow").Call(addr(l.res), jen.Id("n"), jen.Id("i"), jen.Op("&").Id(fu.bad))
		default:
			loop = append(loop, jen.Var().Id(fu.bad).Qual(vecPkg, "Failed"))
			// if bad { bad = false; left = vec.Leave(left, i, n) }
			flagged = jen.If(jen.Id(fu.bad)).Block(jen.Id(fu.bad).Op("=").False(), left)
		}
		rowBody = append(append([]jen.Code{}, rowBody...), flagged)
		checkedRow = append(append([]jen.Code{}, checkedRow...), flagged)
	}
	upFront := l.fz.Direct && !t.IsByteString() && l.fz.NullResult
	if upFront {
		// a NULL result: the column's bitmap is made before the loops, so
		// that a batch allocates the same whether or not a row is NULL
		loop = append(loop, jen.Id(l.writer).Dot("PrepareNulls").Call())
	}
	// rows is the loop over the rows with body; one whose body marks NULLs
	// in the register word (markNull) is preceded by the bitmap the marks
	// go to and the word, stores the word every 64 positions, and stores
	// the last one after it.
	rows := func(body []jen.Code) []jen.Code {
		marks := l.nullBits != "" && readsIdent(body, l.nullBits) || !l.fz.Direct && fu.nullIfUsed && readsIdent(body, "NullIf")
		if !marks {
			return []jen.Code{l.forRows(over, body)}
		}
		var stmts []jen.Code
		if !upFront {
			// writer.PrepareNulls(): the validity bitmap the NULL marks go to
			target := l.res
			if l.fz.Direct {
				target = l.writer
			}
			stmts = append(stmts, jen.Id(target).Dot("PrepareNulls").Call())
		}
		if l.nullBits == "" {
			return append(stmts, l.forRows(over, body))
		}
		before, atWord, last := l.nullMarks()
		stmts = append(stmts, before...)
		return append(append(stmts, l.forRowsMarking(over, atWord, body)), last)
	}
	switch {
	case l.fz.InputsDecide && len(fu.rowNulls) > 0:
		// every row computed; NULL where the inputs that decide it are
		dirty := append(l.inputsValidity(), rows(checkedRow)...)
		if l.fz.OneBody {
			loop = append(loop, dirty...)
		} else {
			loop = append(loop, jen.If(joined(fu.clean, "&&")).Block(rows(rowBody)...).Else().Block(dirty...))
		}
	case l.fz.OneBody: // (a clean batch too: a memo read may be NULL)
		loop = append(loop, rows(append(checks, checkedRow...))...)
	case len(fu.rowNulls) == 0 || everyRow: // no input can be NULL or failed, or the validity is set above
		loop = append(loop, rows(rowBody)...)
	default:
		// if x.Clean() && sArr.NullN() == 0 { loop } else { loop testing each row's inputs first }:
		// the loop over a clean batch tests nothing per row.
		loop = append(loop, jen.If(joined(fu.clean, "&&")).Block(
			rows(rowBody)...,
		).Else().Block(
			rows(append(checks, checkedRow...))...,
		))
	}
	if always {
		if l.fz.Direct {
			loop = append(loop, jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call())
			f.outColAlways = true
		}
		f.add(jen.Block(loop...))
		return
	}
	restVal := jen.Code(jen.Qual(vecPkg, "Sel").Values())
	if leaves {
		restVal = jen.Id("left")
	}
	loop = append(loop, jen.List(jen.Id(l.fused), jen.Id(l.rest)).Op("=").List(jen.True(), restVal))
	if l.fz.Direct {
		// if len(rest) == 0 { col = writer.Array() }: else once the vector code patched its rows
		done := jen.Id(l.col).Op("=").Id(l.writer).Dot("Array").Call()
		if leaves {
			done = jen.If(jen.Len(jen.Id(l.rest)).Op("==").Lit(0)).Block(done)
		}
		loop = append(loop, done)
	}
	if len(conds) > 0 {
		f.add(jen.If(joined(conds, "&&")).Block(loop...))
	} else {
		f.add(jen.Block(loop...))
	}
	// if !fused || len(rest) > 0 { vector code over rest }
	f.add(jen.If(jen.Op("!").Id(l.fused).Op("||").Len(jen.Id(l.rest)).Op(">").Lit(0)).Block(slow...))
}

// everyRow reports whether the loop computes every row of a dirty batch
// by the clean batch's body, a row with a NULL input too (its value is never
// read), and makes the result NULL where the AND of its inputs' validity
// says (validity): a strict expression of fixed width whose inputs carry no
// errors and whose failed rows are their first error (lower.EveryRow), or a
// WHERE clause that can be TRUE only where every input is not NULL
// (lower.FilterEveryRow: NULL there stands for FALSE too, as both leave the
// row out).
func (l *fusedLoops) everyRow() bool {
	fu := l.fu
	if !l.fz.EveryRow {
		return false
	}
	if l.fz.Mode == lower.ModeLogic {
		// a WHERE clause: see lower.FilterEveryRow
		return len(fu.rowNulls) > 0 && len(fu.errTests) == 0 && fu.bad == "" && len(fu.flagArgs) == len(fu.rowNulls)
	}
	if len(fu.rowNulls) == 0 || len(fu.errTests) > 0 || fu.bad != "" && !l.fz.Exact {
		return false
	}
	return len(fu.flagArgs) == len(fu.rowNulls) // false for an input whose NULLs are not flags (none today)
}

// validity is the statements before an everyRow loop: the result's
// validity, the AND of its inputs' (vec.AndValid), on the output column's
// writer, and on the result vector where the loop reads it (its errors
// are dropped on NULL rows) or holds the values.
func (l *fusedLoops) validity() []jen.Code {
	fu := l.fu
	// vec.AndValid(n, vec.FlagsOf(&x), vec.ArrowFlags(sArr))
	and := jen.Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, fu.flagArgs...)...)
	comment := jen.Comment("NULL where an input is (a strict expression): its validity is the AND of the inputs', 64 rows at a time; the loop computes every row")
	if l.fz.Mode == lower.ModeLogic {
		comment = jen.Comment("a row with a NULL input is left out (the clause is FALSE or NULL there): NULL where an input is, 64 rows at a time; the loop computes every row")
	}
	if !l.fz.Direct || fu.bad == "" {
		return []jen.Code{comment, l.setValidity(and)}
	}
	valid := fu.local("valid")
	return []jen.Code{comment,
		jen.Id(valid).Op(":=").Add(and),
		jen.Id(l.res).Dot("Valid").Op("=").Id(valid),
		l.setValidity(jen.Id(valid)),
	}
}

// inputsValidity is the statements before an inputsDecide loop over a
// dirty batch: the result's validity, the AND of the validity of the
// inputs whose NULLs make it NULL (lower.NullInputs), on the output
// column's writer or the result vector.
func (l *fusedLoops) inputsValidity() []jen.Code {
	fu := l.fu
	var flags []jen.Code
	for _, x := range l.fz.Inputs {
		for _, v := range fu.nullTest(x) {
			flags = append(flags, fu.flagsOf[v])
		}
	}
	if len(flags) == 0 {
		return []jen.Code{jen.Comment("never NULL: a NULL input only picks which value")}
	}
	// vec.AndValid(n, vec.FlagsOf(&x))
	and := jen.Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, flags...)...)
	comment := jen.Comment("NULL exactly where " + l.fz.InputsSQL + " is: its validity is theirs, 64 rows at a time; the loop computes every row")
	return []jen.Code{comment, l.setValidity(and)}
}

// setValidity is the statement giving the loop's result validity bitmap
// valid: on the output column's writer (by selection position), or on the
// result vector.
func (l *fusedLoops) setValidity(valid jen.Code) jen.Code {
	if !l.fz.Direct {
		return jen.Id(l.res).Dot("Valid").Op("=").Add(valid)
	}
	return jen.Id(l.writer).Dot("SetValidity").Call(valid, l.fu.f.keptOf(l.sel, l.all))
}

// setNull is the statement making row i NULL in the loop's output.
func (l *fusedLoops) setNull() jen.Code {
	switch {
	case l.fz.Direct && l.e.Type().IsByteString():
		return jen.Id(l.writer).Dot("AppendNull").Call()
	case l.fz.Direct && l.marks:
		// nullBits |= 1 << (uint(i) & 63)
		l.fu.nullIfUsed = true
		if l.nullBits == "" {
			l.nullBits = l.fu.local("nullBits")
		}
		return jen.Id(l.nullBits).Op("|=").Lit(1).Op("<<").Parens(jen.Uint().Parens(jen.Id(l.pos())).Op("&").Lit(63))
	case l.fz.Direct:
		return jen.Id(l.writer).Dot("SetNull").Call(jen.Id(l.pos()))
	}
	return jen.Id(l.res).Dot("SetNull").Call(jen.Id("i"))
}

// nullIf returns how a leaf of a conditional marks row i NULL without a
// branch on its NULL test, its value stored anyway (nullBits |= vec.Bit(x.IsNull(i)) << (uint(i) & 63), markNull),
// or nil where the result is not fixed-width.
func (l *fusedLoops) nullIf() func(jen.Code) jen.Code {
	if !kinds.FixedWidth(l.e.Type()) || l.e.Type().Kind == ir.KindBoolean && l.fz.Direct {
		return nil
	}
	if !l.fz.Direct {
		return func(null jen.Code) jen.Code {
			l.fu.nullIfUsed = true
			return jen.Id(l.res).Dot("NullIf").Call(jen.Id("i"), null)
		}
	}
	return func(null jen.Code) jen.Code {
		l.fu.nullIfUsed = true
		return l.markNull(null)
	}
}

// markNull is the statement collecting position pos's NULL mark (null, a
// Go bool) in the loop's register word, stored every 64 positions
// (nullMarks): marking the column's bitmap itself would make each row wait
// for the previous row's store to the same byte.
//
//	nullBits |= vec.Bit(null) << (uint(i) & 63)
func (l *fusedLoops) markNull(null jen.Code) jen.Code {
	if l.nullBits == "" {
		l.nullBits = l.fu.local("nullBits")
	}
	return jen.Id(l.nullBits).Op("|=").Qual(vecPkg, "Bit").Call(null).Op("<<").Parens(jen.Uint().Parens(jen.Id(l.pos())).Op("&").Lit(63))
}

// pos is the loop's position in the column it writes directly: the row,
// or its position in the selection.
func (l *fusedLoops) pos() string {
	if l.all {
		return "i"
	}
	return "k"
}

// nullMarks returns, for a loop that collects NULL marks (markNull), the
// statements before it, those storing the previous 64 positions' word
// where a position starts a new one (forRowsMarking), and the one after it
// (the last word).
func (l *fusedLoops) nullMarks() (before, atWord []jen.Code, after jen.Code) {
	pos := jen.Id(l.pos())
	last := jen.Id("n").Op("-").Lit(1)
	if !l.all {
		last = jen.Id(l.sel).Dot("Rows").Call(jen.Id("n")).Op("-").Lit(1)
	}
	store := func(at jen.Code) jen.Code { return jen.Id(l.writer).Dot("NullWord").Call(at, jen.Id(l.nullBits)) }
	before = []jen.Code{jen.Var().Id(l.nullBits).Uint64().Comment("the NULL marks of 64 positions, stored a word at a time")}
	atWord = []jen.Code{store(jen.Add(pos).Op("-").Lit(1)), jen.Id(l.nullBits).Op("=").Lit(0)}
	return before, atWord, store(last)
}

// logicRow is the statements of an AND (OR) of strict operands for a row of
// a dirty batch, by the three-valued rules: FALSE (TRUE) when an operand
// that is not NULL is, else NULL when an operand is, else TRUE (FALSE). An
// operand is computed only where its inputs are not NULL; one that fails
// flags the row for the vector code.
func (l *fusedLoops) logicRow() []jen.Code {
	fu := l.fu
	and := l.fz.Row.Op == lower.RowAnd
	dominant, other := jen.False(), jen.True()
	if !and {
		dominant, other = jen.True(), jen.False()
	}
	store := func(v jen.Code) jen.Code { return jen.Id("out").Index(jen.Id("i")).Op("=").Add(v) }
	var cases []jen.Code
	var nulls []string
	seen := map[string]bool{}
	for _, a := range l.fz.Row.Args {
		v := fu.value(a)
		if and {
			v = jen.Op("!").Parens(v)
		}
		cond := v
		if nt := fu.nullTest(a); len(nt) > 0 {
			for _, x := range nt {
				if !seen[x] {
					seen[x] = true
					nulls = append(nulls, x)
				}
			}
			cond = jen.Op("!").Parens(l.fu.isNullOf(nt)).Op("&&").Add(v)
		}
		// case !(x.IsNull(i)) && !(x > 1): out[i] = false
		cases = append(cases, jen.Case(cond).Block(store(dominant)))
	}
	if len(nulls) > 0 {
		cases = append(cases, jen.Case(l.fu.isNullOf(nulls)).Block(jen.Id(l.res).Dot("SetNull").Call(jen.Id("i"))))
	}
	cases = append(cases, jen.Default().Block(store(other)))
	return []jen.Code{jen.Switch().Block(cases...)}
}

// rowsLoop computes the rows whose inputs are clean and lists the others.
func (l *fusedLoops) rowsLoop(body []jen.Code) []jen.Code {
	fu := l.fu
	rows := []jen.Code{jen.Id(l.res).Op("=").Qual(vecPkg, "Make").Types(goType(l.e.Type())).Call(jen.Id("n"))}
	rows = append(rows, fu.slices...)
	rows = append(rows, jen.Id("out").Op(":=").Id(l.res).Dot("V").Index(jen.Empty(), jen.Id("n")))
	rows = append(rows, jen.Id("left").Op(":=").Qual(vecPkg, "Sel").Values().Comment("rows for the vector code"))
	left := jen.Id("left").Op("=").Qual(vecPkg, "Leave").Call(jen.Id("left"), jen.Id("i"), jen.Id("n")) // left = vec.Leave(left, i, n)
	var rowBody, nullRows, leaveRows []jen.Code
	for k, test := range fu.rowNulls {
		if fu.decidesNull(k) {
			nullRows = append(nullRows, test) // a NULL map: its lookups, and so the row, are NULL
		} else {
			leaveRows = append(leaveRows, test)
		}
	}
	if len(nullRows) > 0 {
		// if infoArr.IsNull(i) { res.SetNull(i); continue }
		rowBody = append(rowBody, jen.If(joined(nullRows, "||")).Block(jen.Id(l.res).Dot("SetNull").Call(jen.Id("i")), jen.Continue()))
	}
	if len(leaveRows) > 0 {
		// if x.Dirty(i) || sArr.IsNull(i) { left = vec.Leave(left, i, n); continue }
		rowBody = append(rowBody, jen.If(joined(leaveRows, "||")).Block(left, jen.Continue()))
	}
	rowBody = append(rowBody, body...)
	if fu.bad != "" {
		rows = append(rows, jen.Var().Id(fu.bad).Qual(vecPkg, "Failed"))
		// if bad { bad = false; left = vec.Leave(left, i, n) }
		rowBody = append(rowBody, jen.If(jen.Id(fu.bad)).Block(jen.Id(fu.bad).Op("=").False(), left))
	}
	rows = append(rows, l.forRows("out", rowBody))
	return append(rows, jen.List(jen.Id(l.fused), jen.Id(l.rest)).Op("=").List(jen.True(), jen.Id("left")))
}

// decidesRowNulls reports whether the rows loop decides every row with a
// NULL input itself (a NULL map makes its lookups, and so the row, NULL:
// fusion.arrDecides), leaving none to the vector code for that.
func (l *fusedLoops) decidesRowNulls() bool {
	for k := range l.fu.rowNulls {
		if !l.fu.decidesNull(k) {
			return false
		}
	}
	return true
}

// decidesNull reports whether the rows loop decides a row for which
// rowNulls[k] holds itself: a NULL map makes its lookups, and so the row,
// NULL.
func (fu *fusion) decidesNull(k int) bool {
	arr := fu.rowNullArrs[k]
	return arr != "" && fu.arrDecides[arr]
}

// directRowsLoop is the rows loop of a fused root that writes its output
// column and decides every row with a NULL input (decidesRowNulls): like
// the clean loop, it writes the column directly, a NULL row as NULL, and a
// row that fails (a missing map key) stops it, the vector code then
// computing every row. Without it, the rows loop would fill a vector that
// is then copied into the column.
func (l *fusedLoops) directRowsLoop(body []jen.Code) []jen.Code {
	if len(l.fu.rowNulls) == 0 {
		return l.cleanLoop(body)
	}
	// if infoArr.IsNull(i) { writer.AppendNull(); continue }
	nulls := jen.If(joined(l.fu.rowNulls, "||")).Block(l.setNull(), jen.Continue())
	return l.cleanLoop(append([]jen.Code{nulls}, body...))
}

// joined is the Go expression cs[0] op cs[1] op ...
func joined(cs []jen.Code, op string) jen.Code {
	var c *jen.Statement
	for _, x := range cs {
		if c == nil {
			c = jen.Add(x)
		} else {
			c = c.Op(op).Add(x)
		}
	}
	return c
}

// sharedLabel introduces a shared subexpression computed in a fused root.
func sharedLabel(recomputed bool) string {
	if recomputed {
		return "shared (always; cheap, so each fused root that uses it computes it): "
	}
	return "shared (always): "
}
