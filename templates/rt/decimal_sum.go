package rt

import "math/bits"

// DecimalSum is the exact sum of DECIMAL values of one scale, for sum and avg
// in subqueries: a 192-bit two's-complement integer, which holds the sum of
// up to 2^63 values below 2^127 in magnitude without overflow. The sum is
// therefore the same whatever the order the values are added in, and its
// type is checked once, at the end: exprc raises an overflow when the final
// sum does not fit, where Spark may also raise when an intermediate sum does
// (docs/semantics.md 3.12). Prefix sums of a sorted subquery subtract.
type DecimalSum struct {
	Hi      int64
	Mid, Lo uint64
}

// Add returns a + d.
func (a DecimalSum) Add(d Decimal) DecimalSum {
	lo, c := bits.Add64(a.Lo, d.Lo, 0)
	mid, c := bits.Add64(a.Mid, uint64(d.Hi), c)
	return DecimalSum{Hi: a.Hi + d.Hi>>63 + int64(c), Mid: mid, Lo: lo}
}

// Sub returns a - b.
func (a DecimalSum) Sub(b DecimalSum) DecimalSum {
	lo, bw := bits.Sub64(a.Lo, b.Lo, 0)
	mid, bw := bits.Sub64(a.Mid, b.Mid, bw)
	return DecimalSum{Hi: a.Hi - b.Hi - int64(bw), Mid: mid, Lo: lo}
}

// Sum is sum(x), the sum as a value of its type DECIMAL(p, s) (Spark's
// DECIMAL(min(38, p1 + 10), s1) for values of DECIMAL(p1, s1)):
// ARITHMETIC_OVERFLOW ("Overflow in sum of decimals.") when it has more than
// p digits.
func (a DecimalSum) Sum(p int) (Decimal, *Error) {
	if a.Hi != int64(a.Mid)>>63 {
		return Decimal{}, ErrDecimalSumOverflow
	}
	d := Decimal{Lo: a.Lo, Hi: int64(a.Mid)}
	if !fitsSigned(d, p) {
		return Decimal{}, ErrDecimalSumOverflow
	}
	return d, nil
}

// Avg is avg(x) over n > 0 values of scale sa whose sum is a: the sum, which
// must fit its type's sumP digits as in Sum, divided by n as Spark's Average
// does (the quotient rounded to 38 significant digits, then HALF_UP to the
// result type DECIMAL(p, s), NUMERIC_VALUE_OUT_OF_RANGE beyond it).
func (a DecimalSum) Avg(n int64, sa, sumP, s, p int) (Decimal, *Error) {
	sum, err := a.Sum(sumP)
	if err != nil {
		return Decimal{}, err
	}
	return DivideDecimal(sum, DecimalFromInt64(n), sa, 0, s, p)
}
