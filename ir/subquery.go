package ir

import (
	"fmt"
	"strings"
)

// SubqueryKind is the form a subquery is read in.
type SubqueryKind uint8

const (
	// SubScalar is "(SELECT e FROM ...)": the one value of its one row.
	SubScalar SubqueryKind = iota
	// SubExists is "EXISTS (SELECT ...)": whether it has a row. NOT EXISTS is a
	// "not" call over it.
	SubExists
	// SubAny is "x op ANY (SELECT v ...)": OR over its rows of x op v. IN is
	// "= ANY"; NOT IN and "op ALL" are a "not" call over the negated ANY.
	SubAny
)

// Aggregate is the aggregate a subquery applies to its rows (at most one, and no
// GROUP BY: the aggregate runs over every row the subquery's WHERE keeps).
type Aggregate uint8

const (
	AggNone Aggregate = iota
	AggCountStar
	AggCount
	AggSum
	AggAvg
	AggMin
	AggMax
)

var aggNames = [...]string{"", "count(*)", "count", "sum", "avg", "min", "max"}

func (a Aggregate) String() string { return aggNames[a] }

// Param is an outer reference inside a subquery: it reads Args[Slot] of the
// innermost enclosing Subquery, an expression of the enclosing scope computed
// once per outer row. Name is the outer column's name, for printing.
type Param struct {
	Slot     int
	Name     string
	T        Type
	Nullable bool
}

// Subquery is a subquery read as a row expression. Table is the one table it
// scans; Where and Value are in its own scope (ColumnRef reads Table, Param
// reads Args); Args are in the enclosing scope and are its only children: for
// SubAny, Args[0] is the probe x. Settling (package compiler/settle) splits
// Where into the parts that decide how the subquery runs and records them in
// Settled, which structurally identical subqueries share; after settling Args
// also hold the outer sides of the correlation.
type Subquery struct {
	Kind  SubqueryKind
	Agg   Aggregate
	Cmp   *Call // SubAny: the comparison "x op v" (Fn and Sig; Args unused)
	Table *Table
	Where Expr // nil: every row
	// Value is the SELECT expression, or the aggregate's argument after the
	// widening the aggregate needs (sum over BIGINT, avg over DOUBLE); nil for
	// EXISTS and count(*).
	Value Expr
	Args  []Expr
	T     Type
	// SQL is the subquery as written, "(SELECT ...)" or "x IN (SELECT ...)".
	SQL     string
	Settled *Settled
}

func (e *Subquery) Type() Type       { return e.T }
func (e *Subquery) Children() []Expr { return e.Args }
func (*Subquery) exprNode()          {}

func (e *Param) Type() Type     { return e.T }
func (*Param) Children() []Expr { return nil }
func (*Param) exprNode()        {}

// SettledForm is how a settled subquery runs.
type SettledForm uint8

const (
	// FormOnce: uncorrelated; one result computed once (scalar, aggregate,
	// EXISTS), read by every row.
	FormOnce SettledForm = iota
	// FormSet: uncorrelated ANY/IN; a set of the values with has-NULL and
	// is-empty flags, probed per row.
	FormSet
	// FormKeyed: correlated by equalities only; a table keyed by the inner
	// sides, built once, looked up with the outer sides.
	FormKeyed
	// FormSorted: correlated by one inequality; the rows sorted by its inner
	// side with prefix aggregates, probed by binary search.
	FormSorted
	// FormLoop: any other correlation; every candidate row is tested per
	// outer row.
	FormLoop
)

var formNames = [...]string{"once", "set", "keyed", "sorted", "loop"}

func (f SettledForm) String() string { return formNames[f] }

// Settled is how one unique subquery runs, shared by every structurally
// identical occurrence. Its WHERE is split into conjuncts:
//
//   - Inner: the conjuncts that read no outer value. They are evaluated once
//     per inner row; the rows they keep are the candidates.
//   - Keys: "inner = outer" conjuncts (Eq the comparison), the outer side
//     being Args[Arg] of every occurrence.
//   - Range: one "inner op outer" conjunct, op in < <= > >=.
//   - Rest: every other correlated conjunct (only in FormLoop), over the
//     inner row and Params.
//
// The inner phase (Inner, then the candidates' key and range inner sides and
// Value) does not depend on the outer row. Its first error, in inner row
// order, is the outcome of every read of the subquery (docs/semantics.md 3.12).
type Settled struct {
	ID    int // 1-based, per query, in build order (nested ones first)
	Form  SettledForm
	Kind  SubqueryKind
	Agg   Aggregate
	Cmp   *Call
	Table *Table
	Inner Expr // nil: every row is a candidate
	Keys  []SettledKey
	Range *SettledKey
	Rest  Expr
	Value Expr
	T     Type
	// Why says why the form was chosen, for explain.
	Why string
	// SQL is the text of the first occurrence; Uses counts the occurrences
	// merged into this one.
	SQL  string
	Uses int
}

// SettledKey is one correlation conjunct: the inner side, the comparison
// (Op is "=" for Keys), and the index of the outer side in Subquery.Args.
type SettledKey struct {
	Inner Expr
	Op    string
	Cmp   *Call
	Arg   int
}

// Exprs lists the expressions of the settled subquery's own scope that are
// present: the inner filter, the inner sides of the keys and the range, the
// value and the rest.
func (s *Settled) Exprs() []Expr {
	var out []Expr
	add := func(e Expr) {
		if e != nil {
			out = append(out, e)
		}
	}
	add(s.Inner)
	for _, k := range s.Keys {
		add(k.Inner)
	}
	if s.Range != nil {
		add(s.Range.Inner)
	}
	add(s.Value)
	add(s.Rest)
	return out
}

