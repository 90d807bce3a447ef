package vec

import (
	"cmp"
	"math"
	"slices"

	"github.com/exprc/exprc/templates/rt"
)

// SubSorted settles a subquery correlated by one inequality, inner.k OP
// outer.o with OP one of < <= > >=: the members for an outer row are then the
// members whose key lies below (< <=) or above (> >=) o, a prefix or a suffix
// of the members sorted by key. Prefix counts and exact sums (a suffix is the
// total minus a prefix) and prefix and suffix min/max make every answer O(1)
// after an O(log n) binary search.
//
// It answers count(*), count(x), EXISTS, sum over integers, sum and avg over
// DECIMAL values, min, max and the scalar value (SubSpec.Need: NeedFirst,
// NeedMin, NeedMax, NeedSumInt, NeedSumDecimal): exact sums, whose prefix
// differences are the sum of any range. Not float sums or avg, whose prefix
// differences would not equal the sum in member order, nor = / <> ANY: those
// need other plans.
//
// Min and max match SubGroup, which keeps the first of tied values in member
// (inner-table) order: the prefix and suffix extremes are chosen by the value
// order, then by inner order, so the earliest inner row among equal extremes
// wins (only DOUBLE -0.0 vs 0.0 can tell).
type SubSorted[K, V any, H comparable] struct {
	spec   *SubSpec[V, H]
	keyCmp func(a, b K) int
	keys   []K // ascending under keyCmp; ties in inner order
	vals   []V // in key order; nil unless NeedFirst, NeedMin or NeedMax

	// Per position i in 0..n: over sorted members [0, i) ("pre") or [i, n)
	// ("suf").
	preNonNull     []int32         // non-NULL values in [0, i)
	preSum         []int128        // exact sum of [0, i) (NeedSumInt)
	preDSum        []rt.DecimalSum // exact DECIMAL sum of [0, i) (NeedSumDecimal)
	preMin, preMax []int32         // position of the extreme of [0, i), -1 if none
	sufMin, sufMax []int32         // position of the extreme of [i, n), -1 if none
}

// SubSortedBuilder collects the members of a SubSorted: Add each, then Build.
type SubSortedBuilder[K, V any, H comparable] struct {
	spec   *SubSpec[V, H]
	keyCmp func(a, b K) int
	keys   []K
	vals   []V
	nulls  []bool
}

// sortedNeeds are the results SubSorted can answer from prefixes and suffixes.
const sortedNeeds = NeedFirst | NeedMin | NeedMax | NeedSumInt | NeedSumDecimal

// NewSubSortedBuilder starts a SubSorted whose keys are ordered by keyCmp (the
// SQL order of the correlation columns: rt.CompareFloat64 for DOUBLE,
// CompareInt64, ...) and whose values are described by spec.
func NewSubSortedBuilder[K, V any, H comparable](keyCmp func(a, b K) int, spec *SubSpec[V, H]) *SubSortedBuilder[K, V, H] {
	spec.check()
	if spec.Need&^sortedNeeds != 0 {
		panic("vec: SubSorted answers only NeedFirst, NeedMin, NeedMax, NeedSumInt and NeedSumDecimal")
	}
	return &SubSortedBuilder[K, V, H]{spec: spec, keyCmp: keyCmp}
}

// Add adds the next member (in inner-table order): its non-NULL key and its
// value or NULL.
func (b *SubSortedBuilder[K, V, H]) Add(key K, v V, null bool) {
	b.keys = append(b.keys, key)
	b.vals = append(b.vals, v)
	b.nulls = append(b.nulls, null)
}

// Build sorts the members and computes the prefix and suffix aggregates. The
// builder must not be used afterwards.
func (b *SubSortedBuilder[K, V, H]) Build() *SubSorted[K, V, H] {
	n := len(b.keys)
	if n >= math.MaxInt32 {
		panic("vec: too many subquery members")
	}
	// order[p] is the inner index of the member at sorted position p; sorting
	// by (key, inner index) keeps ties in inner order.
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		if c := b.keyCmp(b.keys[i], b.keys[j]); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	s := &SubSorted[K, V, H]{spec: b.spec, keyCmp: b.keyCmp, keys: permute(b.keys, order)}
	nulls := permute(b.nulls, order)
	s.preNonNull = prefixNonNull(nulls)
	need := b.spec.Need
	vals := permute(b.vals, order)
	if need&(NeedFirst|NeedMin|NeedMax) != 0 {
		s.vals = vals
	}
	if need&NeedSumInt != 0 {
		s.preSum = prefixSums(vals, nulls, b.spec.Int)
	}
	if need&NeedSumDecimal != 0 {
		s.preDSum = prefixDecimalSums(vals, nulls, b.spec.Dec)
	}
	if need&NeedMin != 0 {
		less := func(p, q int32) bool { return b.spec.Cmp(s.vals[p], s.vals[q]) < 0 }
		s.preMin, s.sufMin = extremes(nulls, order, less)
	}
	if need&NeedMax != 0 {
		more := func(p, q int32) bool { return b.spec.Cmp(s.vals[p], s.vals[q]) > 0 }
		s.preMax, s.sufMax = extremes(nulls, order, more)
	}
	*b = SubSortedBuilder[K, V, H]{}
	return s
}

