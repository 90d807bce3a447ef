package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/exprc/exprc/compiler/diag"
)

// lexer splits a spec file into tokens. It runs over the whole file before
// parsing so the parser can look ahead freely. Lexical errors are reported
// once, here, and leave a tIllegal token in the stream so the parser stops
// the statement without reporting a second error for the same place.
type lexer struct {
	file string
	src  []byte
	off  int // byte offset of the next rune
	line int
	col  int // rune column of the next rune, 1-based

	toks  []token
	names []nameComment
	errs  *diag.List
}

func lex(file string, src []byte, errs *diag.List) ([]token, []nameComment) {
	l := &lexer{file: file, src: src, line: 1, col: 1, errs: errs}
	l.run()
	return l.toks, l.names
}

func (l *lexer) pos() diag.Pos {
	return diag.Pos{File: l.file, Line: l.line, Col: l.col, Offset: l.off}
}

// peek returns the rune at byte offset l.off+ahead (0 at end of input) and
// its size. Invalid UTF-8 decodes as utf8.RuneError of size 1.
func (l *lexer) peekAt(ahead int) (rune, int) {
	if l.off+ahead >= len(l.src) {
		return 0, 0
	}
	return utf8.DecodeRune(l.src[l.off+ahead:])
}

func (l *lexer) peek() rune {
	r, _ := l.peekAt(0)
	return r
}

// advance moves past one rune, keeping line and column up to date.
func (l *lexer) advance() {
	r, size := l.peekAt(0)
	if size == 0 {
		return
	}
	l.off += size
	if r == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
}

func (l *lexer) emit(kind tokKind, text string, start diag.Pos) {
	l.toks = append(l.toks, token{kind: kind, text: text, pos: start, end: l.off})
}

// illegal reports a lexical error at start and emits a tIllegal token
// covering the input consumed since start.
func (l *lexer) illegal(start diag.Pos, class diag.Class, format string, args ...any) {
	l.errs.Add(start, class, format, args...)
	l.emit(tIllegal, string(l.src[start.Offset:l.off]), start)
}

func isIdentStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' ||
		r >= utf8.RuneSelf && r != utf8.RuneError && unicode.IsLetter(r)
}

