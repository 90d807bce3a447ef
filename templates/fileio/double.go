package fileio

import (
	"math"
	"strconv"
)

// appendDouble appends rt.FormatDouble(f) without allocating: "NaN",
// "Infinity", "-Infinity", "0.0", "-0.0"; the shortest decimal that reads back
// as f in plain notation when 1e-3 <= |f| < 1e7 (with ".0" when it is whole),
// else in Spark's exponent notation (1.0E7, 1.2345E-300).
func appendDouble(buf []byte, f float64) []byte {
	switch {
	case f != f:
		return append(buf, "NaN"...)
	case f > math.MaxFloat64:
		return append(buf, "Infinity"...)
	case f < -math.MaxFloat64:
		return append(buf, "-Infinity"...)
	case f == 0:
		if math.Signbit(f) {
			return append(buf, "-0.0"...)
		}
		return append(buf, "0.0"...)
	}
	abs := math.Abs(f)
	if abs >= 1e-3 && abs < 1e7 {
		if i := int64(f); float64(i) == f { // whole: quick
			buf = strconv.AppendInt(buf, i, 10)
			return append(buf, '.', '0')
		}
		if m, k, ok := shortDecimal(abs); ok {
			return appendFixed(buf, f < 0, m, k)
		}
		start := len(buf)
		buf = strconv.AppendFloat(buf, f, 'f', -1, 64)
		for _, c := range buf[start:] {
			if c == '.' {
				return buf
			}
		}
		return append(buf, '.', '0')
	}
	// d.ddde±XX -> d.dddE±X, with ".0" added to a one-digit mantissa.
	start := len(buf)
	buf = strconv.AppendFloat(buf, f, 'e', -1, 64)
	e := len(buf) - 1
	for buf[e] != 'e' {
		e--
	}
	exp := 0
	for _, c := range buf[e+2:] {
		exp = exp*10 + int(c-'0')
	}
	if buf[e+1] == '-' {
		exp = -exp
	}
	buf = buf[:e]
	dot := false
	for _, c := range buf[start:] {
		if c == '.' {
			dot = true
			break
		}
	}
	if !dot {
		buf = append(buf, '.', '0')
	}
	buf = append(buf, 'E')
	return strconv.AppendInt(buf, int64(exp), 10)
}

// pow10 holds the powers of ten that are exact doubles (and zeros, for
// indexes masked with 31 to need no bounds check).
var pow10 = [32]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// shortDecimal finds the shortest decimal m·10^-k that reads back as f, a
// double in [1e-3, 1e7), when it has at most 15 significant digits (as values
// of a few decimals do: prices, rates, quantities); ok is false otherwise.
//
// It is exact. Two different decimals of at most 15 significant digits never
// read as the same double (15 is DBL_DIG), so a decimal of at most 15 digits
// that reads back as f is the only one there is, hence the shortest, and the
// one strconv's shortest formatting prints. With K the most decimals that keep
// f·10^K below 10^15, every such decimal has at most K decimals; written with
// exactly K, as M·10^-K, the integer M is round(f·10^K): f·10^K differs from M
// by at most M·2^-53 plus the product's rounding, both far below 1/2 while
// M < 10^15. So f has such a decimal exactly when M = round(f·10^K) reads back
// as f: the division M/10^K, which IEEE arithmetic rounds correctly (M and 10^K
// are exact doubles) as strconv.ParseFloat rounds the decimal M·10^-K. Its
// trailing zeros dropped, M·10^-K is then the shortest decimal.
func shortDecimal(f float64) (m uint64, k int, ok bool) {
	// 10^d <= 2^e <= f < 2^(e+1) <= 10^(d+1)·2, so f·10^(14-d) < 2·10^15.
	e := int(math.Float64bits(f)>>52&0x7ff) - 1023
	k = 14 - (e*78913)>>18 // floor(e·log10(2)) for |e| < 2^12
	// One fewer decimal if f·10^k >= 10^15, without a branch: positive doubles
	// order as their bits do.
	const bits1e15 = 0x430c6bf526340000
	k -= int((bits1e15 - 1 - math.Float64bits(f*pow10[k&31])) >> 63)
	// 10^14 <= p < 10^15, so p + 0.5 is exact: p has at most 6 fraction bits.
	p := f * pow10[k&31]
	i := int64(p + 0.5)
	m = uint64(i)
	if float64(i)/pow10[k&31] != f {
		return 0, 0, false
	}
	for k >= 4 && m%10000 == 0 {
		m /= 10000
		k -= 4
	}
	for k > 0 && m%10 == 0 {
		m /= 10
		k--
	}
	return m, k, true
}

const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// appendFixed appends ±m·10^-k in plain notation with k decimals, or ".0"
// when k is 0: m=12345, k=2 gives 123.45; m=5, k=3 gives 0.005.
func appendFixed(buf []byte, neg bool, m uint64, k int) []byte {
	var tmp [40]byte
	i := len(tmp)
	if k == 0 {
		i -= 2
		tmp[i], tmp[i+1] = '.', '0'
	} else {
		for ; k >= 2; k -= 2 {
			d := m % 100 * 2
			m /= 100
			i -= 2
			tmp[i], tmp[i+1] = digitPairs[d], digitPairs[d+1]
		}
		if k == 1 {
			i--
			tmp[i] = byte('0' + m%10)
			m /= 10
		}
		i--
		tmp[i] = '.'
	}
	if m == 0 {
		i--
		tmp[i] = '0'
	}
	for m >= 10 {
		d := m % 100 * 2
		m /= 100
		i -= 2
		tmp[i], tmp[i+1] = digitPairs[d], digitPairs[d+1]
	}
	if m > 0 {
		i--
		tmp[i] = byte('0' + m)
	}
	if neg {
		i--
		tmp[i] = '-'
	}
	return append(buf, tmp[i:]...)
}

// appendFloat appends a FLOAT as Java's Float.toString spells it (and
// rt.FormatFloat): the shortest digits that tell the float32 apart, plain
// from 10^-3 to 10^7, else d.dddE±n; without allocating.
func appendFloat(buf []byte, f float32) []byte {
	d := float64(f)
	switch {
	case d != d, math.IsInf(d, 0), d == 0:
		return appendDouble(buf, d)
	}
	if abs := math.Abs(d); abs >= 1e-3 && abs < 1e7 {
		start := len(buf)
		buf = strconv.AppendFloat(buf, d, 'f', -1, 32)
		for _, c := range buf[start:] {
			if c == '.' {
				return buf
			}
		}
		return append(buf, '.', '0')
	}
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], d, 'e', -1, 32) // d.ddde±XX
	e := 0
	for e < len(s) && s[e] != 'e' {
		e++
	}
	mant, exp := s[:e], s[e+1:]
	buf = append(buf, mant...)
	point := false
	for _, c := range mant {
		point = point || c == '.'
	}
	if !point {
		buf = append(buf, '.', '0')
	}
	buf = append(buf, 'E')
	if exp[0] == '-' {
		buf = append(buf, '-')
	}
	exp = exp[1:]
	for len(exp) > 1 && exp[0] == '0' {
		exp = exp[1:]
	}
	return append(buf, exp...)
}
