package cse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/exprc/exprc/ir"
)

type occurrence struct {
	node      ir.Expr
	region    *Region
	ancestors []int // keys of shareable ancestors, innermost last
	order     int   // walk order, for stable output
}

type analyzer struct {
	keys    *keys
	memo    map[ir.Expr]set
	occ     map[int][]occurrence
	regions []*Region
	plan    *Plan
	stack   []int
	seq     int
}

// Analyze decides, for every subexpression written more than once in q, how it
// is shared. The decisions depend only on the query's expressions, not on the
// order of its output columns.
func Analyze(q *ir.Query) *Plan {
	a := &analyzer{keys: newKeys(), memo: map[ir.Expr]set{}, occ: map[int][]occurrence{}}
	a.plan = &Plan{Query: q, byNode: map[ir.Expr]*Shared{}, regions: map[regionKey]*Region{}}
	if q.Filter != nil {
		w := a.newRegion(WhereRegion, nil, 0, nil, "WHERE")
		w.always = a.always(q.Filter)
		a.plan.Where = w
		a.walk(q.Filter, w)
	}
	out := a.newRegion(OutputsRegion, nil, 0, nil, "the outputs")
	out.always = set{}
	for _, o := range q.Outputs {
		out.always = union(out.always, a.always(o.Expr))
	}
	a.plan.Outputs = out
	for _, o := range q.Outputs {
		a.walkOutput(o, out)
	}
	a.decide()
	return a.plan
}

func (a *analyzer) walkOutput(o ir.Output, out *Region) {
	// Regions created below an output are owned by it, for the explanations.
	before := len(a.regions)
	a.walk(o.Expr, out)
	for _, r := range a.regions[before:] {
		r.Owner = "output " + o.Name
	}
}

func (a *analyzer) newRegion(kind RegionKind, node ir.Expr, index int, parent *Region, owner string) *Region {
	r := &Region{ID: len(a.regions), Kind: kind, Node: node, Index: index, Parent: parent, Owner: owner}
	if parent != nil {
		r.depth = parent.depth + 1
		r.Owner = parent.Owner
	}
	a.regions = append(a.regions, r)
	if node != nil {
		a.plan.regions[regionKey{node, kind, index}] = r
	}
	return r
}

// child creates the region of one branch of conditional node under parent, with
// the set of expressions every row of it evaluates.
func (a *analyzer) child(parent *Region, kind RegionKind, node ir.Expr, index int) *Region {
	r := a.newRegion(kind, node, index, parent, parent.Owner)
	switch kind {
	case Then:
		r.always = a.always(node.(*ir.If).Then)
	case Else:
		r.always = a.always(node.(*ir.If).Else)
	case WhenThen:
		r.always = a.always(node.(*ir.Case).Whens[index].Then)
	case CaseRest:
		r.always = a.caseRest(node.(*ir.Case), index)
	case CoalesceRest:
		r.always = a.always(node.(*ir.Coalesce).Args[index])
	}
	return r
}

func (a *analyzer) walk(e ir.Expr, r *Region) {
	pushed := false
	if shareable(e) {
		k := a.keys.of(e)
		anc := append([]int(nil), a.stack...)
		a.occ[k] = append(a.occ[k], occurrence{node: e, region: r, ancestors: anc, order: a.seq})
		a.seq++
		a.stack = append(a.stack, k)
		pushed = true
	}
	switch e := e.(type) {
	case *ir.If:
		a.walk(e.Cond, r)
		a.walk(e.Then, a.child(r, Then, e, 0))
		a.walk(e.Else, a.child(r, Else, e, 0))
	case *ir.Case:
		if e.Operand != nil {
			a.walk(e.Operand, r)
		}
		rest := r
		for k, w := range e.Whens {
			a.walk(w.Cond, rest)
			a.walk(w.Then, a.child(rest, WhenThen, e, k))
			rest = a.child(rest, CaseRest, e, k+1)
		}
		a.walk(e.Else, rest)
	case *ir.Coalesce:
		rest := r
		for k, x := range e.Args {
			if k > 0 {
				rest = a.child(rest, CoalesceRest, e, k)
			}
			a.walk(x, rest)
		}
	default:
		for _, c := range e.Children() {
			a.walk(c, r)
		}
	}
	if pushed {
		a.stack = a.stack[:len(a.stack)-1]
	}
}

// always is the set of shareable subexpressions evaluated on every row on which
// e is evaluated.
func (a *analyzer) always(e ir.Expr) set {
	if s, ok := a.memo[e]; ok {
		return s
	}
	base := set{}
	if shareable(e) {
		base.add(a.keys.of(e))
	}
	var s set
	switch e := e.(type) {
	case *ir.If:
		// A branch runs only where the condition is not an error: what both
		// branches share is evaluated on every row only if the condition cannot
		// fail.
		s = union(base, a.always(e.Cond))
		if !MayFail(e.Cond) {
			s = union(s, intersect(a.always(e.Then), a.always(e.Else)))
		}
	case *ir.Case:
		s = union(base, a.caseRest(e, 0))
		if e.Operand != nil {
			s = union(s, a.always(e.Operand))
		}
	case *ir.Coalesce:
		s = union(base, a.always(e.Args[0]))
	default:
		parts := []set{base}
		for _, c := range e.Children() {
			parts = append(parts, a.always(c))
		}
		s = union(parts...)
	}
	a.memo[e] = s
	return s
}

