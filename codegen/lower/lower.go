package lower

import (
	"fmt"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// lowerer is the state of lowering one query: what is computed so far, and
// the fusion decisions taken at its root regions.
type lowerer struct {
	q    *ir.Query
	plan *cse.Plan // nil: no sharing
	out  *Query
	// scopes hold the shared subexpressions computed on a superset of the
	// rows the code being lowered runs on: entering a region (a branch, an
	// AND operand after the first, a memo's missing rows, a fused
	// expression's leftover rows) pushes one, leaving it pops it.
	scopes []map[int]*Node
	// absorbed maps a shared subexpression a fused root computes in its row
	// loops to that root; recomputed are the cheap ones every fused root
	// that uses them computes itself (see absorb and recompute).
	absorbed   map[int]ir.Expr
	recomputed map[int]bool
	// pending is the root region whose hoists absorb is deciding around:
	// they count as computed, as they will be before the root runs.
	pending *cse.Region
	// sink is the root of the output column being lowered, whose fused loop
	// may write the column directly (once: sinkTaken).
	sink      ir.Expr
	sinkTaken bool
	// vectorsOnly: the caller wants every output as a vector (the inner
	// phase of subqueries), so no fused loop writes an Arrow column.
	vectorsOnly bool
	// noFusion: no expression is fused (Options.Unfused).
	noFusion bool
	// root and rootExpr are the clause being lowered.
	root     string
	filter   bool // the root is the WHERE clause
	inTemp   int  // depth of conditionals in value positions being lowered
	rootExpr ir.Expr
}

// lower builds the physical plan of q with CSE plan p (nil: share nothing).
// vectorsOnly is for a query whose outputs are wanted as vectors, not Arrow
// columns: the inner phase of subqueries and their per-row tests.
func lower(q *ir.Query, p *cse.Plan, vectorsOnly, unfused bool) *Query {
	l := &lowerer{q: q, plan: p, out: &Query{IR: q, Sharing: p}, absorbed: map[int]ir.Expr{}, recomputed: map[int]bool{}, vectorsOnly: vectorsOnly, noFusion: unfused}
	l.push()
	all := &Sel{Kind: SelAll}
	sel := all
	if q.Filter != nil {
		r := regionOf(p, true)
		root := &Root{Name: "WHERE", SQL: q.FilterSQL, Expr: q.Filter, PassThrough: -1}
		l.root, l.rootExpr, l.filter = root.Name, q.Filter, true
		l.absorb(r, []ir.Expr{q.Filter})
		root.Hoists = l.enter(r, all)
		root.Value, root.Why = l.top(q.Filter, all)
		l.filter = false
		l.out.Where = root
		sel = &Sel{Kind: SelWhere}
	}
	var tops []ir.Expr
	for _, o := range q.Outputs {
		tops = append(tops, o.Expr)
	}
	r := regionOf(p, false)
	l.root, l.rootExpr = "", nil
	l.absorb(r, tops)
	l.out.OutputHoists = l.enter(r, sel)
	for _, o := range q.Outputs {
		root := &Root{Name: o.Name, SQL: o.SQL, Expr: o.Expr, PassThrough: -1}
		l.out.Outputs = append(l.out.Outputs, root)
		l.root, l.rootExpr = o.Name, o.Expr
		if c, ok := o.Expr.(*ir.ColumnRef); ok && c.T.Kind != ir.KindMap {
			root.PassThrough = c.Index // an input column cannot fail: copied as is
			root.Why = "an input column, which cannot fail: its rows are copied"
			continue
		}
		l.sink, l.sinkTaken = o.Expr, l.vectorsOnly
		root.Value, root.Why = l.top(o.Expr, sel)
		l.sink = nil
	}
	l.place()
	return l.out
}

func regionOf(p *cse.Plan, where bool) *cse.Region {
	switch {
	case p == nil:
		return nil
	case where:
		return p.Where
	}
	return p.Outputs
}

func (l *lowerer) push()                        { l.scopes = append(l.scopes, map[int]*Node{}) }
func (l *lowerer) pop(n int)                    { l.scopes = l.scopes[:len(l.scopes)-n] }
func (l *lowerer) lookup(e ir.Expr) *cse.Shared { return l.plan.Lookup(e) }

func (l *lowerer) available(id int) (*Node, bool) {
	for i := len(l.scopes) - 1; i >= 0; i-- {
		if n, ok := l.scopes[i][id]; ok {
			return n, true
		}
	}
	return nil, false
}

func (l *lowerer) setAvailable(id int, n *Node) { l.scopes[len(l.scopes)-1][id] = n }

// enter pushes a scope for region r's rows sel and computes r's hoists there,
// except those computed already and those fused roots compute themselves.
func (l *lowerer) enter(r *cse.Region, sel *Sel) []*Node {
	l.push()
	if r == nil {
		return nil
	}
	var hoists []*Node
	for _, s := range r.Hoists {
		if _, ok := l.available(s.ID); ok || l.absorbed[s.ID] != nil || l.recomputed[s.ID] {
			continue
		}
		var n *Node
		if s.Memo {
			n = l.memo(s, sel)
		} else {
			n = &Node{Op: OpShare, Expr: s.Expr, Sel: sel, Shared: s, Args: []*Node{l.sharedNode(s.Expr, sel)}}
		}
		l.setAvailable(s.ID, n)
		hoists = append(hoists, n)
	}
	return hoists
}

// sharedNode lowers shared subexpression e computed up front on sel's
// rows: a chain of operations (compound) that its row program computes is
// one fused loop into the shared vector, not a vector loop per operation
// writing a vector the next one reads back.
func (l *lowerer) sharedNode(e ir.Expr, sel *Sel) *Node {
	if operation(e) && l.compound(e) {
		if row, _ := l.program(l.valueNode(e, nil)); row != nil && !HasTemp(row) {
			// not the clause's root, even where the clause is e (a WHERE
			// clause an output repeats): the loop fills the vector, it
			// neither selects rows nor writes an output column
			rootExpr, sink := l.rootExpr, l.sink
			l.rootExpr, l.sink = nil, nil
			defer func() { l.rootExpr, l.sink = rootExpr, sink }()
			why := "a shared chain of operations: one loop computes its vector, the rows it leaves (a NULL input, a failed kernel) go to the vector code"
			return l.fused(e, sel, why, func(rest *Sel) *Node { return l.node(e, rest) })
		}
	}
	return l.node(e, sel)
}

// memo computes lazily shared s on the rows of sel its memo lacks.
func (l *lowerer) memo(s *cse.Shared, sel *Sel) *Node {
	n := &Node{Op: OpMemo, Expr: s.Expr, Sel: sel, Shared: s}
	todo := &Sel{Kind: SelTodo, Of: n}
	l.push()
	n.Args = []*Node{l.node(s.Expr, todo)}
	l.pop(1)
	return n
}

// top lowers a clause's root: fused when it is an operation that fusibleRoot
// accepts (conditionals decide in node, wherever they are). why says why it
// is fused or vector code.
func (l *lowerer) top(e ir.Expr, sel *Sel) (n *Node, why string) {
	if _, try := e.(*ir.Try); operation(e) || try {
		ok, why := l.fusibleRoot(e)
		if ok {
			return l.fused(e, sel, why, func(rest *Sel) *Node { return l.expr(e, rest) }), why
		}
		return l.expr(e, sel), why
	}
	n = l.expr(e, sel)
	switch n.Op {
	case OpFused:
		return n, n.Fused.Why
	case OpIf, OpCase:
		return n, n.Why
	case OpReuse, OpShare, OpMemo:
		return n, fmt.Sprintf("shared #%d, computed once as a vector", n.Shared.ID)
	}
	return n, fmt.Sprintf("%s is vector code", describe(e))
}

// expr lowers e over sel: a shared subexpression computed on a superset of
// sel's rows is reused, a lazily shared one computes its missing rows.
func (l *lowerer) expr(e ir.Expr, sel *Sel) *Node {
	s := l.lookup(e)
	if s == nil {
		return l.node(e, sel)
	}
	if def, ok := l.available(s.ID); ok {
		return &Node{Op: OpReuse, Expr: e, Sel: sel, Shared: s, Def: def}
	}
	var n *Node
	if s.Memo {
		n = l.memo(s, sel)
	} else {
		n = &Node{Op: OpShare, Expr: e, Sel: sel, Shared: s, Args: []*Node{l.node(e, sel)}}
	}
	l.setAvailable(s.ID, n)
	return n
}

// node lowers e itself, whether or not it is shared.
func (l *lowerer) node(e ir.Expr, sel *Sel) *Node {
	switch e := e.(type) {
	case *ir.Const:
		return &Node{Op: OpConst, Expr: e, Sel: sel, Const: e}
	case *ir.ColumnRef:
		return &Node{Op: OpColumn, Expr: e, Sel: sel, Column: e}
	case *ir.Call:
		return l.call(e, sel)
	case *ir.And:
		return l.logic(OpAnd, e, e.Args, sel)
	case *ir.Or:
		return l.logic(OpOr, e, e.Args, sel)
	case *ir.If:
		if row, why := l.program(l.rowCond(e, nil)); row != nil {
			return l.fused(e, sel, why, func(rest *Sel) *Node { return l.ifVectors(e, rest, "") })
		} else {
			return l.unfused(l.ifVectors(e, sel, why))
		}
	case *ir.Case:
		if row, why := l.program(l.rowCond(e, nil)); row != nil {
			return l.fused(e, sel, why, func(rest *Sel) *Node { return l.caseVectors(e, rest, "") })
		} else {
			return l.unfused(l.caseVectors(e, sel, why))
		}
	case *ir.Coalesce:
		if row, _ := l.program(l.rowCond(e, nil)); row != nil {
			why := "a COALESCE whose arguments cannot fail once their inputs are clean"
			return l.fused(e, sel, why, func(rest *Sel) *Node { return l.coalesce(e, rest) })
		}
		return l.coalesce(e, sel)
	case *ir.IsNull:
		return &Node{Op: OpIsNull, Expr: e, Sel: sel, Args: []*Node{l.expr(e.Arg, sel)}}
	case *ir.In:
		return l.in(e, sel)
	case *ir.Between:
		return l.between(e, sel)
	case *ir.NullIf:
		a := l.expr(e.A, sel)
		b := l.expr(e.B, sel)
		eq := &Node{Op: OpCompare, Expr: e, Sel: sel, Sig: e.Eq.Sig, Base: "eq", Args: []*Node{a, b}}
		return &Node{Op: OpNullIf, Expr: e, Sel: sel, Args: []*Node{a, b, eq}}
	case *ir.Try:
		v := l.expr(e.Arg, sel)
		return &Node{Op: OpTry, Expr: e, Sel: sel, Args: []*Node{v}, Pass: !v.Vector() && !v.Failing()}
	case *ir.Subquery:
		n := &Node{Op: OpSubquery, Expr: e, Sel: sel}
		for _, a := range e.Args {
			n.Args = append(n.Args, l.expr(a, sel))
		}
		return n
	case *ir.Param:
		return &Node{Op: OpParam, Expr: e, Sel: sel}
	}
	panic(fmt.Sprintf("lower: unknown expression %T", e))
}

// Vector reports whether the node's value is a vector in generated code (not
// a constant, nor a VARCHAR or MAP column read in place).
func (n *Node) Vector() bool {
	switch n.Op {
	case OpConst:
		return false
	case OpColumn:
		return !n.Column.T.IsByteString() && n.Column.T.Kind != ir.KindMap
	case OpTry:
		if n.Pass {
			return n.Args[0].Vector()
		}
	}
	return true
}

// Constant reports whether the node is the same on every row.
func (n *Node) Constant() bool {
	switch n.Op {
	case OpConst:
		return true
	case OpTry:
		return n.Pass && n.Args[0].Constant()
	}
	return false
}

// Failing reports whether the node is a constant error.
func (n *Node) Failing() bool { return n.Op == OpConst && n.Const.Err != nil }

// MapColumn is the MAP input column the node reads in place, or nil.
func (n *Node) MapColumn() *ir.ColumnRef {
	switch {
	case n.Op == OpColumn && n.Column.T.Kind == ir.KindMap:
		return n.Column
	case n.Op == OpTry && n.Pass:
		return n.Args[0].MapColumn()
	}
	return nil
}

// unfused records a conditional that stays vector code, for explain.
func (l *lowerer) unfused(n *Node) *Node {
	n.In = l.root
	l.out.Vector = append(l.out.Vector, n)
	return n
}

// ifVectors lowers IF as vector code: the condition on sel, then each branch
// on the rows it takes.
func (l *lowerer) ifVectors(e *ir.If, sel *Sel, why string) *Node {
	n := &Node{Op: OpIf, Expr: e, Sel: sel, Why: why}
	n.Args = []*Node{l.expr(e.Cond, sel)}
	for _, part := range []struct {
		kind  cse.RegionKind
		sel   SelKind
		value ir.Expr
	}{{cse.Then, SelThen, e.Then}, {cse.Else, SelElse, e.Else}} {
		b := &Branch{Sel: &Sel{Kind: part.sel, Of: n}}
		b.Hoists = l.enter(l.plan.Region(e, part.kind, 0), b.Sel)
		b.Value = l.expr(part.value, b.Sel)
		l.pop(1)
		n.Branches = append(n.Branches, b)
	}
	return n
}

// caseVectors lowers CASE as vector code: each WHEN on the rows no earlier
// WHEN took, each result on the rows of its branch.
func (l *lowerer) caseVectors(e *ir.Case, sel *Sel, why string) *Node {
	n := &Node{Op: OpCase, Expr: e, Sel: sel, Why: why}
	var subject *Node
	if e.Operand != nil {
		subject = l.expr(e.Operand, sel)
		n.Args = []*Node{subject}
	}
	rem := sel
	for k, w := range e.Whens {
		b := &Branch{}
		if subject != nil {
			v := l.expr(w.Cond, rem)
			b.Cond = &Node{Op: OpCompare, Expr: e, Sel: rem, Sig: e.Eq.Sig, Base: "matches", Args: []*Node{subject, v}}
		} else {
			b.Cond = l.expr(w.Cond, rem)
		}
		b.Sel, b.Left = &Sel{Kind: SelWhen, Of: n}, &Sel{Kind: SelNotYet, Of: n}
		b.Hoists = l.enter(l.plan.Region(e, cse.WhenThen, k), b.Sel)
		b.Value = l.expr(w.Then, b.Sel)
		l.pop(1)
		rem = b.Left
		b.Rest = l.enter(l.plan.Region(e, cse.CaseRest, k+1), rem) // until the CASE ends
		n.Branches = append(n.Branches, b)
	}
	n.Else = l.expr(e.Else, rem)
	l.pop(len(e.Whens))
	return n
}

// coalesce lowers COALESCE: each argument on the rows the earlier ones left
// NULL, up to the last or a constant (which decides every remaining row).
func (l *lowerer) coalesce(e *ir.Coalesce, sel *Sel) *Node {
	n := &Node{Op: OpCoalesce, Expr: e, Sel: sel}
	rem, entered := sel, 0
	for i, a := range e.Args {
		b := &Branch{Sel: rem}
		if i > 0 {
			b.Hoists = l.enter(l.plan.Region(e, cse.CoalesceRest, i), rem) // until the COALESCE ends
			entered++
		}
		b.Value = l.expr(a, rem)
		n.Branches = append(n.Branches, b)
		if i == len(e.Args)-1 || b.Value.Constant() {
			break
		}
		rem = &Sel{Kind: SelStillNull, Of: n}
	}
	l.pop(entered)
	return n
}

// logic lowers an n-ary AND or OR: each operand on the rows the earlier ones
// left undecided.
func (l *lowerer) logic(op Op, e ir.Expr, args []ir.Expr, sel *Sel) *Node {
	n := &Node{Op: op, Expr: e, Sel: sel}
	live := &Sel{Kind: SelLive, Of: n}
	for i, a := range args {
		if i > 0 {
			l.push()
		}
		n.Branches = append(n.Branches, &Branch{Sel: live, Value: l.expr(a, live)})
	}
	l.pop(len(args) - 1)
	return n
}

func (l *lowerer) in(e *ir.In, sel *Sel) *Node {
	if len(e.List) == 0 {
		f := &ir.Const{T: ir.TypeBoolean, V: false}
		return &Node{Op: OpConst, Expr: e, Sel: sel, Const: f}
	}
	n := &Node{Op: OpIn, Expr: e, Sel: sel}
	x := l.expr(e.Arg, sel)
	n.Args = []*Node{x}
	live := &Sel{Kind: SelLive, Of: n}
	for i, item := range e.List {
		if i > 0 {
			l.push()
		}
		v := l.expr(item, live)
		cmp := &Node{Op: OpCompare, Expr: e, Sel: live, Sig: e.Eq.Sig, Base: "matches", Args: []*Node{x, v}}
		n.Branches = append(n.Branches, &Branch{Sel: live, Value: v, Cond: cmp})
	}
	l.pop(len(e.List) - 1)
	return n
}

func (l *lowerer) between(e *ir.Between, sel *Sel) *Node {
	n := &Node{Op: OpBetween, Expr: e, Sel: sel}
	x := l.expr(e.Arg, sel)
	n.Args = []*Node{x}
	live := &Sel{Kind: SelLive, Of: n}
	for i, bound := range []struct {
		e   ir.Expr
		sig *ir.Signature
	}{{e.Lo, e.Ge.Sig}, {e.Hi, e.Le.Sig}} {
		if i > 0 {
			l.push()
		}
		v := l.expr(bound.e, live)
		cmp := &Node{Op: OpCompare, Expr: e, Sel: live, Sig: bound.sig, Base: "inRange", Args: []*Node{x, v}}
		n.Branches = append(n.Branches, &Branch{Sel: live, Value: v, Cond: cmp})
	}
	l.pop(1)
	return n
}

// call lowers a registry function call.
func (l *lowerer) call(e *ir.Call, sel *Sel) *Node {
	n := &Node{Op: OpCall, Expr: e, Sel: sel, Sig: e.Sig}
	for _, a := range e.Args {
		n.Args = append(n.Args, l.expr(a, sel))
	}
	switch e.Fn.Name {
	case "subscript", "element_at", "map_contains_key", "cardinality":
		n.Call = CallMap
		if n.Args[0].MapColumn() != nil {
			n.Call = CallMapColumn
		}
		return n
	case "greatest", "least":
		n.Call = CallGreatest
		return n
	case "map_build", "map_concat", "str_to_map", "to_json":
		n.Call = CallMapBuild
		return n
	case "like":
		if pattern, esc, ok := ir.PatternLits(e); ok {
			n.Call = CallMatcher
			n.BadPattern = !compiles(e.Fn.Name, pattern, esc)
			return n
		}
	}
	if IsRegex(e) {
		if pattern, _, ok := ir.PatternLits(e); ok {
			bad := !rt.IsJSONPathKernel(e.Sig.Kernel) && !compiles(e.Fn.Name, pattern, "")
			if bad && !e.Sig.KernelErr {
				return n // a guard that never fails, whatever the pattern: its kernel
			}
			n.Call, n.BadPattern = CallMatcher, bad
			return n
		}
	}
	if e.Sig.Kernel == "" {
		panic(fmt.Sprintf("lower: function %s has no kernel", e.Fn.Name))
	}
	return n
}

// compiles reports whether a LIKE or RLIKE pattern compiles: one that does
// not makes every row with a value fail, which the code says without testing
// the pattern's error per row.
func compiles(fn, pattern, esc string) bool {
	if fn != "like" {
		_, err := rt.CompileRegex(fn, pattern)
		return err == nil
	}
	_, err := rt.CompileLike(pattern, esc)
	return err == nil
}

// IsRegex reports whether a call is of a regular-expression kernel, whose
// second argument is the pattern (rt.RegexKernelMethods), or of a JSON path
// kernel, whose second argument is the path (rt.JSONPathKernelMethods): both
// compile a constant argument once.
func IsRegex(e *ir.Call) bool {
	if e.Sig == nil || e.Sig.KernelPkg != "" || len(e.Args) < 2 {
		return false
	}
	_, ok := rt.PatternMethod(e.Sig.Kernel)
	return ok
}
