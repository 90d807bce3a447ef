package rt

import (
	"math"
	"strconv"
	"strings"
)

// The kernels of this file are Spark's math functions over DOUBLE (and the
// integer ones that follow Java's arithmetic). Spark computes most of them
// with java.lang.StrictMath, or with Math functions that delegate to it:
// fdlibm. For those (ln, log10, exp, asin, acos, atan, atan2, sinh, cosh,
// tanh, cbrt, hypot) the kernels use the ports of fdlibm.go, and log1p and
// expm1 Go's math package, itself an exact fdlibm port for them: all return
// Spark's DOUBLE bit for bit. sin, cos and tan are HotSpot intrinsics in
// Java, not fdlibm: they use Go's math package, whose results can differ
// from Java's in the last bit. Where Spark computes
// a function with its own formula (asinh, acosh, atanh, log2, log with a
// base, cot, sec, csc) the kernel uses that formula, so that its edge cases
// (and its rounding) are Spark's, not those of a more accurate algorithm.
//
// The log family is NULL outside its domain: the kernels here compute the
// value where it is defined, and the *Defined kernels say where that is; the
// binder wraps a call in IF(defined, value, NULL) (ir/functions/nulldomain.go).

// Ln is ln(x) where LnDefined(x) holds (x > 0 or NaN).
func Ln(x float64) float64 { return fdLog(x) }

// LnDefined reports whether ln, log10 and log2 have a value at x: Spark
// returns NULL for x <= 0 (and -0.0); NaN is not <= 0 and gives NaN.
func LnDefined(x float64) bool { return !(x <= 0) }

// Log10 is log10(x) where LnDefined(x) holds.
func Log10(x float64) float64 { return fdLog10(x) }

// Log2 is log2(x) where LnDefined(x) holds, computed as Spark does, ln(x)/ln(2).
func Log2(x float64) float64 { return fdLog(x) / fdLog(2) }

// Log1p is ln(1 + x) where Log1pDefined(x) holds.
func Log1p(x float64) float64 { return math.Log1p(x) }

// Log1pDefined reports whether log1p has a value at x: Spark returns NULL for
// x <= -1.
func Log1pDefined(x float64) bool { return !(x <= -1) }

// LogBase is log(base, x) = ln(x) / ln(base) where LogBaseDefined holds; a
// base of 1 divides by zero and gives ±Infinity or NaN, as in Spark.
func LogBase(base, x float64) float64 { return fdLog(x) / fdLog(base) }

// LogBaseDefined reports whether log(base, x) has a value: Spark returns NULL
// when base <= 0 or x <= 0.
func LogBaseDefined(base, x float64) bool { return !(base <= 0) && !(x <= 0) }

// Exp is e^x.
func Exp(x float64) float64 { return fdExp(x) }

// Expm1 is e^x - 1, accurate near 0.
func Expm1(x float64) float64 { return math.Expm1(x) }

// Cbrt is the cube root of x (negative for negative x).
func Cbrt(x float64) float64 { return fdCbrt(x) }

// Hypot is sqrt(a² + b²) without intermediate overflow; an infinite argument
// gives +Infinity even when the other is NaN.
func Hypot(a, b float64) float64 { return fdHypot(a, b) }

// Sin is the sine of x in radians.
func Sin(x float64) float64 { return math.Sin(x) }

// Cos is the cosine of x in radians.
func Cos(x float64) float64 { return math.Cos(x) }

// Tan is the tangent of x in radians.
func Tan(x float64) float64 { return math.Tan(x) }

// Cot is 1/tan(x), Spark's formula: cot(0) is +Infinity.
func Cot(x float64) float64 { return 1 / math.Tan(x) }

// Sec is 1/cos(x).
func Sec(x float64) float64 { return 1 / math.Cos(x) }

// Csc is 1/sin(x): csc(0) is +Infinity.
func Csc(x float64) float64 { return 1 / math.Sin(x) }

// Asin is the arc sine of x; NaN outside [-1, 1].
func Asin(x float64) float64 { return fdAsin(x) }

// Acos is the arc cosine of x; NaN outside [-1, 1].
func Acos(x float64) float64 { return fdAcos(x) }

// Atan is the arc tangent of x.
func Atan(x float64) float64 { return fdAtan(x) }

// Atan2 is the angle of the point (x, y), Java's Math.atan2 after Spark adds
// 0.0 to both arguments, which turns -0.0 into 0.0: atan2(-0.0, -1) is π, not -π.
func Atan2(y, x float64) float64 { return fdAtan2(y+0.0, x+0.0) }

