package rt

import (
	"strings"
	"unicode/utf8"
)

// Locate is locate(sub, s) and position(sub, s): the 1-based character
// position of the first occurrence of sub in s, 0 when there is none; 1 when
// sub is the empty string.
func Locate(sub, s string) int32 {
	i := strings.Index(s, sub)
	if i < 0 {
		return 0
	}
	return int32(utf8.RuneCountInString(s[:i])) + 1
}

// Instr is instr(s, sub): Locate with the arguments the other way round.
func Instr(s, sub string) int32 { return Locate(sub, s) }

// trimSet reports whether the character at s[i:] (an invalid byte is one
// character) is one of chars, and its width.
func trimSet(s string, i int, chars string) (bool, int) {
	r, w := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && w <= 1 {
		return strings.Contains(chars, s[i:i+1]), 1
	}
	return strings.ContainsRune(chars, r), w
}

// TrimChars is trim(chars, s) (TRIM(BOTH chars FROM s)): s without the
// leading and trailing characters that occur in chars.
func TrimChars(chars, s string) string { return RtrimChars(chars, LtrimChars(chars, s)) }

// LtrimChars is ltrim(chars, s) (TRIM(LEADING chars FROM s)).
func LtrimChars(chars, s string) string {
	i := 0
	for i < len(s) {
		in, w := trimSet(s, i, chars)
		if !in {
			break
		}
		i += w
	}
	return s[i:]
}

// RtrimChars is rtrim(chars, s) (TRIM(TRAILING chars FROM s)).
func RtrimChars(chars, s string) string {
	end := len(s)
	for end > 0 {
		r, w := utf8.DecodeLastRuneInString(s[:end])
		in := false
		if r == utf8.RuneError && w <= 1 {
			w = 1
			in = strings.Contains(chars, s[end-1:end])
		} else {
			in = strings.ContainsRune(chars, r)
		}
		if !in {
			break
		}
		end -= w
	}
	return s[:end]
}

// Btrim is btrim(s, chars): TrimChars with the arguments the other way round.
func Btrim(s, chars string) string { return TrimChars(chars, s) }
