package exprlang

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/bench"
)

// column is one output column of a query: its alias, the Arrow type of its
// values, and its expr source.
type column struct {
	name string
	typ  arrow.DataType
	src  string
}

// query is a query of bench.sql written in expr: the WHERE clause ("" for
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

// day returns a DATE constant as expr sees a DATE column: days since
// 1970-01-01.
func day(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return fmt.Sprint(t.Unix() / 86400)
}

// nulls writes SQL's NULL semantics into expr sources over the columns of one
// table: which of them may be nil.
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

// strict is src as a strict SQL expression: nil when a column it reads is nil.
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
		g.WriteString(c + " == nil")
	}
	return "(" + g.String() + " ? nil : " + src + ")"
}

// isTrue is the condition cond as SQL's WHERE, IF and CASE WHEN read it: true
// when cond is TRUE, false when it is FALSE or NULL (a column it reads is nil).
func (n nulls) isTrue(cond string) string {
	var g strings.Builder
	for _, c := range n.nullable(cond) {
		g.WriteString(c + " != nil && ")
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
		cols = append(cols, column{pairs[i], typ, n.strict(pairs[i+1])})
	}
	return cols
}

// q1Cols are the columns of Q1Projection and Q1NoWhere.
var q1Cols = append([]column{
	{"l_returnflag", str, "l_returnflag"},
	{"l_linestatus", str, "l_linestatus"},
	{"l_quantity", f64, "l_quantity"},
	{"l_extendedprice", f64, "l_extendedprice"},
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
		{"bucket", i64, ev.ifElse("x > y", "a + 5", "div(a + 5, 100)")},
	}},
	"SeedCase": {cols: []column{
		{"label", str, `let t = info == nil ? nil : info["test"]; ` +
			`t != nil && t startsWith "123" ? "FOO" : ` +
			`t != nil && t startsWith "124" ? "BAR" : ` +
			`t != nil && t startsWith "125" ? "BAZ" : t`},
	}},
	"StringCase": {cols: []column{
		{"label", str, `let u = l_shipmode == nil ? nil : upper(l_shipmode); ` +
			`u != nil && u endsWith "AIR" ? (l_shipinstruct == nil ? nil : substring(l_shipinstruct, 1, 7) + "/" + u) : ` +
			`l_comment != nil && l_comment contains "special" ? ` +
			`(l_returnflag == nil || l_linestatus == nil ? nil : l_returnflag + l_linestatus + "-" + substring(l_comment, 1, 12)) : u`},
	}},
	"NullHeavy": {cols: []column{
		{"disc_price", f64, li.strict("l_extendedprice * (1.0 - l_discount)")},
		{"rate", f64, "l_discount == nil ? nil : (l_tax ?? 0.0) + l_discount"},
		{"keysum", i64, li.strict("l_partkey + l_suppkey")},
		{"big", boo, li.strict("l_quantity > 25.0")},
		{"signed_qty", f64, li.ifElse("l_shipdate < l_commitdate", "l_quantity", "-l_quantity")},
	}},
	"ErrorGuarded": {cols: []column{
		{"per_y", i64, ev.isTrue("y != 0") + " ? div(a, y) : nil"},
		{"per_x", i64, "try_div(a, x)"},
		{"scaled", i64, "try_multiply(try_multiply(x, y), 1000000000000000)"},
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
		"let v = " + li.ifElse("l_discount > 0.05", ch, dp) + "; v == nil ? nil : v * 2.0",
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
		cols[i] = column{fmt.Sprintf("w%02d", i+1), f64, s}
	}
	return cols
}
