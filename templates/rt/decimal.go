package rt

import (
	"math/bits"
	"strconv"
)

// Decimal is the unscaled integer of a DECIMAL(p, s) value (the value times
// 10^s) in 128-bit two's complement, low word first: the layout of an Arrow
// decimal128 value, so a column's buffer is read as []Decimal without
// conversion. The precision and scale belong to the type, not to the value:
// the kernels take them as constant arguments the compiler writes into each
// call.
//
// Every kernel has a fast path for operands that fit in 64 bits (all of
// DECIMAL(18, s), and the usual values of wider types), exact 128-bit
// arithmetic after it, and math/big only where Spark's semantics need more
// than 128 bits (a product or quotient of two operands wider than 64 bits).
type Decimal struct {
	Lo uint64
	Hi int64
}

// MaxDecimalPrecision is the largest precision of a DECIMAL type, as in Spark.
const MaxDecimalPrecision = 38

// DecimalFromInt64 is the Decimal holding v.
func DecimalFromInt64(v int64) Decimal { return Decimal{Lo: uint64(v), Hi: v >> 63} }

// IsInt64 reports whether d fits in an int64, the kernels' fast path.
func (d Decimal) IsInt64() bool { return d.Hi == int64(d.Lo)>>63 }

// Int64 is d's low word as an int64: its value when IsInt64.
func (d Decimal) Int64() int64 { return int64(d.Lo) }

// Sign is -1, 0 or 1.
func (d Decimal) Sign() int {
	switch {
	case d.Hi < 0:
		return -1
	case d.Hi == 0 && d.Lo == 0:
		return 0
	}
	return 1
}

// u128 is an unsigned 128-bit magnitude.
type u128 struct{ hi, lo uint64 }

// mag splits d into its magnitude and sign. Values of DECIMAL types are below
// 10^38 < 2^127 in magnitude, so negation never overflows.
func (d Decimal) mag() (u128, bool) {
	if d.Hi < 0 {
		lo, b := bits.Sub64(0, d.Lo, 0)
		hi, _ := bits.Sub64(0, uint64(d.Hi), b)
		return u128{hi, lo}, true
	}
	return u128{uint64(d.Hi), d.Lo}, false
}

// fromMag is the Decimal of magnitude m (below 2^127) and sign neg.
func fromMag(m u128, neg bool) Decimal {
	if neg {
		lo, b := bits.Sub64(0, m.lo, 0)
		hi, _ := bits.Sub64(0, m.hi, b)
		return Decimal{Lo: lo, Hi: int64(hi)}
	}
	return Decimal{Lo: m.lo, Hi: int64(m.hi)}
}

func (m u128) isZero() bool { return m.hi == 0 && m.lo == 0 }

func (m u128) cmp(n u128) int {
	switch {
	case m.hi < n.hi:
		return -1
	case m.hi > n.hi:
		return 1
	case m.lo < n.lo:
		return -1
	case m.lo > n.lo:
		return 1
	}
	return 0
}

// add returns m + n and whether it overflowed 128 bits.
func (m u128) add(n u128) (u128, bool) {
	lo, c := bits.Add64(m.lo, n.lo, 0)
	hi, c := bits.Add64(m.hi, n.hi, c)
	return u128{hi, lo}, c != 0
}

// sub returns m - n for m >= n.
func (m u128) sub(n u128) u128 {
	lo, b := bits.Sub64(m.lo, n.lo, 0)
	hi, _ := bits.Sub64(m.hi, n.hi, b)
	return u128{hi, lo}
}

// mul64 returns m * x and whether it overflowed 128 bits.
func (m u128) mul64(x uint64) (u128, bool) {
	h1, l1 := bits.Mul64(m.lo, x)
	h2, l2 := bits.Mul64(m.hi, x)
	hi, c := bits.Add64(h1, l2, 0)
	return u128{hi, l1}, h2 != 0 || c != 0
}

// divmod64 returns m / d and m % d.
func (m u128) divmod64(d uint64) (u128, uint64) {
	qhi := m.hi / d
	qlo, r := bits.Div64(m.hi%d, m.lo, d)
	return u128{qhi, qlo}, r
}

// pow10 is 10^k for k in [0, 38]; pow10x64 the ones that fit 64 bits.
var (
	pow10    [MaxDecimalPrecision + 2]u128
	pow10x64 [20]uint64
)

func init() {
	p := u128{0, 1}
	for k := range pow10 {
		pow10[k] = p
		if k < len(pow10x64) {
			pow10x64[k] = p.lo
		}
		p, _ = p.mul64(10)
	}
}

// fits reports whether magnitude m has at most p digits.
func fits(m u128, p int) bool { return m.cmp(pow10[p]) < 0 }

// digits is the number of decimal digits of m (0 for zero), up to 39.
func digits(m u128) int {
	n := 0
	for n < len(pow10) && m.cmp(pow10[n]) >= 0 {
		n++
	}
	return n
}

// mulPow10 returns m * 10^k and whether it overflowed 128 bits.
func mulPow10(m u128, k int) (u128, bool) {
	for k > 0 {
		step := min(k, 19)
		var over bool
		if m, over = m.mul64(pow10x64[step]); over {
			return m, true
		}
		k -= step
	}
	return m, false
}

// divPow10HalfUp returns m / 10^k rounded half away from zero (HALF_UP on a
// magnitude), k >= 0.
func divPow10HalfUp(m u128, k int) u128 {
	if k == 0 {
		return m
	}
	if k <= 19 {
		d := pow10x64[k]
		q, r := m.divmod64(d)
		if r >= d-r {
			q, _ = q.add(u128{0, 1})
		}
		return q
	}
	// Truncate all but the last digit away; that digit decides.
	for k > 1 {
		step := min(k-1, 19)
		m, _ = m.divmod64(pow10x64[step])
		k -= step
	}
	q, r := m.divmod64(10)
	if r >= 5 {
		q, _ = q.add(u128{0, 1})
	}
	return q
}

