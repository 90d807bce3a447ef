package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// binaryArith builds the INT, BIGINT and DOUBLE overloads of + - * and mod.
func binaryArith(name, infix, doc string, fi, fb, fd impl, errClasses []ir.ErrorClass) *ir.Function {
	fn := strict(name, doc, errClasses,
		sig(tInt, fi, tInt, tInt),
		sig(tBig, fb, tBig, tBig),
		sig(tDbl, fd, tDbl, tDbl),
	)
	fn.Infix = infix
	return fn
}

func init() {
	overflow := errs(ir.ErrArithmeticOverflow)
	register(binaryArith("add", "+",
		"Sum of two numbers; INT and BIGINT raise on overflow, DOUBLE follows IEEE 754 and never fails.",
		k2(rt.AddInt32), k2(rt.AddInt64), ok2(rt.AddFloat64), overflow))
	register(binaryArith("subtract", "-",
		"Difference of two numbers; INT and BIGINT raise on overflow, DOUBLE never fails.",
		k2(rt.SubInt32), k2(rt.SubInt64), ok2(rt.SubFloat64), overflow))
	register(binaryArith("multiply", "*",
		"Product of two numbers; INT and BIGINT raise on overflow, DOUBLE never fails.",
		k2(rt.MulInt32), k2(rt.MulInt64), ok2(rt.MulFloat64), overflow))
	register(binaryArith("mod", "%",
		"Remainder of a division (the % operator); its sign follows the dividend, MIN % -1 is 0, and a zero divisor (also 0.0 or -0.0) raises.",
		k2(rt.ModInt32), k2(rt.ModInt64), k2(rt.ModFloat64), errs(ir.ErrDivideByZero)))

	div := strict("divide",
		"Fractional division (the / operator): integer operands are converted to DOUBLE, and a zero divisor (also 0.0 or -0.0) raises instead of giving Infinity or NaN.",
		errs(ir.ErrDivideByZero),
		sig(tDbl, k2(rt.DivideFloat64), tDbl, tDbl))
	div.Infix = "/"
	register(div)

	idiv := strict("div",
		"Integer division truncating toward zero (the DIV operator); INT operands widen to BIGINT, the result is BIGINT, a zero divisor raises and BIGINT MIN DIV -1 overflows.",
		errs(ir.ErrDivideByZero, ir.ErrArithmeticOverflow),
		sig(tBig, k2(rt.DivInt64), tBig, tBig))
	idiv.Infix = "DIV"
	register(idiv)

	neg := strict("negate",
		"Unary minus; negating the smallest INT or BIGINT overflows.",
		overflow,
		sig(tInt, k1(rt.NegateInt32), tInt),
		sig(tBig, k1(rt.NegateInt64), tBig),
		sig(tDbl, ok1(rt.NegateFloat64), tDbl))
	neg.Prefix = "-"
	register(neg, "negative")

	register(strict("abs",
		"Absolute value; abs of the smallest INT or BIGINT overflows, abs(-0.0) is 0.0.",
		overflow,
		sig(tInt, k1(rt.AbsInt32), tInt),
		sig(tBig, k1(rt.AbsInt64), tBig),
		sig(tDbl, ok1(rt.AbsFloat64), tDbl)))
}
