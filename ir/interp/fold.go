package interp

import "github.com/exprc/exprc/ir"

// Fold evaluates every constant subexpression of e once, at compile time, and
// simplifies conditionals whose deciding conditions are constant. It never fails:
// a constant that errors becomes a Const carrying the error, which fails only on
// the rows that reach it (design rule 8), so `SELECT 1 DIV 0 FROM t` compiles
// and gives no rows on an empty table.
//
// Folding keeps the outcome of every row unchanged, errors included: it only
// drops subexpressions that could never be evaluated (an untaken branch) or whose
// outcome could never matter (TRUE in an AND).
func Fold(e ir.Expr) ir.Expr {
	kids := e.Children()
	if len(kids) > 0 {
		folded := make([]ir.Expr, len(kids))
		changed := false
		for i, k := range kids {
			folded[i] = Fold(k)
			changed = changed || folded[i] != k
		}
		if changed {
			e = ir.WithChildren(e, folded)
		}
	}
	if c, ok := e.(*ir.Const); ok {
		return c
	}
	if _, ok := e.(*ir.ColumnRef); ok {
		return e
	}
	if allConst(e.Children()) && !volatile(e) {
		o := EvalExpr(e, noRow{})
		return &ir.Const{T: e.Type(), V: o.V, Err: o.Err}
	}
	return simplify(e)
}

// noRow is the row a constant expression is evaluated against; a constant never
// reads a column.
type noRow struct{}

func (noRow) Column(int) any { panic("interp: constant expression read a column") }

func allConst(es []ir.Expr) bool {
	for _, e := range es {
		if _, ok := e.(*ir.Const); !ok {
			return false
		}
	}
	return true
}

// volatile reports expressions folding must leave alone: volatile functions,
// and subqueries and outer references, whose values come from other tables
// at run time.
func volatile(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Call:
		return e.Fn.Volatile || e.Fn.Clock // the clock is read when the query runs
	case *ir.Subquery, *ir.Param:
		return true
	}
	return false
}

func constOf(e ir.Expr) (*ir.Const, bool) {
	c, ok := e.(*ir.Const)
	return c, ok
}

// simplify applies the rewrites that hold for partly constant special forms.
func simplify(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.If:
		if c, ok := constOf(e.Cond); ok {
			if c.Err != nil {
				return &ir.Const{T: e.Type(), Err: c.Err}
			}
			if c.V == true {
				return e.Then
			}
			return e.Else
		}
	case *ir.Case:
		if e.Operand != nil {
			return e
		}
		var whens []ir.When
		for _, w := range e.Whens {
			c, ok := constOf(w.Cond)
			switch {
			case !ok:
				whens = append(whens, w)
				continue
			case c.Err != nil:
				// Reached only when every earlier WHEN was not TRUE: it ends the CASE
				// with an error, as an ELSE would with a value.
				return finishCase(e, whens, &ir.Const{T: e.T, Err: c.Err})
			case c.V == true:
				return finishCase(e, whens, w.Then)
			}
			// FALSE or NULL: never taken, drop it.
		}
		return finishCase(e, whens, e.Else)
	case *ir.In:
		if len(e.List) == 0 {
			return &ir.Const{T: ir.TypeBoolean, V: false} // x IN () is FALSE whatever x is
		}
	case *ir.Call:
		if e.Fn.Strict {
			for _, a := range e.Args {
				if c, ok := constOf(a); ok && c.V == nil && c.Err == nil {
					return &ir.Const{T: e.Type()} // NULL beats every other argument
				}
			}
		}
	case *ir.And:
		return simplifyLogic(e.Args, false)
	case *ir.Or:
		return simplifyLogic(e.Args, true)
	case *ir.Coalesce:
		var args []ir.Expr
		for _, a := range e.Args {
			if c, ok := constOf(a); ok {
				if c.V == nil && c.Err == nil {
					continue // a NULL constant is always skipped
				}
				args = append(args, a)
				break // a non-NULL constant ends the search
			}
			args = append(args, a)
		}
		switch len(args) {
		case 0:
			return &ir.Const{T: e.T}
		case 1:
			return args[0]
		}
		if len(args) != len(e.Args) {
			return &ir.Coalesce{Args: args, T: e.T}
		}
	}
	return e
}

func finishCase(e *ir.Case, whens []ir.When, els ir.Expr) ir.Expr {
	if len(whens) == 0 {
		return els
	}
	if len(whens) == len(e.Whens) && els == e.Else {
		return e
	}
	return &ir.Case{Whens: whens, Else: els, T: e.T}
}

// simplifyLogic folds constant operands of AND (dominant FALSE) or OR (dominant
// TRUE): a dominant constant decides the result whatever the other operands are,
// even errors; the neutral constant can be dropped. NULL and error constants stay,
// since they still matter when no operand is dominant.
func simplifyLogic(args []ir.Expr, dominant bool) ir.Expr {
	var keep []ir.Expr
	for _, a := range args {
		if c, ok := constOf(a); ok && c.Err == nil && c.V != nil {
			if c.V == dominant {
				return &ir.Const{T: ir.TypeBoolean, V: dominant}
			}
			continue
		}
		keep = append(keep, a)
	}
	switch {
	case len(keep) == 0:
		return &ir.Const{T: ir.TypeBoolean, V: !dominant}
	case len(keep) == 1:
		return keep[0]
	case len(keep) == len(args):
		if dominant {
			return &ir.Or{Args: args}
		}
		return &ir.And{Args: args}
	}
	if dominant {
		return &ir.Or{Args: keep}
	}
	return &ir.And{Args: keep}
}
