package rt

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kernels of Spark's string building functions: concat_ws, elt, overlay,
// mask, the URL codec and the UTF-8 checks. format_number is in fmtnum.go,
// format_string in fmtstring.go.
//
// concat_ws, mask and format_string are not strict in every argument (a NULL
// is skipped, kept or printed). Kernels never see NULL, so the registry passes
// those arguments boxed: COALESCE(box(x), the empty string), where a box is a
// non-empty string (a tag byte, then the value) and the empty string stands
// for NULL. The box functions are FormatArg*.

// Error classes of these functions.
const (
	// InvalidArrayIndex is elt's class for an index outside 1..n (ANSI mode).
	InvalidArrayIndex = "INVALID_ARRAY_INDEX"
	// CannotDecodeURL is url_decode's class for a malformed escape.
	CannotDecodeURL = "CANNOT_DECODE_URL"
	// InvalidUTF8String is validate_utf8's class.
	InvalidUTF8String = "INVALID_UTF8_STRING"
)

// Tags of boxed values (see FormatArgInt32 and its kin).
const (
	boxByte   = 'y' // TINYINT: a Java Byte, 4 bytes little-endian as boxInt
	boxShort  = 'h' // SMALLINT: a Java Short, 4 bytes as boxInt
	boxFloat  = 'f' // FLOAT: a Java Float, its IEEE bits in 4 bytes
	boxInt    = 'i' // INT and DATE: a Java Integer, 4 bytes little-endian
	boxLong   = 'l' // BIGINT: a Java Long, 8 bytes
	boxDouble = 'd' // DOUBLE: a Java Double, 8 bytes (IEEE bits)
	boxBool   = 'b' // BOOLEAN: one byte 0 or 1
	boxString = 's' // VARCHAR: the bytes of the string
	// DECIMAL(p, s): Spark's Decimal object; the scale byte, then the
	// unscaled value's 16 bytes, low word first
	boxDecimal = 'n'
)

// FormatArgInt32 boxes an INT (or DATE, whose days Spark passes as an Integer).
func FormatArgInt32(x int32) string {
	u := uint32(x)
	return string([]byte{boxInt, byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)})
}

// FormatArgInt8 boxes a TINYINT (a Java Byte: %x of -1 is ff).
func FormatArgInt8(x int8) string { return boxUint32(boxByte, uint32(int32(x))) }

// FormatArgInt16 boxes a SMALLINT (a Java Short: %x of -1 is ffff).
func FormatArgInt16(x int16) string { return boxUint32(boxShort, uint32(int32(x))) }

// FormatArgFloat32 boxes a FLOAT (a Java Float: %s writes Float.toString).
func FormatArgFloat32(x float32) string { return boxUint32(boxFloat, math.Float32bits(x)) }

func boxUint32(tag byte, u uint32) string {
	return string([]byte{tag, byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)})
}

// FormatArgInt64 boxes a BIGINT.
func FormatArgInt64(x int64) string { return boxUint64(boxLong, uint64(x)) }

// FormatArgFloat64 boxes a DOUBLE.
func FormatArgFloat64(x float64) string { return boxUint64(boxDouble, math.Float64bits(x)) }

// FormatArgBool boxes a BOOLEAN.
func FormatArgBool(x bool) string {
	if x {
		return string([]byte{boxBool, 1})
	}
	return string([]byte{boxBool, 0})
}

// FormatArgDecimal boxes a DECIMAL(p, s) value x of scale s.
func FormatArgDecimal(x Decimal, s int) string {
	return boxUint64(boxDecimal, x.Lo) + boxUint64(byte(s), uint64(x.Hi))
}

// unboxDecimal is the value and scale FormatArgDecimal boxed.
func unboxDecimal(b string) (Decimal, int) {
	return Decimal{Lo: unboxUint64(b[:9]), Hi: int64(unboxUint64(b[9:]))}, int(b[9])
}

// FormatArgString boxes a VARCHAR.
func FormatArgString(x string) string { return string(rune(boxString)) + x }

func boxUint64(tag byte, u uint64) string {
	b := []byte{tag, 0, 0, 0, 0, 0, 0, 0, 0}
	for i := range 8 {
		b[1+i] = byte(u >> (8 * i))
	}
	return string(b)
}

func unboxUint64(b string) uint64 {
	var u uint64
	for i := 0; i < 8 && 1+i < len(b); i++ {
		u |= uint64(b[1+i]) << (8 * i)
	}
	return u
}

func unboxInt32(b string) int32 {
	var u uint32
	for i := 0; i < 4 && 1+i < len(b); i++ {
		u |= uint32(b[1+i]) << (8 * i)
	}
	return int32(u)
}

