// Package cse is exprc's conditional common-subexpression analysis, done ahead of
// time over all expressions of a query together (the WHERE clause and every
// output column). For every subexpression written more than once it decides how
// the generated code computes it once per row without ever computing it on a row
// where the query as written would not:
//
//   - always: it is evaluated on every row that reaches the query's outputs (it
//     is in the Always set of a top-level expression), so it is computed once, up
//     front, for all rows;
//   - region: it is evaluated on every row of one region (an IF branch, a THEN, or
//     "the first k WHENs were not TRUE") and written more than once there, so it
//     is computed once at the start of that region, on that region's rows;
//   - lazy: its uses are in regions none of which covers the others, so it is
//     computed on demand, on the rows that reach a use and have not computed it
//     yet (a per-row done mask remembers them).
//
// Always sets follow design.md section 5: Always(IF(p, t, e)) = Always(p) ∪
// (Always(t) ∩ Always(e)); CASE is nested IFs; Always(COALESCE(x1, ...)) =
// Always(x1); strict calls and AND/OR include all their operands.
package cse

import (
	"fmt"

	"github.com/exprc/exprc/ir"
)

// Decision is how a shared subexpression is computed.
type Decision int

// The decisions, from the cheapest to the most general.
const (
	Always Decision = iota
	InRegion
	Lazy
)

func (d Decision) String() string {
	switch d {
	case Always:
		return "always"
	case InRegion:
		return "region"
	}
	return "lazy"
}

// Shared is one subexpression written more than once in a query.
type Shared struct {
	ID       int
	Expr     ir.Expr // the first occurrence
	SQL      string
	Uses     int
	Decision Decision
	// Reason says which path proved the decision, or which path is missing.
	Reason string
	// Hoists are the regions at whose start it is computed (Always: the WHERE or
	// outputs region; InRegion: one region; Lazy: possibly regions where it is
	// always evaluated and used more than once).
	Hoists []*Region
	// Memo is set when some use is not inside a hoisting region, so the generated
	// code keeps a done mask and computes the missing rows at each use.
	Memo bool
}

// RegionKind names the row sets the analysis distinguishes.
type RegionKind string

// Region kinds. Then/Else are IF branches; WhenThen is the THEN of WHEN k (index
// k); CaseRest is the rows where the first k WHENs (index k >= 1) were not TRUE,
// which also holds the ELSE; CoalesceRest is the rows where the first k
// arguments of a COALESCE were NULL.
const (
	WhereRegion   RegionKind = "where"
	OutputsRegion RegionKind = "outputs"
	Then          RegionKind = "then"
	Else          RegionKind = "else"
	WhenThen      RegionKind = "when-then"
	CaseRest      RegionKind = "case-rest"
	CoalesceRest  RegionKind = "coalesce-rest"
)

// Region is a set of rows on which some expressions are evaluated
// unconditionally: the rows the WHERE clause is evaluated on (all), the rows
// that reach the outputs, or a branch of a conditional.
type Region struct {
	ID     int
	Kind   RegionKind
	Node   ir.Expr // the conditional (nil for the two roots)
	Index  int
	Parent *Region
	// Owner is the top-level clause the region is in ("WHERE" or an output name).
	Owner string
	// Hoists are computed at the start of the region, in dependency order.
	Hoists []*Shared

	always set
	depth  int
}

// Describe says in words which rows the region holds.
func (r *Region) Describe() string {
	switch r.Kind {
	case WhereRegion:
		return "every input row (the WHERE clause)"
	case OutputsRegion:
		return "every row that passes the WHERE clause"
	case Then:
		return fmt.Sprintf("the rows where %s is TRUE, in %s", ir.Format(r.Node.(*ir.If).Cond), r.Owner)
	case Else:
		return fmt.Sprintf("the rows where %s is not TRUE, in %s", ir.Format(r.Node.(*ir.If).Cond), r.Owner)
	case WhenThen:
		return fmt.Sprintf("the rows that take WHEN %d of %s, in %s", r.Index+1, short(r.Node), r.Owner)
	case CaseRest:
		if r.Index == 1 {
			return fmt.Sprintf("the rows where WHEN 1 of %s is not TRUE, in %s", short(r.Node), r.Owner)
		}
		return fmt.Sprintf("the rows where WHENs 1-%d of %s are not TRUE, in %s", r.Index, short(r.Node), r.Owner)
	case CoalesceRest:
		if r.Index == 1 {
			return fmt.Sprintf("the rows where argument 1 of %s is NULL, in %s", short(r.Node), r.Owner)
		}
		return fmt.Sprintf("the rows where arguments 1-%d of %s are NULL, in %s", r.Index, short(r.Node), r.Owner)
	}
	return string(r.Kind)
}

func short(e ir.Expr) string { return ir.Shorten(ir.Format(e), 60) }

// Plan is the analysis of one query.
type Plan struct {
	Query   *ir.Query
	Shared  []*Shared
	Where   *Region // nil without a WHERE clause
	Outputs *Region

	byNode  map[ir.Expr]*Shared
	regions map[regionKey]*Region
}

type regionKey struct {
	node  ir.Expr
	kind  RegionKind
	index int
}

// Lookup returns the shared subexpression e is an occurrence of, or nil. e must
// be a node of the analysed query (lookup is by identity, not structure).
func (p *Plan) Lookup(e ir.Expr) *Shared {
	if p == nil {
		return nil
	}
	return p.byNode[e]
}

// Region returns the region of a conditional's branch, or nil when nothing is
// hoisted there.
func (p *Plan) Region(node ir.Expr, kind RegionKind, index int) *Region {
	if p == nil {
		return nil
	}
	return p.regions[regionKey{node, kind, index}]
}

// SharedID implements interp.Sharing: the ID of the shared subexpression e is an
// occurrence of, or -1.
func (p *Plan) SharedID(e ir.Expr) int {
	if s := p.Lookup(e); s != nil {
		return s.ID
	}
	return -1
}

// NumShared implements interp.Sharing.
func (p *Plan) NumShared() int { return len(p.Shared) }
