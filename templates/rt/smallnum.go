package rt

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// The kernels of TINYINT (int8), SMALLINT (int16) and FLOAT (float32). As in
// Spark's ANSI mode, TINYINT and SMALLINT arithmetic keeps its type and
// raises BINARY_ARITHMETIC_OVERFLOW when the result leaves it (Spark
// computes in int and checks the narrowing); FLOAT arithmetic is IEEE 754 single
// precision, as Java's float, and never fails.

// smallOverflow is Spark's binaryArithmeticCauseOverflowError: both operands
// shown as SMALLINT literals, as Spark shows them whatever the width.
func smallOverflow(a int64, op string, b int64) *Error {
	return NewError(BinaryArithmeticOverflow, strconv.FormatInt(a, 10)+"S "+op+" "+strconv.FormatInt(b, 10)+"S caused overflow.")
}

// negateOverflow is Spark's unaryMinusCauseOverflowError (class
// _LEGACY_ERROR_TEMP_2043 in Spark 4.0), also raised by abs, which negates.
func negateOverflow(a int64) *Error {
	return NewError(UnaryMinusOverflow, "- "+strconv.FormatInt(a, 10)+" caused overflow.")
}

// AddInt8 is TINYINT + TINYINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the TINYINT range.
func AddInt8(a, b int8) (int8, *Error) {
	r := int32(a) + int32(b)
	if r != int32(int8(r)) {
		return 0, smallOverflow(int64(a), "+", int64(b))
	}
	return int8(r), nil
}

// AddInt16 is SMALLINT + SMALLINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the SMALLINT range.
func AddInt16(a, b int16) (int16, *Error) {
	r := int32(a) + int32(b)
	if r != int32(int16(r)) {
		return 0, smallOverflow(int64(a), "+", int64(b))
	}
	return int16(r), nil
}

// AddFloat32 is FLOAT + FLOAT (IEEE 754 single precision; never fails).
func AddFloat32(a, b float32) float32 { return a + b }

// SubInt8 is TINYINT - TINYINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the TINYINT range.
func SubInt8(a, b int8) (int8, *Error) {
	r := int32(a) - int32(b)
	if r != int32(int8(r)) {
		return 0, smallOverflow(int64(a), "-", int64(b))
	}
	return int8(r), nil
}

// SubInt16 is SMALLINT - SMALLINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the SMALLINT range.
func SubInt16(a, b int16) (int16, *Error) {
	r := int32(a) - int32(b)
	if r != int32(int16(r)) {
		return 0, smallOverflow(int64(a), "-", int64(b))
	}
	return int16(r), nil
}

// SubFloat32 is FLOAT - FLOAT (never fails).
func SubFloat32(a, b float32) float32 { return a - b }

// MulInt8 is TINYINT * TINYINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the TINYINT range.
func MulInt8(a, b int8) (int8, *Error) {
	r := int32(a) * int32(b)
	if r != int32(int8(r)) {
		return 0, smallOverflow(int64(a), "*", int64(b))
	}
	return int8(r), nil
}

// MulInt16 is SMALLINT * SMALLINT; it raises BINARY_ARITHMETIC_OVERFLOW outside the SMALLINT range.
func MulInt16(a, b int16) (int16, *Error) {
	r := int32(a) * int32(b)
	if r != int32(int16(r)) {
		return 0, smallOverflow(int64(a), "*", int64(b))
	}
	return int16(r), nil
}

// MulFloat32 is FLOAT * FLOAT (never fails).
func MulFloat32(a, b float32) float32 { return a * b }

