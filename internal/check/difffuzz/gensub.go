package difffuzz

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Subqueries. A share of the queries (Generator.SubPct) read subqueries of
// every form the compiler supports: scalar (a plain SELECT item, or an
// expression over aggregates), EXISTS and NOT EXISTS, IN and NOT IN, and
// "op ANY|SOME|ALL" with every comparison, over the spec's inner tables or
// the query's own table (aliased). A subquery's WHERE clause is drawn by
// profile so that every settled form occurs: uncorrelated (once, set),
// equalities "inner = outer" on one or two columns or on expressions (keyed),
// one inequality (sorted), and mixes that leave a per-row test (loop); a
// subquery may hold another in its WHERE clause (two deep), correlated with
// either enclosing scope. Subqueries occur anywhere an expression of their
// type does (under CASE, IF, AND, OR, TRY, ...), and their parts fail like
// any expression (DIV by zero, overflowing sums, several rows).

// maxSubDepth bounds the nesting: a subquery in a subquery, no deeper.
const maxSubDepth = 2

// scope is a table columns are read from: the query's own (depth 0) or a
// subquery's, visible as name (its alias or its table name).
type scope struct {
	schema *Schema
	name   string
	cols   map[string][]ir.Column // by type
}

func newScope(s *Schema, name string) *scope {
	sc := &scope{schema: s, name: name, cols: map[string][]ir.Column{}}
	for _, c := range s.Columns {
		sc.cols[c.Type.String()] = append(sc.cols[c.Type.String()], c)
	}
	return sc
}

// innerSchemaCols are the column types of inner tables: numbers more often,
// since correlations compare them.
var innerColTypes = []ir.Type{ir.TypeInt, ir.TypeInt, ir.TypeBigint, ir.TypeBigint, ir.TypeDouble, ir.TypeDouble,
	ir.TypeVarchar, ir.TypeDate, ir.TypeBoolean, ir.DecimalOf(15, 2), ir.DecimalOf(38, 6)}

// RandomInnerSchema draws a table for subqueries to read: three to six
// columns named like the query table's (so that inner and outer names
// collide and qualification matters), now and then a MAP column.
func RandomInnerSchema(r *rand.Rand, name string) *Schema {
	s := &Schema{Table: name}
	count := map[ir.Kind]int{}
	addCol := func(t ir.Type) {
		s.Columns = append(s.Columns, ir.Column{Name: fmt.Sprintf("%s%d", typePrefix[t.Kind], count[t.Kind]), Type: t, Nullable: r.IntN(4) > 0})
		count[t.Kind]++
	}
	addCol(pick(r, []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeDouble}))
	for n := 2 + r.IntN(4); n > 0; n-- {
		addCol(pick(r, innerColTypes))
	}
	if r.IntN(6) == 0 {
		addCol(pick(r, mapTypes))
	}
	r.Shuffle(len(s.Columns), func(i, j int) { s.Columns[i], s.Columns[j] = s.Columns[j], s.Columns[i] })
	return s
}

// state is the generator's mode, saved around a change of scope.
type state struct {
	cols     map[string][]ir.Column
	pool     map[string][]*Node
	budget   int
	scopes   []*scope
	cur      *scope
	qualify  bool
	outerPct int
	aggMode  bool
	subW     int
}

func (g *Generator) save() state {
	return state{g.cols, g.pool, g.budget, g.scopes, g.cur, g.qualify, g.outerPct, g.aggMode, g.subW}
}

// restore returns to s, keeping the budget spent since.
func (g *Generator) restore(s state) {
	g.cols, g.pool, g.scopes, g.cur, g.qualify, g.outerPct, g.aggMode, g.subW = s.cols, s.pool, s.scopes, s.cur, s.qualify, s.outerPct, s.aggMode, s.subW
	g.budget = s.budget
}

// colNode references column c of cur: qualified when it must be (qualify)
// and often inside a subquery, now and then in the query itself.
func (g *Generator) colNode(c ir.Column) *Node {
	text := c.Name
	if g.qualify || len(g.scopes) > 1 && g.pct(60) || g.pct(3) {
		text = g.cur.name + "." + c.Name
	}
	return &Node{K: KCol, T: c.Type, Text: text}
}

