package rt

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The kernels of BINARY (Spark's BinaryType). A BINARY value is a Go string
// holding its bytes, as a VARCHAR value is (ir.Value says why), so the
// conversions between the two are the identity and the byte-wise kernels of
// VARCHAR (concat, the digests, base64, hex) serve BINARY as they are.

// ConversionInvalidInput is Spark's CONVERSION_INVALID_INPUT: to_binary (and
// unbase64, see Unbase64) given text that is not in the format named.
const ConversionInvalidInput = "CONVERSION_INVALID_INPUT"

// MalformedCharacterCoding is Spark's MALFORMED_CHARACTER_CODING: encode or
// decode met a character or byte sequence the charset cannot represent.
const MalformedCharacterCoding = "MALFORMED_CHARACTER_CODING"

// CastStringToBinary is CAST(s AS BINARY): the string's bytes (UTF-8), as
// Spark's UTF8String.getBytes.
func CastStringToBinary(s string) string { return s }

// CastBinaryToString is CAST(b AS STRING): the bytes read as UTF-8 without
// checking them (Spark's UTF8String.fromBytes); a byte that is not valid
// UTF-8 stays as it is, a character of its own (docs/semantics.md 3.11).
func CastBinaryToString(b string) string { return b }

// LengthBinary is length(b) and octet_length(b): the number of bytes.
func LengthBinary(b string) int32 { return int32(len(b)) }

// BitLengthBinary is bit_length(b): 8 bits per byte.
func BitLengthBinary(b string) int32 { return int32(len(b)) * 8 }

// SubstrBinary is substr(b, pos, n) over bytes, Spark's
// ByteArray.subStringSQL with its 32-bit arithmetic: pos is 1-based, 0 is
// 1, a negative pos counts from the end; the bytes [start, start+n) that
// exist. Where start+n wraps past the int range to an end beyond the value
// (a very negative pos and n), Java's Arrays.copyOfRange pads the result
// with zero bytes up to that end; exprc does too up to MaxPadLength bytes
// of padding, and stops at the value's end beyond, where Spark allocates
// gigabytes or fails with OutOfMemoryError (docs/semantics.md section 9).
func SubstrBinary(b string, pos, n int32) string {
	l := int32(len(b))
	if pos > l {
		return ""
	}
	start := int32(0)
	if pos > 0 {
		start = pos - 1
	} else if pos < 0 {
		start = l + pos
	}
	var end int32
	if l-start < n { // wraps as Java's int does
		end = l
	} else {
		end = start + n
	}
	start = max(start, 0)
	if start >= end {
		return ""
	}
	if end <= l {
		return b[start:end]
	}
	pad := int(end) - int(max(l, start))
	if pad > MaxPadLength {
		return b[min(start, l):]
	}
	return b[min(start, l):] + strings.Repeat("\x00", pad)
}

// SubstrBinaryFrom is substr(b, pos): the bytes from pos on (n is
// Integer.MAX_VALUE in Spark).
func SubstrBinaryFrom(b string, pos int32) string { return SubstrBinary(b, pos, 1<<31-1) }

// unhexDigit is the value of hex digit c, or -1.
func unhexDigit(c byte) int {
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

// UnhexBytes decodes hex digits two per byte, as Spark's Hex.unhex: an odd
// count reads the first digit alone as the first byte (a leading 0
// implied). ok is false when s holds anything but hex digits.
func UnhexBytes(s string) (string, bool) {
	out := make([]byte, (len(s)+1)/2)
	i, k := 0, 0
	if len(s)%2 == 1 {
		v := unhexDigit(s[0])
		if v < 0 {
			return "", false
		}
		out[0] = byte(v)
		i, k = 1, 1
	}
	for ; i < len(s); i += 2 {
		hi, lo := unhexDigit(s[i]), unhexDigit(s[i+1])
		if hi < 0 || lo < 0 {
			return "", false
		}
		out[k] = byte(hi<<4 | lo)
		k++
	}
	return string(out), true
}

// UnhexDefined reports whether unhex(s) has a value: s is made of hex digits
// only (Spark's unhex returns NULL otherwise).
func UnhexDefined(s string) bool {
	for i := 0; i < len(s); i++ {
		if unhexDigit(s[i]) < 0 {
			return false
		}
	}
	return true
}

// Unhex is unhex(s) on a string UnhexDefined accepts.
func Unhex(s string) string {
	b, _ := UnhexBytes(s)
	return b
}

// conversionInvalid is CONVERSION_INVALID_INPUT for text s in format
// format (HEX, BASE64), Spark's invalidInputInConversionError.
func conversionInvalid(s, format string) *Error {
	return NewError(ConversionInvalidInput, "The value "+quoteString(s)+" ("+quoteString(format)+
		") cannot be converted to \"BINARY\" because it is malformed. Correct the value as per the syntax, or change its format. "+
		"Use `try_to_binary` to tolerate malformed input and return NULL instead.")
}

// ToBinaryHex is to_binary(s, 'hex') (and to_binary(s)): unhex raising
// CONVERSION_INVALID_INPUT where unhex gives NULL.
func ToBinaryHex(s string) (string, *Error) {
	b, ok := UnhexBytes(s)
	if !ok {
		return "", conversionInvalid(s, "HEX")
	}
	return b, nil
}

// base64Value is the 6-bit value of base64 character c, or -1 (the
// standard alphabet, RFC 4648 table 1).
func base64Value(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// mimeDecode decodes s as Java's Base64.getMimeDecoder does (Spark's
// unbase64): characters outside the alphabet are skipped, '=' ends the
// data. It fails as Java throws IllegalArgumentException: a lone '=' or
// one after three characters not followed by another (wrong 4-byte ending
// unit), one character left over (not enough valid bits).
func mimeDecode(s string) (string, string) {
	out := make([]byte, 0, len(s)*3/4+3)
	bits, shift := 0, 18
	i := 0
	for i < len(s) {
		c := s[i]
		i++
		if c == '=' {
			if shift == 6 && (i == len(s) || s[i] != '=') || shift == 18 {
				return "", "Input byte array has wrong 4-byte ending unit"
			}
			if shift == 6 {
				i++ // the second '='
			}
			break
		}
		v := base64Value(c)
		if v < 0 {
			continue // MIME: not in the alphabet, ignored
		}
		bits |= v << shift
		shift -= 6
		if shift < 0 {
			out = append(out, byte(bits>>16), byte(bits>>8), byte(bits))
			bits, shift = 0, 18
		}
	}
	switch shift {
	case 6:
		out = append(out, byte(bits>>16))
	case 0:
		out = append(out, byte(bits>>16), byte(bits>>8))
	case 12:
		return "", "Last unit does not have enough valid bits"
	}
	for ; i < len(s); i++ {
		if base64Value(s[i]) >= 0 { // '=' is skipped here too, as Java's MIME decoder skips it
			return "", "Input byte array has incorrect ending byte at " + strconv.Itoa(i+1)
		}
	}
	return string(out), ""
}

// Unbase64 is unbase64(s): Java's MIME decoder, which Spark calls without
// checking the input first. Where Java throws (docs/semantics.md 6.4.2),
// Spark's query fails with that exception; exprc raises
// CONVERSION_INVALID_INPUT with Java's message.
func Unbase64(s string) (string, *Error) {
	b, why := mimeDecode(s)
	if why != "" {
		return "", NewError(ConversionInvalidInput, "The value "+quoteString(s)+" ('BASE64') cannot be converted to \"BINARY\": "+why+".")
	}
	return b, nil
}

// validBase64 is Spark's UnBase64.isValidBase64 (RFC 4648 with whitespace
// allowed): groups of 4 symbols, the last one of 2 to 4 symbols, padded with
// '=' to exactly 4 when padded, nothing but whitespace between and nothing
// after the padding.
func validBase64(s string) bool {
	position, pad := 0, 0
	for _, r := range s {
		switch {
		case r < 0x80 && base64Value(byte(r)) >= 0:
			if pad != 0 {
				return false
			}
			position++
		case r == '=':
			pad++
			if pad > 2 || position%4 < 2 {
				return false
			}
		case javaWhitespace(r):
			if pad != 0 {
				return false
			}
		default:
			return false
		}
	}
	if pad > 0 {
		return (position+pad)%4 == 0
	}
	return position%4 != 1
}

// ToBinaryBase64 is to_binary(s, 'base64'): s checked as Spark's
// isValidBase64 (CONVERSION_INVALID_INPUT otherwise), then decoded as
// unbase64 decodes it.
func ToBinaryBase64(s string) (string, *Error) {
	if !validBase64(s) {
		return "", conversionInvalid(s, "BASE64")
	}
	b, why := mimeDecode(s)
	if why != "" {
		return "", conversionInvalid(s, "BASE64")
	}
	return b, nil
}

// The charsets of encode and decode (Spark 4.0's CharsetProvider without
// the legacy Java charsets), by upper-case name.
var charsets = map[string]int{
	"US-ASCII": csASCII, "ISO-8859-1": csLatin1, "UTF-8": csUTF8,
	"UTF-16BE": csUTF16BE, "UTF-16LE": csUTF16LE, "UTF-16": csUTF16, "UTF-32": csUTF32,
}

const (
	csASCII = iota
	csLatin1
	csUTF8
	csUTF16BE
	csUTF16LE
	csUTF16
	csUTF32
)

// charsetOf looks a charset name up, case-insensitively; an unknown one is
// INVALID_PARAMETER_VALUE.CHARSET, as Spark's CharsetProvider raises it.
func charsetOf(fn, name string) (int, *Error) {
	cs, ok := charsets[strings.ToUpper(name)]
	if !ok {
		return 0, NewError(InvalidParameter+".CHARSET", "The value of parameter(s) `charset` in `"+fn+
			"` is invalid: expects one of the 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-16', 'UTF-32', but got "+
			quoteString(name)+".")
	}
	return cs, nil
}

// malformed is MALFORMED_CHARACTER_CODING for function fn and charset cs.
func malformed(fn, cs string) *Error {
	return NewError(MalformedCharacterCoding, "Invalid value found when performing `"+fn+"` with `"+cs+"`")
}

// Encode is encode(s, charset): the characters of s in charset. UTF-8 is
// s's own bytes, unchecked (Spark returns them as they are); for the other
// charsets s is read as Java reads a string (an invalid UTF-8 byte becomes
// U+FFFD), and a character the charset cannot hold (beyond U+007F in
// US-ASCII, U+00FF in ISO-8859-1) raises MALFORMED_CHARACTER_CODING.
// UTF-16 writes a big-endian byte-order mark first, as Java does; UTF-32 is
// big-endian without one.
func Encode(s, charset string) (string, *Error) {
	cs, err := charsetOf("encode", charset)
	if err != nil {
		return "", err
	}
	if cs == csUTF8 || s == "" {
		return s, nil
	}
	out := make([]byte, 0, len(s)*2)
	if cs == csUTF16 {
		out = append(out, 0xFE, 0xFF)
	}
	for _, r := range s {
		switch cs {
		case csASCII, csLatin1:
			lim := rune(0x7F)
			if cs == csLatin1 {
				lim = 0xFF
			}
			if r > lim {
				return "", malformed("encode", charset)
			}
			out = append(out, byte(r))
		case csUTF16BE, csUTF16:
			out = appendUTF16(out, r, false)
		case csUTF16LE:
			out = appendUTF16(out, r, true)
		case csUTF32:
			out = append(out, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
		}
	}
	return string(out), nil
}

// appendUTF16 appends r as one or two UTF-16 code units.
func appendUTF16(out []byte, r rune, little bool) []byte {
	put := func(u uint16) {
		if little {
			out = append(out, byte(u), byte(u>>8))
		} else {
			out = append(out, byte(u>>8), byte(u))
		}
	}
	if r >= 0x10000 {
		a, b := utf16.EncodeRune(r)
		put(uint16(a))
		put(uint16(b))
	} else {
		put(uint16(r))
	}
	return out
}

// Decode is decode(b, charset): the bytes b read in charset as UTF-8 text.
// A byte sequence that is not valid in the charset (a byte beyond 0x7F in
// US-ASCII, invalid UTF-8, an unpaired surrogate or an odd trailing byte in
// UTF-16, a value beyond U+10FFFF or a surrogate or a partial unit in
// UTF-32) raises MALFORMED_CHARACTER_CODING, as Spark's decoder does
// (CodingErrorAction.REPORT). UTF-16 reads a byte-order mark, big-endian
// without one.
func Decode(b, charset string) (string, *Error) {
	cs, err := charsetOf("decode", charset)
	if err != nil {
		return "", err
	}
	bad := malformed("decode", charset)
	switch cs {
	case csUTF8:
		if !utf8.ValidString(b) {
			return "", bad
		}
		return b, nil
	case csASCII:
		for i := 0; i < len(b); i++ {
			if b[i] >= 0x80 {
				return "", bad
			}
		}
		return b, nil
	case csLatin1:
		out := make([]byte, 0, len(b)*2)
		for i := 0; i < len(b); i++ {
			out = utf8.AppendRune(out, rune(b[i]))
		}
		return string(out), nil
	case csUTF32:
		if len(b)%4 != 0 {
			return "", bad
		}
		out := make([]byte, 0, len(b))
		for i := 0; i < len(b); i += 4 {
			r := rune(uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3]))
			if r < 0 || r > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
				return "", bad
			}
			out = utf8.AppendRune(out, r)
		}
		return string(out), nil
	}
	little := cs == csUTF16LE
	if cs == csUTF16 && len(b) >= 2 {
		switch {
		case b[0] == 0xFE && b[1] == 0xFF:
			b = b[2:]
		case b[0] == 0xFF && b[1] == 0xFE:
			b, little = b[2:], true
		}
	}
	if len(b)%2 != 0 {
		return "", bad
	}
	unit := func(i int) rune {
		if little {
			return rune(b[i]) | rune(b[i+1])<<8
		}
		return rune(b[i])<<8 | rune(b[i+1])
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i += 2 {
		r := unit(i)
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if i+2 >= len(b) {
				return "", bad
			}
			lo := unit(i + 2)
			if lo < 0xDC00 || lo > 0xDFFF {
				return "", bad
			}
			r = utf16.DecodeRune(r, lo)
			i += 2
		case r >= 0xDC00 && r <= 0xDFFF:
			return "", bad
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out), nil
}

// FormatBinary is the text of a BINARY value where text is written (CSV
// output, semantic case files): X'...' with two upper-case hex digits per
// byte, the form of a BINARY literal.
func FormatBinary(b string) string { return "X'" + HexString(b) + "'" }

// BitmapCount is bitmap_count(b): the number of bits set in b's bytes.
func BitmapCount(b string) int64 {
	n := 0
	for i := 0; i < len(b); i++ {
		n += bits.OnesCount8(b[i])
	}
	return int64(n)
}