// caseRest is Always of the part of a CASE that runs when the first k WHENs
// were not TRUE: WHEN k+1's condition, and what both of its outcomes share.
func (a *analyzer) caseRest(e *ir.Case, k int) set {
	if k == len(e.Whens) {
		return a.always(e.Else)
	}
	s := a.always(e.Whens[k].Cond)
	// As for IF: an error in the test (the condition, or in a simple CASE the
	// operand or the WHEN value) ends the CASE, so nothing after it is certain.
	if !MayFail(e.Whens[k].Cond) && (e.Operand == nil || !MayFail(e.Operand)) {
		s = union(s, intersect(a.always(e.Whens[k].Then), a.caseRest(e, k+1)))
	}
	return s
}

// MayFail reports whether e can be an error on some row: a constant that
// folding found to fail, or a call of an overload that can fail, anywhere
// below, except under TRY.
func MayFail(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return e.Err != nil
	case *ir.Try:
		return false
	case *ir.Call:
		if e.Sig.MayError {
			return true
		}
	case *ir.Subquery:
		return true // its inner phase or a scalar subquery's row count can fail
	}
	for _, c := range e.Children() {
		if MayFail(c) {
			return true
		}
	}
	return false
}

func (a *analyzer) decide() {
	p := a.plan
	var ids []int
	for k, occs := range a.occ {
		if len(occs) >= 2 {
			ids = append(ids, k)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return a.occ[ids[i]][0].order < a.occ[ids[j]][0].order })
	shared := map[int]bool{}
	for _, k := range ids {
		shared[k] = true
	}
	for _, k := range ids {
		if a.subsumed(k, shared) {
			delete(shared, k)
		}
	}
	for _, k := range ids {
		if !shared[k] {
			continue
		}
		occs := a.occ[k]
		s := &Shared{ID: len(p.Shared), Expr: occs[0].node, SQL: ir.Format(occs[0].node), Uses: len(occs)}
		a.decideOne(s, k, occs)
		p.Shared = append(p.Shared, s)
		for _, o := range occs {
			p.byNode[o.node] = s
		}
		for _, r := range s.Hoists {
			r.Hoists = append(r.Hoists, s)
		}
	}
	for _, r := range a.regions {
		sort.SliceStable(r.Hoists, func(i, j int) bool { return size(r.Hoists[i].Expr) < size(r.Hoists[j].Expr) })
	}
}

// subsumed reports whether every occurrence of k is inside an occurrence of
// another shared expression that holds it exactly once: computing that one once
// per row computes k once per row, so sharing k too would gain nothing.
func (a *analyzer) subsumed(k int, shared map[int]bool) bool {
	occs := a.occ[k]
	for y := range shared {
		if y == k || len(a.occ[y]) != len(occs) {
			continue
		}
		inside := true
		for _, o := range occs {
			if !contains(o.ancestors, y) {
				inside = false
				break
			}
		}
		if inside {
			return true
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func (a *analyzer) decideOne(s *Shared, k int, occs []occurrence) {
	p := a.plan
	if p.Where != nil && p.Where.always.has(k) {
		s.Decision, s.Hoists = Always, []*Region{p.Where}
		s.Reason = "the WHERE clause evaluates it on every input row"
		return
	}
	if p.Outputs.always.has(k) {
		s.Decision, s.Hoists = Always, []*Region{p.Outputs}
		for _, o := range p.Query.Outputs {
			if a.always(o.Expr).has(k) {
				s.Reason = fmt.Sprintf("output %s evaluates it on every row that passes the WHERE clause", o.Name)
				break
			}
		}
		for _, o := range occs {
			if root(o.region) != p.Outputs {
				s.Memo = true // WHERE uses it before the outputs: they fill in the rest
				s.Reason += "; the WHERE clause's uses compute it on the rows they reach first"
				break
			}
		}
		return
	}
	if l := lca(occs); l != nil {
		var best *Region
		for r := l; r != nil; r = r.Parent {
			if r.always.has(k) {
				best = r
			}
		}
		if best != nil {
			s.Decision, s.Hoists = InRegion, []*Region{best}
			s.Reason = "every path evaluates it on " + best.Describe()
			return
		}
	}
	s.Decision, s.Memo = Lazy, true
	// Where a region evaluates it on every row and uses it more than once, compute
	// it at the region's start, so those uses need no check.
	var where []string
	seen := map[*Region]bool{}
	for _, o := range occs {
		var best *Region
		for r := o.region; r != nil; r = r.Parent {
			if r.always.has(k) && countIn(occs, r) >= 2 {
				best = r
			}
		}
		if best != nil && !seen[best] {
			seen[best] = true
			s.Hoists = append(s.Hoists, best)
		}
		d := o.region.Describe()
		if !containsStr(where, d) {
			where = append(where, d)
		}
	}
	s.Reason = "no region that evaluates it on every row covers all its uses (" + strings.Join(where, "; ") +
		"): computed on demand, once per row, on the rows that reach a use"
}

func root(r *Region) *Region {
	for r.Parent != nil {
		r = r.Parent
	}
	return r
}

// lca is the innermost region holding every occurrence, or nil when they are in
// different top-level clauses.
func lca(occs []occurrence) *Region {
	l := occs[0].region
	for _, o := range occs[1:] {
		r := o.region
		for l != nil && r != nil && l != r {
			if l.depth >= r.depth {
				l = l.Parent
			} else {
				r = r.Parent
			}
		}
		if l != r {
			return nil
		}
	}
	return l
}

func within(r, outer *Region) bool {
	for ; r != nil; r = r.Parent {
		if r == outer {
			return true
		}
	}
	return false
}

func countIn(occs []occurrence, r *Region) int {
	n := 0
	for _, o := range occs {
		if within(o.region, r) {
			n++
		}
	}
	return n
}

func containsStr(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func size(e ir.Expr) int {
	n := 1
	for _, c := range e.Children() {
		n += size(c)
	}
	return n
}
