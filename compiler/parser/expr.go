package parser

import (
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
)

// Expression precedence, lowest to highest:
//
//	OR
//	AND
//	NOT, ! (prefix)
//	= <> != == < <= > >=, IS [NOT] NULL, [NOT] BETWEEN, [NOT] IN, [NOT] LIKE/RLIKE/REGEXP
//	| (bitwise OR)
//	^ (bitwise XOR)
//	& (bitwise AND)
//	<< >> >>> (shifts)
//	+ - ||
//	* / DIV %
//	unary - + ~
//	postfix [index]
//	primary
//
// Binary operators are left-associative; the bitwise operators sit between
// the comparisons and + - ||, as in Spark's grammar. The operands of comparisons
// and the bounds of BETWEEN are parsed at the "|" level, so the AND of
// "x BETWEEN a AND b" is never taken for a logical AND.

func (p *parser) parseExpr() ast.Expr {
	p.enter()
	defer p.leave()
	return p.parseOr()
}

func (p *parser) parseOr() ast.Expr {
	x := p.parseAnd()
	for p.isKw("OR") {
		op := p.tok
		p.next()
		x = binary(op, "OR", x, p.parseAnd())
	}
	return x
}

func (p *parser) parseAnd() ast.Expr {
	x := p.parseNot()
	for p.isKw("AND") {
		op := p.tok
		p.next()
		x = binary(op, "AND", x, p.parseNot())
	}
	return x
}

func (p *parser) parseNot() ast.Expr {
	if !p.isKw("NOT") && !p.isOp("!") { // ! is NOT, as in Spark's grammar
		return p.parsePredicate()
	}
	op := p.tok
	p.next()
	p.enter()
	defer p.leave()
	x := p.parseNot()
	// NOT EXISTS (...) is its own node, so the binder sees one form.
	if ex, ok := x.(*ast.Exists); ok && !ex.Not {
		ex.Not = true
		ex.Pos = op.pos
		return ex
	}
	return &ast.Unary{Pos: op.pos, Op: "NOT", X: x}
}

func binary(op token, canon string, l, r ast.Expr) *ast.Binary {
	return &ast.Binary{Pos: l.Position(), OpPos: op.pos, Op: canon, RawOp: op.text, L: l, R: r}
}

// comparisons maps comparison operator tokens to their canonical form.
var comparisons = map[string]string{
	"=": "=", "==": "=", "<>": "<>", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
}

func (p *parser) parsePredicate() ast.Expr {
	x := p.parseBitOr()
	for {
		op := p.tok
		if op.kind == tOp {
			if op.text == "<=>" {
				p.next()
				x = nullSafeEq(x, p.parseBitOr(), op.pos)
				continue
			}
			canon, ok := comparisons[op.text]
			if !ok {
				return x
			}
			p.next()
			if q := p.parseQuantifier(x, op, canon); q != nil {
				x = q
				continue
			}
			x = binary(op, canon, x, p.parseBitOr())
			continue
		}
		if op.kind != tIdent {
			return x
		}
		not := false
		if p.isKw("NOT") {
			next := p.peek(1)
			if !isKw(next, "BETWEEN") && !isKw(next, "IN") && !isKw(next, "LIKE") &&
				!isKw(next, "RLIKE") && !isKw(next, "REGEXP") && !isKw(next, "ILIKE") {
				p.next()
				p.failExpected("BETWEEN, IN, LIKE or RLIKE after NOT")
			}
			not = true
			p.next()
		}
		switch kw := strings.ToUpper(p.tok.text); kw {
		case "IS":
			x = p.parseIs(x)
		case "BETWEEN":
			p.next()
			lo := p.parseBitOr()
			if !p.isKw("AND") {
				p.failExpected("AND in BETWEEN")
			}
			p.next()
			hi := p.parseBitOr()
			x = &ast.Between{Pos: x.Position(), OpPos: op.pos, X: x, Lo: lo, Hi: hi, Not: not}
		case "IN":
			x = p.parseIn(x, op.pos, not)
		case "LIKE", "RLIKE", "REGEXP", "ILIKE":
			p.next()
			if (kw == "LIKE" || kw == "ILIKE") && (p.isKw("ANY") || p.isKw("SOME") || p.isKw("ALL")) &&
				p.peek(1).kind == tOp && p.peek(1).text == "(" {
				all := p.isKw("ALL")
				p.next()
				p.next()
				var pats []ast.Expr
				for {
					pats = append(pats, p.parseExpr())
					if !p.isOp(",") {
						break
					}
					p.next()
				}
				p.expectOp(")")
				x = likeList(x, pats, all, not, kw == "ILIKE", op.pos)
				continue
			}
			like := &ast.Like{Pos: x.Position(), OpPos: op.pos, X: x, Not: not, Regex: kw != "LIKE" && kw != "ILIKE"}
			like.Pattern = p.parseBitOr()
			if kw == "ILIKE" {
				like.X, like.Pattern = lower(like.X), lower(like.Pattern)
			}
			if p.isKw("ESCAPE") {
				if like.Regex {
					p.fail(p.tok.pos, diag.Syntax, "ESCAPE is only allowed with LIKE, not %s", kw)
				}
				p.next()
				like.Escape = p.parseBitOr()
			}
			x = like
		default:
			return x
		}
	}
}

