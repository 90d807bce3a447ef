package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

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
						if best == nil || CompareValues(o.V, best)*want > 0 {
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
	register(withDecimalFloor(strict("ceil",
		"Smallest integer not less than x, as BIGINT; a DOUBLE that is NaN, infinite or outside the BIGINT range raises instead of saturating.",
		errs(ir.ErrArithmeticOverflow),
		sig(tBig, ok1(rt.CeilInt64), tBig),
		sig(tBig, k1(rt.CeilFloat64), tDbl)), rt.CeilDecimal), "ceiling")
	register(withDecimalFloor(strict("floor",
		"Largest integer not greater than x, as BIGINT; a DOUBLE that is NaN, infinite or outside the BIGINT range raises instead of saturating.",
		errs(ir.ErrArithmeticOverflow),
		sig(tBig, ok1(rt.FloorInt64), tBig),
		sig(tBig, k1(rt.FloorFloat64), tDbl)), rt.FloorDecimal))
	register(strict("round",
		"Rounds x half away from zero (HALF_UP) to d decimal places (default 0), keeping x's type; a negative d rounds integers to tens, hundreds ..., which can overflow. DOUBLE rounding works on the shortest decimal form of x, as Spark's BigDecimal does, and never fails.",
		errs(ir.ErrArithmeticOverflow),
		sig(tTiny, ok1(rt.RoundInt8), tTiny),
		sig(tSml, ok1(rt.RoundInt16), tSml),
		sig(tInt, ok1(rt.RoundInt32), tInt),
		sig(tBig, ok1(rt.RoundInt64), tBig),
		sig(tFlt, ok1(rt.RoundFloat32), tFlt),
		sig(tDbl, ok1(rt.RoundFloat64), tDbl),
		sig(tTiny, k2(rt.RoundScaleInt8), tTiny, tInt),
		sig(tSml, k2(rt.RoundScaleInt16), tSml, tInt),
		sig(tInt, k2(rt.RoundScaleInt32), tInt, tInt),
		sig(tBig, k2(rt.RoundScaleInt64), tBig, tInt),
		sig(tFlt, ok2(rt.RoundScaleFloat32), tFlt, tInt),
		sig(tDbl, ok2(rt.RoundScaleFloat64), tDbl, tInt)))
	register(strict("sqrt",
		"Square root as DOUBLE; sqrt of a negative number is NaN, not an error.",
		nil,
		sig(tDbl, ok1(rt.Sqrt), tDbl)))
	register(strict("power",
		"x raised to the power y as DOUBLE, with Java's Math.pow rules (a NaN exponent gives NaN); never fails.",
		nil,
		sig(tDbl, ok2(rt.Power), tDbl, tDbl)), "pow")
	register(strict("sign",
		"Sign of x as DOUBLE: -1.0, 0.0 or 1.0 (-0.0 and NaN are returned as they are).",
		nil,
		sig(tDbl, ok1(rt.SignFloat64), tDbl)), "signum")
	register(extremum("greatest",
		"Largest argument, skipping NULLs (NULL only when every argument is NULL); an argument error is never skipped: the result is the leftmost argument error. DOUBLE NaN is larger than any other value.",
		1))
	register(extremum("least",
		"Smallest argument, skipping NULLs (NULL only when every argument is NULL); an argument error is never skipped: the result is the leftmost argument error. DOUBLE NaN is larger than any other value.",
		-1))
}
