package cel

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/bench"
)

// column is one output column of a query: its alias, the Arrow type of its
// values, its CEL source, and whether it is a TRY (an evaluation error is its
// NULL).
type column struct {
	name string
	typ  arrow.DataType
	src  string
	try  bool
}

// query is a query of bench.sql written in CEL: the WHERE clause ("" for
// none), a boolean program, and the output columns.
type query struct {
	where string
	cols  []column
}

var (
	f64 = arrow.PrimitiveTypes.Float64
	i64 = arrow.PrimitiveTypes.Int64
	str = arrow.BinaryTypes.String
	boo = arrow.FixedWidthTypes.Boolean
)

// day returns a DATE constant as CEL sees a DATE column: days since
// 1970-01-01.
func day(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return fmt.Sprint(t.Unix() / 86400)
}

// null is CEL's null where the other branch of a conditional has a type:
// the checker unifies no type with null_type but dyn.
const null = "dyn(null)"

// nulls writes SQL's NULL semantics into CEL sources over the columns of one
// table: which of them may be null.
type nulls struct{ schema *arrow.Schema }

var ident = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// nullable returns the nullable columns that src reads, in schema order.
func (n nulls) nullable(src string) []string {
	seen := map[string]bool{}
	for _, id := range ident.FindAllString(src, -1) {
		seen[id] = true
	}
	var cols []string
	for _, f := range n.schema.Fields() {
		if f.Nullable && seen[f.Name] {
			cols = append(cols, f.Name)
		}
	}
	return cols
}

// strict is src as a strict SQL expression: null when a column it reads is
// null.
func (n nulls) strict(src string) string {
	cols := n.nullable(src)
	if len(cols) == 0 || (len(cols) == 1 && cols[0] == strings.TrimSpace(src)) {
		return src
	}
	var g strings.Builder
	for i, c := range cols {
		if i > 0 {
			g.WriteString(" || ")
		}
		g.WriteString(c + " == null")
	}
	return "(" + g.String() + " ? " + null + " : " + src + ")"
}

// isTrue is the condition cond as SQL's WHERE, IF and CASE WHEN read it: true
// when cond is TRUE, false when it is FALSE or NULL (a column it reads is
// null).
func (n nulls) isTrue(cond string) string {
	var g strings.Builder
	for _, c := range n.nullable(cond) {
		g.WriteString(c + " != null && ")
	}
	return "(" + g.String() + "(" + cond + "))"
}

// ifElse is IF(cond, then, els) over strict results.
func (n nulls) ifElse(cond, then, els string) string {
	return n.isTrue(cond) + " ? " + n.strict(then) + " : " + n.strict(els)
}

var (
	li = nulls{bench.LineitemSchema}
	ev = nulls{bench.EventsSchema}
)

// The two shared subexpressions of TPC-H Q1, as every query spells them out.
const (
	dp = "(l_extendedprice * (1.0 - l_discount))"
	ch = "(l_extendedprice * (1.0 - l_discount) * (1.0 + l_tax))"
)

func strictCols(n nulls, typ arrow.DataType, pairs ...string) []column {
	var cols []column
	for i := 0; i < len(pairs); i += 2 {
		cols = append(cols, column{pairs[i], typ, n.strict(pairs[i+1]), false})
	}
	return cols
}

// left is substring(s, 1, n) of a non-null s: its first n characters. CEL's
// substring(start, end) counts characters but fails beyond the end.
func left(s string, n int) string {
	return fmt.Sprintf("(%[1]s.size() > %[2]d ? %[1]s.substring(0, %[2]d) : %[1]s)", s, n)
}

// q1Cols are the columns of Q1Projection and Q1NoWhere.
var q1Cols = append([]column{
	{"l_returnflag", str, "l_returnflag", false},
	{"l_linestatus", str, "l_linestatus", false},
	{"l_quantity", f64, "l_quantity", false},
	{"l_extendedprice", f64, "l_extendedprice", false},
}, strictCols(li, f64,
	"disc_price", "l_extendedprice * (1.0 - l_discount)",
	"charge", "l_extendedprice * (1.0 - l_discount) * (1.0 + l_tax)")...)