// ConcatWs is concat_ws(sep, x1, ...) over parts[0] = sep and parts[1:] =
// COALESCE(sep || xi, the empty string): a NULL xi is the empty string, any
// other starts with sep (so the empty string means NULL whenever sep is not
// empty; with an empty sep, skipping a NULL and adding nothing agree). The
// result is the pieces joined, without the sep in front of the first.
func ConcatWs(parts ...string) string {
	if len(parts) == 0 {
		return ""
	}
	sep := parts[0]
	j := strings.Join(parts[1:], "")
	if len(j) >= len(sep) {
		return j[len(sep):]
	}
	return ""
}

// EltIndex is the index check of elt(n, s1, ..., sCount): n itself when it
// is between 1 and count, else INVALID_ARRAY_INDEX (Spark in ANSI mode).
func EltIndex(n, count int32) (int32, *Error) {
	if n < 1 || n > count {
		return 0, NewError(InvalidArrayIndex, "The index "+strconv.Itoa(int(n))+" is out of bounds. The array has "+
			strconv.Itoa(int(count))+" elements. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead.")
	}
	return n, nil
}

// Overlay4 is overlay(input PLACING replace FROM pos FOR length): the
// characters of input before pos, then replace, then input from pos + length
// (Spark: substring(input, 1, pos - 1) || replace || substring(input, pos +
// length)); a negative length means the length of replace. pos + length wraps
// as Java's int addition does.
func Overlay4(input, replace string, pos, length int32) string {
	if length < 0 {
		length = int32(utf8.RuneCountInString(replace))
	}
	return Substring3(input, 1, pos-1) + replace + Substring2(input, pos+length)
}

// Overlay3 is overlay(input PLACING replace FROM pos): the length of replace
// characters replaced.
func Overlay3(input, replace string, pos int32) string { return Overlay4(input, replace, pos, -1) }

// maskChar reads one boxed replacement character of mask: keep is true for
// NULL (the empty box). Anything but one character raises.
func maskChar(box, name string) (r string, keep bool, err *Error) {
	if box == "" {
		return "", true, nil
	}
	c := box[1:]
	if _, w := decode(c, 0); c == "" || w != len(c) {
		return "", false, NewError(InvalidParameter, "The value of parameter(s) `"+name+"` in `mask` is invalid: expects a single character, got "+quoteString(c)+".")
	}
	return c, false, nil
}

// Mask is mask(s, upper, lower, digit, other) with the replacement characters
// boxed (FormatArgString; the empty string is NULL, which keeps the
// characters of that class). Classes are Java's Character.getType of UTF-16
// units, as Spark's: Lu, Ll, Nd, and everything else; a character outside
// the Basic Multilingual Plane is two UTF-16 units, so two "other"
// characters; an invalid UTF-8 byte is one "other" character.
func Mask(s, upper, lower, digit, other string) (string, *Error) {
	var reps [4]string
	var keeps [4]bool
	for i, a := range [4]struct{ box, name string }{{upper, "upperChar"}, {lower, "lowerChar"}, {digit, "digitChar"}, {other, "otherChar"}} {
		r, keep, err := maskChar(a.box, a.name)
		if err != nil {
			return "", err
		}
		reps[i], keeps[i] = r, keep
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, w := decode(s, i)
		class, units := 3, 1
		switch {
		case w == 1 && r == utf8.RuneError:
		case r > 0xFFFF:
			units = 2 // a surrogate pair to Java: two "other" characters
		case unicode.Is(unicode.Lu, r):
			class = 0
		case unicode.Is(unicode.Ll, r):
			class = 1
		case unicode.Is(unicode.Nd, r):
			class = 2
		}
		if keeps[class] {
			b.WriteString(s[i : i+w])
		} else {
			for range units {
				b.WriteString(reps[class])
			}
		}
		i += w
	}
	return b.String(), nil
}

// utf8Len is the length of the UTF-8 sequence that starts with lead byte
// b, or 0 when b cannot start one.
func utf8Len(b byte) int {
	switch {
	case b < 0x80:
		return 1
	case b >= 0xC2 && b <= 0xDF:
		return 2
	case b >= 0xE0 && b <= 0xEF:
		return 3
	case b >= 0xF0 && b <= 0xF4:
		return 4
	}
	return 0
}

