package compiler

import (
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
)

// Subqueries bind in a scope of their own whose parent is the enclosing query
// (or subquery). A name resolves in the innermost scope that has it; a name
// found in an enclosing scope becomes an ir.Param of the subquery, whose value
// is an argument the enclosing scope computes per row (subCtx.args). Nesting
// chains this: a reference two levels out is a Param of the middle subquery,
// passed on as an argument of the inner one.

// subCtx collects what one subquery reads from its enclosing scope.
type subCtx struct {
	args []ir.Expr // in the parent scope; Param.Slot indexes it
	// aggs is set while binding the SELECT item: aggregate calls become
	// aggregate subqueries over the same table and WHERE (see bindAggregate).
	aggs    *aggCtx
	inAgg   bool     // binding an aggregate's argument: no nested aggregate
	pos     diag.Pos // the subquery's SELECT, for messages
	table   *ir.Table
	where   ir.Expr
	itemPos diag.Pos
}

// aggCtx gathers the aggregates of one subquery SELECT item.
type aggCtx struct {
	found []*ir.Subquery
}

// param returns the Param of sc's subquery that reads outer (an expression of
// the parent scope), adding it to the arguments once.
func (s *subCtx) param(outer ir.Expr, name string) *ir.Param {
	for i, a := range s.args {
		if ir.Equal(a, outer) {
			return &ir.Param{Slot: i, Name: name, T: outer.Type(), Nullable: ir.MayBeNull(outer)}
		}
	}
	s.args = append(s.args, outer)
	return &ir.Param{Slot: len(s.args) - 1, Name: name, T: outer.Type(), Nullable: ir.MayBeNull(outer)}
}

// findColumn looks a column up in sc's table only: the exact spelling first,
// then case-insensitively.
func findColumn(t *ir.Table, name string) int {
	idx := -1
	for i, c := range t.Columns {
		if c.Name == name {
			idx = i
		}
	}
	if idx < 0 {
		for i, c := range t.Columns {
			if strings.EqualFold(c.Name, name) {
				idx = i
			}
		}
	}
	return idx
}

// resolveColumn finds a column reference in sc or an enclosing scope, or
// returns nil when no scope has it.
func (b *binder) resolveColumn(e *ast.ColumnRef, sc *scope) ir.Expr {
	if e.Table == nil || sc.visibleAs(e.Table.Name) {
		if idx := findColumn(sc.table, e.Column.Name); idx >= 0 {
			c := sc.table.Columns[idx]
			return &ir.ColumnRef{Index: idx, Name: c.Name, T: c.Type, Nullable: c.Nullable}
		}
		if e.Table != nil && sc.parent == nil {
			return nil
		}
	}
	if sc.parent == nil {
		return nil
	}
	outer := b.resolveColumn(e, sc.parent)
	if outer == nil {
		return nil
	}
	return sc.sub.param(outer, e.Column.Name)
}

// knownTable reports whether name is visible as a table in sc or an enclosing
// scope.
func (sc *scope) knownTable(name string) bool {
	for s := sc; s != nil; s = s.parent {
		if s.visibleAs(name) {
			return true
		}
	}
	return false
}

// subScope opens the scope of a subquery's FROM table under sc.
func (b *binder) subScope(sel *ast.Select, sc *scope) (*scope, bool) {
	if sel.From == nil {
		b.errs.Add(sel.Pos, diag.Syntax, "subquery has no FROM clause")
		return nil, false
	}
	tkey := strings.ToLower(sel.From.Name.Name)
	t := b.tableByName[tkey]
	if t == nil {
		if _, declared := b.tablePos[tkey]; !declared {
			b.errs.Add(sel.From.Name.Pos, diag.Name, "unknown table %s%s", sel.From.Name.Name,
				didYouMean(sel.From.Name.Name, b.tableNames))
		}
		return nil, false
	}
	inner := &scope{table: t, names: []string{fromName(sel.From)}, parent: sc, sub: &subCtx{pos: sel.Pos, table: t}}
	return inner, true
}

