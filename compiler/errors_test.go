package compiler

import (
	"bytes"
	"flag"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestErrorGoldens compiles each malformed spec under testdata/errors and
// compares the rendered diagnostics with the archive's "errors" file. Every
// archive must produce at least one positioned error. Run with -update to
// rewrite the goldens after an intended change.
func TestErrorGoldens(t *testing.T) {
	golden.Run(t, "testdata/errors/*.txtar", 25, "errors", *update, func(t *testing.T, ar *txtar.Archive) string {
		names, srcs := golden.Specs(ar)
		_, cerr := CompileSources(names, srcs)
		errs, ok := cerr.(diag.List)
		if !ok || len(errs) == 0 {
			t.Fatalf("spec compiled without errors (err = %v)", cerr)
		}
		for _, e := range errs {
			if !e.Pos.IsValid() {
				t.Errorf("error without a position: %v", e)
			}
		}
		var got bytes.Buffer
		if err := diag.Render(&got, errs, srcs); err != nil {
			t.Fatal(err)
		}
		return got.String()
	})
}