// permute returns xs in the order of the indexes order.
func permute[T any](xs []T, order []int32) []T {
	out := make([]T, len(order))
	for p, i := range order {
		out[p] = xs[i]
	}
	return out
}

// prefixNonNull counts the non-NULL values of every prefix.
func prefixNonNull(nulls []bool) []int32 {
	pre := make([]int32, len(nulls)+1)
	for p, null := range nulls {
		pre[p+1] = pre[p]
		if !null {
			pre[p+1]++
		}
	}
	return pre
}

// prefixSums sums the non-NULL values of every prefix exactly.
func prefixSums[V any](vals []V, nulls []bool, toInt func(V) int64) []int128 {
	pre := make([]int128, len(vals)+1)
	for p, v := range vals {
		pre[p+1] = pre[p]
		if !nulls[p] {
			pre[p+1] = pre[p+1].addInt64(toInt(v))
		}
	}
	return pre
}

// prefixDecimalSums sums the non-NULL DECIMAL values of every prefix exactly.
func prefixDecimalSums[V any](vals []V, nulls []bool, toDec func(V) rt.Decimal) []rt.DecimalSum {
	pre := make([]rt.DecimalSum, len(vals)+1)
	for p, v := range vals {
		pre[p+1] = pre[p]
		if !nulls[p] {
			pre[p+1] = pre[p+1].Add(toDec(v))
		}
	}
	return pre
}

// extremes returns, for every position i, the position of the extreme
// non-NULL value of the prefix [0, i) and of the suffix [i, n) (-1 if none),
// where better(p, q) says p's value beats q's strictly; between equal values
// the member earlier in inner order (order[p]) wins, as in SubGroup.
func extremes(nulls []bool, order []int32, better func(p, q int32) bool) (pre, suf []int32) {
	n := len(nulls)
	wins := func(p, best int32) bool {
		return best < 0 || better(p, best) || !better(best, p) && order[p] < order[best]
	}
	pre = make([]int32, n+1)
	pre[0] = -1
	for p := range n {
		pre[p+1] = pre[p]
		if !nulls[p] && wins(int32(p), pre[p]) {
			pre[p+1] = int32(p)
		}
	}
	suf = make([]int32, n+1)
	suf[n] = -1
	for p := n - 1; p >= 0; p-- {
		suf[p] = suf[p+1]
		if !nulls[p] && wins(int32(p), suf[p+1]) {
			suf[p] = int32(p)
		}
	}
	return pre, suf
}

// Len returns the number of members.
func (s *SubSorted[K, V, H]) Len() int { return len(s.keys) }

// Probe returns the members whose key k satisfies k rel o (rel one of RelLt,
// RelLe, RelGt, RelGe) for a non-NULL outer value o; for a NULL o use the
// empty SubRange{}. Binary search: O(log n), no allocation.
func (s *SubSorted[K, V, H]) Probe(rel SubRel, o K) SubRange[K, V, H] {
	switch rel {
	case RelLt:
		return SubRange[K, V, H]{s: s, i: s.search(o, false)}
	case RelLe:
		return SubRange[K, V, H]{s: s, i: s.search(o, true)}
	case RelGt:
		return SubRange[K, V, H]{s: s, i: s.search(o, true), suffix: true}
	case RelGe:
		return SubRange[K, V, H]{s: s, i: s.search(o, false), suffix: true}
	}
	panic("vec: SubSorted probed with = or <>")
}

