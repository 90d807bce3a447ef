package rt

import "testing"

// TestParseURI: java.net.URI's parse (checked against Java 17's on these
// and 20000 random URLs while writing it).
func TestParseURI(t *testing.T) {
	cases := []struct {
		url, part, want string
		isNull, bad     bool
	}{
		{url: "http://spark.apache.org/path?query=1", part: "HOST", want: "spark.apache.org"},
		{url: "http://[fe80::1%25en0]/", part: "HOST", want: "[fe80::1%25en0]"},
		{url: "http://[::ffff:1.2.3.4]/", part: "HOST", want: "[::ffff:1.2.3.4]"},
		{url: "http://256.1.1.1/x", part: "HOST", isNull: true},
		{url: "http://1.2.3.4:5/x", part: "HOST", want: "1.2.3.4"},
		{url: "http://a-.com/", part: "HOST", isNull: true},
		{url: "http://a-.com/", part: "AUTHORITY", want: "a-.com"},
		{url: "http://1a.com/", part: "HOST", want: "1a.com"},
		{url: "http://a.1b/", part: "HOST", isNull: true},
		{url: "http://h/é?q=ü#ß", part: "REF", want: "ß"},
		{url: "http:p", part: "PATH", isNull: true},
		{url: "//", part: "PATH", bad: true},
		{url: "///p", part: "PATH", want: "/p"},
		{url: "http://us er@host/", part: "HOST", bad: true},
		{url: "http://[1:2:3:4:5:6:7]/", part: "HOST", bad: true},
		{url: "http://h/p#a#b", part: "REF", bad: true},
		{url: "1http://x", part: "PATH", bad: true},
		{url: "", part: "PATH", want: ""},
	}
	for _, c := range cases {
		s, has, ok := parseURL(c.url, c.part)
		if ok == c.bad || ok && (has == c.isNull || s != c.want) {
			t.Errorf("parse_url(%q, %q) = %q, %v, %v", c.url, c.part, s, has, ok)
		}
	}
}

// BenchmarkParseURL is parse_url's per-row cost as generated code runs it:
// guard plus value.
func BenchmarkParseURL(b *testing.B) {
	const u = "https://user@www.example.com:8080/a/b/c.html?x=1&y=two#top"
	for i := 0; i < b.N; i++ {
		if ParseURLDefined(u, "HOST") {
			_, _ = ParseURL(u, "HOST")
		}
	}
}

// BenchmarkParseURLKey: the QUERY form with a key (a cached regex).
func BenchmarkParseURLKey(b *testing.B) {
	const u = "https://user@www.example.com:8080/a/b/c.html?x=1&y=two#top"
	for i := 0; i < b.N; i++ {
		if ParseURLKeyDefined(u, "QUERY", "y") {
			_, _ = ParseURLKey(u, "QUERY", "y")
		}
	}
}