// ModInt8 is TINYINT % TINYINT, with the rules of ModInt32.
func ModInt8(a, b int8) (int8, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

// ModInt16 is SMALLINT % SMALLINT, with the rules of ModInt32.
func ModInt16(a, b int16) (int16, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

// ModFloat32 is FLOAT % FLOAT (Java's float %: the exact remainder, which
// a float32 holds); a zero divisor raises DIVIDE_BY_ZERO.
func ModFloat32(a, b float32) (float32, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	return float32(math.Mod(float64(a), float64(b))), nil
}

// NegateInt8 is -TINYINT; negating -128 overflows.
func NegateInt8(a int8) (int8, *Error) {
	if a == math.MinInt8 {
		return 0, negateOverflow(int64(a))
	}
	return -a, nil
}

// NegateInt16 is -SMALLINT; negating -32768 overflows.
func NegateInt16(a int16) (int16, *Error) {
	if a == math.MinInt16 {
		return 0, negateOverflow(int64(a))
	}
	return -a, nil
}

// NegateFloat32 is -FLOAT.
func NegateFloat32(a float32) float32 { return -a }

// AbsInt8 is abs(TINYINT); abs(-128) overflows.
func AbsInt8(a int8) (int8, *Error) {
	if a < 0 {
		return NegateInt8(a)
	}
	return a, nil
}

// AbsInt16 is abs(SMALLINT); abs(-32768) overflows.
func AbsInt16(a int16) (int16, *Error) {
	if a < 0 {
		return NegateInt16(a)
	}
	return a, nil
}

// AbsFloat32 is abs(FLOAT); abs(-0.0) is 0.0.
func AbsFloat32(a float32) float32 { return float32(math.Abs(float64(a))) }

// CastInt8ToBool is CAST(TINYINT AS BOOLEAN): v != 0.
func CastInt8ToBool(v int8) bool { return v != 0 }

// CastInt8ToInt16 is CAST(TINYINT AS SMALLINT).
func CastInt8ToInt16(v int8) int16 { return int16(v) }

// CastInt8ToInt32 is CAST(TINYINT AS INT).
func CastInt8ToInt32(v int8) int32 { return int32(v) }

// CastInt8ToInt64 is CAST(TINYINT AS BIGINT).
func CastInt8ToInt64(v int8) int64 { return int64(v) }

// CastInt8ToFloat32 is CAST(TINYINT AS FLOAT) (exact).
func CastInt8ToFloat32(v int8) float32 { return float32(v) }

// CastInt8ToFloat64 is CAST(TINYINT AS DOUBLE).
func CastInt8ToFloat64(v int8) float64 { return float64(v) }

// CastInt8ToString is CAST(TINYINT AS VARCHAR).
func CastInt8ToString(v int8) string { return strconv.FormatInt(int64(v), 10) }

// CastInt16ToBool is CAST(SMALLINT AS BOOLEAN): v != 0.
func CastInt16ToBool(v int16) bool { return v != 0 }

// CastInt16ToInt8 is CAST(SMALLINT AS TINYINT); out of range raises CAST_OVERFLOW.
func CastInt16ToInt8(v int16) (int8, *Error) {
	if v != int16(int8(v)) {
		return 0, castOverflowIntegral(int64(v), sparkSmallint, sparkTinyint)
	}
	return int8(v), nil
}

// CastInt16ToInt32 is CAST(SMALLINT AS INT).
func CastInt16ToInt32(v int16) int32 { return int32(v) }

// CastInt16ToInt64 is CAST(SMALLINT AS BIGINT).
func CastInt16ToInt64(v int16) int64 { return int64(v) }

// CastInt16ToFloat32 is CAST(SMALLINT AS FLOAT) (exact).
func CastInt16ToFloat32(v int16) float32 { return float32(v) }

// CastInt16ToFloat64 is CAST(SMALLINT AS DOUBLE).
func CastInt16ToFloat64(v int16) float64 { return float64(v) }

// CastInt16ToString is CAST(SMALLINT AS VARCHAR).
func CastInt16ToString(v int16) string { return strconv.FormatInt(int64(v), 10) }

// CastInt32ToInt8 is CAST(INT AS TINYINT); out of range raises CAST_OVERFLOW.
func CastInt32ToInt8(v int32) (int8, *Error) {
	if v != int32(int8(v)) {
		return 0, castOverflowIntegral(int64(v), sparkInt, sparkTinyint)
	}
	return int8(v), nil
}

// CastInt32ToInt16 is CAST(INT AS SMALLINT); out of range raises CAST_OVERFLOW.
func CastInt32ToInt16(v int32) (int16, *Error) {
	if v != int32(int16(v)) {
		return 0, castOverflowIntegral(int64(v), sparkInt, sparkSmallint)
	}
	return int16(v), nil
}

// CastInt32ToFloat32 is CAST(INT AS FLOAT), rounded to nearest as Java's (float) is.
func CastInt32ToFloat32(v int32) float32 { return float32(v) }

// CastInt64ToInt8 is CAST(BIGINT AS TINYINT); out of range raises CAST_OVERFLOW.
func CastInt64ToInt8(v int64) (int8, *Error) {
	if v != int64(int8(v)) {
		return 0, castOverflowInt64(v, sparkTinyint)
	}
	return int8(v), nil
}

// CastInt64ToInt16 is CAST(BIGINT AS SMALLINT); out of range raises CAST_OVERFLOW.
func CastInt64ToInt16(v int64) (int16, *Error) {
	if v != int64(int16(v)) {
		return 0, castOverflowInt64(v, sparkSmallint)
	}
	return int16(v), nil
}

// CastInt64ToFloat32 is CAST(BIGINT AS FLOAT), rounded to nearest.
func CastInt64ToFloat32(v int64) float32 { return float32(v) }

// CastBoolToInt8 is CAST(BOOLEAN AS TINYINT): 1 or 0.
func CastBoolToInt8(b bool) int8 { return int8(CastBoolToInt32(b)) }

// CastBoolToInt16 is CAST(BOOLEAN AS SMALLINT): 1 or 0.
func CastBoolToInt16(b bool) int16 { return int16(CastBoolToInt32(b)) }

// CastBoolToFloat32 is CAST(BOOLEAN AS FLOAT): 1.0 or 0.0.
func CastBoolToFloat32(b bool) float32 { return float32(CastBoolToInt32(b)) }

// CastFloat32ToBool is CAST(FLOAT AS BOOLEAN): v != 0 (NaN is true).
func CastFloat32ToBool(v float32) bool { return v != 0 }

// castFloatToIntegral truncates v toward zero into [lo, hi]; NaN, the
// infinities and values out of range raise CAST_OVERFLOW naming FLOAT.
func castFloatToIntegral(v float32, lo, hi float64, to string) (int64, *Error) {
	t := math.Trunc(float64(v))
	if math.IsNaN(t) || t < lo || t > hi {
		return 0, castOverflowFloat32(v, to)
	}
	return int64(t), nil
}

// CastFloat32ToInt8 is CAST(FLOAT AS TINYINT), truncating toward zero.
func CastFloat32ToInt8(v float32) (int8, *Error) {
	r, err := castFloatToIntegral(v, math.MinInt8, math.MaxInt8, sparkTinyint)
	return int8(r), err
}

// CastFloat32ToInt16 is CAST(FLOAT AS SMALLINT), truncating toward zero.
func CastFloat32ToInt16(v float32) (int16, *Error) {
	r, err := castFloatToIntegral(v, math.MinInt16, math.MaxInt16, sparkSmallint)
	return int16(r), err
}

// CastFloat32ToInt32 is CAST(FLOAT AS INT), truncating toward zero.
func CastFloat32ToInt32(v float32) (int32, *Error) {
	r, err := castFloatToIntegral(v, math.MinInt32, math.MaxInt32, sparkInt)
	return int32(r), err
}

// CastFloat32ToInt64 is CAST(FLOAT AS BIGINT), truncating toward zero;
// 2^63 (a float32) is 2^63 - 1, as CastFloat64ToInt64 says
// (FloatExactNumeric.toLong), -2^63 is itself.
func CastFloat32ToInt64(v float32) (int64, *Error) {
	r, ok := truncToInt64(float64(v))
	if !ok {
		return 0, castOverflowFloat32(v, sparkBigint)
	}
	return r, nil
}

// CastFloat32ToFloat64 is CAST(FLOAT AS DOUBLE) (exact: 1.1F is 1.100000023841858).
func CastFloat32ToFloat64(v float32) float64 { return float64(v) }

// CastFloat32ToString is CAST(FLOAT AS VARCHAR), formatted as FormatFloat.
func CastFloat32ToString(v float32) string { return FormatFloat(v) }

// CastFloat64ToInt8 is CAST(DOUBLE AS TINYINT), truncating toward zero.
func CastFloat64ToInt8(v float64) (int8, *Error) {
	t := math.Trunc(v)
	if math.IsNaN(t) || t < math.MinInt8 || t > math.MaxInt8 {
		return 0, castOverflowFloat64(v, sparkTinyint)
	}
	return int8(t), nil
}

// CastFloat64ToInt16 is CAST(DOUBLE AS SMALLINT), truncating toward zero.
func CastFloat64ToInt16(v float64) (int16, *Error) {
	t := math.Trunc(v)
	if math.IsNaN(t) || t < math.MinInt16 || t > math.MaxInt16 {
		return 0, castOverflowFloat64(v, sparkSmallint)
	}
	return int16(t), nil
}

// CastFloat64ToFloat32 is CAST(DOUBLE AS FLOAT): rounded to nearest as Java's
// (float) is; beyond FLOAT's range it is an infinity, as in Spark.
func CastFloat64ToFloat32(v float64) float32 { return float32(v) }

// CastStringToInt8 is CAST(VARCHAR AS TINYINT), with the rules of CastStringToInt32.
func CastStringToInt8(s string) (int8, *Error) {
	v, ok := parseIntegral(s, math.MinInt8, math.MaxInt8)
	if !ok {
		return 0, castInvalid(s, sparkTinyint)
	}
	return int8(v), nil
}

// CastStringToInt16 is CAST(VARCHAR AS SMALLINT), with the rules of CastStringToInt32.
func CastStringToInt16(s string) (int16, *Error) {
	v, ok := parseIntegral(s, math.MinInt16, math.MaxInt16)
	if !ok {
		return 0, castInvalid(s, sparkSmallint)
	}
	return int16(v), nil
}

// CastStringToFloat32 is CAST(VARCHAR AS FLOAT): the syntax of
// CastStringToFloat64, rounded once to the nearest float32 (Java's
// Float.parseFloat); out of range is an infinity (or 0).
func CastStringToFloat32(s string) (float32, *Error) {
	t := trimCast(s)
	switch strings.ToLower(t) {
	case "inf", "+inf", "infinity", "+infinity":
		return float32(math.Inf(1)), nil
	case "-inf", "-infinity":
		return float32(math.Inf(-1)), nil
	case "nan", "+nan", "-nan":
		return float32(math.NaN()), nil
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E') {
			return 0, castInvalid(s, sparkFloat)
		}
	}
	v, err := strconv.ParseFloat(t, 32)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, castInvalid(s, sparkFloat)
	}
	return float32(v), nil
}

