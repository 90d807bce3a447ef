package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Fused expressions.
//
// The vector code of an expression pays per operation: a vector per
// intermediate result, and for a CASE or IF a boolean vector per condition, a
// selection split per WHEN and a merge per result. A conditional, or a chain
// of operations at the root of an output column or of the WHERE clause, whose
// every call is a templates/rt kernel or a map lookup on a MAP input column,
// every constant a value and every shared subexpression it reads already
// computed or absorbed, is instead one Go loop over the rows of its
// selection: a switch per row for a conditional, one Go expression for a
// value. Such an expression is NULL only where an input is, so the loops need
// no NULL rules; a kernel error, a missing map key or a NULL map item sets the
// row's flag (vec.Failed) instead of being handled in the loop.
//
// Two such loops are emitted, and the vector code, which holds the NULL and
// error rules, stays as the general path:
//   - the clean loop runs on batches whose inputs have no NULLs and no errors.
//     A flagged row stops it, and the vector code computes every row. At the
//     root of an output column it writes the Arrow array itself.
//   - the rows loop runs on other batches (unless most rows have a NULL
//     input): a row whose inputs include a NULL or an error, or that the loop
//     flags, is left to the vector code, which computes just those rows;
//     their results are merged into the loop's.
//
// Evaluation stays lazy (a condition runs only on rows no earlier WHEN took,
// a result only on the rows of its branch, an AND operand only after the
// earlier ones were TRUE), so a loop evaluates no more than the vector code
// would, and a row it computes without a flag has the outcome the vector code
// would give it: the rules that let a NULL or a FALSE win over an error only
// matter on rows with a NULL input or an error, which the vector code
// computes. What a row left to the vector code had evaluated in the loop is
// pure (templates/rt kernels and lookups), so computing it again is not
// observable.
//
// A shared subexpression decided "always" whose every occurrence is inside one
// fused root is absorbed by it (see absorb): the loops compute it once per
// row into a local, before the rest, and no vector of it is built.

// fusion collects what the fused loops of one expression need: the run-time
// conditions under which they apply and the value slices they read.
type fusion struct {
	f *funcGen
	// conds must hold for either loop to run (constant patterns compiled);
	// clean selects the clean loop (no input has a NULL or an error), and
	// rowNulls are the per-row tests that leave a row to the vector code in
	// the rows loop.
	conds, clean, rowNulls []jen.Code
	// nullCounts are the NULL counts of the input arrays: the rows loop runs
	// only when they add up to at most half the batch, as it leaves a row
	// with a NULL to the vector code, which is faster on its own when most
	// rows would be left to it.
	nullCounts []jen.Code
	slices     []jen.Code
	seen       map[string]jen.Code // vector or array variable -> per-row value
	tested     map[string]bool     // arrays whose NULLs, and patterns whose errors, are tested
	names      map[string]bool     // locals of the loop's block
	subjects   map[ir.Expr]string  // CASE operand -> its per-row local
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
// fusible operation with another operation among its arguments (a chain of
// arithmetic, say, whose vector code would build a temporary per operation).
func (f *funcGen) fusibleRoot(e ir.Expr) bool {
	if s := f.plan.Lookup(e); s != nil && !f.recomputed[s.ID] {
		return false
	}
	switch e.(type) {
	case *ir.If, *ir.Case:
		return f.fusibleCond(e)
	}
	return operation(e) && compound(f.plan, e) && f.fusibleNode(e)
}

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
// (not counting shared ones, which are read as vectors): a single operation's
// vector code is one tight loop already, and fusing it would only add code.
// BETWEEN and IN are two comparisons or more.
func compound(p *cse.Plan, e ir.Expr) bool {
	switch e.(type) {
	case *ir.Between, *ir.In:
		return true
	}
	for _, a := range e.Children() {
		if operation(a) && p.Lookup(a) == nil {
			return true
		}
	}
	return false
}

// emitTop emits top-level expression e over sel: fused when fusibleRoot says
// so (conditionals take that path in emitIf and emitCase).
func (f *funcGen) emitTop(e ir.Expr, sel string) operand {
	if operation(e) && f.fusibleRoot(e) {
		return f.emitFused(e, sel, rootName(e), func(s string) operand { return f.emit(e, s) })
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

// fusibleValue reports whether e is a Go expression per row that is not NULL
// when its inputs are not (errors and missing map keys flag the row).
func (f *funcGen) fusibleValue(e ir.Expr) bool {
	if s := f.plan.Lookup(e); s != nil {
		if _, ok := f.available(s.ID); ok {
			return true // computed already: a clean input like a column
		}
		if f.absorbed[s.ID] != nil || f.recomputed[s.ID] {
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
			_, _, ok := patternLits(e)
			return ok && f.fusibleValue(e.Args[0])
		}
		// A kernel that can fail sets the row's flag. One from a package
		// other than templates/rt may observe its calls (the CSE tests count
		// them), and a flagged row is computed again by the vector code, so
		// those are never fused when they can fail.
		return e.Sig.Kernel != "" && (!e.Sig.KernelErr || e.Sig.KernelPkg == "") && failsAs(e.Sig.Ret) && f.allFusible(e.Args)
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

// failsAs reports whether a kernel returning t can be flagged (vec.Failed
// has a method for t).
func failsAs(t ir.Type) bool { return t.Kind != ir.KindMap && t.Kind != ir.KindNull }

func (f *funcGen) allFusible(es []ir.Expr) bool {
	for _, a := range es {
		if !f.fusibleValue(a) {
			return false
		}
	}
	return true
}
