package functions

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/exprc/exprc/ir"
)

// Character positions in VARCHAR functions count Unicode code points, as Spark
// does. A byte that is not part of valid UTF-8 counts as one character of its
// own, so every function is defined (and never panics) on arbitrary bytes, and
// length, substring and the pads agree with each other.

// maxPadLength caps the length lpad and rpad may be asked for: 64 Mi characters.
// Beyond it they raise INVALID_PARAMETER_VALUE rather than try to allocate
// unbounded memory for one row.
const maxPadLength = 64 << 20

func charLen(s string) int { return utf8.RuneCountInString(s) }

// charOffset returns the byte offset of character n of s (0-based), or len(s)
// when s has fewer than n characters. n <= 0 gives 0.
func charOffset(s string, n int64) int {
	if n <= 0 {
		return 0
	}
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
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

func lengthStr(s string) int32 { return int32(charLen(s)) }

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

func upperStr(s string) string { return mapRunes(s, unicode.ToUpper) }
func lowerStr(s string) string { return mapRunes(s, unicode.ToLower) }

// substringSQL is Spark's UTF8String.substringSQL: pos is 1-based, 0 acts like
// 1, a negative pos counts from the end, and the window [start, start+len) is
// clipped to the string, so substring('Spark', -7, 3) is 'S'.
func substringSQL(s string, pos, length int32) string {
	n := int64(charLen(s))
	var start int64
	switch {
	case pos > 0:
		start = int64(pos) - 1
	case pos < 0:
		start = n + int64(pos)
	}
	end := start + int64(length)
	if start < 0 {
		start = 0
	}
	return charSlice(s, start, end)
}

func substring2(s string, pos int32) string { return substringSQL(s, pos, 1<<31-1) }

func trimStr(s string) string  { return strings.Trim(s, " ") }
func ltrimStr(s string) string { return strings.TrimLeft(s, " ") }
func rtrimStr(s string) string { return strings.TrimRight(s, " ") }

func startsWith(s, p string) bool { return strings.HasPrefix(s, p) }
func endsWith(s, p string) bool   { return strings.HasSuffix(s, p) }
func containsStr(s, p string) bool {
	return strings.Contains(s, p)
}

// replaceStr replaces every occurrence of search; an empty search leaves str
// unchanged (Go's ReplaceAll would insert between every character).
func replaceStr(s, search, repl string) string {
	if search == "" {
		return s
	}
	return strings.ReplaceAll(s, search, repl)
}

func replace2(s, search string) string { return replaceStr(s, search, "") }

// pad implements Spark's lpad/rpad: when s already has n or more characters (or
// pad is empty) the result is s cut to n characters (empty for n <= 0); otherwise
// pad is repeated, its last copy cut short, to fill s up to n characters.
func pad(name string, s string, n int32, p string, left bool) (string, *ir.EvalError) {
	if n > maxPadLength {
		return "", ir.Errorf(ir.ErrInvalidParameter,
			"The value of parameter(s) `len` in `%s` is invalid: %d exceeds the limit of %d characters.", name, n, maxPadLength)
	}
	sl := int64(charLen(s))
	spaces := int64(n) - sl
	if spaces <= 0 || p == "" {
		return charSlice(s, 0, int64(n)), nil
	}
	pl := int64(charLen(p))
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

func lpad3(s string, n int32, p string) (string, *ir.EvalError) { return pad("lpad", s, n, p, true) }
func rpad3(s string, n int32, p string) (string, *ir.EvalError) { return pad("rpad", s, n, p, false) }
func lpad2(s string, n int32) (string, *ir.EvalError)           { return pad("lpad", s, n, " ", true) }
func rpad2(s string, n int32) (string, *ir.EvalError)           { return pad("rpad", s, n, " ", false) }

// concatFn is both || and concat(...): strict and variadic over VARCHAR, so the
// overload is built per call with one VARCHAR parameter per argument.
func concatFn() *ir.Function {
	eval := func(args []any) (any, *ir.EvalError) {
		n := 0
		for _, a := range args {
			n += len(a.(string))
		}
		var b strings.Builder
		b.Grow(n)
		for _, a := range args {
			b.WriteString(a.(string))
		}
		return b.String(), nil
	}
	sigs := map[int]*ir.Signature{}
	for n := 1; n <= 8; n++ {
		sigs[n] = sig(tStr, false, eval, repeat(tStr, n)...)
	}
	return &ir.Function{
		Name:     "concat",
		Infix:    "||",
		Doc:      "Concatenation of one or more strings (also the || operator); NULL if any argument is NULL.",
		Synopsis: []string{"concat(VARCHAR, ...) -> VARCHAR"},
		Strict:   true,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError("concat", len(args), 1)
			}
			for _, a := range args {
				if !ir.Widens(a, tStr) {
					return nil, noOverload("concat", args, []string{"concat(VARCHAR, ...) -> VARCHAR"})
				}
			}
			if s, ok := sigs[len(args)]; ok {
				return s, nil
			}
			return sig(tStr, false, eval, repeat(tStr, len(args))...), nil
		},
	}
}

