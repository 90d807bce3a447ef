package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// parse_url and try_parse_url (templates/rt/url.go): java.net.URI's parse,
// one raw component out.
func init() {
	const parts = " part is HOST, PATH, QUERY, REF, PROTOCOL, FILE (path?query), AUTHORITY or USERINFO (case-sensitive; any other part is NULL), the raw (still escaped) component java.net.URI parses, NULL when the URL has none. With key (part QUERY only, else NULL), the value of the first parameter key in the query (Spark's regular expression (&|^)key=([^&]*), where key is itself a regular expression)."
	register(guarded("parse_url",
		"A component of the URL url."+parts+" A URL java.net.URI refuses raises INVALID_URL.",
		errs(rt.InvalidURL, ir.ErrInvalidPattern),
		domain("parse_url_domain",
			sig(tBool, ok2(rt.ParseURLDefined), tStr, tStr),
			sig(tBool, ok3(rt.ParseURLKeyDefined), tStr, tStr, tStr)),
		sig(tStr, k2(rt.ParseURL), tStr, tStr),
		sig(tStr, k3(rt.ParseURLKey), tStr, tStr, tStr)))
	register(guarded("try_parse_url",
		"parse_url, but NULL for a URL java.net.URI refuses instead of INVALID_URL."+parts,
		errs(ir.ErrInvalidPattern),
		domain("try_parse_url_domain",
			sig(tBool, ok2(rt.TryParseURLDefined), tStr, tStr),
			sig(tBool, ok3(rt.TryParseURLKeyDefined), tStr, tStr, tStr)),
		sig(tStr, ok2(rt.TryParseURL), tStr, tStr),
		sig(tStr, k3(rt.TryParseURLKey), tStr, tStr, tStr)))
}