func isIdentPart(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' ||
		r >= utf8.RuneSelf && r != utf8.RuneError && (unicode.IsDigit(r) || unicode.IsMark(r))
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func (l *lexer) run() {
	for {
		r, size := l.peekAt(0)
		if size == 0 {
			l.emit(tEOF, "", l.pos())
			return
		}
		start := l.pos()
		switch {
		case r == utf8.RuneError && size == 1:
			l.advance()
			l.illegal(start, diag.Syntax, "invalid UTF-8 encoding")
		case unicode.IsSpace(r):
			l.advance()
		case r == '-' && l.peekNext() == '-':
			l.lineComment()
		case r == '/' && l.peekNext() == '*':
			l.blockComment()
		case (r == 'r' || r == 'R') && (l.peekNext() == '\'' || l.peekNext() == '"'):
			l.rawString()
		case isIdentStart(r):
			for isIdentPart(l.peek()) {
				l.advance()
			}
			l.emit(tIdent, string(l.src[start.Offset:l.off]), start)
		case isDigit(r) || r == '.' && isDigit(l.peekNext()):
			l.number()
		case r == '\'' || r == '"':
			// "..." is a string literal, as in Spark by default
			// (spark.sql.ansi.doubleQuotedIdentifiers=false); identifiers
			// are quoted with backquotes.
			l.sparkString(r)
		case r == '`':
			l.quoted(r, tQIdent, "quoted identifier")
		default:
			l.operator()
		}
	}
}

// peekNext returns the rune after the next one.
func (l *lexer) peekNext() rune {
	_, size := l.peekAt(0)
	r, _ := l.peekAt(size)
	return r
}

// lineComment skips a "--" comment, recording it if it is a query name
// comment ("-- name: Name [anything]", as in sqlc).
func (l *lexer) lineComment() {
	start := l.pos()
	l.advance()
	l.advance()
	for l.peek() == ' ' || l.peek() == '\t' {
		l.advance()
	}
	if l.off+5 > len(l.src) || !strings.EqualFold(string(l.src[l.off:l.off+5]), "name:") {
		l.skipLine()
		return
	}
	for range 5 {
		l.advance()
	}
	for l.peek() == ' ' || l.peek() == '\t' {
		l.advance()
	}
	nc := nameComment{pos: start, namePos: l.pos()}
	if !isIdentStart(l.peek()) {
		nc.bad = true
		l.errs.Add(nc.namePos, diag.Syntax, "expected a query name after \"-- name:\"")
	} else {
		for isIdentPart(l.peek()) {
			l.advance()
		}
		nc.name = string(l.src[nc.namePos.Offset:l.off])
		if r := l.peek(); r != 0 && r != '\n' && r != '\r' && !unicode.IsSpace(r) {
			nc.bad = true
			l.errs.Add(l.pos(), diag.Syntax,
				"invalid query name in \"-- name:\" comment: a name is letters, digits and underscores")
		}
	}
	l.names = append(l.names, nc)
	l.skipLine()
}

func (l *lexer) skipLine() {
	for {
		r, size := l.peekAt(0)
		if size == 0 || r == '\n' {
			return
		}
		l.advance()
	}
}

func (l *lexer) blockComment() {
	start := l.pos()
	l.advance()
	l.advance()
	for {
		r, size := l.peekAt(0)
		if size == 0 {
			l.illegal(start, diag.Syntax, "unterminated /* comment")
			return
		}
		if r == '*' && l.peekNext() == '/' {
			l.advance()
			l.advance()
			return
		}
		l.advance()
	}
}

// number lexes 12, 1.5, .5, 1., 1e10, 1.5E-3. A number running into letters
// (12abc) is an error rather than two tokens.
func (l *lexer) number() {
	start := l.pos()
	kind := tInt
	for isDigit(l.peek()) {
		l.advance()
	}
	if l.peek() == '.' {
		kind = tFloat
		l.advance()
		for isDigit(l.peek()) {
			l.advance()
		}
	}
	if r := l.peek(); r == 'e' || r == 'E' {
		kind = tFloat
		l.advance()
		if r := l.peek(); r == '+' || r == '-' {
			l.advance()
		}
		if !isDigit(l.peek()) {
			for isIdentPart(l.peek()) {
				l.advance()
			}
			l.illegal(start, diag.Literal, "malformed number %q: exponent has no digits",
				string(l.src[start.Offset:l.off]))
			return
		}
		for isDigit(l.peek()) {
			l.advance()
		}
	}
	if isIdentPart(l.peek()) {
		// Spark's type suffixes: 1.5D is a DOUBLE, 1.5BD a DECIMAL, 1.5F a
		// FLOAT, 10L a BIGINT, 10S a SMALLINT, 10Y a TINYINT. The binder
		// reads them from the literal's text.
		from := l.off
		for isIdentPart(l.peek()) {
			l.advance()
		}
		switch suffix := strings.ToUpper(string(l.src[from:l.off])); {
		case suffix == "D" || suffix == "BD" || suffix == "F",
			(suffix == "L" || suffix == "S" || suffix == "Y") && kind == tInt:
			if l.peek() != '.' {
				l.emit(kind, string(l.src[start.Offset:l.off]), start)
				return
			}
		}
		for isIdentPart(l.peek()) || l.peek() == '.' {
			l.advance()
		}
		l.illegal(start, diag.Literal, "malformed number %q", string(l.src[start.Offset:l.off]))
		return
	}
	if isIdentPart(l.peek()) || l.peek() == '.' {
		for isIdentPart(l.peek()) || l.peek() == '.' {
			l.advance()
		}
		l.illegal(start, diag.Literal, "malformed number %q", string(l.src[start.Offset:l.off]))
		return
	}
	l.emit(kind, string(l.src[start.Offset:l.off]), start)
}

// quoted lexes a quoted identifier closed by q, where a doubled q stands for
// one q. String literals are sparkString's (strlit.go).
func (l *lexer) quoted(q rune, kind tokKind, what string) {
	start := l.pos()
	l.advance()
	var b strings.Builder
	for {
		r, size := l.peekAt(0)
		switch {
		case size == 0:
			l.illegal(start, diag.Syntax, "unterminated %s", what)
			return
		case r == utf8.RuneError && size == 1:
			bad := l.pos()
			// Skip to the closing quote so one error is reported.
			for {
				r, size := l.peekAt(0)
				if size == 0 {
					break
				}
				l.advance()
				if r == q {
					if l.peek() != q {
						break
					}
					l.advance()
				}
			}
			l.errs.Add(bad, diag.Literal, "invalid UTF-8 encoding in %s", what)
			l.emit(tIllegal, string(l.src[start.Offset:l.off]), start)
			return
		case r == q:
			l.advance()
			if l.peek() == q {
				l.advance()
				b.WriteRune(q)
				continue
			}
			if kind == tQIdent && b.Len() == 0 {
				l.illegal(start, diag.Syntax, "empty quoted identifier")
				return
			}
			l.emit(kind, b.String(), start)
			return
		default:
			b.WriteRune(r)
			l.advance()
		}
	}
}

// operators lists the punctuation tokens, longest first so that "<=>" wins
// over "<=" and "<". There is deliberately no ">>": nested MAP<..., MAP<...>>
// types close with two ">" tokens.
var operators = []string{
	"<=>",
	"<=", "<>", ">=", "!=", "==", "||",
	"(", ")", ",", ";", ".", "*", "+", "-", "/", "%", "[", "]", "=", "<", ">",
	"&", "|", "^", "~", "!",
}

func (l *lexer) operator() {
	start := l.pos()
	rest := l.src[l.off:]
	for _, op := range operators {
		if len(rest) >= len(op) && string(rest[:len(op)]) == op {
			for range len(op) {
				l.advance()
			}
			l.emit(tOp, op, start)
			return
		}
	}
	r := l.peek()
	l.advance()
	switch r {
	default:
		if unicode.IsPrint(r) {
			l.illegal(start, diag.Syntax, "unexpected character %q", r)
		} else {
			l.illegal(start, diag.Syntax, "unexpected character %U", r)
		}
	}
}
