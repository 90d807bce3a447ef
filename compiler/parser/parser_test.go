package parser

import (
	"strings"
	"testing"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
)

func TestExprFormat(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Precedence and associativity.
		{"a + b * c", "a + (b * c)"},
		{"(a + b) * c", "(a + b) * c"},
		{"a - b - c", "(a - b) - c"},
		{"a * b / c % d DIV e", "(((a * b) / c) % d) DIV e"},
		{"a div b", "a DIV b"},
		{"a || b + c", "(a || b) + c"}, // || binds like + (Spark), left to right
		{"a || b * c", "a || (b * c)"},
		{"a + b || c", "(a + b) || c"},
		{"a || b = c", "(a || b) = c"},
		{"a OR b AND c", "a OR (b AND c)"},
		{"a AND b OR c AND d", "(a AND b) OR (c AND d)"},
		{"NOT a AND b", "(NOT a) AND b"},
		{"NOT a = b", "NOT (a = b)"},
		{"NOT NOT a", "NOT (NOT a)"},
		{"-a * b", "(-a) * b"},
		{"- -1", "-(-1)"},
		{"-x['k']", "-x['k']"},
		{"+1.5", "+1.5"},
		{"a = b = c", "(a = b) = c"},
		{"a != b", "a <> b"},
		{"a == b", "a = b"},
		{"a <> b AND c <= d AND e >= f AND g < h AND i > j",
			"((((a <> b) AND (c <= d)) AND (e >= f)) AND (g < h)) AND (i > j)"},
		// EXTRACT(field FROM x), kept as extract('field', x) and printed back.
		{"EXTRACT(YEAR FROM d)", "EXTRACT(YEAR FROM d)"},
		{"extract(dow_iso from d + 1)", "EXTRACT(dow_iso FROM d + 1)"},
		{"extract('YEAR', d)", "EXTRACT(YEAR FROM d)"},
		// TIMESTAMPADD / TIMESTAMPDIFF with a unit keyword, also under their
		// other names, kept as timestampadd('UNIT', n, ts) and printed back;
		// the two-argument date_add and datediff (a column named day too)
		// stay ordinary calls.
		{"TIMESTAMPADD(month, 1, ts)", "TIMESTAMPADD(MONTH, 1, ts)"},
		{"dateadd(DAY, n + 1, ts)", "TIMESTAMPADD(DAY, n + 1, ts)"},
		{"date_add(Week, 1, d)", "TIMESTAMPADD(WEEK, 1, d)"},
		{"datediff(HOUR, a, b)", "TIMESTAMPDIFF(HOUR, a, b)"},
		{"DATE_DIFF(microsecond, a, b)", "TIMESTAMPDIFF(MICROSECOND, a, b)"},
		{"timestampdiff(DAYOFYEAR, a, b)", "TIMESTAMPDIFF(DAYOFYEAR, a, b)"},
		{"date_add(day, 1)", "date_add(day, 1)"},
		{"datediff(day, d)", "datediff(day, d)"},
		{"date_add('2024-01-01', 1)", "date_add('2024-01-01', 1)"},
		// Predicates.
		{"x BETWEEN 1 AND 10", "x BETWEEN 1 AND 10"},
		{"x BETWEEN 1 AND 10 AND y", "(x BETWEEN 1 AND 10) AND y"},
		{"x NOT BETWEEN a + 1 AND b || c OR z", "(x NOT BETWEEN (a + 1) AND (b || c)) OR z"},
		{"x NOT LIKE 'a%'", "x NOT LIKE 'a%'"},
		{"x LIKE 'a!%' ESCAPE '!'", "x LIKE 'a!%' ESCAPE '!'"},
		{"x RLIKE '^a' OR x NOT REGEXP 'b'", "(x RLIKE '^a') OR (x NOT RLIKE 'b')"},
		{"x IS NULL", "x IS NULL"},
		{"x IS NOT NULL AND y IS NULL", "(x IS NOT NULL) AND (y IS NULL)"},
		{"a + 1 IS NULL", "(a + 1) IS NULL"},
		{"x IN (1, 2, 3)", "x IN (1, 2, 3)"},
		{"x NOT IN (1, a + b)", "x NOT IN (1, a + b)"},
		{"x IN ()", "x IN ()"},
		{"x NOT IN ()", "x NOT IN ()"},
		{"x IN (SELECT y FROM t WHERE z > 1)", "x IN (SELECT y FROM t WHERE z > 1)"},
		{"x NOT IN (SELECT y FROM t)", "x NOT IN (SELECT y FROM t)"},
		{"EXISTS (SELECT 1 FROM t)", "EXISTS (SELECT 1 FROM t)"},
		{"NOT EXISTS (SELECT * FROM t u WHERE u.a = x)", "NOT EXISTS (SELECT * FROM t AS u WHERE u.a = x)"},
		{"(SELECT max(y) FROM t) + 1", "(SELECT max(y) FROM t) + 1"},
		// CASE, CAST, calls.
		{"CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END", "CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END"},
		{"case x when 1 then 'one' end", "CASE x WHEN 1 THEN 'one' END"},
		{"CASE a + 1 WHEN b THEN c || d END + 1", "CASE a + 1 WHEN b THEN c || d END + 1"},
		{"CAST(a AS bigint)", "CAST(a AS BIGINT)"},
		{"CAST(a AS Integer) + CAST(b AS long)", "CAST(a AS INT) + CAST(b AS BIGINT)"},
		{"CAST(m AS MAP<VARCHAR, MAP<STRING,INT>>)", "CAST(m AS MAP<VARCHAR, MAP<VARCHAR, INT>>)"},
		{"CAST(m AS map(string, map(bool, double)))", "CAST(m AS MAP<VARCHAR, MAP<BOOLEAN, DOUBLE>>)"},
		{"CAST(s AS VARCHAR(10))", "CAST(s AS VARCHAR)"},
		{"CAST(d AS date)", "CAST(d AS DATE)"},
		{"TRY_CAST(s AS INT)", "TRY(CAST(s AS INT))"},
		{"IF(x > y, a + 5, (a + 5) DIV 100)", "IF(x > y, a + 5, (a + 5) DIV 100)"},
		{"if(a, b, c)", "if(a, b, c)"},
		{"coalesce(a, b, nullif(c, 0))", "coalesce(a, b, nullif(c, 0))"},
		{"try(a DIV b)", "try(a DIV b)"},
		{"count(*)", "count(*)"},
		{"now()", "now()"},
		{"left('abc', 2)", "left('abc', 2)"},
		// Subscripts and names.
		{"m['k']", "m['k']"},
		{"m['a']['b'][1 + 2]", "m['a']['b'][1 + 2]"},
		{"t.m['k']", "t.m['k']"},
		{"(a || b)['k']", "(a || b)['k']"},
		{"`odd col`", "`odd col`"},
		{"`a``b` + `c\"d`", "`a``b` + `c\"d`"},
		{"\"it's\" || \"a\\\"b\"", "'it\\'s' || 'a\"b'"},
		{"`SELECT`.`from`", "`SELECT`.`from`"},
		{"`t`.x", "`t`.x"},
		{"größe + 名前", "größe + 名前"},
		{"_x1 + date", "_x1 + date"},
		{"date(s)", "date(s)"},
		// Literals.
		{"'it''s'", "'its'"}, // two adjacent literals, as in Spark
		{`'it\'s'`, `'it\'s'`},
		{`'a' 'b'`, "'ab'"},
		{"'multi\nline'", "'multi\nline'"},
		{`'back\\slash'`, `'back\\slash'`},
		{`'back\slash'`, "'backslash'"}, // \s is s
		{"DATE '2024-01-01'", "DATE '2024-01-01'"},
		{"date'2024-01-01'", "DATE '2024-01-01'"},
		{"TRUE AND false OR NULL", "(TRUE AND FALSE) OR NULL"},
		{"1.5 + .5 + 1. + 1e10 + 1.5E-3 + 2e+3", "((((1.5 + .5) + 1.) + 1e10) + 1.5E-3) + 2e+3"},
		{"9223372036854775808", "9223372036854775808"},
		// Comments everywhere.
		{"a /* one */ + -- two\n b /**/", "a + b"},
		{"/* lead */ a", "a"},
	} {
		e, errs := ParseExpr("e", []byte(tc.in))
		if len(errs) > 0 {
			t.Errorf("ParseExpr(%q): %v", tc.in, errs)
			continue
		}
		got := ast.Format(e)
		if got != tc.want {
			t.Errorf("ParseExpr(%q) = %s, want %s", tc.in, got, tc.want)
			continue
		}
		// The canonical form parses back to itself.
		e2, errs := ParseExpr("e", []byte(got))
		if len(errs) > 0 || ast.Format(e2) != got {
			t.Errorf("round trip of %q: %v %v", got, errs, e2)
		}
	}
}

