package functions

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
)

const (
	minI = int32(math.MinInt32)
	maxI = int32(math.MaxInt32)
	minB = int64(math.MinInt64)
	maxB = int64(math.MaxInt64)
)

var (
	nan    = math.NaN()
	inf    = math.Inf(1)
	negInf = math.Inf(-1)
	negZ   = math.Copysign(0, -1)
)

// errWant is an expected error class in a test case; a distinct type so that
// it cannot be confused with an expected VARCHAR value.
type errWant string

const (
	overflow = errWant(ir.ErrArithmeticOverflow)
	div0     = errWant(ir.ErrDivideByZero)
	badCast  = errWant(ir.ErrCastInvalidInput)
	castOvf  = errWant(ir.ErrCastOverflow)
	badPat   = errWant(ir.ErrInvalidPattern)
	badParam = errWant(ir.ErrInvalidParameter)
	noKey    = errWant(ir.ErrMapKeyNotExist)
)

type kcase struct {
	fn   string
	args []arg
	want any
}

func c(fn string, want any, args ...arg) kcase { return kcase{fn, args, want} }

func runCases(t *testing.T, cases []kcase) {
	t.Helper()
	for _, k := range cases {
		got := call(t, k.fn, k.args...)
		if !same(got, k.want) {
			var parts []string
			for _, a := range k.args {
				parts = append(parts, a.t.String()+" "+show(a.out))
			}
			t.Errorf("%s(%s) = %s, want %#v", k.fn, strings.Join(parts, ", "), show(got), k.want)
		}
	}
}

func TestArithmetic(t *testing.T) {
	runCases(t, []kcase{
		c("add", 3, v(1), v(2)),
		c("add", maxI, v(maxI), v(0)),
		c("add", overflow, v(maxI), v(1)),
		c("add", overflow, v(minI), v(-1)),
		c("add", int64(maxI)+1, v(int64(maxI)), v(1)), // INT widens to BIGINT
		c("add", overflow, v(maxB), v(int64(1))),
		c("add", overflow, v(minB), v(int64(-1))),
		c("add", maxB, v(maxB-1), v(int64(1))),
		c("add", 3.5, v(1), v(2.5)),
		c("add", inf, v(math.MaxFloat64), v(math.MaxFloat64)),
		c("add", nan, v(inf), v(negInf)),
		c("add", nil, v(1), v(nil)),
		c("add", nil, v(nil), fail(tInt, div0)), // NULL beats error
		c("add", div0, fail(tInt, div0), fail(tInt, overflow)),
		c("subtract", -1, v(1), v(2)),
		c("subtract", overflow, v(minI), v(1)),
		c("subtract", overflow, v(0), v(minI)),
		c("subtract", overflow, v(minB), v(int64(1))),
		c("subtract", overflow, v(int64(0)), v(minB)),
		c("subtract", maxB, v(int64(-1)), v(minB)),
		c("subtract", 0.0, v(negZ), v(negZ)),
		c("multiply", 6, v(2), v(3)),
		c("multiply", overflow, v(int32(65536)), v(int32(65536))),
		c("multiply", overflow, v(minI), v(-1)),
		c("multiply", overflow, v(minB), v(int64(-1))),
		c("multiply", overflow, v(int64(-1)), v(minB)),
		c("multiply", minB, v(int64(-1)<<62), v(int64(2))),
		c("multiply", overflow, v(int64(1)<<62), v(int64(2))),
		c("multiply", int64(0), v(minB), v(int64(0))),
		c("multiply", negZ, v(-1.0), v(0.0)),
		c("divide", 0.5, v(1), v(2)),
		c("divide", div0, v(1), v(0)),
		c("divide", div0, v(1.0), v(0.0)),
		c("divide", div0, v(1.0), v(negZ)),
		c("divide", div0, v(nan), v(0.0)),
		c("divide", 0.0, v(0.0), v(inf)),
		c("divide", -9.223372036854776e18, v(minB), v(int64(1))),
		c("div", int64(3), v(7), v(2)),
		c("div", int64(-3), v(-7), v(2)),
		c("div", int64(2147483648), v(minI), v(-1)),
		c("div", overflow, v(minB), v(int64(-1))),
		c("div", div0, v(1), v(0)),
		c("div", div0, v(int64(0)), v(int64(0))),
		c("mod", 1, v(7), v(3)),
		c("mod", -1, v(-7), v(3)),
		c("mod", 1, v(7), v(-3)),
		c("mod", 0, v(minI), v(-1)),
		c("mod", int64(0), v(minB), v(int64(-1))),
		c("mod", div0, v(1), v(0)),
		c("mod", div0, v(1.5), v(0.0)),
		c("mod", div0, v(1.5), v(negZ)),
		c("mod", 1.5, v(5.5), v(2)),
		c("mod", -1.5, v(-5.5), v(2.0)),
		c("mod", nan, v(inf), v(2.0)),
		c("negate", -1, v(1)),
		c("negate", overflow, v(minI)),
		c("negate", -maxI, v(maxI)),
		c("negate", overflow, v(minB)),
		c("negate", negZ, v(0.0)),
		c("negate", negInf, v(inf)),
		c("abs", 5, v(-5)),
		c("abs", overflow, v(minI)),
		c("abs", overflow, v(minB)),
		c("abs", maxB, v(-maxB)),
		c("abs", 0.0, v(negZ)),
		c("abs", inf, v(negInf)),
		c("abs", nan, v(nan)),
	})
}

