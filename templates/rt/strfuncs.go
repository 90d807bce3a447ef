package rt

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The string functions of Spark's library that take and build plain strings
// (left, right, reverse, repeat, split_part, translate, soundex ...). Characters
// are code points and an invalid UTF-8 byte is one character, as everywhere in
// this package (see strings.go).

// InvalidIndexOfZero is Spark's class for a 1-based index of 0 where only
// positive and negative indexes mean something (split_part).
const InvalidIndexOfZero = "INVALID_INDEX_OF_ZERO"

// ErrSplitPartIndexZero is split_part's error for part 0.
var ErrSplitPartIndexZero = NewError(InvalidIndexOfZero, "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1).")

// MaxRepeatLength caps the characters repeat and space may build for one row,
// as MaxPadLength does for the pads.
const MaxRepeatLength = MaxPadLength

// decode returns the character at s[i:] and its width: an invalid byte is a
// character of its own (RuneError, width 1).
func decode(s string, i int) (rune, int) {
	r, w := utf8.DecodeRuneInString(s[i:])
	if w == 0 {
		w = 1
	}
	return r, w
}

// Left is left(s, n): the first n characters of s; the empty string when n <= 0.
func Left(s string, n int32) string { return charSlice(s, 0, int64(n)) }

// Right is right(s, n): the last n characters of s (all of s when it is
// shorter); the empty string when n <= 0.
func Right(s string, n int32) string {
	if n <= 0 {
		return ""
	}
	count := int64(utf8.RuneCountInString(s))
	if int64(n) >= count {
		return s
	}
	return s[charOffset(s, count-int64(n)):]
}

// Reverse is reverse(s): the characters of s in reverse order; an invalid
// byte moves as a character of its own.
func Reverse(s string) string {
	b := make([]byte, len(s))
	j := len(s)
	for i := 0; i < len(s); {
		_, w := decode(s, i)
		j -= w
		copy(b[j:], s[i:i+w])
		i += w
	}
	return string(b)
}

// Quote is quote(s) (Spark 4.0): s between single quotes, each single quote
// in it preceded by a backslash (a backslash of s is kept as it is).
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}

// Repeat is repeat(s, n): s n times; the empty string when n <= 0. A result above
// MaxRepeatLength characters raises INVALID_PARAMETER_VALUE.
func Repeat(s string, n int32) (string, *Error) {
	if n <= 0 || s == "" {
		return "", nil
	}
	if int64(n)*int64(utf8.RuneCountInString(s)) > MaxRepeatLength {
		return "", NewError(InvalidParameter, "repeat: the result would have more than 67108864 characters")
	}
	return strings.Repeat(s, int(n)), nil
}

// Space is space(n): n spaces; the empty string when n <= 0. More than MaxRepeatLength
// raises INVALID_PARAMETER_VALUE.
func Space(n int32) (string, *Error) { return Repeat(" ", n) }

