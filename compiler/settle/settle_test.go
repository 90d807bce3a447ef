package settle_test

import (
	"flag"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/settle"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/golden"
	"github.com/exprc/exprc/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestSettledGoldens compiles each spec under testdata and compares how its
// subqueries settled (forms, reasons, merged reads, passes: exprc explain's
// text) with the archive's "settled" file. -update rewrites them.
func TestSettledGoldens(t *testing.T) {
	golden.Run(t, "testdata/*.txtar", 4, "settled", *update, func(t *testing.T, ar *txtar.Archive) string {
		names, srcs := golden.Specs(ar)
		prog, err := compiler.CompileSources(names, srcs)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, q := range prog.Queries {
			if err := ir.CheckSettled(q); err != nil {
				t.Fatal(err)
			}
			// The CSE analysis first: settled reads are subexpressions like
			// any other.
			b.WriteString(cse.Analyze(q).Text())
			b.WriteString(settle.ExplainQuery(q).Text())
		}
		return b.String()
	})
}

// TestMergedBuildsOnce: two identical IN subqueries (probed with different
// values) settle into one structure, built by one pass.
func TestMergedBuildsOnce(t *testing.T) {
	src := `CREATE TABLE t (a BIGINT, b BIGINT);
CREATE TABLE s (v BIGINT);
-- name: Q
SELECT a IN (SELECT v FROM s) AS x, b IN (SELECT v FROM s) AS y, a NOT IN (SELECT s.v FROM s AS s) AS z FROM t;`
	prog, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	q := prog.Queries[0]
	if len(q.Subqueries) != 1 || q.Subqueries[0].Uses != 3 {
		t.Fatalf("want one settled subquery used 3 times, got %d", len(q.Subqueries))
	}
	if p := ir.Passes(q.Subqueries); len(p) != 1 {
		t.Fatalf("want one pass, got %d", len(p))
	}
}
