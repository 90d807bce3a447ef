package rt

import (
	"math"
	"strings"
	"testing"
)

func TestFormatString(t *testing.T) {
	i := FormatArgInt32
	l := FormatArgInt64
	d := FormatArgFloat64
	s := FormatArgString
	const null = ""
	cases := []struct {
		want string
		args []string
	}{
		{"abc", []string{"%s", s("abc")}},
		{"   ab|cd   ", []string{"%5s|%-5s", s("ab"), s("cd")}},
		{"42", []string{"%d", i(42)}},
		{"1,234,567", []string{"%,d", l(1234567)}},
		{"+5", []string{"%+d", i(5)}},
		{"(5)", []string{"%(d", i(-5)}},
		{"-0000042", []string{"%08d", i(-42)}},
		{" 42", []string{"% d", i(42)}},
		{"ffffffff", []string{"%x", i(-1)}},
		{"ffffffffffffffff", []string{"%x", l(-1)}},
		{"0xff 0XFF", []string{"%#x %<#X", i(255)}},
		{"10 010", []string{"%o %<#o", i(8)}},
		{"000000ff", []string{"%08x", i(255)}},
		{"3.141593", []string{"%f", d(3.14159265)}},
		{"0.13", []string{"%.2f", d(0.125)}},
		{"1.01", []string{"%.2f", d(1.005)}},
		{"0.2", []string{"%.1f", d(0.15)}},
		{"3", []string{"%.0f", d(2.5)}},
		{"0.10000000000000000000", []string{"%.20f", d(0.1)}},
		{"1.234568e+04", []string{"%e", d(12345.678)}},
		{"0.00e+00", []string{"%.2e", d(0)}},
		{"1.000000E+100", []string{"%E", d(1e100)}},
		{"12345.7", []string{"%g", d(12345.678)}},
		{"0.000100000", []string{"%g", d(0.0001)}},
		{"1.00000e-05", []string{"%g", d(0.00001)}},
		{"1.23457e+08", []string{"%g", d(123456789)}},
		{"0.00000", []string{"%g", d(0)}},
		{"false true false", []string{"%b %b %b", null, s("x"), FormatArgBool(false)}},
		{"A", []string{"%c", i(65)}},
		{"% \n", []string{"%% %n"}},
		{"b a", []string{"%2$s %1$s", s("a"), s("b")}},
		{"null null NULL", []string{"%s %d %S", null, null, null}},
		{"he", []string{"%.2s", s("hello")}},
		{"-00003.142", []string{"%010.3f", d(-3.14159)}},
		{"1,234,567.89", []string{"%,.2f", d(1234567.891)}},
		{"(1,234.50)", []string{"%(,.2f", d(-1234.5)}},
		{"1.0E10", []string{"%s", d(1e10)}},
		{"1.2346e+02", []string{"%10.4e", d(123.456)}},
		{"-1.50e+00", []string{"%08.2e", d(-1.5)}},
		{"00001.50e+00", []string{"%012.2e", d(1.5)}},
		{"Infinity -Infinity NaN", []string{"%f %e %g", d(math.Inf(1)), d(math.Inf(-1)), d(math.NaN())}},
		{"-0.000000", []string{"%f", d(math.Copysign(0, -1))}},
		{"HELLO", []string{"%S", s("hello")}},
		{"x", []string{"x", s("unused")}},
	}
	for _, c := range cases {
		got, err := FormatString(c.args...)
		if err != nil || got != c.want {
			t.Errorf("format_string(%q): %q, %v; want %q", c.args[0], got, err, c.want)
		}
	}
	for _, c := range [][]string{
		{"%d", d(1)}, {"%f", i(1)}, {"%q", i(1)}, {"%", i(1)}, {"%s %s", s("a")}, {"%-d", i(1)}, {"%#d", i(1)},
		{"%+s", s("a")}, {"%0$s", s("a")}, {"%c", l(65)}, {"%.2d", i(1)}, {"%<s", s("a")}, {"%c", i(-1)},
		{"%+x", i(1)}, {"%#g", d(1)}, {"%,e", d(1)}, {"%#s", null}, {"%-05d", i(1)}, {"%+ d", i(1)}, {"%tY", i(1)},
		{"%5n"}, {"%.1%"}, {"%--5s", s("a")},
	} {
		if got, err := FormatString(c...); err == nil || err.Class != InvalidPattern {
			t.Errorf("format_string(%q): %q, %v; want an error", c[0], got, err)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	for _, c := range []struct {
		x    float64
		d    int32
		want string
	}{
		{12332.123456, 4, "12,332.1235"}, {-0.001, 2, "-0.00"}, {0.125, 2, "0.12"}, {0.135, 2, "0.14"},
		{2.5, 0, "2"}, {3.5, 0, "4"}, {1.005, 2, "1.00"}, {0.1, 20, "0.10000000000000000000"},
		{1e20, 0, "100,000,000,000,000,000,000"}, {math.NaN(), 2, "NaN"}, {math.Inf(1), 2, "∞"},
		{math.Inf(-1), 1, "-∞"}, {-1234.5678, 1, "-1,234.6"}, {0, 3, "0.000"}, {999.9996, 3, "1,000.000"},
	} {
		if got := FormatNumberFloat64(c.x, c.d); got != c.want {
			t.Errorf("format_number(%v, %d) = %q, want %q", c.x, c.d, got, c.want)
		}
	}
	if got := FormatNumberInt64(-1234567, 2); got != "-1,234,567.00" {
		t.Errorf("format_number(-1234567, 2) = %q", got)
	}
	if got := FormatNumberInt64(math.MinInt64, 0); got != "-9,223,372,036,854,775,808" {
		t.Errorf("format_number(min, 0) = %q", got)
	}
	for _, c := range []struct {
		x       float64
		pattern string
		want    string
	}{
		{12332.123456, "##################.###", "12332.123"}, {5, "0000", "0005"}, {0.5, "#.##", "0.5"},
		{0.5, ".##", ".5"}, {1234.5, "#,##0.00 EUR", "1,234.50 EUR"}, {1234, "'#'#", "#1234"}, {0, "#", "0"},
		{12, "0.", "12."}, {-1234.567, "#,##0.0", "-1,234.6"}, {1234.5, "", "1,234"}, {1234567.5, "#,##,##0", "1,234,568"}, {1234567, "#,#0", "1,23,45,67"},
		{0.25, "0.0", "0.2"}, {7, "x'y''z'0", "xy'z7"},
	} {
		got, err := FormatNumberPatternFloat64(c.x, c.pattern)
		if err != nil || got != c.want {
			t.Errorf("format_number(%v, %q) = %q, %v; want %q", c.x, c.pattern, got, err, c.want)
		}
	}
	for _, p := range []string{"#.#.#", "0%", "#,##0.00;(#)", "0E0", "0#", "#,", "abc", "0'x", "#.0#0", "0.0,0", "0x#"} {
		if got, err := FormatNumberPatternInt64(1, p); err == nil {
			t.Errorf("format_number(1, %q) = %q, want an error", p, got)
		}
	}
}

func TestFormatFamily(t *testing.T) {
	eq := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	eq("overlay1", Overlay3("Spark SQL", "_", 6), "Spark_SQL")
	eq("overlay2", Overlay3("Spark SQL", "CORE", 7), "Spark CORE")
	eq("overlay3", Overlay4("Spark SQL", "ANSI ", 7, 0), "Spark ANSI SQL")
	eq("overlay4", Overlay4("Spark SQL", "tructured", 2, 4), "Structured SQL")
	box := FormatArgString
	m, _ := Mask("AbCD123-@$#", box("X"), box("x"), box("n"), "")
	eq("mask", m, "XxXXnnn-@$#")
	m, _ = Mask("AbCD123-@$#", box("Q"), box("q"), box("d"), box("o"))
	eq("mask2", m, "QqQQdddoooo")
	m, _ = Mask("a😀\xff", "", "", "", box("*"))
	eq("mask3", m, "a***")
	if _, err := Mask("a", box("ab"), "", "", ""); err == nil {
		t.Error("mask with a two-character replacement: no error")
	}
	eq("concat_ws", ConcatWs(",", ",a", "", ",", ",b"), "a,,b")
	eq("concat_ws empty", ConcatWs(",", "", ""), "")
	eq("url_encode", URLEncode("https://spark.apache.org a*b~é"), "https%3A%2F%2Fspark.apache.org+a*b%7E%C3%A9")
	for in, want := range map[string]string{"a+b%20c": "a b c", "%+1": "\x01", "%-0": "\x00", "%C3%A9": "é", "%E2%82": "\uFFFD", "x\xff": "x\uFFFD"} {
		got, err := URLDecode(in)
		if err != nil || got != want {
			t.Errorf("url_decode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"%ZZ", "%", "%4", "a%-1", "%g0"} {
		if _, err := URLDecode(in); err == nil || err.Class != CannotDecodeURL || URLDecodable(in) {
			t.Errorf("url_decode(%q): no error", in)
		}
	}
	eq("make_valid", MakeValidUtf8("\xE2\x82a\xff\xF0\x9F\x98\xED\xA0\x80"), "\uFFFDa\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD")
	if _, err := ValidateUtf8("a\xff"); err == nil || !strings.Contains(err.Message(), `\x61\xFF`) {
		t.Errorf("validate_utf8: %v", err)
	}
	if _, err := EltIndex(0, 2); err == nil || err.Class != InvalidArrayIndex {
		t.Errorf("elt(0): %v", err)
	}
}
