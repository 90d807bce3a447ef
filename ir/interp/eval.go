// Package interp is the reference interpreter: it evaluates bound IR one row at a
// time, exactly by the rules of docs/semantics.md. It is the oracle that generated
// evaluators must agree with, the engine behind `exprc run --engine interp`, and
// the evaluator constant folding uses. It favours clarity over speed.
package interp

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Row gives the interpreter the values of the current input row.
type Row interface {
	// Column returns the value of input column i (nil for NULL).
	Column(i int) any
}

var (
	outTrue  = ir.Outcome{V: true}
	outFalse = ir.Outcome{V: false}
	outNull  = ir.Outcome{}
)

func boolOutcome(b bool) ir.Outcome {
	if b {
		return outTrue
	}
	return outFalse
}

// EvalExpr evaluates e on one row, exactly as written: a subexpression written
// twice is evaluated twice. The clock functions read the zero clock
// (1970-01-01 00:00:00 UTC); EvalExprAt gives them one.
func EvalExpr(e ir.Expr, row Row) ir.Outcome { return (&evaluator{}).eval(e, row) }

// EvalExprAt is EvalExpr with the evaluation's clock c (docs/semantics.md
// 10.8), which current_timestamp() and the other clock functions read.
func EvalExprAt(e ir.Expr, row Row, c rt.Clock) ir.Outcome {
	return (&evaluator{clock: c}).eval(e, row)
}

// Sharing tells the interpreter which nodes are occurrences of the same shared
// subexpression (cse.Plan implements it), so each is evaluated at most once per
// row: the first occurrence reached computes it, the others reuse the outcome.
type Sharing interface {
	// SharedID returns the shared subexpression e is an occurrence of, or -1.
	SharedID(e ir.Expr) int
	// NumShared is the number of shared subexpressions.
	NumShared() int
}

// evaluator evaluates expressions row by row, remembering the outcomes of shared
// subexpressions for the current row when it has a Sharing.
type evaluator struct {
	inner *Inner   // the subqueries' inner phases (nil: the query has none)
	clock rt.Clock // the evaluation's clock (docs/semantics.md 10.8)
	share Sharing
	memo  []ir.Outcome
	have  []bool
}

func newEvaluator(share Sharing) *evaluator {
	ev := &evaluator{share: share}
	if share != nil {
		ev.memo = make([]ir.Outcome, share.NumShared())
		ev.have = make([]bool, share.NumShared())
	}
	return ev
}

// nextRow forgets the previous row's shared outcomes.
func (ev *evaluator) nextRow() {
	clear(ev.have)
}

func (ev *evaluator) eval(e ir.Expr, row Row) ir.Outcome {
	if ev.share == nil {
		return ev.evalNode(e, row)
	}
	id := ev.share.SharedID(e)
	if id < 0 {
		return ev.evalNode(e, row)
	}
	if ev.have[id] {
		return ev.memo[id]
	}
	o := ev.evalNode(e, row)
	ev.memo[id], ev.have[id] = o, true
	return o
}

func (ev *evaluator) evalNode(e ir.Expr, row Row) ir.Outcome {
	switch e := e.(type) {
	case *ir.Const:
		return ir.Outcome{V: e.V, Err: e.Err}
	case *ir.ColumnRef:
		return ir.Outcome{V: row.Column(e.Index)}
	case *ir.Call:
		if e.Sig.KernelClock {
			// a function of the evaluation's clock: no argument of its own
			v, err := e.Sig.Eval([]any{ev.clock})
			return ir.Outcome{V: v, Err: err}
		}
		args := make([]ir.Outcome, len(e.Args))
		for i, a := range e.Args {
			args[i] = ev.eval(a, row)
		}
		return Apply(e.Fn, e.Sig, args)
	case *ir.And:
		return ev.evalAnd(e.Args, row)
	case *ir.Or:
		return ev.evalOr(e.Args, row)
	case *ir.If:
		c := ev.eval(e.Cond, row)
		if c.Err != nil {
			return c
		}
		if c.V == true {
			return ev.eval(e.Then, row)
		}
		return ev.eval(e.Else, row)
	case *ir.Case:
		return ev.evalCase(e, row)
	case *ir.Coalesce:
		for _, a := range e.Args {
			if o := ev.eval(a, row); !o.IsNull() {
				return o
			}
		}
		return outNull
	case *ir.IsNull:
		o := ev.eval(e.Arg, row)
		if o.Err != nil {
			return o
		}
		return boolOutcome((o.V == nil) != e.Not)
	case *ir.In:
		if len(e.List) == 0 {
			return outFalse
		}
		x := ev.eval(e.Arg, row)
		cmps := make([]ir.Outcome, len(e.List))
		for i, item := range e.List {
			cmps[i] = Apply(e.Eq.Fn, e.Eq.Sig, []ir.Outcome{x, ev.eval(item, row)})
		}
		return combineOr(cmps)
	case *ir.Between:
		x := ev.eval(e.Arg, row)
		ge := Apply(e.Ge.Fn, e.Ge.Sig, []ir.Outcome{x, ev.eval(e.Lo, row)})
		le := Apply(e.Le.Fn, e.Le.Sig, []ir.Outcome{x, ev.eval(e.Hi, row)})
		return combineAnd([]ir.Outcome{ge, le})
	case *ir.NullIf:
		a := ev.eval(e.A, row)
		eq := Apply(e.Eq.Fn, e.Eq.Sig, []ir.Outcome{a, ev.eval(e.B, row)})
		if eq.Err != nil {
			return eq
		}
		if eq.V == true {
			return outNull
		}
		return a
	case *ir.Try:
		o := ev.eval(e.Arg, row)
		if o.Err != nil {
			return outNull
		}
		return o
	case *ir.Param:
		return row.(paramRow).Param(e.Slot)
	case *ir.Subquery:
		return ev.subquery(e, row)
	}
	panic("interp: unknown expression node")
}

