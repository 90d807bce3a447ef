package ast

import (
	"strings"

	"github.com/exprc/exprc/ir"
)

// Format prints e as canonical SQL. Every operand that is itself an operator
// expression is parenthesised, so the grouping is explicit (a + (b * c)) and
// the output parses back to the same tree. Literals are printed in canonical
// form (strings re-escaped, DATE '...'), identifiers as written (quoted ones
// with backquotes). Used in golden tests and error messages.
func Format(e Expr) string {
	var p printer
	p.expr(e)
	return p.String()
}

// FormatSelect prints a SELECT (a query body or subquery) as canonical SQL.
func FormatSelect(s *Select) string {
	var p printer
	p.selectStmt(s)
	return p.String()
}

type printer struct {
	strings.Builder
}

// compound reports whether e must be parenthesised when it is an operand.
func compound(e Expr) bool {
	switch e := e.(type) {
	case *Unary, *Binary, *IsNull, *Between, *InList, *InSubquery, *Quantified, *Like:
		return true
	case *Exists:
		return e.Not
	}
	return false
}

// operand prints e, parenthesised if it is an operator expression.
func (p *printer) operand(e Expr) {
	if compound(e) {
		p.WriteByte('(')
		p.expr(e)
		p.WriteByte(')')
		return
	}
	p.expr(e)
}

func (p *printer) not(not bool) {
	if not {
		p.WriteString(" NOT")
	}
}

func (p *printer) expr(e Expr) {
	switch e := e.(type) {
	case nil:
		p.WriteString("<nil>")
	case *Literal:
		p.literal(e)
	case *ColumnRef:
		if e.Table != nil {
			p.WriteString(formatIdent(*e.Table))
			p.WriteByte('.')
		}
		p.WriteString(formatIdent(e.Column))
	case *Star:
		if e.Table != nil {
			p.WriteString(formatIdent(*e.Table))
			p.WriteByte('.')
		}
		p.WriteByte('*')
	case *Unary:
		p.WriteString(e.Op)
		if e.Op == "NOT" {
			p.WriteByte(' ')
		}
		p.operand(e.X)
	case *Binary:
		p.operand(e.L)
		p.WriteByte(' ')
		p.WriteString(e.Op)
		p.WriteByte(' ')
		p.operand(e.R)
	case *IsNull:
		p.operand(e.X)
		p.WriteString(" IS")
		p.not(e.Not)
		p.WriteString(" NULL")
	case *Between:
		p.operand(e.X)
		p.not(e.Not)
		p.WriteString(" BETWEEN ")
		p.operand(e.Lo)
		p.WriteString(" AND ")
		p.operand(e.Hi)
	case *InList:
		p.operand(e.X)
		p.not(e.Not)
		p.WriteString(" IN (")
		for i, x := range e.List {
			if i > 0 {
				p.WriteString(", ")
			}
			p.expr(x)
		}
		p.WriteByte(')')
	case *InSubquery:
		p.operand(e.X)
		p.not(e.Not)
		p.WriteString(" IN (")
		p.selectStmt(e.Sub)
		p.WriteByte(')')
	case *Exists:
		if e.Not {
			p.WriteString("NOT ")
		}
		p.WriteString("EXISTS (")
		p.selectStmt(e.Sub)
		p.WriteByte(')')
	case *Quantified:
		p.operand(e.X)
		p.WriteString(" " + e.Op)
		if e.All {
			p.WriteString(" ALL (")
		} else {
			p.WriteString(" ANY (")
		}
		p.selectStmt(e.Sub)
		p.WriteByte(')')
	case *Subquery:
		p.WriteByte('(')
		p.selectStmt(e.Sub)
		p.WriteByte(')')
	case *Like:
		p.operand(e.X)
		p.not(e.Not)
		if e.Regex {
			p.WriteString(" RLIKE ")
		} else {
			p.WriteString(" LIKE ")
		}
		p.operand(e.Pattern)
		if e.Escape != nil {
			p.WriteString(" ESCAPE ")
			p.operand(e.Escape)
		}
	case *Case:
		p.WriteString("CASE")
		if e.Operand != nil {
			p.WriteByte(' ')
			p.expr(e.Operand)
		}
		for _, w := range e.Whens {
			p.WriteString(" WHEN ")
			p.expr(w.Cond)
			p.WriteString(" THEN ")
			p.expr(w.Result)
		}
		if e.Else != nil {
			p.WriteString(" ELSE ")
			p.expr(e.Else)
		}
		p.WriteString(" END")
	case *Call:
		if field, ok := ExtractField(e); ok {
			p.WriteString("EXTRACT(" + field + " FROM ")
			p.expr(e.Args[1])
			p.WriteByte(')')
			return
		}
		if unit, ok := UnitArg(e); ok {
			p.WriteString(strings.ToUpper(e.Name.Name) + "(" + unit + ", ")
			p.expr(e.Args[1])
			p.WriteString(", ")
			p.expr(e.Args[2])
			p.WriteByte(')')
			return
		}
		p.WriteString(formatIdent(e.Name))
		p.WriteByte('(')
		if e.Star {
			p.WriteByte('*')
		}
		for i, a := range e.Args {
			if i > 0 {
				p.WriteString(", ")
			}
			p.expr(a)
		}
		p.WriteByte(')')
	case *Cast:
		p.WriteString("CAST(")
		p.expr(e.X)
		p.WriteString(" AS ")
		p.WriteString(e.Type.String())
		p.WriteByte(')')
	case *Subscript:
		p.operand(e.X)
		p.WriteByte('[')
		p.expr(e.Index)
		p.WriteByte(']')
	default:
		p.WriteString("<unknown expr>")
	}
}

