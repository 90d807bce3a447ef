package codegen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestUnitsShareCode checks that units whose code differs only in what they
// read and in their constants call one helper, and that units whose code
// differs otherwise (the types of their inputs, a constant whose type the
// tokens do not show) keep functions of their own.
func TestUnitsShareCode(t *testing.T) {
	spec := `CREATE TABLE t (a BIGINT, b BIGINT, i INT, s VARCHAR, r VARCHAR);
-- name: Q1
SELECT upper(s) AS u, a + 1 AS x, s LIKE 'a%' AS l, i + 1 AS y FROM t;
-- name: Q2
SELECT b + 2 AS x, upper(r) AS u, r LIKE 'b%' AS l, CASE WHEN a < 10 THEN 'low' ELSE 'high' END AS c FROM t;
-- name: Q3
SELECT upper(s) AS u, CASE WHEN b < 20 THEN 'small' ELSE 'big' END AS c FROM t WHERE a > 5;
`
	src := generateSpec(t, []byte(spec), "shared")
	file, err := parser.ParseFile(token.NewFileSet(), "exprc_gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	funcs := map[string]*ast.FuncDecl{}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			funcs[fd.Name.Name] = fd
		}
	}
	text := string(src)
	// upper over every row: Q1 and Q2 (Q3 runs over the rows of its WHERE
	// clause, a loop of another shape).
	for _, want := range []string{
		"func upperColumn(n int, all vec.Sel, in1Arr *array.String, arena *rt.Arena, failed *vec.Failure, mem memory.Allocator, colNum1 int) arrow.Array",
		"\t// upper(s)\n\tcol1 := upperColumn(n, all, sArr, arena, failed, mem, 1)\n",
		"\t// upper(r)\n\tcol2 := upperColumn(n, all, r_Arr, arena, failed, mem, 2)\n",
		// a + 1 and b + 2: the BIGINT constant is a parameter
		"func sumColumn(n int, all vec.Sel, in1 vec.Vec[int64], mem memory.Allocator, failed *vec.Failure, value1 int64, colNum2 int) arrow.Array",
		"\t// a + 1\n\tcol2 := sumColumn(n, all, a, mem, failed, int64(1), 2)\n",
		"\t// b + 2\n\tcol1 := sumColumn(n, all, b, mem, failed, int64(2), 1)\n",
		// the compiled LIKE patterns are parameters; both are column 3
		"likeColumn(n, all, sArr, failed, mem, likePattern)",
		"likeColumn(n, all, r_Arr, failed, mem, likePattern2)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("generated code lacks %q", want)
		}
	}
	for _, own := range []string{"q1Col4", "q2Col4", "q3Col2"} { // INT + 1; CASE over a and over b on other rows
		if funcs[own] == nil {
			t.Errorf("unit %s has no function of its own", own)
		}
	}
	for _, gone := range []string{"q1Col1", "q2Col1", "q1Col2", "q2Col2", "q1Col3", "q2Col3"} {
		if funcs[gone] != nil {
			t.Errorf("unit %s has a function of its own; want a call of its helper", gone)
		}
	}
	// A helper's doc comment names how many units it serves and shows the
	// first one's SQL; its body has no comment showing one unit's SQL.
	h := funcs["upperColumn"]
	if h == nil {
		t.Fatal("no helper upperColumn")
	}
	if doc := h.Doc.Text(); !strings.Contains(doc, "is the code of 2 units") || !strings.Contains(doc, "upper(s)") {
		t.Errorf("helper doc comment:\n%s", doc)
	}
	for _, cg := range file.Comments {
		if cg.Pos() > h.Body.Lbrace && cg.End() < h.Body.Rbrace {
			t.Errorf("helper body keeps comment %q", cg.Text())
		}
	}
}