// subquery is a bound subquery body before it is given a form.
type subquery struct {
	sc    *scope
	where ir.Expr
	// value is the SELECT item bound in the subquery's scope when it has no
	// aggregate; lifted is the item moved to the parent scope when it has
	// aggregates (each one an aggregate subquery), nil otherwise.
	value  ir.Expr
	lifted ir.Expr
}

// bindSubquery binds the FROM, WHERE and SELECT item of a subquery under sc.
// needValue is false for EXISTS, whose SELECT item is bound only to report
// mistakes in it.
func (b *binder) bindSubquery(sel *ast.Select, sc *scope, what string) (*subquery, bool) {
	inner, ok := b.subScope(sel, sc)
	if !ok {
		return nil, false
	}
	out := &subquery{sc: inner}
	if sel.Where != nil {
		w, wok := b.bindExpr(sel.Where, inner)
		if wok {
			w, wok = b.coerce(w, ir.TypeBoolean, sel.Where.Position(), "WHERE clause of a subquery")
		}
		if !wok {
			return nil, false
		}
		out.where = w
	}
	inner.sub.where = out.where
	item := sel.Items[0]
	if star, isStar := item.Expr.(*ast.Star); isStar {
		if what == "EXISTS" {
			return out, true
		}
		if len(inner.table.Columns) != 1 {
			b.errs.Add(star.Pos, diag.Syntax, "%s must select exactly one column, but * selects the %d columns of %s",
				what, len(inner.table.Columns), inner.table.Name)
			return nil, false
		}
		c := inner.table.Columns[0]
		out.value = &ir.ColumnRef{Index: 0, Name: c.Name, T: c.Type, Nullable: c.Nullable}
		return out, true
	}
	inner.sub.aggs = &aggCtx{}
	inner.sub.itemPos = item.Pos
	v, vok := b.bindExpr(item.Expr, inner)
	aggs := inner.sub.aggs
	inner.sub.aggs = nil
	if !vok {
		return nil, false
	}
	if len(aggs.found) == 0 {
		if what != "EXISTS" && ir.HasParam(v) {
			b.errs.Add(item.Pos, diag.Unsupported, "the SELECT expression of a %s reads a column of the outer query: "+
				"outer references are supported in a subquery's WHERE; compute the outer part outside the subquery", what)
			return nil, false
		}
		out.value = v
		return out, true
	}
	// An aggregate over every row the WHERE keeps gives exactly one row, so the
	// item is an expression of the enclosing scope over aggregate subqueries.
	for _, a := range aggs.found {
		a.Args = inner.sub.args
	}
	lifted, lok := b.lift(v, inner.sub.args, aggs.found, item)
	if !lok {
		return nil, false
	}
	out.lifted = lifted
	return out, true
}

// lift moves an expression of a subquery's scope to the parent scope: Params
// become the arguments they read. A column of the subquery's table outside an
// aggregate has no single value, which is an error.
func (b *binder) lift(e ir.Expr, args []ir.Expr, aggs []*ir.Subquery, item *ast.SelectItem) (ir.Expr, bool) {
	switch e := e.(type) {
	case *ir.Param:
		return args[e.Slot], true
	case *ir.ColumnRef:
		b.errs.Add(item.Pos, diag.Unsupported, "column %s is outside an aggregate in a subquery whose SELECT has one: "+
			"with no GROUP BY it has no single value", e.Name)
		return nil, false
	case *ir.Subquery:
		for _, a := range aggs {
			if a == e {
				return e, true // an aggregate of this subquery: its Args are already the parent's
			}
		}
	}
	kids := e.Children()
	if len(kids) == 0 {
		return e, true
	}
	out := make([]ir.Expr, len(kids))
	for i, k := range kids {
		l, ok := b.lift(k, args, aggs, item)
		if !ok {
			return nil, false
		}
		out[i] = l
	}
	return ir.WithChildren(e, out), true
}

