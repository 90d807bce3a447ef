package vec

import "github.com/exprc/exprc/templates/rt"

// SubGroup summarises one set of subquery members, added in member order, into
// what its spec's Need asks for: every result is then O(1) (= ANY one hash
// lookup), which matters because a group is probed once per outer row.
//
// A nil *SubGroup is the empty group (count 0, EXISTS and ANY false, the rest
// NULL): that is how a SubKeyed answers a key no member has.
type SubGroup[V any, H comparable] struct {
	spec    *SubSpec[V, H]
	rows    int64          // count(*)
	nonNull int64          // count(x)
	x       *subVals[V, H] // nil when Need is empty: EXISTS and counts store no values
}

// subVals is the part of a group that depends on member values, allocated
// only if the spec needs any of it, so a keyed EXISTS or count table holds
// four words per key besides its map entry.
type subVals[V any, H comparable] struct {
	first     V // first member's value (NeedFirst)
	firstNull bool
	min, max  V              // first least and greatest non-NULL values (valid if nonNull > 0)
	sum       int128         // exact sum (NeedSumInt)
	fsum      float64        // float sum in member order (NeedSumFloat)
	dsum      rt.DecimalSum  // exact DECIMAL sum (NeedSumDecimal)
	set       map[H]struct{} // the non-NULL values' hash keys (NeedSet)
	distinct  [2]V           // the first two distinct non-NULL values (NeedDistinct)
	nDistinct int8
}

// NewSubGroup returns an empty group keeping what spec.Need asks for.
func NewSubGroup[V any, H comparable](spec *SubSpec[V, H]) *SubGroup[V, H] {
	spec.check()
	g := newSubGroup(spec)
	return &g
}

// newSubGroup makes a group by value, for SubKeyed's group slice (spec checked
// by the caller).
func newSubGroup[V any, H comparable](spec *SubSpec[V, H]) SubGroup[V, H] {
	g := SubGroup[V, H]{spec: spec}
	if spec.Need != 0 {
		g.x = new(subVals[V, H])
	}
	return g
}

// Add adds the next member, with its value v or NULL.
func (g *SubGroup[V, H]) Add(v V, null bool) {
	g.rows++
	if !null {
		g.nonNull++
	}
	if g.x != nil {
		g.x.add(g.spec, v, null, g.rows == 1, g.nonNull == 1)
	}
}

// add folds a member into the needed value summaries; firstRow and
// firstValue say whether it is the first member and the first non-NULL one.
func (x *subVals[V, H]) add(s *SubSpec[V, H], v V, null, firstRow, firstValue bool) {
	need := s.Need
	if firstRow && need&NeedFirst != 0 {
		x.first, x.firstNull = v, null
	}
	if null {
		return
	}
	// Strict comparisons: on ties the first value stays (it matters for DOUBLE,
	// where -0.0 and 0.0 tie but print differently).
	if need&NeedMin != 0 && (firstValue || s.Cmp(v, x.min) < 0) {
		x.min = v
	}
	if need&NeedMax != 0 && (firstValue || s.Cmp(v, x.max) > 0) {
		x.max = v
	}
	if need&NeedSumInt != 0 {
		x.sum = x.sum.addInt64(s.Int(v))
	}
	if need&NeedSumFloat != 0 {
		x.fsum += s.Float(v)
	}
	if need&NeedSumDecimal != 0 {
		x.dsum = x.dsum.Add(s.Dec(v))
	}
	if need&NeedSet != 0 {
		if x.set == nil {
			x.set = make(map[H]struct{})
		}
		x.set[s.Hash(v)] = struct{}{}
	}
	if need&NeedDistinct != 0 {
		x.addDistinct(s.Cmp, v)
	}
}

// addDistinct records v if it is one of the first two distinct values: two
// distinct values are all x <> ANY needs, since any x differs from one of them.
func (x *subVals[V, H]) addDistinct(cmp func(a, b V) int, v V) {
	switch x.nDistinct {
	case 0:
		x.distinct[0] = v
		x.nDistinct = 1
	case 1:
		if cmp(v, x.distinct[0]) != 0 {
			x.distinct[1] = v
			x.nDistinct = 2
		}
	}
}

