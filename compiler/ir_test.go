package compiler

import (
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/internal/golden"
	"github.com/exprc/exprc/ir"
)

// TestIRGoldens binds the specs under testdata/ir and compares the printed plans
// (after constant folding) with the archive's "ir" file; -update rewrites them.
func TestIRGoldens(t *testing.T) {
	golden.Run(t, "testdata/ir/*.txtar", 1, "ir", *update, func(t *testing.T, ar *txtar.Archive) string {
		prog, err := CompileSources(golden.Specs(ar))
		if err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, q := range prog.Queries {
			got.WriteString(ir.FormatQuery(q))
		}
		return got.String()
	})
}