func TestExprNodes(t *testing.T) {
	e, errs := ParseExpr("e", []byte("a  !=\n  NOT_A - 12"))
	if errs != nil {
		t.Fatal(errs)
	}
	b := e.(*ast.Binary)
	if b.Op != "<>" || b.RawOp != "!=" || b.Pos.Col != 1 || b.OpPos.Col != 4 {
		t.Errorf("binary: %+v", b)
	}
	sub := b.R.(*ast.Binary)
	if sub.Pos.Line != 2 || sub.Pos.Col != 3 || sub.OpPos.Col != 9 || sub.Pos.Offset != 8 {
		t.Errorf("sub: %+v", sub)
	}
	lit := sub.R.(*ast.Literal)
	if lit.Kind != ast.LitInt || lit.Value != "12" || lit.Raw != "12" {
		t.Errorf("lit: %+v", lit)
	}

	e, _ = ParseExpr("e", []byte(`'a\'b' 'c'`))
	if l := e.(*ast.Literal); l.Kind != ast.LitString || l.Value != "a'bc" || l.Raw != `'a\'b' 'c'` {
		t.Errorf("string: %+v", l)
	}
	e, _ = ParseExpr("e", []byte("DATE  '2024-13-01'"))
	if l := e.(*ast.Literal); l.Kind != ast.LitDate || l.Value != "2024-13-01" || l.Raw != "DATE  '2024-13-01'" {
		t.Errorf("date: %+v", l)
	}
	e, _ = ParseExpr("e", []byte("`Mixed Case`.Col"))
	c := e.(*ast.ColumnRef)
	if c.Table.Canon() != "Mixed Case" || !c.Table.Quoted || c.Column.Canon() != "col" || c.Column.Name != "Col" {
		t.Errorf("colref: %+v", c)
	}
	e, _ = ParseExpr("e", []byte("é + x"))
	if p := e.(*ast.Binary).OpPos; p.Col != 3 || p.Offset != 3 {
		t.Errorf("rune columns: %+v", p)
	}
	e, _ = ParseExpr("e", []byte("NOT EXISTS (SELECT 1 FROM t)"))
	if ex, ok := e.(*ast.Exists); !ok || !ex.Not || ex.Pos.Col != 1 {
		t.Errorf("not exists: %#v", e)
	}
	e, _ = ParseExpr("e", []byte("count(*)"))
	if c := e.(*ast.Call); !c.Star || len(c.Args) != 0 {
		t.Errorf("count(*): %+v", c)
	}
	e, _ = ParseExpr("e", []byte("x IN ()"))
	if in := e.(*ast.InList); in.List == nil || len(in.List) != 0 {
		t.Errorf("in (): %+v", in)
	}
}