func init() {
	register(strict("length",
		"Number of characters (Unicode code points) in s; each byte of invalid UTF-8 counts as one character.",
		nil, sig(tInt, false, ok1(lengthStr), tStr)), "char_length", "character_length")
	register(strict("upper", "s with every letter mapped to upper case (simple per-character mapping; invalid UTF-8 bytes are kept).",
		nil, sig(tStr, false, ok1(upperStr), tStr)))
	register(strict("lower", "s with every letter mapped to lower case (simple per-character mapping; invalid UTF-8 bytes are kept).",
		nil, sig(tStr, false, ok1(lowerStr), tStr)))
	register(strict("substring",
		"Characters of s from 1-based position pos (0 acts like 1, a negative pos counts from the end), at most len of them (default: to the end); a window outside s, or len <= 0, gives ''.",
		nil,
		sig(tStr, false, ok2(substring2), tStr, tInt),
		sig(tStr, false, ok3(substringSQL), tStr, tInt, tInt)), "substr")
	register(concatFn())
	register(strict("trim", "s without leading and trailing spaces (only ' ', not tabs or newlines).",
		nil, sig(tStr, false, ok1(trimStr), tStr)))
	register(strict("ltrim", "s without leading spaces (only ' ').",
		nil, sig(tStr, false, ok1(ltrimStr), tStr)))
	register(strict("rtrim", "s without trailing spaces (only ' ').",
		nil, sig(tStr, false, ok1(rtrimStr), tStr)))
	register(strict("starts_with", "Whether s begins with prefix (byte-wise; every string starts with '').",
		nil, sig(tBool, false, ok2(startsWith), tStr, tStr)), "startswith")
	register(strict("ends_with", "Whether s ends with suffix (byte-wise; every string ends with '').",
		nil, sig(tBool, false, ok2(endsWith), tStr, tStr)), "endswith")
	register(strict("contains", "Whether s contains sub (byte-wise; every string contains '').",
		nil, sig(tBool, false, ok2(containsStr), tStr, tStr)))
	register(strict("replace",
		"s with every occurrence of search replaced by replacement (default ''); an empty search leaves s unchanged.",
		nil,
		sig(tStr, false, ok2(replace2), tStr, tStr),
		sig(tStr, false, ok3(replaceStr), tStr, tStr, tStr)))
	register(strict("lpad",
		"s left-padded with pad (default ' ') to len characters, or cut to len characters when longer; len <= 0 gives '', an empty pad leaves s as it is (cut to len). A len above 67108864 (64 Mi) raises.",
		errs(ir.ErrInvalidParameter),
		sig(tStr, true, k2(lpad2), tStr, tInt),
		sig(tStr, true, k3(lpad3), tStr, tInt, tStr)))
	register(strict("rpad",
		"s right-padded with pad (default ' ') to len characters, or cut to len characters when longer; len <= 0 gives '', an empty pad leaves s as it is (cut to len). A len above 67108864 (64 Mi) raises.",
		errs(ir.ErrInvalidParameter),
		sig(tStr, true, k2(rpad2), tStr, tInt),
		sig(tStr, true, k3(rpad3), tStr, tInt, tStr)))
}
