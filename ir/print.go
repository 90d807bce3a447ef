package ir

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/exprc/exprc/templates/rt"
)

// Format prints e as SQL-like text, stable across runs: it is what explain output,
// golden tests and generated-code comments show. Implicit widenings the binder
// inserted over expressions appear as CAST calls, so the printed tree is
// exactly what runs; constants print as written (a BIGINT 5 is 5, not
// CAST(5 AS BIGINT): the plan prints every output's type).
func Format(e Expr) string {
	var b strings.Builder
	format(&b, e)
	return b.String()
}

// Shorten cuts text to at most max bytes, at a character boundary, marking
// the cut with "...": for one-line mentions of SQL in explain output and
// generated comments.
func Shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - 3
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// FormatConst prints a constant value as a SQL literal of its type.
func FormatConst(v any, t Type) string {
	switch v := v.(type) {
	case nil:
		if t.Kind == KindNull {
			return "NULL"
		}
		return "CAST(NULL AS " + t.String() + ")"
	case string:
		if t.Kind == KindBinary {
			return rt.FormatBinary(v) // X'00FF', which reads back as this BINARY
		}
		return QuoteString(v)
	case Date:
		return "DATE '" + v.String() + "'"
	case Timestamp:
		return "TIMESTAMP '" + v.String() + "Z'"
	case TimestampNTZ:
		return "TIMESTAMP_NTZ '" + v.String() + "'"
	case YMInterval:
		return rt.FormatYMInterval(int32(v), int(t.Start), int(t.End))
	case DTInterval:
		return rt.FormatDTInterval(int64(v), int(t.Start), int(t.End))
	case int64:
		s := strconv.FormatInt(v, 10)
		if v >= -1<<31 && v < 1<<31 {
			s = "CAST(" + s + " AS BIGINT)"
		}
		return s
	case float64:
		s := FormatDouble(v)
		switch s {
		case "NaN", "Infinity", "-Infinity":
			return "CAST('" + s + "' AS DOUBLE)"
		}
		if !strings.ContainsAny(s, "E") {
			return s
		}
		return s
	case bool:
		if v {
			return "TRUE"
		}
		return "FALSE"
	case rt.Decimal:
		// As written when that is its type: a decimal literal (1.50 is
		// DECIMAL(3,2)) or an integer literal beside a DECIMAL (7 is
		// DECIMAL(1,0)); else with the CAST that gives it its type.
		s := rt.FormatDecimal(v, t.S())
		if p, sc, _ := rt.DecimalLiteralType(s); p == t.P() && sc == t.S() {
			return s
		}
		return "CAST(" + s + " AS " + t.String() + ")"
	case *MapValue:
		if t.Kind == KindMap && t.Value.Kind == KindDecimal {
			// {k -> 2.25}: DECIMAL values at their type's scale
			var b strings.Builder
			b.WriteByte('{')
			for i := range v.Keys {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(FormatValue(v.Keys[i]) + " -> ")
				if d, ok := v.Values[i].(rt.Decimal); ok {
					b.WriteString(rt.FormatDecimal(d, t.Value.S()))
				} else {
					b.WriteString("NULL")
				}
			}
			b.WriteByte('}')
			return b.String()
		}
	}
	return FormatValue(v)
}