// Apply calls a function on its arguments' outcomes. For a strict function a NULL
// argument wins over any error, then the leftmost error wins, and only then does
// the kernel run (design rule 1).
func Apply(fn *ir.Function, sig *ir.Signature, args []ir.Outcome) ir.Outcome {
	if !fn.Strict {
		return sig.EvalOutcomes(args)
	}
	var firstErr *ir.EvalError
	for _, a := range args {
		if a.IsNull() {
			return outNull
		}
		if a.Err != nil && firstErr == nil {
			firstErr = a.Err
		}
	}
	if firstErr != nil {
		return ir.Outcome{Err: firstErr}
	}
	vals := make([]any, len(args))
	for i, a := range args {
		vals[i] = a.V
	}
	v, err := sig.Eval(vals)
	return ir.Outcome{V: v, Err: err}
}

func (ev *evaluator) evalAnd(args []ir.Expr, row Row) ir.Outcome {
	outs := make([]ir.Outcome, len(args))
	for i, a := range args {
		outs[i] = ev.eval(a, row)
	}
	return combineAnd(outs)
}

func (ev *evaluator) evalOr(args []ir.Expr, row Row) ir.Outcome {
	outs := make([]ir.Outcome, len(args))
	for i, a := range args {
		outs[i] = ev.eval(a, row)
	}
	return combineOr(outs)
}

// combineAnd: FALSE if any operand is FALSE, else the leftmost error, else NULL if
// any is NULL, else TRUE.
func combineAnd(outs []ir.Outcome) ir.Outcome {
	return combineLogic(outs, false)
}

// combineOr is the dual: TRUE, else leftmost error, else NULL, else FALSE.
func combineOr(outs []ir.Outcome) ir.Outcome {
	return combineLogic(outs, true)
}

func combineLogic(outs []ir.Outcome, dominant bool) ir.Outcome {
	var firstErr *ir.EvalError
	sawNull := false
	for _, o := range outs {
		switch {
		case o.Err != nil:
			if firstErr == nil {
				firstErr = o.Err
			}
		case o.V == nil:
			sawNull = true
		case o.V == dominant:
			return boolOutcome(dominant)
		}
	}
	switch {
	case firstErr != nil:
		return ir.Outcome{Err: firstErr}
	case sawNull:
		return outNull
	}
	return boolOutcome(!dominant)
}

func (ev *evaluator) evalCase(e *ir.Case, row Row) ir.Outcome {
	var operand ir.Outcome
	if e.Operand != nil {
		operand = ev.eval(e.Operand, row)
	}
	for _, w := range e.Whens {
		var c ir.Outcome
		if e.Operand != nil {
			c = Apply(e.Eq.Fn, e.Eq.Sig, []ir.Outcome{operand, ev.eval(w.Cond, row)})
		} else {
			c = ev.eval(w.Cond, row)
		}
		if c.Err != nil {
			return c
		}
		if c.V == true {
			return ev.eval(w.Then, row)
		}
	}
	return ev.eval(e.Else, row)
}
