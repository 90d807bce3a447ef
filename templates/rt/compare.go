package rt

import (
	"math"
	"strings"
)

// CompareFloat64 orders DOUBLEs the way Spark does: -0.0 equals 0.0, NaN equals
// NaN, and NaN is greater than every other value (including +Infinity). It is
// a total order, so sorting, grouping and comparisons agree. It returns -1, 0
// or 1.
func CompareFloat64(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	}
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	}
	return -1
}

// CompareBool orders BOOLEANs: false < true.
func CompareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

// CompareString orders VARCHARs byte-wise (code-point order for valid UTF-8).
func CompareString(a, b string) int { return strings.Compare(a, b) }

// EqBool is SQL equality on bool (false < true).
func EqBool(a, b bool) bool { return a == b }

// EqInt32 is SQL equality on int32 (also DATE, as days).
func EqInt32(a, b int32) bool { return a == b }

// EqInt64 is SQL equality on int64.
func EqInt64(a, b int64) bool { return a == b }

// EqFloat64 is SQL equality on float64 with Spark's NaN order (see CompareFloat64).
func EqFloat64(a, b float64) bool { return a == b || (a != a && b != b) }

// EqString is SQL equality on string (byte-wise).
func EqString(a, b string) bool { return a == b }

// NeBool is SQL inequality on bool (false < true).
func NeBool(a, b bool) bool { return a != b }

// NeInt32 is SQL inequality on int32 (also DATE, as days).
func NeInt32(a, b int32) bool { return a != b }

// NeInt64 is SQL inequality on int64.
func NeInt64(a, b int64) bool { return a != b }

// NeFloat64 is SQL inequality on float64 with Spark's NaN order (see CompareFloat64).
func NeFloat64(a, b float64) bool { return a != b && (a == a || b == b) }

// NeString is SQL inequality on string (byte-wise).
func NeString(a, b string) bool { return a != b }

// LtBool is SQL less than on bool (false < true).
func LtBool(a, b bool) bool { return CompareBool(a, b) < 0 }

// LtInt32 is SQL less than on int32 (also DATE, as days).
func LtInt32(a, b int32) bool { return a < b }

// LtInt64 is SQL less than on int64.
func LtInt64(a, b int64) bool { return a < b }

// The float comparisons test only b for NaN where they can: a constant is
// usually on the right (x < 24.0), and its test then folds away, leaving
// one machine comparison and no branch.

// LtFloat64 is SQL less than on float64 with Spark's NaN order (see CompareFloat64).
func LtFloat64(a, b float64) bool { return a < b || (b != b && a == a) }

// LtString is SQL less than on string (byte-wise).
func LtString(a, b string) bool { return a < b }

// LeBool is SQL less than or equal on bool (false < true).
func LeBool(a, b bool) bool { return CompareBool(a, b) <= 0 }

// LeInt32 is SQL less than or equal on int32 (also DATE, as days).
func LeInt32(a, b int32) bool { return a <= b }

// LeInt64 is SQL less than or equal on int64.
func LeInt64(a, b int64) bool { return a <= b }

// LeFloat64 is SQL less than or equal on float64 with Spark's NaN order (see CompareFloat64).
func LeFloat64(a, b float64) bool { return a <= b || b != b }

// LeString is SQL less than or equal on string (byte-wise).
func LeString(a, b string) bool { return a <= b }

// GtBool is SQL greater than on bool (false < true).
func GtBool(a, b bool) bool { return CompareBool(a, b) > 0 }

// GtInt32 is SQL greater than on int32 (also DATE, as days).
func GtInt32(a, b int32) bool { return a > b }

// GtInt64 is SQL greater than on int64.
func GtInt64(a, b int64) bool { return a > b }

// GtFloat64 is SQL greater than on float64 with Spark's NaN order (see CompareFloat64).
func GtFloat64(a, b float64) bool { return !LeFloat64(a, b) }

// GtString is SQL greater than on string (byte-wise).
func GtString(a, b string) bool { return a > b }

// GeBool is SQL greater than or equal on bool (false < true).
func GeBool(a, b bool) bool { return CompareBool(a, b) >= 0 }

// GeInt32 is SQL greater than or equal on int32 (also DATE, as days).
func GeInt32(a, b int32) bool { return a >= b }

// GeInt64 is SQL greater than or equal on int64.
func GeInt64(a, b int64) bool { return a >= b }

// GeFloat64 is SQL greater than or equal on float64 with Spark's NaN order (see CompareFloat64).
func GeFloat64(a, b float64) bool { return !LtFloat64(a, b) }

// GeString is SQL greater than or equal on string (byte-wise).
func GeString(a, b string) bool { return a >= b }

// Not is logical negation.
func Not(b bool) bool { return !b }

// InRangeInt32 is lo <= x <= hi for constant bounds lo <= hi: one unsigned
// comparison of x's distance from lo (code generation merges a range test
// on an INT or DATE column, `d >= DATE '1994-01-01' AND d < DATE
// '1995-01-01'`, into it).
func InRangeInt32(x int32, lo, hi int) bool {
	return uint32(x-int32(lo)) <= uint32(int32(hi)-int32(lo))
}

// InRangeInt64 is InRangeInt32 for a BIGINT x.
func InRangeInt64(x int64, lo, hi int) bool {
	return uint64(x-int64(lo)) <= uint64(int64(hi)-int64(lo))
}
