package functions

import (
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/exprc/exprc/ir"
)

// doubleToBigint converts an integral-valued DOUBLE (a ceil or floor result) to
// BIGINT. Spark silently saturates here; exprc raises instead, because a
// saturated or NaN-turned-zero value would be a silent wrong answer.
func doubleToBigint(fn string, x, v float64) (int64, *ir.EvalError) {
	if math.IsNaN(v) || v < -(1<<63) || v >= 1<<63 {
		return 0, ir.Errorf(ir.ErrArithmeticOverflow, "long overflow: %s(%s) is out of the BIGINT range", fn, ir.FormatDouble(x))
	}
	return int64(v), nil
}

func ceilDbl(x float64) (int64, *ir.EvalError)  { return doubleToBigint("ceil", x, math.Ceil(x)) }
func floorDbl(x float64) (int64, *ir.EvalError) { return doubleToBigint("floor", x, math.Floor(x)) }
func identBig(x int64) int64                    { return x }

// roundDbl rounds half away from zero (Java's HALF_UP) to d decimal places. Like
// Spark, which goes through BigDecimal(x), it rounds the shortest decimal
// representation of x, not its exact binary value: round(1.005, 2) is 1.01 and
// round(2.5) is 3.0. NaN and infinities are returned unchanged; a zero result is
// +0.0.
func roundDbl(x float64, d int32) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		if x == 0 {
			return 0
		}
		return x
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

func roundBig(x int64, d int32) (int64, *ir.EvalError) {
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
	return 0, longOverflow()
}

func roundInt(x int32, d int32) (int32, *ir.EvalError) {
	r, err := roundBig(int64(x), d)
	if err != nil {
		return 0, intOverflow()
	}
	return narrow32(r)
}

func round1Dbl(x float64) float64 { return roundDbl(x, 0) }
func round1Int(x int32) int32     { return x }
func round1Big(x int64) int64     { return x }

func sqrtDbl(x float64) float64 { return math.Sqrt(x) }

// powDbl is Java's Math.pow, which differs from Go's math.Pow in two corners:
// a NaN exponent always gives NaN, and (±1)^±Inf is NaN.
func powDbl(x, y float64) float64 {
	if math.IsNaN(y) || (math.Abs(x) == 1 && math.IsInf(y, 0)) {
		return math.NaN()
	}
	return math.Pow(x, y)
}

// signDbl is Java's Math.signum: -1.0, 1.0, or the argument itself for ±0.0 and NaN.
func signDbl(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x
}

// extremum builds greatest or least. They are not strict: NULL arguments are
// skipped and the result is NULL only when all arguments are NULL. An argument
// error is never skipped: the result is then the leftmost error, so a NULL
// cannot hide a failure and argument order does not change which rows fail.
func extremum(name, doc string, want int) *ir.Function {
	return &ir.Function{
		Name: name,
		Doc:  doc,
		Synopsis: []string{name + "(T, T, ...) -> T where T is BOOLEAN, INT, BIGINT, DOUBLE, VARCHAR or DATE " +
			"(arguments widen to their common type)"},
		Strict: false,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 2 {
				return nil, minArityError(name, len(args), 2)
			}
			t, err := commonScalar(name+" values of types", args)
			if err != nil {
				return nil, err
			}
			return &ir.Signature{
				Params: repeat(t, len(args)),
				Ret:    t,
				EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
					var best any
					for _, o := range outs {
						if o.Err != nil {
							return o
						}
						if o.V == nil {
							continue
						}
						if best == nil || compareValues(o.V, best)*want > 0 {
							best = o.V
						}
					}
					return ir.Outcome{V: best}
				},
			}, nil
		},
	}
}

func init() {
	register(strict("ceil",
		"Smallest integer not less than x, as BIGINT; a DOUBLE that is NaN, infinite or outside the BIGINT range raises instead of saturating.",
		errs(ir.ErrArithmeticOverflow),
		sig(tBig, false, ok1(identBig), tBig),
		sig(tBig, true, k1(ceilDbl), tDbl)), "ceiling")
	register(strict("floor",
		"Largest integer not greater than x, as BIGINT; a DOUBLE that is NaN, infinite or outside the BIGINT range raises instead of saturating.",
		errs(ir.ErrArithmeticOverflow),
		sig(tBig, false, ok1(identBig), tBig),
		sig(tBig, true, k1(floorDbl), tDbl)))
	register(strict("round",
		"Rounds x half away from zero (HALF_UP) to d decimal places (default 0), keeping x's type; a negative d rounds integers to tens, hundreds ..., which can overflow. DOUBLE rounding works on the shortest decimal form of x, as Spark's BigDecimal does, and never fails.",
		errs(ir.ErrArithmeticOverflow),
		sig(tInt, false, ok1(round1Int), tInt),
		sig(tBig, false, ok1(round1Big), tBig),
		sig(tDbl, false, ok1(round1Dbl), tDbl),
		sig(tInt, true, k2(roundInt), tInt, tInt),
		sig(tBig, true, k2(roundBig), tBig, tInt),
		sig(tDbl, false, ok2(roundDbl), tDbl, tInt)))
	register(strict("sqrt",
		"Square root as DOUBLE; sqrt of a negative number is NaN, not an error.",
		nil,
		sig(tDbl, false, ok1(sqrtDbl), tDbl)))
	register(strict("power",
		"x raised to the power y as DOUBLE, with Java's Math.pow rules (a NaN exponent gives NaN); never fails.",
		nil,
		sig(tDbl, false, ok2(powDbl), tDbl, tDbl)), "pow")
	register(strict("sign",
		"Sign of x as DOUBLE: -1.0, 0.0 or 1.0 (-0.0 and NaN are returned as they are).",
		nil,
		sig(tDbl, false, ok1(signDbl), tDbl)), "signum")
	register(extremum("greatest",
		"Largest argument, skipping NULLs (NULL only when every argument is NULL); an argument error is never skipped: the result is the leftmost argument error. DOUBLE NaN is larger than any other value.",
		1))
	register(extremum("least",
		"Smallest argument, skipping NULLs (NULL only when every argument is NULL); an argument error is never skipped: the result is the leftmost argument error. DOUBLE NaN is larger than any other value.",
		-1))
}
