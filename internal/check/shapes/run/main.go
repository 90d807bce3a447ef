// Command run is the large random-shape check of conditional CSE (make
// cse-shapes): it generates N random conditional query shapes (package
// internal/check/shapes) from a seed, compiles them with and without CSE into a temporary
// module, and runs shapes.CheckSpec there: every probe subexpression must run
// at most once per row with sharing and only on rows where the query as written
// runs it, and the interpreter, the generated code with CSE and without CSE must
// give identical results and errors. The batch engine (package codegen/batch),
// with and without CSE, is checked beside the generated code under the same
// rules (-batch=false leaves it out); the plans it does not run yet are
// counted in the summary.
//
//	go run ./internal/check/shapes/run [-n 10000] [-seed S] [-chunk 250] [-rows 64,200,17] [-batch=false] [-keep]
//	go run ./internal/check/shapes/run -sql 'SELECT ... FROM w' [-sql ...] [-rows 5] [-seed S]
//	go run ./internal/check/shapes/run -seed S -print I      # the spec of query ShapeI
//
// The temporary module replaces github.com/exprc/exprc with this checkout and
// builds offline (GOFLAGS=-mod=mod GOPROXY=off). Queries are split into
// packages of -chunk queries so each compiles quickly and in parallel.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/internal/check/shapes"
)

func main() {
	n := flag.Int("n", 10000, "number of query shapes")
	seed := flag.Int64("seed", 0, "seed of the shapes and data (0: random)")
	chunk := flag.Int("chunk", 250, "queries per generated package")
	rows := flag.String("rows", "64,200,17", "rows of each data set")
	keep := flag.Bool("keep", false, "keep the temporary module")
	batch := flag.Bool("batch", true, "also check the batch engine (codegen/batch) with and without CSE")
	print := flag.Int("print", -1, "print query i (Shape<i>) of the seed's shapes and exit")
	var sqls sqlList
	flag.Var(&sqls, "sql", "check this SELECT statement (over w) instead of random shapes; repeatable (for minimizing a failure)")
	flag.Parse()
	if len(sqls) > 0 {
		custom = sqls
		*n = len(sqls)
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano() & (1<<53 - 1)
	}
	if *print >= 0 {
		fmt.Printf("%s\n\n-- name: %s\n%s;\n", shapes.Table, shapes.QueryName(*print), shapes.Query(*seed, *print))
		return
	}
	fmt.Printf("cse-shapes: %d shapes, seed %d (rerun: make cse-shapes SHAPES=%d SEED=%d)\n", *n, *seed, *n, *seed)
	if err := run(*n, *seed, *chunk, *rows, *batch, *keep); err != nil {
		fmt.Fprintf(os.Stderr, "cse-shapes: %v\n", err)
		os.Exit(1)
	}
}

func run(n int, seed int64, chunk int, rows string, batch, keep bool) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "cse-shapes-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Printf("temporary module: %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp) //nolint:errcheck // best effort
	}
	start := time.Now()
	if err := writeModule(tmp, root); err != nil {
		return err
	}
	var pkgs []string
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		name := fmt.Sprintf("p%03d", lo/chunk)
		if err := writeChunk(filepath.Join(tmp, name), seed, lo, hi, rows, batch); err != nil {
			return err
		}
		pkgs = append(pkgs, name)
	}
	if err := goCmd(tmp, []string{"quiet"}, "mod", "tidy", "-e"); err != nil {
		return err
	}
	genTime := time.Since(start)
	fmt.Printf("generated %d packages in %s; building and checking...\n", len(pkgs), genTime.Round(time.Second))

	totalsDir := filepath.Join(tmp, "totals")
	if err := os.MkdirAll(totalsDir, 0o755); err != nil {
		return err
	}
	// Each package's test writes its totals to CSE_SHAPES_TOTALS; go test runs
	// the packages one by one here so each gets its own file name.
	var tot shapes.Totals
	testStart := time.Now()
	failed := false
	for _, p := range pkgs {
		file := filepath.Join(totalsDir, p+".json")
		env := []string{"CSE_SHAPES_TOTALS=" + file}
		// The generated packages are compiled without optimizations: they are
		// big, and what is checked is their semantics, not their speed.
		if err := goCmd(tmp, env, "test", "-count=1", "-timeout=60m", "-gcflags="+modulePath+"/...=-N -l", "./"+p); err != nil {
			failed = true
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("%s: no totals: %w", p, err)
		}
		var t shapes.Totals
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		tot.Add(t)
	}
	elapsed := time.Since(testStart)
	fmt.Printf("\nqueries checked:   %d (seed %d)\n", tot.Queries, seed)
	fmt.Printf("checks:            %d (query x data set), %d rows, %d complete runs compared\n", tot.Checks, tot.Rows, tot.Runs)
	fmt.Printf("probe evaluations: %d as written\n", tot.Probes)
	fmt.Printf("shared subexprs:   always %d, region %d, lazy %d\n", tot.Decisions["always"], tot.Decisions["region"], tot.Decisions["lazy"])
	if batch {
		fmt.Printf("batch engine:      %d plans ran (with and without CSE), skipped as unsupported: %s\n", tot.BatchPlans, skippedText(tot.BatchSkipped))
	}
	fmt.Printf("violations:        %d\n", tot.Violations)
	fmt.Printf("differences:       %d\n", tot.Differences)
	fmt.Printf("failed checks:     %d, in %d queries\n", tot.Failed, len(tot.FailedQueries))
	kinds := make([]string, 0, len(tot.Kinds))
	for k := range tot.Kinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Printf("  %-60s %d\n", k+":", tot.Kinds[k])
	}
	if len(tot.FailedQueries) > 0 {
		shown := tot.FailedQueries[:min(len(tot.FailedQueries), 30)]
		fmt.Printf("failing queries (first %d): %s\n", len(shown), strings.Join(shown, " "))
		fmt.Printf("print one: go run ./internal/check/shapes/run -seed %d -print I (query ShapeI)\n", seed)
	}
	fmt.Printf("time:              generate %s, build+check %s (%.1f queries/s)\n",
		genTime.Round(time.Second), elapsed.Round(time.Second), float64(tot.Queries)/elapsed.Seconds())
	if failed || !(tot.Violations == 0 && tot.Differences == 0) {
		return fmt.Errorf("FAILED")
	}
	if tot.Queries != n {
		return fmt.Errorf("checked %d queries, want %d", tot.Queries, n)
	}
	fmt.Println("PASS")
	return nil
}