func TestMath(t *testing.T) {
	runCases(t, []kcase{
		c("ceil", int64(2), v(1.2)),
		c("ceil", int64(-1), v(-1.2)),
		c("ceil", int64(0), v(negZ)),
		c("ceil", int64(5), v(5)),
		c("ceil", minB, v(minB)),
		c("ceil", overflow, v(nan)),
		c("ceil", overflow, v(inf)),
		c("ceil", overflow, v(9.3e18)),
		c("ceil", minB, v(-9.223372036854775808e18)),
		c("ceiling", int64(3), v(2.5)),
		c("floor", int64(1), v(1.8)),
		c("floor", int64(-2), v(-1.2)),
		c("floor", overflow, v(negInf)),
		c("floor", overflow, v(-1e19)),
		c("round", 3.0, v(2.5)),
		c("round", -3.0, v(-2.5)),
		c("round", 0.0, v(-0.4)),
		c("round", 0.0, v(negZ)),
		c("round", 1.01, v(1.005), v(2)),
		c("round", 0.13, v(0.125), v(2)),
		c("round", 1200.0, v(1234.5), v(-2)),
		c("round", 0.0, v(1234.5), v(-5)),
		c("round", 10000.0, v(5000.0), v(-4)),
		c("round", 1.5, v(1.5), v(maxI)),
		c("round", 0.0, v(1.5), v(minI)),
		c("round", nan, v(nan), v(2)),
		c("round", inf, v(inf), v(-2)),
		c("round", inf, v(math.MaxFloat64), v(-308)),
		c("round", 5e-324, v(5e-324), v(400)),
		c("round", 0.0, v(5e-324), v(300)),
		c("round", 1230, v(1234), v(-1)),
		c("round", 1240, v(1235), v(-1)),
		c("round", -1240, v(-1235), v(-1)),
		c("round", 7, v(7), v(3)),
		c("round", 7, v(7)),
		c("round", overflow, v(maxI), v(-1)),
		c("round", overflow, v(minI), v(-1)), // HALF_UP gives -2147483650
		c("round", -2000000000, v(minI), v(-9)),
		c("round", -2147483640, v(minI+5), v(-1)),
		c("round", 0, v(minI), v(-10)),
		c("round", int64(0), v(minB), v(-20)),
		c("round", int64(0), v(minB), v(minI)),
		c("round", overflow, v(maxB), v(-1)),
		c("round", overflow, v(minB), v(-19)),
		c("round", overflow, v(maxB), v(-19)),
		c("round", int64(0), v(int64(4e18)), v(-19)),
		c("round", int64(-9000000000000000000), v(int64(-9e18)), v(-18)),
		c("sqrt", 2.0, v(4)),
		c("sqrt", nan, v(-1)),
		c("sqrt", negZ, v(negZ)),
		c("sqrt", inf, v(inf)),
		c("power", 8.0, v(2), v(3)),
		c("pow", 0.5, v(2), v(-1.0)),
		c("power", nan, v(1.0), v(nan)),
		c("power", nan, v(-1.0), v(inf)),
		c("power", 1.0, v(nan), v(0.0)),
		c("power", inf, v(0.0), v(-1.0)),
		c("sign", -1.0, v(-5)),
		c("signum", 1.0, v(int64(7))),
		c("sign", negZ, v(negZ)),
		c("sign", nan, v(nan)),
		c("sign", 1.0, v(inf)),
		c("greatest", 3, v(1), v(3), v(2)),
		c("greatest", 3, v(nil), v(3), null(tInt)),
		c("greatest", nil, v(nil), null(tInt)),
		c("greatest", int64(5), v(1), v(int64(5))),
		c("greatest", nan, v(inf), v(nan), v(1.0)),
		c("greatest", 0.0, v(0.0), v(negZ)), // ties keep the first
		c("greatest", negZ, v(negZ), v(0.0)),
		c("greatest", div0, v(nil), fail(tInt, div0), fail(tInt, overflow)),
		c("greatest", div0, v(9), fail(tInt, div0)),
		c("greatest", "b", v("a"), v("b"), v("")),
		c("greatest", true, v(false), v(true)),
		c("greatest", date("2024-02-29"), v(date("2024-02-29")), v(date("1999-12-31"))),
		c("least", 1, v(1), v(3), v(2)),
		c("least", negInf, v(inf), v(nan), v(negInf)),
		c("least", 2, null(tInt), v(2)),
		c("least", overflow, v(1), fail(tInt, overflow), v(nil)),
		c("least", "", v("a"), v("b"), v("")),
	})
}

