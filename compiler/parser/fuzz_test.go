package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler/ast"
)

// FuzzParse checks that no input makes the parser panic, that every error
// points into the input, and that the canonical form of every parsed query
// parses back to itself.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodSpec))
	files, _ := filepath.Glob("testdata/errors/*.txtar")
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if file.Name == "spec.sql" {
				f.Add(file.Data)
			}
		}
	}
	for _, e := range []string{
		"a + b * c - -d DIV 2 % 3 || 'x'",
		"x NOT BETWEEN 1 AND 2 AND y IS NOT NULL OR z NOT IN (1, 2) OR w NOT LIKE 'a%' ESCAPE '!'",
		"CASE WHEN a THEN 1 ELSE CASE b WHEN 2 THEN 3 END END",
		"CAST(m AS MAP<VARCHAR, MAP<VARCHAR,INT>>)['a']['b']",
		"`odd``name` + \"x\"\"y\" + größe",
		"NOT EXISTS (SELECT * FROM u WHERE u.a IN (SELECT b FROM v)) AND (SELECT 1 FROM w) = 1",
		"IF(a, TRY(b DIV 0), coalesce(c, nullif(d, 0), DATE '2024-01-01'))",
		"x IN () OR count(*) > 1.5e3 OR .5 < 1.",
	} {
		f.Add([]byte("-- name: Q\nSELECT " + e + " AS c FROM t WHERE " + e + ";\n"))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, errs := ParseFile("fuzz.sql", src)
		checkPositions(t, src, errs)
		if len(errs) > 0 {
			return
		}
		for _, q := range file.Queries {
			text := ast.FormatSelect(q.Select)
			again, errs := ParseFile("again.sql", []byte("-- name: Q\n"+text))
			if len(errs) > 0 {
				if strings.Contains(errs[0].Msg, "nested too deeply") {
					continue // parentheses added by Format count as nesting
				}
				t.Fatalf("canonical form %q does not parse: %v", text, errs)
			}
			if got := ast.FormatSelect(again.Queries[0].Select); got != text {
				t.Fatalf("round trip changed the query:\n%s\n%s", text, got)
			}
		}
	})
}

// TestFuzzCorpusPresent keeps the regression seeds directory honest: every
// file there must be a valid corpus entry (go test runs them via FuzzParse).
func TestFuzzCorpusPresent(t *testing.T) {
	entries, err := os.ReadDir("testdata/fuzz/FuzzParse")
	if os.IsNotExist(err) {
		t.Skip("no regression seeds")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata/fuzz/FuzzParse", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "go test fuzz v1") {
			t.Errorf("%s is not a fuzz corpus file", e.Name())
		}
	}
}
