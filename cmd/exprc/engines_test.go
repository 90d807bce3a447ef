package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
)

// TestMain removes the engine cache the compiled-engine tests build into.
// With EXPRC_TEST_AS_CLI=1 in its environment the test binary is exprc
// itself, so that a test can run shell commands written for exprc (the
// README's tour) without building it.
func TestMain(m *testing.M) {
	if os.Getenv("EXPRC_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	if testCacheDir != "" {
		os.RemoveAll(testCacheDir)
	}
	os.Exit(code)
}

var (
	compiledOnce  sync.Once
	compiledSkip  string
	testCacheDir  string
	compiledSetup error
)

// needCompiled skips the test when the compiled engine cannot be tested (-short,
// no go command). Otherwise it points the engine cache at a directory of this
// test binary (so each engine is built once per test run) and gives the engine
// the module versions: a test binary records none in its build information.
func needCompiled(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("compiled engine: slow (go build); skipped with -short")
	}
	compiledOnce.Do(func() {
		goCmd, err := exec.LookPath("go")
		if err != nil {
			compiledSkip = "no go command in PATH"
			return
		}
		out, err := exec.Command(goCmd, "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}", ".").Output()
		if err != nil {
			compiledSetup = fmt.Errorf("go list -deps: %v", err)
			return
		}
		var deps []*debug.Module
		seen := map[string]bool{}
		for line := range strings.Lines(string(out)) {
			path, version, ok := strings.Cut(strings.TrimSpace(line), " ")
			if ok && !seen[path] {
				seen[path] = true
				deps = append(deps, &debug.Module{Path: path, Version: version})
			}
		}
		moduleDeps = func() ([]*debug.Module, error) { return deps, nil }
		testCacheDir, err = os.MkdirTemp("", "exprc-engines-test-")
		if err != nil {
			compiledSetup = err
			return
		}
		engineCacheDir = func() (string, error) { return testCacheDir, nil }
	})
	if compiledSkip != "" {
		t.Skip(compiledSkip)
	}
	if compiledSetup != nil {
		t.Fatal(compiledSetup)
	}
}

// demoTables and demoSpec are the demo spec: its tables and its queries.
const (
	demoTables = "../../examples/demo/tables.sql"
	demoSpec   = "../../examples/demo/lineitem.sql"
	// demoSubquerySpec is the shipped example of subqueries.
	demoSubquerySpec = "../../examples/demo/subquery.sql"
)

// failSpec has queries that fail part way through failData.
const failSpec = `CREATE TABLE t (id BIGINT NOT NULL, a BIGINT, s VARCHAR);

-- name: Fail1
SELECT id, 1000 DIV a AS q FROM t;

-- name: Fail2
SELECT id, CAST(s AS BIGINT) + 1 AS n, 10 DIV a AS q FROM t WHERE id <> 7;

-- name: SubqueryFails
-- t read as an inner table has many rows: only the row that reads the scalar
-- subquery fails.
SELECT id, CASE WHEN a = 0 THEN (SELECT x.id FROM t AS x) ELSE a END AS k FROM t;
`