// Rows is count(*): the number of members.
func (g *SubGroup[V, H]) Rows() int64 {
	if g == nil {
		return 0
	}
	return g.rows
}

// Exists is EXISTS: whether there is a member.
func (g *SubGroup[V, H]) Exists() bool { return g != nil && g.rows > 0 }

// Count is count(x): the number of non-NULL member values.
func (g *SubGroup[V, H]) Count() int64 {
	if g == nil {
		return 0
	}
	return g.nonNull
}

// empty reports whether g has no member value that is not NULL, so that an
// aggregate over the non-NULL values is NULL.
func (g *SubGroup[V, H]) empty() bool { return g == nil || g.nonNull == 0 }

// Scalar is the value of a scalar subquery (NeedFirst): NULL without members,
// the member's value with one, ErrScalarTooManyRows with more.
func (g *SubGroup[V, H]) Scalar() (v V, null bool, err *rt.Error) {
	if g == nil || g.rows == 0 {
		return v, true, nil
	}
	g.spec.must(NeedFirst)
	if g.rows > 1 {
		return v, false, ErrScalarTooManyRows
	}
	return g.x.first, g.x.firstNull, nil
}

// SumInt is sum(x) over integer values (NeedSumInt): exact, NULL if no value
// is non-NULL, ARITHMETIC_OVERFLOW if the sum does not fit BIGINT.
func (g *SubGroup[V, H]) SumInt() (int64, bool, *rt.Error) {
	if g.empty() {
		return 0, true, nil
	}
	g.spec.must(NeedSumInt)
	return sumResult(g.x.sum)
}

// SumFloat is sum(x) over DOUBLE values (NeedSumFloat): added in member order
// starting from 0.0 (Spark's coalesce(sum, 0) + x, so a sum of -0.0 alone is
// 0.0); NULL if no value is non-NULL.
func (g *SubGroup[V, H]) SumFloat() (float64, bool) {
	if g.empty() {
		return 0, true
	}
	g.spec.must(NeedSumFloat)
	return g.x.fsum, false
}

// Avg is avg(x) over DOUBLE values (NeedSumFloat; callers cast to DOUBLE
// first): SumFloat / Count, NULL if no value is non-NULL.
func (g *SubGroup[V, H]) Avg() (float64, bool) {
	if g.empty() {
		return 0, true
	}
	g.spec.must(NeedSumFloat)
	return g.x.fsum / float64(g.nonNull), false
}

// SumDecimal is sum(x) over DECIMAL values (NeedSumDecimal) as a value of
// its type's p digits: exact, NULL if no value is non-NULL,
// ARITHMETIC_OVERFLOW if the sum has more digits (rt.DecimalSum.Sum).
func (g *SubGroup[V, H]) SumDecimal(p int) (rt.Decimal, bool, *rt.Error) {
	if g.empty() {
		return rt.Decimal{}, true, nil
	}
	g.spec.must(NeedSumDecimal)
	v, err := g.x.dsum.Sum(p)
	return v, false, err
}

// AvgDecimal is avg(x) over DECIMAL values of scale sa (NeedSumDecimal):
// the exact sum, which must fit sumP digits, divided by Count into
// DECIMAL(p, s) (rt.DecimalSum.Avg); NULL if no value is non-NULL.
func (g *SubGroup[V, H]) AvgDecimal(sa, sumP, s, p int) (rt.Decimal, bool, *rt.Error) {
	if g.empty() {
		return rt.Decimal{}, true, nil
	}
	g.spec.must(NeedSumDecimal)
	v, err := g.x.dsum.Avg(g.nonNull, sa, sumP, s, p)
	return v, false, err
}

// Min is min(x) (NeedMin): the first least non-NULL value, NULL if none.
func (g *SubGroup[V, H]) Min() (v V, null bool) {
	if g.empty() {
		return v, true
	}
	g.spec.must(NeedMin)
	return g.x.min, false
}

// Max is max(x) (NeedMax): the first greatest non-NULL value, NULL if none.
func (g *SubGroup[V, H]) Max() (v V, null bool) {
	if g.empty() {
		return v, true
	}
	g.spec.must(NeedMax)
	return g.x.max, false
}

