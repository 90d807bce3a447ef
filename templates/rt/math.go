package rt

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// float64ToInt64 converts an integral-valued DOUBLE (a ceil or floor result) to
// BIGINT. Spark silently saturates here; exprc raises instead, because a
// saturated or NaN-turned-zero value would be a silent wrong answer.
func float64ToInt64(fn string, x, v float64) (int64, *Error) {
	if math.IsNaN(v) || v < -(1<<63) || v >= 1<<63 {
		return 0, &Error{Class: ArithmeticOverflow, kind: msgCeilFloorRange, s1: fn, f: x}
	}
	return int64(v), nil
}

// CeilInt64 is ceil(BIGINT): x itself.
func CeilInt64(x int64) int64 { return x }

// CeilFloat64 is ceil(DOUBLE) as BIGINT; NaN, infinities and results outside
// the BIGINT range raise ARITHMETIC_OVERFLOW.
func CeilFloat64(x float64) (int64, *Error) { return float64ToInt64("ceil", x, math.Ceil(x)) }

// FloorInt64 is floor(BIGINT): x itself.
func FloorInt64(x int64) int64 { return x }

// FloorFloat64 is floor(DOUBLE) as BIGINT, with the rules of CeilFloat64.
func FloorFloat64(x float64) (int64, *Error) { return float64ToInt64("floor", x, math.Floor(x)) }

// RoundInt32 is round(INT): x itself.
func RoundInt32(x int32) int32 { return x }

// RoundInt64 is round(BIGINT): x itself.
func RoundInt64(x int64) int64 { return x }

// RoundFloat64 is round(DOUBLE), half away from zero; see RoundScaleFloat64.
func RoundFloat64(x float64) float64 { return RoundScaleFloat64(x, 0) }

// RoundScaleFloat64 is round(DOUBLE, d): x rounded half away from zero (Java's
// HALF_UP) to d decimal places. Like Spark, which goes through BigDecimal(x), it
// rounds the shortest decimal representation of x, not its exact binary value:
// round(1.005, 2) is 1.01 and round(2.5) is 3.0. NaN and infinities are returned
// unchanged; a zero result is +0.0.
func RoundScaleFloat64(x float64, d int32) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	if x == 0 {
		return 0
	}
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(x), 'e', -1, 64) // d.ddde±XX
	mant, expStr, _ := strings.Cut(s, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expStr)
	point := exp + 1                // digits before the decimal point
	keep := int64(point) + int64(d) // digits kept
	if keep >= int64(len(digits)) {
		return x
	}
	if keep < 0 {
		return 0
	}
	kept := []byte(digits[:keep])
	if digits[keep] >= '5' {
		i := len(kept) - 1
		for ; i >= 0; i-- {
			if kept[i] == '9' {
				kept[i] = '0'
				continue
			}
			kept[i]++
			break
		}
		if i < 0 {
			kept = append([]byte{'1'}, kept...)
			point++
		}
	}
	if len(kept) == 0 {
		return 0
	}
	// value = 0.kept × 10^point
	r, _ := strconv.ParseFloat("0."+string(kept)+"e"+strconv.Itoa(point), 64)
	if r == 0 {
		return 0
	}
	if neg {
		r = -r
	}
	return r
}

// roundMag rounds |x| half up to a multiple of 10^(-d) for d < 0, in uint64 so
// that 2^63 (|MinInt64|) is representable. ok is false when the result exceeds
// uint64.
func roundMag(mag uint64, d int32) (uint64, bool) {
	if d >= 0 {
		return mag, true
	}
	if d < -19 {
		return 0, true // 10^20 > 2*|x| for every int64 x
	}
	p := uint64(1)
	for i := int32(0); i < -d; i++ {
		p *= 10
	}
	q, r := mag/p, mag%p
	if r >= p-r {
		q++
	}
	hi, lo := bits.Mul64(q, p)
	return lo, hi == 0
}

// RoundScaleInt64 is round(BIGINT, d): for d < 0, x rounded half away from zero
// to a multiple of 10^-d, which can raise ARITHMETIC_OVERFLOW; x itself for d >= 0.
func RoundScaleInt64(x int64, d int32) (int64, *Error) {
	if d >= 0 {
		return x, nil
	}
	neg := x < 0
	mag := uint64(x)
	if neg {
		mag = -mag
	}
	r, ok := roundMag(mag, d)
	switch {
	case !ok:
	case !neg && r <= math.MaxInt64:
		return int64(r), nil
	case neg && r <= 1<<63:
		return int64(-r), nil
	}
	return 0, ErrLongOverflow
}

// RoundScaleInt32 is round(INT, d), with the rules of RoundScaleInt64 and the INT range.
func RoundScaleInt32(x int32, d int32) (int32, *Error) {
	r, err := RoundScaleInt64(int64(x), d)
	if err != nil || r != int64(int32(r)) {
		return 0, ErrIntOverflow
	}
	return int32(r), nil
}

// Sqrt is sqrt(DOUBLE); a negative argument gives NaN, not an error.
func Sqrt(x float64) float64 { return math.Sqrt(x) }

// Power is power(x, y) with Java's Math.pow rules, which differ from Go's
// math.Pow in two corners: a NaN exponent always gives NaN, and (±1)^±Inf is NaN.
func Power(x, y float64) float64 {
	if math.IsNaN(y) || (math.Abs(x) == 1 && math.IsInf(y, 0)) {
		return math.NaN()
	}
	return math.Pow(x, y)
}

// SignFloat64 is sign(DOUBLE), Java's Math.signum: -1.0, 1.0, or the argument
// itself for ±0.0 and NaN.
func SignFloat64(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x
}
