package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/exprc/exprc/compiler/diag"
)

// tokKind is the lexical class of a token. Keywords are not a separate kind:
// they are tIdent tokens recognised by the parser case-insensitively, so
// non-reserved keywords (DATE, IF, MAP, ...) stay usable as names.
type tokKind int

const (
	tEOF     tokKind = iota
	tIllegal         // a lexical error, already reported by the lexer
	tIdent           // unquoted identifier or keyword; text as written
	tQIdent          // quoted identifier; text is the name without quotes
	tInt             // integer literal; text is the digits
	tFloat           // decimal or exponent literal; text as written
	tString          // string literal; text is the unescaped value
	tOp              // punctuation or operator; text is the operator
)

// token is one lexical token. Its source text is src[pos.Offset:end].
type token struct {
	kind tokKind
	text string
	pos  diag.Pos
	end  int
}

// nameComment is a "-- name: Name" comment that names the next query.
type nameComment struct {
	pos  diag.Pos // the "--"
	name string
	// namePos is the position of the name inside the comment.
	namePos diag.Pos
	// bad is set when the comment is malformed (already reported); the query
	// after it then gets no second "has no name" error.
	bad bool
}

// describe returns how a token is named in "found ..." messages.
func describe(t token, src []byte) string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tString:
		return "string " + shorten(string(src[t.pos.Offset:t.end]))
	case tInt, tFloat:
		return "number " + shorten(string(src[t.pos.Offset:t.end]))
	}
	return fmt.Sprintf("%q", shorten(string(src[t.pos.Offset:t.end])))
}

// shorten truncates long token text (strings can span many lines) so
// messages stay on one readable line.
func shorten(s string) string {
	const max = 30
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + "..."
	}
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		s = string(r[:max]) + "..."
	}
	return s
}
