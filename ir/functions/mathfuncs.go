package functions

import (
	"math"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// ok4 adapts a typed rt kernel of four arguments that cannot fail.
func ok4[A, B, C, D, R any](f func(A, B, C, D) R) impl {
	return impl{fn: f, eval: func(args []any) (any, *ir.EvalError) {
		return f(args[0].(A), args[1].(B), args[2].(C), args[3].(D)), nil
	}}
}

// dbl1 is a strict DOUBLE -> DOUBLE function that cannot fail (INT and BIGINT
// arguments widen to DOUBLE).
func dbl1(name, doc string, f func(float64) float64) *ir.Function {
	return strict(name, doc, nil, sig(tDbl, ok1(f), tDbl))
}

// domain builds an unregistered guard function (see nulldomain.go): strict,
// BOOLEAN, never failing. It is not callable from SQL; it appears only in
// the IR the binder builds, and explain prints it by name.
func domain(name string, sigs ...*ir.Signature) *ir.Function {
	return strict(name, "Whether the function of the same prefix has a value at these arguments.", nil, sigs...)
}

// constant registers a zero-argument function the binder replaces by a DOUBLE
// literal (pi(), e()).
func constant(name, doc string, f func() float64) *ir.Function {
	k := impl{fn: f, eval: func([]any) (any, *ir.EvalError) { return f(), nil }}
	fn := strict(name, doc, nil, sig(tDbl, k))
	expansions[fn] = func(*ir.Call) ir.Expr { return &ir.Const{T: tDbl, V: f()} }
	return fn
}

// isnanStrict is the strict kernel call inside isnan's and nanvl's
// expansions: NULL on a NULL argument, unlike the SQL function isnan.
var isnanStrict = strict("isnan_value", "Whether x is NaN (strict: NULL for NULL).", nil, sig(tBool, ok1(rt.IsNaN), tDbl))

func init() {
	lnDomain := domain("ln_domain", sig(tBool, ok1(rt.LnDefined), tDbl))
	log1pDomain := domain("log1p_domain", sig(tBool, ok1(rt.Log1pDefined), tDbl))
	logDomain := domain("log_domain",
		sig(tBool, ok1(rt.LnDefined), tDbl),
		sig(tBool, ok2(rt.LogBaseDefined), tDbl, tDbl))
	factorialDomain := domain("factorial_domain", sig(tBool, ok1(rt.FactorialDefined), tInt))
	bucketDomain := domain("width_bucket_domain", sig(tBool, ok4(rt.WidthBucketDefined), tDbl, tDbl, tDbl, tBig))

	register(guarded("ln",
		"Natural logarithm of x as DOUBLE; NULL when x <= 0 (also -0.0), as Spark returns; ln(NaN) is NaN, ln(Infinity) is Infinity.",
		nil, lnDomain, sig(tDbl, ok1(rt.Ln), tDbl)))
	register(guarded("log",
		"log(x) is ln(x); log(base, x) is ln(x) / ln(base) as DOUBLE. NULL when x <= 0 or base <= 0 (as Spark returns); a base of 1 divides by ln(1) = 0 and gives Infinity, -Infinity or NaN; NaN arguments give NaN.",
		nil, logDomain,
		sig(tDbl, ok1(rt.Ln), tDbl),
		sig(tDbl, ok2(rt.LogBase), tDbl, tDbl)))
	register(guarded("log10",
		"Base-10 logarithm of x as DOUBLE; NULL when x <= 0 (also -0.0); NaN gives NaN.",
		nil, lnDomain, sig(tDbl, ok1(rt.Log10), tDbl)))
	register(guarded("log2",
		"Base-2 logarithm of x, computed as Spark does as ln(x) / ln(2); NULL when x <= 0 (also -0.0); NaN gives NaN.",
		nil, lnDomain, sig(tDbl, ok1(rt.Log2), tDbl)))
	register(guarded("log1p",
		"ln(1 + x) as DOUBLE, accurate for x near 0; NULL when x <= -1; NaN gives NaN.",
		nil, log1pDomain, sig(tDbl, ok1(rt.Log1p), tDbl)))
	register(guarded("factorial",
		"n! as BIGINT for n in 0..20; NULL for any other n (21! does not fit in BIGINT), as Spark returns. BIGINT arguments need a CAST to INT.",
		nil, factorialDomain, sig(tBig, ok1(rt.Factorial), tInt)))
	register(guarded("width_bucket",
		"Bucket number of value among n equal-width buckets over [min, max) (over (max, min] counted from min when min > max): 0 below the range, n + 1 at or beyond its far end, else 1 + floor(n * (value - min) / (max - min)) computed in DOUBLE. NULL (as in Spark) when n <= 0, n = 9223372036854775807, value is NaN, min = max, or min or max is NaN or infinite; an infinite value falls in bucket 0 or n + 1.",
		nil, bucketDomain, sig(tBig, ok4(rt.WidthBucket), tDbl, tDbl, tDbl, tBig)))

	register(dbl1("exp", "e raised to the power x as DOUBLE; exp(-Infinity) is 0.0, large x gives Infinity.", rt.Exp))
	register(dbl1("expm1", "e^x - 1 as DOUBLE, accurate for x near 0; expm1(-Infinity) is -1.0.", rt.Expm1))
	register(dbl1("cbrt", "Cube root of x as DOUBLE (negative for negative x; cbrt(-0.0) is -0.0).", rt.Cbrt))
	register(strict("hypot",
		"sqrt(a² + b²) as DOUBLE without intermediate overflow; Infinity when either argument is infinite (even if the other is NaN), else NaN when either is NaN.",
		nil, sig(tDbl, ok2(rt.Hypot), tDbl, tDbl)))
	register(dbl1("sin", "Sine of x (radians) as DOUBLE; NaN for an infinite x.", rt.Sin))
	register(dbl1("cos", "Cosine of x (radians) as DOUBLE; NaN for an infinite x.", rt.Cos))
	register(dbl1("tan", "Tangent of x (radians) as DOUBLE; NaN for an infinite x. Computed by Go's math.Tan, which can differ from Java's Math.tan in the last bit (tan(1) is 1.557407724654902, Spark 1.5574077246549023).", rt.Tan))
	register(dbl1("cot", "Cotangent 1 / tan(x) as DOUBLE; cot(0.0) is Infinity and cot(-0.0) -Infinity, not an error, as in Spark. Like tan it can differ from Spark in the last bit.", rt.Cot))
	register(dbl1("sec", "Secant 1 / cos(x) as DOUBLE.", rt.Sec))
	register(dbl1("csc", "Cosecant 1 / sin(x) as DOUBLE; csc(0.0) is Infinity, not an error, as in Spark.", rt.Csc))
	register(dbl1("asin", "Arc sine of x in radians as DOUBLE; NaN (not NULL, not an error) outside [-1, 1].", rt.Asin))
	register(dbl1("acos", "Arc cosine of x in radians as DOUBLE; NaN (not NULL, not an error) outside [-1, 1]. Bit for bit Spark's (fdlibm's) result.", rt.Acos))
	register(dbl1("atan", "Arc tangent of x in radians as DOUBLE, in [-pi/2, pi/2].", rt.Atan))
	register(strict("atan2",
		"Angle in radians of the point (x, y) for atan2(y, x), in [-pi, pi], as Java's Math.atan2 after Spark adds 0.0 to both arguments: -0.0 counts as 0.0, so atan2(-0.0, -1.0) is pi and atan2(0.0, 0.0) is 0.0.",
		nil, sig(tDbl, ok2(rt.Atan2), tDbl, tDbl)))
	register(dbl1("sinh", "Hyperbolic sine of x as DOUBLE.", rt.Sinh))
	register(dbl1("cosh", "Hyperbolic cosine of x as DOUBLE.", rt.Cosh))
	register(dbl1("tanh", "Hyperbolic tangent of x as DOUBLE, in [-1, 1].", rt.Tanh))
	register(dbl1("asinh",
		"Inverse hyperbolic sine, Spark's formula ln(x + sqrt(x² + 1)) with asinh(-Infinity) = -Infinity; like Spark's, it loses precision for large negative x (and gives -Infinity below about -1e8).",
		rt.Asinh))
	register(dbl1("acosh", "Inverse hyperbolic cosine, Spark's formula ln(x + sqrt(x² - 1)); NaN for x < 1.", rt.Acosh))
	register(dbl1("atanh", "Inverse hyperbolic tangent, Spark's formula (log1p(x) - log1p(-x)) / 2; Infinity at 1, -Infinity at -1, NaN outside [-1, 1].", rt.Atanh))
	register(dbl1("degrees", "x radians in degrees (x * 57.29577951308232, Java's Math.toDegrees).", rt.Degrees))
	register(dbl1("radians", "x degrees in radians (x * 0.017453292519943295, Java's Math.toRadians).", rt.Radians))
	register(dbl1("rint", "x rounded to the nearest integer as DOUBLE, ties to even (Java's Math.rint): rint(2.5) is 2.0, rint(-0.5) is -0.0; NaN and infinities are returned unchanged.", rt.Rint))
	register(constant("pi", "The DOUBLE closest to pi, 3.141592653589793; the binder replaces pi() by that literal.", rt.Pi))
	register(constant("e", "The DOUBLE closest to Euler's number, 2.718281828459045; the binder replaces e() by that literal.", rt.E))

	register(withDecimalArith(strict("pmod",
		"Positive modulus as Spark computes it: r = a % n, then (r + n) % n when r < 0, in the type of the arguments; INT and BIGINT wrap as Java does (pmod(-1, -2147483648) is 2147483647) and a negative n can give a negative result (pmod(-7, -3) is -1); DOUBLE uses fmod. A zero n (also 0.0 and -0.0) raises (ANSI mode).",
		errs(ir.ErrDivideByZero),
		sig(tTiny, k2(rt.PmodInt8), tTiny, tTiny),
		sig(tSml, k2(rt.PmodInt16), tSml, tSml),
		sig(tInt, k2(rt.PmodInt32), tInt, tInt),
		sig(tBig, k2(rt.PmodInt64), tBig, tBig),
		sig(tFlt, k2(rt.PmodFloat32), tFlt, tFlt),
		sig(tDbl, k2(rt.PmodFloat64), tDbl, tDbl)), rt.PmodDecimal))
	register(strict("bround",
		"Rounds x half to even (HALF_EVEN, banker's rounding) to d decimal places (default 0), keeping x's type; a negative d rounds integers to tens, hundreds ..., which can overflow. DOUBLE rounding works on the shortest decimal form of x, as Spark's BigDecimal does (bround(2.5) is 2.0, bround(0.125, 2) is 0.12), returns NaN and infinities unchanged and never fails.",
		errs(ir.ErrArithmeticOverflow),
		sig(tTiny, ok1(rt.BroundInt8), tTiny),
		sig(tSml, ok1(rt.BroundInt16), tSml),
		sig(tInt, ok1(rt.BroundInt32), tInt),
		sig(tBig, ok1(rt.BroundInt64), tBig),
		sig(tFlt, ok1(rt.BroundFloat32), tFlt),
		sig(tDbl, ok1(rt.BroundFloat64), tDbl),
		sig(tTiny, k2(rt.BroundScaleInt8), tTiny, tInt),
		sig(tSml, k2(rt.BroundScaleInt16), tSml, tInt),
		sig(tInt, k2(rt.BroundScaleInt32), tInt, tInt),
		sig(tBig, k2(rt.BroundScaleInt64), tBig, tInt),
		sig(tFlt, ok2(rt.BroundScaleFloat32), tFlt, tInt),
		sig(tDbl, ok2(rt.BroundScaleFloat64), tDbl, tInt)))
	register(withIntervalUnary(withDecimalUnary(strict("positive",
		"Unary plus: x itself, in its type (-0.0 stays -0.0).",
		nil,
		sig(tTiny, ok1(rt.PositiveInt8), tTiny),
		sig(tSml, ok1(rt.PositiveInt16), tSml),
		sig(tInt, ok1(rt.PositiveInt32), tInt),
		sig(tBig, ok1(rt.PositiveInt64), tBig),
		sig(tFlt, ok1(rt.PositiveFloat32), tFlt),
		sig(tDbl, ok1(rt.PositiveFloat64), tDbl)), rt.PositiveDecimal), ok1(rt.PositiveInt32), ok1(rt.PositiveInt64)))

	isnan := &ir.Function{
		Name:     "isnan",
		Doc:      "Whether x is NaN. Never NULL: isnan(NULL) is FALSE, as in Spark; an argument error is the result. The binder writes it as COALESCE(isnan_value(x), FALSE).",
		Synopsis: []string{"isnan(DOUBLE) -> BOOLEAN"},
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			s, err := isnanStrict.Resolve(args)
			if err != nil {
				return nil, err
			}
			return &ir.Signature{Params: s.Params, Ret: tBool, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
				switch {
				case outs[0].Err != nil:
					return outs[0]
				case outs[0].V == nil:
					return ir.Outcome{V: false}
				}
				return ir.Outcome{V: math.IsNaN(outs[0].V.(float64))}
			}}, nil
		},
	}
	expansions[isnan] = func(c *ir.Call) ir.Expr {
		s, _ := isnanStrict.Resolve(c.Sig.Params)
		return &ir.Coalesce{Args: []ir.Expr{&ir.Call{Fn: isnanStrict, Sig: s, Args: c.Args}, &ir.Const{T: tBool, V: false}}, T: tBool}
	}
	register(isnan)

	nanvl := &ir.Function{
		Name:     "nanvl",
		Doc:      "a when a is not NaN, else b (both DOUBLE). NULL when a is NULL; b is evaluated only when a is NaN, so nanvl(1.0, NULL) is 1.0 and an error in b matters only on rows where a is NaN, as in Spark. The binder writes it as IF(isnan_value(a), b, a).",
		Synopsis: []string{"nanvl(DOUBLE, DOUBLE) -> DOUBLE"},
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 2 {
				return nil, arityError("nanvl", len(args), []int{2})
			}
			if !widensAll(args, []ir.Type{tDbl, tDbl}) {
				return nil, noOverload("nanvl", args, []string{"nanvl(DOUBLE, DOUBLE) -> DOUBLE"})
			}
			return &ir.Signature{Params: []ir.Type{tDbl, tDbl}, Ret: tDbl, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
				a := outs[0]
				if a.Err == nil && a.V != nil && math.IsNaN(a.V.(float64)) {
					return outs[1]
				}
				return a
			}}, nil
		},
	}
	expansions[nanvl] = func(c *ir.Call) ir.Expr {
		s, _ := isnanStrict.Resolve(c.Sig.Params[:1])
		return &ir.If{Cond: &ir.Call{Fn: isnanStrict, Sig: s, Args: c.Args[:1]}, Then: c.Args[1], Else: c.Args[0]}
	}
	register(nanvl)
}
