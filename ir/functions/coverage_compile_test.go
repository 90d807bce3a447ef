package functions_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
)

// caseTable is the table of the semantic cases (generated/semcases/cases.sql),
// over which the examples of spark_functions.txt are written.
const caseTable = `CREATE TABLE t (
  a BIGINT, b BIGINT, c BIGINT, i INT, j INT, x DOUBLE, y DOUBLE,
  s VARCHAR, u VARCHAR, d DATE, e DATE,
  m MAP<VARCHAR, BIGINT>, n MAP<BIGINT, VARCHAR>, p BOOLEAN, q BOOLEAN,
  k BIGINT NOT NULL
);
`

// compileExpr compiles SELECT expr FROM t.
func compileExpr(expr string) (*compiler.Program, error) {
	src := caseTable + "-- name: Q\nSELECT " + expr + " AS r FROM t;\n"
	return compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(src)})
}

// calls reports whether e calls the registry function name anywhere.
func calls(e ir.Expr, name string) bool {
	if c, ok := e.(*ir.Call); ok && c.Fn.Name == name {
		return true
	}
	for _, ch := range e.Children() {
		if ch != nil && calls(ch, name) {
			return true
		}
	}
	return false
}

// TestSparkCoverageExamples compiles the example of every op and form entry of
// spark_functions.txt, so that a form the binder or the parser stops accepting
// cannot stay "present" in the docs; an operator's example must call its
// function.
func TestSparkCoverageExamples(t *testing.T) {
	sfs, err := functions.SparkFunctions()
	if err != nil {
		t.Fatal(err)
	}
	for _, sf := range sfs {
		if sf.Status != functions.StatusOp && sf.Status != functions.StatusForm {
			continue
		}
		prog, err := compileExpr(sf.Example)
		if err != nil {
			t.Errorf("%s: %s does not compile: %v", sf.Name, sf.Example, err)
			continue
		}
		if sf.Status == functions.StatusOp && !calls(prog.Queries[0].Outputs[0].Expr, sf.Impl) {
			t.Errorf("%s: %s does not call %s", sf.Name, sf.Example, sf.Impl)
		}
	}
}

var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// TestSparkCoverageMessages calls every Spark function exprc does not have
// and checks that the binder says why instead of "unknown function", and that
// a planned or absent one does not compile.
func TestSparkCoverageMessages(t *testing.T) {
	sfs, err := functions.SparkFunctions()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sf := range sfs {
		if sf.Present() || !identifier.MatchString(sf.Name) {
			continue
		}
		expr := fmt.Sprintf("%s(a)", sf.Name)
		_, err := compileExpr(expr)
		if err == nil && sf.Status == functions.StatusPending {
			// A branch made it a form of the binder: the docs show it as
			// pending until its line says form.
			t.Logf("%s is pending, but %s compiles: make its line a form", sf.Name, expr)
			continue
		}
		if err == nil {
			t.Errorf("%s is %s, but %s compiles", sf.Name, sf.Status, expr)
			continue
		}
		if strings.Contains(err.Error(), "unknown function") {
			t.Errorf("%s is %s, but %s says %v", sf.Name, sf.Status, expr, err)
		}
		n++
	}
	if n < 100 {
		t.Errorf("only %d missing functions called", n)
	}
}
