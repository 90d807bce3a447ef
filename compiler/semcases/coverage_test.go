package semcases_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir/functions"
)

// TestEveryFunctionHasThreeCases holds the case files to issue 16's rule: every
// registered function has at least three hand-checked cases (a value, NULL, an
// error or edge). A call counts under its name or any alias; operators (the
// Infix and Prefix functions) are exercised throughout and are not counted.
func TestEveryFunctionHasThreeCases(t *testing.T) {
	cases, err := semcases.Load()
	if err != nil {
		t.Fatal(err)
	}
	exprs := make([]string, len(cases))
	for i, c := range cases {
		exprs[i] = strings.ToLower(c.Expr)
	}
	for _, fn := range functions.All() {
		if fn.Infix != "" || fn.Prefix != "" || fn.Name == "cast" || fn.Name == "subscript" {
			continue
		}
		names := append([]string{fn.Name}, functions.Aliases(fn)...)
		for i, n := range names {
			names[i] = regexp.QuoteMeta(n)
		}
		pattern := `\b(` + strings.Join(names, "|") + `)\s*\(`
		switch fn.Name {
		case "like", "rlike":
			pattern = `\b(` + strings.Join(names, "|") + `|ilike|regexp)\b`
		}
		re := regexp.MustCompile(pattern)
		n := 0
		for _, e := range exprs {
			if re.MatchString(e) {
				n++
			}
		}
		if n < 3 {
			t.Errorf("function %s has %d semantic cases, want at least 3 (a value, NULL, an error or edge)", fn.Name, n)
		}
	}
}
