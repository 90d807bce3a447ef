package rt

import (
	"math/big"
	"math/bits"
)

// The DECIMAL arithmetic kernels. Each takes its operands' scales sa and sb
// and its result type's precision p and scale s, all constants the compiler
// computed from the types (docs/semantics.md section 2.2), and computes what
// Spark's Decimal does: the exact result (a quotient or a product first
// rounded to 38 significant digits, as Spark's MathContext(38, HALF_UP)
// does), then rounded HALF_UP to scale s, and NUMERIC_VALUE_OUT_OF_RANGE when
// it has more than p digits.

// AddDecimal is a + b.
func AddDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if a.IsInt64() && b.IsInt64() && sa <= s && sb <= s {
		x, ok1 := scale64(int64(a.Lo), s-sa)
		y, ok2 := scale64(int64(b.Lo), s-sb)
		r := x + y
		if ok1 && ok2 && (x^r)&(y^r) >= 0 && fits64(r, p) {
			return DecimalFromInt64(r), nil
		}
	}
	return addDecimalSlow(a, b, false, sa, sb, s, p)
}

// SubtractDecimal is a - b.
func SubtractDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if a.IsInt64() && b.IsInt64() && sa <= s && sb <= s {
		x, ok1 := scale64(int64(a.Lo), s-sa)
		y, ok2 := scale64(int64(b.Lo), s-sb)
		r := x - y
		if ok1 && ok2 && (x^y)&(x^r) >= 0 && fits64(r, p) {
			return DecimalFromInt64(r), nil
		}
	}
	return addDecimalSlow(a, b, true, sa, sb, s, p)
}

// scale64 is x * 10^k on 64 bits, and whether it fits.
func scale64(x int64, k int) (int64, bool) {
	if k == 0 {
		return x, true
	}
	if k >= len(pow10x64) {
		return 0, x == 0
	}
	hi, lo := bits.Mul64(abs64(x), pow10x64[k])
	if hi != 0 || lo >= 1<<63 {
		return 0, false
	}
	if x < 0 {
		return -int64(lo), true
	}
	return int64(lo), true
}

// addDecimalSlow is a + b (a - b when sub) on 128 bits, with math/big only
// when aligning the scales needs more.
func addDecimalSlow(a, b Decimal, sub bool, sa, sb, s, p int) (Decimal, *Error) {
	m := max(sa, sb)
	am, an := a.mag()
	bm, bn := b.mag()
	bn = bn != sub && !bm.isZero()
	am, ok1 := rescale(am, sa, m)
	bm, ok2 := rescale(bm, sb, m)
	if ok1 && ok2 {
		switch {
		case an == bn:
			if r, over := am.add(bm); !over {
				return finish(r, an, m, s, p)
			}
		case am.cmp(bm) >= 0:
			return finish(am.sub(bm), an, m, s, p)
		default:
			return finish(bm.sub(am), bn, m, s, p)
		}
	}
	x := scaleBig(a.big(), m-sa)
	y := scaleBig(b.big(), m-sb)
	if sub {
		return finishBig(x.Sub(x, y), m, s, p)
	}
	return finishBig(x.Add(x, y), m, s, p)
}

// MultiplyDecimal is a * b. Its first case, small enough for the compiler to
// inline with the constant scales, is Q1's: no scale cut, a 38-digit
// result, operands that fit 64 bits, whose two's-complement product is the
// result (below 2^126 < 10^38 in magnitude).
func MultiplyDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if s == sa+sb && p >= MaxDecimalPrecision && a.IsInt64() && b.IsInt64() {
		return mul64x64(a, b), nil
	}
	return multiplyDecimal(a, b, sa, sb, s, p)
}

// mul64x64 is the exact product of two Decimals that fit 64 bits: the
// unsigned 64x64->128-bit product corrected for the signs (a.Hi and b.Hi are
// their sign masks).
func mul64x64(a, b Decimal) Decimal {
	hi, lo := bits.Mul64(a.Lo, b.Lo)
	return Decimal{Lo: lo, Hi: int64(hi - (b.Lo&uint64(a.Hi) + a.Lo&uint64(b.Hi)))}
}

