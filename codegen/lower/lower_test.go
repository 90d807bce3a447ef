package lower_test

import (
	"flag"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestPlanGoldens lowers every spec under testdata and compares the plan
// tree and its explanation with the archive's "plan" file; -update rewrites
// them. The archive's comment says what the case shows.
func TestPlanGoldens(t *testing.T) {
	golden.Run(t, "testdata/*.txtar", 15, "plan", *update, func(t *testing.T, ar *txtar.Archive) string {
		names, srcs := golden.Specs(ar)
		prog, err := compiler.CompileSources(names, srcs)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := lower.Plan(prog.Queries, lower.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, p := range plan.Queries {
			got.WriteString(p.Format())
			got.WriteString(p.Text())
		}
		return got.String()
	})
}

// TestFormatSubqueries renders plans that read subqueries, with and without
// fusion: every node, subquery reads and outer parameters included, has a
// name.
func TestFormatSubqueries(t *testing.T) {
	spec := `CREATE TABLE t (a BIGINT, b BIGINT);
CREATE TABLE u (k BIGINT, v BIGINT);
-- name: Q
SELECT a + (SELECT max(v) FROM u) AS x, a IN (SELECT k FROM u) AS y,
       EXISTS (SELECT 1 FROM u WHERE u.k = t.a AND u.v > t.b) AS z FROM t;
`
	prog, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(spec)})
	if err != nil {
		t.Fatal(err)
	}
	for _, unfused := range []bool{false, true} {
		pq, err := lower.PlanQuery(prog.Queries[0], lower.Options{Unfused: unfused})
		if err != nil {
			t.Fatal(err)
		}
		if got := pq.Format() + pq.Prepared.Format(); !strings.Contains(got, "subquery over") {
			t.Errorf("unfused %v: no subquery read in\n%s", unfused, got)
		}
	}
}