// failData writes 3000 rows of t: a is 0 on row 1234 only, s is not a number
// on row 250 only, so Fail1 fails at row 1234 and Fail2 at row 250 and row 1234
// (in different batches of 100).
func failData(t *testing.T, dir string) string {
	var b strings.Builder
	b.WriteString("id,a,s\n")
	for i := range 3000 {
		a, s := i%7+1, fmt.Sprint(i*3)
		if i == 1234 {
			a = 0
		}
		if i == 250 {
			s = "12x"
		}
		if i%11 == 0 {
			s = "" // NULL
		}
		fmt.Fprintf(&b, "%d,%d,%s\n", i, a, s)
	}
	p := filepath.Join(dir, "t.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEnginesAgree runs each query with both engines, 1 and 4 threads and batch
// sizes 100 and 65536: stdout, the first line of stderr and the exit status must
// be the same in every run.
func TestEnginesAgree(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "fail.sql")
	if err := os.WriteFile(spec, []byte(failSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	data := failData(t, dir)
	// The interpreter tests every inner row per outer row: the subquery
	// example runs over the first 400 lines of lineitem.
	lineitem := headLines(t, "../../examples/demo/lineitem.csv", filepath.Join(dir, "lineitem.csv"), 401)
	cases := []struct {
		name      string
		args      []string
		wantFirst string // the first line of stderr
	}{
		{"Q1Projection", []string{demoTables, demoSpec, "-q", "Q1Projection", "-i", "lineitem=../../examples/demo/lineitem.csv"}, ""},
		{"Q6Filter", []string{demoTables, demoSpec, "-q", "Q6Filter", "-i", "lineitem=../../examples/demo/lineitem.csv"}, ""},
		{"Q6FilterCSV", []string{demoTables, demoSpec, "-q", "Q6Filter", "-i", "lineitem=../../examples/demo/lineitem.csv", "--format", "csv"}, ""},
		{"Q1ProjectionParquet", []string{demoTables, demoSpec, "-q", "Q1Projection", "-i", "lineitem=../../examples/demo/lineitem.csv", "--format", "parquet"}, ""},
		{"Classify", []string{demoTables, demoSpec, "-q", "Classify", "-i", "events=../../examples/demo/events.jsonl"}, ""},
		// subqueries: the same file is the outer table and the inner one
		{"LineContext", []string{demoTables, demoSubquerySpec, "-q", "LineContext", "-i", "lineitem=" + lineitem}, ""},
		{"SubqueryFails", []string{spec, "-q", "SubqueryFails", "-i", "t=" + data},
			"error: row 1234: SCALAR_SUBQUERY_TOO_MANY_ROWS: "},
		{"Fail1", []string{spec, "-q", "Fail1", "-i", "t=" + data}, "error: row 1234: DIVIDE_BY_ZERO: Division by zero."},
		{"Fail2", []string{spec, "-q", "Fail2", "-i", "t=" + data}, "error: row 250: CAST_INVALID_INPUT: "},
	}
	engines := []string{"interp", "batch"}
	if !testing.Short() {
		engines = append(engines, "compiled")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A failing query streams the rows of the batches before the failing
			// one, so its stdout is compared per batch size.
			base := map[string]*result{}
			baseName := map[string]string{}
			for _, eng := range engines {
				if eng == "compiled" {
					needCompiled(t)
				}
				for _, threads := range []string{"1", "4"} {
					for _, bs := range []string{"100", "65536"} {
						name := fmt.Sprintf("--engine %s --threads %s --batch-size %s", eng, threads, bs)
						args := append([]string{"run", "--progress", "never", "--engine", eng, "--threads", threads, "--batch-size", bs}, c.args...)
						r := exprc(args...)
						first, _, _ := strings.Cut(r.stderr, "\n")
						if c.wantFirst == "" && (r.code != 0 || r.stderr != "" || r.stdout == "") {
							t.Fatalf("%s: exit %d, stderr %q, %d bytes out", name, r.code, r.stderr, len(r.stdout))
						}
						if c.wantFirst != "" && (r.code != 1 || !strings.HasPrefix(first, c.wantFirst)) {
							t.Fatalf("%s: exit %d, stderr %q, want first line %q", name, r.code, r.stderr, c.wantFirst)
						}
						key := ""
						if c.wantFirst != "" {
							key = bs
						}
						b, ok := base[key]
						if !ok {
							base[key], baseName[key] = &r, name
							continue
						}
						if r.stdout != b.stdout {
							t.Errorf("%s: stdout differs from %s (%d and %d bytes)", name, baseName[key], len(r.stdout), len(b.stdout))
						}
						baseFirst, _, _ := strings.Cut(b.stderr, "\n")
						if first != baseFirst || r.code != b.code {
							t.Errorf("%s: exit %d, %q; %s: exit %d, %q", name, r.code, first, baseName[key], b.code, baseFirst)
						}
					}
				}
			}
		})
	}
}

// headLines writes the first n lines of file src to dst and returns dst.
func headLines(t *testing.T, src, dst string, n int) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	if err := os.WriteFile(dst, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestCompiledStreaming checks what is written before an error: on stdout the
// rows of the batches before the failing one, with --output nothing.
func TestCompiledStreaming(t *testing.T) {
	needCompiled(t)
	dir := t.TempDir()
	spec := filepath.Join(dir, "fail.sql")
	if err := os.WriteFile(spec, []byte(failSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	data := failData(t, dir)
	r := exprc("run", spec, "-q", "Fail1", "-i", "t="+data, "--engine", "compiled", "--batch-size", "1000", "--threads", "3")
	if r.code != 1 || strings.Count(r.stdout, "\n") != 1000 || !strings.Contains(r.stdout, "\n"+`{"id":999,"q":166}`+"\n") {
		t.Errorf("stdout before the failing batch: exit %d, %d lines", r.code, strings.Count(r.stdout, "\n"))
	}
	if !strings.Contains(r.stderr, "\n  in column q: 1000 DIV a\n") {
		t.Errorf("stderr %q", r.stderr)
	}
	out := filepath.Join(dir, "out.jsonl")
	r = exprc("run", spec, "-q", "Fail1", "-i", "t="+data, "--engine", "compiled", "-o", out)
	if r.code != 1 || r.stdout != "" {
		t.Errorf("with --output: %+v", r)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output file exists after a query error")
	}
	// A data error after the first batches: the rows before it, then the error,
	// as with the interpreter.
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("id,a,s\n1,1,1\n2,2,2\nx,3,3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, eng := range []string{"interp", "compiled"} {
		r = exprc("run", spec, "-q", "Fail1", "-i", "t="+bad, "--engine", eng, "--batch-size", "1")
		want := "error: " + bad + `: row 2 (line 4): column "id": invalid BIGINT "x"` + "\n"
		if r.code != 1 || r.stdout != `{"id":1,"q":1000}`+"\n"+`{"id":2,"q":500}`+"\n" || r.stderr != want {
			t.Errorf("%s, data error: %+v", eng, r)
		}
	}
	// Empty input: no rows, no error.
	empty := filepath.Join(dir, "empty.csv")
	if err := os.WriteFile(empty, []byte("id,a,s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = exprc("run", spec, "-q", "Fail1", "-i", "t="+empty, "--engine", "compiled", "--format", "csv")
	if r.code != 0 || r.stdout != "id,q\n" || r.stderr != "" {
		t.Errorf("empty input: %+v", r)
	}
}

func TestCompiledNoGo(t *testing.T) {
	_, spec, data := setup(t)
	t.Setenv("PATH", t.TempDir())
	r := exprc("run", spec, "-q", "Div", "-i", "events="+data, "--engine", "compiled")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "error: --engine compiled builds the query with the Go toolchain, but no go command was found in PATH") {
		t.Errorf("%+v", r)
	}
}

func TestEngineGoMod(t *testing.T) {
	got := string(engineGoMod("go1.26.8", []*debug.Module{
		{Path: "github.com/apache/arrow-go/v18", Version: "v18.8.0"},
		{Path: "example.com/a", Version: "v1.0.0", Replace: &debug.Module{Path: "../a"}},
		{Path: "example.com/b", Version: "v1.0.0", Replace: &debug.Module{Path: "example.com/c", Version: "v1.2.0"}},
	}))
	want := `module github.com/exprc/exprc

go 1.26.8

require (
	github.com/apache/arrow-go/v18 v18.8.0
	example.com/a v1.0.0
	example.com/b v1.0.0
)

replace example.com/a => "../a"

replace example.com/b => example.com/c v1.2.0
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestEngineAuto checks --engine auto: the batch engine, with the reason,
// where no compiled program is cached (the compiled engine cannot be built,
// or has not been); the compiled engine once a run built it. The choice is a
// status line, shown with --progress always.
func TestEngineAuto(t *testing.T) {
	dir, spec, data := setup(t)
	want := `{"q":10}` + "\n"
	okData := filepath.Join(dir, "ok.jsonl")
	if err := os.WriteFile(okData, []byte(`{"a":10}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("no go", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		r := exprc("run", spec, "-q", "Div", "-i", "events="+okData, "--engine", "auto", "--progress", "always")
		line := "exprc: engine: batch, since the compiled engine is not available: --engine compiled builds the query with the Go toolchain, but no go command was found in PATH"
		if r.code != 0 || r.stdout != want || !strings.HasPrefix(r.stderr, line) {
			t.Errorf("%+v", r)
		}
		r = exprc("run", spec, "-q", "Div", "-i", "events="+okData, "--engine", "auto", "--progress", "never")
		if r.code != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("--progress never: %+v", r)
		}
	})
	needCompiled(t)
	// No build cached, whatever the input's size: the batch engine, which
	// builds nothing.
	defer func(size int64) { autoBuildSize = size }(autoBuildSize)
	autoBuildSize = 0
	before := buildsStarted.Load()
	r := exprc("run", spec, "-q", "Div", "-i", "events="+okData, "--engine", "auto", "--progress", "always")
	if r.code != 0 || r.stdout != want || !strings.HasPrefix(r.stderr, "exprc: engine: batch (no compiled build of this query is cached: --engine compiled builds one, which later runs use)\n") {
		t.Errorf("no build cached: %+v", r)
	}
	if n := buildsStarted.Load() - before; n != 0 {
		t.Errorf("auto started %d builds", n)
	}
	// --engine compiled builds it; then auto runs the cached build.
	r = exprc("run", spec, "-q", "Div", "-i", "events="+okData, "--engine", "compiled", "--progress", "never")
	if r.code != 0 || r.stdout != want {
		t.Errorf("compiled: %+v", r)
	}
	r = exprc("run", spec, "-q", "Div", "-i", "events="+okData, "--engine", "auto", "--progress", "always")
	if r.code != 0 || r.stdout != want || !strings.Contains(r.stderr, "exprc: engine: compiled (cached build)\n") {
		t.Errorf("cached: %+v", r)
	}
	// The query error of the compiled engine, as the interpreter reports it.
	r = exprc("run", spec, "-q", "Div", "-i", "events="+data, "--engine", "auto", "--progress", "never")
	if first, _, _ := strings.Cut(r.stderr, "\n"); r.code != 1 || first != "error: row 1: DIVIDE_BY_ZERO: Division by zero." {
		t.Errorf("query error: %+v", r)
	}
}

// TestStdinInput reads the outer table from standard input, in each engine and
// in a format that streams (CSV) and one that is spooled (Parquet).
func TestStdinInput(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "fail.sql")
	if err := os.WriteFile(spec, []byte(failSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	data := failData(t, dir)
	paths := map[string]string{"csv": data}
	for _, p := range convert(t, []string{spec}, "t", data) {
		if strings.HasSuffix(p, ".parquet") {
			paths["parquet"] = p
		}
	}
	engines := []string{"interp"}
	if !testing.Short() {
		engines = append(engines, "compiled")
	}
	want := exprc("run", spec, "-q", "Fail2", "-i", "t="+data, "--batch-size", "100")
	if want.code != 1 || want.stdout == "" {
		t.Fatalf("from the file: %+v", want)
	}
	for _, eng := range engines {
		if eng == "compiled" {
			needCompiled(t)
		}
		for _, format := range []string{"csv", "parquet"} {
			f, err := os.Open(paths[format])
			if err != nil {
				t.Fatal(err)
			}
			stdinFile = f
			r := exprc("run", spec, "-q", "Fail2", "-i", "t=-", "--input-format", format, "--engine", eng, "--batch-size", "100")
			stdinFile = os.Stdin
			f.Close()
			if r != want {
				t.Errorf("%s, %s from stdin: exit %d, stderr %q, %d bytes out; from the file: exit %d, stderr %q, %d bytes", eng, format, r.code, r.stderr, len(r.stdout), want.code, want.stderr, len(want.stdout))
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", spec, "-q", "Fail1", "-i", "t=-"}, "error: --input t=-: give the format of standard input with --input-format (jsonl, csv, parquet or arrow)"},
		{[]string{"run", spec, "-q", "Fail1", "-i", "t=" + data, "--input-format", "csv"}, "error: --input-format is for standard input and files without a known extension, but every --input file's extension names its format"},
		{[]string{"run", spec, "-q", "Fail1", "-i", "t=-", "--input-format", "xml"}, `error: unknown --input-format "xml" (want jsonl, csv, parquet or arrow)`},
		{[]string{"run", spec, "-q", "SubqueryFails", "-i", "t=-", "--input-format", "csv"}, "error: query SubqueryFails reads table t in a subquery, which exprc reads whole first: give it as a file, not standard input"},
	} {
		r := exprc(c.args...)
		if first, _, _ := strings.Cut(r.stderr, "\n"); r.code != 1 || first != c.want {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, first, c.want)
		}
	}
}

// TestLowestBadRow checks that a data error is the one at the lowest bad row
// of the columns the query reads, whatever the threads, the batch size and the
// engine, in CSV (with quoted fields spanning lines, so lines and rows differ)
// and JSON lines; a bad value in a column the query does not read is not an
// error.
func TestLowestBadRow(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "bad.sql")
	if err := os.WriteFile(spec, []byte("CREATE TABLE t (id BIGINT NOT NULL, a BIGINT, note VARCHAR, z BIGINT);\n-- name: Q\nSELECT id, a + 1 AS b FROM t;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := map[int]bool{1700: true, 3100: true, 4000: true}
	var csv, jsonl strings.Builder
	csv.WriteString("id,a,note,z\n")
	line, badLine := 2, 0
	for i := range 5000 {
		a, z, note := fmt.Sprint(i), fmt.Sprint(i), "plain"
		if bad[i] {
			a = fmt.Sprintf("x%d", i)
		}
		if i == 500 {
			z = "not a number" // z is not read
		}
		if i%97 == 0 {
			note = "\"two\nlines, \"\"quoted\"\"\""
		}
		if i == 1700 {
			badLine = line
		}
		fmt.Fprintf(&csv, "%d,%s,%s,%s\n", i, a, note, z)
		line += 1 + strings.Count(note, "\n")
		fmt.Fprintf(&jsonl, "{\"id\":%d,\"a\":%q,\"note\":\"n\",\"z\":%q}\n", i, a, z)
	}
	files := map[string]string{"csv": filepath.Join(dir, "t.csv"), "jsonl": filepath.Join(dir, "t.jsonl")}
	want := map[string]string{
		"csv":   fmt.Sprintf(`: row 1700 (line %d): column "a": invalid BIGINT "x1700"`, badLine),
		"jsonl": `: row 1700 (line 1701): column "a": invalid BIGINT "x1700"`,
	}
	os.WriteFile(files["csv"], []byte(csv.String()), 0o644)     //nolint:errcheck // read back below
	os.WriteFile(files["jsonl"], []byte(jsonl.String()), 0o644) //nolint:errcheck // read back below
	engines := []string{"interp"}
	if !testing.Short() {
		engines = append(engines, "compiled")
	}
	for _, eng := range engines {
		if eng == "compiled" {
			needCompiled(t)
		}
		for format, path := range files {
			for _, threads := range []string{"1", "2", "8"} {
				for _, bs := range []string{"100", "65536"} {
					out := filepath.Join(dir, "out.csv")
					r := exprc("run", spec, "-q", "Q", "-i", "t="+path, "-o", out, "--engine", eng, "--threads", threads, "--batch-size", bs)
					if w := "error: " + path + want[format] + "\n"; r.code != 1 || r.stderr != w {
						t.Errorf("%s, %s, --threads %s --batch-size %s: exit %d, stderr %q, want %q", eng, format, threads, bs, r.code, r.stderr, w)
					}
					if _, err := os.Stat(out); !os.IsNotExist(err) {
						t.Errorf("%s, %s: output written after a data error", eng, format)
					}
				}
			}
		}
	}
}