// queries are bench.sql's queries by name.
var queries = map[string]query{
	"Q1Projection": {
		where: li.isTrue("l_shipdate <= " + day("1998-09-02")),
		cols:  q1Cols,
	},
	"Q1NoWhere": {cols: q1Cols},
	"Q6Filter": {
		where: li.isTrue("l_shipdate >= " + day("1994-01-01") + " && l_shipdate < " + day("1995-01-01") +
			" && l_discount >= 0.05 && l_discount <= 0.07 && l_quantity < 24.0"),
		cols: strictCols(li, f64, "revenue", "l_extendedprice * l_discount"),
	},
	"SeedIf": {cols: []column{
		{"bucket", i64, ev.ifElse("x > y", "a + 5", "(a + 5) / 100"), false},
	}},
	"SeedCase": {cols: []column{
		{"label", str, `cel.bind(t, info == null ? ` + null + ` : info['test'], ` +
			`t != null && t.startsWith('123') ? 'FOO' : ` +
			`t != null && t.startsWith('124') ? 'BAR' : ` +
			`t != null && t.startsWith('125') ? 'BAZ' : t)`, false},
	}},
	"StringCase": {cols: []column{
		{"label", str, `cel.bind(u, l_shipmode == null ? ` + null + ` : upper(l_shipmode), ` +
			`u != null && u.endsWith('AIR') ? (l_shipinstruct == null ? ` + null + ` : ` + left("l_shipinstruct", 7) + ` + '/' + u) : ` +
			`l_comment != null && l_comment.contains('special') ? ` +
			`(l_returnflag == null || l_linestatus == null ? ` + null + ` : l_returnflag + l_linestatus + '-' + ` + left("l_comment", 12) + `) : u)`, false},
	}},
	"NullHeavy": {cols: []column{
		{"disc_price", f64, li.strict("l_extendedprice * (1.0 - l_discount)"), false},
		{"rate", f64, "l_discount == null ? " + null + " : (l_tax == null ? 0.0 : l_tax) + l_discount", false},
		{"keysum", i64, li.strict("l_partkey + l_suppkey"), false},
		{"big", boo, li.strict("l_quantity > 25.0"), false},
		{"signed_qty", f64, li.ifElse("l_shipdate < l_commitdate", "l_quantity", "-l_quantity"), false},
	}},
	"ErrorGuarded": {cols: []column{
		{"per_y", i64, ev.isTrue("y != 0") + " ? a / y : " + null, false},
		{"per_x", i64, ev.strict("a / x"), true},
		{"scaled", i64, ev.strict("x * y * 1000000000000000"), true},
	}},
	"DeepArith": {cols: strictCols(li, f64, "score",
		"((l_extendedprice * (1.0 - l_discount) * (1.0 + l_tax) - l_quantity * 0.5) / (l_quantity + 1.0)"+
			" + (l_tax - l_discount) * 100.0 - l_extendedprice / 1000.0) * 1.07"+
			" + (l_quantity - 25.0) * (l_quantity - 25.0) / 50.0 - l_discount * l_tax * 3.0"+
			" + (l_extendedprice - l_quantity * 900.0) / (l_tax + 2.0)")},
	"Wide": {cols: wide()},
}

// wide returns the 40 columns of Wide, each spelling out disc_price (dp) and
// charge (ch) as the SQL does.
func wide() []column {
	src := []string{
		dp + " * 1.01",
		ch + " - " + dp,
		dp + " + l_quantity * 2.0",
		ch + " / (l_quantity + 1.0)",
		li.ifElse(dp+" > 50000.0", ch, dp),
		dp + " - l_extendedprice",
		ch + " * l_tax",
		dp + " * l_discount",
		"(" + ch + " - " + dp + ") / (l_tax + 1.0)",
		ch + " + l_quantity",
		dp + " / (l_quantity + 2.0)",
		ch + " * 0.97 - " + dp + " * 0.03",
		"l_quantity * " + dp + " / 100.0",
		li.ifElse("l_quantity < 25.0", dp, ch),
		ch + " - l_quantity * 3.0",
		dp + " * (1.0 + l_discount)",
		ch + " * (1.0 - l_tax)",
		"(" + dp + " + " + ch + ") / 2.0",
		dp + " * " + dp + " / 1000000.0",
		ch + " - l_extendedprice",
		dp + " - l_quantity",
		ch + " * 1.05",
		dp + " + " + ch,
		"cel.bind(v, " + li.ifElse("l_discount > 0.05", ch, dp) + ", v == null ? " + null + " : v * 2.0)",
		dp + " / (l_tax + 1.0)",
		ch + " / (l_discount + 1.0)",
		dp + " * l_tax + " + ch + " * l_discount",
		ch + " - " + dp + " * 0.5",
		dp + " + 100.0",
		ch + " - 100.0",
		dp + " * 3.0 - " + ch,
		"(" + ch + " - " + dp + ") * l_quantity",
		dp + " / 7.0",
		ch + " / 11.0",
		dp + " * 0.9 + l_tax",
		ch + " * 0.8 + l_discount",
		li.isTrue(ch+" > "+dp+" * 1.05") + " ? 1.0 : 0.0",
		dp + " - " + ch + " * l_tax",
		ch + " + " + dp + " * l_discount",
		dp + " * (l_quantity + 1.0)",
	}
	cols := make([]column, len(src))
	for i, s := range src {
		if !strings.Contains(s, "?") { // not already written with its NULLs
			s = li.strict(s)
		}
		cols[i] = column{fmt.Sprintf("w%02d", i+1), f64, s, false}
	}
	return cols
}