// parseIs parses IS [NOT] NULL, IS [NOT] TRUE|FALSE|UNKNOWN and IS [NOT]
// DISTINCT FROM y after x (the last two rewritten, sugar.go).
func (p *parser) parseIs(x ast.Expr) ast.Expr {
	is := p.tok
	p.next()
	not := false
	if p.isKw("NOT") {
		not = true
		p.next()
	}
	switch {
	case p.isKw("NULL"):
		p.next()
		return &ast.IsNull{Pos: x.Position(), OpPos: is.pos, X: x, Not: not}
	case p.isKw("TRUE"), p.isKw("FALSE"), p.isKw("UNKNOWN"):
		word := strings.ToUpper(p.tok.text)
		p.next()
		return isTruth(x, word, not, is.pos)
	case p.isKw("DISTINCT"):
		p.next()
		if !p.isKw("FROM") {
			p.failExpected("FROM after IS [NOT] DISTINCT")
		}
		p.next()
		eq := nullSafeEq(x, p.parseBitOr(), is.pos)
		if not {
			return eq
		}
		return &ast.Unary{Pos: is.pos, Op: "NOT", X: eq}
	}
	p.failExpected("NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM after IS")
	return nil
}

// parseIn parses IN (list) or IN (SELECT ...) after x; the IN keyword is the
// current token.
func (p *parser) parseIn(x ast.Expr, opPos diag.Pos, not bool) ast.Expr {
	p.next()
	if !p.isOp("(") {
		p.failExpected(`"(" after IN`)
	}
	p.next()
	if p.isKw("SELECT") {
		sub := p.parseSelect(true)
		p.checkOneColumn(sub, "IN subquery")
		p.expectOp(")")
		return &ast.InSubquery{Pos: x.Position(), OpPos: opPos, X: x, Sub: sub, Not: not}
	}
	in := &ast.InList{Pos: x.Position(), OpPos: opPos, X: x, Not: not, List: []ast.Expr{}}
	if p.isOp(")") {
		p.next()
		return in
	}
	for {
		in.List = append(in.List, p.parseExpr())
		if !p.isOp(",") {
			break
		}
		p.next()
	}
	if !p.isOp(")") {
		p.failExpected(`"," or ")" in IN list`)
	}
	p.next()
	return in
}

// parseQuantifier parses "ANY|SOME|ALL (SELECT ...)" after the comparison op
// of x, or returns nil when the comparison is an ordinary one.
func (p *parser) parseQuantifier(x ast.Expr, op token, canon string) ast.Expr {
	if !(p.isKw("ANY") || p.isKw("SOME") || p.isKw("ALL")) || !(p.peek(1).kind == tOp && p.peek(1).text == "(") {
		return nil
	}
	all := p.isKw("ALL")
	word := strings.ToUpper(p.tok.text)
	p.next()
	p.next()
	if !p.isKw("SELECT") {
		p.fail(p.tok.pos, diag.Unsupported, "%s needs a subquery: %s (SELECT ...); for a list of values use IN (...)", word, word)
	}
	sub := p.parseSelect(true)
	p.checkOneColumn(sub, word+" subquery")
	p.expectOp(")")
	return &ast.Quantified{Pos: x.Position(), OpPos: op.pos, Op: canon, All: all, X: x, Sub: sub}
}