// multiplyDecimal is MultiplyDecimal's general case.
func multiplyDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if a.IsInt64() && b.IsInt64() && s == sa+sb {
		// No scale cut: the product of two int64s (below 2^126 < 10^38 in
		// magnitude) is the result when it has at most p digits.
		if r := mul64x64(a, b); fitsSigned(r, p) {
			return r, nil
		}
	}
	if a.IsInt64() && b.IsInt64() {
		x, y := int64(a.Lo), int64(b.Lo)
		// Below 2^126 < 10^38: exact, with at most 38 digits.
		hi, lo := bits.Mul64(abs64(x), abs64(y))
		return finish(u128{hi, lo}, (x < 0) != (y < 0) && (hi|lo) != 0, sa+sb, s, p)
	}
	x := a.big()
	x.Mul(x, b.big())
	x, from := round38(x, sa+sb)
	return finishBig(x, from, s, p)
}

// DecimalFits reports whether d has at most p digits: whether it is a value
// of DECIMAL(p, s).
func DecimalFits(d Decimal, p int) bool { return fitsSigned(d, p) }

// fitsSigned reports whether r has at most p digits.
func fitsSigned(r Decimal, p int) bool {
	if r.IsInt64() {
		return fits64(int64(r.Lo), p)
	}
	m, _ := r.mag()
	return fits(m, p)
}

// DivideDecimal is a / b; a zero divisor raises DIVIDE_BY_ZERO.
func DivideDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if b.Hi == 0 && b.Lo == 0 {
		return Decimal{}, ErrDivideByZero
	}
	if k := s - sa + sb; k >= 0 && a.IsInt64() && b.IsInt64() {
		x, y := int64(a.Lo), int64(b.Lo)
		if q, ok := divide64(abs64(x), abs64(y), k); ok {
			return finish(q, (x < 0) != (y < 0) && !q.isZero(), s, s, p)
		}
	}
	return divideDecimalSlow(a, b, sa, sb, s, p)
}

// divide64 is x * 10^k / y rounded as Spark rounds the quotient: first to 38
// significant digits, then HALF_UP to the result's scale. The first rounding
// changes the second only when it turns a tail just below one half into one
// half: with tail r/y < 1/2 and m more digits kept, that is when
// (y - 2r) * 10^m <= y. ok is false when x * 10^k needs more than 128 bits.
func divide64(x, y uint64, k int) (u128, bool) {
	n, over := mulPow10(u128{0, x}, k)
	if over {
		return u128{}, false
	}
	q, r := n.divmod64(y)
	up := r >= y-r
	if !up && !q.isZero() {
		if m := MaxDecimalPrecision - digits(q); m >= 1 && m < 19 {
			t, over := u128{0, y - 2*r}.mul64(pow10x64[m])
			up = !over && t.cmp(u128{0, y}) <= 0
		}
	}
	if up {
		q, _ = q.add(u128{0, 1})
	}
	return q, true
}

// divideDecimalSlow divides on math/big, exactly as Spark's BigDecimal
// division with MathContext(38, HALF_UP) followed by HALF_UP to scale s.
func divideDecimalSlow(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	x, y := a.big(), b.big()
	neg := x.Sign()*y.Sign() < 0
	x.Abs(x)
	y.Abs(y)
	if x.Sign() == 0 {
		return Decimal{}, nil
	}
	// Enough digits that the quotient has at least 39 of them; the dropped
	// part only decides the 38-digit rounding through its first digit.
	k := max(0, 40+digitsBig(y)-digitsBig(x))
	q := scaleBig(x, k)
	q.Quo(q, y)
	q, from := round38(q, k+sa-sb)
	if neg {
		q.Neg(q)
	}
	return finishBig(q, from, s, p)
}

// RemainderDecimal is a % b (the sign follows a); a zero divisor raises
// DIVIDE_BY_ZERO. The result's scale is max(sa, sb), so it is exact.
func RemainderDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	if b.Hi == 0 && b.Lo == 0 {
		return Decimal{}, ErrDivideByZero
	}
	if sa == sb && a.IsInt64() && b.IsInt64() {
		return DecimalFromInt64(int64(a.Lo) % int64(b.Lo)), nil
	}
	m := max(sa, sb)
	am, an := a.mag()
	bm, _ := b.mag()
	am, ok1 := rescale(am, sa, m)
	bm, ok2 := rescale(bm, sb, m)
	if ok1 && ok2 && bm.hi == 0 {
		hi := am.hi % bm.lo
		_, r := bits.Div64(hi, am.lo, bm.lo)
		return finish(u128{0, r}, an && r != 0, m, s, p)
	}
	x := scaleBig(a.big(), m-sa)
	y := scaleBig(b.big(), m-sb)
	return finishBig(x.Rem(x, y), m, s, p)
}