// CastInt8ToDecimal is CAST(TINYINT AS DECIMAL(p, s)).
func CastInt8ToDecimal(v int8, s, p int) (Decimal, *Error) { return CastInt64ToDecimal(int64(v), s, p) }

// CastInt16ToDecimal is CAST(SMALLINT AS DECIMAL(p, s)).
func CastInt16ToDecimal(v int16, s, p int) (Decimal, *Error) {
	return CastInt64ToDecimal(int64(v), s, p)
}

// CastFloat32ToDecimal is CAST(FLOAT AS DECIMAL(p, s)) of a finite float:
// Spark widens it to a DOUBLE first (1.1F is 1.100000023841858).
func CastFloat32ToDecimal(f float32, s, p int) (Decimal, *Error) {
	return CastFloat64ToDecimal(float64(f), s, p)
}

// FiniteFloat32 reports whether f is neither NaN nor infinite (the guard of
// CAST(FLOAT AS DECIMAL), NULL otherwise as with DOUBLE).
func FiniteFloat32(f float32) bool { return FiniteFloat64(float64(f)) }

// CastDecimalToInt8 is CAST(DECIMAL(p, s) AS TINYINT).
func CastDecimalToInt8(v Decimal, s, p int) (int8, *Error) {
	r, err := CastDecimalToInt64(v, s, p)
	if err != nil || r != int64(int8(r)) {
		return 0, decimalCastOverflow(v, s, p, sparkTinyint)
	}
	return int8(r), nil
}

