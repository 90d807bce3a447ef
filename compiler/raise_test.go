package compiler

import (
	"testing"

	"github.com/exprc/exprc/ir"
)

// TestRaiseMessages checks the USER_RAISED_EXCEPTION messages of raise_error
// and assert_true, folded from constants: Spark's texts.
func TestRaiseMessages(t *testing.T) {
	prog, err := CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(`CREATE TABLE t (a BIGINT);
-- name: Q
SELECT raise_error('boom') AS r, raise_error(NULL) AS n, assert_true(1 > 2) AS d, assert_true(FALSE, 'custom') AS c FROM t;`)})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"boom", "null", "'(1 > 2)' is not true!", "custom"}
	for i, o := range prog.Queries[0].Outputs {
		c, ok := o.Expr.(*ir.Const)
		if !ok || c.Err == nil {
			t.Fatalf("%s: %s, want an error constant", o.Name, ir.Format(o.Expr))
		}
		if c.Err.Class != "USER_RAISED_EXCEPTION" || c.Err.Message() != want[i] {
			t.Errorf("%s: %s %q, want USER_RAISED_EXCEPTION %q", o.Name, c.Err.Class, c.Err.Message(), want[i])
		}
	}
}