// maximalPrefix returns how many bytes of s[i:] form a valid UTF-8 sequence
// (ok true) or the maximal subpart of an ill-formed one (ok false, at least
// one byte), per the Unicode Standard, section 3.9 (Table 3-7).
func maximalPrefix(s string, i int) (n int, ok bool) {
	want := utf8Len(s[i])
	if want == 0 {
		return 1, false
	}
	n = 1
	for n < want && i+n < len(s) {
		c := s[i+n]
		lo, hi := byte(0x80), byte(0xBF)
		if n == 1 {
			switch s[i] {
			case 0xE0:
				lo = 0xA0
			case 0xED:
				hi = 0x9F
			case 0xF0:
				lo = 0x90
			case 0xF4:
				hi = 0x8F
			}
		}
		if c < lo || c > hi {
			return n, false
		}
		n++
	}
	return n, n == want
}

// IsValidUtf8 is is_valid_utf8(s).
func IsValidUtf8(s string) bool { return utf8.ValidString(s) }

// MakeValidUtf8 is make_valid_utf8(s): every maximal ill-formed subsequence
// replaced by U+FFFD, as Spark's UTF8String.makeValid (and Java's decoder).
func MakeValidUtf8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		n, ok := maximalPrefix(s, i)
		if ok {
			b.WriteString(s[i : i+n])
		} else {
			b.WriteString("\uFFFD")
		}
		i += n
	}
	return b.String()
}

// ValidateUtf8 is validate_utf8(s): s when it is valid UTF-8, else
// INVALID_UTF8_STRING naming its bytes.
func ValidateUtf8(s string) (string, *Error) {
	if utf8.ValidString(s) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString(`\x`)
		b.WriteByte(upperHex[s[i]>>4])
		b.WriteByte(upperHex[s[i]&15])
	}
	return "", NewError(InvalidUTF8String, "Invalid UTF8 byte sequence found in string: "+b.String()+".")
}

const upperHex = "0123456789ABCDEF"

// URLEncode is url_encode(s): Java's URLEncoder with UTF-8. ASCII letters,
// digits and ".-*_" stay, a space becomes "+", every other byte %XX; invalid
// UTF-8 is first replaced by U+FFFD, as Java's String holds it.
func URLEncode(s string) string {
	s = MakeValidUtf8(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '-', c == '*', c == '_':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

// hexVal is Java's Integer.parseInt(two characters, 16) as URLDecoder uses
// it: two hex digits, or a sign and one digit ("+4" is 4, "-0" is 0, "-4"
// is negative and so invalid).
func hexVal(a, b byte) (int, bool) {
	d := func(c byte) int {
		switch {
		case c >= '0' && c <= '9':
			return int(c - '0')
		case c >= 'a' && c <= 'f':
			return int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			return int(c-'A') + 10
		}
		return -1
	}
	x, y := d(a), d(b)
	switch {
	case y < 0:
		return 0, false
	case x >= 0:
		return x*16 + y, true
	case a == '+' || a == '-' && y == 0:
		return y, true
	}
	return 0, false
}

// urlDecode is Java's URLDecoder.decode(s, UTF-8): "+" is a space, runs of
// %XX escapes are bytes decoded as UTF-8 (ill-formed parts become U+FFFD);
// ok is false for a malformed escape.
func urlDecode(s string) (string, bool) {
	if strings.IndexByte(s, '%') < 0 && strings.IndexByte(s, '+') < 0 {
		return MakeValidUtf8(s), true
	}
	var out strings.Builder
	out.Grow(len(s))
	var run []byte
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case '%':
			run = run[:0]
			for i < len(s) && s[i] == '%' {
				if i+2 >= len(s) {
					return "", false
				}
				v, ok := hexVal(s[i+1], s[i+2])
				if !ok {
					return "", false
				}
				run = append(run, byte(v))
				i += 3
			}
			out.WriteString(MakeValidUtf8(string(run)))
		default:
			j := i
			for j < len(s) && s[j] != '%' {
				j++
			}
			out.WriteString(strings.ReplaceAll(MakeValidUtf8(s[i:j]), "+", " "))
			i = j
		}
	}
	return out.String(), true
}

// URLDecode is url_decode(s); a malformed escape raises CANNOT_DECODE_URL.
func URLDecode(s string) (string, *Error) {
	r, ok := urlDecode(s)
	if !ok {
		return "", NewError(CannotDecodeURL, "The provided URL cannot be decoded: "+s+". Please ensure that the URL is properly formatted and try again.")
	}
	return r, nil
}

// URLDecodable is the guard of try_url_decode: whether url_decode(s) succeeds.
func URLDecodable(s string) bool {
	_, ok := urlDecode(s)
	return ok
}

// URLDecodeValue is the value of try_url_decode where URLDecodable holds
// (elsewhere the empty string, never read).
func URLDecodeValue(s string) string {
	r, _ := urlDecode(s)
	return r
}
