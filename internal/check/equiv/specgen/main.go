// Command specgen writes the spec files of the codegen byte-equivalence check
// (internal/check/equiv/check.sh): -n random specs drawn by the differential fuzzer's
// generator, plus the project's own specs and the difffuzz regression cases.
//
//	go run ./internal/check/equiv/specgen -seed 1 -n 40 -out /tmp/equiv-specs-1-40 [-root /work/main]
//
// Random spec i is difffuzz.GeneratePackage(seed, i, queries): a random schema
// (difffuzz.RandomSchema over one of the fuzzer's table names) and -queries base
// queries drawn with difffuzz.NewGenerator(...).Query("q<k>"), printed by
// difffuzz.Spec with each query's _try and _perm variants (-variants=false:
// the base queries only). The same seed always gives the same files.
//
// Project specs are copied from -root (default: the repository holding the
// working directory): examples/demo/lineitem.sql, examples/consumer spec,
// bench/bench.sql, generated/semcases/cases.sql, generated/csecases/cases.sql,
// compiler/semcases' Spec (skipped when identical to generated/semcases), and
// the spec part of each internal/check/difffuzz/testdata/regressions/*.case.
// A project spec without CREATE TABLE gets examples/demo/tables.sql put before
// it (the demo and bench specs are compiled with it since the tables moved
// there). generated/cseshapes/shapes.sql is left out: it calls the test-only function
// probe, which the exprc CLI does not register.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/internal/check/difffuzz"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	n := flag.Int("n", 40, "number of random spec files")
	queries := flag.Int("queries", 25, "base queries per random spec")
	variants := flag.Bool("variants", true, "add each random query's _try and _perm variants (as difffuzz does)")
	project := flag.Bool("project", true, "also write the project's own specs and the difffuzz regression cases")
	root := flag.String("root", "", "repository root to read the project's specs from (default: found from the working directory)")
	out := flag.String("out", "", "output directory (required)")
	flag.Parse()
	if *out == "" {
		fail("-out is required")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}
	total := 0
	write := func(name, spec string) {
		if err := os.WriteFile(filepath.Join(*out, name), []byte(spec), 0o644); err != nil {
			fail("%v", err)
		}
		for _, l := range strings.Split(spec, "\n") {
			if strings.HasPrefix(l, "-- name:") {
				total++
			}
		}
	}

	for i := range *n {
		schema, qs, spec := difffuzz.GeneratePackage(*seed, i, *queries)
		if !*variants {
			var b strings.Builder
			b.WriteString(schema.DDL() + "\n")
			for _, q := range qs {
				fmt.Fprintf(&b, "\n-- name: %s\n%s;\n", q.Name, q.SQL(schema.Table))
			}
			spec = b.String()
		}
		write(fmt.Sprintf("fuzz-%04d.sql", i), spec)
	}

	if *project {
		r := *root
		if r == "" {
			wd, err := os.Getwd()
			if err != nil {
				fail("%v", err)
			}
			if r, err = difffuzz.RepoRoot(wd); err != nil {
				fail("%v", err)
			}
		}
		files := []struct{ name, path string }{
			{"project-demo.sql", "examples/demo/lineitem.sql"},
			{"project-consumer.sql", "examples/consumer/queries/spec.sql"},
			{"project-bench.sql", "bench/bench.sql"},
			{"project-semcases.sql", "generated/semcases/cases.sql"},
			{"project-csecases.sql", "generated/csecases/cases.sql"},
		}
		seen := map[string]bool{}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(r, f.path))
			if err != nil {
				fail("%v", err)
			}
			seen[withoutHeader(string(b))] = true
			spec := string(b)
			// Since the demo's tables moved to examples/demo/tables.sql,
			// lineitem.sql and bench.sql are compiled after it: give them
			// the tables first, in one file.
			if !strings.Contains(strings.ToUpper(spec), "CREATE TABLE") {
				if t, err := os.ReadFile(filepath.Join(r, "examples/demo/tables.sql")); err == nil {
					spec = string(t) + "\n" + spec
				}
			}
			write(f.name, spec)
		}
		// compiler/semcases' own spec text (embedded case files); normally
		// identical to generated/semcases/cases.sql.
		cases, err := semcases.Load()
		if err != nil {
			fail("semcases: %v", err)
		}
		if s := semcases.Spec(cases); !seen[withoutHeader(s)] {
			write("project-semcases-load.sql", s)
		}
		rc, err := difffuzz.LoadCases(filepath.Join(r, "internal/check/difffuzz/testdata/regressions"))
		if err != nil {
			fail("regressions: %v", err)
		}
		for _, c := range rc {
			write("regress-"+c.Name+".sql", c.Spec)
		}
	}
	fmt.Fprintf(os.Stderr, "specgen: wrote specs with %d queries to %s\n", total, *out)
}

// withoutHeader drops a leading "-- Code generated ..." line.
func withoutHeader(s string) string {
	if strings.HasPrefix(s, "-- Code generated") {
		_, rest, _ := strings.Cut(s, "\n")
		return rest
	}
	return s
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "specgen: "+format+"\n", args...)
	os.Exit(1)
}
