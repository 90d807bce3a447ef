package rt

import (
	"testing"
)

// TestGetJSONObject: Spark's get_json_object (Hive's JsonPath subset and
// write styles), expected values from Spark's GetJsonObject evaluation rules.
func TestGetJSONObject(t *testing.T) {
	const null = "\x00NULL"
	cases := []struct{ json, path, want string }{
		{`{"a":"b"}`, `$.a`, `b`},
		{`{"a":"b"}`, `$`, `{"a":"b"}`},
		{`"abc"`, `$`, `abc`},
		{`'abc'`, `$`, `abc`},
		{`{'a':'x"y'}`, `$.a`, `x"y`},
		{`{"a":"x\"y\n"}`, `$.a`, "x\"y\n"},
		{`{"a":["x\"y"]}`, `$.a`, `["x\"y"]`},
		{`{"a":{"b":1.50, "c":[1, 2e3, -0, 12345678901234567890]}}`, `$.a`, `{"b":1.5,"c":[1,2000.0,0,12345678901234567890]}`},
		{`{"a":1e400}`, `$.a`, `"Infinity"`},
		{`{"a":[1,2,3]}`, `$.a[1]`, `2`},
		{`{"a":[1,2,3]}`, `$.a[3]`, null},
		{`{"a":[1,2,3]}`, `$.a[*]`, `[1,2,3]`},
		{`{"a":[1]}`, `$.a[*]`, `1`},
		{`{"a":["x"]}`, `$.a[*]`, `"x"`},
		{`{"a":[]}`, `$.a[*]`, null},
		{`[{"b":1},{"b":2},{"c":3}]`, `$[*].b`, `[1,2]`},
		{`[{"b":1},{"c":3}]`, `$[*].b`, `1`},
		{`[[1,2],[3,[4]]]`, `$[*][*]`, `[1,2,3,4]`},
		{`[[1,2],[3,[4]]]`, `$[0][*]`, `[1,2]`},
		{`[["a"]]`, `$[0][*]`, `["a"]`},
		{`{"a":null}`, `$.a`, null},
		{`[null]`, `$[0]`, `null`},
		{`{"a":1,"a":2}`, `$.a`, `1`},
		{`{"a":null,"a":2}`, `$.a`, `2`},
		{`{"a b":1}`, `$['a b']`, `1`},
		{`{"a":1}`, `$. a`, `1`},
		{`{"a":1}`, `$[ 'a']`, null},
		{`{"a":1}`, ` $.a`, null},
		{`{"a":1}`, `$.a `, null},
		{`[1,2]`, `$[ 1]`, `2`},
		{`[1,2]`, `$[1] `, `2`},
		{`{"a":1}`, `$.*`, null},
		{`{"a":1}`, `a`, null},
		{`{"a":1}`, ``, null},
		{`{"a":1`, `$.a`, null},
		{`{"a":1}x`, `$.a`, `1`},
		{`{"a":1, "b":[1,]}`, `$.a`, null},
		{`1`, `$`, `1`},
		{`1x`, `$`, null},
		{`1 x`, `$`, `1`},
		{``, `$`, null},
		{`{"a":"\u00e9\ud83d\ude00"}`, `$.a`, "é😀"},
		{"{\"a\":\"\x01\"}", `$.a`, "\x01"},
		{"{\"a\":[\"\x01\"]}", `$.a`, `["\u0001"]`},
		{`{"a":true}`, `$.a`, `true`},
		{`{"a":truex}`, `$.a`, null},
		{`{"a":{"b":[{"c":"x"},{"c":"y"}]}}`, `$.a.b[*].c`, `["x","y"]`},
		{`{"a":{"b":[{"c":"x"},{"c":"y"}]}}`, `$.a.b[1].c`, `y`},
	}
	for _, c := range cases {
		p, _ := CompileJSONPath(c.path)
		got, ok := p.eval(c.json)
		if !ok {
			got = null
		}
		if got != c.want {
			t.Errorf("get_json_object(%q, %q) = %q, want %q", c.json, c.path, got, c.want)
		}
		if GetJSONObjectDefined(c.json, c.path) != ok || ok && GetJSONObject(c.json, c.path) != got {
			t.Errorf("get_json_object(%q, %q): the cached path disagrees", c.json, c.path)
		}
	}
}

var benchJSON = `{"id":12345,"user":{"name":"alice","tags":["a","b","c"]},"score":12.5,"active":true}`

// BenchmarkGetJSONObject is the per-row cost of get_json_object with a
// constant path (compiled once): guard plus value, as generated code runs it.
func BenchmarkGetJSONObject(b *testing.B) {
	p, _ := CompileJSONPath("$.user.name")
	for i := 0; i < b.N; i++ {
		if p.Defined(benchJSON) {
			_ = p.Get(benchJSON)
		}
	}
}

// BenchmarkGetJSONObjectCached: a data-dependent path through the cache.
func BenchmarkGetJSONObjectCached(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if GetJSONObjectDefined(benchJSON, "$.user.tags[*]") {
			_ = GetJSONObject(benchJSON, "$.user.tags[*]")
		}
	}
}