// NegateDecimal is -a; a DECIMAL value is below 10^38 in magnitude, so it
// cannot overflow.
func NegateDecimal(a Decimal) Decimal {
	m, neg := a.mag()
	return fromMag(m, !neg && !m.isZero())
}

// AbsDecimal is |a|.
func AbsDecimal(a Decimal) Decimal {
	m, _ := a.mag()
	return fromMag(m, false)
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// big is d as a big.Int (a fresh one).
func (d Decimal) big() *big.Int {
	m, neg := d.mag()
	x := new(big.Int).SetUint64(m.hi)
	x.Lsh(x, 64)
	x.Or(x, new(big.Int).SetUint64(m.lo))
	if neg {
		x.Neg(x)
	}
	return x
}

var bigTen = big.NewInt(10)

// pow10Big is 10^k.
func pow10Big(k int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(k)), nil) }

// scaleBig multiplies x by 10^k in place (k >= 0) and returns it.
func scaleBig(x *big.Int, k int) *big.Int {
	if k > 0 {
		x.Mul(x, pow10Big(k))
	}
	return x
}

// digitsBig is the number of decimal digits of |x|.
func digitsBig(x *big.Int) int {
	if x.Sign() == 0 {
		return 0
	}
	n := len(x.Text(10))
	if x.Sign() < 0 {
		n--
	}
	return n
}

// roundBig divides x by 10^k (k >= 1) rounding HALF_UP (away from zero on a
// tie), in place.
func roundBig(x *big.Int, k int) *big.Int {
	neg := x.Sign() < 0
	x.Abs(x)
	d := pow10Big(k)
	r := new(big.Int)
	x.QuoRem(x, d, r)
	r.Lsh(r, 1)
	if r.Cmp(d) >= 0 {
		x.Add(x, big.NewInt(1))
	}
	if neg {
		x.Neg(x)
	}
	return x
}

// round38 rounds x at scale from to 38 significant digits (Spark's
// MathContext(38, HALF_UP)), returning it and its new scale.
func round38(x *big.Int, from int) (*big.Int, int) {
	if d := digitsBig(x); d > MaxDecimalPrecision {
		drop := d - MaxDecimalPrecision
		return roundBig(x, drop), from - drop
	}
	return x, from
}

// finishBig is finish for a math/big value.
func finishBig(x *big.Int, from, s, p int) (Decimal, *Error) {
	r := new(big.Int).Set(x)
	if s < from {
		roundBig(r, from-s)
	} else {
		scaleBig(r, s-from)
	}
	neg := r.Sign() < 0
	r.Abs(r)
	if r.BitLen() > 128 || !fits(u128{new(big.Int).Rsh(r, 64).Uint64(), r.Uint64()}, p) {
		return Decimal{}, decimalOutOfRange(formatBigScaled(x, from), p, s)
	}
	return fromMag(u128{new(big.Int).Rsh(r, 64).Uint64(), r.Uint64()}, neg), nil
}

// formatBigScaled prints x at scale from (which may be negative).
func formatBigScaled(x *big.Int, from int) string {
	neg := x.Sign() < 0
	ds := new(big.Int).Abs(x).Text(10)
	if from < 0 {
		ds += zeros(-from)
		from = 0
	}
	return formatScaled(ds, neg, from)
}

// DivDecimal is a DIV b: the quotient truncated toward zero, as a BIGINT; a
// zero divisor raises DIVIDE_BY_ZERO and a quotient outside the BIGINT range
// ARITHMETIC_OVERFLOW.
func DivDecimal(a, b Decimal, sa, sb int) (int64, *Error) {
	if b.Hi == 0 && b.Lo == 0 {
		return 0, ErrDivideByZero
	}
	if sa == sb && a.IsInt64() && b.IsInt64() && (int64(b.Lo) != -1 || int64(a.Lo) != -1<<63) {
		return int64(a.Lo) / int64(b.Lo), nil
	}
	x := scaleBig(a.big(), sb)
	y := scaleBig(b.big(), sa)
	x.Quo(x, y)
	if !x.IsInt64() {
		return 0, ErrIntegralDivide
	}
	return x.Int64(), nil
}

// RoundDecimal is round(x, d) of a DECIMAL(_, s) x: HALF_UP to d places (d
// may be negative: tens, hundreds ...), into DECIMAL(p, max(min(s, d), 0));
// NUMERIC_VALUE_OUT_OF_RANGE when a carry needs a digit the 38-digit limit
// cut.
func RoundDecimal(v Decimal, s, d, p int) (Decimal, *Error) { return roundDecimal(v, s, d, p, false) }

