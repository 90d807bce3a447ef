package vec

// Subqueries. Generated code never re-runs a subquery per outer row: it settles
// the inner table ONCE into a structure, then probes that structure per outer
// row. Which structure depends on how the subquery is correlated:
//
//   - uncorrelated: one SubGroup, the summary of all members;
//   - correlated by equalities: a SubKeyed, one SubGroup per correlation key (a
//     missing key answers as the empty group, a nil *SubGroup);
//   - correlated by one inequality (inner.k < outer.k, ...): a SubSorted, the
//     members sorted by key with prefix and suffix aggregates, probed by binary
//     search.
//
// A subquery's members for one outer row are the inner rows passing its WHERE
// for that row, in inner-table order; each has a value that is a value or NULL
// (errors are dealt with before a member is added). All structures answer the
// same questions over their members with the same rules, spelled out on the
// result methods: scalar value, EXISTS, count(*), count(x), sum, avg, min, max
// and x op ANY.
//
// A SubSpec says, for one value type, how to order, hash and add values, and
// which results the generated code will ask for (SubNeed), so a structure keeps
// only what those results need: an EXISTS or count(*) table stores no values.

import (
	"cmp"
	"math"
	"math/bits"

	"github.com/exprc/exprc/templates/rt"
)

// ScalarSubqueryTooManyRows is the error class of a scalar subquery that has
// more than one member.
const ScalarSubqueryTooManyRows = rt.ScalarSubqueryTooManyRows

// ErrScalarTooManyRows is raised by a scalar subquery with more than one member
// (preallocated: raising it allocates nothing). It is rt's, which the
// interpreter raises too.
var ErrScalarTooManyRows = rt.ErrSubqueryTooManyRows

// SubNeed is a set of results a subquery structure must be able to answer
// beyond the row and non-NULL counts, which are always kept (they cost two
// integers and answer EXISTS, count(*) and count(x)).
type SubNeed uint16

const (
	NeedFirst      SubNeed = 1 << iota // Scalar: the first member's value
	NeedMin                            // Min, and x > ANY, x >= ANY
	NeedMax                            // Max, and x < ANY, x <= ANY
	NeedSumInt                         // SumInt: exact sum through SubSpec.Int
	NeedSumFloat                       // SumFloat, Avg: float sum through SubSpec.Float
	NeedSet                            // x = ANY: hash set of values through SubSpec.Hash
	NeedDistinct                       // x <> ANY: the first two distinct values
	NeedSumDecimal                     // SumDecimal, AvgDecimal: exact sum through SubSpec.Dec
)

// SubRel is a comparison: for x op ANY it relates the outer value x (left) to a
// member value; for SubSorted it relates the inner key (left) to the outer
// probe value.
type SubRel uint8

const (
	RelEq SubRel = iota // =
	RelNe               // <>
	RelLt               // <
	RelLe               // <=
	RelGt               // >
	RelGe               // >=
)

// AnyNeed is what x op ANY needs kept: ANY over an order reduces to one
// extreme (x < some v iff x < max), = to set membership, <> to knowing two
// distinct values.
func AnyNeed(op SubRel) SubNeed {
	switch op {
	case RelEq:
		return NeedSet
	case RelNe:
		return NeedDistinct
	case RelLt, RelLe:
		return NeedMax
	}
	return NeedMin
}

// SubSpec describes the member values of one subquery: V is their Go type, H
// the comparable hash key of a value for NeedSet (equal under Cmp iff equal
// keys: DOUBLE maps through Float64Key so NaN = NaN and -0.0 = 0.0). Int and
// Float are needed only for the sums; being functions rather than type
// switches they keep the generic structures free of interface boxing. Use the
// SubSpec<Type> constructors; a hand-built spec must set what Need uses.
type SubSpec[V any, H comparable] struct {
	Need  SubNeed
	Cmp   func(a, b V) int   // SQL order: -1, 0, 1; 0 is SQL equality
	Hash  func(V) H          // NeedSet
	Int   func(V) int64      // NeedSumInt
	Float func(V) float64    // NeedSumFloat
	Dec   func(V) rt.Decimal // NeedSumDecimal
}

// check panics if s lacks a function its Need uses: a generator bug, better
// reported when the structure is made than as a nil call mid-query.
func (s *SubSpec[V, H]) check() {
	if s.Cmp == nil && s.Need&(NeedMin|NeedMax|NeedDistinct) != 0 ||
		s.Hash == nil && s.Need&NeedSet != 0 ||
		s.Int == nil && s.Need&NeedSumInt != 0 ||
		s.Float == nil && s.Need&NeedSumFloat != 0 ||
		s.Dec == nil && s.Need&NeedSumDecimal != 0 {
		panic("vec: SubSpec lacks a function its Need uses")
	}
}