// bindAggregate binds an aggregate call inside a subquery's SELECT item as an
// aggregate subquery over the subquery's table and WHERE.
func (b *binder) bindAggregate(e *ast.Call, name string, sc *scope) (ir.Expr, bool) {
	sub := sc.sub
	if sub == nil || sub.aggs == nil {
		b.errs.Add(e.Name.Pos, diag.Unsupported, "aggregate function %s is not supported here: exprc compiles per-row expressions; "+
			"an aggregate may appear only in the SELECT item of a subquery", e.Name.Name)
		return nil, false
	}
	if sub.inAgg {
		b.errs.Add(e.Name.Pos, diag.Unsupported, "aggregate function %s inside another aggregate's argument", e.Name.Name)
		return nil, false
	}
	agg := map[string]ir.Aggregate{"count": ir.AggCount, "sum": ir.AggSum, "avg": ir.AggAvg, "min": ir.AggMin, "max": ir.AggMax}[name]
	if agg == ir.AggNone {
		b.errs.Add(e.Name.Pos, diag.Unsupported, "aggregate function %s is not supported: subqueries support count, sum, avg, min and max", e.Name.Name)
		return nil, false
	}
	node := &ir.Subquery{Kind: ir.SubScalar, Agg: agg, Table: sub.table, Where: sub.where, T: ir.TypeBigint}
	if e.Star {
		if agg != ir.AggCount {
			b.errs.Add(e.Name.Pos, diag.Syntax, "%s(*) is not a valid call (only count(*))", e.Name.Name)
			return nil, false
		}
		node.Agg = ir.AggCountStar
		node.SQL = "count(*)"
		sub.aggs.found = append(sub.aggs.found, node)
		return node, true
	}
	if len(e.Args) != 1 {
		b.errs.Add(e.Name.Pos, diag.Type, "wrong number of arguments for %s: got %d, want 1", name, len(e.Args))
		return nil, false
	}
	sub.inAgg = true
	nargs := len(sub.args)
	x, ok := b.bindExpr(e.Args[0], sc)
	sub.inAgg = false
	if !ok {
		return nil, false
	}
	if ir.HasParam(x) || len(sub.args) != nargs {
		b.errs.Add(e.Args[0].Position(), diag.Unsupported, "the argument of %s reads a column of the outer query: "+
			"an aggregate in a subquery aggregates the subquery's own rows", e.Name.Name)
		return nil, false
	}
	t := x.Type()
	if t.Kind == ir.KindNull {
		x, ok = b.retype(x, ir.TypeBigint, e.Args[0].Position())
		if !ok {
			return nil, false
		}
		t = ir.TypeBigint
	}
	switch agg {
	case ir.AggCount:
		node.T = ir.TypeBigint
		if t.Kind == ir.KindMap {
			// Only whether each MAP is NULL counts: keep just that.
			x = &ir.If{Cond: &ir.IsNull{Arg: x}, Then: &ir.Const{T: ir.TypeBoolean}, Else: &ir.Const{T: ir.TypeBoolean, V: true}}
		}
		if w, narrow := t.SubqueryWide(); narrow {
			// The subquery engines keep INT and DOUBLE values (the
			// generated structures have no TINYINT, SMALLINT or FLOAT
			// kind); the exact widening keeps every NULL where it was.
			if x, ok = b.cast(x, w, e.Args[0].Position()); !ok {
				return nil, false
			}
		}
	case ir.AggSum, ir.AggAvg:
		switch {
		case t.Kind == ir.KindDecimal:
			// Spark's Sum and Average: the value keeps its type, the sum is
			// exact (semantics.md 3.12).
			node.T = ir.DecimalAvgOf(t)
			if agg == ir.AggSum {
				node.T = ir.DecimalSumOf(t)
			}
		case agg == ir.AggAvg || t.IsFloating():
			// Spark: the sum of FLOATs is a DOUBLE, as every avg is.
			node.T = ir.TypeDouble
		case t.IsIntegral():
			node.T = ir.TypeBigint
		}
		if !t.IsNumeric() {
			b.errs.Add(e.Args[0].Position(), diag.Type, "%s needs a numeric argument (TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE or DECIMAL), not %s", name, t)
			return nil, false
		}
		if !t.Equal(node.T) && t.Kind != ir.KindDecimal {
			x, ok = b.cast(x, node.T, e.Args[0].Position())
			if !ok {
				return nil, false
			}
		}
	case ir.AggMin, ir.AggMax:
		if t.Kind == ir.KindMap {
			b.errs.Add(e.Args[0].Position(), diag.Type, "%s cannot order MAP values", name)
			return nil, false
		}
		node.T = t
		if w, ok := t.SubqueryWide(); ok {
			// The subquery engines keep INT and DOUBLE values; min and max
			// of the wider values, cast back, are those of the narrow ones.
			if x, ok = b.cast(x, w, e.Args[0].Position()); !ok {
				return nil, false
			}
			node.T = w
			node.Value = x
			node.SQL = ast.Format(e)
			sub.aggs.found = append(sub.aggs.found, node)
			return b.cast(node, t, e.Args[0].Position())
		}
	}
	node.Value = x
	node.SQL = ast.Format(e)
	sub.aggs.found = append(sub.aggs.found, node)
	return node, true
}