// CastDecimalToInt16 is CAST(DECIMAL(p, s) AS SMALLINT).
func CastDecimalToInt16(v Decimal, s, p int) (int16, *Error) {
	r, err := CastDecimalToInt64(v, s, p)
	if err != nil || r != int64(int16(r)) {
		return 0, decimalCastOverflow(v, s, p, sparkSmallint)
	}
	return int16(r), nil
}

// CastDecimalToFloat32 is CAST(DECIMAL(_, s) AS FLOAT): the nearest float to
// the decimal's exact value (Java's BigDecimal.floatValue), read from its text.
func CastDecimalToFloat32(v Decimal, s int) float32 {
	f, _ := strconv.ParseFloat(FormatDecimal(v, s), 32)
	return float32(f)
}

// floatBits is Spark's hash input of a FLOAT: Java's floatToIntBits (one
// NaN), with -0.0 as 0.0.
func floatBits(x float32) int32 {
	switch {
	case x == 0:
		return 0
	case x != x:
		return 0x7fc00000
	}
	return int32(math.Float32bits(x))
}

// Murmur3StepInt8 hashes a TINYINT as Spark does: as its INT value.
func Murmur3StepInt8(seed int32, x int8, isNull bool) int32 {
	return Murmur3StepInt32(seed, int32(x), isNull)
}