// checkOneColumn reports a scalar or IN subquery that selects more than one
// column ("*" counts as one here; the binder checks it after expansion).
func (p *parser) checkOneColumn(sub *ast.Select, what string) {
	if len(sub.Items) > 1 {
		p.errs.Add(sub.Items[1].Pos, diag.Syntax, "%s must select exactly one column, found %d", what, len(sub.Items))
	}
}

// parseBitOr, parseBitXor and parseBitAnd parse | ^ & (lowest first).
func (p *parser) parseBitOr() ast.Expr {
	x := p.parseBitXor()
	for p.isOp("|") {
		op := p.tok
		p.next()
		x = binary(op, "|", x, p.parseBitXor())
	}
	return x
}

func (p *parser) parseBitXor() ast.Expr {
	x := p.parseBitAnd()
	for p.isOp("^") {
		op := p.tok
		p.next()
		x = binary(op, "^", x, p.parseBitAnd())
	}
	return x
}

func (p *parser) parseBitAnd() ast.Expr {
	x := p.parseShift()
	for p.isOp("&") {
		op := p.tok
		p.next()
		x = binary(op, "&", x, p.parseShift())
	}
	return x
}

// shiftFuncs are the functions of Spark 4's shift operators.
var shiftFuncs = map[string]string{"<<": "shiftleft", ">>": "shiftright", ">>>": "shiftrightunsigned"}

// parseShift parses a << n, a >> n and a >>> n, at Spark's precedence (looser
// than + - ||, tighter than &), as calls of shiftleft, shiftright and
// shiftrightunsigned. The lexer has no such tokens (a nested MAP type closes
// with ">>"): the operator is two or three "<" or ">" tokens with nothing
// between them.
func (p *parser) parseShift() ast.Expr {
	x := p.parseAdditive()
	for {
		op, n := p.shiftOp()
		if n == 0 {
			return x
		}
		start := p.tok
		for range n {
			p.next()
		}
		y := p.parseAdditive()
		x = &ast.Call{Pos: x.Position(), Name: ast.Ident{Pos: start.pos, Name: shiftFuncs[op]}, Args: []ast.Expr{x, y}}
	}
}

// shiftOp returns the shift operator at the current token and how many
// tokens it spans, or 0.
func (p *parser) shiftOp() (string, int) {
	if !p.isOp("<") && !p.isOp(">") {
		return "", 0
	}
	c := p.tok.text
	op, n := c, 1
	for n < 3 {
		t := p.peek(n)
		prev := p.peek(n - 1)
		if t.kind != tOp || t.text != c || t.pos.Offset != prev.end {
			break
		}
		op += c
		n++
	}
	if _, ok := shiftFuncs[op]; !ok {
		return "", 0
	}
	return op, n
}

// parseAdditive parses + - and ||, which Spark's grammar puts at one level,
// left-associative: 'a' || 1 + 1 is ('a' || 1) + 1.
func (p *parser) parseAdditive() ast.Expr {
	x := p.parseMultiplicative()
	for p.isOp("+") || p.isOp("-") || p.isOp("||") {
		op := p.tok
		p.next()
		x = binary(op, op.text, x, p.parseMultiplicative())
	}
	return x
}

func (p *parser) parseMultiplicative() ast.Expr {
	x := p.parseUnary()
	for {
		op := p.tok
		var canon string
		switch {
		case p.isOp("*"), p.isOp("/"), p.isOp("%"):
			canon = op.text
		case p.isKw("DIV"):
			canon = "DIV"
		default:
			return x
		}
		p.next()
		x = binary(op, canon, x, p.parseUnary())
	}
}

func (p *parser) parseUnary() ast.Expr {
	if p.isOp("-") || p.isOp("+") || p.isOp("~") {
		op := p.tok
		p.next()
		p.enter()
		defer p.leave()
		return &ast.Unary{Pos: op.pos, Op: op.text, X: p.parseUnary()}
	}
	return p.parsePostfix()
}