func TestCompare(t *testing.T) {
	runCases(t, []kcase{
		c("eq", true, v(1), v(int64(1))),
		c("eq", true, v(1), v(1.0)),
		c("eq", false, v(maxB), v(maxB-1)),
		c("eq", true, v(nan), v(nan)),
		c("eq", true, v(0.0), v(negZ)),
		c("eq", false, v(nan), v(inf)),
		c("eq", nil, v(1), v(nil)),
		c("eq", nil, v(nil), fail(tInt, div0)),
		c("eq", div0, fail(tInt, div0), v(1)),
		c("ne", true, v(1), v(2)),
		c("ne", false, v(nan), v(nan)),
		c("lt", true, v(inf), v(nan)),
		c("lt", false, v(nan), v(inf)),
		c("gt", true, v(nan), v(1e308)),
		c("le", true, v(negZ), v(0.0)),
		c("ge", true, v(0.0), v(negZ)),
		c("lt", true, v(minB), v(maxI)),
		c("lt", true, v(""), v("a")),
		c("lt", true, v("Z"), v("a")),
		c("lt", true, v("a"), v("é")),
		c("lt", true, v("\xff"), v("\xff\x00")),
		c("lt", true, v(false), v(true)),
		c("gt", false, v(false), v(true)),
		c("lt", true, v(date("2024-02-28")), v(date("2024-02-29"))),
		c("eq", true, v("é"), v("é")),
		c("not", false, v(true)),
		c("not", true, v(false)),
		c("not", nil, null(tBool)),
	})
}

