package fileio

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// Fast paths for the common spellings of values in text. Each returns ok false
// for anything else, and the caller then parses the value the ordinary way
// (parseInt, parseDouble, ...), which decides the value or the error: a fast
// path only ever agrees with it, sooner.

// bytesString is b as a string without a copy; the string must not outlive
// b's contents.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// fastInt reads an optional sign and 1 to 18 decimal digits.
func fastInt(s []byte) (int64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range s {
		d := c - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int64(d)
	}
	if neg {
		n = -n
	}
	return n, true
}

// fastFloat reads [sign] digits [. digits] [e [sign] digits] when the digits
// make an integer below 2^53 and the power of ten is at most 22 away: then one
// correctly rounded multiplication or division gives exactly the correctly
// rounded value strconv.ParseFloat returns (Clinger's fast path, which
// strconv takes too).
func fastFloat(s []byte) (float64, bool) {
	i, n := 0, len(s)
	neg := false
	if n > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		i = 1
	}
	var mant uint64
	start := i
	for ; i < n; i++ {
		d := s[i] - '0'
		if d > 9 {
			break
		}
		mant = mant*10 + uint64(d)
	}
	digits, exp := i-start, 0
	if i < n && s[i] == '.' {
		i++
		frac := i
		for ; i < n; i++ {
			d := s[i] - '0'
			if d > 9 {
				break
			}
			mant = mant*10 + uint64(d)
		}
		digits += i - frac
		exp = frac - i
	}
	if digits == 0 || digits > 19 { // (mant may have wrapped)
		return 0, false
	}
	if i < n {
		if s[i] != 'e' && s[i] != 'E' {
			return 0, false
		}
		i++
		eneg := false
		if i < n && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		if i == n || n-i > 3 {
			return 0, false
		}
		e := 0
		for ; i < n; i++ {
			d := s[i] - '0'
			if d > 9 {
				return 0, false
			}
			e = e*10 + int(d)
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if mant>>53 != 0 {
		return 0, false
	}
	f := float64(mant)
	switch {
	case exp == 0:
	case exp > 0 && exp <= 22:
		f *= pow10[exp]
	case exp < 0 && exp >= -22:
		f /= pow10[-exp]
	default:
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}

// floatAt is parseDouble(string(b[s:e])), without a copy when the value is
// plain.
func floatAt(b []byte, s, e int) (float64, error) {
	if f, ok := fastFloatAt(b, s, e); ok {
		return f, nil
	}
	if plainNumber(b[s:e]) {
		if f, err := strconv.ParseFloat(bytesString(b[s:e]), 64); err == nil {
			return f, nil
		}
	}
	return parseDouble(string(b[s:e]))
}

// plainNumber reports whether s holds only digits, signs, '.', 'e' and 'E':
// then ParseFloat reads it as parseDouble does (no spaces to trim, no Go-only
// spelling to reject).
func plainNumber(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E' {
			return false
		}
	}
	return true
}

// Days of the years fastDate looks up rather than computes.
const dateYear0, dateYears = 1600, 1024

var (
	yearStart [dateYears]int32 // the DATE of January 1
	yearLeap  [dateYears]uint8
	monthDays = [2][13]int32{
		{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31},
		{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31},
	}
	monthStart [2][13]int32 // days before the month
)

func init() {
	for i := range yearStart {
		y := dateYear0 + i
		yearStart[i], _ = rt.DateFromYMD(y, 1, 1)
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			yearLeap[i] = 1
		}
	}
	for l := range monthStart {
		for m := 2; m <= 12; m++ {
			monthStart[l][m] = monthStart[l][m-1] + monthDays[l][m-1]
		}
	}
}

// fastDate reads yyyy-mm-dd.
func fastDate(s []byte) (int32, bool) {
	if len(s) != 10 {
		return 0, false
	}
	s = s[:10:10]
	if s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	y0, y1, y2, y3 := s[0]-'0', s[1]-'0', s[2]-'0', s[3]-'0'
	m0, m1, d0, d1 := s[5]-'0', s[6]-'0', s[8]-'0', s[9]-'0'
	if y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 || m0 > 9 || m1 > 9 || d0 > 9 || d1 > 9 {
		return 0, false
	}
	y := int(y0)*1000 + int(y1)*100 + int(y2)*10 + int(y3)
	m := int(m0)*10 + int(m1)
	d := int32(d0)*10 + int32(d1)
	i := uint(y - dateYear0)
	if i >= dateYears {
		return rt.DateFromYMD(y, m, int(d))
	}
	if uint(m-1) >= 12 {
		return 0, false
	}
	leap := yearLeap[i]
	if d < 1 || d > monthDays[leap][m] {
		return 0, false
	}
	return yearStart[i] + monthStart[leap][m] + d - 1, true
}

