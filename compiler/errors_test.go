package compiler

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler/diag"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestErrorGoldens compiles each malformed spec under testdata/errors and
// compares the rendered diagnostics with the archive's "errors" file. Every
// archive must produce at least one positioned error. Run with -update to
// rewrite the goldens after an intended change.
func TestErrorGoldens(t *testing.T) {
	paths, err := filepath.Glob("testdata/errors/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 25 {
		t.Fatalf("only %d error goldens", len(paths))
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs := map[string][]byte{}
			var names []string
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".sql") {
					srcs[f.Name] = f.Data
					names = append(names, f.Name)
				}
			}
			sort.Strings(names)
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
			if *update {
				kept := ar.Files[:0]
				for _, f := range ar.Files {
					if f.Name != "errors" {
						kept = append(kept, f)
					}
				}
				ar.Files = append(kept, txtar.File{Name: "errors", Data: got.Bytes()})
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			var want []byte
			for _, f := range ar.Files {
				if f.Name == "errors" {
					want = f.Data
				}
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("diagnostics differ\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}
