package fileio

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error messages quote names and values that come from the data: a column
// name of a CSV header, a JSON key, a field that does not parse. Such text may
// be megabytes long or hold control bytes (a header of nothing but CRs, an
// escape sequence that would recolor the terminal), so every one is quoted
// with Go's escapes and cut to maxQuoted bytes: an error stays one short,
// readable line whatever the file holds.

// maxQuoted is the most bytes of a name or value an error message quotes
// (before escaping); a longer one is cut and ends in an ellipsis.
const maxQuoted = 48

// maxListed is the most names an error message lists.
const maxListed = 8

// quote is strconv.Quote of s, cut to maxQuoted bytes (at a rune boundary)
// with "..." inside the quotes when longer: `"abc..."`.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	q := strconv.Quote(s[:cut])
	return q[:len(q)-1] + `..."`
}

// clip is s, when it is printable and at most maxQuoted bytes; else s quoted
// (quote), so that raw text a message shows (a JSON value as written) is never
// long or raw control bytes.
func clip(s string) string {
	if len(s) <= maxQuoted && strconv.CanBackquote(s) && !strings.ContainsAny(s, "`") {
		return s
	}
	return quote(s)
}

// nameList lists names, each quoted, at most maxListed of them and then how
// many more there are: `"a", "b", ... (10 more)`.
func nameList(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i == maxListed {
			fmt.Fprintf(&b, ", ... (%d more)", len(names)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(n))
	}
	return b.String()
}

// MaxErrorLine is the most bytes of one line of error text that `exprc run`
// prints (ErrorLine).
const MaxErrorLine = 290

// ErrorLine makes msg one line of at most MaxErrorLine bytes for stderr: line
// breaks, other control bytes and invalid UTF-8 escaped as Go escapes them,
// and the rest cut with an ellipsis. A message of readers and engines is
// short already; this bounds what reaches a terminal whatever text an error
// carries (an arrow-go message quoting a damaged file, a panic's value).
func ErrorLine(msg string) string {
	var b strings.Builder
	for i, w := 0, 0; i < len(msg); i += w {
		r, n := utf8.DecodeRuneInString(msg[i:])
		w = n
		piece, escaped := EscapedRune(r, n, msg[i])
		switch {
		case r == '\t':
			piece = " "
		case r == '\u2028' || r == '\u2029':
			q := strconv.QuoteRune(r)
			piece = q[1 : len(q)-1]
		case !escaped:
			piece = msg[i : i+n]
		}
		if b.Len()+len(piece) > MaxErrorLine-3 {
			b.WriteString("...")
			break
		}
		b.WriteString(piece)
	}
	return b.String()
}

// EscapedRune is how error text spells the rune r of n bytes whose first byte
// is first, when r is not to be shown as itself: an invalid UTF-8 byte as
// \xNN, a C0 or C1 control character or DEL (tab included) as Go escapes it.
// escaped is false for any other rune. ErrorLine and exprc run's capped
// stderr share it, so that both spell a byte from a file alike.
func EscapedRune(r rune, n int, first byte) (piece string, escaped bool) {
	switch {
	case r == utf8.RuneError && n == 1:
		return fmt.Sprintf(`\x%02x`, first), true
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		q := strconv.QuoteRune(r)
		return q[1 : len(q)-1], true
	}
	return "", false
}