// RoundDecimalTo is RoundDecimal for round(x, d) written with its constant d,
// which the kernel ignores for the constant it was compiled with.
func RoundDecimalTo(v Decimal, _ int32, s, d, p int) (Decimal, *Error) {
	return roundDecimal(v, s, d, p, false)
}

// BroundDecimal is bround(x, d): RoundDecimal with HALF_EVEN.
func BroundDecimal(v Decimal, s, d, p int) (Decimal, *Error) { return roundDecimal(v, s, d, p, true) }

// BroundDecimalTo is bround(x, d) written with its constant d.
func BroundDecimalTo(v Decimal, _ int32, s, d, p int) (Decimal, *Error) {
	return roundDecimal(v, s, d, p, true)
}

func roundDecimal(v Decimal, s, d, p int, even bool) (Decimal, *Error) {
	if d >= s {
		return v, nil
	}
	m, neg := v.mag()
	drop := s - d // digits dropped; d < 0 drops integral digits too
	var r u128
	if drop > MaxDecimalPrecision+1 {
		r = u128{} // every digit goes: the value is below half a unit
	} else {
		q, rem := m, u128{}
		if drop <= 19 {
			var r64 uint64
			q, r64 = m.divmod64(pow10x64[drop])
			rem = u128{0, r64}
		} else {
			q = divPow10Trunc(m, drop)
			rem = m.sub(mulPow10Must(q, drop))
		}
		half := halfPow10(drop)
		c := rem.cmp(half)
		if c > 0 || c == 0 && (!even || q.lo&1 == 1) {
			q, _ = q.add(u128{0, 1})
		}
		r = q
	}
	if d < 0 {
		var over bool
		if r, over = mulPow10(r, -d); over {
			return Decimal{}, decimalOutOfRange(FormatDecimal(v, s), p, 0)
		}
	}
	if !fits(r, p) {
		return Decimal{}, decimalOutOfRange(FormatDecimal(v, s), p, max(d, 0))
	}
	return fromMag(r, neg && !r.isZero()), nil
}

// FloorDecimal is floor of a DECIMAL(_, s): the largest integer not above it,
// as DECIMAL(p - s + 1, 0), which always holds it.
func FloorDecimal(v Decimal, s int) Decimal {
	q, exact := truncExact(v, s)
	if v.Hi < 0 && !exact {
		q, _ = q.add(u128{0, 1})
	}
	return fromMag(q, v.Hi < 0 && !q.isZero())
}

// CeilDecimal is ceil of a DECIMAL(_, s), as DECIMAL(p - s + 1, 0).
func CeilDecimal(v Decimal, s int) Decimal {
	q, exact := truncExact(v, s)
	if v.Hi >= 0 && !exact {
		q, _ = q.add(u128{0, 1})
	}
	return fromMag(q, v.Hi < 0 && !q.isZero())
}

// truncExact is |v| / 10^s truncated and whether nothing was dropped.
func truncExact(v Decimal, s int) (u128, bool) {
	m, _ := v.mag()
	q := divPow10Trunc(m, s)
	return q, mulPow10Must(q, s) == m
}

// divPow10Trunc is m / 10^k truncated.
func divPow10Trunc(m u128, k int) u128 {
	for k > 0 {
		step := min(k, 19)
		m, _ = m.divmod64(pow10x64[step])
		k -= step
	}
	return m
}

// mulPow10Must is m * 10^k for a product known to fit.
func mulPow10Must(m u128, k int) u128 {
	r, _ := mulPow10(m, k)
	return r
}

// halfPow10 is 10^k / 2 (k >= 1).
func halfPow10(k int) u128 {
	h, _ := pow10[k-1].mul64(5)
	return h
}

// PositiveDecimal is +x.
func PositiveDecimal(v Decimal) Decimal { return v }

// PmodDecimal is pmod(a, n) on DECIMALs, as Spark computes it: r = a % n,
// then (r + n) % n when r < 0; a zero n raises DIVIDE_BY_ZERO.
func PmodDecimal(a, b Decimal, sa, sb, s, p int) (Decimal, *Error) {
	r, err := RemainderDecimal(a, b, sa, sb, s, p)
	if err != nil || r.Hi >= 0 {
		return r, err
	}
	bs := WidenDecimal(b, sb, s)
	sum, err := AddDecimal(r, bs, s, s, s, MaxDecimalPrecision)
	if err != nil {
		return sum, err
	}
	return RemainderDecimal(sum, bs, s, s, s, p)
}