// Sinh is the hyperbolic sine of x.
func Sinh(x float64) float64 { return fdSinh(x) }

// Cosh is the hyperbolic cosine of x.
func Cosh(x float64) float64 { return fdCosh(x) }

// Tanh is the hyperbolic tangent of x.
func Tanh(x float64) float64 { return fdTanh(x) }

// Asinh is Spark's inverse hyperbolic sine, ln(x + sqrt(x² + 1)), with
// asinh(-Infinity) = -Infinity. The formula loses precision for large
// negative x (it gives -Infinity below about -1e8), exactly as Spark's does.
func Asinh(x float64) float64 {
	if math.IsInf(x, -1) {
		return x
	}
	return fdLog(x + math.Sqrt(x*x+1))
}

// Acosh is Spark's inverse hyperbolic cosine, ln(x + sqrt(x² - 1)); NaN below 1.
func Acosh(x float64) float64 { return fdLog(x + math.Sqrt(x*x-1)) }

// Atanh is Spark's inverse hyperbolic tangent, (log1p(x) - log1p(-x)) / 2;
// ±Infinity at ±1, NaN outside [-1, 1].
func Atanh(x float64) float64 { return 0.5 * (math.Log1p(x) - math.Log1p(-x)) }

// Java's Math.toDegrees and toRadians multiply by these constants (JDK 9+).
const (
	radiansToDegrees = 57.29577951308232
	degreesToRadians = 0.017453292519943295
)

// Degrees converts radians to degrees as Java's Math.toDegrees does.
func Degrees(x float64) float64 { return x * radiansToDegrees }

// Radians converts degrees to radians as Java's Math.toRadians does.
func Radians(x float64) float64 { return x * degreesToRadians }

// Rint is x rounded to the nearest integer, ties to even, as a DOUBLE (Java's
// Math.rint): rint(2.5) is 2.0, rint(-0.5) is -0.0; NaN and infinities are kept.
func Rint(x float64) float64 { return math.RoundToEven(x) }

// factorials holds n! for n in 0..20, the ones that fit in BIGINT.
var factorials = func() [21]int64 {
	var f [21]int64
	f[0] = 1
	for i := 1; i < len(f); i++ {
		f[i] = f[i-1] * int64(i)
	}
	return f
}()

// Factorial is n! where FactorialDefined(n) holds; 0 elsewhere (never read).
func Factorial(n int32) int64 {
	if !FactorialDefined(n) {
		return 0
	}
	return factorials[n]
}

// FactorialDefined reports whether factorial has a value at n: Spark returns
// NULL outside 0..20 (21! does not fit in BIGINT).
func FactorialDefined(n int32) bool { return n >= 0 && n <= 20 }

// IsNaN reports whether x is NaN.
func IsNaN(x float64) bool { return math.IsNaN(x) }

// PmodInt32 is pmod(a, n), Spark's positive modulus: r = a % n, and (r + n) % n
// when r < 0, in Java's wrapping int arithmetic (so pmod(-1, MIN) is MAX, and
// a negative n can give a negative result, as in Spark). n = 0 raises
// DIVIDE_BY_ZERO (ANSI mode).
func PmodInt32(a, n int32) (int32, *Error) {
	if n == 0 {
		return 0, ErrDivideByZero
	}
	r := a % n
	if r < 0 {
		r = (r + n) % n
	}
	return r, nil
}

// PmodInt64 is pmod over BIGINT, with the rules of PmodInt32.
func PmodInt64(a, n int64) (int64, *Error) {
	if n == 0 {
		return 0, ErrDivideByZero
	}
	r := a % n
	if r < 0 {
		r = (r + n) % n
	}
	return r, nil
}

// PmodFloat64 is pmod over DOUBLE with Java's % (fmod); a zero n (0.0 or
// -0.0) raises DIVIDE_BY_ZERO.
func PmodFloat64(a, n float64) (float64, *Error) {
	if n == 0 {
		return 0, ErrDivideByZero
	}
	r := math.Mod(a, n)
	if r < 0 {
		r = math.Mod(r+n, n)
	}
	return r, nil
}

// PositiveInt32 is positive(x): x itself.
func PositiveInt32(x int32) int32 { return x }

// PositiveInt64 is positive(x): x itself.
func PositiveInt64(x int64) int64 { return x }

// PositiveFloat64 is positive(x): x itself (-0.0 stays -0.0).
func PositiveFloat64(x float64) float64 { return x }

// BroundFloat64 is bround(DOUBLE): x rounded half to even; see BroundScaleFloat64.
func BroundFloat64(x float64) float64 { return BroundScaleFloat64(x, 0) }

