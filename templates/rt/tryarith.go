package rt

import "math"

// The kernels of try_add, try_subtract, try_multiply, try_divide and try_mod
// (Spark 3.2+/4.0), which are NULL where the operator would raise. Each such
// function is split in two total kernels over the same arguments (see
// ir/functions/nulldomain.go): a guard saying whether the operator succeeds,
// and the value, which wraps (or divides by 1) where the guard is false and
// is never read there. None of them panics, whatever its arguments, because
// generated code may compute the value on rows whose arguments are NULL.

// AddFitsInt32 reports whether INT + INT stays in the INT range.
func AddFitsInt32(a, b int32) bool { r := a + b; return (r^a)&(r^b) >= 0 }

// AddFitsInt64 reports whether BIGINT + BIGINT stays in the BIGINT range.
func AddFitsInt64(a, b int64) bool { r := a + b; return (r^a)&(r^b) >= 0 }

// SubFitsInt32 reports whether INT - INT stays in the INT range.
func SubFitsInt32(a, b int32) bool { r := a - b; return (a^b)&(r^a) >= 0 }

// SubFitsInt64 reports whether BIGINT - BIGINT stays in the BIGINT range.
func SubFitsInt64(a, b int64) bool { r := a - b; return (a^b)&(r^a) >= 0 }

// MulFitsInt32 reports whether INT * INT stays in the INT range.
func MulFitsInt32(a, b int32) bool { _, fail := TryMulInt32(a, b); return !fail }

// MulFitsInt64 reports whether BIGINT * BIGINT stays in the BIGINT range.
func MulFitsInt64(a, b int64) bool { _, fail := TryMulInt64(a, b); return !fail }

// AddWrapInt32 is INT + INT wrapping on overflow (two's complement).
func AddWrapInt32(a, b int32) int32 { return a + b }

// AddWrapInt64 is BIGINT + BIGINT wrapping on overflow.
func AddWrapInt64(a, b int64) int64 { return a + b }

// SubWrapInt32 is INT - INT wrapping on overflow.
func SubWrapInt32(a, b int32) int32 { return a - b }

// SubWrapInt64 is BIGINT - BIGINT wrapping on overflow.
func SubWrapInt64(a, b int64) int64 { return a - b }

// MulWrapInt32 is INT * INT wrapping on overflow.
func MulWrapInt32(a, b int32) int32 { return a * b }

// MulWrapInt64 is BIGINT * BIGINT wrapping on overflow.
func MulWrapInt64(a, b int64) int64 { return a * b }

// NonZeroDivisorInt32 reports whether b, the divisor of a % b, is not 0.
func NonZeroDivisorInt32(_, b int32) bool { return b != 0 }

// NonZeroDivisorInt64 reports whether b, the divisor of a % b, is not 0.
func NonZeroDivisorInt64(_, b int64) bool { return b != 0 }

// NonZeroDivisorFloat64 reports whether b, the divisor of a / b or a % b, is
// neither 0.0 nor -0.0 (NaN is not zero).
func NonZeroDivisorFloat64(_, b float64) bool { return b != 0 }

// ModTotalInt32 is ModInt32 where the divisor is not zero, and 0 where it is.
func ModTotalInt32(a, b int32) int32 { r, _ := TryModInt32(a, b); return r }

// ModTotalInt64 is ModInt64 where the divisor is not zero, and 0 where it is.
func ModTotalInt64(a, b int64) int64 { r, _ := TryModInt64(a, b); return r }

// DateAddFits reports whether date_add(d, n) stays in the DATE range.
func DateAddFits(d, n int32) bool {
	r := int64(d) + int64(n)
	return r >= math.MinInt32 && r <= math.MaxInt32
}

// DateSubFits reports whether date_sub(d, n) stays in the DATE range.
func DateSubFits(d, n int32) bool {
	r := int64(d) - int64(n)
	return r >= math.MinInt32 && r <= math.MaxInt32
}

// DateAddWrap is date_add(d, n) wrapping outside the DATE range.
func DateAddWrap(d, n int32) int32 { return d + n }

// DateSubWrap is date_sub(d, n) wrapping outside the DATE range.
func DateSubWrap(d, n int32) int32 { return d - n }
