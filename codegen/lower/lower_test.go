package lower_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/cse"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestPlanGoldens lowers every spec under testdata and compares the plan
// tree and its explanation with the archive's "plan" file; -update rewrites
// them. The archive's comment says what the case shows.
func TestPlanGoldens(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 15 {
		t.Fatalf("only %d plan goldens", len(paths))
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var spec, want []byte
			for _, f := range ar.Files {
				switch f.Name {
				case "spec.sql":
					spec = f.Data
				case "plan":
					want = f.Data
				}
			}
			prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": spec})
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for _, q := range prog.Queries {
				p := lower.Lower(q, cse.Analyze(q))
				got.WriteString(p.Format())
				got.WriteString(p.Text())
			}
			if *update {
				kept := ar.Files[:0]
				for _, f := range ar.Files {
					if f.Name != "plan" {
						kept = append(kept, f)
					}
				}
				ar.Files = append(kept, txtar.File{Name: "plan", Data: []byte(got.String())})
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != string(want) {
				t.Errorf("plan differs\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}
