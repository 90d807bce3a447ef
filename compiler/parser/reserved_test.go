package parser

import (
	"testing"

	"github.com/exprc/exprc/compiler/diag"
)

func TestQuoteName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"amount", "amount"},
		{"Amount_2", "Amount_2"},
		{"héllo", "héllo"},
		{"outer", "`outer`"},
		{"Order", "`Order`"},
		{"2x", "`2x`"},
		{"a b", "`a b`"},
		{"a`b", "`a``b`"},
		{"", "``"},
	} {
		if got := QuoteName(c.in); got != c.want {
			t.Errorf("QuoteName(%q) = %s, want %s", c.in, got, c.want)
		}
		// What QuoteName writes must lex back as one identifier of that name.
		if c.in == "" {
			continue
		}
		toks, _ := lex("x", []byte(QuoteName(c.in)), new(diag.List))
		if len(toks) != 2 || toks[0].text != c.in || !isName(toks[0]) {
			t.Errorf("QuoteName(%q) = %s lexes as %v", c.in, QuoteName(c.in), toks)
		}
	}
}
