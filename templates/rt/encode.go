package rt

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Spark's encodings of numbers and strings as text: base64, hex, bin and conv.

// base64LineLength is the line length of Spark's default base64 output
// (java.util.Base64.getMimeEncoder: lines of 76 characters joined by CRLF).
const base64LineLength = 76

// Base64 is base64(s): the standard padded base64 encoding of the UTF-8 bytes
// of s, cut into lines of 76 characters joined by "\r\n" with no separator
// after the last line, which is Spark's default
// (spark.sql.chunkBase64String.enabled is true in Spark 3.5.2+ and 4.0).
func Base64(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	if len(enc) <= base64LineLength {
		return enc
	}
	var b strings.Builder
	b.Grow(len(enc) + 2*(len(enc)/base64LineLength))
	for len(enc) > base64LineLength {
		b.WriteString(enc[:base64LineLength])
		b.WriteString("\r\n")
		enc = enc[base64LineLength:]
	}
	b.WriteString(enc)
	return b.String()
}

const upperHexDigits = "0123456789ABCDEF"

// HexInt64 is hex(x) for an integer: the upper-case hex digits of x's 64-bit
// two's complement, without leading zeros (hex(-1) is 16 F's, hex(0) is "0").
func HexInt64(x int64) string {
	return strings.ToUpper(strconv.FormatUint(uint64(x), 16))
}

// HexString is hex(s) for a string: two upper-case hex digits per UTF-8 byte.
func HexString(s string) string {
	out := make([]byte, 2*len(s))
	for i := 0; i < len(s); i++ {
		out[2*i] = upperHexDigits[s[i]>>4]
		out[2*i+1] = upperHexDigits[s[i]&0x0f]
	}
	return string(out)
}

// Bin is bin(x): the binary digits of x's 64-bit two's complement, without
// leading zeros (bin(-1) is 64 ones, bin(0) is "0").
func Bin(x int64) string { return strconv.FormatUint(uint64(x), 2) }

// ErrConvOverflow is conv's ANSI-mode error for digits beyond 2^64 - 1.
var ErrConvOverflow = NewError(ArithmeticOverflow, "Overflow in function conv().")

// convBases reports whether from and to are bases conv accepts: 2 to 36, to
// possibly negative (a signed result).
func convBases(from, to int32) bool {
	return from >= 2 && from <= 36 && (to >= 2 && to <= 36 || to >= -36 && to <= -2)
}

// trimSpaces removes leading and trailing ' ' (only the space, as Spark's
// UTF8String.trim).
func trimSpaces(s string) string { return strings.Trim(s, " ") }

// ConvDefined reports whether conv(num, from, to) has a value: both bases
// are valid and num is not empty after trimming spaces. Spark returns NULL
// otherwise.
func ConvDefined(num string, from, to int32) bool {
	return convBases(from, to) && trimSpaces(num) != ""
}

// ConvInt64Defined is ConvDefined for a BIGINT num (never empty).
func ConvInt64Defined(_ int64, from, to int32) bool { return convBases(from, to) }

// digitValue is the value of an ASCII digit or letter (either case) in base
// radix, or -1 (Java's Character.digit over one byte of UTF-8).
func digitValue(c byte, radix int64) int64 {
	var d int64
	switch {
	case c >= '0' && c <= '9':
		d = int64(c - '0')
	case c >= 'a' && c <= 'z':
		d = int64(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		d = int64(c-'A') + 10
	default:
		return -1
	}
	if d >= radix {
		return -1
	}
	return d
}

// Conv is conv(num, from, to) as Spark's NumberConverter computes it: num,
// trimmed of spaces and with an optional leading '-', is read in base from up
// to its first character that is not a digit of that base (no digit reads as
// 0), as an unsigned 64-bit number; a negative num is negated in 64 bits.
// The result is written in base |to| in upper case: unsigned for a positive
// to, signed (with '-') for a negative to. Digits whose value exceeds 2^64 - 1
// raise ARITHMETIC_OVERFLOW (Spark's ANSI mode; without it Spark gives
// 2^64 - 1). Like Spark, the overflow test skips a step whose running value
// is at least 2^63, so such a step wraps instead of raising. Outside
// ConvDefined it returns the empty string, which the caller never reads.
func Conv(num string, from, to int32) (string, *Error) {
	if !ConvDefined(num, from, to) {
		return "", nil
	}
	num = trimSpaces(num)
	negative := num[0] == '-'
	if negative {
		num = num[1:]
	}
	radix := int64(from)
	// Spark compares as signed 64-bit numbers the results of unsigned
	// divisions: bound is below 2^63, so a running value of 2^63 or more
	// (negative when signed) skips the overflow test.
	bound := int64(uint64(-1-radix) / uint64(radix))
	var v int64
	for i := 0; i < len(num); i++ {
		d := digitValue(num[i], radix)
		if d < 0 {
			break
		}
		if v >= bound && int64(uint64(-1-d)/uint64(radix)) < v {
			return "", ErrConvOverflow
		}
		v = v*radix + d
	}
	if negative && to > 0 {
		if v < 0 {
			v = -1
		} else {
			v = -v
		}
	}
	if to < 0 && v < 0 {
		v = -v
		negative = true
	}
	base := int(to)
	if base < 0 {
		base = -base
	}
	out := strings.ToUpper(strconv.FormatUint(uint64(v), base))
	if negative && to < 0 {
		out = "-" + out
	}
	return out, nil
}

// ConvInt64 is conv(num, from, to) for a BIGINT num, which Spark reads as its
// decimal string (conv(-10, 16, -10) is "-16").
func ConvInt64(num int64, from, to int32) (string, *Error) {
	return Conv(strconv.FormatInt(num, 10), from, to)
}