// outerCol references a column of type t of an enclosing scope (a
// correlation), or returns nil when there is none.
func (g *Generator) outerCol(t ir.Type) *Node {
	var cands []*Node
	for _, sc := range g.scopes[:len(g.scopes)-1] {
		for _, c := range sc.cols[t.String()] {
			cands = append(cands, &Node{K: KCol, T: t, Text: sc.name + "." + c.Name})
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return pick(g.r, cands)
}

// enter makes sc the current scope, with a fresh pool and budget: the
// caller restores the saved state.
func (g *Generator) enter(sc *scope) {
	g.scopes = append(append([]*scope(nil), g.scopes...), sc)
	g.cur, g.cols = sc, sc.cols
	g.pool = map[string][]*Node{}
	g.qualify, g.outerPct, g.aggMode = false, 0, false
	g.budget = 2 + g.r.IntN(4)
}

// inScope draws f in enclosing scope k (the outer side of a correlation):
// qualified columns, no subqueries.
func (g *Generator) inScope(k int, f func() *Node) *Node {
	s := g.save()
	defer g.restore(s)
	g.cur, g.cols = g.scopes[k], g.scopes[k].cols
	g.pool = map[string][]*Node{}
	g.qualify, g.outerPct, g.aggMode, g.subW = true, 0, false, 0
	g.budget = 2
	return f()
}

// comparableWith lists the types a value of type t compares with.
func comparableWith(t ir.Type) []ir.Type {
	switch t.Kind {
	case ir.KindInt, ir.KindBigint, ir.KindDouble:
		return []ir.Type{t, t, t, ir.TypeInt, ir.TypeBigint, ir.TypeDouble}
	}
	return []ir.Type{t}
}

// tableFor picks the table of a subquery: an inner table, or (when own)
// the query's own now and then; with want set, preferably one with a column
// of that type. (The query's table has up to hundreds of rows: read in a
// nested subquery, it makes the interpreter's nested loops slow.)
func (g *Generator) tableFor(want ir.Type, own bool) *Schema {
	all := g.schema.Tables()
	if len(g.schema.Inner) > 0 && (!own || !g.pct(12)) {
		all = g.schema.Inner
	}
	if want.Kind != ir.KindNull && g.pct(70) {
		var with []*Schema
		for _, s := range all {
			for _, c := range s.Columns {
				if c.Type.Equal(want) {
					with = append(with, s)
					break
				}
			}
		}
		if len(with) > 0 {
			return pick(g.r, with)
		}
	}
	return pick(g.r, all)
}

// subquery draws a subquery expression of type t: for BOOLEAN any form,
// otherwise a scalar subquery. In the query itself, now and then it is one
// drawn before with other outer columns and another probe: settling merges
// the two, which then read one structure with different arguments.
func (g *Generator) subquery(t ir.Type, d int) *Node {
	if len(g.scopes) == 1 && g.pct(40) {
		var same []*Node
		for _, n := range g.subs {
			if n.T.Equal(t) {
				same = append(same, n)
			}
		}
		if len(same) > 0 {
			return g.rebind(pick(g.r, same), d)
		}
	}
	n := g.newSubquery(t, d)
	if len(g.scopes) == 1 {
		g.subs = append(g.subs, n)
	}
	return n
}

// rebind copies subquery n (drawn in the query itself) with each column of
// the query's table it reads through the table's name replaced by another
// of the same type, and a new probe.
func (g *Generator) rebind(n *Node, d int) *Node {
	prefix := g.scopes[0].name + "."
	var walk func(x *Node) *Node
	walk = func(x *Node) *Node {
		if x.K == KCol && strings.HasPrefix(x.Text, prefix) && g.pct(70) {
			if cols := g.scopes[0].cols[x.T.String()]; len(cols) > 0 {
				return &Node{K: KCol, T: x.T, Text: prefix + pick(g.r, cols).Name}
			}
		}
		if len(x.Args) == 0 {
			return x
		}
		args := make([]*Node, len(x.Args))
		for i, a := range x.Args {
			args[i] = walk(a)
		}
		return x.with(args)
	}
	c := n.with(append([]*Node(nil), n.Args...))
	start := 0
	if n.Sub.quantified() {
		c.Args[0] = g.expr(n.Args[0].T, max(d-1, 1))
		start = 1
	}
	for i := start; i < len(c.Args); i++ {
		c.Args[i] = walk(c.Args[i])
	}
	return c
}

func (g *Generator) newSubquery(t ir.Type, d int) *Node {
	form := SubScalar
	if t.Kind == ir.KindBoolean {
		switch x := g.r.IntN(100); {
		case x < 8:
		case x < 36:
			form = SubExists
		case x < 64:
			form = SubIn
		default:
			form = pick(g.r, []string{SubAny, SubAny, SubSome, SubAll, SubAll})
		}
	}
	n := &Node{K: KSub, T: t, Sub: &SubForm{Form: form}}
	// The table, then the item's type (IN, ANY: one of the table's
	// columns' types, mostly), then the probe in the enclosing scope.
	var itemT ir.Type
	switch form {
	case SubScalar:
		itemT = t
	case SubExists:
		itemT = ir.Type{Kind: ir.KindNull}
	}
	tbl := g.tableFor(itemT, len(g.scopes) == 1)
	switch form {
	case SubScalar:
	case SubExists:
		n.Not = g.pct(35)
	default:
		itemT = g.scalarType()
		if ts := tbl.types(); len(ts) > 0 && g.pct(85) {
			itemT = pick(g.r, ts)
		}
		if itemT.Kind == ir.KindMap {
			itemT = ir.TypeBigint
		}
		if form == SubIn {
			n.Not = g.pct(35)
		} else {
			n.Sub.Op = pick(g.r, []string{"=", "<>", "!=", "<", "<=", ">", ">="})
		}
		pt := pick(g.r, comparableWith(itemT))
		n.Args = append(n.Args, g.expr(pt, max(d-1, 1)))
	}
	n.Sub.Table = tbl.Table
	visible := tbl.Table
	clash := false
	for _, sc := range g.scopes {
		clash = clash || sc.name == tbl.Table
	}
	if clash || g.pct(50) {
		n.Sub.Alias = fmt.Sprintf("x%d", len(g.scopes))
		if g.scopes[0].name != g.schema.Table && len(g.scopes) == 1 && g.pct(40) {
			// The query's table is aliased: its name is free to name
			// this one (FROM u1 t, while t is the query's own).
			n.Sub.Alias = g.schema.Table
		}
		visible = n.Sub.Alias
	}
	saved := g.save()
	defer func() {
		spent := saved.budget - 2
		g.restore(saved)
		g.budget = spent
	}()
	g.enter(newScope(tbl, visible))
	if len(g.scopes) > maxSubDepth {
		g.subW = 0
	} else if g.subW > 0 {
		g.subW = 8
	}
	// The SELECT item.
	switch {
	case form == SubExists:
		switch x := g.r.IntN(100); {
		case x < 30:
			n.Args = append(n.Args, g.lit(ir.TypeInt, "1"))
		case x < 55:
			n.Sub.Star = true
		case x < 65:
			// an outer reference: allowed in an EXISTS item
			if c := g.outerCol(g.scalarType()); c != nil {
				n.Args = append(n.Args, c)
			} else {
				n.Sub.Star = true
			}
		case x < 72:
			n.Args = append(n.Args, &Node{K: KAgg, T: ir.TypeBigint, Text: "count"})
		default:
			n.Args = append(n.Args, g.expr(g.scalarType(), 1))
		}
	default:
		n.Args = append(n.Args, g.subItem(itemT, form == SubScalar || g.pct(15)))
	}
	// The WHERE clause: a scalar subquery without an aggregate has one row
	// at most where it is correlated by equalities, mostly.
	keyed := form == SubScalar && !hasAgg(n.Args[len(n.Args)-1]) && g.pct(60)
	if w := g.subWhere(keyed); w != nil {
		n.Sub.Where = true
		n.Args = append(n.Args, w)
	}
	return n
}

// subItem draws a subquery's SELECT item of type t: a column, an
// expression, or (aggOK) an expression over aggregates.
func (g *Generator) subItem(t ir.Type, aggOK bool) *Node {
	sub := g.subW
	g.subW = 0
	defer func() { g.subW = sub }()
	if aggOK && t.Kind != ir.KindMap && g.pct(60) {
		s := g.save()
		defer g.restore(s)
		g.aggMode = true
		g.cols = map[string][]ir.Column{}
		g.pool = map[string][]*Node{}
		if g.pct(60) {
			return g.agg(t)
		}
		return g.expr(t, 1+g.r.IntN(2))
	}
	if c := g.col(t); c != nil && g.pct(60) {
		return c
	}
	if sub > 0 && g.pct(10) {
		g.subW = sub // a subquery in the SELECT item, correlated with this one's table
	}
	return g.expr(t, 1+g.r.IntN(2))
}

// agg draws an aggregate returning t over an expression of the current
// scope's table.
func (g *Generator) agg(t ir.Type) *Node {
	type choice struct {
		name string
		arg  ir.Type // KindNull: count(*); KindMap: any type (count)
	}
	var cs []choice
	switch t.Kind {
	case ir.KindInt, ir.KindVarchar, ir.KindBoolean:
		if g.pct(50) {
			// count, sum and avg return BIGINT or DOUBLE: cast to t.
			return &Node{K: KCast, T: t, Args: []*Node{g.agg(pick(g.r, []ir.Type{ir.TypeBigint, ir.TypeDouble}))}}
		}
	}
	switch t.Kind {
	case ir.KindBigint:
		cs = []choice{{"count", ir.Type{Kind: ir.KindNull}}, {"count", ir.Type{Kind: ir.KindMap}}, {"count", ir.Type{Kind: ir.KindMap}}, {"sum", ir.TypeInt},
			{"sum", ir.TypeBigint}, {"sum", ir.TypeBigint}, {"min", t}, {"max", t}}
	case ir.KindDouble:
		cs = []choice{{"sum", t}, {"avg", ir.TypeInt}, {"avg", ir.TypeBigint}, {"avg", t}, {"min", t}, {"max", t}}
	case ir.KindDecimal:
		// sum and avg widen DECIMAL(p, s) (semantics.md 3.12): cast back to t
		// below, which can overflow.
		cs = []choice{{"sum", t}, {"avg", t}, {"min", t}, {"max", t}}
	default:
		cs = []choice{{"min", t}, {"max", t}}
	}
	c := pick(g.r, cs)
	n := &Node{K: KAgg, T: t, Text: c.name}
	if c.arg.Kind == ir.KindNull {
		return n
	}
	at := c.arg
	if at.Kind == ir.KindMap {
		at = pick(g.r, g.cur.schema.types())
	}
	s := g.save()
	defer g.restore(s)
	g.aggMode, g.subW = false, 0
	g.cols = g.cur.cols
	g.pool = map[string][]*Node{}
	g.budget = 2
	if c := g.col(at); c != nil && g.pct(70) {
		n.Args = []*Node{c}
	} else {
		n.Args = []*Node{g.expr(at, 1)}
	}
	if t.Kind == ir.KindDecimal && (c.name == "sum" || c.name == "avg") {
		n.T = ir.DecimalSumOf(t)
		if c.name == "avg" {
			n.T = ir.DecimalAvgOf(t)
		}
		return &Node{K: KCast, T: t, Args: []*Node{n}}
	}
	return n
}

// hasAgg reports whether n holds an aggregate.
func hasAgg(n *Node) bool {
	if n.K == KAgg {
		return true
	}
	for _, a := range n.Args {
		if a.K != KSub && hasAgg(a) {
			return true
		}
	}
	return false
}

// types lists the types of s's columns.
func (s *Schema) types() []ir.Type {
	var out []ir.Type
	for _, c := range s.Columns {
		out = append(out, c.Type)
	}
	return out
}

// subWhere draws a subquery's WHERE clause (nil: none) by a profile: no
// correlation, equalities, one inequality, a mix that needs a per-row test,
// or anything.
func (g *Generator) subWhere(keyed bool) *Node {
	var conj []*Node
	innerCond := func() {
		if g.clean {
			conj = append(conj, g.simpleCond())
			return
		}
		s := g.save()
		g.outerPct = 0
		conj = append(conj, g.expr(ir.TypeBoolean, 1+g.r.IntN(2)))
		g.restore(s)
		g.budget = s.budget - 1
	}
	maybeInner := func(p int) {
		if g.pct(p) {
			innerCond()
		}
	}
	ineq := []string{"<", "<=", ">", ">="}
	x := g.r.IntN(100)
	if keyed {
		x = 15 + g.r.IntN(30)
	}
	switch {
	case x < 15: // uncorrelated
		for n := g.r.IntN(3); n > 0; n-- {
			innerCond()
		}
	case x < 45: // keyed
		conj = append(conj, g.correlation("="))
		if g.pct(30) {
			conj = append(conj, g.correlation("="))
		}
		maybeInner(40)
	case x < 70: // sorted
		conj = append(conj, g.correlation(pick(g.r, ineq)))
		maybeInner(40)
	case x < 88: // loop
		switch g.r.IntN(6) {
		case 0:
			conj = append(conj, g.correlation("="), g.correlation(pick(g.r, ineq)))
		case 1:
			conj = append(conj, g.correlation(pick(g.r, ineq)), g.correlation(pick(g.r, ineq)))
		case 2:
			conj = append(conj, g.correlation(pick(g.r, []string{"<>", "!="})))
		case 3:
			conj = append(conj, g.mixedCorrelation())
		case 4:
			conj = append(conj, &Node{K: KOr, T: ir.TypeBoolean, Args: []*Node{g.correlation("="), g.correlation(pick(g.r, ineq))}})
		case 5:
			conj = append(conj, g.mixedCorrelation(), g.correlation("="))
		}
		maybeInner(30)
	case g.clean:
		conj = append(conj, g.correlation(pick(g.r, []string{"=", "<", ">="})))
		maybeInner(50)
	default: // anything
		s := g.save()
		g.outerPct = 30
		conj = append(conj, g.expr(ir.TypeBoolean, 1+g.r.IntN(3)))
		g.restore(s)
	}
	if len(g.scopes) <= maxSubDepth && g.subW > 0 && g.pct(25) {
		// A subquery in the WHERE clause: nesting, correlated with this
		// scope or the one outside it.
		s := g.save()
		g.outerPct = 0
		conj = append(conj, g.subquery(ir.TypeBoolean, 2))
		g.restore(s)
	}
	g.r.Shuffle(len(conj), func(i, j int) { conj[i], conj[j] = conj[j], conj[i] })
	switch len(conj) {
	case 0:
		return nil
	case 1:
		return conj[0]
	}
	return &Node{K: KAnd, T: ir.TypeBoolean, Args: conj}
}

// simpleCond draws a comparison of a column of the current scope with a
// literal or another column, or an IS [NOT] NULL test.
func (g *Generator) simpleCond() *Node {
	var cols []ir.Column
	for _, c := range g.cur.schema.Columns {
		if c.Type.Kind != ir.KindMap {
			cols = append(cols, c)
		}
	}
	c := pick(g.r, cols)
	x := g.colNode(c)
	if g.pct(20) {
		return &Node{K: KIsNull, T: ir.TypeBoolean, Not: g.pct(50), Args: []*Node{x}}
	}
	y := g.col(c.Type)
	if g.pct(60) {
		y = g.lit(c.Type, pick(g.r, literalsOf(c.Type)))
		if c.Type.Kind == ir.KindInt || c.Type.Kind == ir.KindBigint || c.Type.Kind == ir.KindDouble {
			y = g.lit(c.Type, pick(g.r, []string{"0", "1", "-1", "2", "3", "5"}))
		}
	}
	return &Node{K: KInfix, T: ir.TypeBoolean, Text: pick(g.r, []string{"=", "<>", "<", "<=", ">", ">="}), Args: []*Node{x, y}}
}

// correlation draws "inner op outer" (or mirrored): the inner side a column
// or an expression of the current scope, the outer side a column or an
// expression (such as t.a + 1) of an enclosing scope.
func (g *Generator) correlation(op string) *Node {
	var innerTypes []ir.Type
	for _, c := range g.cur.schema.Columns {
		if c.Type.Kind != ir.KindMap {
			innerTypes = append(innerTypes, c.Type)
		}
	}
	it := pick(g.r, innerTypes)
	var inner *Node
	if g.pct(75) || g.clean && g.pct(80) {
		inner = g.col(it)
	} else {
		s := g.save()
		g.outerPct, g.subW, g.budget = 0, 0, 2
		inner = g.expr(it, 1)
		g.restore(s)
	}
	ot := pick(g.r, comparableWith(it))
	k := g.r.IntN(len(g.scopes) - 1)
	outer := g.inScope(k, func() *Node {
		if c := g.col(ot); c != nil && (g.pct(75) || g.clean) {
			return c
		}
		return g.expr(ot, 1)
	})
	n := &Node{K: KInfix, T: ir.TypeBoolean, Text: op, Args: []*Node{inner, outer}}
	if g.pct(40) {
		n.Args[0], n.Args[1] = outer, inner
		if m, ok := mirror[op]; ok {
			n.Text = m
		}
	}
	return n
}

// mixedCorrelation draws a conjunct with inner and outer values on one side
// (a per-row test): (inner + outer) op literal, coalesce(inner, outer) = x,
// or any boolean expression over both.
func (g *Generator) mixedCorrelation() *Node {
	s := g.save()
	defer g.restore(s)
	g.subW = 0
	t := pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeDouble})
	inner := g.col(t)
	outer := g.outerCol(t)
	if inner == nil || outer == nil {
		g.outerPct = 40
		return g.expr(ir.TypeBoolean, 2)
	}
	switch g.r.IntN(3) {
	case 0:
		sum := &Node{K: KInfix, T: t, Text: pick(g.r, []string{"+", "-", "*"}), Args: []*Node{inner, outer}}
		return &Node{K: KInfix, T: ir.TypeBoolean, Text: pick(g.r, []string{"=", "<", ">="}), Args: []*Node{sum, g.lit(t, pick(g.r, literalsOf(t)))}}
	case 1:
		co := &Node{K: KCoalesce, T: t, Text: "coalesce", Args: []*Node{inner, outer}}
		return &Node{K: KInfix, T: ir.TypeBoolean, Text: "=", Args: []*Node{co, g.lit(t, pick(g.r, literalsOf(t)))}}
	}
	g.outerPct = 40
	return g.expr(ir.TypeBoolean, 2)
}
