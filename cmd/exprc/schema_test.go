package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/internal/golden"
)

// The golden tests of this package honour -update; another test file of the
// package may register the flag too.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestSchemaGolden runs the command line of each testdata/schema archive's
// "args" file (split on spaces; an argument naming one of the files, or
// TABLE=FILE, is given its path) over a directory holding the archive's other
// files and the columnar files its "gen" file lists ("FILE FIXTURE" lines:
// schemaFixtures written as FILE's format, parquet, arrow or arrows), and
// compares the exit status, stdout and stderr with its "out" file. Every
// statement a successful run prints must pass exprc check.
func TestSchemaGolden(t *testing.T) {
	golden.Run(t, "testdata/schema/*.txtar", 4, "out", updating(), func(t *testing.T, ar *txtar.Archive) string {
		dir := t.TempDir()
		var args []string
		for _, f := range ar.Files {
			switch f.Name {
			case "out":
			case "args":
				args = strings.Fields(string(f.Data))
			case "gen":
				for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
					name, fixture, _ := strings.Cut(line, " ")
					cols, ok := schemaFixtures[fixture]
					if !ok {
						t.Fatalf("gen: no fixture %q", fixture)
					}
					rec := buildBatch(t, cols)
					writeArrowFile(t, filepath.Join(dir, name), strings.TrimPrefix(filepath.Ext(name), "."), rec)
					rec.Release()
				}
			default:
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f.Name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		// Arguments naming the archive's files become their paths.
		for i, a := range args {
			prefix, name := "", a
			if k, v, ok := strings.Cut(a, "="); ok && !strings.HasPrefix(a, "-") {
				prefix, name = k+"=", v
			}
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil && name != "" {
				args[i] = prefix + filepath.Join(dir, name)
			}
		}
		r := exprc(args...)
		strip := func(s string) string { return strings.ReplaceAll(s, dir+string(filepath.Separator), "") }
		if r.code == 0 && len(args) > 0 && args[0] == "schema" {
			spec := filepath.Join(dir, "printed.sql")
			if err := os.WriteFile(spec, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			if c := exprc("check", spec); c.code != 0 {
				t.Errorf("exprc check of the printed statements fails:\n%s", c.stderr)
			}
		}
		return fmt.Sprintf("exit %d\n[stdout]\n%s[stderr]\n%s", r.code, strip(r.stdout), strip(r.stderr))
	})
}
