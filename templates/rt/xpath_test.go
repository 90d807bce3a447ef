package rt

import (
	"math"
	"testing"
)

func TestXPath(t *testing.T) {
	doc := `<a><b id="1">x</b><b id="2">y</b><c><b id="3">z</b></c><n>1</n><n>2.5</n></a>`
	str := []struct{ path, want string }{
		{"a/b", "x"},
		{"a/b[2]", "y"},
		{"a/b[last()]", "y"},
		{"//b[@id='3']", "z"},
		{"a/b/@id", "1"},
		{"//b[3]", ""},
		{"(//b)[3]", "z"},
		{"count(//b)", "3"},
		{"sum(a/n)", "3.5"},
		{"concat(a/b[1], '-', a/b[2])", "x-y"},
		{"substring('12345', 1.5, 2.6)", "234"},
		{"normalize-space('  a  b ')", "a b"},
		{"translate('bar', 'abc', 'AB')", "BAr"},
		{"name(/*)", "a"},
		{"string(1 div 0)", "Infinity"},
		{"a/c/b/text()", "z"},
		{"a/c/b/../../b[@id=2]", "y"},
		{"//b[. = 'y']/@id", "2"},
		{"a/*[position() > 3]", "1"},
		{"2 * 3", "6"},
	}
	for _, c := range str {
		x, err := CompileXPath(c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		got, e := x.XPathString(doc)
		if e != nil || got != c.want {
			t.Errorf("%s = %q, %v; want %q", c.path, got, e, c.want)
		}
	}
	b := []struct {
		path string
		want bool
	}{{"a/b", true}, {"a/d", false}, {"a/n > 2", true}, {"a/n = 3", false}, {"not(a/d) and a/b = 'y'", true}}
	for _, c := range b {
		x, _ := CompileXPath(c.path)
		if got, _ := x.XPathBoolean(doc); got != c.want {
			t.Errorf("%s = %v", c.path, got)
		}
	}
	x, _ := CompileXPath("a/b")
	if f, _ := x.XPathDouble(doc); !math.IsNaN(f) {
		t.Errorf("number('x') = %v", f)
	}
	if i, _ := x.XPathInt(doc); i != 0 {
		t.Errorf("int NaN = %v", i)
	}
	x, _ = CompileXPath("sum(a/n)")
	if l, _ := x.XPathLong(doc); l != 3 {
		t.Errorf("long = %v", l)
	}
	for _, bad := range []string{"<a><b></a>", "<a/><b/>", "text", ""} {
		if _, e := x.XPathString(bad); e == nil || e.Class != InvalidXML {
			t.Errorf("%q: %v", bad, e)
		}
	}
	for _, bad := range []string{"a/", "a[", "foo()", "a b", "'x", "child::", "@"} {
		if _, err := CompileXPath(bad); err == nil {
			t.Errorf("%q compiled", bad)
		}
	}
}
