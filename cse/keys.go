package cse

import "github.com/exprc/exprc/ir"

// keys interns expressions by structure: equal expressions (ir.Equal) get the
// same small integer, which is what the analysis counts and intersects.
type keys struct {
	buckets map[uint64][]int
	exprs   []ir.Expr
}

func newKeys() *keys { return &keys{buckets: map[uint64][]int{}} }

func (k *keys) of(e ir.Expr) int {
	h := ir.Hash(e)
	for _, id := range k.buckets[h] {
		if ir.Equal(k.exprs[id], e) {
			return id
		}
	}
	id := len(k.exprs)
	k.exprs = append(k.exprs, e)
	k.buckets[h] = append(k.buckets[h], id)
	return id
}

// set is a small set of expression keys.
type set map[int]struct{}

func (s set) add(k int) { s[k] = struct{}{} }

func (s set) has(k int) bool { _, ok := s[k]; return ok }

func union(sets ...set) set {
	out := set{}
	for _, s := range sets {
		for k := range s {
			out.add(k)
		}
	}
	return out
}

func intersect(a, b set) set {
	out := set{}
	for k := range a {
		if b.has(k) {
			out.add(k)
		}
	}
	return out
}

// shareable reports whether e is worth sharing at all: leaves cost nothing to
// recompute, and volatile functions must run every time they are written.
func shareable(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const, *ir.ColumnRef:
		return false
	case *ir.Call:
		if e.Fn.Volatile {
			return false
		}
	}
	for _, c := range e.Children() {
		if hasVolatile(c) {
			return false
		}
	}
	return true
}

func hasVolatile(e ir.Expr) bool {
	if c, ok := e.(*ir.Call); ok && c.Fn.Volatile {
		return true
	}
	for _, k := range e.Children() {
		if hasVolatile(k) {
			return true
		}
	}
	return false
}
