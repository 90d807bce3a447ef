package parser

import (
	"strings"

	"github.com/exprc/exprc/templates/rt"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
)

// unsupportedStmts are statement keywords that are valid SQL but have no
// place in a spec; they get an Unsupported error rather than a syntax error.
var unsupportedStmts = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`INSERT UPDATE DELETE DROP ALTER WITH MERGE EXPLAIN SET USE
		VALUES TRUNCATE GRANT REVOKE SHOW DESCRIBE DESC CALL BEGIN COMMIT ROLLBACK REPLACE
		UPSERT COPY ANALYZE CACHE UNCACHE REFRESH LOAD TABLE`) {
		unsupportedStmts[w] = true
	}
}

// statement parses one statement and its terminating ";" (optional at end of
// input). After an error it skips past the next ";".
func (p *parser) statement(f *ast.File) {
	if p.isOp(";") {
		p.next()
		return
	}
	start := p.tok
	name, hasName := p.takeName(start.pos.Offset)
	p.tableName = nil
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			for p.tok.kind != tEOF && !p.isOp(";") {
				p.next()
			}
			p.next()
			if p.tableName != nil {
				f.FailedTables = append(f.FailedTables, *p.tableName)
			}
		}
		p.depth = 0
		p.skipNamesBefore(p.prevEnd)
		p.spans = append(p.spans, span{start.pos.Offset, max(p.prevEnd, start.pos.Offset+1)})
	}()

	switch {
	case p.isKw("SELECT"):
		if !hasName {
			p.errs.Add(start.pos, diag.Syntax, `query has no "-- name:" comment before it`)
		}
		sel := p.parseSelect(false)
		q := &ast.Query{Pos: start.pos, Select: sel, Text: p.text(start.pos.Offset), Zone: p.zone, ZoneInterval: p.zoneInterval}
		p.endStatement()
		if hasName && !name.bad {
			q.Name = ast.Ident{Pos: name.namePos, Name: name.name}
			f.Queries = append(f.Queries, q)
		}
	case p.isKw("SET") && isKw(p.peek(1), "TIME"):
		p.nameNotFollowedByQuery(name, hasName)
		p.parseSetTimeZone()
		p.endStatement()
		if p.zoneInterval != nil {
			f.ZoneIntervals = append(f.ZoneIntervals, p.zoneInterval)
		}
	case p.isKw("CREATE"):
		p.nameNotFollowedByQuery(name, hasName)
		t := p.parseCreateTable()
		p.endStatement()
		f.Tables = append(f.Tables, t)
	default:
		if p.tok.kind != tIllegal {
			p.nameNotFollowedByQuery(name, hasName)
		}
		if p.tok.kind == tIdent && unsupportedStmts[strings.ToUpper(p.tok.text)] {
			p.fail(p.tok.pos, diag.Unsupported,
				"%s statements are not supported: a spec holds only CREATE TABLE, SET TIME ZONE and SELECT statements",
				strings.ToUpper(p.tok.text))
		}
		p.failExpected("CREATE TABLE or SELECT")
	}
}

// endStatement requires the ";" that ends a statement, or end of input.
func (p *parser) endStatement() {
	if p.tok.kind == tEOF || p.isOp(";") {
		p.next()
		return
	}
	if p.isKw("SELECT") || p.isKw("CREATE") {
		p.failAt(p.tok, diag.Syntax, `expected ";" but found %s (is the previous statement missing its ";"?)`,
			describe(p.tok, p.src))
	}
	p.failExpected(`";"`)
}

// takeName returns the name comment for a statement starting at offset
// off: the last "-- name:" comment since the previous statement. Earlier
// ones in the same gap name no query and are reported.
func (p *parser) takeName(off int) (nameComment, bool) {
	var found []nameComment
	for p.nextName < len(p.names) && p.names[p.nextName].pos.Offset < off {
		found = append(found, p.names[p.nextName])
		p.nextName++
	}
	if len(found) == 0 {
		return nameComment{}, false
	}
	for _, n := range found[:len(found)-1] {
		p.nameNotFollowedByQuery(n, true)
	}
	return found[len(found)-1], true
}

