// Package settle decides how each subquery of a bound query runs, the step
// the seed calls "subquery settling": it splits a subquery's WHERE into the
// conjuncts that read only the inner table (evaluated once per inner row),
// the correlations "inner = outer" (a keyed table) and "inner < outer" (a
// sorted array), and the rest (a per-row loop); it merges structurally
// identical subqueries into one ir.Settled, whatever outer values they are
// probed with; and it records the forms in ir.Query.Subqueries, nested ones
// first. After Query, no subquery is left unsettled (Check proves it).
package settle

import (
	"fmt"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/ir/interp"
)

// Query settles every subquery of q in place.
func Query(q *ir.Query) {
	s := &settler{q: q}
	if q.Filter != nil {
		q.Filter = s.expr(q.Filter)
	}
	for i := range q.Outputs {
		q.Outputs[i].Expr = s.expr(q.Outputs[i].Expr)
	}
	q.Subqueries = prune(q, s.list)
}

// prune keeps the settled subqueries something still reads, renumbered:
// folding a subquery's WHERE clause or value ("FALSE AND x IN (SELECT
// ...)") can drop a nested subquery settled before it.
func prune(q *ir.Query, list []*ir.Settled) []*ir.Settled {
	used := map[*ir.Settled]bool{}
	var walk func(e ir.Expr)
	walk = func(e ir.Expr) {
		if e == nil {
			return
		}
		if sq, ok := e.(*ir.Subquery); ok && sq.Settled != nil && !used[sq.Settled] {
			used[sq.Settled] = true
			for _, e := range sq.Settled.Exprs() {
				walk(e)
			}
		}
		for _, k := range e.Children() {
			walk(k)
		}
	}
	walk(q.Filter)
	for _, o := range q.Outputs {
		walk(o.Expr)
	}
	var out []*ir.Settled
	for _, st := range list {
		if used[st] {
			st.ID = len(out) + 1
			out = append(out, st)
		}
	}
	return out
}

type settler struct {
	q    *ir.Query
	list []*ir.Settled
}

// expr settles the subqueries of e, innermost first.
func (s *settler) expr(e ir.Expr) ir.Expr {
	kids := e.Children()
	if len(kids) > 0 {
		out := make([]ir.Expr, len(kids))
		changed := false
		for i, k := range kids {
			out[i] = s.expr(k)
			changed = changed || out[i] != k
		}
		if changed {
			e = ir.WithChildren(e, out)
		}
	}
	sq, ok := e.(*ir.Subquery)
	if !ok || sq.Settled != nil {
		return e
	}
	return s.subquery(sq)
}

// subquery settles one subquery whose arguments are already settled.
func (s *settler) subquery(sq *ir.Subquery) ir.Expr {
	st := &ir.Settled{Kind: sq.Kind, Agg: sq.Agg, Cmp: sq.Cmp, Table: sq.Table, T: sq.T, SQL: sq.SQL}
	if sq.Value != nil {
		st.Value = interp.Fold(s.expr(sq.Value))
	}
	var where []ir.Expr
	if sq.Where != nil {
		where = conjuncts(interp.Fold(s.expr(sq.Where)))
	}
	// New arguments: the probe, then the outer sides of keys and range, then
	// the outer values the rest reads.
	var args []ir.Expr
	if sq.Kind == ir.SubAny {
		args = append(args, sq.Args[0])
	}
	var inner, rest []ir.Expr
	var keys, ranges []*correlation
	for _, c := range where {
		if !ir.HasParam(c) {
			inner = append(inner, c)
			continue
		}
		k, ok := splitCorrelation(c)
		switch {
		case !ok:
			rest = append(rest, c)
		case k.key.Op == "=":
			keys = append(keys, k)
		default:
			ranges = append(ranges, k)
		}
	}
	if len(ranges) > 1 {
		// One range can be searched; with several, all are tested per row
		// (kept in WHERE order, which decides the leftmost error).
		rest = nil
		for _, c := range where {
			if ir.HasParam(c) {
				if k, ok := splitCorrelation(c); !ok || k.key.Op != "=" {
					rest = append(rest, c)
				}
			}
		}
		ranges = nil
	}
	for _, k := range keys {
		k.key.Arg = len(args)
		st.Keys = append(st.Keys, k.key)
		args = append(args, liftParams(k.outer, sq.Args))
	}
	for _, k := range ranges {
		k.key.Arg = len(args)
		r := k.key
		st.Range = &r
		args = append(args, liftParams(k.outer, sq.Args))
	}
	if len(inner) > 0 {
		st.Inner = and(inner)
	}
	if len(rest) > 0 {
		r := and(rest)
		// Re-slot the Params the rest reads into the new argument list.
		slots := map[int]int{}
		st.Rest = reslot(r, sq.Args, &args, slots)
	}
	st.Form, st.Why = choose(st)
	st = s.merge(st)
	out := &ir.Subquery{Kind: sq.Kind, Agg: sq.Agg, Cmp: sq.Cmp, Table: sq.Table, Value: st.Value,
		Args: args, T: sq.T, SQL: sq.SQL, Settled: st}
	return out
}