// search returns how many keys are below o (orEqual false) or at most o.
func (s *SubSorted[K, V, H]) search(o K, orEqual bool) int {
	below := 0 // keyCmp(k, o) < below: k < o, or with orEqual k <= o
	if orEqual {
		below = 1
	}
	lo, hi := 0, len(s.keys)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.keyCmp(s.keys[m], o) < below {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// SubRange is the members one outer row selects in a SubSorted: the sorted
// prefix [0, i) or suffix [i, n). Its methods answer as SubGroup's do over the
// same members. The zero SubRange is the empty set (for a NULL probe value).
type SubRange[K, V any, H comparable] struct {
	s      *SubSorted[K, V, H]
	i      int
	suffix bool
}

// Rows is count(*).
func (r SubRange[K, V, H]) Rows() int64 {
	switch {
	case r.s == nil:
		return 0
	case r.suffix:
		return int64(len(r.s.keys) - r.i)
	}
	return int64(r.i)
}

// Exists is EXISTS.
func (r SubRange[K, V, H]) Exists() bool { return r.Rows() > 0 }

// Count is count(x): the non-NULL values.
func (r SubRange[K, V, H]) Count() int64 {
	switch {
	case r.s == nil:
		return 0
	case r.suffix:
		pre := r.s.preNonNull
		return int64(pre[len(pre)-1] - pre[r.i])
	}
	return int64(r.s.preNonNull[r.i])
}

// SumInt is sum(x) over integer values (NeedSumInt): exact, NULL if no value is
// non-NULL, ARITHMETIC_OVERFLOW if it does not fit BIGINT.
func (r SubRange[K, V, H]) SumInt() (int64, bool, *rt.Error) {
	if r.Count() == 0 {
		return 0, true, nil
	}
	r.s.spec.must(NeedSumInt)
	pre := r.s.preSum
	sum := pre[r.i]
	if r.suffix {
		sum = pre[len(pre)-1].sub(sum)
	}
	return sumResult(sum)
}

// decimalSum is the exact sum of the range's DECIMAL values.
func (r SubRange[K, V, H]) decimalSum() rt.DecimalSum {
	r.s.spec.must(NeedSumDecimal)
	pre := r.s.preDSum
	if r.suffix {
		return pre[len(pre)-1].Sub(pre[r.i])
	}
	return pre[r.i]
}

// SumDecimal is sum(x) over DECIMAL values (NeedSumDecimal), as SubGroup's.
func (r SubRange[K, V, H]) SumDecimal(p int) (rt.Decimal, bool, *rt.Error) {
	if r.Count() == 0 {
		return rt.Decimal{}, true, nil
	}
	v, err := r.decimalSum().Sum(p)
	return v, false, err
}

// AvgDecimal is avg(x) over DECIMAL values (NeedSumDecimal), as SubGroup's.
func (r SubRange[K, V, H]) AvgDecimal(sa, sumP, s, p int) (rt.Decimal, bool, *rt.Error) {
	n := r.Count()
	if n == 0 {
		return rt.Decimal{}, true, nil
	}
	v, err := r.decimalSum().Avg(n, sa, sumP, s, p)
	return v, false, err
}

// Min is min(x) (NeedMin): the first least non-NULL value, NULL if none.
func (r SubRange[K, V, H]) Min() (v V, null bool) {
	if r.s == nil {
		return v, true
	}
	r.s.spec.must(NeedMin)
	return r.extreme(r.s.preMin, r.s.sufMin)
}

// Max is max(x) (NeedMax): the first greatest non-NULL value, NULL if none.
func (r SubRange[K, V, H]) Max() (v V, null bool) {
	if r.s == nil {
		return v, true
	}
	r.s.spec.must(NeedMax)
	return r.extreme(r.s.preMax, r.s.sufMax)
}

// extreme reads the range's extreme from the prefix or suffix positions.
func (r SubRange[K, V, H]) extreme(pre, suf []int32) (v V, null bool) {
	p := pre[r.i]
	if r.suffix {
		p = suf[r.i]
	}
	if p < 0 {
		return v, true
	}
	return r.s.vals[p], false
}

// Scalar is the value of a scalar subquery (NeedFirst): NULL without members,
// the member's value with one, ErrScalarTooManyRows with more.
func (r SubRange[K, V, H]) Scalar() (v V, null bool, err *rt.Error) {
	switch r.Rows() {
	case 0:
		return v, true, nil
	case 1:
	default:
		return v, false, ErrScalarTooManyRows
	}
	r.s.spec.must(NeedFirst)
	if r.Count() == 0 {
		return v, true, nil
	}
	p := r.i - 1 // the last of the prefix
	if r.suffix {
		p = r.i // the first of the suffix
	}
	return r.s.vals[p], false, nil
}