// BroundScaleFloat64 is bround(DOUBLE, d): x rounded to d decimal places with
// ties to the even digit (HALF_EVEN). Like Spark, which goes through
// BigDecimal(x), it rounds the shortest decimal representation of x:
// bround(2.5) is 2.0, bround(0.125, 2) is 0.12, bround(1.005, 2) is 1.0.
// NaN and infinities are returned unchanged; a zero result is +0.0.
func BroundScaleFloat64(x float64, d int32) float64 {
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
	up := false
	switch rest := digits[keep:]; {
	case rest[0] > '5':
		up = true
	case rest[0] == '5':
		if strings.TrimRight(rest[1:], "0") != "" {
			up = true // above the tie
		} else {
			up = len(kept) > 0 && (kept[len(kept)-1]-'0')%2 == 1
		}
	}
	if up {
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

// BroundInt32 is bround(INT): x itself.
func BroundInt32(x int32) int32 { return x }

// BroundInt64 is bround(BIGINT): x itself.
func BroundInt64(x int64) int64 { return x }

// BroundScaleInt64 is bround(BIGINT, d): for d < 0, x rounded half to even to
// a multiple of 10^-d, which can raise ARITHMETIC_OVERFLOW; x itself for d >= 0.
func BroundScaleInt64(x int64, d int32) (int64, *Error) {
	if d >= 0 {
		return x, nil
	}
	neg := x < 0
	mag := uint64(x)
	if neg {
		mag = -mag
	}
	var r uint64
	if d >= -19 {
		p := uint64(1)
		for i := int32(0); i < -d; i++ {
			p *= 10
		}
		q, rem := mag/p, mag%p
		if rem > p-rem || (rem == p-rem && q%2 == 1) {
			q++
		}
		if q > math.MaxUint64/p {
			return 0, ErrLongOverflow
		}
		r = q * p
	} // else 10^20 > 2*|x|: the result is 0
	switch {
	case !neg && r <= math.MaxInt64:
		return int64(r), nil
	case neg && r <= 1<<63:
		return int64(-r), nil
	}
	return 0, ErrLongOverflow
}

// BroundScaleInt32 is bround(INT, d), with the rules of BroundScaleInt64 and the INT range.
func BroundScaleInt32(x int32, d int32) (int32, *Error) {
	r, err := BroundScaleInt64(int64(x), d)
	if err != nil || r != int64(int32(r)) {
		return 0, ErrIntOverflow
	}
	return int32(r), nil
}

// javaDoubleToLong converts as Java's (long) cast does: NaN is 0 and values
// beyond the BIGINT range saturate (Go leaves those conversions undefined).
func javaDoubleToLong(v float64) int64 {
	switch {
	case math.IsNaN(v):
		return 0
	case v >= 1<<63:
		return math.MaxInt64
	case v <= -(1 << 63):
		return math.MinInt64
	}
	return int64(v)
}

// WidthBucketDefined reports whether width_bucket has a value: Spark returns
// NULL when n <= 0, n is the largest BIGINT, value is NaN, min = max, or min
// or max is NaN or infinite.
func WidthBucketDefined(value, lo, hi float64, n int64) bool {
	return !(n <= 0 || n == math.MaxInt64 || math.IsNaN(value) || lo == hi ||
		math.IsNaN(lo) || math.IsInf(lo, 0) || math.IsNaN(hi) || math.IsInf(hi, 0))
}

// WidthBucket is width_bucket(value, min, max, n) where WidthBucketDefined
// holds: the 1-based bucket of value among n equal-width buckets over [min,
// max) (or (max, min] when min > max, counted from min), 0 below the range and
// n + 1 above it, computed in DOUBLE as Spark does.
func WidthBucket(value, lo, hi float64, n int64) int64 {
	lower, upper := math.Min(lo, hi), math.Max(lo, hi)
	if lo < hi {
		switch {
		case value < lower:
			return 0
		case value >= upper:
			return n + 1
		}
		return javaDoubleToLong(float64(n)*(value-lower)/(upper-lower)) + 1
	}
	switch {
	case value > upper:
		return 0
	case value <= lower:
		return n + 1
	}
	return javaDoubleToLong(float64(n)*(upper-value)/(upper-lower)) + 1
}

// Pi is pi(): the DOUBLE closest to π. The binder folds pi() to a literal;
// the kernel exists so the registry's every scalar overload has one.
func Pi() float64 { return math.Pi }

// E is e(): the DOUBLE closest to Euler's number (see Pi).
func E() float64 { return math.E }
