// Package golden runs the project's txtar golden tests (parser and binder
// errors, bound IR, CSE decisions, physical plans): each archive holds its
// inputs and one output file; the test computes the output from the inputs
// and compares, and with -update rewrites the output file instead. One
// runner, so every golden test reports, updates and names its cases alike.
package golden

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// Run runs a subtest per archive matching glob, failing when fewer than min
// match (so a moved testdata directory cannot pass silently). compute returns
// the output for one archive; Run compares it with the archive's file named
// output, or, when update is set, rewrites that file (added if missing).
func Run(t *testing.T, glob string, min int, output string, update bool, compute func(t *testing.T, ar *txtar.Archive) string) {
	t.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < min {
		t.Fatalf("only %d archives match %s (want at least %d)", len(paths), glob, min)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := compute(t, ar)
			if update {
				kept := ar.Files[:0]
				for _, f := range ar.Files {
					if f.Name != output {
						kept = append(kept, f)
					}
				}
				ar.Files = append(kept, txtar.File{Name: output, Data: []byte(got)})
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, ok := File(ar, output)
			if !ok {
				t.Fatalf("no %q file (run with -update)", output)
			}
			if got != string(want) {
				t.Errorf("%s differs\n--- got\n%s--- want\n%s", output, got, want)
			}
		})
	}
}

// File returns the data of the archive's file named name, and whether it
// has one.
func File(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Specs returns the archive's .sql files, names sorted, as the compiler
// takes them.
func Specs(ar *txtar.Archive) (names []string, srcs map[string][]byte) {
	srcs = map[string][]byte{}
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".sql") {
			srcs[f.Name] = f.Data
			names = append(names, f.Name)
		}
	}
	sort.Strings(names)
	return names, srcs
}