// Murmur3StepInt16 hashes a SMALLINT as its INT value.
func Murmur3StepInt16(seed int32, x int16, isNull bool) int32 {
	return Murmur3StepInt32(seed, int32(x), isNull)
}

// Murmur3StepFloat32 hashes a FLOAT as the INT of its bits (floatBits).
func Murmur3StepFloat32(seed int32, x float32, isNull bool) int32 {
	return Murmur3StepInt32(seed, floatBits(x), isNull)
}

// XxHash64StepInt8 hashes a TINYINT as its INT value.
func XxHash64StepInt8(seed int64, x int8, isNull bool) int64 {
	return XxHash64StepInt32(seed, int32(x), isNull)
}

// XxHash64StepInt16 hashes a SMALLINT as its INT value.
func XxHash64StepInt16(seed int64, x int16, isNull bool) int64 {
	return XxHash64StepInt32(seed, int32(x), isNull)
}

// XxHash64StepFloat32 hashes a FLOAT as the INT of its bits (floatBits).
func XxHash64StepFloat32(seed int64, x float32, isNull bool) int64 {
	return XxHash64StepInt32(seed, floatBits(x), isNull)
}

// The comparisons of TINYINT, SMALLINT and FLOAT (FLOAT with DOUBLE's NaN
// order: its value as a DOUBLE is exact).

// EqInt8 is SQL equality on int8.
func EqInt8(a, b int8) bool { return a == b }

// EqInt16 is SQL equality on int16.
func EqInt16(a, b int16) bool { return a == b }

// EqFloat32 is SQL equality on float32 with Spark's NaN order.
func EqFloat32(a, b float32) bool { return EqFloat64(float64(a), float64(b)) }

// NeInt8 is SQL inequality on int8.
func NeInt8(a, b int8) bool { return a != b }

// NeInt16 is SQL inequality on int16.
func NeInt16(a, b int16) bool { return a != b }

// NeFloat32 is SQL inequality on float32 with Spark's NaN order.
func NeFloat32(a, b float32) bool { return NeFloat64(float64(a), float64(b)) }

// LtInt8 is SQL less than on int8.
func LtInt8(a, b int8) bool { return a < b }

// LtInt16 is SQL less than on int16.
func LtInt16(a, b int16) bool { return a < b }

// LtFloat32 is SQL less than on float32 with Spark's NaN order.
func LtFloat32(a, b float32) bool { return LtFloat64(float64(a), float64(b)) }

// LeInt8 is SQL less than or equal on int8.
func LeInt8(a, b int8) bool { return a <= b }

// LeInt16 is SQL less than or equal on int16.
func LeInt16(a, b int16) bool { return a <= b }

// LeFloat32 is SQL less than or equal on float32 with Spark's NaN order.
func LeFloat32(a, b float32) bool { return LeFloat64(float64(a), float64(b)) }

// GtInt8 is SQL greater than on int8.
func GtInt8(a, b int8) bool { return a > b }

// GtInt16 is SQL greater than on int16.
func GtInt16(a, b int16) bool { return a > b }

// GtFloat32 is SQL greater than on float32 with Spark's NaN order.
func GtFloat32(a, b float32) bool { return GtFloat64(float64(a), float64(b)) }

// GeInt8 is SQL greater than or equal on int8.
func GeInt8(a, b int8) bool { return a >= b }

// GeInt16 is SQL greater than or equal on int16.
func GeInt16(a, b int16) bool { return a >= b }

// GeFloat32 is SQL greater than or equal on float32 with Spark's NaN order.
func GeFloat32(a, b float32) bool { return GeFloat64(float64(a), float64(b)) }
