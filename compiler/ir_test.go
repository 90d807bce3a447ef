package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/ir"
)

// TestIRGoldens binds the specs under testdata/ir and compares the printed plans
// (after constant folding) with the archive's "ir" file; -update rewrites them.
func TestIRGoldens(t *testing.T) {
	paths, _ := filepath.Glob("testdata/ir/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no IR goldens")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs := map[string][]byte{}
			var names []string
			var want []byte
			for _, f := range ar.Files {
				switch {
				case strings.HasSuffix(f.Name, ".sql"):
					srcs[f.Name] = f.Data
					names = append(names, f.Name)
				case f.Name == "ir":
					want = f.Data
				}
			}
			prog, err := CompileSources(names, srcs)
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			for _, q := range prog.Queries {
				got.WriteString(ir.FormatQuery(q))
			}
			if *update {
				kept := ar.Files[:0]
				for _, f := range ar.Files {
					if f.Name != "ir" {
						kept = append(kept, f)
					}
				}
				ar.Files = append(kept, txtar.File{Name: "ir", Data: []byte(got.String())})
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != string(want) {
				t.Errorf("IR differs\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}
