package cseshapes_test

import (
	_ "embed"
	"testing"

	"github.com/exprc/exprc/generated/cseshapes"
	"github.com/exprc/exprc/generated/cseshapesnocse"
	"github.com/exprc/exprc/internal/check/shapes"
)

//go:embed shapes.sql
var spec []byte

// TestShapes checks every random conditional shape of shapes.sql (go test
// ./internal/check/shapes -update writes it) on a few seeded data sets: with a counting
// probe function, the interpreter with sharing and the evaluators generated
// with CSE run each shared subexpression at most once per row and never on a
// row where the query as written does not, and the interpreter and the
// evaluators generated with and without CSE give identical results and errors,
// at batch sizes 1, 7 and all rows. The batch engine (package codegen/batch)
// is checked beside them, with and without CSE, under the same rules; the
// plans it does not run yet are counted in the log. make cse-shapes runs the
// same check on 10,000 fresh shapes.
func TestShapes(t *testing.T) {
	rows := []int{40, 9, 120}
	if testing.Short() {
		rows = rows[:1]
	}
	tot := shapes.CheckSpec(t, spec, cseshapes.Lookup, cseshapesnocse.Lookup, shapes.Suite{DataSeed: 1, Rows: rows, Batch: true})
	t.Logf("%d queries, %d checks, %d rows, %d runs, %d probe evaluations as written, shared %v, batch engine plans %d (skipped %v): %d violations, %d differences",
		tot.Queries, tot.Checks, tot.Rows, tot.Runs, tot.Probes, tot.Decisions, tot.BatchPlans, tot.BatchSkipped, tot.Violations, tot.Differences)
}