func (p *parser) parsePostfix() ast.Expr {
	x := p.parsePrimary()
	for p.isOp("[") {
		lb := p.tok
		p.next()
		idx := p.parseExpr()
		if !p.isOp("]") {
			p.failExpected(`"]"`)
		}
		p.next()
		x = &ast.Subscript{Pos: x.Position(), LBrack: lb.pos, X: x, Index: idx}
	}
	return x
}

func (p *parser) parsePrimary() ast.Expr {
	t := p.tok
	raw := func() string { return string(p.src[t.pos.Offset:t.end]) }
	switch t.kind {
	case tInt:
		p.next()
		return &ast.Literal{Pos: t.pos, Kind: ast.LitInt, Raw: raw(), Value: t.text}
	case tFloat:
		p.next()
		return &ast.Literal{Pos: t.pos, Kind: ast.LitFloat, Raw: raw(), Value: t.text}
	case tString:
		value, end := p.stringLits()
		return &ast.Literal{Pos: t.pos, Kind: ast.LitString, Raw: string(p.src[t.pos.Offset:end]), Value: value}
	case tQIdent:
		return p.parseName()
	case tEOF:
		p.fail(t.pos, diag.Syntax, "unexpected end of input in expression")
	case tOp:
		if t.text == "(" {
			return p.parseParen()
		}
		p.failExpected("expression")
	case tIdent:
		return p.parseWord()
	}
	p.failExpected("expression")
	return nil
}

// stringLits consumes one or more adjacent string literals, which Spark reads
// as one ('a' 'b' is 'ab'), and returns their joined value and the end offset
// of the last.
func (p *parser) stringLits() (string, int) {
	var b strings.Builder
	end := p.tok.end
	for p.tok.kind == tString {
		b.WriteString(p.tok.text)
		end = p.tok.end
		p.next()
	}
	return b.String(), end
}

// parseParen parses "(expr)" or a scalar subquery "(SELECT ...)".
func (p *parser) parseParen() ast.Expr {
	lp := p.tok
	p.next()
	if p.isKw("SELECT") {
		sub := p.parseSelect(true)
		p.checkOneColumn(sub, "scalar subquery")
		p.expectOp(")")
		return &ast.Subquery{Pos: lp.pos, Sub: sub}
	}
	x := p.parseExpr()
	if !p.isOp(")") {
		p.failAt(p.tok, diag.Syntax, `expected ")" to close "(" at %d:%d but found %s`,
			lp.pos.Line, lp.pos.Col, describe(p.tok, p.src))
	}
	p.next()
	return x
}

// parseWord parses a primary expression starting with an unquoted word: a
// keyword form (TRUE, NULL, CASE, CAST, EXISTS, DATE '...'), a call or a
// column reference.
func (p *parser) parseWord() ast.Expr {
	t := p.tok
	next := p.peek(1)
	callNext := next.kind == tOp && next.text == "("
	switch kw := strings.ToUpper(t.text); kw {
	case "TRUE", "FALSE":
		p.next()
		return &ast.Literal{Pos: t.pos, Kind: ast.LitBool, Raw: t.text, Value: kw}
	case "NULL":
		p.next()
		return &ast.Literal{Pos: t.pos, Kind: ast.LitNull, Raw: t.text, Value: "NULL"}
	case "CASE":
		return p.parseCase()
	case "CAST":
		return p.parseCast()
	case "TRY_CAST":
		if callNext {
			c := p.parseCast()
			return &ast.Call{Pos: t.pos, Name: ast.Ident{Pos: t.pos, Name: "TRY"}, Args: []ast.Expr{c}}
		}
	case "EXISTS":
		p.next()
		if !p.isOp("(") {
			p.failExpected(`"(" after EXISTS`)
		}
		p.next()
		if !p.isKw("SELECT") {
			p.failExpected("SELECT after EXISTS (")
		}
		sub := p.parseSelect(true)
		p.expectOp(")")
		return &ast.Exists{Pos: t.pos, Sub: sub}
	case "DATE":
		if next.kind == tString {
			p.next()
			p.next()
			return &ast.Literal{Pos: t.pos, Kind: ast.LitDate,
				Raw: string(p.src[t.pos.Offset:next.end]), Value: next.text}
		}
	case "X":
		if next.kind == tString && next.pos.Offset == t.end {
			// X'0A1b' (no space between, as Spark's BINARY_HEX token): hex
			// digits, an odd count padded with a leading 0
			for i := 0; i < len(next.text); i++ {
				if !isHexDigit(next.text[i]) {
					p.fail(t.pos, diag.Literal, "invalid BINARY literal X'%s': want hex digits (INVALID_TYPED_LITERAL)", next.text)
				}
			}
			p.next()
			p.next()
			return &ast.Literal{Pos: t.pos, Kind: ast.LitBinary,
				Raw: string(p.src[t.pos.Offset:next.end]), Value: next.text}
		}
	case "TIMESTAMP", "TIMESTAMP_LTZ", "TIMESTAMP_NTZ":
		if next.kind == tString {
			p.next()
			p.next()
			kind := ast.LitTimestamp
			if kw == "TIMESTAMP_NTZ" {
				kind = ast.LitTimestampNTZ
			}
			return &ast.Literal{Pos: t.pos, Kind: kind, Raw: string(p.src[t.pos.Offset:next.end]), Value: next.text}
		}
	case "INTERVAL":
		if p.intervalValueAt(1) {
			return p.parseInterval()
		}
	case "LEFT", "RIGHT":
		if callNext {
			p.next()
			return p.parseCall(ast.Ident{Pos: t.pos, Name: t.text})
		}
	}
	if isReserved(t) {
		p.failExpectedOrName("expression", false)
	}
	return p.parseName()
}