func (p *printer) literal(e *Literal) {
	switch e.Kind {
	case LitString:
		p.WriteString(QuoteString(e.Value))
	case LitDate:
		p.WriteString("DATE ")
		p.WriteString(QuoteString(e.Value))
	case LitTimestamp:
		p.WriteString("TIMESTAMP ")
		p.WriteString(QuoteString(e.Value))
	case LitTimestampNTZ:
		p.WriteString("TIMESTAMP_NTZ ")
		p.WriteString(QuoteString(e.Value))
	case LitNull:
		p.WriteString("NULL")
	case LitBinary:
		p.WriteString("X'" + e.Value + "'")
	case LitBool:
		p.WriteString(strings.ToUpper(e.Value))
	default:
		p.WriteString(e.Value)
	}
}

func (p *printer) selectStmt(s *Select) {
	if s == nil {
		p.WriteString("<nil>")
		return
	}
	p.WriteString("SELECT ")
	for i, it := range s.Items {
		if i > 0 {
			p.WriteString(", ")
		}
		p.expr(it.Expr)
		if it.Alias != nil {
			p.WriteString(" AS ")
			p.WriteString(formatIdent(*it.Alias))
		}
	}
	if s.From != nil {
		p.WriteString(" FROM ")
		p.WriteString(formatIdent(s.From.Name))
		if s.From.Alias != nil {
			p.WriteString(" AS ")
			p.WriteString(formatIdent(*s.From.Alias))
		}
	}
	if s.Where != nil {
		p.WriteString(" WHERE ")
		p.expr(s.Where)
	}
}

// QuoteString returns s as an SQL string literal that reads back as s (see
// ir.QuoteString).
func QuoteString(s string) string { return ir.QuoteString(s) }

// formatIdent prints an identifier: unquoted ones as written, quoted ones
// between backquotes with inner backquotes doubled.
// ExtractField returns the field of a call written EXTRACT(field FROM x)
// (parsed as extract('field', x)), when the field reads back as an
// identifier, so that Format prints the EXTRACT form.
func ExtractField(e *Call) (string, bool) {
	if e.Name.Quoted || !strings.EqualFold(e.Name.Name, "extract") || len(e.Args) != 2 {
		return "", false
	}
	lit, ok := e.Args[0].(*Literal)
	if !ok || lit.Kind != LitString || lit.Value == "" {
		return "", false
	}
	for i, r := range lit.Value {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return "", false
		}
	}
	return lit.Value, true
}

func formatIdent(id Ident) string {
	if !id.Quoted {
		return id.Name
	}
	return "`" + strings.ReplaceAll(id.Name, "`", "``") + "`"
}

// DatetimeUnits are the unit keywords of Spark's TIMESTAMPADD and
// TIMESTAMPDIFF forms (its grammar's datetimeUnit), upper-case.
var DatetimeUnits = map[string]bool{"YEAR": true, "QUARTER": true, "MONTH": true, "WEEK": true, "DAY": true,
	"DAYOFYEAR": true, "HOUR": true, "MINUTE": true, "SECOND": true, "MILLISECOND": true, "MICROSECOND": true}

// UnitArg returns the unit of a call written TIMESTAMPADD(unit, n, ts) or
// TIMESTAMPDIFF(unit, start, end) (parsed as timestampadd('UNIT', n, ts)
// and timestampdiff('UNIT', start, end)), so that Format prints the
// keyword form and the binder knows the call for one.
func UnitArg(e *Call) (string, bool) {
	if e.Name.Quoted || len(e.Args) != 3 || !strings.EqualFold(e.Name.Name, "timestampadd") && !strings.EqualFold(e.Name.Name, "timestampdiff") {
		return "", false
	}
	lit, ok := e.Args[0].(*Literal)
	if !ok || lit.Kind != LitString || !DatetimeUnits[lit.Value] {
		return "", false
	}
	return lit.Value, true
}