// Reads calls fn for every subquery read in q, wherever it is: the WHERE
// clause, the outputs, then the settled subqueries' own expressions.
func Reads(q *Query, fn func(*Subquery)) {
	var walk func(e Expr)
	walk = func(e Expr) {
		if sq, ok := e.(*Subquery); ok {
			fn(sq)
		}
		for _, k := range e.Children() {
			walk(k)
		}
	}
	if q.Filter != nil {
		walk(q.Filter)
	}
	for _, o := range q.Outputs {
		walk(o.Expr)
	}
	for _, s := range q.Subqueries {
		for _, e := range s.Exprs() {
			walk(e)
		}
	}
}

// Correlated reports whether the settled subquery depends on the outer row.
func (s *Settled) Correlated() bool { return len(s.Keys) > 0 || s.Range != nil || s.Rest != nil }

// Describe is a one-line description of the settled form, for explain and
// generated comments.
func (s *Settled) Describe() string {
	var b strings.Builder
	b.WriteString(s.Form.String())
	switch s.Kind {
	case SubScalar:
		if s.Agg != AggNone {
			b.WriteString(" " + s.Agg.String())
		} else {
			b.WriteString(" scalar")
		}
	case SubExists:
		b.WriteString(" exists")
	case SubAny:
		b.WriteString(" " + s.Cmp.Fn.Infix + " any")
	}
	b.WriteString(" over " + QuoteIdent(s.Table.Name))
	return b.String()
}

// HasSubquery reports whether e reads a subquery anywhere.
func HasSubquery(e Expr) bool {
	if _, ok := e.(*Subquery); ok {
		return true
	}
	for _, k := range e.Children() {
		if HasSubquery(k) {
			return true
		}
	}
	return false
}

// HasParam reports whether e reads an outer value (a Param), directly or
// through the arguments of a nested subquery.
func HasParam(e Expr) bool {
	if _, ok := e.(*Param); ok {
		return true
	}
	for _, k := range e.Children() {
		if HasParam(k) {
			return true
		}
	}
	return false
}

// CheckSettled proves that every subquery q reads was settled into one of
// q.Subqueries: the interpreter and code generation call it, so an unsettled
// form can never reach them.
func CheckSettled(q *Query) error {
	known := map[*Settled]bool{}
	for _, s := range q.Subqueries {
		known[s] = true
	}
	var walk func(e Expr) error
	walk = func(e Expr) error {
		if s, ok := e.(*Subquery); ok {
			if s.Settled == nil || !known[s.Settled] {
				return fmt.Errorf("query %s: subquery %s was not settled", q.Name, s.SQL)
			}
		}
		for _, k := range e.Children() {
			if err := walk(k); err != nil {
				return err
			}
		}
		return nil
	}
	for _, e := range append([]Expr{q.Filter}, outputExprs(q)...) {
		if e != nil {
			if err := walk(e); err != nil {
				return err
			}
		}
	}
	for _, s := range q.Subqueries {
		for _, e := range s.Exprs() {
			if err := walk(e); err != nil {
				return err
			}
		}
	}
	return nil
}

func outputExprs(q *Query) []Expr {
	out := make([]Expr, len(q.Outputs))
	for i, o := range q.Outputs {
		out[i] = o.Expr
	}
	return out
}

// Pass is one inner phase: the settled subqueries over one table with one
// inner filter, computed together in one scan of the table (so that
// (SELECT max(v) FROM t) and (SELECT min(v) FROM t) read t once).
type Pass struct {
	Table *Table
	Inner Expr
	Subs  []*Settled
}

// Passes groups settled subqueries (in build order) into passes: a subquery
// joins an earlier pass over the same table and inner filter only when every
// subquery its own expressions read is built by an earlier pass.
func Passes(subs []*Settled) []*Pass {
	var out []*Pass
	passOf := map[*Settled]int{}
	for _, s := range subs {
		deps := s.reads()
		join := -1
		for i, p := range out {
			if p.Table != s.Table || !optEqual(p.Inner, s.Inner) {
				continue
			}
			ok := true
			for d := range deps {
				if passOf[d] >= i {
					ok = false
				}
			}
			if ok {
				join = i
				break
			}
		}
		if join < 0 {
			out = append(out, &Pass{Table: s.Table, Inner: s.Inner})
			join = len(out) - 1
		}
		passOf[s] = join
		out[join].Subs = append(out[join].Subs, s)
	}
	return out
}

// reads lists the settled subqueries s's own expressions read.
func (s *Settled) reads() map[*Settled]bool {
	out := map[*Settled]bool{}
	var walk func(e Expr)
	walk = func(e Expr) {
		if sq, ok := e.(*Subquery); ok {
			out[sq.Settled] = true
		}
		for _, k := range e.Children() {
			walk(k)
		}
	}
	for _, e := range s.Exprs() {
		walk(e)
	}
	return out
}

// MapParams returns e with every Param p replaced by fn(p); nested
// subqueries' own Params (inside their Where and Value) are not reached,
// only their arguments, which are in e's scope.
func MapParams(e Expr, fn func(*Param) Expr) Expr {
	if p, ok := e.(*Param); ok {
		return fn(p)
	}
	kids := e.Children()
	if len(kids) == 0 {
		return e
	}
	out := make([]Expr, len(kids))
	for i, k := range kids {
		out[i] = MapParams(k, fn)
	}
	return WithChildren(e, out)
}