// bindScalarSubquery binds "(SELECT ...)".
func (b *binder) bindScalarSubquery(e *ast.Subquery, sc *scope) (ir.Expr, bool) {
	s, ok := b.bindSubquery(e.Sub, sc, "scalar subquery")
	if !ok {
		return nil, false
	}
	sql := ast.Format(e)
	if s.lifted != nil {
		setAggSQL(s.lifted, e.Sub)
		return s.lifted, true
	}
	t := s.value.Type()
	if t.Kind == ir.KindMap {
		b.errs.Add(e.Sub.Items[0].Pos, diag.Unsupported, "a scalar subquery cannot return MAP values (select a value from the map, such as m['key'])")
		return nil, false
	}
	if t.Kind == ir.KindNull {
		v, ok := b.retype(s.value, ir.TypeVarchar, e.Pos)
		if !ok {
			return nil, false
		}
		s.value, t = v, ir.TypeVarchar
	}
	if w, ok := t.SubqueryWide(); ok {
		v, ok := b.cast(s.value, w, e.Pos)
		if !ok {
			return nil, false
		}
		q := &ir.Subquery{Kind: ir.SubScalar, Table: s.sc.table, Where: s.where, Value: v,
			Args: s.sc.sub.args, T: w, SQL: sql}
		return b.cast(q, t, e.Pos)
	}
	return &ir.Subquery{Kind: ir.SubScalar, Table: s.sc.table, Where: s.where, Value: s.value,
		Args: s.sc.sub.args, T: t, SQL: sql}, true
}

// setAggSQL gives each aggregate subquery of a lifted item the text of a
// subquery that computes just it.
func setAggSQL(e ir.Expr, sel *ast.Select) {
	if s, ok := e.(*ir.Subquery); ok && s.Agg != ir.AggNone && !strings.HasPrefix(s.SQL, "(") {
		where := ""
		if sel.Where != nil {
			where = " WHERE " + ast.Format(sel.Where)
		}
		from := sel.From.Name.String()
		if sel.From.Alias != nil {
			from += " " + sel.From.Alias.String()
		}
		s.SQL = "(SELECT " + s.SQL + " FROM " + from + where + ")"
		return
	}
	for _, k := range e.Children() {
		setAggSQL(k, sel)
	}
}

