package rt

import (
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Character positions in VARCHAR functions count Unicode code points, as Spark
// does. A byte that is not part of valid UTF-8 counts as one character of its
// own, so every function is defined (and never panics) on arbitrary bytes, and
// length, substring and the pads agree with each other.

// MaxPadLength caps the length lpad and rpad may be asked for: 64 Mi characters.
// Beyond it they raise INVALID_PARAMETER_VALUE rather than try to allocate
// unbounded memory for one row.
const MaxPadLength = 64 << 20

// charOffset returns the byte offset of character n of s (0-based), or len(s)
// when s has fewer than n characters. n <= 0 gives 0.
//
// Two cases need no decoding: n >= len(s) (a character is at least a byte,
// so all of s), and an ASCII prefix of n bytes (n characters of one byte).
func charOffset(s string, n int64) int {
	switch {
	case n <= 0:
		return 0
	case n >= int64(len(s)):
		return len(s)
	case isASCII(s[:n]):
		return int(n)
	}
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// isASCII reports whether every byte of s is below 0x80, eight bytes at a
// time.
func isASCII(s string) bool {
	var bits uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		bits |= binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
	}
	for ; i < len(s); i++ {
		bits |= uint64(s[i])
	}
	return bits&highBits == 0
}

// charSlice returns characters [start, end) of s, clamped to s.
func charSlice(s string, start, end int64) string {
	if start < 0 {
		start = 0
	}
	if end <= start {
		return ""
	}
	b := charOffset(s, start)
	e := b + charOffset(s[b:], end-start)
	return s[b:e]
}

// Length is length(VARCHAR): the number of characters.
func Length(s string) int32 { return int32(utf8.RuneCountInString(s)) }

// mapRunes applies f to every valid code point and copies invalid bytes as they
// are, so case mapping never replaces data with U+FFFD.
func mapRunes(s string, f func(rune) rune) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w <= 1 {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteRune(f(r))
		i += w
	}
	return b.String()
}

// Upper is upper(s): simple per-character upper-case mapping; invalid UTF-8
// bytes are kept.
func Upper(s string) string { return mapRunes(s, unicode.ToUpper) }

// Lower is lower(s): simple per-character lower-case mapping; invalid UTF-8
// bytes are kept.
func Lower(s string) string { return mapRunes(s, unicode.ToLower) }

// Substring3 is substring(s, pos, len), Spark's UTF8String.substringSQL: pos is
// 1-based, 0 acts like 1, a negative pos counts from the end, and the window
// [start, start+len) is clipped to the string, so substring('Spark', -7, 3) is 'S'.
func Substring3(s string, pos, length int32) string {
	var start int64
	switch {
	case pos > 0:
		start = int64(pos) - 1
	case pos < 0:
		start = int64(utf8.RuneCountInString(s)) + int64(pos)
	}
	end := start + int64(length)
	if start < 0 {
		start = 0
	}
	return charSlice(s, start, end)
}

// Substring2 is substring(s, pos): from pos to the end (see Substring3).
func Substring2(s string, pos int32) string { return Substring3(s, pos, 1<<31-1) }

// Concat2 is a || b.
func Concat2(a, b string) string { return a + b }

// Concat is concat(parts...).
func Concat(parts ...string) string { return strings.Join(parts, "") }

// Trim is trim(s): without leading and trailing spaces (only ' ').
func Trim(s string) string { return strings.Trim(s, " ") }

// Ltrim is ltrim(s): without leading spaces (only ' ').
func Ltrim(s string) string { return strings.TrimLeft(s, " ") }

// Rtrim is rtrim(s): without trailing spaces (only ' ').
func Rtrim(s string) string { return strings.TrimRight(s, " ") }

// StartsWith is starts_with(s, prefix), byte-wise.
func StartsWith(s, prefix string) bool { return strings.HasPrefix(s, prefix) }

// EndsWith is ends_with(s, suffix), byte-wise.
func EndsWith(s, suffix string) bool { return strings.HasSuffix(s, suffix) }

// Contains is contains(s, sub), byte-wise.
func Contains(s, sub string) bool { return strings.Contains(s, sub) }

// Replace3 is replace(s, search, repl): every occurrence replaced; an empty
// search leaves s unchanged (Go's ReplaceAll would insert between every character).
func Replace3(s, search, repl string) string {
	if search == "" {
		return s
	}
	return strings.ReplaceAll(s, search, repl)
}

// Replace2 is replace(s, search): every occurrence removed.
func Replace2(s, search string) string { return Replace3(s, search, "") }

// pad implements Spark's lpad/rpad: when s already has n or more characters (or
// pad is empty) the result is s cut to n characters (empty for n <= 0); otherwise
// pad is repeated, its last copy cut short, to fill s up to n characters.
func pad(name string, s string, n int32, p string, left bool) (string, *Error) {
	if n > MaxPadLength {
		return "", &Error{Class: InvalidParameter, kind: msgPadLength, s1: name, i: int64(n)}
	}
	sl := int64(utf8.RuneCountInString(s))
	spaces := int64(n) - sl
	if spaces <= 0 || p == "" {
		return charSlice(s, 0, int64(n)), nil
	}
	pl := int64(utf8.RuneCountInString(p))
	count := spaces / pl
	remain := charSlice(p, 0, spaces-pl*count)
	var b strings.Builder
	b.Grow(len(s) + int(count)*len(p) + len(remain))
	if !left {
		b.WriteString(s)
	}
	for range count {
		b.WriteString(p)
	}
	b.WriteString(remain)
	if left {
		b.WriteString(s)
	}
	return b.String(), nil
}

// Lpad3 is lpad(s, n, p): s left-padded with p to n characters, or cut to n
// characters when longer; n <= 0 gives ”, an empty p leaves s (cut to n). An n
// above MaxPadLength raises INVALID_PARAMETER_VALUE.
func Lpad3(s string, n int32, p string) (string, *Error) { return pad("lpad", s, n, p, true) }

// Rpad3 is rpad(s, n, p), the right-padding dual of Lpad3.
func Rpad3(s string, n int32, p string) (string, *Error) { return pad("rpad", s, n, p, false) }

// Lpad2 is lpad(s, n): Lpad3 with a space.
func Lpad2(s string, n int32) (string, *Error) { return pad("lpad", s, n, " ", true) }

// Rpad2 is rpad(s, n): Rpad3 with a space.
func Rpad2(s string, n int32) (string, *Error) { return pad("rpad", s, n, " ", false) }