// rescale converts magnitude m from scale from to scale to, rounding HALF_UP
// when digits are dropped. ok is false when the result needs more than 128
// bits.
func rescale(m u128, from, to int) (u128, bool) {
	if to >= from {
		r, over := mulPow10(m, to-from)
		return r, !over
	}
	return divPow10HalfUp(m, from-to), true
}

// formatMag writes magnitude m as decimal digits.
func formatMag(m u128) string {
	if m.hi == 0 {
		return strconv.FormatUint(m.lo, 10)
	}
	q, r := m.divmod64(pow10x64[19])
	head := formatMag(q)
	tail := strconv.FormatUint(r, 10)
	return head + zeros(19-len(tail)) + tail
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

// FormatDecimal prints d at scale s in plain notation with exactly s
// fractional digits, as Spark casts a DECIMAL to STRING: 1.50, -0.05, 12.
func FormatDecimal(d Decimal, s int) string {
	m, neg := d.mag()
	return formatScaled(formatMag(m), neg, s)
}

// formatScaled places the point s digits from the right of the digit string.
func formatScaled(ds string, neg bool, s int) string {
	if s > 0 {
		if len(ds) <= s {
			ds = zeros(s-len(ds)+1) + ds
		}
		ds = ds[:len(ds)-s] + "." + ds[len(ds)-s:]
	}
	if neg {
		return "-" + ds
	}
	return ds
}

// JavaDecimalString is Java's BigDecimal.toString of x at scale s, which is
// what Spark's Decimal.toString gives (format_string's %s of a DECIMAL): the
// plain digits unless the exponent of the leading digit is below -6, then
// one digit, the rest after a point and E with that exponent, so that
// 0.0000001 is "1E-7" and zero at scale 10 "0E-10". (A CAST to VARCHAR is
// always plain: FormatDecimal.)
func JavaDecimalString(x Decimal, s int) string {
	m, neg := x.mag()
	ds := formatMag(m)
	adjusted := len(ds) - 1 - s
	if s == 0 || adjusted >= -6 {
		return formatScaled(ds, neg, s)
	}
	sci := ds[:1]
	if len(ds) > 1 {
		sci += "." + ds[1:]
	}
	sci += "E" + strconv.Itoa(adjusted)
	if neg {
		return "-" + sci
	}
	return sci
}

// DecimalTypeName is Spark's spelling of DECIMAL(p, s) in error messages.
func DecimalTypeName(p, s int) string {
	return "DECIMAL(" + strconv.Itoa(p) + "," + strconv.Itoa(s) + ")"
}

// decimalOutOfRange is NUMERIC_VALUE_OUT_OF_RANGE for the value text that
// does not fit DECIMAL(p, s).
func decimalOutOfRange(value string, p, s int) *Error {
	return &Error{Class: NumericValueOutOfRange, kind: msgDecimalRange, s1: value, i: int64(p)<<8 | int64(s)}
}

// finish is the last step of every DECIMAL result: magnitude m at scale from,
// rounded HALF_UP to scale s, must have at most p digits.
func finish(m u128, neg bool, from, s, p int) (Decimal, *Error) {
	r, ok := rescale(m, from, s)
	if !ok || !fits(r, p) {
		return Decimal{}, decimalOutOfRange(formatScaled(formatMag(m), neg, from), p, s)
	}
	return fromMag(r, neg), nil
}

// fits64 reports whether |v| has at most p digits.
func fits64(v int64, p int) bool {
	if p >= 19 {
		return true
	}
	lim := int64(pow10x64[p])
	return v < lim && v > -lim
}

// CompareDecimal orders two Decimals of the same scale: -1, 0 or 1.
func CompareDecimal(a, b Decimal) int {
	switch {
	case a.Hi < b.Hi:
		return -1
	case a.Hi > b.Hi:
		return 1
	case a.Lo < b.Lo:
		return -1
	case a.Lo > b.Lo:
		return 1
	}
	return 0
}

// The comparison operators compute without branches, like those of the
// other kinds: a filter evaluates its conjuncts on every row and a branch
// on the data would be mispredicted about half the time.

// lessDecimal reports a < b: the sign of the 128-bit difference a - b,
// corrected where the subtraction of the high words overflows.
func lessDecimal(a, b Decimal) bool {
	_, borrow := bits.Sub64(a.Lo, b.Lo, 0)
	hi, _ := bits.Sub64(uint64(a.Hi), uint64(b.Hi), borrow)
	d := int64(hi)
	return d^((a.Hi^b.Hi)&(a.Hi^d)) < 0
}

// EqDecimal is SQL equality on DECIMALs of the same scale.
func EqDecimal(a, b Decimal) bool { return (a.Lo^b.Lo)|uint64(a.Hi^b.Hi) == 0 }

// NeDecimal is SQL inequality on DECIMALs of the same scale.
func NeDecimal(a, b Decimal) bool { return (a.Lo^b.Lo)|uint64(a.Hi^b.Hi) != 0 }

// LtDecimal is a < b on DECIMALs of the same scale.
func LtDecimal(a, b Decimal) bool { return lessDecimal(a, b) }

// LeDecimal is a <= b on DECIMALs of the same scale.
func LeDecimal(a, b Decimal) bool { return !lessDecimal(b, a) }

// GtDecimal is a > b on DECIMALs of the same scale.
func GtDecimal(a, b Decimal) bool { return lessDecimal(b, a) }

// GeDecimal is a >= b on DECIMALs of the same scale.
func GeDecimal(a, b Decimal) bool { return !lessDecimal(a, b) }
