package parser

import (
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's syntax forms that exprc reads by rewriting them, in the parser, into
// forms it already has. Each rewrite keeps Spark's NULL and error outcome:
//
//	a <=> b, a IS NOT DISTINCT FROM b
//	    CASE WHEN a IS NULL THEN b IS NULL WHEN b IS NULL THEN FALSE ELSE a = b END
//	    (never NULL; an error in a, or in b, is the result, as Spark evaluates both)
//	equal_null(a, b)          a <=> b
//	decode(x, s1, r1, ..., [d])  CASE WHEN x <=> s1 THEN r1 ... ELSE d END, d
//	                          CAST(NULL AS VARCHAR) when left out (Spark's Decode)
//	a << n, a >> n, a >>> n   shiftleft(a, n), shiftright(a, n), shiftrightunsigned(a, n)
//	a IS DISTINCT FROM b      NOT (a <=> b)
//	x IS TRUE                 CASE WHEN x THEN TRUE ELSE FALSE END
//	x IS FALSE                CASE WHEN NOT x THEN TRUE ELSE FALSE END
//	x IS UNKNOWN              CASE WHEN x THEN FALSE WHEN NOT x THEN FALSE ELSE TRUE END
//	x IS NOT TRUE|FALSE|UNKNOWN  the negation of the above (never NULL)
//	x ILIKE p [ESCAPE e]      lower(x) LIKE lower(p) [ESCAPE e]
//	x LIKE ANY|SOME (p, ...)  x LIKE p OR ... (TRUE when one matches, else NULL when
//	                          x or a pattern is NULL, else FALSE); ALL: AND
//	x NOT LIKE ANY (p, ...)   x NOT LIKE p OR ...; NOT LIKE ALL: AND
//
// The rewritten forms are what explain and error messages show.

func boolLit(pos diag.Pos, v bool) *ast.Literal {
	s := "FALSE"
	if v {
		s = "TRUE"
	}
	return &ast.Literal{Pos: pos, Kind: ast.LitBool, Raw: s, Value: s}
}

func isNull(x ast.Expr, pos diag.Pos) ast.Expr {
	return &ast.IsNull{Pos: x.Position(), OpPos: pos, X: x}
}

func not(x ast.Expr, pos diag.Pos) ast.Expr { return &ast.Unary{Pos: pos, Op: "NOT", X: x} }

// nullSafeEq is a <=> b.
func nullSafeEq(a, b ast.Expr, pos diag.Pos) ast.Expr {
	eq := &ast.Binary{Pos: a.Position(), OpPos: pos, Op: "=", RawOp: "<=>", L: a, R: b}
	return &ast.Case{Pos: a.Position(), Whens: []*ast.When{
		{Pos: pos, Cond: isNull(a, pos), Result: isNull(b, pos)},
		{Pos: pos, Cond: isNull(b, pos), Result: boolLit(pos, false)},
	}, Else: eq}
}

// isTruth is x IS [NOT] TRUE|FALSE|UNKNOWN (word upper-cased).
func isTruth(x ast.Expr, word string, negate bool, pos diag.Pos) ast.Expr {
	var c *ast.Case
	switch word {
	case "TRUE":
		c = &ast.Case{Pos: x.Position(), Whens: []*ast.When{{Pos: pos, Cond: x, Result: boolLit(pos, !negate)}}, Else: boolLit(pos, negate)}
	case "FALSE":
		c = &ast.Case{Pos: x.Position(), Whens: []*ast.When{{Pos: pos, Cond: not(x, pos), Result: boolLit(pos, !negate)}}, Else: boolLit(pos, negate)}
	default: // UNKNOWN
		c = &ast.Case{Pos: x.Position(), Whens: []*ast.When{
			{Pos: pos, Cond: x, Result: boolLit(pos, negate)},
			{Pos: pos, Cond: not(x, pos), Result: boolLit(pos, negate)},
		}, Else: boolLit(pos, !negate)}
	}
	return c
}

// lower is lower(x).
func lower(x ast.Expr) ast.Expr {
	return &ast.Call{Pos: x.Position(), Name: ast.Ident{Pos: x.Position(), Name: "lower"}, Args: []ast.Expr{x}}
}

// likeList is x [NOT] LIKE|ILIKE ANY|ALL (patterns): one LIKE per pattern,
// joined by OR (ANY) or AND (ALL).
func likeList(x ast.Expr, patterns []ast.Expr, all, negated, ilike bool, pos diag.Pos) ast.Expr {
	var res ast.Expr
	for _, pat := range patterns {
		l := &ast.Like{Pos: x.Position(), OpPos: pos, X: x, Pattern: pat, Not: negated}
		if ilike {
			l.X, l.Pattern = lower(x), lower(pat)
		}
		if res == nil {
			res = l
			continue
		}
		op := "OR"
		if all {
			op = "AND"
		}
		res = &ast.Binary{Pos: x.Position(), OpPos: pos, Op: op, L: res, R: l}
	}
	return res
}

// parseKeywordArgs parses the SQL-standard argument forms Spark accepts for
// four functions, after the "(", into call's name and arguments, and reports
// whether it did (the ")" is then the caller's):
//
//	TRIM([BOTH|LEADING|TRAILING] [chars] FROM s)  trim|ltrim|rtrim([chars,] s)
//	TRIM(chars FROM s)                             trim(chars, s)
//	SUBSTRING(s FROM pos [FOR len]), also SUBSTR    substring(s, pos[, len])
//	POSITION(sub IN s)                             position(sub, s)
//	OVERLAY(s PLACING r FROM pos [FOR len])         overlay(s, r, pos[, len])
//	EXTRACT(field FROM d)                          extract('field', d)
//	TIMESTAMPADD(unit, n, ts), DATEADD, DATE_ADD    timestampadd('UNIT', n, ts)
//	TIMESTAMPDIFF(unit, s, e), DATEDIFF, DATE_DIFF  timestampdiff('UNIT', s, e)
//
// Anything else is left to the ordinary argument list.
func (p *parser) parseKeywordArgs(call *ast.Call) bool {
	if !call.Name.Quoted {
		if canon, ok := unitFunctions[strings.ToLower(call.Name.Name)]; ok {
			return p.parseUnitArgs(call, canon)
		}
	}
	switch strings.ToLower(call.Name.Name) {
	case "trim":
		side := ""
		if p.isKw("BOTH") || p.isKw("LEADING") || p.isKw("TRAILING") {
			side = strings.ToUpper(p.tok.text)
			p.next()
		}
		var chars ast.Expr
		if !p.isKw("FROM") {
			if side == "" && !p.startsTrimChars() {
				return false
			}
			chars = p.parseBitOr()
		}
		if !p.isKw("FROM") {
			p.failExpected("FROM in TRIM")
		}
		p.next()
		src := p.parseExpr()
		switch side {
		case "LEADING":
			call.Name.Name = "ltrim"
		case "TRAILING":
			call.Name.Name = "rtrim"
		default:
			call.Name.Name = "trim"
		}
		call.Args = []ast.Expr{src}
		if chars != nil {
			call.Args = []ast.Expr{chars, src}
		}
		return true
	case "substring", "substr":
		if p.isOp(")") {
			return false
		}
		start := p.save()
		s := p.parseBitOr()
		if !p.isKw("FROM") {
			p.restore(start)
			return false
		}
		p.next()
		call.Args = []ast.Expr{s, p.parseBitOr()}
		if p.isKw("FOR") {
			p.next()
			call.Args = append(call.Args, p.parseBitOr())
		}
		return true
	case "overlay":
		if p.isOp(")") {
			return false
		}
		start := p.save()
		s := p.parseBitOr()
		if !p.isKw("PLACING") {
			p.restore(start)
			return false
		}
		p.next()
		repl := p.parseBitOr()
		if !p.isKw("FROM") {
			p.failExpected("FROM in OVERLAY")
		}
		p.next()
		call.Args = []ast.Expr{s, repl, p.parseBitOr()}
		if p.isKw("FOR") {
			p.next()
			call.Args = append(call.Args, p.parseBitOr())
		}
		return true
	case "extract":
		// Spark's EXTRACT(field FROM source): the field is an identifier,
		// kept as a string literal for the binder (which also binds
		// date_part('field', source)); ast.Format prints it back.
		if p.tok.kind != tIdent || !isKw(p.peek(1), "FROM") {
			return false
		}
		field := &ast.Literal{Pos: p.tok.pos, Kind: ast.LitString, Raw: p.tok.text, Value: p.tok.text}
		p.next()
		p.next()
		call.Args = []ast.Expr{field, p.parseExpr()}
		return true
	case "position":
		if p.isOp(")") {
			return false
		}
		start := p.save()
		sub := p.parseBitOr()
		if !p.isKw("IN") {
			p.restore(start)
			return false
		}
		p.next()
		call.Args = []ast.Expr{sub, p.parseBitOr()}
		return true
	}
	return false
}

// mark is a parser position to come back to (the tokens are all lexed
// already, so backing up is cheap).
type mark struct{ i, prevEnd, errs int }

func (p *parser) save() mark { return mark{p.i, p.prevEnd, len(p.errs)} }

func (p *parser) restore(m mark) {
	p.i, p.prevEnd, p.errs = m.i, m.prevEnd, p.errs[:m.errs]
	p.tok = p.toks[p.i]
}

// startsTrimChars reports whether TRIM( is followed by "chars FROM": an
// expression, then FROM, before the closing parenthesis.
func (p *parser) startsTrimChars() bool {
	m := p.save()
	defer p.restore(m)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	p.parseBitOr()
	return p.isKw("FROM")
}

// decode is Spark's decode(x, search1, result1, ..., [default]): the first
// result whose search value is x, NULLs matching (Spark rewrites it into
// CaseWhen over EqualNullSafe), else default, which is a VARCHAR NULL when
// left out, as in Spark (so decode(x, 1, 10) is a BIGINT, by the string
// promotion of CASE results). decode(bin, charset), two arguments, is left a
// call of the registry's decode, which decodes BINARY.
func (p *parser) decode(call *ast.Call) ast.Expr {
	args, pos := call.Args, call.Name.Pos
	switch len(args) {
	case 0, 1:
		p.fail(pos, diag.Type, "decode needs at least 3 arguments (expr, search, result, ...), not %d", len(args))
		return call
	case 2:
		return call // decode(bin, charset): the registry's function
	}
	x := args[0]
	c := &ast.Case{Pos: pos}
	rest := args[1:]
	for len(rest) >= 2 {
		c.Whens = append(c.Whens, &ast.When{Pos: rest[0].Position(), Cond: nullSafeEq(x, rest[0], rest[0].Position()), Result: rest[1]})
		rest = rest[2:]
	}
	if len(rest) == 1 {
		c.Else = rest[0]
	} else {
		null := &ast.Literal{Pos: pos, Kind: ast.LitNull, Raw: "NULL", Value: "NULL"}
		c.Else = &ast.Cast{Pos: pos, X: null, Type: &ast.TypeName{Pos: pos, Name: ast.TypeVarchar}}
	}
	return c
}

// unitFunctions are the names Spark's grammar gives a datetime unit keyword
// as first argument, with the function each stands for.
var unitFunctions = map[string]string{
	"timestampadd": "timestampadd", "dateadd": "timestampadd", "date_add": "timestampadd",
	"timestampdiff": "timestampdiff", "datediff": "timestampdiff", "date_diff": "timestampdiff",
}

// parseUnitArgs parses Spark's TIMESTAMPADD(unit, n, ts) and
// TIMESTAMPDIFF(unit, start, end) forms (and their other spellings) into
// canon('UNIT', x, y), the unit upper-case, and reports whether it did.
// The unit is one of Spark's datetimeUnit keywords; a string literal in its
// place (with three arguments) is Spark's parse error
// INVALID_PARAMETER_VALUE.DATETIME_UNIT. Anything else (date_add(d, n),
// datediff(e, s)) is left to the ordinary argument list.
func (p *parser) parseUnitArgs(call *ast.Call, canon string) bool {
	unit := p.tok
	if p.peek(1).kind != tOp || p.peek(1).text != "," || !p.threeArgs() {
		return false
	}
	switch {
	case unit.kind == tIdent && ast.DatetimeUnits[strings.ToUpper(unit.text)]:
		p.next()
		p.next()
		x := p.parseExpr()
		p.expectOp(",")
		y := p.parseExpr()
		call.Name.Name = canon
		call.Args = []ast.Expr{&ast.Literal{Pos: unit.pos, Kind: ast.LitString, Raw: strings.ToUpper(unit.text), Value: strings.ToUpper(unit.text)}, x, y}
		return true
	case unit.kind == tString:
		p.fail(unit.pos, diag.Syntax, "[INVALID_PARAMETER_VALUE.DATETIME_UNIT] %s",
			rt.InvalidDatetimeUnitMessage(call.Name.Name, ast.QuoteString(unit.text)))
	}
	return false
}

// threeArgs reports whether the argument list at the current token (after
// the "(") is exactly three expressions, as Spark's unit forms need: a
// column named day in date_add(day, 1) is an ordinary argument.
func (p *parser) threeArgs() bool {
	m := p.save()
	defer p.restore(m)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	for i := 0; i < 3; i++ {
		p.parseExpr()
		if i < 2 {
			if !p.isOp(",") {
				return false
			}
			p.next()
		}
	}
	return p.isOp(")")
}
