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

func TestTableNameOf(t *testing.T) {
	for path, want := range map[string]string{
		"orders.parquet":               "orders",
		"dir/Orders.v2.csv":            "Orders_v2",
		"2024-sales.data.csv":          "t_2024_sales_data",
		"---.jsonl":                    "t",
		"été à la plage.arrow":         "été_à_la_plage",
		"order.csv":                    "order", // QuoteName backquotes it
		"trailing__.csv":               "trailing",
		"a  b--c.parquet":              "a_b_c",
		filepath.Join("x", ".hid.csv"): "hid",
		".csv":                         "t",
		"no_extension":                 "no_extension",
	} {
		if got := tableNameOf(path); got != want {
			t.Errorf("tableNameOf(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestSchemaHelpAndUsage(t *testing.T) {
	r := exprc("schema", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "usage: exprc schema") || !strings.Contains(r.stdout, "--sample-rows") {
		t.Errorf("schema --help: code %d, stdout %q", r.code, r.stdout)
	}
	if r := exprc("--help"); !strings.Contains(r.stdout, "schema ") {
		t.Errorf("exprc --help does not list schema:\n%s", r.stdout)
	}
	for _, args := range [][]string{
		{"schema"},
		{"schema", "--table", "t", "a.csv", "b.csv"},
		{"schema", "--format", "xml", "a.csv"},
		{"schema", "--sample-rows", "-1", "a.csv"},
		{"schema", "--table", "", "a.csv"},
		{"schema", "-"},
		{"schema", "does-not-exist.parquet"},
		{"schema", "file.xlsx"},
	} {
		r := exprc(args...)
		if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "error: ") {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}
