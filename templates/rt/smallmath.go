package rt

// The math and bitwise kernels that keep a TINYINT, SMALLINT or FLOAT
// argument's type, as Spark's do: round, bround, pmod, positive and the
// bitwise operators return their argument's type, and bit_get reads the
// argument's own width. (Functions whose Spark result is INT, BIGINT or
// DOUBLE whatever the argument reach the INT or DOUBLE kernels by widening.)

// RoundInt8 is round(TINYINT): x itself.
func RoundInt8(x int8) int8 { return x }

// RoundInt16 is round(SMALLINT): x itself.
func RoundInt16(x int16) int16 { return x }

// RoundScaleInt8 is round(TINYINT, d): for d < 0, x rounded half away from
// zero to a multiple of 10^-d; a result outside TINYINT raises
// ARITHMETIC_OVERFLOW (Spark's toByteExact under ANSI mode).
func RoundScaleInt8(x int8, d int32) (int8, *Error) {
	r, err := RoundScaleInt64(int64(x), d)
	if err != nil || r != int64(int8(r)) {
		return 0, errNarrowOverflow
	}
	return int8(r), nil
}

// RoundScaleInt16 is round(SMALLINT, d), with the rules of RoundScaleInt8.
func RoundScaleInt16(x int16, d int32) (int16, *Error) {
	r, err := RoundScaleInt64(int64(x), d)
	if err != nil || r != int64(int16(r)) {
		return 0, errNarrowOverflow
	}
	return int16(r), nil
}

// RoundFloat32 is round(FLOAT); see RoundScaleFloat32.
func RoundFloat32(x float32) float32 { return RoundScaleFloat32(x, 0) }

// RoundScaleFloat32 is round(FLOAT, d): Spark rounds BigDecimal(x.toDouble),
// the shortest decimal form of the DOUBLE holding x (not of the FLOAT), and
// narrows the result back to FLOAT.
func RoundScaleFloat32(x float32, d int32) float32 {
	return float32(RoundScaleFloat64(float64(x), d))
}

// BroundInt8 is bround(TINYINT): x itself.
func BroundInt8(x int8) int8 { return x }

// BroundInt16 is bround(SMALLINT): x itself.
func BroundInt16(x int16) int16 { return x }

// BroundScaleInt8 is bround(TINYINT, d): half to even, overflow as RoundScaleInt8.
func BroundScaleInt8(x int8, d int32) (int8, *Error) {
	r, err := BroundScaleInt64(int64(x), d)
	if err != nil || r != int64(int8(r)) {
		return 0, errNarrowOverflow
	}
	return int8(r), nil
}

// BroundScaleInt16 is bround(SMALLINT, d), with the rules of BroundScaleInt8.
func BroundScaleInt16(x int16, d int32) (int16, *Error) {
	r, err := BroundScaleInt64(int64(x), d)
	if err != nil || r != int64(int16(r)) {
		return 0, errNarrowOverflow
	}
	return int16(r), nil
}

// BroundFloat32 is bround(FLOAT); see BroundScaleFloat32.
func BroundFloat32(x float32) float32 { return BroundScaleFloat32(x, 0) }

// BroundScaleFloat32 is bround(FLOAT, d), rounding x's DOUBLE form as
// RoundScaleFloat32 does.
func BroundScaleFloat32(x float32, d int32) float32 {
	return float32(BroundScaleFloat64(float64(x), d))
}

// errNarrowOverflow is the ARITHMETIC_OVERFLOW of rounding a TINYINT or
// SMALLINT out of its type: Java's byteValueExact and shortValueExact say
// "Overflow".
var errNarrowOverflow = NewError(ArithmeticOverflow, "Overflow")

// PmodInt8 is pmod(TINYINT, TINYINT). Java computes byte arithmetic in int
// and Spark narrows the result, so r + n does not wrap at 8 bits:
// pmod(-1Y, -128Y) is -1, not 127. n = 0 raises DIVIDE_BY_ZERO.
func PmodInt8(a, n int8) (int8, *Error) {
	r, err := PmodInt32(int32(a), int32(n))
	return int8(r), err
}

// PmodInt16 is pmod(SMALLINT, SMALLINT), with the rules of PmodInt8.
func PmodInt16(a, n int16) (int16, *Error) {
	r, err := PmodInt32(int32(a), int32(n))
	return int16(r), err
}

// PmodFloat32 is pmod(FLOAT, FLOAT) in float arithmetic: r = a % n, and
// (r + n) % n when r < 0. n = 0 (or -0.0) raises DIVIDE_BY_ZERO.
func PmodFloat32(a, n float32) (float32, *Error) {
	r, err := ModFloat32(a, n)
	if err != nil {
		return 0, err
	}
	if r < 0 {
		r, _ = ModFloat32(r+n, n)
	}
	return r, nil
}

// PositiveInt8 is positive(TINYINT): x itself.
func PositiveInt8(x int8) int8 { return x }

// PositiveInt16 is positive(SMALLINT): x itself.
func PositiveInt16(x int16) int16 { return x }

// PositiveFloat32 is positive(FLOAT): x itself (-0.0 stays -0.0).
func PositiveFloat32(x float32) float32 { return x }

// BitAndInt8 is TINYINT & TINYINT.
func BitAndInt8(a, b int8) int8 { return a & b }

// BitAndInt16 is SMALLINT & SMALLINT.
func BitAndInt16(a, b int16) int16 { return a & b }

// BitOrInt8 is TINYINT | TINYINT.
func BitOrInt8(a, b int8) int8 { return a | b }

// BitOrInt16 is SMALLINT | SMALLINT.
func BitOrInt16(a, b int16) int16 { return a | b }

// BitXorInt8 is TINYINT ^ TINYINT.
func BitXorInt8(a, b int8) int8 { return a ^ b }

// BitXorInt16 is SMALLINT ^ SMALLINT.
func BitXorInt16(a, b int16) int16 { return a ^ b }

// BitNotInt8 is ~TINYINT.
func BitNotInt8(a int8) int8 { return ^a }

// BitNotInt16 is ~SMALLINT.
func BitNotInt16(a int16) int16 { return ^a }

// BitGetInt8 is bit_get(TINYINT, pos): pos outside [0, 8) raises.
func BitGetInt8(x int8, pos int32) (int8, *Error) {
	if pos < 0 || pos >= 8 {
		return 0, bitPositionError(pos, 8)
	}
	return (x >> pos) & 1, nil
}

// BitGetInt16 is bit_get(SMALLINT, pos): pos outside [0, 16) raises.
func BitGetInt16(x int16, pos int32) (int8, *Error) {
	if pos < 0 || pos >= 16 {
		return 0, bitPositionError(pos, 16)
	}
	return int8((x >> pos) & 1), nil
}
