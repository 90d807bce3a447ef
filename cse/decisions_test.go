package cse_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/cse"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestDecisionGoldens analyses every spec under testdata/decisions and compares
// the explain text with the archive's "explain" file; -update rewrites them.
func TestDecisionGoldens(t *testing.T) {
	paths, err := filepath.Glob("testdata/decisions/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 35 {
		t.Fatalf("only %d decision goldens", len(paths))
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
				case "explain":
					want = f.Data
				}
			}
			prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": spec})
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for _, q := range prog.Queries {
				got.WriteString(cse.Analyze(q).Text())
			}
			if *update {
				kept := ar.Files[:0]
				for _, f := range ar.Files {
					if f.Name != "explain" {
						kept = append(kept, f)
					}
				}
				ar.Files = append(kept, txtar.File{Name: "explain", Data: []byte(got.String())})
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != string(want) {
				t.Errorf("explain differs\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}