// parseName parses a call, a column or a table-qualified column, starting
// at an identifier.
func (p *parser) parseName() ast.Expr {
	id := p.ident("name")
	if p.isOp("(") {
		return p.parseCall(id)
	}
	if !p.isOp(".") {
		return &ast.ColumnRef{Pos: id.Pos, Column: id}
	}
	p.next()
	if p.isOp("*") {
		p.fail(p.tok.pos, diag.Syntax, `"%s.*" is only allowed as a SELECT item`, id.Name)
	}
	col := p.ident(`column name after "."`)
	if p.isOp(".") {
		p.fail(p.tok.pos, diag.Unsupported, "struct field access and three-part names are not supported")
	}
	return &ast.ColumnRef{Pos: id.Pos, Table: &id, Column: col}
}

// parseCall parses the argument list of a call to name; the current token
// is "(".
func (p *parser) parseCall(name ast.Ident) ast.Expr {
	lp := p.expectOp("(")
	call := &ast.Call{Pos: name.Pos, Name: name}
	if p.parseKeywordArgs(call) {
		p.expectOp(")")
		return call
	}
	switch {
	case p.isOp(")"):
	case p.isOp("*") && p.peek(1).kind == tOp && p.peek(1).text == ")":
		call.Star = true
		p.next()
	case p.isKw("DISTINCT"):
		p.fail(p.tok.pos, diag.Unsupported, "DISTINCT in function arguments is not supported")
	default:
		for {
			call.Args = append(call.Args, p.parseExpr())
			if !p.isOp(",") {
				break
			}
			p.next()
		}
	}
	if !p.isOp(")") {
		p.failAt(p.tok, diag.Syntax, `expected "," or ")" to close the arguments of %s (opened at %d:%d) but found %s`,
			name.Name, lp.pos.Line, lp.pos.Col, describe(p.tok, p.src))
	}
	p.next()
	if next := p.peek(1); (p.isKw("OVER") || p.isKw("FILTER")) && next.kind == tOp && next.text == "(" ||
		p.isKw("OVER") && isName(next) {
		p.fail(p.tok.pos, diag.Unsupported, "%s clauses (window and aggregate functions) are not supported",
			strings.ToUpper(p.tok.text))
	}
	switch {
	case strings.EqualFold(name.Name, "equal_null") && len(call.Args) == 2:
		// Spark's EqualNull is a <=> b (another arity is the binder's error).
		return nullSafeEq(call.Args[0], call.Args[1], name.Pos)
	case strings.EqualFold(name.Name, "decode") && !call.Star:
		return p.decode(call)
	}
	return call
}

