package rt

import (
	"math"
	"strconv"
)

// The casts to and from DECIMAL(p, s). Casts to DECIMAL round HALF_UP to s and
// raise NUMERIC_VALUE_OUT_OF_RANGE beyond p digits; casts from DECIMAL to an
// integer truncate toward zero and raise CAST_OVERFLOW out of its range.

// CastInt64ToDecimal is CAST(BIGINT AS DECIMAL(p, s)).
func CastInt64ToDecimal(v int64, s, p int) (Decimal, *Error) {
	if s == 0 && fits64(v, p) {
		return DecimalFromInt64(v), nil
	}
	return finish(u128{0, abs64(v)}, v < 0, 0, s, p)
}

// CastInt32ToDecimal is CAST(INT AS DECIMAL(p, s)).
func CastInt32ToDecimal(v int32, s, p int) (Decimal, *Error) {
	return CastInt64ToDecimal(int64(v), s, p)
}

// CastBoolToDecimal is CAST(BOOLEAN AS DECIMAL(p, s)): 1 or 0.
func CastBoolToDecimal(b bool, s, p int) (Decimal, *Error) {
	if !b {
		return Decimal{}, nil
	}
	return finish(u128{0, 1}, false, 0, s, p)
}

// CastDecimalToDecimal is CAST(DECIMAL(_, from) AS DECIMAL(p, s)).
func CastDecimalToDecimal(v Decimal, from, s, p int) (Decimal, *Error) {
	if from == s && v.IsInt64() && fits64(int64(v.Lo), p) {
		return v, nil
	}
	m, neg := v.mag()
	return finish(m, neg, from, s, p)
}

// WidenDecimal is CAST(DECIMAL(p1, from) AS DECIMAL(p2, to)) where the target
// holds every value of the source (to >= from, p2 - to >= p1 - from): exact,
// it cannot fail. It is v * 10^(to - from) as a wrapping 128-bit product,
// which is the exact product because that has at most 38 digits; small
// enough for Go to inline into a generated loop (a comparison or sum across
// scales widens one operand per row).
func WidenDecimal(v Decimal, from, to int) Decimal {
	return MultiplyDecimalExact(v, pow10Decimal[(to-from)&63])
}

// pow10Decimal is 10^k as a Decimal for k in [0, 38] (the rest of the 64
// entries, which WidenDecimal's mask makes the index checks vanish on, are
// never used).
var pow10Decimal = func() (t [64]Decimal) {
	for k := 0; k <= MaxDecimalPrecision; k++ {
		m := u128{0, 1}
		for range k {
			m, _ = m.mul64(10)
		}
		t[k] = Decimal{Lo: m.lo, Hi: int64(m.hi)}
	}
	return t
}()

// CastDecimalToBool is CAST(DECIMAL AS BOOLEAN): v != 0.
func CastDecimalToBool(v Decimal) bool { return v.Hi != 0 || v.Lo != 0 }

// truncScale is |v| / 10^s truncated, and v's sign.
func truncScale(v Decimal, s int) (u128, bool) {
	m, neg := v.mag()
	for s > 0 {
		step := min(s, 19)
		m, _ = m.divmod64(pow10x64[step])
		s -= step
	}
	return m, neg
}

// CastDecimalToInt64 is CAST(DECIMAL(p, s) AS BIGINT): truncated toward
// zero, CAST_OVERFLOW outside the BIGINT range.
func CastDecimalToInt64(v Decimal, s, p int) (int64, *Error) {
	if s == 0 && v.IsInt64() {
		return int64(v.Lo), nil
	}
	m, neg := truncScale(v, s)
	switch {
	case m.hi == 0 && m.lo < 1<<63:
		if neg {
			return -int64(m.lo), nil
		}
		return int64(m.lo), nil
	case neg && m.hi == 0 && m.lo == 1<<63:
		return math.MinInt64, nil
	}
	return 0, decimalCastOverflow(v, s, p, sparkBigint)
}

// CastDecimalToInt32 is CAST(DECIMAL(p, s) AS INT).
func CastDecimalToInt32(v Decimal, s, p int) (int32, *Error) {
	r, err := CastDecimalToInt64(v, s, p)
	if err != nil || r < math.MinInt32 || r > math.MaxInt32 {
		return 0, decimalCastOverflow(v, s, p, sparkInt)
	}
	return int32(r), nil
}

func decimalCastOverflow(v Decimal, s, p int, to string) *Error {
	return &Error{Class: CastOverflow, kind: msgCastOverflowDec, s1: FormatDecimal(v, s), s2: to, s3: DecimalTypeName(p, s)}
}

// pow10f holds the powers of ten a float64 represents exactly.
var pow10f = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// CastDecimalToFloat64 is CAST(DECIMAL(_, s) AS DOUBLE): the nearest double,
// as Java's BigDecimal.doubleValue gives. An unscaled value below 2^53 and a
// power of ten below 10^23 are both exact doubles, so one division rounds
// correctly; anything else goes through the decimal text.
func CastDecimalToFloat64(v Decimal, s int) float64 {
	if x := int64(v.Lo); v.IsInt64() && s < len(pow10f) && x < 1<<53 && x > -(1<<53) {
		return float64(x) / pow10f[s]
	}
	f, _ := strconv.ParseFloat(FormatDecimal(v, s), 64)
	return f
}

// CastDecimalToString is CAST(DECIMAL(_, s) AS VARCHAR): plain notation with
// s fractional digits.
func CastDecimalToString(v Decimal, s int) string { return FormatDecimal(v, s) }