func format(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case *Const:
		if e.Err != nil {
			b.WriteString("ERROR(" + string(e.Err.Class) + ")")
			return
		}
		if v, ok := e.V.(int64); ok {
			// as written: the context gives its type (a + 5 over a BIGINT a)
			b.WriteString(strconv.FormatInt(v, 10))
			return
		}
		b.WriteString(FormatConst(e.V, e.T))
	case *ColumnRef:
		b.WriteString(QuoteIdent(e.Name))
	case *Call:
		switch {
		case e.Fn.Name == Cast:
			b.WriteString("CAST(")
			format(b, e.Args[0])
			b.WriteString(" AS " + e.Sig.Ret.String() + ")")
		case (e.Fn.Name == "like" || e.Fn.Name == "rlike") && len(e.Args) >= 2:
			b.WriteByte('(')
			format(b, e.Args[0])
			b.WriteString(" " + strings.ToUpper(e.Fn.Name) + " ")
			format(b, e.Args[1])
			if len(e.Args) == 3 {
				b.WriteString(" ESCAPE ")
				format(b, e.Args[2])
			}
			b.WriteByte(')')
		case e.Fn.Name == "subscript" && len(e.Args) == 2:
			format(b, e.Args[0])
			b.WriteByte('[')
			format(b, e.Args[1])
			b.WriteByte(']')
		case e.Fn.Infix != "" && len(e.Args) == 2:
			b.WriteByte('(')
			format(b, e.Args[0])
			b.WriteString(" " + e.Fn.Infix + " ")
			format(b, e.Args[1])
			b.WriteByte(')')
		case e.Fn.Prefix != "" && len(e.Args) == 1:
			b.WriteString("(" + e.Fn.Prefix)
			if strings.HasSuffix(e.Fn.Prefix, "T") { // NOT
				b.WriteByte(' ')
			}
			format(b, e.Args[0])
			b.WriteByte(')')
		default:
			b.WriteString(e.Fn.Name)
			formatList(b, e.Args)
		}
	case *And:
		formatJoined(b, e.Args, " AND ")
	case *Or:
		formatJoined(b, e.Args, " OR ")
	case *If:
		b.WriteString("IF")
		formatList(b, []Expr{e.Cond, e.Then, e.Else})
	case *Case:
		b.WriteString("CASE")
		if e.Operand != nil {
			b.WriteByte(' ')
			format(b, e.Operand)
		}
		for _, w := range e.Whens {
			b.WriteString(" WHEN ")
			format(b, w.Cond)
			b.WriteString(" THEN ")
			format(b, w.Then)
		}
		b.WriteString(" ELSE ")
		format(b, e.Else)
		b.WriteString(" END")
	case *Coalesce:
		b.WriteString("COALESCE")
		formatList(b, e.Args)
	case *IsNull:
		b.WriteByte('(')
		format(b, e.Arg)
		if e.Not {
			b.WriteString(" IS NOT NULL)")
		} else {
			b.WriteString(" IS NULL)")
		}
	case *In:
		b.WriteByte('(')
		format(b, e.Arg)
		b.WriteString(" IN ")
		formatList(b, e.List)
		b.WriteByte(')')
	case *Between:
		b.WriteByte('(')
		format(b, e.Arg)
		b.WriteString(" BETWEEN ")
		format(b, e.Lo)
		b.WriteString(" AND ")
		format(b, e.Hi)
		b.WriteByte(')')
	case *NullIf:
		b.WriteString("NULLIF")
		formatList(b, []Expr{e.A, e.B})
	case *Try:
		b.WriteString("TRY")
		formatList(b, []Expr{e.Arg})
	case *Param:
		b.WriteString("outer." + QuoteIdent(e.Name))
	case *Subquery:
		// The SQL as written names the outer values; the settled form's number
		// says which structure answers it.
		if e.Settled != nil {
			b.WriteString("#" + strconv.Itoa(e.Settled.ID) + " ")
		}
		b.WriteString(e.SQL)
	default:
		b.WriteString("?")
	}
}

func formatList(b *strings.Builder, args []Expr) {
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		format(b, a)
	}
	b.WriteByte(')')
}

func formatJoined(b *strings.Builder, args []Expr, sep string) {
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(sep)
		}
		format(b, a)
	}
	b.WriteByte(')')
}

// QuoteIdent returns name as is when it is a plain lower-case identifier and in
// backquotes (doubling any backquote) otherwise, so printed SQL parses back.
func QuoteIdent(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain && !reserved[strings.ToUpper(name)] {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

var reserved = map[string]bool{
	"SELECT": true, "FROM": true, "WHERE": true, "AND": true, "OR": true, "NOT": true, "NULL": true,
	"TRUE": true, "FALSE": true, "CASE": true, "WHEN": true, "THEN": true, "ELSE": true, "END": true,
	"IS": true, "IN": true, "BETWEEN": true, "LIKE": true, "RLIKE": true, "REGEXP": true, "AS": true,
	"CAST": true, "DIV": true, "DATE": true, "EXISTS": true, "CREATE": true, "TABLE": true, "IF": true,
}

// FormatQuery prints a bound query as its plan nodes, one per line, with each
// output's type and nullability:
//
//	query Classify
//	  scan events (x BIGINT, ...)
//	  filter (day >= DATE '2024-01-01')
//	  project bucket BIGINT NULL = IF(...)
func FormatQuery(q *Query) string {
	var b strings.Builder
	b.WriteString("query " + q.Name + "\n  scan " + QuoteIdent(q.Source.Name) + " (")
	for i, c := range q.Source.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteIdent(c.Name) + " " + c.Type.String())
		if !c.Nullable {
			b.WriteString(" NOT NULL")
		}
	}
	b.WriteString(")\n")
	if q.Filter != nil {
		b.WriteString("  filter " + Format(q.Filter) + "\n")
	}
	schema := q.OutputSchema()
	for i, o := range q.Outputs {
		null := "NOT NULL"
		if schema[i].Nullable {
			null = "NULL"
		}
		b.WriteString("  project " + QuoteIdent(o.Name) + " " + schema[i].Type.String() + " " + null + " = " + Format(o.Expr) + "\n")
	}
	return b.String()
}

// QuoteString returns s as a SQL string literal that exprc (and Spark) read
// back as s: a backslash escapes each quote and backslash, since a doubled
// quote is not an escape in Spark SQL ('it”s' reads as its).
func QuoteString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
