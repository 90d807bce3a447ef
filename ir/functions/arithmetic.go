package functions

import (
	"math"

	"github.com/exprc/exprc/ir"
)

// Error constructors shared by the kernels, with Spark's message texts.
func intOverflow() *ir.EvalError  { return ir.Errorf(ir.ErrArithmeticOverflow, "integer overflow") }
func longOverflow() *ir.EvalError { return ir.Errorf(ir.ErrArithmeticOverflow, "long overflow") }
func divByZero() *ir.EvalError    { return ir.Errorf(ir.ErrDivideByZero, "Division by zero.") }

// narrow32 converts an exact int64 result back to INT, or reports overflow.
func narrow32(r int64) (int32, *ir.EvalError) {
	if r < math.MinInt32 || r > math.MaxInt32 {
		return 0, intOverflow()
	}
	return int32(r), nil
}

func addInt(a, b int32) (int32, *ir.EvalError) { return narrow32(int64(a) + int64(b)) }
func subInt(a, b int32) (int32, *ir.EvalError) { return narrow32(int64(a) - int64(b)) }
func mulInt(a, b int32) (int32, *ir.EvalError) { return narrow32(int64(a) * int64(b)) }

func addBig(a, b int64) (int64, *ir.EvalError) {
	r := a + b
	if (a >= 0) == (b >= 0) && (r >= 0) != (a >= 0) {
		return 0, longOverflow()
	}
	return r, nil
}

func subBig(a, b int64) (int64, *ir.EvalError) {
	r := a - b
	if (a >= 0) != (b >= 0) && (r >= 0) != (a >= 0) {
		return 0, longOverflow()
	}
	return r, nil
}

func mulBig(a, b int64) (int64, *ir.EvalError) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	r := a * b
	if r/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, longOverflow()
	}
	return r, nil
}

func addDbl(a, b float64) float64 { return a + b }
func subDbl(a, b float64) float64 { return a - b }
func mulDbl(a, b float64) float64 { return a * b }

// divDbl is "/": Spark ANSI raises on a zero divisor, also for DOUBLE (0.0 and
// -0.0 alike), instead of returning Infinity or NaN.
func divDbl(a, b float64) (float64, *ir.EvalError) {
	if b == 0 {
		return 0, divByZero()
	}
	return a / b, nil
}

// divBig is DIV: truncating integer division with a BIGINT result.
func divBig(a, b int64) (int64, *ir.EvalError) {
	if b == 0 {
		return 0, divByZero()
	}
	if a == math.MinInt64 && b == -1 {
		return 0, ir.Errorf(ir.ErrArithmeticOverflow, "Overflow in integral divide.")
	}
	return a / b, nil
}

// The remainder's sign follows the dividend, as Java's %, and MIN % -1 is 0
// (Go defines it so, without a trap).
func modInt(a, b int32) (int32, *ir.EvalError) {
	if b == 0 {
		return 0, divByZero()
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

func modBig(a, b int64) (int64, *ir.EvalError) {
	if b == 0 {
		return 0, divByZero()
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

func modDbl(a, b float64) (float64, *ir.EvalError) {
	if b == 0 {
		return 0, divByZero()
	}
	return math.Mod(a, b), nil
}

func negInt(a int32) (int32, *ir.EvalError) {
	if a == math.MinInt32 {
		return 0, intOverflow()
	}
	return -a, nil
}

func negBig(a int64) (int64, *ir.EvalError) {
	if a == math.MinInt64 {
		return 0, longOverflow()
	}
	return -a, nil
}

func negDbl(a float64) float64 { return -a }

func absInt(a int32) (int32, *ir.EvalError) {
	if a < 0 {
		return negInt(a)
	}
	return a, nil
}

func absBig(a int64) (int64, *ir.EvalError) {
	if a < 0 {
		return negBig(a)
	}
	return a, nil
}

func absDbl(a float64) float64 { return math.Abs(a) }

// binaryArith builds the INT, BIGINT and DOUBLE overloads of + - * and mod.
func binaryArith(name, infix, doc string, fi func(a, b int32) (int32, *ir.EvalError),
	fb func(a, b int64) (int64, *ir.EvalError), fd kernel, dblMayError bool, errClasses []ir.ErrorClass) *ir.Function {
	fn := strict(name, doc, errClasses,
		sig(tInt, true, k2(fi), tInt, tInt),
		sig(tBig, true, k2(fb), tBig, tBig),
		sig(tDbl, dblMayError, fd, tDbl, tDbl),
	)
	fn.Infix = infix
	return fn
}

func init() {
	overflow := errs(ir.ErrArithmeticOverflow)
	register(binaryArith("add", "+",
		"Sum of two numbers; INT and BIGINT raise on overflow, DOUBLE follows IEEE 754 and never fails.",
		addInt, addBig, ok2(addDbl), false, overflow))
	register(binaryArith("subtract", "-",
		"Difference of two numbers; INT and BIGINT raise on overflow, DOUBLE never fails.",
		subInt, subBig, ok2(subDbl), false, overflow))
	register(binaryArith("multiply", "*",
		"Product of two numbers; INT and BIGINT raise on overflow, DOUBLE never fails.",
		mulInt, mulBig, ok2(mulDbl), false, overflow))
	register(binaryArith("mod", "%",
		"Remainder of a division (the % operator); its sign follows the dividend, MIN % -1 is 0, and a zero divisor (also 0.0 or -0.0) raises.",
		modInt, modBig, k2(modDbl), true, errs(ir.ErrDivideByZero)))

	div := strict("divide",
		"Fractional division (the / operator): integer operands are converted to DOUBLE, and a zero divisor (also 0.0 or -0.0) raises instead of giving Infinity or NaN.",
		errs(ir.ErrDivideByZero),
		sig(tDbl, true, k2(divDbl), tDbl, tDbl))
	div.Infix = "/"
	register(div)

	idiv := strict("div",
		"Integer division truncating toward zero (the DIV operator); INT operands widen to BIGINT, the result is BIGINT, a zero divisor raises and BIGINT MIN DIV -1 overflows.",
		errs(ir.ErrDivideByZero, ir.ErrArithmeticOverflow),
		sig(tBig, true, k2(divBig), tBig, tBig))
	idiv.Infix = "DIV"
	register(idiv)

	neg := strict("negate",
		"Unary minus; negating the smallest INT or BIGINT overflows.",
		overflow,
		sig(tInt, true, k1(negInt), tInt),
		sig(tBig, true, k1(negBig), tBig),
		sig(tDbl, false, ok1(negDbl), tDbl))
	neg.Prefix = "-"
	register(neg)

	register(strict("abs",
		"Absolute value; abs of the smallest INT or BIGINT overflows, abs(-0.0) is 0.0.",
		overflow,
		sig(tInt, true, k1(absInt), tInt),
		sig(tBig, true, k1(absBig), tBig),
		sig(tDbl, false, ok1(absDbl), tDbl)))
}
