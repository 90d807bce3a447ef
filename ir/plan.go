package ir

import "slices"

// Column is one column of a table or of a query's output.
type Column struct {
	Name     string
	Type     Type
	Nullable bool
}

// Table is a table declared in a spec with CREATE TABLE.
type Table struct {
	Name    string
	Columns []Column
}

// Lookup returns the index of the column named name (already canonicalised by the
// binder), or -1.
func (t *Table) Lookup(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Output is one column of a query's result: its name, its expression over the
// scanned row, and the SQL text it came from (for error messages and for the
// comment over the column in generated code).
type Output struct {
	Name string
	Expr Expr
	SQL  string
}

// Query is a bound, named query: scan Source, keep the rows where Filter is TRUE
// (nil means every row), and project Outputs. The three plan nodes are fixed in
// this order, which is all a single-table SELECT needs; subquery inputs will hang
// off the Query as further sources.
type Query struct {
	Name      string
	SQL       string // the whole SELECT statement as written
	Source    *Table
	Filter    Expr
	FilterSQL string
	Outputs   []Output
	// Subqueries are the settled subqueries the expressions read, each once,
	// in build order: a subquery nested in another's WHERE comes first.
	Subqueries []*Settled
	// Zone is the session time zone (SET TIME ZONE; "UTC" by default) in
	// which the query's TIMESTAMP literals were read and its conversions
	// between instants and wall-clock readings run: each such call's
	// signature carries it (Signature.KernelZone), so generated code has
	// it as a constant.
	Zone string
}

// UsedColumns lists the indexes of the Source columns the query reads (in its
// WHERE clause, its outputs, and the outer references of its subqueries), in
// table order. The generated code loads these columns only, and exprc run
// decodes only these from its input file.
func (q *Query) UsedColumns() []int {
	seen := map[int]bool{}
	var walk func(e Expr)
	walk = func(e Expr) {
		if c, ok := e.(*ColumnRef); ok {
			seen[c.Index] = true
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
	out := make([]int, 0, len(seen))
	for i := range seen {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// OutputSchema lists the result columns with their types and whether they can be
// NULL.
func (q *Query) OutputSchema() []Column {
	cols := make([]Column, len(q.Outputs))
	for i, o := range q.Outputs {
		cols[i] = Column{Name: o.Name, Type: o.Expr.Type(), Nullable: MayBeNull(o.Expr)}
	}
	return cols
}

// MayBeNull reports whether e can be NULL on some row. It is conservative: true
// unless NULL is impossible by construction (non-nullable columns, non-NULL
// constants, IS NULL, strict functions that cannot return NULL over non-NULL
// arguments are still treated as possibly NULL unless all arguments are known
// non-NULL and the function is one that never yields NULL itself).
func MayBeNull(e Expr) bool {
	switch e := e.(type) {
	case *Const:
		return e.V == nil && e.Err == nil
	case *ColumnRef:
		return e.Nullable
	case *IsNull:
		return false
	case *Try:
		return true
	case *Call:
		if !e.Fn.Strict || e.Fn.NullOnValue {
			return true
		}
		for _, a := range e.Args {
			if MayBeNull(a) {
				return true
			}
		}
		return false
	case *And, *Or, *In, *Between:
		for _, k := range e.Children() {
			if MayBeNull(k) {
				return true
			}
		}
		return false
	case *If:
		return MayBeNull(e.Then) || MayBeNull(e.Else)
	case *Case:
		for _, w := range e.Whens {
			if MayBeNull(w.Then) {
				return true
			}
		}
		return MayBeNull(e.Else)
	case *Coalesce:
		for _, a := range e.Args {
			if !MayBeNull(a) {
				return false
			}
		}
		return true
	case *NullIf:
		return true
	case *Param:
		return e.Nullable
	case *Subquery:
		// EXISTS and counts are never NULL; IN over a non-empty set can be.
		return !(e.Kind == SubExists || e.Agg == AggCountStar || e.Agg == AggCount)
	}
	return true
}
