package rt

import (
	"math"
	"math/bits"
)

// AddInt32 is INT + INT; it raises ARITHMETIC_OVERFLOW outside the INT range.
func AddInt32(a, b int32) (int32, *Error) {
	r := a + b
	if (r^a)&(r^b) < 0 {
		return 0, ErrIntOverflow
	}
	return r, nil
}

// AddInt64 is BIGINT + BIGINT; it raises ARITHMETIC_OVERFLOW outside the BIGINT range.
func AddInt64(a, b int64) (int64, *Error) {
	r := a + b
	if (r^a)&(r^b) < 0 {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// AddFloat64 is DOUBLE + DOUBLE (IEEE 754; never fails).
func AddFloat64(a, b float64) float64 { return a + b }

// SubInt32 is INT - INT; it raises ARITHMETIC_OVERFLOW outside the INT range.
func SubInt32(a, b int32) (int32, *Error) {
	r := a - b
	if (a^b)&(r^a) < 0 {
		return 0, ErrIntOverflow
	}
	return r, nil
}

// SubInt64 is BIGINT - BIGINT; it raises ARITHMETIC_OVERFLOW outside the BIGINT range.
func SubInt64(a, b int64) (int64, *Error) {
	r := a - b
	if (a^b)&(r^a) < 0 {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// SubFloat64 is DOUBLE - DOUBLE (never fails).
func SubFloat64(a, b float64) float64 { return a - b }

// MulInt32 is INT * INT; it raises ARITHMETIC_OVERFLOW outside the INT range.
func MulInt32(a, b int32) (int32, *Error) {
	r := int64(a) * int64(b)
	if r != int64(int32(r)) {
		return 0, ErrIntOverflow
	}
	return int32(r), nil
}

// MulInt64 is BIGINT * BIGINT; it raises ARITHMETIC_OVERFLOW outside the BIGINT range.
func MulInt64(a, b int64) (int64, *Error) {
	// The 128-bit product: its signed high word is the unsigned one less b
	// where a < 0 and less a where b < 0; the product fits when that word is
	// the sign of the low one. A multiply, not the division r/a == b costs
	// (tens of cycles).
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if int64(hi)-a>>63&b-b>>63&a != int64(lo)>>63 {
		return 0, ErrLongOverflow
	}
	return int64(lo), nil
}

// MulFloat64 is DOUBLE * DOUBLE (never fails).
func MulFloat64(a, b float64) float64 { return a * b }

// DivideFloat64 is the / operator (integer operands are widened to DOUBLE first).
// As in Spark ANSI mode, a zero divisor (0.0 or -0.0) raises DIVIDE_BY_ZERO
// instead of giving Infinity or NaN.
func DivideFloat64(a, b float64) (float64, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	return a / b, nil
}

// DivInt64 is the DIV operator: integer division truncating toward zero. A zero
// divisor raises DIVIDE_BY_ZERO and MIN DIV -1 raises ARITHMETIC_OVERFLOW.
func DivInt64(a, b int64) (int64, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	if b == -1 {
		if a == math.MinInt64 {
			return 0, ErrIntegralDivide
		}
		return -a, nil
	}
	return a / b, nil
}

// ModInt32 is INT % INT: the remainder's sign follows the dividend (as Java's
// %), MIN % -1 is 0, and a zero divisor raises DIVIDE_BY_ZERO.
func ModInt32(a, b int32) (int32, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

// ModInt64 is BIGINT % BIGINT, with the rules of ModInt32.
func ModInt64(a, b int64) (int64, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	if b == -1 {
		return 0, nil
	}
	return a % b, nil
}

// ModFloat64 is DOUBLE % DOUBLE (Java's %, i.e. math.Mod); a zero divisor
// (0.0 or -0.0) raises DIVIDE_BY_ZERO.
func ModFloat64(a, b float64) (float64, *Error) {
	if b == 0 {
		return 0, ErrDivideByZero
	}
	return math.Mod(a, b), nil
}

// NegateInt32 is unary minus on INT; -MIN raises ARITHMETIC_OVERFLOW.
func NegateInt32(a int32) (int32, *Error) {
	if a == math.MinInt32 {
		return 0, ErrIntOverflow
	}
	return -a, nil
}

// NegateInt64 is unary minus on BIGINT; -MIN raises ARITHMETIC_OVERFLOW.
func NegateInt64(a int64) (int64, *Error) {
	if a == math.MinInt64 {
		return 0, ErrLongOverflow
	}
	return -a, nil
}

// NegateFloat64 is unary minus on DOUBLE.
func NegateFloat64(a float64) float64 { return -a }

// AbsInt32 is abs(INT); abs(MIN) raises ARITHMETIC_OVERFLOW.
func AbsInt32(a int32) (int32, *Error) {
	if a < 0 {
		return NegateInt32(a)
	}
	return a, nil
}

// AbsInt64 is abs(BIGINT); abs(MIN) raises ARITHMETIC_OVERFLOW.
func AbsInt64(a int64) (int64, *Error) {
	if a < 0 {
		return NegateInt64(a)
	}
	return a, nil
}

// AbsFloat64 is abs(DOUBLE); abs(-0.0) is 0.0.
func AbsFloat64(a float64) float64 { return math.Abs(a) }

// The kernels below are the division and remainder kernels above for a
// divisor the generator knows when it emits the call (a constant) and
// knows cannot make them fail: not zero, and for integers not -1 either.
// With no error to report they are a single Go operation a fused loop
// computes on every row, and Go turns a constant divisor into a multiply.

// QuotInt64 is DivInt64 for a divisor that is neither 0 nor -1.
func QuotInt64(a, b int64) int64 { return a / b }

// RemInt32 is ModInt32 for a divisor that is neither 0 nor -1.
func RemInt32(a, b int32) int32 { return a % b }

// RemInt64 is ModInt64 for a divisor that is neither 0 nor -1.
func RemInt64(a, b int64) int64 { return a % b }

// QuotFloat64 is DivideFloat64 for a divisor that is not zero.
func QuotFloat64(a, b float64) float64 { return a / b }

// RemFloat64 is ModFloat64 for a divisor that is not zero.
func RemFloat64(a, b float64) float64 { return math.Mod(a, b) }
