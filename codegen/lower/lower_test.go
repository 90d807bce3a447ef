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
