package parser

import (
	"os"
	"strings"
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

// TestReservedWordsDocumented keeps docs/errors.md's list of reserved words
// in step with the parser's.
func TestReservedWordsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(doc), "These words cannot be names unless written in backquotes:")
	if !ok {
		t.Fatal("docs/errors.md has no list of reserved words")
	}
	list, _, _ = strings.Cut(list, "\n\n(")
	documented := map[string]bool{}
	for _, w := range strings.Fields(list) {
		documented[w] = true
	}
	for w := range reserved {
		if !documented[w] {
			t.Errorf("reserved word %s is not in docs/errors.md", w)
		}
	}
	for w := range documented {
		if !reserved[w] {
			t.Errorf("docs/errors.md lists %s, which is not reserved", w)
		}
	}
}
