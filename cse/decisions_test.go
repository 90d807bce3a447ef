package cse_test

import (
	"flag"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestDecisionGoldens analyses every spec under testdata/decisions and compares
// the explain text with the archive's "explain" file; -update rewrites them.
func TestDecisionGoldens(t *testing.T) {
	golden.Run(t, "testdata/decisions/*.txtar", 35, "explain", *update, func(t *testing.T, ar *txtar.Archive) string {
		names, srcs := golden.Specs(ar)
		prog, err := compiler.CompileSources(names, srcs)
		if err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, q := range prog.Queries {
			got.WriteString(cse.Analyze(q).Text())
		}
		return got.String()
	})
}
