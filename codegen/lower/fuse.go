package lower

import (
	"fmt"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Fusion decisions.
//
// The vector code of an expression pays per operation: a vector per
// intermediate result, and for a CASE or IF a boolean vector per condition, a
// selection split per WHEN and a merge per result. A conditional, or a chain
// of operations at the root of an output column or of the WHERE clause, whose
// every call is a templates/rt kernel or a map lookup on a MAP input column,
// every constant a value and every shared subexpression it reads already
// computed or absorbed, is instead one Go loop over the rows of its
// selection. How its loop decides a row with a NULL input or an error is in
// modes.go; what it does not decide (a kernel error an AND operand could
// mask, a missing map key, a NULL map item) flags the row for the vector
// code, which stays as the general path.
//
// Deciding whether an expression is fused and building its per-row program
// are one walk (value, valueNode, rowCond), so the printer never meets a row
// operation it cannot print.

// notFused are the calls whose code is special (greatest and least skip
// NULLs, map_build builds a MAP per row): they keep their vector code.
var notFused = map[string]bool{"greatest": true, "least": true, "map_build": true, "map_concat": true, "str_to_map": true, "to_json": true}

// mapCalls are the map functions a fused loop computes over a MAP input
// column read in place.
var mapCalls = map[string]bool{"subscript": true, "element_at": true, "map_contains_key": true, "cardinality": true}

// fused lowers e as fused loops over sel, with general as the vector code for
// the rows they leave.
func (l *lowerer) fused(e ir.Expr, sel *Sel, why string, general func(rest *Sel) *Node) *Node {
	n := &Node{Op: OpFused, Expr: e, Sel: sel}
	fz := &Fused{Expr: e, Why: why, In: l.root}
	n.Fused = fz
	if e == l.rootExpr {
		fz.Root = l.root
		fz.Filter = l.filter
	}
	fz.Direct, fz.DirectWhy = l.takeSink(e)
	locals := map[int]bool{}
	for _, s := range l.absorbedBy(e) {
		locals[s.ID] = true
		fz.Absorbs = append(fz.Absorbs, &Absorbed{Shared: s, Recomputed: l.recomputed[s.ID]})
	}
	for _, a := range fz.Absorbs {
		a.Row, _ = l.valueNode(a.Shared.Expr, locals)
	}
	if t, ok := e.(*ir.Try); ok {
		fz.Row, _ = l.tryRow(t, locals)
	} else if row, _ := l.rowCond(e, locals); row != nil {
		fz.Row = row
	} else {
		fz.Row, _ = l.valueNode(e, locals)
	}
	if fz.Row == nil {
		panic("lower: fusing a non-fusible expression " + ir.Format(e))
	}
	decideLoop(fz)
	l.out.Fused = append(l.out.Fused, fz)
	fz.Rest = &Sel{Kind: SelRest, Of: n}
	l.push()
	for _, a := range fz.Absorbs {
		if _, ok := l.available(a.Shared.ID); !ok {
			a.Hoist = &Node{Op: OpShare, Expr: a.Shared.Expr, Sel: fz.Rest, Shared: a.Shared, Args: []*Node{l.node(a.Shared.Expr, fz.Rest)}}
			l.setAvailable(a.Shared.ID, a.Hoist)
		}
	}
	if fz.Row.Op != RowTry && !fz.Selects { // these leave no row to vector code
		fz.General = general(fz.Rest)
	}
	l.pop(1)
	return n
}

// takeSink reports whether fused expression e is the root of the output
// column being lowered, of a type a fused loop writes directly, and not
// shared (a shared root's vector is read elsewhere).
func (l *lowerer) takeSink(e ir.Expr) (bool, string) {
	if l.sink != e || l.sinkTaken {
		return false, ""
	}
	if s := l.lookup(e); s != nil && !l.recomputed[s.ID] {
		return false, fmt.Sprintf("shared #%d: its vector is read elsewhere", s.ID)
	}
	if t := e.Type(); !kinds.Known(t) || !kinds.Of(t).Direct {
		return false, fmt.Sprintf("a %s column is built from the vector", t)
	}
	l.sinkTaken = true
	return true, ""
}

// directSink reports whether e is the root of the output column being
// lowered, of a fixed-width type a fused loop writes directly, or a VARCHAR
// kernel call with an append form (rt.AppendForms), which the loop writes
// into the column's bytes in place.
func (l *lowerer) directSink(e ir.Expr) bool {
	if l.sink != e || l.sinkTaken {
		return false
	}
	t := e.Type()
	return kinds.Known(t) && kinds.Of(t).Direct && (kinds.Of(t).Fixed || appendsInPlace(e))
}

// appendsInPlace reports whether e is a call of a kernel with an append
// form (rt.AppendForms).
func appendsInPlace(e ir.Expr) bool {
	c, ok := e.(*ir.Call)
	if !ok || c.Sig == nil || c.Sig.KernelPkg != "" {
		return false
	}
	_, ok = rt.AppendForms[c.Sig.Kernel]
	return ok
}

// fusibleRoot reports whether clause root e is emitted as fused loops: a
// fusible conditional, or a fusible operation with another operation among
// its arguments (a chain of arithmetic, say, whose vector code would build a
// temporary per operation). why says why, or why not.
func (l *lowerer) fusibleRoot(e ir.Expr) (ok bool, why string) {
	if l.noFusion {
		return false, unfusedWhy
	}
	if s := l.lookup(e); s != nil && !l.recomputed[s.ID] {
		return false, fmt.Sprintf("shared #%d, computed once as a vector", s.ID)
	}
	switch e := e.(type) {
	case *ir.If, *ir.Case, *ir.Coalesce:
		row, why := l.program(l.rowCond(e, nil))
		return row != nil, why
	case *ir.Try:
		if l.sink != e || l.sinkTaken {
			return false, "TRY not at the root of an output column, which its loop writes"
		}
		row, why := l.tryRow(e, nil)
		return row != nil, why
	}
	if !operation(e) {
		return false, "not an operation"
	}
	if !l.compound(e) {
		where := l.filter && e == l.rootExpr
		if !l.directSink(e) && !where {
			return false, "a single operation: its vector loop is one tight loop already"
		}
		row, why := l.program(l.valueNode(e, nil))
		switch {
		case row == nil:
			return false, why
		case where && !filterSelects(row):
			return false, "a single condition: its vector loop is one tight loop already"
		case where:
			return true, "a single condition: its loop builds the selection, with no boolean vector"
		}
		if appendsInPlace(e) {
			return true, "a single operation at the root of a VARCHAR output column with an append form: its loop writes the text into the column, with no string to copy"
		}
		return true, "a single operation at the root of a fixed-width output column: its loop writes the column, with no vector to copy"
	}
	row, why := l.program(l.valueNode(e, nil))
	if row == nil {
		return false, why
	}
	if HasTemp(row) {
		return true, "operations over conditionals, every row decided in the loop"
	}
	return true, "a chain of operations that cannot fail once their inputs are clean"
}

// program checks a root's row program: one that computes conditionals in
// value positions is fused only where its loop decides every row
// (TempsDecided).
func (l *lowerer) program(row *Row, why string) (*Row, string) {
	if l.noFusion {
		return nil, unfusedWhy
	}
	if row != nil && HasTemp(row) && !TempsDecided(row) {
		return nil, "a conditional inside a value, where the loop would not decide every row itself (an AND operand or CASE operand that can fail, or a NULL it cannot tell)"
	}
	return row, why
}

// unfusedWhy is why an expression is vector code in a plan with no fused
// loops (Options.Unfused).
const unfusedWhy = "vector code: the batch engine runs no fused loops"

// operation reports whether e is a value a fused root may be made of, other
// than an input: a call, AND/OR, BETWEEN or IN.
func operation(e ir.Expr) bool {
	switch e.(type) {
	case *ir.Call, *ir.And, *ir.Or, *ir.Between, *ir.In:
		return true
	}
	return false
}

// compound reports whether operation e has an operation among its arguments
// (not counting shared ones read as vectors; a recomputed one is computed
// by the loop, so it counts). BETWEEN and IN are two comparisons or more.
func (l *lowerer) compound(e ir.Expr) bool {
	switch e.(type) {
	case *ir.Between, *ir.In:
		return true
	}
	for _, a := range e.Children() {
		if s := l.plan.Lookup(a); s != nil && !l.recomputed[s.ID] {
			continue
		}
		switch a.(type) {
		case *ir.If, *ir.Case, *ir.Coalesce:
			return true
		}
		if operation(a) {
			return true
		}
	}
	return false
}

// hoists reports whether the CSE plan computes something at the start of a
// branch of conditional e.
func (l *lowerer) hoists(e ir.Expr, kind cse.RegionKind, index int) bool {
	r := l.plan.Region(e, kind, index)
	return r != nil && len(r.Hoists) > 0
}

// rowCond is the per-row program of conditional e (an IF, a CASE or a
// COALESCE; nil, with the reason, when it cannot be fused): its conditions,
// operand and results are fusible values (or, in the result positions of an
// IF or a CASE, fusible conditionals; a COALESCE's arguments are values), and
// the CSE plan hoists nothing inside it. locals are the shared subexpressions the loop
// computes itself (nil while deciding).
func (l *lowerer) rowCond(e ir.Expr, locals map[int]bool) (*Row, string) {
	switch e := e.(type) {
	case *ir.If:
		if l.hoists(e, cse.Then, 0) || l.hoists(e, cse.Else, 0) {
			return nil, "the CSE plan computes shared values at the start of a branch"
		}
		cond, why := l.value(e.Cond, locals)
		if cond == nil {
			return nil, why
		}
		then, why := l.result(e.Then, locals)
		if then == nil {
			return nil, why
		}
		els, why := l.result(e.Else, locals)
		if els == nil {
			return nil, why
		}
		row := &Row{Op: RowIf, Expr: e, Args: []*Row{cond, then, els}}
		if !hasValueResult(row) {
			return nil, "every result is NULL"
		}
		return row, "an IF whose condition and results cannot fail once their inputs are clean"
	case *ir.Case:
		row := &Row{Op: RowCase, Expr: e}
		if e.Operand != nil {
			if e.Eq == nil || e.Eq.Sig.KernelErr || e.Eq.Sig.Kernel == "" {
				return nil, "its operand's comparison can fail"
			}
			subject, why := l.value(e.Operand, locals)
			if subject == nil {
				return nil, why
			}
			row.Subject, row.Sig = subject, e.Eq.Sig
		}
		for k, w := range e.Whens {
			if l.hoists(e, cse.WhenThen, k) || l.hoists(e, cse.CaseRest, k+1) {
				return nil, "the CSE plan computes shared values at the start of a branch"
			}
			cond, why := l.value(w.Cond, locals)
			if cond == nil {
				return nil, why
			}
			then, why := l.result(w.Then, locals)
			if then == nil {
				return nil, why
			}
			row.Args = append(row.Args, cond, then)
		}
		els, why := l.result(e.Else, locals)
		if els == nil {
			return nil, why
		}
		row.Else = els
		if !hasValueResult(row) {
			return nil, "every result is NULL"
		}
		return row, "a CASE whose conditions and results cannot fail once their inputs are clean"
	case *ir.Coalesce:
		for k := 1; k < len(e.Args); k++ {
			if l.hoists(e, cse.CoalesceRest, k) {
				return nil, "the CSE plan computes shared values at the start of an argument"
			}
		}
		row, why := l.values(&Row{Op: RowCoalesce, Expr: e}, e.Args, locals)
		if row == nil {
			return nil, why
		}
		return row, "a COALESCE whose arguments cannot fail once their inputs are clean"
	}
	return nil, "not a conditional"
}

// result is value for a result position, which also takes a nested fusible
// conditional.
func (l *lowerer) result(e ir.Expr, locals map[int]bool) (*Row, string) {
	if l.lookup(e) == nil {
		switch e := e.(type) {
		case *ir.If, *ir.Case, *ir.Coalesce:
			return l.rowCond(e, locals)
		case *ir.Const:
			if e.V == nil && e.Err == nil && l.inTemp == 0 {
				// CASE WHEN y <> 0 THEN a DIV y END: the loop marks the row NULL
				return &Row{Op: RowNull, Expr: e}, ""
			}
		}
	}
	return l.value(e, locals)
}

// value is the per-row Go value of e (nil, with the reason, when e is not
// one): a value that is not NULL when its inputs are not (errors and missing
// map keys flag the row). A shared subexpression is read from its vector when
// computed already, or from the loop's local when the loop computes it.
func (l *lowerer) value(e ir.Expr, locals map[int]bool) (*Row, string) {
	s := l.lookup(e)
	if s == nil {
		return l.valueNode(e, locals)
	}
	if def, ok := l.available(s.ID); ok {
		if locals[s.ID] {
			row, _ := l.valueNode(s.Expr, locals)
			return &Row{Op: RowLocal, Expr: e, Shared: s, Local: row}, ""
		}
		return &Row{Op: RowVector, Expr: e, Shared: s, Def: def, MayFail: cse.MayFail(e)}, "" // computed already: a clean input like a column
	}
	if l.absorbed[s.ID] != nil || l.recomputed[s.ID] {
		row, why := l.valueNode(s.Expr, locals)
		if row == nil {
			return nil, why
		}
		if HasTemp(row) {
			return nil, fmt.Sprintf("computes shared #%d, a conditional, per row", s.ID)
		}
		if locals == nil || locals[s.ID] { // nil: deciding, before the loop's locals are known
			return &Row{Op: RowLocal, Expr: e, Shared: s, Local: row}, ""
		}
		return nil, fmt.Sprintf("reads shared #%d, computed by another fused root", s.ID)
	}
	if l.pending != nil && hoistedAt(l.pending, s) {
		return &Row{Op: RowVector, Expr: e, Shared: s, MayFail: cse.MayFail(e)}, "" // will be computed before the root
	}
	if s.Memo {
		// the loop computes a row of the memo where it reads it, if no
		// earlier use did
		row, why := l.valueNode(s.Expr, locals)
		if row == nil {
			return nil, why
		}
		if !NullAware(row) || !ExactErrors(row, true) || cse.MayFail(s.Expr) && !failsAs(s.Expr.Type()) {
			return nil, fmt.Sprintf("reads shared #%d (lazy), whose NULLs or errors the loop would not decide", s.ID)
		}
		return &Row{Op: RowMemo, Expr: e, Shared: s, Local: row}, ""
	}
	return nil, fmt.Sprintf("reads shared #%d (%s), not computed before it", s.ID, s.Decision)
}

// valueNode is value for e itself, shared or not.
func (l *lowerer) valueNode(e ir.Expr, locals map[int]bool) (*Row, string) {
	switch e := e.(type) {
	case *ir.Const:
		if e.Err != nil || e.V == nil {
			return nil, fmt.Sprintf("the constant %s is NULL or an error", ir.Format(e))
		}
		return &Row{Op: RowConst, Expr: e, Const: e}, ""
	case *ir.ColumnRef:
		if e.T.Kind == ir.KindMap {
			return nil, fmt.Sprintf("reads MAP column %s whole", e.Name)
		}
		return &Row{Op: RowColumn, Expr: e, Column: e}, ""
	case *ir.And:
		row, why := l.values(&Row{Op: RowAnd, Expr: e}, e.Args, locals)
		if row != nil {
			mergeRanges(row)
		}
		return row, why
	case *ir.Or:
		return l.values(&Row{Op: RowOr, Expr: e}, e.Args, locals)
	case *ir.Between:
		if !l.plainLeaf(e.Arg) {
			return nil, "BETWEEN over a computed value (it would compute it twice)"
		}
		if !comparison(e.Ge) || !comparison(e.Le) {
			return nil, "BETWEEN's comparisons can fail"
		}
		row, why := l.values(&Row{Op: RowBetween, Expr: e, Sigs: []*ir.Signature{e.Ge.Sig, e.Le.Sig}}, []ir.Expr{e.Arg, e.Lo, e.Hi}, locals)
		if row != nil {
			row = betweenRange(row)
		}
		return row, why
	case *ir.In:
		switch {
		case len(e.List) == 0:
			return nil, "an empty IN list"
		case !l.plainLeaf(e.Arg):
			return nil, "IN over a computed value (it would compute it once per item)"
		case !comparison(e.Eq):
			return nil, "IN's comparison can fail"
		}
		return l.values(&Row{Op: RowIn, Expr: e, Sigs: []*ir.Signature{e.Eq.Sig}}, append([]ir.Expr{e.Arg}, e.List...), locals)
	case *ir.Call:
		return l.callRow(e, locals)
	case *ir.IsNull:
		x, why := l.value(e.Arg, locals)
		if x == nil {
			return nil, why
		}
		if !StrictRow(x) || CanFlag(x, true) {
			return nil, "IS NULL over a value that can fail or is not NULL exactly where an input is"
		}
		return &Row{Op: RowIsNull, Expr: e, Args: []*Row{x}, Not: e.Not}, ""
	case *ir.If, *ir.Case, *ir.Coalesce:
		if !failsAs(e.Type()) {
			return nil, fmt.Sprintf("a conditional of type %s inside a value", e.Type())
		}
		l.inTemp++
		row, why := l.rowCond(e, locals)
		l.inTemp--
		if row == nil {
			return nil, why
		}
		row.Temp = true
		return row, ""
	}
	return nil, fmt.Sprintf("%s is not fused", describe(e))
}

func (l *lowerer) callRow(e *ir.Call, locals map[int]bool) (*Row, string) {
	switch {
	case notFused[e.Fn.Name]:
		if e.Fn.Name == "to_json" {
			return nil, "to_json reads a MAP value, which fused loops do not"
		}
		if e.Fn.Name == "map_build" || e.Fn.Name == "map_concat" || e.Fn.Name == "str_to_map" {
			return nil, e.Fn.Name + " builds a MAP, which fused loops do not"
		}
		return nil, fmt.Sprintf("%s skips NULL arguments, which fused loops do not", e.Fn.Name)
	case mapCalls[e.Fn.Name]:
		c, ok := e.Args[0].(*ir.ColumnRef)
		if !ok || c.T.Kind != ir.KindMap || l.lookup(c) != nil {
			return nil, fmt.Sprintf("%s over a computed map", e.Fn.Name)
		}
		return l.values(&Row{Op: RowMap, Expr: e, Column: c, Fn: e.Fn.Name}, e.Args[1:], locals)
	case IsRegex(e) && e.Fn.Name != "rlike" && constPattern(e):
		return nil, fmt.Sprintf("%s with a constant pattern runs by its compiled pattern, which fused loops do not", e.Fn.Name)
	case e.Fn.Name == "like" || e.Fn.Name == "rlike":
		pattern, esc, ok := ir.PatternLits(e)
		if !ok {
			return nil, fmt.Sprintf("%s with a pattern that is not a constant", e.Fn.Name)
		}
		if !compiles(e.Fn.Name, pattern, esc) {
			return nil, fmt.Sprintf("%s with an invalid pattern: every row with a value fails", e.Fn.Name)
		}
		row, why := l.values(&Row{Op: RowMatch, Expr: e, Fn: e.Fn.Name}, e.Args[:1], locals)
		if row != nil && e.Fn.Name == "like" {
			if m, err := rt.CompileLike(pattern, esc); err == nil {
				if shape, lit := m.Literal(); shape != "" {
					row.Op, row.Shape, row.Lit = RowLike, shape, lit
				}
			}
		}
		return row, why
	case e.Sig.Kernel == "":
		return nil, fmt.Sprintf("%s has no kernel", e.Fn.Name)
	case e.Sig.KernelErr && e.Sig.KernelPkg != "":
		// A kernel from a package other than templates/rt may observe its
		// calls (the CSE tests count them), and a flagged row is computed
		// again by the vector code.
		return nil, fmt.Sprintf("%s can fail and is not a templates/rt kernel", e.Fn.Name)
	case !failsAs(e.Sig.Ret):
		return nil, fmt.Sprintf("%s returns %s", e.Fn.Name, e.Sig.Ret)
	}
	sig := kernelSig(e)
	return l.values(&Row{Op: RowKernel, Expr: e, Sig: sig, Flags: sig.KernelErr}, e.Args, locals)
}

// values fills row's operands with the values of es.
func (l *lowerer) values(row *Row, es []ir.Expr, locals map[int]bool) (*Row, string) {
	for _, a := range es {
		v, why := l.value(a, locals)
		if v == nil {
			return nil, why
		}
		row.Args = append(row.Args, v)
	}
	return row, ""
}

// plainLeaf reports whether e reads as a plain Go value in a fused loop (a
// column, a constant or a shared subexpression), so that BETWEEN and IN may
// repeat it per comparison without repeating work.
func (l *lowerer) plainLeaf(e ir.Expr) bool {
	switch e.(type) {
	case *ir.ColumnRef, *ir.Const:
		return true
	}
	return l.lookup(e) != nil
}

// comparison reports whether a BETWEEN or IN comparison call has a kernel
// that cannot fail.
func comparison(c *ir.Call) bool { return c.Sig.Kernel != "" && !c.Sig.KernelErr }

// failsAs reports whether a kernel returning t can be flagged (vec.Failed
// has a method for t).
func failsAs(t ir.Type) bool { return kinds.Known(t) && kinds.Of(t).Failed != "" }

func describe(e ir.Expr) string {
	switch e.(type) {
	case *ir.Coalesce:
		return "COALESCE"
	case *ir.IsNull:
		return "IS NULL"
	case *ir.NullIf:
		return "NULLIF"
	case *ir.Try:
		return "TRY"
	case *ir.If:
		return "a nested IF in a condition"
	case *ir.Case:
		return "a nested CASE in a condition"
	}
	return ir.Format(e)
}

func hoistedAt(r *cse.Region, s *cse.Shared) bool {
	for _, h := range r.Hoists {
		if h == s {
			return true
		}
	}
	return false
}

// tryRow is the row program of TRY(e.Arg) at the root of an output column
// of fixed width (nil, with the reason, when it is not fused): a chain of
// operations the loop may compute on every row (EveryRow), so that the
// column is NULL where an input is (the AND of their validity) or where a
// kernel failed (its flag, marked without a branch). No row is left to the
// vector code. Vector code would compute the value with an error per
// failed row, then a second vector turning those into NULLs.
func (l *lowerer) tryRow(e *ir.Try, locals map[int]bool) (*Row, string) {
	if t := e.Type(); !kinds.Known(t) || !kinds.Of(t).Direct || !kinds.Of(t).Fixed {
		return nil, fmt.Sprintf("TRY of a %s", t)
	}
	if !operation(e.Arg) {
		return nil, "TRY of a value that cannot fail"
	}
	inner, why := l.value(e.Arg, locals)
	if inner == nil {
		return nil, why
	}
	if !EveryRow(inner) || HasTemp(inner) {
		return nil, "TRY of a value the loop may not compute on every row (a string built, a shared vector that may fail, a conditional)"
	}
	return &Row{Op: RowTry, Expr: e, Args: []*Row{inner}}, "TRY of a chain of operations: the loop computes every row, NULL where an input is or it fails"
}

// constPattern reports whether a LIKE or regular-expression call has a
// constant pattern (ir.PatternLits).
func constPattern(e *ir.Call) bool {
	_, _, ok := ir.PatternLits(e)
	return ok
}