const goodSpec = `/* header
comment */
CREATE TABLE events (x BIGINT, y bigint NULL, a BIGINT NOT NULL, info MAP<VARCHAR, VARCHAR>, day DATE);
create table if not exists ` + "`Odd Table`" + ` (
  ` + "`col 1`" + ` INTEGER not null, -- trailing comment
  m map(string, map<string, map<int,long>>),
  b BOOL, d DOUBLE, s STRING, v VARCHAR(20)
);

-- name: Classify :many
SELECT IF(x > y, a + 5, (a + 5) DIV 100) AS bucket,
       CASE WHEN info['test'] LIKE '123%' THEN 'FOO'
            WHEN info['test'] LIKE '124%' THEN 'BAR'
            ELSE info['test'] END AS label
FROM events
WHERE day >= DATE '2024-01-01';

-- some other comment
-- name: Star
-- a description after the name
SELECT *, e.*, x y FROM events AS e;

--name:NoSpace
select 1 from ` + "`Odd Table`" + ` o where ` + "`col 1`" + ` in (select x from events) -- no semicolon at EOF
`

func TestParseFile(t *testing.T) {
	f, errs := ParseFile("good.sql", []byte(goodSpec))
	if errs != nil {
		t.Fatal(errs)
	}
	if len(f.Tables) != 2 || len(f.Queries) != 3 {
		t.Fatalf("got %d tables, %d queries", len(f.Tables), len(f.Queries))
	}
	ev := f.Tables[0]
	if ev.Name.Name != "events" || len(ev.Columns) != 5 || ev.Pos.Line != 3 || ev.Pos.Col != 1 {
		t.Errorf("events: %+v", ev)
	}
	if c := ev.Columns[2]; c.Name.Name != "a" || !c.NotNull || c.Type.Name != "BIGINT" {
		t.Errorf("column a: %+v", c)
	}
	if c := ev.Columns[1]; c.NotNull {
		t.Errorf("column y: %+v", c)
	}
	if c := ev.Columns[3]; c.Type.String() != "MAP<VARCHAR, VARCHAR>" || c.Type.Key.Pos.Col != 75 {
		t.Errorf("column info: %+v %v", c.Type, c.Type.Key.Pos)
	}
	odd := f.Tables[1]
	if odd.Name.Canon() != "Odd Table" || !odd.Name.Quoted {
		t.Errorf("odd: %+v", odd.Name)
	}
	var types []string
	for _, c := range odd.Columns {
		types = append(types, c.Name.Canon()+" "+c.Type.String())
	}
	if got, want := strings.Join(types, "; "),
		"col 1 INT; m MAP<VARCHAR, MAP<VARCHAR, MAP<INT, BIGINT>>>; b BOOLEAN; d DOUBLE; s VARCHAR; v VARCHAR"; got != want {
		t.Errorf("odd types:\n got %s\nwant %s", got, want)
	}
	if !odd.Columns[0].NotNull {
		t.Error("col 1 should be NOT NULL")
	}

	q := f.Queries[0]
	if q.Name.Name != "Classify" || q.Name.Pos.Line != 10 || q.Name.Pos.Col != 10 || q.Pos.Line != 11 {
		t.Errorf("query: name %+v pos %v", q.Name, q.Pos)
	}
	if !strings.HasPrefix(q.Text, "SELECT IF(") || !strings.HasSuffix(q.Text, "DATE '2024-01-01'") {
		t.Errorf("query text: %q", q.Text)
	}
	s := q.Select
	if len(s.Items) != 2 || s.Items[0].Alias.Name != "bucket" || s.Items[1].Alias.Name != "label" {
		t.Fatalf("items: %+v", s.Items)
	}
	if s.Items[0].Text != "IF(x > y, a + 5, (a + 5) DIV 100)" {
		t.Errorf("item text: %q", s.Items[0].Text)
	}
	if !strings.HasSuffix(s.Items[1].Text, "ELSE info['test'] END") {
		t.Errorf("item text: %q", s.Items[1].Text)
	}
	if s.From.Name.Name != "events" || s.From.Alias != nil {
		t.Errorf("from: %+v", s.From)
	}
	if got := ast.Format(s.Where); got != "day >= DATE '2024-01-01'" {
		t.Errorf("where: %s", got)
	}

	star := f.Queries[1]
	if star.Name.Name != "Star" {
		t.Errorf("name: %+v", star.Name)
	}
	if got := ast.FormatSelect(star.Select); got != "SELECT *, e.*, x AS y FROM events AS e" {
		t.Errorf("star: %s", got)
	}
	if star.Text != "SELECT *, e.*, x y FROM events AS e" {
		t.Errorf("text: %q", star.Text)
	}
	last := f.Queries[2]
	if last.Name.Name != "NoSpace" {
		t.Errorf("name: %+v", last.Name)
	}
	if got := ast.FormatSelect(last.Select); got != "SELECT 1 FROM `Odd Table` AS o WHERE `col 1` IN (SELECT x FROM events)" {
		t.Errorf("last: %s", got)
	}
	if last.Text != "select 1 from `Odd Table` o where `col 1` in (select x from events)" {
		t.Errorf("text: %q", last.Text)
	}
}

func TestErrorClasses(t *testing.T) {
	for _, tc := range []struct {
		src   string
		class diag.Class
	}{
		{"SELECT", diag.Syntax},
		{"INSERT INTO t VALUES (1)", diag.Unsupported},
		{"CREATE TABLE t (a TIME)", diag.Unsupported},
		{"CREATE TABLE t (a FOO)", diag.Name},
		{"-- name: Q\nSELECT 1e FROM t", diag.Literal},
		{"-- name: Q\nSELECT a FROM t ORDER BY a", diag.Unsupported},
	} {
		_, errs := ParseFile("x.sql", []byte(tc.src))
		if len(errs) == 0 || errs[0].Class != tc.class {
			t.Errorf("%q: got %v, want class %s", tc.src, errs, tc.class)
		}
	}
}