func (p *parser) parseCase() ast.Expr {
	start := p.tok
	p.next()
	c := &ast.Case{Pos: start.pos}
	if !p.isKw("WHEN") {
		c.Operand = p.parseExpr()
	}
	if !p.isKw("WHEN") {
		p.failExpected("WHEN in CASE")
	}
	for p.isKw("WHEN") {
		w := &ast.When{Pos: p.tok.pos}
		p.next()
		w.Cond = p.parseExpr()
		if !p.isKw("THEN") {
			p.failExpected("THEN")
		}
		p.next()
		w.Result = p.parseExpr()
		c.Whens = append(c.Whens, w)
	}
	if p.isKw("ELSE") {
		p.next()
		c.Else = p.parseExpr()
	}
	if !p.isKw("END") {
		what := "WHEN, ELSE or END"
		if c.Else != nil {
			what = "END"
		}
		p.failAt(p.tok, diag.Syntax, "expected %s to close CASE at %d:%d but found %s",
			what, start.pos.Line, start.pos.Col, describe(p.tok, p.src))
	}
	p.next()
	return c
}

// parseCast parses CAST(x AS type); the current token is CAST or TRY_CAST.
func (p *parser) parseCast() ast.Expr {
	start := p.tok
	p.next()
	if !p.isOp("(") {
		p.failExpected(`"(" after ` + strings.ToUpper(start.text))
	}
	p.next()
	x := p.parseExpr()
	if !p.isKw("AS") {
		p.failExpected("AS in " + strings.ToUpper(start.text))
	}
	p.next()
	typ := p.parseType()
	p.expectOp(")")
	return &ast.Cast{Pos: start.pos, X: x, Type: typ}
}

// intervalUnits are the units of an INTERVAL literal, singular and plural
// (Spark's unitInMultiUnits and unitInUnitToUnit).
var intervalUnits = map[string]bool{}

func init() {
	for _, u := range strings.Fields("YEAR MONTH WEEK DAY HOUR MINUTE SECOND MILLISECOND MICROSECOND NANOSECOND") {
		intervalUnits[u], intervalUnits[u+"S"] = true, true
	}
}

// intervalValueAt reports whether the tokens n ahead start an interval
// value followed by a unit: [+|-] then a number or a string, then a unit
// word.
func (p *parser) intervalValueAt(n int) bool {
	t := p.peek(n)
	if t.kind == tOp && (t.text == "-" || t.text == "+") {
		n++
		t = p.peek(n)
	}
	if t.kind != tInt && t.kind != tFloat && t.kind != tString {
		return false
	}
	u := p.peek(n + 1)
	return u.kind == tIdent && intervalUnits[strings.ToUpper(u.text)]
}

// parseInterval parses an INTERVAL literal: INTERVAL value unit [value unit
// ...] or INTERVAL value unit TO unit, each value a number or a string,
// optionally signed. The current token is INTERVAL.
func (p *parser) parseInterval() ast.Expr {
	start := p.tok
	p.next()
	lit := &ast.IntervalLit{}
	for {
		var part ast.IntervalPart
		if p.isOp("-") || p.isOp("+") {
			part.Neg = p.tok.text == "-"
			p.next()
		}
		part.Pos = p.tok.pos
		part.Value, part.Quoted = p.tok.text, p.tok.kind == tString
		if !part.Quoted {
			part.Value = string(p.src[p.tok.pos.Offset:p.tok.end])
		}
		p.next()
		part.UnitPos = p.tok.pos
		part.Unit = strings.ToUpper(p.tok.text)
		p.next()
		lit.Parts = append(lit.Parts, part)
		if len(lit.Parts) == 1 && p.isKw("TO") {
			p.next()
			lit.ToPos = p.tok.pos
			if p.tok.kind != tIdent || !intervalUnits[strings.ToUpper(p.tok.text)] {
				p.failExpected("an interval unit after TO (MONTH, HOUR, MINUTE or SECOND)")
			}
			lit.To = strings.ToUpper(p.tok.text)
			p.next()
			break
		}
		if !p.intervalValueAt(0) {
			break
		}
	}
	raw := string(p.src[start.pos.Offset:p.prevEnd])
	return &ast.Literal{Pos: start.pos, Kind: ast.LitInterval, Raw: raw, Value: raw, Interval: lit}
}

// isHexDigit reports whether c is a hex digit of a BINARY literal.
func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