// AddDecimalFits reports whether AddDecimal succeeds: the guard of try_add.
func AddDecimalFits(a, b Decimal, sa, sb, s, p int) bool {
	_, err := AddDecimal(a, b, sa, sb, s, p)
	return err == nil
}

// SubtractDecimalFits reports whether SubtractDecimal succeeds (try_subtract).
func SubtractDecimalFits(a, b Decimal, sa, sb, s, p int) bool {
	_, err := SubtractDecimal(a, b, sa, sb, s, p)
	return err == nil
}

// MultiplyDecimalFits reports whether MultiplyDecimal succeeds (try_multiply).
func MultiplyDecimalFits(a, b Decimal, sa, sb, s, p int) bool {
	_, err := MultiplyDecimal(a, b, sa, sb, s, p)
	return err == nil
}

// DivideDecimalFits reports whether DivideDecimal succeeds (try_divide): a
// non-zero divisor and a quotient within the precision.
func DivideDecimalFits(a, b Decimal, sa, sb, s, p int) bool {
	_, err := DivideDecimal(a, b, sa, sb, s, p)
	return err == nil
}

// RemainderDecimalFits reports whether RemainderDecimal succeeds (try_mod).
func RemainderDecimalFits(a, b Decimal, sa, sb, s, p int) bool {
	_, err := RemainderDecimal(a, b, sa, sb, s, p)
	return err == nil
}

// AddDecimalTotal is AddDecimal without its error: the kernel of the operator
// on types where it cannot fail, and the value of its try_ form where the guard
// AddDecimalFits holds (elsewhere it is the zero, never read).
func AddDecimalTotal(a, b Decimal, sa, sb, s, p int) Decimal {
	// p is not checked: operands within their precisions give a result
	// within p, and operands beyond them (data that breaks its declared
	// type) keep their exact result rather than a made-up one. Two values
	// of one scale that fit 64 bits add exactly on 128.
	if sa == s && sb == s && a.IsInt64() && b.IsInt64() {
		lo, c := bits.Add64(a.Lo, b.Lo, 0)
		return Decimal{Lo: lo, Hi: a.Hi + b.Hi + int64(c)}
	}
	r, _ := AddDecimal(a, b, sa, sb, s, MaxDecimalPrecision)
	return r
}

// SubtractDecimalTotal is SubtractDecimal without its error: the kernel of the operator
// on types where it cannot fail, and the value of its try_ form where the guard
// SubtractDecimalFits holds (elsewhere it is the zero, never read).
func SubtractDecimalTotal(a, b Decimal, sa, sb, s, p int) Decimal {
	// p is not checked: operands within their precisions give a result
	// within p, and operands beyond them (data that breaks its declared
	// type) keep their exact result rather than a made-up one.
	if sa == s && sb == s && a.IsInt64() && b.IsInt64() {
		lo, bw := bits.Sub64(a.Lo, b.Lo, 0)
		return Decimal{Lo: lo, Hi: a.Hi - b.Hi - int64(bw)}
	}
	r, _ := SubtractDecimal(a, b, sa, sb, s, MaxDecimalPrecision)
	return r
}

// MultiplyDecimalTotal is MultiplyDecimal without its error: the kernel of the operator
// on types where it cannot fail, and the value of its try_ form where the guard
// MultiplyDecimalFits holds (elsewhere it is the zero, never read).
func MultiplyDecimalTotal(a, b Decimal, sa, sb, s, p int) Decimal {
	// p is not checked: operands within their precisions give a result
	// within p, and operands beyond them (data that breaks its declared
	// type) keep their exact result rather than a made-up one.
	if s == sa+sb && a.IsInt64() && b.IsInt64() {
		return mul64x64(a, b)
	}
	r, _ := multiplyDecimal(a, b, sa, sb, s, MaxDecimalPrecision)
	return r
}

// DivideDecimalTotal is DivideDecimal without its error: the kernel of the operator
// on types where it cannot fail, and the value of its try_ form where the guard
// DivideDecimalFits holds (elsewhere it is the zero, never read).
func DivideDecimalTotal(a, b Decimal, sa, sb, s, p int) Decimal {
	// p is not checked: operands within their precisions give a result
	// within p, and operands beyond them (data that breaks its declared
	// type) keep their exact result rather than a made-up one.
	r, _ := DivideDecimal(a, b, sa, sb, s, MaxDecimalPrecision)
	return r
}