// must panics if a result is asked for that the spec did not keep, instead of
// answering from zero values.
func (s *SubSpec[V, H]) must(n SubNeed) {
	if s.Need&n != n {
		panic("vec: subquery result asked for without its SubNeed")
	}
}

// SubSpecInt64 describes BIGINT member values.
func SubSpecInt64(need SubNeed) *SubSpec[int64, int64] {
	return &SubSpec[int64, int64]{Need: need, Cmp: cmpInt[int64], Hash: same[int64], Int: same[int64]}
}

// SubSpecInt32 describes INT and DATE member values (their sum widens to int64).
func SubSpecInt32(need SubNeed) *SubSpec[int32, int32] {
	return &SubSpec[int32, int32]{Need: need, Cmp: cmpInt[int32], Hash: same[int32], Int: widen}
}

// SubSpecFloat64 describes DOUBLE member values, ordered and hashed as Spark
// does (NaN = NaN and greatest, -0.0 = 0.0).
func SubSpecFloat64(need SubNeed) *SubSpec[float64, uint64] {
	return &SubSpec[float64, uint64]{Need: need, Cmp: rt.CompareFloat64, Hash: Float64Key, Float: same[float64]}
}

// SubSpecString describes VARCHAR member values (byte-wise order).
func SubSpecString(need SubNeed) *SubSpec[string, string] {
	return &SubSpec[string, string]{Need: need, Cmp: rt.CompareString, Hash: same[string]}
}

// SubSpecDecimal describes DECIMAL member values (of one scale: the binder
// gives every member the subquery's type).
func SubSpecDecimal(need SubNeed) *SubSpec[rt.Decimal, rt.Decimal] {
	return &SubSpec[rt.Decimal, rt.Decimal]{Need: need, Cmp: rt.CompareDecimal, Hash: same[rt.Decimal], Dec: same[rt.Decimal]}
}

// SubSpecBool describes BOOLEAN member values (false < true).
func SubSpecBool(need SubNeed) *SubSpec[bool, bool] {
	return &SubSpec[bool, bool]{Need: need, Cmp: rt.CompareBool, Hash: same[bool]}
}

// CompareInt64 orders BIGINT keys, for SubSorted (rt has no integer compare:
// generated code uses operators there).
func CompareInt64(a, b int64) int { return cmpInt(a, b) }

// CompareInt32 orders INT and DATE keys, for SubSorted.
func CompareInt32(a, b int32) int { return cmpInt(a, b) }

func cmpInt[T int32 | int64](a, b T) int { return cmp.Compare(a, b) }

func same[T any](v T) T { return v }

func widen(v int32) int64 { return int64(v) }

// canonicalNaN is the one NaN every NaN hashes as.
const canonicalNaN = 0x7ff8000000000000

// Float64Key maps a DOUBLE to bits that are equal iff the values are equal in
// Spark's order: -0.0 becomes 0.0 and every NaN one NaN. It is the hash key of
// DOUBLE values and the encoding of DOUBLE key parts.
func Float64Key(f float64) uint64 {
	switch {
	case f == 0:
		return 0
	case f != f:
		return canonicalNaN
	}
	return math.Float64bits(f)
}

// int128 is a two's-complement 128-bit integer. Sums of int64 values are kept
// exactly in it (no overflow below 2^64 terms), so a sum overflows only if its
// final value does not fit int64, whatever the order of the members; and
// prefix sums can be subtracted.
type int128 struct {
	hi int64
	lo uint64
}

// addInt64 returns a + v.
func (a int128) addInt64(v int64) int128 {
	lo, carry := bits.Add64(a.lo, uint64(v), 0)
	return int128{a.hi + v>>63 + int64(carry), lo}
}

// sub returns a - b.
func (a int128) sub(b int128) int128 {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	return int128{a.hi - b.hi - int64(borrow), lo}
}

// int64 returns a and whether it fits an int64 (hi is lo's sign extension).
func (a int128) int64() (int64, bool) {
	v := int64(a.lo)
	return v, a.hi == v>>63
}

// sumResult is sum(x) from the exact sum of at least one non-NULL value:
// ARITHMETIC_OVERFLOW if it does not fit BIGINT.
func sumResult(s int128) (int64, bool, *rt.Error) {
	v, ok := s.int64()
	if !ok {
		return 0, false, rt.ErrLongOverflow
	}
	return v, false, nil
}

// anyResult finishes x op ANY over a non-empty member set with a non-NULL x:
// TRUE if a non-NULL member satisfies it, else NULL if a member is NULL, else
// FALSE. (No members is FALSE and a NULL x is NULL: the callers answer those.)
func anyResult(satisfied, hasNull bool) (res, null bool) {
	if satisfied {
		return true, false
	}
	return false, hasNull
}
