package lower

import (
	"slices"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Shared subexpressions computed inside fused loops instead of as vectors.

// absorb picks, before root region r's hoists are lowered, the shared
// subexpressions a fused root (an output column or the WHERE clause lowered
// as fused loops) computes in its own row loops instead of a hoisted vector:
// decided always, hoisted at r only, and every occurrence inside that root.
// The vector (16 bytes a row for a string) is only built for the rows the
// loops leave to the vector code, which hoists them first, as r would have.
func (l *lowerer) absorb(r *cse.Region, tops []ir.Expr) {
	if r == nil {
		return
	}
	for _, e := range tops {
		if l.lookup(e) != nil {
			continue
		}
		var cands []*cse.Shared
		for _, s := range r.Hoists {
			if s.Decision == cse.Always && !s.Memo && len(s.Hoists) == 1 && l.absorbed[s.ID] == nil && occurrences(l.plan, e, s) == s.Uses {
				cands = append(cands, s)
			}
		}
		if len(cands) == 0 {
			continue
		}
		for _, s := range cands {
			l.absorbed[s.ID] = e
		}
		if !l.try(r, e) {
			for _, s := range cands {
				delete(l.absorbed, s.ID)
			}
		}
	}
	l.recompute(r, tops)
}

// try reports whether root e would be fused once root region r's hoists
// are computed.
func (l *lowerer) try(r *cse.Region, e ir.Expr) bool {
	l.pending = r
	ok, _ := l.fusibleRoot(e)
	l.pending = nil
	return ok
}

// recompute picks, among root region r's hoists, the cheap ones (Cheap) used
// only by several fused roots, directly or, under a WHERE clause, as the
// root itself: each of those roots computes it per row, in its loops, and
// no vector of it is built.
// Writing a vector and reading it back costs more than a few arithmetic
// operations done twice; a kernel that can fail, a string or a map lookup is
// never computed again this way.
func (l *lowerer) recompute(r *cse.Region, tops []ir.Expr) {
	for _, s := range r.Hoists {
		if !CheapShared(s) || l.absorbed[s.ID] != nil {
			continue
		}
		if l.q.Filter == nil && slices.ContainsFunc(tops, func(e ir.Expr) bool { return l.lookup(e) == s }) {
			// an output column is s itself, on every row: its vector is the
			// column (adopted, not copied), and the other roots read it, one
			// array where computing s again reads each of its inputs
			continue
		}
		var users []ir.Expr
		total := 0
		for _, e := range tops {
			if n := l.evaluated(e, s, e); n > 0 {
				users = append(users, e)
				total += n
			}
		}
		if total != s.Uses || len(users) < 2 {
			continue
		}
		l.recomputed[s.ID] = true
		for _, e := range users {
			if !l.try(r, e) {
				delete(l.recomputed, s.ID)
				break
			}
		}
	}
}

// CheapShared reports whether a shared subexpression may be computed again
// by each fused root that uses it: always shared, hoisted once, and Cheap.
func CheapShared(s *cse.Shared) bool {
	return s.Decision == cse.Always && !s.Memo && len(s.Hoists) == 1 && Cheap(s.Expr)
}

// absorbedBy lists the shared subexpressions fused expression e computes
// per row, smallest first (the order of the root's hoists), so that one may
// use another.
func (l *lowerer) absorbedBy(e ir.Expr) []*cse.Shared {
	if l.plan == nil {
		return nil
	}
	var out []*cse.Shared
	for _, r := range []*cse.Region{l.plan.Where, l.plan.Outputs} {
		if r == nil {
			continue
		}
		for _, s := range r.Hoists {
			if (l.absorbed[s.ID] == e || l.recomputed[s.ID] && l.lookup(e) != s) && l.evaluated(e, s, e) > 0 {
				out = append(out, s)
			}
		}
	}
	return out
}

// evaluated counts the occurrences of s in e that the fused loops of root
// evaluate themselves: not those inside another shared subexpression the
// loops read as a vector (one neither absorbed by root nor recomputed), whose
// vector code computes s on its own.
func (l *lowerer) evaluated(e ir.Expr, s *cse.Shared, root ir.Expr) int {
	if t := l.lookup(e); t != nil {
		if t == s {
			return 1
		}
		if e != root && l.absorbed[t.ID] != root && !l.recomputed[t.ID] {
			return 0
		}
	}
	n := 0
	for _, k := range e.Children() {
		n += l.evaluated(k, s, root)
	}
	return n
}

// occurrences counts the nodes of e that are occurrences of s.
func occurrences(p *cse.Plan, e ir.Expr, s *cse.Shared) int {
	n := 0
	if p.Lookup(e) == s {
		n++
	}
	for _, k := range e.Children() {
		n += occurrences(p, k, s)
	}
	return n
}

// place records where each shared subexpression is computed, for explain.
func (l *lowerer) place() {
	if l.plan == nil {
		return
	}
	names := map[ir.Expr]string{}
	if l.q.Filter != nil {
		names[l.q.Filter] = "WHERE"
	}
	for _, o := range l.q.Outputs {
		if _, dup := names[o.Expr]; !dup {
			names[o.Expr] = o.Name
		}
	}
	for _, s := range l.plan.Shared {
		p := &Placement{Shared: s}
		switch {
		case l.absorbed[s.ID] != nil:
			p.How, p.Roots = "absorbed", []string{names[l.absorbed[s.ID]]}
			p.Reason = "every use is inside this fused root, which computes it once per row in its loops"
		case l.recomputed[s.ID]:
			p.How = "recomputed"
			for _, root := range l.rootExprs() {
				if l.evaluated(root, s, root) > 0 {
					p.Roots = append(p.Roots, names[root])
				}
			}
			p.Reason = "cheap (a few operations that cannot fail) and used only by fused roots: each computes it per row rather than read a vector"
		case s.Memo:
			p.How = "memo"
			p.Reason = "a vector with a done mask: each use computes the rows it lacks"
		default:
			p.How = "vector"
			p.Reason = "a vector computed once, read by every use"
		}
		l.out.Shared = append(l.out.Shared, p)
	}
}

func (l *lowerer) rootExprs() []ir.Expr {
	var out []ir.Expr
	if l.q.Filter != nil {
		out = append(out, l.q.Filter)
	}
	for _, o := range l.q.Outputs {
		out = append(out, o.Expr)
	}
	return out
}

// Cheap reports whether e is a few fixed-width operations that cannot fail
// (templates/rt kernels over columns and constants, eight nodes at most).
// Such an expression decided "always" is still computed once per row by the
// query as planned, but a fused loop may compute it itself rather than write
// a vector of it and read it back, which costs more than the operations
// themselves; evaluating it twice is not observable (it is pure and cannot
// fail).
func Cheap(e ir.Expr) bool {
	nodes := 0
	var walk func(e ir.Expr) bool
	walk = func(e ir.Expr) bool {
		if nodes++; nodes > 8 {
			return false
		}
		switch e := e.(type) {
		case *ir.Const:
			return e.Err == nil && e.V != nil && kinds.FixedWidth(e.T)
		case *ir.ColumnRef:
			return kinds.FixedWidth(e.T)
		case *ir.Call:
			if e.Sig.Kernel == "" || e.Sig.KernelErr || e.Sig.KernelPkg != "" || !kinds.FixedWidth(e.Sig.Ret) {
				return false
			}
			for _, a := range e.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	return walk(e)
}