// bindExists binds "[NOT] EXISTS (SELECT ...)".
func (b *binder) bindExists(e *ast.Exists, sc *scope) (ir.Expr, bool) {
	s, ok := b.bindSubquery(e.Sub, sc, "EXISTS")
	if !ok {
		return nil, false
	}
	var res ir.Expr
	if s.lifted != nil {
		// An aggregate subquery always has one row: EXISTS is TRUE on every
		// row that does not fail, which count(*) >= 0 says with the
		// subquery's errors kept.
		cnt := &ir.Subquery{Kind: ir.SubScalar, Agg: ir.AggCountStar, Table: s.sc.table, Where: s.where,
			Args: s.sc.sub.args, T: ir.TypeBigint, SQL: ast.Format(&ast.Subquery{Pos: e.Pos, Sub: e.Sub})}
		r, ok := b.call("ge", ">=", []ir.Expr{cnt, &ir.Const{T: ir.TypeBigint, V: int64(0)}}, e.Pos)
		if !ok {
			return nil, false
		}
		res = r
	} else {
		sql := ast.Format(&ast.Exists{Pos: e.Pos, Sub: e.Sub})
		res = &ir.Subquery{Kind: ir.SubExists, Table: s.sc.table, Where: s.where, Args: s.sc.sub.args, T: ir.TypeBoolean, SQL: sql}
	}
	if e.Not {
		return b.call("not", "NOT", []ir.Expr{res}, e.Pos)
	}
	return res, true
}

// negated maps a comparison to the one true exactly when it is false (both
// NULL on NULL operands), for "op ALL" = NOT (negated op ANY).
var negated = map[string]string{"=": "<>", "<>": "=", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}

var cmpFuncs = map[string]string{"=": "eq", "<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

// bindQuantified binds "x [NOT] IN (SELECT ...)" and "x op ANY|SOME|ALL
// (SELECT ...)" as an ANY subquery, negated for NOT IN and ALL.
func (b *binder) bindQuantified(x ast.Expr, op string, all, not bool, sel *ast.Select, opPos diag.Pos, sql string, sc *scope) (ir.Expr, bool) {
	what := "IN subquery"
	if op != "=" || all {
		what = "ANY/ALL subquery"
	}
	probe, ok := b.bindExpr(x, sc)
	if !ok {
		return nil, false
	}
	s, ok := b.bindSubquery(sel, sc, what)
	if !ok {
		return nil, false
	}
	anyOp := op
	if all {
		anyOp = negated[op]
	}
	var res ir.Expr
	if s.lifted != nil {
		// One row: x op ANY (one value v) is x op v.
		setAggSQL(s.lifted, sel)
		xs, ok := b.unifyCompared([]ir.Expr{probe, s.lifted}, opPos, what+" operands")
		if !ok {
			return nil, false
		}
		r, ok := b.call(cmpFuncs[anyOp], anyOp, xs, opPos)
		if !ok {
			return nil, false
		}
		res = r
	} else {
		if s.value.Type().Kind == ir.KindMap || probe.Type().Kind == ir.KindMap {
			b.errs.Add(opPos, diag.Type, "MAP values cannot be compared, so they cannot be tested with %s", what)
			return nil, false
		}
		xs, ok := b.unifyCompared([]ir.Expr{probe, s.value}, opPos, what+" operands")
		if !ok {
			return nil, false
		}
		if w, narrow := xs[0].Type().SubqueryWide(); narrow {
			// Members kept as INT or DOUBLE, as the comparison takes them.
			for i := range xs {
				if xs[i], ok = b.cast(xs[i], w, opPos); !ok {
					return nil, false
				}
			}
		}
		cmp, ok := b.comparison(cmpFuncs[anyOp], anyOp, xs[0].Type(), opPos)
		if !ok {
			return nil, false
		}
		// The probe is Args[0]: the subquery's own outer references move up
		// one slot.
		args := append([]ir.Expr{xs[0]}, s.sc.sub.args...)
		res = &ir.Subquery{Kind: ir.SubAny, Cmp: cmp, Table: s.sc.table, Where: shiftParams(s.where, 1),
			Value: xs[1], Args: args, T: ir.TypeBoolean, SQL: sql}
	}
	if all != not { // NOT IN, op ALL: negate; NOT (op ALL) would negate twice
		return b.call("not", "NOT", []ir.Expr{res}, opPos)
	}
	return res, true
}

// shiftParams renumbers the Params of e (not those of nested subqueries,
// which read their own arguments) by adding by.
func shiftParams(e ir.Expr, by int) ir.Expr {
	if e == nil {
		return nil
	}
	return ir.MapParams(e, func(p *ir.Param) ir.Expr {
		q := *p
		q.Slot += by
		return &q
	})
}