// merge returns the settled subquery structurally identical to st if there
// is one (counting the use), else adds st.
func (s *settler) merge(st *ir.Settled) *ir.Settled {
	for _, o := range s.list {
		if sameSettled(o, st) {
			o.Uses++
			return o
		}
	}
	st.Uses = 1
	st.ID = len(s.list) + 1
	s.list = append(s.list, st)
	return st
}

// choose picks the form of a settled subquery and says why.
func choose(st *ir.Settled) (ir.SettledForm, string) {
	switch {
	case !st.Correlated() && st.Kind == ir.SubAny && st.Cmp.Fn.Name == "eq":
		return ir.FormSet, "uncorrelated: the values form one hash set with has-NULL and is-empty flags, built once, probed per row"
	case !st.Correlated() && st.Kind == ir.SubAny && st.Cmp.Fn.Name == "ne":
		return ir.FormSet, "uncorrelated: <> ANY needs only two distinct values and the has-NULL and is-empty flags, kept once"
	case !st.Correlated() && st.Kind == ir.SubAny:
		return ir.FormSet, "uncorrelated: ANY over an order needs only the extreme value and the has-NULL and is-empty flags, kept once"
	case !st.Correlated():
		return ir.FormOnce, "uncorrelated: one result, computed once"
	case st.Rest != nil:
		return ir.FormLoop, "the correlation " + ir.Shorten(ir.Format(st.Rest), 60) + " is neither inner = outer nor one inner < outer: every candidate row is tested per outer row"
	case st.Range == nil:
		return ir.FormKeyed, fmt.Sprintf("correlated by %d equalit%s: a table keyed by the inner side%s, built once", len(st.Keys), plural(len(st.Keys), "y", "ies"), plural(len(st.Keys), "", "s"))
	case len(st.Keys) > 0:
		return ir.FormLoop, "correlated by equalities and an inequality together: every candidate row is tested per outer row"
	}
	switch {
	case st.Kind == ir.SubExists, st.Agg == ir.AggCountStar, st.Agg == ir.AggCount, st.Agg == ir.AggMin, st.Agg == ir.AggMax:
	case st.Agg == ir.AggSum && st.T.Kind == ir.KindBigint:
	case (st.Agg == ir.AggSum || st.Agg == ir.AggAvg) && st.T.Kind == ir.KindDecimal:
	case st.Agg == ir.AggSum || st.Agg == ir.AggAvg:
		return ir.FormLoop, "a DOUBLE sum depends on the order it adds in, which a sorted form would change: every candidate row is tested per outer row"
	default:
		return ir.FormLoop, "one inequality, but a sorted form answers only EXISTS, count, sum, min and max: every candidate row is tested per outer row"
	}
	return ir.FormSorted, "correlated by one inequality: the rows sorted by " + ir.Shorten(ir.Format(st.Range.Inner), 40) + " with prefix aggregates, probed by binary search"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// sameSettled reports whether two settled subqueries compute the same thing
// for the same arguments.
func sameSettled(a, b *ir.Settled) bool {
	if a.Form != b.Form || a.Kind != b.Kind || a.Agg != b.Agg || a.Table != b.Table || !a.T.Equal(b.T) {
		return false
	}
	if (a.Cmp == nil) != (b.Cmp == nil) || a.Cmp != nil && !ir.Equal(&ir.Call{Fn: a.Cmp.Fn, Sig: a.Cmp.Sig}, &ir.Call{Fn: b.Cmp.Fn, Sig: b.Cmp.Sig}) {
		return false
	}
	if !optEqual(a.Inner, b.Inner) || !optEqual(a.Rest, b.Rest) || !optEqual(a.Value, b.Value) || len(a.Keys) != len(b.Keys) {
		return false
	}
	for i := range a.Keys {
		if !sameKey(&a.Keys[i], &b.Keys[i]) {
			return false
		}
	}
	return (a.Range == nil) == (b.Range == nil) && (a.Range == nil || sameKey(a.Range, b.Range))
}

func sameKey(a, b *ir.SettledKey) bool {
	return a.Op == b.Op && a.Arg == b.Arg && ir.Equal(a.Inner, b.Inner)
}

func optEqual(a, b ir.Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return ir.Equal(a, b)
}

// conjuncts flattens e into its AND operands.
func conjuncts(e ir.Expr) []ir.Expr {
	if a, ok := e.(*ir.And); ok {
		var out []ir.Expr
		for _, x := range a.Args {
			out = append(out, conjuncts(x)...)
		}
		return out
	}
	if c, ok := e.(*ir.Const); ok && c.V == true {
		return nil
	}
	return []ir.Expr{e}
}

func and(es []ir.Expr) ir.Expr {
	if len(es) == 1 {
		return es[0]
	}
	return &ir.And{Args: es}
}

// correlation is a conjunct "inner op outer" split into its sides.
type correlation struct {
	key   ir.SettledKey
	outer ir.Expr
}

// flipped is the comparison with its operands swapped.
var flipped = map[string]string{"eq": "eq", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}

var opOf = map[string]string{"eq": "=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}

// splitCorrelation recognises "inner op outer" or "outer op inner" where
// one side reads only the inner row and the other only outer values.
func splitCorrelation(c ir.Expr) (*correlation, bool) {
	call, ok := c.(*ir.Call)
	if !ok || len(call.Args) != 2 || flipped[call.Fn.Name] == "" {
		return nil, false
	}
	l, r := call.Args[0], call.Args[1]
	name := call.Fn.Name
	switch {
	case innerOnly(l) && outerOnly(r):
	case outerOnly(l) && innerOnly(r):
		l, r = r, l
		name = flipped[name]
	default:
		return nil, false
	}
	cmp := &ir.Call{Fn: call.Fn, Sig: call.Sig}
	if w, ok := l.Type().SubqueryWide(); ok {
		// Both sides of a TINYINT, SMALLINT or FLOAT key are compared in
		// its ir.Type.SubqueryWide type.
		l, r = widenKey(l, w), widenKey(r, w)
		fn := functions.Lookup(name)
		sig, err := fn.Resolve([]ir.Type{w, w})
		if err != nil {
			return nil, false
		}
		cmp = &ir.Call{Fn: fn, Sig: sig}
		return &correlation{key: ir.SettledKey{Inner: l, Op: opOf[name], Cmp: cmp}, outer: r}, true
	}
	if name != call.Fn.Name {
		fn := functions.Lookup(name)
		sig, err := fn.Resolve(call.Sig.Params)
		if err != nil {
			return nil, false
		}
		cmp = &ir.Call{Fn: fn, Sig: sig}
	}
	return &correlation{key: ir.SettledKey{Inner: l, Op: opOf[name], Cmp: cmp}, outer: r}, true
}

// widenKey is x cast to the wider type w (a cast that cannot fail).
func widenKey(x ir.Expr, w ir.Type) ir.Expr {
	sig, err := functions.ResolveCast(x.Type(), w)
	if err != nil {
		panic(fmt.Sprintf("settle: no cast from %s to %s: %v", x.Type(), w, err))
	}
	return &ir.Call{Fn: functions.CastFn, Sig: sig, Args: []ir.Expr{x}}
}

// innerOnly: reads the inner row (a column) and no outer value.
func innerOnly(e ir.Expr) bool { return !ir.HasParam(e) && readsColumn(e) }

// outerOnly: reads outer values and no inner column.
func outerOnly(e ir.Expr) bool { return ir.HasParam(e) && !readsColumn(e) }

func readsColumn(e ir.Expr) bool {
	if _, ok := e.(*ir.ColumnRef); ok {
		return true
	}
	for _, k := range e.Children() {
		if readsColumn(k) {
			return true
		}
	}
	return false
}

// liftParams moves an outer-only expression to the enclosing scope: each
// Param becomes the argument it reads.
func liftParams(e ir.Expr, args []ir.Expr) ir.Expr {
	return interp.Fold(ir.MapParams(e, func(p *ir.Param) ir.Expr { return args[p.Slot] }))
}

// reslot renumbers the Params of e from the old argument list to the new
// one, appending each old argument e reads the first time it is seen.
func reslot(e ir.Expr, old []ir.Expr, args *[]ir.Expr, slots map[int]int) ir.Expr {
	return ir.MapParams(e, func(p *ir.Param) ir.Expr {
		n, seen := slots[p.Slot]
		if !seen {
			n = len(*args)
			*args = append(*args, old[p.Slot])
			slots[p.Slot] = n
		}
		q := *p
		q.Slot = n
		return &q
	})
}