// CastStringToDecimal is CAST(VARCHAR AS DECIMAL(p, s)): Java's BigDecimal
// syntax after trimming (digits with an optional point, an optional sign and
// exponent: ' -1.5e2 '); malformed text raises CAST_INVALID_INPUT.
func CastStringToDecimal(str string, s, p int) (Decimal, *Error) {
	t := trimJava(str)
	ds, neg, exp, ok := parseDecimalText(t)
	if !ok {
		return Decimal{}, castInvalid(str, DecimalTypeName(p, s))
	}
	// Spark refuses text with more than 38 integral digits as BigDecimal
	// counts them (precision - scale), a zero included: '0e100' is out of
	// range, '0e30' is zero.
	if max(len(ds), 1)+exp > MaxDecimalPrecision {
		return Decimal{}, decimalOutOfRange(t, p, s)
	}
	if ds == "" {
		return Decimal{}, nil
	}
	return scaleDigits(ds, neg, exp, s, p, t)
}

// FiniteFloat64 reports whether f is neither NaN nor infinite: Spark's CAST of
// NaN or an infinity to DECIMAL is NULL, even in ANSI mode.
func FiniteFloat64(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// CastFloat64ToDecimal is CAST(DOUBLE AS DECIMAL(p, s)) of a finite double:
// its shortest decimal text (Spark's Decimal(double) goes through
// Double.toString), rounded HALF_UP to s.
func CastFloat64ToDecimal(f float64, s, p int) (Decimal, *Error) {
	if !FiniteFloat64(f) {
		return Decimal{}, decimalOutOfRange(FormatDouble(f), p, s)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return CastInt64ToDecimal(int64(f), s, p)
	}
	t := strconv.FormatFloat(f, 'e', -1, 64)
	ds, neg, exp, _ := parseDecimalText(t)
	return scaleDigits(ds, neg, exp, s, p, FormatDouble(f))
}

// trimJava is Java's String.trim: it drops characters up to U+0020 at both ends.
func trimJava(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// parseDecimalText reads Java BigDecimal syntax: [+-], digits with at most
// one point and at least one digit, then optionally e or E, [+-] and digits.
// The value is ds * 10^exp with ds the significant digits (no leading zeros;
// "" for zero).
func parseDecimalText(t string) (ds string, neg bool, exp int, ok bool) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		neg = t[i] == '-'
		i++
	}
	var buf []byte
	nd, frac, point := 0, 0, false
digits:
	for ; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
			nd++
			if point {
				frac++
			}
			if len(buf) > 0 || c != '0' {
				buf = append(buf, c)
			}
		case c == '.' && !point:
			point = true
		default:
			break digits
		}
	}
	if nd == 0 {
		return "", false, 0, false
	}
	e := 0
	if i < len(t) {
		if t[i] != 'e' && t[i] != 'E' {
			return "", false, 0, false
		}
		i++
		eneg := false
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			eneg = t[i] == '-'
			i++
		}
		if i == len(t) {
			return "", false, 0, false
		}
		for ; i < len(t); i++ {
			c := t[i]
			if c < '0' || c > '9' {
				return "", false, 0, false
			}
			if e = e*10 + int(c-'0'); e > math.MaxInt32 {
				return "", false, 0, false // Java's exponent is an int
			}
		}
		if eneg {
			e = -e
		}
	}
	return string(buf), neg, e - frac, true
}

// scaleDigits is the value ds * 10^exp at scale s, rounded HALF_UP, with at
// most p digits; shown is the value's text for the error message.
func scaleDigits(ds string, neg bool, exp, s, p int, shown string) (Decimal, *Error) {
	shift := exp + s // the value at scale s is ds * 10^shift
	keep, up := ds, false
	switch n := len(ds) + shift; {
	case shift >= 0:
		if n > MaxDecimalPrecision+1 {
			return Decimal{}, decimalOutOfRange(shown, p, s)
		}
		keep = ds + zeros(shift)
	case n <= 0:
		keep, up = "", n == 0 && ds[0] >= '5'
	default:
		keep, up = ds[:n], ds[n] >= '5'
	}
	if len(keep) > MaxDecimalPrecision+1 {
		return Decimal{}, decimalOutOfRange(shown, p, s)
	}
	var m u128
	for i := 0; i < len(keep); i++ {
		var over bool
		if m, over = m.mul64(10); over {
			return Decimal{}, decimalOutOfRange(shown, p, s)
		}
		m, _ = m.add(u128{0, uint64(keep[i] - '0')})
	}
	if up {
		m, _ = m.add(u128{0, 1})
	}
	if !fits(m, p) {
		return Decimal{}, decimalOutOfRange(shown, p, s)
	}
	return fromMag(m, neg && !m.isZero()), nil
}

// DecimalLiteralType is the precision and scale Spark gives the DECIMAL of a
// number's text: BigDecimal's (significant digits, digits after the point
// less the exponent), with a negative scale turned into trailing integral
// digits and the precision at least the scale (0.06 is DECIMAL(2,2)). ok is
// false when the text is not a number.
func DecimalLiteralType(text string) (p, s int, ok bool) {
	ds, _, exp, ok := parseDecimalText(text)
	if !ok {
		return 0, 0, false
	}
	p, s = max(len(ds), 1), -exp
	if s < 0 {
		p, s = p-s, 0
	}
	return max(p, s), s, true
}