// skippedText lists the batch engine's skipped plans by reason (sorted), or
// "none".
func skippedText(skipped map[string]int) string {
	if len(skipped) == 0 {
		return "none"
	}
	names := make([]string, 0, len(skipped))
	for k := range skipped {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%d %s", skipped[k], k)
	}
	return strings.Join(parts, ", ")
}

// custom holds the queries given with -sql.
var custom []string

type sqlList []string

func (l *sqlList) String() string { return strings.Join(*l, "; ") }
func (l *sqlList) Set(s string) error {
	*l = append(*l, strings.TrimSuffix(strings.TrimSpace(s), ";"))
	return nil
}

// query returns query i: a random shape, or the i-th -sql statement.
func query(seed int64, i int) string {
	if custom != nil {
		return custom[i]
	}
	return shapes.Query(seed, i)
}

// repoRoot is the directory of the exprc module's go.mod.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run inside the exprc module")
	}
	return filepath.Dir(mod), nil
}

// modulePath is the module path of the temporary module. It lies under
// github.com/exprc/exprc so that its tests may import the internal packages
// shapes and probe/kernel (the repository has no directory of that name, so no
// import is ambiguous between the two modules).
const modulePath = "github.com/exprc/exprc/internal/check/cseshapesrun"

func writeModule(dir, root string) error {
	gomod := fmt.Sprintf(`module %s

go 1.26.8

require github.com/exprc/exprc v0.0.0-00010101000000-000000000000

replace github.com/exprc/exprc => %s
`, modulePath, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// writeChunk writes queries lo..hi-1 of the seed's spec as one package: the
// spec, its evaluators with CSE (dir/cse) and without (dir/nocse), and a test
// that checks them (and, with batch, the batch engine).
func writeChunk(dir string, seed int64, lo, hi int, rows string, batch bool) error {
	var b strings.Builder
	b.WriteString(shapes.Table + "\n")
	for i := lo; i < hi; i++ {
		fmt.Fprintf(&b, "\n-- name: %s\n%s;\n", shapes.QueryName(i), query(seed, i))
	}
	spec := b.String()
	prog, err := compiler.CompileSources([]string{"shapes.sql"}, map[string][]byte{"shapes.sql": []byte(spec)})
	if err != nil {
		return fmt.Errorf("queries %d-%d: %w", lo, hi-1, err)
	}
	for _, v := range []struct {
		pkg   string
		noCSE bool
	}{{"cse", false}, {"nocse", true}} {
		plan, err := lower.Plan(prog.Queries, lower.Options{NoCSE: v.noCSE})
		if err != nil {
			return fmt.Errorf("queries %d-%d: %w", lo, hi-1, err)
		}
		src, err := codegen.Generate(plan, codegen.Options{Package: v.pkg, Command: "internal/check/shapes/run"})
		if err != nil {
			return fmt.Errorf("queries %d-%d: %w", lo, hi-1, err)
		}
		if err := os.MkdirAll(filepath.Join(dir, v.pkg), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, v.pkg, "exprc_gen.go"), src, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "shapes.sql"), []byte(spec), 0o644); err != nil {
		return err
	}
	test := fmt.Sprintf(`package check

import (
	_ "embed"
	"testing"

	"github.com/exprc/exprc/internal/check/shapes"

	"%[4]s/%[1]s/cse"
	"%[4]s/%[1]s/nocse"
)

//go:embed shapes.sql
var spec []byte

func TestShapes(t *testing.T) {
	shapes.CheckSpec(t, spec, cse.Lookup, nocse.Lookup, shapes.Suite{DataSeed: %[2]d, Rows: []int{%[3]s}, Batch: %[5]t})
}
`, filepath.Base(dir), seed, rows, modulePath, batch)
	return os.WriteFile(filepath.Join(dir, "check_test.go"), []byte(test), 0o644)
}

// goCmd runs the go command in dir offline, with its output on ours.
func goCmd(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	for _, e := range env {
		if e == "quiet" { // output only on failure
			cmd.Stdout, cmd.Stderr = &buf, &buf
			continue
		}
		cmd.Env = append(cmd.Env, e)
	}
	if err := cmd.Run(); err != nil {
		os.Stderr.Write(buf.Bytes()) //nolint:errcheck // best effort
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}