// RemainderDecimalTotal is RemainderDecimal without its error: the kernel of the operator
// on types where it cannot fail, and the value of its try_ form where the guard
// RemainderDecimalFits holds (elsewhere it is the zero, never read).
func RemainderDecimalTotal(a, b Decimal, sa, sb, s, p int) Decimal {
	// p is not checked: operands within their precisions give a result
	// within p, and operands beyond them (data that breaks its declared
	// type) keep their exact result rather than a made-up one.
	r, _ := RemainderDecimal(a, b, sa, sb, s, MaxDecimalPrecision)
	return r
}

// The kernels below are the common cases of the ones above that the
// compiler picks when the constant scales allow (ir/functions/decimal.go):
// small enough for Go to inline into a generated loop, where a call of the
// general kernel, with its six arguments, costs more than the arithmetic.

// AddDecimalSameScale is AddDecimalTotal of operands of the result's scale:
// their sum as 128-bit integers, exact because it has at most 38 digits
// (below 10^38 < 2^127 in magnitude).
func AddDecimalSameScale(a, b Decimal) Decimal {
	lo, c := bits.Add64(a.Lo, b.Lo, 0)
	return Decimal{Lo: lo, Hi: a.Hi + b.Hi + int64(c)}
}

// SubtractDecimalSameScale is SubtractDecimalTotal of operands of the
// result's scale: their difference as 128-bit integers, exact as in
// AddDecimalSameScale.
func SubtractDecimalSameScale(a, b Decimal) Decimal {
	lo, bw := bits.Sub64(a.Lo, b.Lo, 0)
	return Decimal{Lo: lo, Hi: a.Hi - b.Hi - int64(bw)}
}

// MultiplyDecimalExact is MultiplyDecimalTotal with no scale cut (s = sa +
// sb): the low 128 bits of the product of two's-complement integers, which
// is the product itself because it has at most 38 digits.
func MultiplyDecimalExact(a, b Decimal) Decimal {
	hi, lo := bits.Mul64(a.Lo, b.Lo)
	return Decimal{Lo: lo, Hi: int64(hi + a.Lo*uint64(b.Hi) + uint64(a.Hi)*b.Lo)}
}

// MultiplyDecimal38 is MultiplyDecimal with no scale cut (s = sa + sb) and a
// 38-digit result, the type of a product of two wide operands (Q1's
// charge): the product of two operands that fit 64 bits is below 2^126 <
// 10^38, so it needs no check.
func MultiplyDecimal38(a, b Decimal, sa, sb int) (Decimal, *Error) {
	if a.IsInt64() && b.IsInt64() {
		return mul64x64(a, b), nil
	}
	return multiplyDecimal38(a, b, sa, sb)
}

// multiplyDecimal38 is MultiplyDecimal38's general case.
func multiplyDecimal38(a, b Decimal, sa, sb int) (Decimal, *Error) {
	return multiplyDecimal(a, b, sa, sb, sa+sb, MaxDecimalPrecision)
}

// AddDecimalWidenLeft is AddDecimalTotal where a's scale is k below the
// result's and b's is the result's: a * 10^k + b, exact as in
// AddDecimalSameScale.
func AddDecimalWidenLeft(a, b Decimal, k int) Decimal {
	return AddDecimalSameScale(MultiplyDecimalExact(a, pow10Decimal[k&63]), b)
}

// AddDecimalWidenRight is AddDecimalTotal where b's scale is k below the
// result's and a's is the result's: a + b * 10^k.
func AddDecimalWidenRight(a, b Decimal, k int) Decimal {
	return AddDecimalSameScale(a, MultiplyDecimalExact(b, pow10Decimal[k&63]))
}

// SubtractDecimalWidenLeft is SubtractDecimalTotal where a's scale is k
// below the result's: a * 10^k - b.
func SubtractDecimalWidenLeft(a, b Decimal, k int) Decimal {
	return SubtractDecimalSameScale(MultiplyDecimalExact(a, pow10Decimal[k&63]), b)
}

// SubtractDecimalWidenRight is SubtractDecimalTotal where b's scale is k
// below the result's: a - b * 10^k.
func SubtractDecimalWidenRight(a, b Decimal, k int) Decimal {
	return SubtractDecimalSameScale(a, MultiplyDecimalExact(b, pow10Decimal[k&63]))
}