func TestStrings(t *testing.T) {
	runCases(t, []kcase{
		c("length", 0, v("")),
		c("length", 5, v("héllo")),
		c("length", 1, v("😀")),
		c("char_length", 2, v("\xff\xfe")),
		c("character_length", 3, v("a\xe2\x82")), // truncated 3-byte sequence: two bad bytes
		c("upper", "HÉLLO", v("héllo")),
		c("upper", "A\xffB", v("a\xffb")),
		c("lower", "straße", v("STRAßE")),
		c("upper", "", v("")),
		c("substring", "park", v("Spark"), v(2)),
		c("substring", "Spark", v("Spark"), v(0)),
		c("substring", "Sp", v("Spark"), v(0), v(2)),
		c("substring", "Sp", v("Spark"), v(1), v(2)),
		c("substring", "rk", v("Spark"), v(-2)),
		c("substring", "S", v("Spark"), v(-7), v(3)),
		c("substring", "", v("Spark"), v(-10), v(3)),
		c("substring", "", v("Spark"), v(2), v(-1)),
		c("substring", "", v("Spark"), v(2), v(0)),
		c("substring", "", v("Spark"), v(9)),
		c("substring", "Spar", v("Spark"), v(minI)), // as Spark: end = start + MaxInt32 = 4
		c("substring", "Spar", v("Spark"), v(minI), v(maxI)),
		c("substring", "", v("Spark"), v(minI), v(5)),
		c("substring", "ark", v("Spark"), v(3), v(maxI)),
		c("substring", "", v("Spark"), v(maxI), v(maxI)),
		c("substr", "é", v("héllo😀"), v(2), v(1)),
		c("substr", "lo😀", v("héllo😀"), v(-3)),
		c("substr", "\xffb", v("a\xffbc"), v(2), v(2)),
		c("concat", "ab", v("a"), v("b")),
		c("concat", "abc", v("a"), v("b"), v("c")),
		c("concat", "a", v("a")),
		c("concat", nil, v("a"), v(nil)),
		c("concat", nil, v("a"), v(nil), fail(tStr, badCast)),
		c("concat", badCast, v("a"), fail(tStr, badCast), fail(tStr, div0)),
		c("concat", strings.Repeat("x", 20), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"),
			v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x"), v("x")),
		c("trim", "a b", v("  a b  ")),
		c("trim", "\ta\n", v(" \ta\n ")),
		c("ltrim", "a  ", v("  a  ")),
		c("rtrim", "  a", v("  a  ")),
		c("trim", "", v("   ")),
		c("starts_with", true, v("Spark"), v("Sp")),
		c("startswith", true, v("Spark"), v("")),
		c("starts_with", false, v(""), v("a")),
		c("ends_with", true, v("Spark"), v("rk")),
		c("endswith", false, v("Spark"), v("Sp")),
		c("contains", true, v("Spark"), v("par")),
		c("contains", true, v(""), v("")),
		c("contains", false, v("\xff"), v("\xfe")),
		c("replace", "ABCabc", v("ABCabc"), v(""), v("x")),
		c("replace", "xBCxbc", v("ABCAbc"), v("A"), v("x")),
		c("replace", "BCbc", v("ABCAbc"), v("A")),
		c("replace", "aaa", v("aaa"), v("aaaa"), v("b")),
		c("lpad", "   hi", v("hi"), v(5)),
		c("lpad", "??hi", v("hi"), v(4), v("?")),
		c("lpad", "abahi", v("hi"), v(5), v("ab")),
		c("lpad", "he", v("hello"), v(2)),
		c("lpad", "", v("hello"), v(0)),
		c("lpad", "", v("hello"), v(-5)),
		c("lpad", "hi", v("hi"), v(5), v("")),
		c("lpad", "h", v("hi"), v(1), v("")),
		c("lpad", "éééhé", v("hé"), v(5), v("é")),
		c("lpad", badParam, v("hi"), v(maxI)),
		c("rpad", "hi   ", v("hi"), v(5)),
		c("rpad", "hiaba", v("hi"), v(5), v("ab")),
		c("rpad", "he", v("hello"), v(2), v("x")),
		c("rpad", "", v("hello"), v(minI)),
		c("rpad", badParam, v("hi"), v(maxI), v("x")),
		c("rpad", "hi\xff\xff", v("hi"), v(4), v("\xff")),
	})
}

func TestLike(t *testing.T) {
	runCases(t, []kcase{
		c("like", true, v("abc"), v("abc")),
		c("like", true, v("abc"), v("a%")),
		c("like", true, v("abc"), v("%c")),
		c("like", true, v("abc"), v("%b%")),
		c("like", true, v("abc"), v("a_c")),
		c("like", false, v("abc"), v("a_")),
		c("like", true, v(""), v("%")),
		c("like", false, v(""), v("_")),
		c("like", true, v(""), v("")),
		c("like", false, v("a"), v("")),
		c("like", true, v("héllo"), v("h_llo")),
		c("like", true, v("\xffx"), v("_x")),
		c("like", true, v("a%b"), v(`a\%b`)),
		c("like", false, v("axb"), v(`a\%b`)),
		c("like", true, v("a_b"), v(`a\_b`)),
		c("like", true, v(`a\b`), v(`a\\b`)),
		c("like", badPat, v("ab"), v(`a\b`)),
		c("like", badPat, v("ab"), v(`ab\`)),
		c("like", true, v("a%b"), v("a#%b"), v("#")),
		c("like", true, v(`a\b`), v(`a\b`), v("#")),
		c("like", badPat, v("ab"), v("a#b"), v("#")),
		c("like", true, v("a%b"), v("a%%b"), v("%")), // with ESCAPE '%', %% is a literal %
		c("like", badParam, v("ab"), v("ab"), v("##")),
		c("like", badParam, v("ab"), v("ab"), v("")),
		c("like", true, v("aaaaaaaaaaaaaaaaaaaaaaaaaaaaab"), v("%a%a%a%a%a%a%a%b")),
		c("like", false, v(strings.Repeat("a", 5000)), v(strings.Repeat("%a", 50)+"b")),
		c("like", true, v("mississippi"), v("m%iss%ppi")),
		c("like", true, v("ab"), v("%%b")),
		c("like", nil, v("ab"), v(nil)),
		c("rlike", true, v("abc"), v("b")),
		c("rlike", true, v("abc"), v("^a.c$")),
		c("rlike", false, v("abc"), v("^b")),
		c("rlike", true, v(""), v("")),
		c("rlike", badPat, v("abc"), v("(")),
		c("rlike", badPat, v("abc"), v(`\p{Foo}`)),
		c("rlike", true, v("h\xffllo"), v("h.llo")),
		c("rlike", true, v("héllo"), v(`^h\Sllo$`)),
	})
}

func TestMaps(t *testing.T) {
	m := mapOf(tStr, tBig, "a", int64(1), "b", nil, "é", int64(3))
	mi := mapOf(tBig, tStr, int64(1), "one", int64(maxB), "max")
	md := mapOf(tDbl, tInt, nan, int32(1), 0.0, int32(2))
	runCases(t, []kcase{
		c("subscript", int64(1), m, v("a")),
		c("subscript", nil, m, v("b")),
		c("subscript", int64(3), m, v("é")),
		c("subscript", noKey, m, v("z")),
		c("subscript", nil, m, v(nil)),
		c("subscript", nil, null(ir.MapOf(tStr, tBig)), v("a")),
		c("subscript", "one", mi, v(1)), // INT key widens to BIGINT
		c("subscript", "max", mi, v(maxB)),
		c("subscript", int32(1), md, v(nan)),
		c("subscript", int32(2), md, v(negZ)),
		c("element_at", int64(1), m, v("a")),
		c("element_at", nil, m, v("z")),
		c("element_at", nil, m, v("b")),
		c("element_at", "one", mi, v(1)),
		c("map_contains_key", true, m, v("b")),
		c("map_contains_key", false, m, v("")),
		c("map_contains_key", false, mapOf(tStr, tStr), v("a")),
		c("cardinality", 3, m),
		c("size", 0, mapOf(tInt, tInt)),
		c("cardinality", nil, v(nil)),
	})
	got := call(t, "subscript", m, v("z"))
	if want := "Key 'z' does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."; got.Err == nil || got.Err.Message() != want {
		t.Errorf("subscript message = %q", show(got))
	}
	if got := call(t, "subscript", mi, v(7)); got.Err == nil || !strings.HasPrefix(got.Err.Message(), "Key 7 does not exist.") {
		t.Errorf("subscript message = %q", show(got))
	}
}

func TestDates(t *testing.T) {
	runCases(t, []kcase{
		c("year", 2024, v(date("2024-02-29"))),
		c("month", 2, v(date("2024-02-29"))),
		c("day", 29, v(date("2024-02-29"))),
		c("dayofmonth", 31, v(date("1969-12-31"))),
		c("year", 1970, v(ir.Date(0))),
		c("year", -5877641, v(ir.Date(math.MinInt32))),
		c("year", 5881580, v(ir.Date(math.MaxInt32))),
		c("date_add", date("2024-03-01"), v(date("2024-02-29")), v(1)),
		c("date_add", date("2024-02-29"), v(date("2023-02-28")), v(366)),
		c("date_add", date("2024-02-28"), v(date("2024-02-29")), v(-1)),
		c("date_add", overflow, v(ir.Date(math.MaxInt32)), v(1)),
		c("date_add", ir.Date(-1), v(ir.Date(math.MaxInt32)), v(minI)),
		c("date_sub", date("2024-02-29"), v(date("2024-03-01")), v(1)),
		c("date_sub", overflow, v(ir.Date(0)), v(minI)),
		c("date_sub", overflow, v(ir.Date(math.MinInt32)), v(1)),
		c("datediff", 1, v(date("2024-03-01")), v(date("2024-02-29"))),
		c("datediff", -366, v(date("2023-02-28")), v(date("2024-02-29"))),
		c("datediff", overflow, v(ir.Date(math.MaxInt32)), v(ir.Date(math.MinInt32))),
		c("datediff", maxI, v(ir.Date(math.MaxInt32)), v(ir.Date(0))),
	})
}

func TestCasts(t *testing.T) {
	type cc struct {
		x    arg
		to   ir.Type
		want any
	}
	for _, k := range []cc{
		{v(nil), tInt, nil},
		{v(nil), ir.MapOf(tStr, tStr), nil},
		{v(true), tInt, 1}, {v(false), tBig, int64(0)}, {v(true), tDbl, 1.0}, {v(true), tStr, "true"}, {v(false), tStr, "false"},
		{v(0), tBool, false}, {v(-1), tBool, true}, {v(minI), tBig, int64(minI)}, {v(maxI), tDbl, 2147483647.0}, {v(minI), tStr, "-2147483648"},
		{v(int64(0)), tBool, false}, {v(maxB), tInt, castOvf}, {v(int64(maxI)), tInt, maxI}, {v(int64(minI)), tInt, minI},
		{v(int64(minI) - 1), tInt, castOvf}, {v(maxB), tDbl, 9.223372036854776e18}, {v(minB), tStr, "-9223372036854775808"},
		{v(0.0), tBool, false}, {v(negZ), tBool, false}, {v(nan), tBool, true}, {v(0.5), tBool, true},
		{v(1.9), tInt, 1}, {v(-1.9), tInt, -1}, {v(2147483647.9), tInt, maxI}, {v(-2147483648.9), tInt, minI},
		{v(2147483648.0), tInt, castOvf}, {v(nan), tInt, castOvf}, {v(inf), tInt, castOvf}, {v(negInf), tBig, castOvf},
		{v(9.223372036854775807e18), tBig, maxB}, {v(9.223372036854777856e18), tBig, castOvf}, {v(-9.223372036854775808e18), tBig, minB}, // 2^63 saturates (DoubleExactNumeric.toLong)
		{v(nan), tBig, castOvf},
		{v(1.0), tStr, "1.0"}, {v(1e7), tStr, "1.0E7"}, {v(nan), tStr, "NaN"}, {v(negInf), tStr, "-Infinity"}, {v(negZ), tStr, "-0.0"},
		{v("1"), tInt, 1}, {v(" -12 "), tInt, -12}, {v("+7"), tInt, 7}, {v("\t42\n"), tBig, int64(42)},
		{v("2147483647"), tInt, maxI}, {v("-2147483648"), tInt, minI}, {v("2147483648"), tInt, badCast},
		{v("9223372036854775807"), tBig, maxB}, {v("-9223372036854775808"), tBig, minB}, {v("9223372036854775808"), tBig, badCast},
		{v("99999999999999999999999"), tBig, badCast},
		{v("1.9"), tInt, badCast}, {v("-1.9"), tInt, badCast}, {v(" 7. "), tBig, badCast}, {v("2147483647.99"), tInt, badCast}, {v("1.0"), tInt, badCast},
		{v(".5"), tInt, badCast}, {v("1.x"), tInt, badCast}, {v("1.2.3"), tInt, badCast}, {v("-.5"), tBig, badCast},
		{v("2147483648.0"), tInt, badCast}, {v("1e3"), tInt, badCast}, {v(""), tInt, badCast}, {v("-"), tInt, badCast},
		{v("abc"), tInt, badCast}, {v("1 2"), tInt, badCast}, {v("0x10"), tBig, badCast}, {v("１"), tInt, badCast},
		{v("1.5"), tDbl, 1.5}, {v(" -1e3 "), tDbl, -1000.0}, {v(".5"), tDbl, 0.5}, {v("5."), tDbl, 5.0},
		{v("Infinity"), tDbl, inf}, {v("-infinity"), tDbl, negInf}, {v("INF"), tDbl, inf}, {v("+inf"), tDbl, inf},
		{v("NaN"), tDbl, nan}, {v("nan"), tDbl, nan}, {v("1e400"), tDbl, inf}, {v("-1e400"), tDbl, negInf}, {v("1e-400"), tDbl, 0.0},
		{v("0x1p3"), tDbl, badCast}, {v("1_000"), tDbl, badCast}, {v("abc"), tDbl, badCast}, {v(""), tDbl, badCast},
		{v("infinite"), tDbl, badCast}, {v("1.5d"), tDbl, badCast}, {v("-0"), tDbl, negZ},
		{v("true"), tBool, true}, {v(" T "), tBool, true}, {v("YES"), tBool, true}, {v("y"), tBool, true}, {v("1"), tBool, true},
		{v("false"), tBool, false}, {v("No"), tBool, false}, {v("0"), tBool, false}, {v("f"), tBool, false},
		{v("2"), tBool, badCast}, {v(""), tBool, badCast}, {v("tru"), tBool, badCast},
		{v("2024-02-29"), tDate, date("2024-02-29")}, {v(" 2024-1-2 "), tDate, date("2024-01-02")},
		{v("2023-02-29"), tDate, badCast}, {v("2024-13-01"), tDate, badCast}, {v("x"), tDate, badCast}, {v(""), tDate, badCast},
		{v(date("2024-02-29")), tStr, "2024-02-29"}, {v(ir.Date(0)), tStr, "1970-01-01"},
		{v("é"), tStr, "é"}, {v(date("2024-02-29")), tDate, date("2024-02-29")},
	} {
		got := castV(t, k.x, k.to)
		if !same(got, k.want) {
			t.Errorf("CAST(%s %s AS %s) = %s, want %#v", k.x.t, show(k.x.out), k.to, show(got), k.want)
		}
	}
}

func TestCastRules(t *testing.T) {
	nums := []ir.Kind{ir.KindBoolean, ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint, ir.KindFloat, ir.KindDouble, ir.KindVarchar}
	allowed := map[ir.Kind][]ir.Kind{
		ir.KindBoolean:  nums,
		ir.KindTinyint:  nums,
		ir.KindSmallint: nums,
		ir.KindInt:      nums,
		ir.KindBigint:   nums,
		ir.KindFloat:    nums,
		ir.KindDouble:   nums,
		ir.KindVarchar:  append(slices.Clone(nums), ir.KindDate, ir.KindTimestamp, ir.KindTimestampNTZ, ir.KindBinary),
		ir.KindDate:     {ir.KindVarchar, ir.KindDate, ir.KindTimestamp, ir.KindTimestampNTZ},
		ir.KindBinary:   {ir.KindVarchar, ir.KindBinary},
		// docs/semantics.md 10.5: numbers to and from TIMESTAMP (not
		// BOOLEAN, not TIMESTAMP_NTZ)
		ir.KindTimestamp:    {ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint, ir.KindFloat, ir.KindDouble, ir.KindVarchar, ir.KindDate, ir.KindTimestamp, ir.KindTimestampNTZ},
		ir.KindTimestampNTZ: {ir.KindVarchar, ir.KindDate, ir.KindTimestamp, ir.KindTimestampNTZ},
	}
	for _, k := range []ir.Kind{ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint, ir.KindFloat, ir.KindDouble} {
		allowed[k] = append(slices.Clone(allowed[k]), ir.KindTimestamp)
	}
	mayErr := map[[2]ir.Kind]bool{
		{ir.KindBigint, ir.KindInt}: true, {ir.KindDouble, ir.KindInt}: true, {ir.KindDouble, ir.KindBigint}: true,
		{ir.KindVarchar, ir.KindBoolean}: true, {ir.KindVarchar, ir.KindInt}: true, {ir.KindVarchar, ir.KindBigint}: true,
		{ir.KindVarchar, ir.KindDouble}: true, {ir.KindVarchar, ir.KindDate}: true,
		// The narrowing casts to TINYINT and SMALLINT, FLOAT to an integer,
		// and text that may not parse.
		{ir.KindSmallint, ir.KindTinyint}: true, {ir.KindInt, ir.KindTinyint}: true, {ir.KindInt, ir.KindSmallint}: true,
		{ir.KindBigint, ir.KindTinyint}: true, {ir.KindBigint, ir.KindSmallint}: true,
		{ir.KindDouble, ir.KindTinyint}: true, {ir.KindDouble, ir.KindSmallint}: true,
		{ir.KindFloat, ir.KindTinyint}: true, {ir.KindFloat, ir.KindSmallint}: true, {ir.KindFloat, ir.KindInt}: true, {ir.KindFloat, ir.KindBigint}: true,
		{ir.KindVarchar, ir.KindTinyint}: true, {ir.KindVarchar, ir.KindSmallint}: true, {ir.KindVarchar, ir.KindFloat}: true,
		// TIMESTAMP: text, overflow of the narrow integers and of BIGINT
		// and DOUBLE seconds, NaN
		{ir.KindVarchar, ir.KindTimestamp}: true, {ir.KindVarchar, ir.KindTimestampNTZ}: true,
		{ir.KindTimestamp, ir.KindTinyint}: true, {ir.KindTimestamp, ir.KindSmallint}: true, {ir.KindTimestamp, ir.KindInt}: true,
		{ir.KindBigint, ir.KindTimestamp}: true, {ir.KindFloat, ir.KindTimestamp}: true, {ir.KindDouble, ir.KindTimestamp}: true,
	}
	for _, f := range castKinds {
		for _, to := range castKinds {
			s, err := ResolveCast(f, to)
			want := false
			for _, k := range allowed[f.Kind] {
				want = want || k == to.Kind
			}
			if (err == nil) != want {
				t.Errorf("ResolveCast(%s, %s): err = %v, want allowed %v", f, to, err, want)
				continue
			}
			if err != nil {
				if w := "cannot cast " + f.String() + " to " + to.String(); err.Error() != w {
					t.Errorf("message %q, want %q", err, w)
				}
				continue
			}
			if !s.Ret.Equal(to) || len(s.Params) != 1 || !s.Params[0].Equal(f) {
				t.Errorf("ResolveCast(%s, %s) = %v", f, to, s)
			}
			if s.MayError != mayErr[[2]ir.Kind{f.Kind, to.Kind}] {
				t.Errorf("ResolveCast(%s, %s).MayError = %v", f, to, s.MayError)
			}
		}
	}
	m1, m2 := ir.MapOf(tStr, tInt), ir.MapOf(tStr, tBig)
	if _, err := ResolveCast(m1, ir.MapOf(tStr, tInt)); err != nil {
		t.Errorf("identity MAP cast: %v", err)
	}
	for _, p := range [][2]ir.Type{{m1, m2}, {m1, tStr}, {tStr, m1}, {tInt, ir.TypeNull}} {
		if _, err := ResolveCast(p[0], p[1]); err == nil {
			t.Errorf("ResolveCast(%s, %s) allowed", p[0], p[1])
		}
	}
	if _, err := ResolveCast(ir.TypeNull, m1); err != nil {
		t.Errorf("NULL to MAP: %v", err)
	}
}

func TestCastMessages(t *testing.T) {
	for _, k := range []struct {
		x    arg
		to   ir.Type
		want string
	}{
		{v("abc"), tInt, `The value 'abc' of the type "STRING" cannot be cast to "INT" because it is malformed.`},
		{v("it's"), tDate, `The value 'it''s' of the type "STRING" cannot be cast to "DATE" because it is malformed.`},
		{v(int64(2147483648)), tInt, `The value 2147483648L of the type "BIGINT" cannot be cast to "INT" due to an overflow.`},
		{v(1e10), tInt, `The value 1.0E10D of the type "DOUBLE" cannot be cast to "INT" due to an overflow.`},
	} {
		got := castV(t, k.x, k.to)
		if got.Err == nil || got.Err.Message() != k.want {
			t.Errorf("CAST(%s AS %s) = %s, want message %q", show(k.x.out), k.to, show(got), k.want)
		}
	}
	for fn, want := range map[string]string{"add": "integer overflow", "multiply": "integer overflow", "negate": "integer overflow"} {
		args := []arg{v(maxI), v(maxI)}
		if fn == "negate" {
			args = []arg{v(minI)}
		}
		if got := call(t, fn, args...); got.Err == nil || got.Err.Message() != want {
			t.Errorf("%s message: %s", fn, show(got))
		}
	}
	if got := call(t, "add", v(maxB), v(maxB)); got.Err == nil || got.Err.Message() != "long overflow" {
		t.Errorf("long overflow message: %s", show(got))
	}
	if got := call(t, "divide", v(1), v(0)); got.Err == nil || got.Err.Message() != "Division by zero." {
		t.Errorf("division message: %s", show(got))
	}
}
