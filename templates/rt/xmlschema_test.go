package rt

import "testing"

// Expected strings worked out from Spark's XmlInferSchema (default options).
func TestSchemaOfXML(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<p><a>1</a></p>", "STRUCT<a: BIGINT>"},
		{`<p><a attr="2">1</a><a>3</a></p>`, "STRUCT<a: ARRAY<STRUCT<_VALUE: BIGINT, _attr: BIGINT>>>"},
		{"<p><b>x</b><a>1</a><b>y</b></p>", "STRUCT<a: BIGINT, b: ARRAY<STRING>>"},
		{"<p>\n  <a>1</a>\n  <a>2.5</a>\n  <c><d>true</d><e/></c>\n</p>", "STRUCT<a: ARRAY<DOUBLE>, c: STRUCT<d: BOOLEAN, e: STRING>>"},
		{`<p id="7" name="n">hello</p>`, "STRUCT<_VALUE: STRING, _id: BIGINT, _name: STRING>"},
		{"<p/>", "STRUCT<>"},
		{"<p> </p>", "STRUCT<>"},
		{"<p><a>1</a><a>x</a><a-b>2</a-b></p>", "STRUCT<a: ARRAY<STRING>, `a-b`: BIGINT>"},
		{"<p><a><b>1</b></a><a><c>x</c></a></p>", "STRUCT<a: ARRAY<STRUCT<b: BIGINT, c: STRING>>>"},
		{"<p><a/><a/></p>", "STRUCT<a: ARRAY<STRING>>"},
		{"<p><a><b/></a></p>", "STRUCT<a: STRUCT<b: STRING>>"},
		{"<p>-12</p>", "STRUCT<_VALUE: BIGINT>"},
	} {
		got, problem := SchemaOfXML(c.in)
		if problem != "" || got != c.want {
			t.Errorf("SchemaOfXML(%q) = %q, %q; want %q", c.in, got, problem, c.want)
		}
	}
	for _, in := range []string{"", "<p>", "<p><a>1</b></p>", "<p>1<a>2</a></p>", "<p><a>1e5</a></p>", "<p><a>NaN</a></p>",
		"<p><a>2020-01-01</a></p>", "<p><a> 1</a></p>", "<p><a> </a></p>", "<p><a x=\"1\"/></p>", "<!-- c --><p/>", "<p>&amp;</p>",
		"<p/><q/>", "<x:p/>", "<p><a>1</a><A>2</A></p>", "<p><a>9223372036854775808</a></p>"} {
		if got, problem := SchemaOfXML(in); problem == "" {
			t.Errorf("SchemaOfXML(%q) = %q, want a refusal", in, got)
		}
	}
}
