package parser

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/exprc/exprc/compiler/diag"
)

// String literals are read exactly as Spark's parser reads them (with
// spark.sql.parser.escapedStringLiterals off, its default):
//
//   - '...' holds any character but an unescaped quote; a backslash escapes
//     the next character. There is no doubled-quote escape: 'it''s' is the two
//     literals 'it' and 's', which adjacent literals concatenate to its.
//   - \0 \b \n \r \t \Z are NUL, backspace, LF, CR, tab and Ctrl-Z; \uXXXX
//     (four hex digits) and \UXXXXXXXX (eight) are UTF-16 code units or a code
//     point; a backslash then three octal digits whose first is 0 or 1 is that
//     character; \% and \_ keep their backslash (so LIKE patterns keep their
//     escapes); a backslash before any other character is that character
//     (\' \" \\ and also \a, which is a).
//   - R'...' and r'...' are raw: no escapes, every character as written.
//   - Adjacent literals, with only spaces or comments between them, are one
//     literal: 'a' 'b' is 'ab' (the parser joins them).
//
// Code units from \u escapes are joined as UTF-16, so a surrogate pair written
// as two escapes is one character; an unpaired surrogate becomes U+FFFD,
// since exprc strings are UTF-8.

// sparkString lexes a literal opened by quote q at the current position.
func (l *lexer) sparkString(q rune) {
	start := l.pos()
	l.advance()
	var raw strings.Builder
	for {
		r, size := l.peekAt(0)
		switch {
		case size == 0:
			l.illegal(start, diag.Syntax, "unterminated string literal")
			return
		case r == utf8.RuneError && size == 1:
			bad := l.pos()
			l.skipString(q)
			l.errs.Add(bad, diag.Literal, "invalid UTF-8 encoding in string literal")
			l.emit(tIllegal, string(l.src[start.Offset:l.off]), start)
			return
		case r == q:
			l.advance()
			l.emit(tString, unescape(raw.String()), start)
			return
		case r == '\\':
			raw.WriteRune(r)
			l.advance()
			if next, size := l.peekAt(0); size > 0 && !(next == utf8.RuneError && size == 1) {
				raw.WriteRune(next)
				l.advance()
			}
		default:
			raw.WriteRune(r)
			l.advance()
		}
	}
}

// rawString lexes R'...' or r"...": the prefix, then characters up to the
// closing quote, without escapes.
func (l *lexer) rawString() {
	start := l.pos()
	l.advance() // R
	q := l.peek()
	l.advance()
	from := l.off
	for {
		r, size := l.peekAt(0)
		switch {
		case size == 0:
			l.illegal(start, diag.Syntax, "unterminated string literal")
			return
		case r == utf8.RuneError && size == 1:
			bad := l.pos()
			l.skipString(q)
			l.errs.Add(bad, diag.Literal, "invalid UTF-8 encoding in string literal")
			l.emit(tIllegal, string(l.src[start.Offset:l.off]), start)
			return
		case r == q:
			text := string(l.src[from:l.off])
			l.advance()
			l.emit(tString, text, start)
			return
		}
		l.advance()
	}
}

// skipString advances past the closing quote q (or to the end), so that a bad
// literal is reported once.
func (l *lexer) skipString(q rune) {
	for {
		r, size := l.peekAt(0)
		if size == 0 {
			return
		}
		l.advance()
		if r == q {
			return
		}
	}
}

// unescape applies Spark's escapes to the characters between the quotes.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var (
		b     strings.Builder
		units []uint16 // pending UTF-16 code units from \u and \U escapes
	)
	flush := func() {
		if len(units) > 0 {
			for _, r := range utf16.Decode(units) {
				b.WriteRune(r) // an unpaired surrogate is U+FFFD
			}
			units = units[:0]
		}
	}
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 == len(s) {
			flush()
			r, w := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += w
			continue
		}
		i++ // the backslash
		c := s[i]
		switch {
		case c == 'u' && hexDigits(s, i+1, 4):
			units = append(units, uint16(hexValue(s[i+1:i+5])))
			i += 5
		case c == 'U' && hexDigits(s, i+1, 8):
			cp := hexValue(s[i+1 : i+9])
			if cp < 0x10000 {
				units = append(units, uint16(cp))
			} else {
				units = append(units, uint16((cp-0x10000)/0x400+0xD800), uint16((cp-0x10000)%0x400+0xDC00))
			}
			i += 9
		case i+3 <= len(s) && (c == '0' || c == '1') && isOctal(s[i+1]) && isOctal(s[i+2]):
			flush()
			b.WriteRune(rune((c-'0')*64 + (s[i+1]-'0')*8 + (s[i+2] - '0')))
			i += 3
		default:
			flush()
			r, w := utf8.DecodeRuneInString(s[i:])
			switch r {
			case '0':
				b.WriteByte(0)
			case 'b':
				b.WriteByte('\b')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'Z':
				b.WriteByte(0x1A)
			case '%', '_':
				b.WriteByte('\\')
				b.WriteRune(r)
			default:
				b.WriteRune(r)
			}
			i += w
		}
	}
	flush()
	return b.String()
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

// hexDigits reports whether s[i:i+n] is n hexadecimal digits.
func hexDigits(s string, i, n int) bool {
	if i+n > len(s) {
		return false
	}
	for _, c := range []byte(s[i : i+n]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func hexValue(s string) uint32 {
	var v uint32
	for _, c := range []byte(s) {
		switch {
		case c <= '9':
			v = v*16 + uint32(c-'0')
		case c <= 'F':
			v = v*16 + uint32(c-'A'+10)
		default:
			v = v*16 + uint32(c-'a'+10)
		}
	}
	return v
}
