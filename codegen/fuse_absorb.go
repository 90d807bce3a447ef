package codegen

import (
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Shared subexpressions computed inside a fused loop instead of as vectors.

// absorb picks, before root region r's hoists are emitted, the shared
// subexpressions a fused root (an output column or the WHERE clause emitted
// as fused loops) computes in its own row loops instead of a hoisted vector:
// decided always, hoisted at r only, and every occurrence inside that root.
// The vector (16 bytes a row for a string) is only built for the rows the
// loops leave to the vector code, which hoists them first, as r would have.
func (f *funcGen) absorb(r *cse.Region, tops []ir.Expr) {
	if r == nil {
		return
	}
	for _, e := range tops {
		if f.plan.Lookup(e) != nil {
			continue
		}
		var cands []*cse.Shared
		for _, s := range r.Hoists {
			if s.Decision == cse.Always && !s.Memo && len(s.Hoists) == 1 && f.absorbed[s.ID] == nil && occurrences(f.plan, e, s) == s.Uses {
				cands = append(cands, s)
			}
		}
		if len(cands) == 0 {
			continue
		}
		for _, s := range cands {
			f.absorbed[s.ID] = e
		}
		f.pending = r // the other hoists of r will be computed by then
		ok := f.fusibleRoot(e)
		f.pending = nil
		if !ok {
			for _, s := range cands {
				delete(f.absorbed, s.ID)
			}
		}
	}
	f.recompute(r, tops)
}

// recompute picks, among root region r's hoists, the cheap ones (cse.Cheap)
// used only by several fused roots, directly or as the root itself: each of
// those roots computes it per row, in its loops, and no vector of it is
// built. Writing a vector and reading it back costs more than a few
// arithmetic operations done twice; a kernel that can fail, a string or a map
// lookup is never computed again this way.
func (f *funcGen) recompute(r *cse.Region, tops []ir.Expr) {
	for _, s := range r.Hoists {
		if !s.Cheap || f.absorbed[s.ID] != nil {
			continue
		}
		var users []ir.Expr
		total := 0
		for _, e := range tops {
			if n := f.evaluated(e, s, e); n > 0 {
				users = append(users, e)
				total += n
			}
		}
		if total != s.Uses || len(users) < 2 {
			continue
		}
		f.recomputed[s.ID] = true
		f.pending = r
		for _, e := range users {
			if !f.fusibleRoot(e) {
				delete(f.recomputed, s.ID)
				break
			}
		}
		f.pending = nil
	}
}

// absorbedBy lists the shared subexpressions e absorbs, smallest first (the
// order of the root's hoists), so that one may use another.
func (f *funcGen) absorbedBy(e ir.Expr) []*cse.Shared {
	if f.plan == nil {
		return nil
	}
	var out []*cse.Shared
	for _, r := range []*cse.Region{f.plan.Where, f.plan.Outputs} {
		if r == nil {
			continue
		}
		for _, s := range r.Hoists {
			if (f.absorbed[s.ID] == e || f.recomputed[s.ID] && f.plan.Lookup(e) != s) && f.evaluated(e, s, e) > 0 {
				out = append(out, s)
			}
		}
	}
	return out
}

func hoistedAt(r *cse.Region, s *cse.Shared) bool {
	for _, h := range r.Hoists {
		if h == s {
			return true
		}
	}
	return false
}

// occurrences counts the nodes of e that are occurrences of s.
// evaluated counts the occurrences of s in e that the fused loops of root
// evaluate themselves: not those inside another shared subexpression the
// loops read as a vector (one neither absorbed by root nor recomputed), whose
// vector code computes s on its own.
func (f *funcGen) evaluated(e ir.Expr, s *cse.Shared, root ir.Expr) int {
	if t := f.plan.Lookup(e); t != nil {
		if t == s {
			return 1
		}
		if e != root && f.absorbed[t.ID] != root && !f.recomputed[t.ID] {
			return 0
		}
	}
	n := 0
	for _, k := range e.Children() {
		n += f.evaluated(k, s, root)
	}
	return n
}

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

// tempName names the per-row local of an absorbed shared subexpression after
// what it holds.
// rootName names the vector of a fused root value after its operation.
func rootName(e ir.Expr) string {
	switch e.(type) {
	case *ir.And:
		return "allOf"
	case *ir.Or:
		return "anyOf"
	case *ir.Between:
		return "inRange"
	case *ir.In:
		return "inList"
	}
	return tempName(e)
}

func tempName(e ir.Expr) string {
	if c, ok := e.(*ir.Call); ok {
		return tempBase(c)
	}
	return "shared"
}
