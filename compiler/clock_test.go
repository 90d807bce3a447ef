package compiler

import (
	"testing"

	"github.com/exprc/exprc/ir"
)

// TestClockNotFolded checks that the clock functions and the special
// literals that read the clock survive constant folding (docs/semantics.md
// 10.8), while current_timezone() and 'epoch' are constants of the query.
func TestClockNotFolded(t *testing.T) {
	src := `CREATE TABLE t (a BIGINT, current_date DATE);
SET TIME ZONE 'Europe/Paris';
-- name: Q
SELECT current_timestamp() AS ts, now() + INTERVAL '1' DAY AS tomorrow, current_timestamp AS bare,
       DATE 'today' AS today, TIMESTAMP 'yesterday' AS y, localtimestamp() AS lt,
       current_timezone() AS zone, DATE 'epoch' AS epoch, current_date AS col
FROM t;`
	prog, err := CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	q := prog.Query("Q")
	for _, o := range q.Outputs {
		_, isConst := o.Expr.(*ir.Const)
		switch o.Name {
		case "zone", "epoch":
			if !isConst {
				t.Errorf("%s = %s: want a constant", o.Name, ir.Format(o.Expr))
			}
		case "col":
			// a column named current_date wins over the function, as in Spark
			if _, ok := o.Expr.(*ir.ColumnRef); !ok {
				t.Errorf("col = %s: want the column current_date", ir.Format(o.Expr))
			}
		default:
			if isConst || !readsClock(o.Expr) {
				t.Errorf("%s = %s: want a call that reads the clock", o.Name, ir.Format(o.Expr))
			}
		}
	}
	if got := ir.Format(q.Outputs[6].Expr); got != "'Europe/Paris'" {
		t.Errorf("current_timezone() = %s", got)
	}
}

func readsClock(e ir.Expr) bool {
	if c, ok := e.(*ir.Call); ok && c.Fn.Clock {
		return true
	}
	for _, k := range e.Children() {
		if readsClock(k) {
			return true
		}
	}
	return false
}