func (p *parser) nameNotFollowedByQuery(n nameComment, ok bool) {
	if !ok || n.bad {
		return
	}
	p.errs.Add(n.pos, diag.Syntax, `"-- name: %s" is not followed by a SELECT query`, n.name)
}

// skipNamesBefore drops name comments inside a statement just parsed
// (offset < off): they do not name anything and the statement has already
// been judged.
func (p *parser) skipNamesBefore(off int) {
	for p.nextName < len(p.names) && p.names[p.nextName].pos.Offset < off {
		p.nextName++
	}
}

// unusedNames reports name comments left at the end of the file.
func (p *parser) unusedNames(off int) {
	for p.nextName < len(p.names) && p.names[p.nextName].pos.Offset < off {
		p.nameNotFollowedByQuery(p.names[p.nextName], true)
		p.nextName++
	}
}

// unsupportedClauses maps keywords that may follow a FROM or WHERE clause to
// the message explaining that the clause is not supported.
var unsupportedClauses = map[string]string{
	"GROUP":     "GROUP BY is not supported: a query maps each input row to at most one output row",
	"HAVING":    "HAVING is not supported: a query has no aggregation",
	"ORDER":     "ORDER BY is not supported: output rows keep the input order",
	"LIMIT":     "LIMIT is not supported",
	"OFFSET":    "OFFSET is not supported",
	"FETCH":     "FETCH is not supported",
	"UNION":     "UNION is not supported: a query is a single SELECT",
	"INTERSECT": "INTERSECT is not supported: a query is a single SELECT",
	"EXCEPT":    "EXCEPT is not supported: a query is a single SELECT",
	"MINUS":     "MINUS is not supported: a query is a single SELECT",
	"WINDOW":    "WINDOW is not supported",
	"QUALIFY":   "QUALIFY is not supported",
	"LATERAL":   "LATERAL is not supported",
}

// subqueryClauses are the clauses a subquery may not have, with the reason
// (inside a subquery the top-level reasons would not fit).
var subqueryClauses = map[string]string{
	"GROUP":  "GROUP BY is not supported in a subquery: a subquery has at most one aggregate over all its rows",
	"HAVING": "HAVING is not supported in a subquery: a subquery has at most one aggregate over all its rows",
	"ORDER":  "ORDER BY is not supported in a subquery: its rows form a set, and LIMIT is not supported",
	"LIMIT":  "LIMIT is not supported in a subquery: which rows it keeps would depend on row order",
	"UNION":  "UNION is not supported in a subquery: a subquery is a single SELECT over one table",
}

var joinWords = map[string]bool{
	"JOIN": true, "INNER": true, "LEFT": true, "RIGHT": true, "FULL": true,
	"OUTER": true, "CROSS": true, "NATURAL": true,
}

// parseSelect parses SELECT items FROM table [WHERE expr]. sub says whether
// this is a subquery (closed by ")" rather than ";").
func (p *parser) parseSelect(sub bool) *ast.Select {
	sel := &ast.Select{Pos: p.expectKw("SELECT").pos}
	switch {
	case p.isKw("DISTINCT"):
		p.fail(p.tok.pos, diag.Unsupported, "SELECT DISTINCT is not supported")
	case p.isKw("ALL"):
		p.next()
	}
	if p.isKw("FROM") {
		p.fail(p.tok.pos, diag.Syntax, "empty SELECT list: expected an expression before FROM")
	}
	for {
		sel.Items = append(sel.Items, p.parseSelectItem())
		if !p.isOp(",") {
			break
		}
		p.next()
	}
	if !p.isKw("FROM") {
		if p.tok.kind == tEOF || p.isOp(";") || sub && p.isOp(")") {
			p.fail(p.tok.pos, diag.Syntax, "expected FROM but found %s: a query reads exactly one table",
				describe(p.tok, p.src))
		}
		p.failExpectedOrName(`"," or FROM`, false)
	}
	p.next()
	sel.From = p.parseTableRef()
	if p.isKw("WHERE") {
		p.next()
		sel.Where = p.parseExpr()
	}
	if p.tok.kind == tIdent {
		if msg, ok := subqueryClauses[strings.ToUpper(p.tok.text)]; ok && sub {
			p.fail(p.tok.pos, diag.Unsupported, "%s", msg)
		}
		if msg, ok := unsupportedClauses[strings.ToUpper(p.tok.text)]; ok {
			p.fail(p.tok.pos, diag.Unsupported, "%s", msg)
		}
	}
	return sel
}

