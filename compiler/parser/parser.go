// Package parser turns a spec file (CREATE TABLE schemas and named SELECT
// queries) into an ast.File.
//
// The parser is hand-written recursive descent. It reports every error with
// an exact position and a message saying what was expected and what was
// found (and, for a reserved word where a name fits, how to quote it); after
// an error it skips to the next ";" and goes on, so one run reports the
// mistakes of several statements, at most one each (docs/errors.md). It never
// panics, whatever the input.
//
// Choices worth knowing:
//   - "||" binds like "+" and "-", left-associative (Spark's grammar, not
//     PostgreSQL's): 'a' || 1 + 1 is ('a' || 1) + 1.
//   - Unary minus is kept as an ast.Unary even before a number; the binder
//     folds -<integer literal> (needed for the smallest BIGINT).
//   - Unknown type names are rejected here (class Name; known but unsupported
//     SQL types such as TIMESTAMP get class Unsupported), so the binder only
//     sees the canonical names listed in package ast.
//   - DATE '...' literals are not validated here; the binder does it.
//   - Backslashes in string literals are ordinary characters; a quote is
//     escaped by doubling it.
package parser

import (
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
)

// maxDepth bounds expression and type nesting so that hostile input cannot
// exhaust the stack.
const maxDepth = 1000

// ParseFile parses a spec file. name is used in positions. The returned file
// holds every statement that parsed, and the names of the CREATE TABLEs that
// did not (FailedTables); it is complete only when the error list is empty.
// The errors are sorted by position, at most one per statement.
func ParseFile(name string, src []byte) (*ast.File, diag.List) {
	p := newParser(name, src)
	f := &ast.File{Name: name}
	for p.tok.kind != tEOF {
		p.statement(f)
	}
	p.unusedNames(len(src) + 1)
	p.errs.Sort()
	return f, firstPerStatement(p.errs, p.spans)
}

// firstPerStatement keeps, of the sorted errs, only the first within each
// statement's span (docs/errors.md: at most one error per statement). The
// parser abandons a statement at its first syntax error, but the lexer reports
// every bad token of the file beforehand, and a missing "-- name:" comment is
// reported before the query is parsed.
func firstPerStatement(errs diag.List, spans []span) diag.List {
	out := errs[:0]
	s := 0
	last := -1 // index in spans of the last statement that kept an error
	for _, e := range errs {
		off := e.Pos.Offset
		for s < len(spans) && spans[s].end <= off {
			s++
		}
		if s < len(spans) && spans[s].start <= off {
			if last == s {
				continue
			}
			last = s
		}
		out = append(out, e)
	}
	return out
}

// ParseExpr parses a single expression (for tests and tools). The whole
// input must be one expression.
func ParseExpr(name string, src []byte) (e ast.Expr, errs diag.List) {
	p := newParser(name, src)
	func() {
		defer p.recoverBail()
		e = p.parseExpr()
		if p.tok.kind != tEOF {
			p.failExpected("end of expression")
		}
	}()
	p.errs.Sort()
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return e, nil
}

type parser struct {
	file    string
	src     []byte
	toks    []token
	i       int
	tok     token // toks[i]
	prevEnd int   // end offset of the last consumed token
	depth   int
	errs    diag.List

	names    []nameComment
	nextName int // names[:nextName] are used up

	// tableName is the name of the CREATE TABLE being parsed, once read.
	tableName *ast.Ident
	// zone is the session time zone the last SET TIME ZONE set ("" for
	// none yet: UTC).
	zone string
	// zoneInterval is the literal of the last SET TIME ZONE when it was
	// SET TIME ZONE INTERVAL ... (zone is then "").
	zoneInterval *ast.Literal
	// spans are the byte ranges of the statements parsed, for firstPerStatement.
	spans []span
}

// span is the byte range [start, end) of one statement.
type span struct{ start, end int }

func newParser(name string, src []byte) *parser {
	p := &parser{file: name, src: src}
	p.toks, p.names = lex(name, src, &p.errs)
	p.tok = p.toks[0]
	return p
}

// bailout is panicked to abandon the current statement after an error has
// been recorded; statement recovers it. No other panic is expected.
type bailout struct{}

func (p *parser) recoverBail() {
	if r := recover(); r != nil {
		if _, ok := r.(bailout); !ok {
			panic(r)
		}
	}
}

func (p *parser) next() {
	p.prevEnd = p.tok.end
	if p.i < len(p.toks)-1 {
		p.i++
	}
	p.tok = p.toks[p.i]
}

// peek returns the token n positions ahead of the current one.
func (p *parser) peek(n int) token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

// fail records an error at pos and abandons the statement.
func (p *parser) fail(pos diag.Pos, class diag.Class, format string, args ...any) {
	p.errs.Add(pos, class, format, args...)
	panic(bailout{})
}

// failAt is fail at a token, except that an illegal token was already
// reported by the lexer and gets no second message.
func (p *parser) failAt(t token, class diag.Class, format string, args ...any) {
	if t.kind == tIllegal {
		panic(bailout{})
	}
	p.fail(t.pos, class, format, args...)
}

// failExpected reports "expected WHAT but found TOKEN" at the current token.
func (p *parser) failExpected(what string) {
	p.failAt(p.tok, diag.Syntax, "expected %s but found %s", what, describe(p.tok, p.src))
}

// failExpectedOrName is failExpected where a name would also have fit: a
// reserved word that reads as one (looksLikeName) gets the backquote hint.
func (p *parser) failExpectedOrName(what string, aliasNext bool) {
	hint := ""
	if looksLikeName(p.tok, p.peek(1), aliasNext) {
		hint = reservedHint(p.tok)
	}
	p.failAt(p.tok, diag.Syntax, "expected %s but found %s%s", what, describe(p.tok, p.src), hint)
}

func (p *parser) isOp(op string) bool { return p.tok.kind == tOp && p.tok.text == op }

// isKw reports whether t is the (case-insensitive) keyword kw.
func isKw(t token, kw string) bool { return t.kind == tIdent && strings.EqualFold(t.text, kw) }

func (p *parser) isKw(kw string) bool { return isKw(p.tok, kw) }

func (p *parser) expectOp(op string) token {
	t := p.tok
	if !p.isOp(op) {
		p.failExpected(`"` + op + `"`)
	}
	p.next()
	return t
}

func (p *parser) expectKw(kw string) token {
	t := p.tok
	if !p.isKw(kw) {
		p.failExpected(kw)
	}
	p.next()
	return t
}

// enter guards recursion depth; call leave when done.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failAt(p.tok, diag.Syntax, "expression nested too deeply (more than %d levels)", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// ident consumes an identifier, or fails saying what was expected (with
// the backquote hint when a reserved word stands there: only a name fits).
func (p *parser) ident(what string) ast.Ident {
	if !isName(p.tok) {
		p.failAt(p.tok, diag.Syntax, "expected %s but found %s%s", what, describe(p.tok, p.src), reservedHint(p.tok))
	}
	id := ast.Ident{Pos: p.tok.pos, Name: p.tok.text, Quoted: p.tok.kind == tQIdent}
	p.next()
	return id
}

// text returns the source from offset start to the end of the last consumed
// token.
func (p *parser) text(start int) string {
	if p.prevEnd < start {
		return ""
	}
	return string(p.src[start:p.prevEnd])
}