// intAt is parseInt(string(b[s:e]), t).
func intAt(b []byte, s, e int, t sqltype.Type) (int64, error) {
	if v, ok := fastIntAt(b, s, e); ok && (t.Kind == sqltype.Bigint || v<<(64-intBits(t))>>(64-intBits(t)) == v) {
		return v, nil
	}
	return parseInt(string(b[s:e]), t)
}

// dateAt is parseDate(string(b)).
func dateAt(b []byte) (int32, error) {
	if d, ok := fastDate(b); ok {
		return d, nil
	}
	d, err := parseDate(string(b))
	return int32(d), err
}

// parseBoolBytes is parseBool on bytes.
func parseBoolBytes(s []byte) (bool, error) {
	switch string(s) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return parseBool(string(s))
}

// The SWAR versions below read the eight bytes at a field's start, some of
// them past the field (and past len(b), within cap(b)), and so have no loop
// whose exit depends on the number of digits.

// load8 returns the eight bytes at b[i:], the first in the low byte, if cap(b)
// has them.
func load8(b []byte, i int) (uint64, bool) {
	if i < 0 || i+8 > cap(b) {
		return 0, false
	}
	return binary.LittleEndian.Uint64(b[i:cap(b)]), true
}

// leadingDigits is the number of decimal digits x starts with (0 to 8).
func leadingDigits(x uint64) int {
	const hi = 0x8080808080808080
	above := (x&0x7f7f7f7f7f7f7f7f + 0x4646464646464646) & hi // > '9' (7-bit)
	below := ^((x | hi) - 0x3030303030303030) & hi            // < '0' (7-bit)
	return bits.TrailingZeros64(above|below|x&hi) >> 3
}

// digits8 is the value of the first n (1 to 8) bytes of x, all digits.
func digits8(x uint64, n int) uint64 {
	x <<= 8 * (8 - n) // to the high bytes: leading zeros below
	x = (x & 0x0F0F0F0F0F0F0F0F) * 2561 >> 8
	x = (x & 0x00FF00FF00FF00FF) * 6553601 >> 16
	return (x & 0x0000FFFF0000FFFF) * 42949672960001 >> 32
}

// fastIntAt is fastInt(b[s:e]).
func fastIntAt(b []byte, s, e int) (int64, bool) {
	x, ok := load8(b, s)
	if !ok || e-s > 8 || e == s {
		return fastInt(b[s:e])
	}
	neg := false
	n := e - s
	if c := byte(x); c == '-' || c == '+' {
		neg = c == '-'
		x >>= 8
		n--
	}
	if n == 0 || leadingDigits(x) < n {
		return fastInt(b[s:e])
	}
	v := int64(digits8(x, n))
	if neg {
		v = -v
	}
	return v, true
}

// fastFloatAt is fastFloat(b[s:e]) for the common [sign] digits [. digits].
func fastFloatAt(b []byte, s, e int) (float64, bool) {
	x, ok := load8(b, s)
	if !ok || e-s > 17 || e == s {
		return fastFloat(b[s:e])
	}
	neg := false
	i := s
	if c := byte(x); c == '-' || c == '+' {
		neg = c == '-'
		x >>= 8
		i++
	}
	n := e - i
	n1 := leadingDigits(x)
	var mant uint64
	frac := 0
	switch {
	case n1 >= n: // an integer
		if n == 0 {
			return fastFloat(b[s:e])
		}
		mant = digits8(x, n)
	case b[i+n1] != '.':
		return fastFloat(b[s:e])
	case n <= 8:
		// Digits around the dot within x: drop the dot and read them at once.
		frac = n - 1 - n1
		low := uint64(1)<<(8*n1) - 1
		x = x&low | x>>8&^low
		if n == 1 || leadingDigits(x) < n-1 {
			return fastFloat(b[s:e])
		}
		mant = digits8(x, n-1)
	default:
		if n1 == 8 {
			return fastFloat(b[s:e])
		}
		if n1 > 0 {
			mant = digits8(x, n1)
		}
		f := i + n1 + 1
		frac = e - f
		y, ok := load8(b, f)
		if !ok || frac > 8 || leadingDigits(y) < frac {
			return fastFloat(b[s:e])
		}
		mant = mant*uint64(pow10i[frac]) + digits8(y, frac)
	}
	if mant>>53 != 0 {
		return fastFloat(b[s:e])
	}
	v := float64(mant) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
}

var pow10i = [...]uint32{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}