func (p *parser) parseSelectItem() *ast.SelectItem {
	start := p.tok
	item := &ast.SelectItem{Pos: start.pos}
	switch {
	case p.isOp("*"):
		p.next()
		item.Expr = &ast.Star{Pos: start.pos}
	case isName(p.tok) && p.peek(1).kind == tOp && p.peek(1).text == "." &&
		p.peek(2).kind == tOp && p.peek(2).text == "*":
		table := p.ident("table name")
		p.next()
		p.next()
		item.Expr = &ast.Star{Pos: start.pos, Table: &table}
	default:
		item.Expr = p.parseExpr()
	}
	item.Text = p.text(start.pos.Offset)
	if p.isKw("AS") {
		p.next()
		alias := p.ident("alias after AS")
		item.Alias = &alias
	} else if isName(p.tok) {
		alias := p.ident("alias")
		item.Alias = &alias
	}
	return item
}

func (p *parser) parseTableRef() *ast.TableRef {
	if p.isOp("(") {
		p.fail(p.tok.pos, diag.Unsupported, "subqueries in FROM are not supported: a query reads one table by name")
	}
	if !isName(p.tok) {
		p.failExpectedOrName("table name after FROM", true)
	}
	ref := &ast.TableRef{Pos: p.tok.pos, Name: p.ident("table name after FROM")}
	if p.isOp(".") {
		p.fail(p.tok.pos, diag.Unsupported, "qualified table names are not supported")
	}
	if p.isKw("AS") {
		p.next()
		alias := p.ident("table alias after AS")
		ref.Alias = &alias
	} else if isName(p.tok) {
		alias := p.ident("table alias")
		ref.Alias = &alias
	}
	switch {
	case p.isOp(","):
		p.fail(p.tok.pos, diag.Unsupported, "multiple tables in FROM are not supported: a query reads exactly one table")
	case p.tok.kind == tIdent && joinWords[strings.ToUpper(p.tok.text)]:
		p.fail(p.tok.pos, diag.Unsupported, "JOIN is not supported: a query reads exactly one table")
	}
	return ref
}

// parseSetTimeZone parses SET TIME ZONE 'zone' or SET TIME ZONE INTERVAL
// ... (docs/semantics.md 10.2), which sets the session zone of the queries
// after it in the file. The
// zone must be one Spark's getZoneId accepts; SET TIME ZONE LOCAL (the
// host's zone) is refused, so results never depend on the machine.
func (p *parser) parseSetTimeZone() {
	p.expectKw("SET")
	p.expectKw("TIME")
	p.expectKw("ZONE")
	switch {
	case p.tok.kind == tString:
		t := p.tok
		if ok, reason := rt.ValidZone(t.text); !ok {
			p.fail(t.pos, diag.Literal, "INVALID_CONF_VALUE.TIME_ZONE: %s", reason)
		}
		p.zone, p.zoneInterval = t.text, nil
		p.next()
	case p.isKw("LOCAL"):
		p.fail(p.tok.pos, diag.Unsupported,
			"SET TIME ZONE LOCAL (the host's zone) is not supported: results must not depend on the machine; name the zone ('Europe/Paris', '+01:00')")
	case p.isKw("INTERVAL"):
		// SET TIME ZONE INTERVAL '+01:00' HOUR TO MINUTE: a fixed offset,
		// which the binder checks and names
		if !p.intervalValueAt(1) {
			p.next()
			p.failExpected("an interval value and unit after SET TIME ZONE INTERVAL ('+01:00' HOUR TO MINUTE, 1 HOUR)")
		}
		lit, _ := p.parseInterval().(*ast.Literal)
		p.zone, p.zoneInterval = "", lit
	default:
		p.failExpected("a time zone string ('Europe/Paris', '+01:00') or LOCAL")
	}
}