// Any is x op ANY (members), the OR over members of x op v (x IN (subquery) is
// RelEq; op ALL is NOT of the negated op ANY): FALSE without members (even for
// a NULL x); else TRUE if x is not NULL and some non-NULL v satisfies x op v;
// else NULL if x or some member value is NULL; else FALSE. It needs
// AnyNeed(op). The per-op methods below avoid the switch on hot paths.
func (g *SubGroup[V, H]) Any(op SubRel, x V, xnull bool) (res, null bool) {
	switch op {
	case RelEq:
		return g.AnyEq(x, xnull)
	case RelNe:
		return g.AnyNe(x, xnull)
	case RelLt:
		return g.AnyLt(x, xnull)
	case RelLe:
		return g.AnyLe(x, xnull)
	case RelGt:
		return g.AnyGt(x, xnull)
	}
	return g.AnyGe(x, xnull)
}

// anyTrivial answers x op ANY where the members or x decide alone: FALSE
// without members, NULL for a NULL x. ok is false when the values must be
// looked at.
func (g *SubGroup[V, H]) anyTrivial(xnull bool) (res, null, ok bool) {
	if g == nil || g.rows == 0 {
		return false, false, true
	}
	return false, xnull, xnull
}

// AnyEq is x = ANY (members), i.e. x IN (subquery) (NeedSet): one hash lookup.
func (g *SubGroup[V, H]) AnyEq(x V, xnull bool) (res, null bool) {
	if res, null, ok := g.anyTrivial(xnull); ok {
		return res, null
	}
	g.spec.must(NeedSet)
	_, found := g.x.set[g.spec.Hash(x)]
	return anyResult(found, g.nonNull < g.rows)
}

// AnyNe is x <> ANY (members) (NeedDistinct): true iff x differs from one of
// the first two distinct values.
func (g *SubGroup[V, H]) AnyNe(x V, xnull bool) (res, null bool) {
	if res, null, ok := g.anyTrivial(xnull); ok {
		return res, null
	}
	g.spec.must(NeedDistinct)
	d := g.x
	sat := d.nDistinct == 2 || d.nDistinct == 1 && g.spec.Cmp(x, d.distinct[0]) != 0
	return anyResult(sat, g.nonNull < g.rows)
}

// AnyLt is x < ANY (members) (NeedMax): x < max.
func (g *SubGroup[V, H]) AnyLt(x V, xnull bool) (res, null bool) { return g.anyOrder(RelLt, x, xnull) }

// AnyLe is x <= ANY (members) (NeedMax): x <= max.
func (g *SubGroup[V, H]) AnyLe(x V, xnull bool) (res, null bool) { return g.anyOrder(RelLe, x, xnull) }

// AnyGt is x > ANY (members) (NeedMin): x > min.
func (g *SubGroup[V, H]) AnyGt(x V, xnull bool) (res, null bool) { return g.anyOrder(RelGt, x, xnull) }

// AnyGe is x >= ANY (members) (NeedMin): x >= min.
func (g *SubGroup[V, H]) AnyGe(x V, xnull bool) (res, null bool) { return g.anyOrder(RelGe, x, xnull) }

// anyOrder is x op ANY for an order op: some value satisfies it iff the
// extreme does (the max for < and <=, the min for > and >=).
func (g *SubGroup[V, H]) anyOrder(op SubRel, x V, xnull bool) (res, null bool) {
	if res, null, done := g.anyTrivial(xnull); done {
		return res, null
	}
	g.spec.must(AnyNeed(op))
	if g.nonNull == 0 {
		return false, true
	}
	cmp, lo, hi := g.spec.Cmp, g.x.min, g.x.max
	var sat bool
	switch op {
	case RelLt:
		sat = cmp(x, hi) < 0
	case RelLe:
		sat = cmp(x, hi) <= 0
	case RelGt:
		sat = cmp(x, lo) > 0
	default:
		sat = cmp(x, lo) >= 0
	}
	return anyResult(sat, g.nonNull < g.rows)
}