// Initcap is initcap(s): every character lower-cased, then each one that
// starts a word (the first, or one after a space ' ') title-cased, as Spark's
// UTF8String.toTitleCase does; invalid bytes are kept.
func Initcap(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	start := true
	for i := 0; i < len(s); {
		r, w := decode(s, i)
		if r == utf8.RuneError && w == 1 {
			b.WriteByte(s[i])
		} else if start {
			b.WriteRune(unicode.ToTitle(unicode.ToLower(r)))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		start = s[i] == ' '
		i += w
	}
	return b.String()
}

// Ascii is ascii(s): the code point of the first character of s, 0 for the empty string. An
// invalid first byte gives the byte's value.
func Ascii(s string) int32 {
	if s == "" {
		return 0
	}
	r, w := decode(s, 0)
	if r == utf8.RuneError && w == 1 {
		return int32(s[0])
	}
	return r
}

// Chr is chr(n) and char(n): the character whose code point is n mod 256
// (U+0000 to U+00FF, so chr(256 + 65) is 'A'); the empty string when n < 0.
func Chr(n int64) string {
	if n < 0 {
		return ""
	}
	return string(rune(n & 0xFF))
}

// OctetLength is octet_length(s): the number of bytes of s in UTF-8.
func OctetLength(s string) int32 { return int32(len(s)) }

// BitLength is bit_length(s): 8 times octet_length(s).
func BitLength(s string) int32 { return int32(len(s)) * 8 }

// SplitPart is split_part(s, delim, n): part n of s split at every delim, 1
// for the first, -1 for the last; the empty string when there is no such part. An empty
// delim does not split (s is part 1 and -1). Part 0 raises
// INVALID_INDEX_OF_ZERO.
func SplitPart(s, delim string, n int32) (string, *Error) {
	if n == 0 {
		return "", ErrSplitPartIndexZero
	}
	if delim == "" {
		if n == 1 || n == -1 {
			return s, nil
		}
		return "", nil
	}
	if n > 0 {
		for k := int32(1); ; k++ {
			i := strings.Index(s, delim)
			if k == n {
				if i < 0 {
					return s, nil
				}
				return s[:i], nil
			}
			if i < 0 {
				return "", nil
			}
			s = s[i+len(delim):]
		}
	}
	for k := int32(-1); ; k-- {
		i := strings.LastIndex(s, delim)
		if i < 0 {
			if k == n {
				return s, nil
			}
			return "", nil
		}
		if k == n {
			return s[i+len(delim):], nil
		}
		s = s[:i]
	}
}

// SubstringIndex is substring_index(s, delim, count): the part of s before
// the count-th occurrence of delim (counted from the left when count > 0), or
// after the count-th from the right (count < 0); all of s when delim occurs
// fewer times; the empty string when count is 0 or delim is the empty string. Occurrences do not overlap.
func SubstringIndex(s, delim string, count int32) string {
	if count == 0 || delim == "" {
		return ""
	}
	if count > 0 {
		at := 0
		for k := int32(0); k < count; k++ {
			i := strings.Index(s[at:], delim)
			if i < 0 {
				return s
			}
			at += i
			if k < count-1 {
				at += len(delim)
			}
		}
		return s[:at]
	}
	end := len(s)
	for k := int32(0); k > count; k-- {
		i := strings.LastIndex(s[:end], delim)
		if i < 0 {
			return s
		}
		end = i
	}
	return s[end+len(delim):]
}

// Translate is translate(s, from, to): each character of s that occurs in from
// is replaced by the character at the same position of to, or removed when to
// is shorter; a character repeated in from keeps its first position.
func Translate(s, from, to string) string {
	if from == "" {
		return s
	}
	toChars := []string{}
	for i := 0; i < len(to); {
		_, w := decode(to, i)
		toChars = append(toChars, to[i:i+w])
		i += w
	}
	m := map[string]int{} // character of from -> index into toChars, or -1: remove
	k := 0
	for i := 0; i < len(from); k++ {
		_, w := decode(from, i)
		c := from[i : i+w]
		if _, seen := m[c]; !seen {
			if k < len(toChars) {
				m[c] = k
			} else {
				m[c] = -1
			}
		}
		i += w
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		_, w := decode(s, i)
		c := s[i : i+w]
		if j, ok := m[c]; !ok {
			b.WriteString(c)
		} else if j >= 0 {
			b.WriteString(toChars[j])
		}
		i += w
	}
	return b.String()
}

// FindInSet is find_in_set(s, list): the 1-based position of s among the
// comma-separated items of list, 0 when it is not one of them or when s
// contains a comma.
func FindInSet(s, list string) int32 {
	if strings.Contains(s, ",") {
		return 0
	}
	pos := int32(1)
	for {
		i := strings.IndexByte(list, ',')
		item := list
		if i >= 0 {
			item = list[:i]
		}
		if item == s {
			return pos
		}
		if i < 0 {
			return 0
		}
		list = list[i+1:]
		pos++
	}
}

// Levenshtein2 is levenshtein(a, b): the least number of single-character
// insertions, deletions and substitutions that turn a into b.
func Levenshtein2(a, b string) int32 {
	ra, rb := trimCommon(a, b)
	return levenshtein(ra, rb)
}

// Levenshtein3 is levenshtein(a, b, threshold): the distance when it is at most
// threshold, else -1 (always -1 for a negative threshold).
func Levenshtein3(a, b string, threshold int32) int32 {
	if threshold < 0 {
		return -1
	}
	ra, rb := trimCommon(a, b)
	if abs(len(ra)-len(rb)) > int(threshold) {
		return -1 // the distance is at least the difference in length
	}
	if d := levenshtein(ra, rb); d <= threshold {
		return d
	}
	return -1
}

func abs(x int) int { return max(x, -x) }

// trimCommon returns the characters of a and b (as charCodes) without the
// prefix and the suffix they share, which cost no edit: two equal or nearly
// equal long values then take time in proportion to their length, not to
// its square. The prefix is walked in both strings at once, so that it ends
// at a character boundary of each (an invalid byte of one may start a
// character of the other).
func trimCommon(a, b string) ([]int32, []int32) {
	i := 0
	for i < len(a) && i < len(b) {
		_, wa := decode(a, i)
		_, wb := decode(b, i)
		if wa != wb || a[i:i+wa] != b[i:i+wb] {
			break
		}
		i += wa
	}
	ra, rb := charCodes(a[i:]), charCodes(b[i:])
	for len(ra) > 0 && len(rb) > 0 && ra[len(ra)-1] == rb[len(rb)-1] {
		ra, rb = ra[:len(ra)-1], rb[:len(rb)-1]
	}
	return ra, rb
}

// charCodes numbers the characters of s: a valid one is its code point, an
// invalid byte b is -1-b (equal only to the same invalid byte).
func charCodes(s string) []int32 {
	out := make([]int32, 0, len(s))
	for i := 0; i < len(s); {
		r, w := decode(s, i)
		if r == utf8.RuneError && w == 1 {
			r = -1 - rune(s[i])
		}
		out = append(out, r)
		i += w
	}
	return out
}

// levenshtein is the edit distance of two character sequences, one row of
// the table at a time.
func levenshtein(ra, rb []int32) int32 {
	if len(ra) == 0 {
		return int32(len(rb))
	}
	prev := make([]int32, len(rb)+1)
	cur := make([]int32, len(rb)+1)
	for j := range prev {
		prev[j] = int32(j)
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = int32(i)
		for j := 1; j <= len(rb); j++ {
			cost := int32(1)
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// soundexCodes are the American Soundex digits of A to Z; '7' marks H and W,
// which are skipped without separating equal digits, and '0' the vowels and Y,
// which separate them.
const soundexCodes = "01230127022455012623017202"

// Soundex is soundex(s): the letter and three digits of American Soundex, as
// Spark computes it over ASCII letters. s is returned as it is when it is the empty string
// or does not start with an ASCII letter; a later character that is not an
// ASCII letter separates equal digits, like a vowel.
func Soundex(s string) string {
	if s == "" {
		return s
	}
	up := func(c byte) (byte, bool) {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		return c, 'A' <= c && c <= 'Z'
	}
	first, ok := up(s[0])
	if !ok {
		return s
	}
	sx := [4]byte{first, '0', '0', '0'}
	n := 1
	last := soundexCodes[first-'A']
	for i := 1; i < len(s) && n < 4; i++ {
		c, ok := up(s[i])
		if !ok {
			last = '0'
			continue
		}
		code := soundexCodes[c-'A']
		if code == '7' {
			continue
		}
		if code != '0' && code != last {
			sx[n] = code
			n++
		}
		last = code
	}
	return string(sx[:])
}

// LuhnCheck is luhn_check(s): whether s is a non-empty string of ASCII digits
// whose Luhn checksum is 0 (card numbers).
func LuhnCheck(s string) bool {
	if s == "" {
		return false
	}
	sum := 0
	for i := 0; i < len(s); i++ {
		c := s[len(s)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}
