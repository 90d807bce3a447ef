package vec

import (
	"cmp"

	"github.com/exprc/exprc/templates/rt"
)

// Fast paths of the hottest subquery probes, which generated code calls when
// the types allow: the general probes (SubProbeSet, SubProbeKeyed,
// SubProbeSorted) answer every form through function values and a closure
// per row, which costs as much as the hash lookup itself. Each fast path
// falls back to the general probe when the subquery failed in its inner
// phase, and answers exactly as it would.

// SubProbeIn is x IN (subquery) for a value type that is its own hash key
// (BIGINT, INT, DATE, VARCHAR, BOOLEAN; DOUBLE needs its NaN and -0.0
// normalisation): one map lookup per row.
func SubProbeIn[V comparable](g *SubGroup[V, V], innerErr *rt.Error, x *Vec[V], sel Sel, n int) Vec[bool] {
	if innerErr != nil || g == nil || g.rows == 0 || x.Err != nil {
		return SubProbeSet(g, innerErr, ResAny[V, V](RelEq), x, sel, n)
	}
	g.spec.must(NeedSet)
	set := g.x.set
	res := Make[bool](n)
	if sel == nil {
		out, vals := res.V[:n], x.V[:n]
		for i, v := range vals {
			_, out[i] = set[v]
		}
	} else {
		for _, i := range sel {
			_, res.V[i] = set[x.V[i]]
		}
	}
	// NULL: a NULL x (the set is not empty), or no match in a set holding a
	// NULL.
	if hasNull := g.nonNull < g.rows; x.MayBeNull() || hasNull {
		for k := 0; k < sel.Rows(n); k++ {
			i := sel.Row(k)
			if x.IsNull(i) || hasNull && !res.V[i] {
				res.V[i] = false
				res.SetNull(i)
			}
		}
	}
	return res
}

// SubProbeKeyedRows is count(*) of a subquery correlated by equalities: the
// size of each row's key group, 0 for a missing or NULL key.
func SubProbeKeyedRows[K comparable, V any, H comparable](t *SubKeyed[K, V, H], innerErr *rt.Error, key *Vec[K], argErrs []*rt.Error, sel Sel, n int) Vec[int64] {
	if innerErr != nil {
		return SubProbeKeyed(t, innerErr, ResRows[V, H], nil, key, argErrs, sel, n)
	}
	res := Make[int64](n)
	index, groups := t.index, t.groups
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		switch {
		case argErrs != nil && argErrs[i] != nil:
			res.SetErr(i, argErrs[i])
		case key.IsNull(i):
		default:
			if g, ok := index[key.V[i]]; ok {
				res.V[i] = groups[g].rows
			}
		}
	}
	return res
}

// SubProbeKeyedExists is EXISTS of a subquery correlated by equalities.
func SubProbeKeyedExists[K comparable, V any, H comparable](t *SubKeyed[K, V, H], innerErr *rt.Error, key *Vec[K], argErrs []*rt.Error, sel Sel, n int) Vec[bool] {
	if innerErr != nil {
		return SubProbeKeyed(t, innerErr, ResExists[V, H], nil, key, argErrs, sel, n)
	}
	res := Make[bool](n)
	index := t.index
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		switch {
		case argErrs != nil && argErrs[i] != nil:
			res.SetErr(i, argErrs[i])
		case key.IsNull(i):
		default:
			_, res.V[i] = index[key.V[i]]
		}
	}
	return res
}

// SubProbeSortedRows is count(*) of a subquery correlated by one inequality
// "inner rel outer", for keys whose Go order is the SQL order (BIGINT, INT,
// DATE, VARCHAR; not DOUBLE, whose NaN sorts last in SQL): one binary search
// per row with the comparison inlined.
func SubProbeSortedRows[K cmp.Ordered, V any, H comparable](s *SubSorted[K, V, H], innerErr *rt.Error, rel SubRel, key *Vec[K], argErrs []*rt.Error, sel Sel, n int) Vec[int64] {
	if innerErr != nil {
		return SubProbeSorted(s, innerErr, rel, RangeRows[K, V, H], key, argErrs, sel, n)
	}
	res := Make[int64](n)
	keys := s.keys
	total := int64(len(keys))
	orEqual := rel == RelLe || rel == RelGt
	suffix := rel == RelGt || rel == RelGe
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		switch {
		case argErrs != nil && argErrs[i] != nil:
			res.SetErr(i, argErrs[i])
		case key.IsNull(i):
		default:
			below := int64(searchOrdered(keys, key.V[i], orEqual))
			if suffix {
				below = total - below
			}
			res.V[i] = below
		}
	}
	return res
}

// searchOrdered is SubSorted.search with the key order inlined: how many keys
// are below o (orEqual: at most o).
func searchOrdered[K cmp.Ordered](keys []K, o K, orEqual bool) int {
	lo, hi := 0, len(keys)
	if orEqual {
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if keys[m] <= o {
				lo = m + 1
			} else {
				hi = m
			}
		}
		return lo
	}
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if keys[m] < o {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
