package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// binaryArith builds the TINYINT, SMALLINT, INT, BIGINT, FLOAT and DOUBLE
// overloads of + - * and mod, narrowest first: as in Spark, operands of two
// widths meet in the wider (TINYINT + INT is INT, BIGINT + FLOAT is FLOAT).
func binaryArith(name, infix, doc string, small [3]impl, fi, fb, fd impl, errClasses []ir.ErrorClass) *ir.Function {
	fn := strict(name, doc, errClasses,
		sig(tTiny, small[0], tTiny, tTiny),
		sig(tSml, small[1], tSml, tSml),
		sig(tInt, fi, tInt, tInt),
		sig(tBig, fb, tBig, tBig),
		sig(tFlt, small[2], tFlt, tFlt),
		sig(tDbl, fd, tDbl, tDbl),
	)
	fn.Infix = infix
	return fn
}

func init() {
	overflow := errs(ir.ErrArithmeticOverflow, ir.ErrBinaryArithmeticOverflow)
	negOverflow := errs(ir.ErrArithmeticOverflow, ir.ErrUnaryMinusOverflow)
	const exact = " DECIMAL is exact, rounded HALF_UP to the result's scale, and raises when the result exceeds its precision."
	register(withIntervalArith(withDecimalArith(binaryArith("add", "+",
		"Sum of two numbers; TINYINT, SMALLINT, INT and BIGINT raise on overflow, FLOAT and DOUBLE follow IEEE 754 and never fail."+exact,
		[3]impl{k2(rt.AddInt8), k2(rt.AddInt16), ok2(rt.AddFloat32)}, k2(rt.AddInt32), k2(rt.AddInt64), ok2(rt.AddFloat64), overflow), rt.AddDecimal)))
	register(withIntervalArith(withDecimalArith(binaryArith("subtract", "-",
		"Difference of two numbers; TINYINT, SMALLINT, INT and BIGINT raise on overflow, FLOAT and DOUBLE never fail."+exact,
		[3]impl{k2(rt.SubInt8), k2(rt.SubInt16), ok2(rt.SubFloat32)}, k2(rt.SubInt32), k2(rt.SubInt64), ok2(rt.SubFloat64), overflow), rt.SubtractDecimal)))
	register(withIntervalArith(withDecimalArith(binaryArith("multiply", "*",
		"Product of two numbers; TINYINT, SMALLINT, INT and BIGINT raise on overflow, FLOAT and DOUBLE never fail."+exact,
		[3]impl{k2(rt.MulInt8), k2(rt.MulInt16), ok2(rt.MulFloat32)}, k2(rt.MulInt32), k2(rt.MulInt64), ok2(rt.MulFloat64), overflow), rt.MultiplyDecimal)))
	register(withDecimalArith(binaryArith("mod", "%",
		"Remainder of a division (the % operator); its sign follows the dividend, MIN % -1 is 0, and a zero divisor (also 0.0 or -0.0) raises. DECIMAL is exact.",
		[3]impl{k2(rt.ModInt8), k2(rt.ModInt16), k2(rt.ModFloat32)}, k2(rt.ModInt32), k2(rt.ModInt64), k2(rt.ModFloat64), errs(ir.ErrDivideByZero)), rt.RemainderDecimal))

	div := strict("divide",
		"Fractional division (the / operator): integer operands are converted to DOUBLE, and a zero divisor (also 0.0 or -0.0) raises instead of giving Infinity or NaN. With a DECIMAL operand (and no DOUBLE) the quotient is a DECIMAL with at least 6 fractional digits, rounded HALF_UP as Spark rounds it.",
		errs(ir.ErrDivideByZero),
		sig(tDbl, k2(rt.DivideFloat64), tDbl, tDbl))
	div.Infix = "/"
	register(withIntervalArith(withDecimalArith(div, rt.DivideDecimal)))

	idiv := strict("div",
		"Integer division truncating toward zero (the DIV operator); INT operands widen to BIGINT, the result is BIGINT, a zero divisor raises and BIGINT MIN DIV -1 overflows.",
		errs(ir.ErrDivideByZero, ir.ErrArithmeticOverflow),
		sig(tBig, k2(rt.DivInt64), tBig, tBig))
	idiv.Infix = "DIV"
	idivBase := idiv.Resolve
	idiv.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if ds, ok := decimalOperands(args); ok && len(args) == 2 {
			return integralDivideDecimal(ds[0], ds[1]), nil
		}
		return idivBase(args)
	}
	idiv.Synopsis = append(idiv.Synopsis, "div(DECIMAL(p1,s1), DECIMAL(p2,s2)) -> BIGINT")
	register(idiv)

	neg := strict("negate",
		"Unary minus; negating the smallest TINYINT, SMALLINT, INT or BIGINT overflows.",
		negOverflow,
		sig(tTiny, k1(rt.NegateInt8), tTiny),
		sig(tSml, k1(rt.NegateInt16), tSml),
		sig(tInt, k1(rt.NegateInt32), tInt),
		sig(tBig, k1(rt.NegateInt64), tBig),
		sig(tFlt, ok1(rt.NegateFloat32), tFlt),
		sig(tDbl, ok1(rt.NegateFloat64), tDbl))
	neg.Prefix = "-"
	register(withIntervalUnary(withDecimalUnary(neg, rt.NegateDecimal), k1(rt.NegateInt32), k1(rt.NegateInt64)), "negative")

	register(withIntervalUnary(withDecimalUnary(strict("abs",
		"Absolute value of the argument's type; abs of the smallest TINYINT, SMALLINT, INT or BIGINT overflows, abs(-0.0) is 0.0.",
		negOverflow,
		sig(tTiny, k1(rt.AbsInt8), tTiny),
		sig(tSml, k1(rt.AbsInt16), tSml),
		sig(tInt, k1(rt.AbsInt32), tInt),
		sig(tBig, k1(rt.AbsInt64), tBig),
		sig(tFlt, ok1(rt.AbsFloat32), tFlt),
		sig(tDbl, ok1(rt.AbsFloat64), tDbl)), rt.AbsDecimal), k1(rt.AbsInt32), k1(rt.AbsInt64)))
}
