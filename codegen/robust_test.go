package codegen_test

import (
	"bytes"
	"flag"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
)

// The golden tests of this package honour -update; another test file of the
// package may have registered the flag already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updatingGoldens() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// hostileGolden holds the hostile-names spec (spec.sql) and the exact code
// generated from it (exprc_gen.go).
const hostileGolden = "testdata/hostile.txtar"

// generateSpec compiles one spec and generates its package, as
// `exprc gen --package pkg spec.sql` would.
func generateSpec(t *testing.T, spec []byte, pkg string) []byte {
	t.Helper()
	prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": spec})
	if err != nil {
		t.Fatalf("spec of package %s does not compile: %v", pkg, err)
	}
	src, err := generate(prog.Queries, codegen.Options{Package: pkg, Command: "exprc gen --package " + pkg + " spec.sql"})
	if err != nil {
		t.Fatalf("package %s: %v", pkg, err)
	}
	return src
}

func archiveFile(t *testing.T, ar *txtar.Archive, name string) []byte {
	t.Helper()
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("%s has no file %s", hostileGolden, name)
	return nil
}

// TestHostileNamesGolden generates the hostile-names spec (table, column and
// alias names and string literals holding quotes, backquotes, newlines, comment
// markers, Go keywords and predeclared names, the names of the generated code's
// own locals, names equal after mangling, non-ASCII and a BOM) and compares the
// output with the golden file byte for byte. It also checks the output parses as
// Go. The slow TestGeneratedCodeRobustness compiles, vets and runs it.
func TestHostileNamesGolden(t *testing.T) {
	data, err := os.ReadFile(hostileGolden)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	got := generateSpec(t, archiveFile(t, ar, "spec.sql"), "hostile")
	if _, err := parser.ParseFile(token.NewFileSet(), "exprc_gen.go", got, parser.ParseComments); err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	// The file is assembled from pieces formatted one by one (render.go):
	// gofmt must leave the whole of it as it is.
	if formatted, err := format.Source(got); err != nil {
		t.Fatalf("generated code does not format: %v", err)
	} else if !bytes.Equal(formatted, got) {
		t.Errorf("generated code is not gofmt-clean:\n%s", firstLineDiff(got, formatted))
	}
	if updatingGoldens() {
		for i := range ar.Files {
			if ar.Files[i].Name == "exprc_gen.go" {
				ar.Files[i].Data = got
			}
		}
		if err := os.WriteFile(hostileGolden, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := archiveFile(t, ar, "exprc_gen.go"); !bytes.Equal(got, want) {
		t.Errorf("generated code for the hostile-names spec differs from %s (go test ./codegen -run HostileNamesGolden -update, then review the diff):\n%s",
			hostileGolden, firstLineDiff(got, want))
	}
}

func firstLineDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + "\n  got  " + g[i] + "\n  want " + w[i]
		}
	}
	return "got " + strconv.Itoa(len(g)) + " lines, want " + strconv.Itoa(len(w))
}

// TestHostileNamesRejected checks the names generation must refuse with a clear
// error rather than emit code that does not compile.
func TestHostileNamesRejected(t *testing.T) {
	for _, tc := range []struct{ name, spec, want string }{
		{"query names equal ignoring case", "CREATE TABLE t (x BIGINT);\n-- name: a_b\nSELECT x FROM t;\n-- name: A_b\nSELECT x FROM t;\n", "already defined"},
		{"query named Lookup", "CREATE TABLE t (x BIGINT);\n-- name: lookup\nSELECT x FROM t;\n", "reserved"},
		{"query named Evaluator", "CREATE TABLE t (x BIGINT);\n-- name: Evaluator\nSELECT x FROM t;\n", "reserved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(tc.spec)})
			if err == nil {
				_, err = generate(prog.Queries, codegen.Options{Package: "p"})
			}
			if err == nil {
				t.Fatalf("no error; want one mentioning %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not mention %q", err, tc.want)
			}
		})
	}
}

// TestQueryNamesDistinctDeclarations checks that queries whose Go names meet
// another query's package-level names (query Foo declares FooSchema and
// fooInput) either get an error or distinct declarations.
func TestQueryNamesDistinctDeclarations(t *testing.T) {
	for _, spec := range []string{
		"CREATE TABLE t (x BIGINT);\n-- name: Foo\nSELECT x FROM t;\n-- name: FooSchema\nSELECT x FROM t;\n",
		"CREATE TABLE t (x BIGINT);\n-- name: FooSchema\nSELECT x FROM t;\n-- name: Foo\nSELECT x FROM t;\n",
		"CREATE TABLE t (x BIGINT);\n-- name: Like\nSELECT x FROM t;\n-- name: Foo\nSELECT CAST(x AS VARCHAR) LIKE 'a%' AS l FROM t;\n",
	} {
		prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(spec)})
		if err != nil {
			t.Fatal(err)
		}
		src, err := generate(prog.Queries, codegen.Options{Package: "p"})
		if err != nil {
			continue // a clear refusal is fine
		}
		f, err := parser.ParseFile(token.NewFileSet(), "exprc_gen.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, d := range f.Decls {
			for _, name := range declNames(d) {
				if seen[name] {
					t.Errorf("spec\n%s\ngenerated code declares %s twice", spec, name)
				}
				seen[name] = true
			}
		}
	}
}

func declNames(d ast.Decl) []string {
	var names []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			names = append(names, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names = append(names, n.Name)
				}
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			}
		}
	}
	return names
}

// collisionSpecs are specs whose generated code must compile: a column, alias or
// query named like an identifier the generated code declares itself (a loop
// local, a fast-path slice, a package-level matcher, an imported package).
var collisionSpecs = []struct{ pkg, spec string }{
	// Column x_v becomes local xV, the name of x's fast-path slice.
	{"shadowslice", "CREATE TABLE t (x BIGINT, x_v BIGINT);\n-- name: Q\nSELECT x + x_v AS s FROM t;\n"},
	// greatest declares best and have in its row loop.
	{"greatestlocals", "CREATE TABLE t (best BIGINT, have BIGINT);\n-- name: Q\nSELECT greatest(best, have) AS g FROM t;\n"},
	// The LIKE matcher is the package-level variable likePattern.
	{"patternvar", "CREATE TABLE t (s VARCHAR, like_pattern VARCHAR);\n-- name: Q\nSELECT s LIKE 'a%' AS m, like_pattern FROM t;\n"},
	// A DOUBLE NaN constant is math.NaN().
	{"mathpkg", "CREATE TABLE t (math DOUBLE);\n-- name: Q\nSELECT math + CAST('NaN' AS DOUBLE) AS r FROM t;\n"},
	// m[k] declares v, found and isNull, then reports a missing key with the key.
	{"maplocals", "CREATE TABLE t (m MAP<VARCHAR, BIGINT>, v VARCHAR);\n-- name: Q\nSELECT m[v] AS x FROM t;\n"},
	{"maplocals2", "CREATE TABLE t (m MAP<VARCHAR, BIGINT>, k VARCHAR, found BIGINT, is_null BIGINT);\n-- name: Q\nSELECT m[k] + found + is_null AS x, element_at(m, k) AS y, map_contains_key(m, k) AS z FROM t;\n"},
	// Locals of CASE, IF, COALESCE, AND/OR and IN, and the error report.
	{"branchlocals", "CREATE TABLE t (`then` BIGINT, otherwise BIGINT, `when` BOOLEAN, not_yet BIGINT, konst BIGINT, case_result BIGINT, " +
		"`and` BOOLEAN, `or` BOOLEAN, and_result BOOLEAN, in_result BIGINT, still_null BIGINT, coalesced BIGINT, clauses VARCHAR, texts VARCHAR, c BIGINT);\n" +
		"-- name: Q\nSELECT CASE WHEN `when` THEN `then` ELSE otherwise END AS a, IF(`and` AND `or` OR and_result, not_yet, konst) AS b, " +
		"COALESCE(still_null, coalesced, case_result) AS d, in_result IN (1, 2, c) AS f, clauses || texts AS g FROM t;\n"},
	// Fused loops: an absorbed shared expression, and columns named like the
	// loops' variables (rest, fused, out, bad, left, cnt, entry).
	{"fusedlocals", "CREATE TABLE t (s VARCHAR, rest BIGINT, fused BIGINT, `out` BIGINT, bad BIGINT, `left` VARCHAR, cnt BIGINT, entry BIGINT);\n" +
		"-- name: Q\nSELECT CASE WHEN substring(s, 1, 2) = 'ab' THEN 'x' WHEN substring(s, 1, 2) = `left` THEN s ELSE substring(s, 1, 2) END AS c, " +
		"rest * fused + `out` * bad - cnt * entry AS d FROM t;\n"},
	// Temporaries named after a function that shares its name with a loop
	// variable: left(s, 2) is held in a temporary "left" unless the name is
	// reserved (the differential fuzzer found the fused loop's left colliding).
	{"fnlocals", "CREATE TABLE t (s VARCHAR NOT NULL, d DOUBLE, p BOOLEAN NOT NULL, m MAP<VARCHAR, VARCHAR>, m3 MAP<INT, VARCHAR>);\n" +
		"-- name: Q\nSELECT IF((CASE left(upper(s), CAST(d AS INT)) WHEN left(upper(s), CAST(d AS INT)) THEN (initcap(s) < m3[0]) " +
		"WHEN lcase(m['']) THEN p ELSE p END), m3[1], 'n') AS c FROM t;\n"},
	// Columns named like the numbered names of temporaries (cmp2, the second
	// comparison; sum2, entry2, konst2, product2).
	{"numbered", "CREATE TABLE t (cmp BIGINT, cmp2 BIGINT, sum2 BIGINT, konst2 BIGINT, product2 DOUBLE, entry2 BIGINT, m MAP<VARCHAR, BIGINT>, p BOOLEAN);\n" +
		"-- name: Q\nSELECT cmp > cmp2 AS a, cmp < sum2 AS b, sum2 = konst2 AS c, (cmp + sum2) * (cmp2 + 1) AS d, (cmp + 1) + (sum2 + 2) AS e, " +
		"COALESCE(cmp, 1, konst2) AS f, product2 * 2 * product2 AS g, IF(p, m['a'] + entry2, m['b'] - entry2) AS h, m['c'] + m['d'] AS i FROM t;\n"},
	// A fused COALESCE whose later argument reads an absorbed subexpression
	// (CAST(i5 AS BIGINT), shared with the IF): the clean loop, which reads
	// the first argument only, must not compute it.
	{"absorbedcoalesce", "CREATE TABLE t (b3 BIGINT, i5 INT);\n-- name: Q\nSELECT COALESCE(b3, i5, 0) AS a, IF(i5 > b3, b3, 1) AS b FROM t;\n"},
	// IS NULL of a shared vector in a fused loop reads its NULLs alone: the
	// unit still takes the vector (found by make cse-shapes).
	{"isnullshared", "CREATE TABLE t (s VARCHAR, c BIGINT, b BIGINT);\n-- name: Q\nSELECT COALESCE(s, CASE WHEN COALESCE(c, 7) IS NULL THEN 'x' ELSE s END) AS a, COALESCE(c, 7) + b AS d FROM t WHERE b > 0;\n"},
	// A fused loop's absorbed local named like the loop's own result
	// (replace), which the loop reads when it decides a failed row (found by
	// make fuzz: lpad can fail).
	{"loopresult", "CREATE TABLE t (s0 VARCHAR, s1 VARCHAR);\n-- name: Q\nSELECT replace(replace(' 42 ', s1), replace(' 42 ', s1), lpad(s0, (-2147483648))) AS r FROM t;\n"},
	// Units with the same code call one helper (upperColumn, sumColumn...),
	// whose parameters are in1, in2... and text1, value1...: columns and
	// queries named like them.
	{"helpers", "CREATE TABLE t (upper_column VARCHAR, in1 VARCHAR, sum_column BIGINT, in2 BIGINT, value1 BIGINT, text1 VARCHAR);\n" +
		"-- name: upperColumn\nSELECT upper(upper_column) AS upper_column, upper(in1) AS in2, sum_column + 1 AS value1, in2 + 2 AS col_num1, text1 || 'a' AS s, in1 || 'b' AS t FROM t;\n" +
		"-- name: sumColumn\nSELECT upper(in1) AS upper_column, sum_column + 3 AS sum_column, in2 + value1 AS x, value1 + in2 AS y FROM t;\n"},
}

// TestGeneratedCodeRobustness builds one temporary module beside the repository
// (replace github.com/exprc/exprc => the repository root) holding:
//
//   - hostile/: the hostile-names spec of testdata/hostile.txtar, its generated
//     code, and a test comparing every query with the interpreter;
//   - edge/: testdata/robust/edge, a test of batch shapes (0 rows, all NULL,
//     1 MiB and invalid UTF-8 strings, sliced batches), schema mismatches
//     (each must be an error naming the column, never a panic) and 8
//     goroutines calling the same evaluators;
//   - collide/*: collisionSpecs, which only have to compile and vet;
//
// then runs go vet ./... and go test -race on it, offline.
func TestGeneratedCodeRobustness(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with go test -race")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(rel string, data []byte) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string) []byte {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	write("go.mod", []byte("module example.com/robust\n\ngo 1.26\n\nrequire (\n\tgithub.com/apache/arrow-go/v18 v18.8.0\n\tgithub.com/exprc/exprc v0.0.0\n)\n\nreplace github.com/exprc/exprc => "+root+"\n"))
	write("go.sum", read(filepath.Join(root, "go.sum")))
	write("harness/harness.go", read("testdata/robust/harness/harness.go"))

	golden, err := os.ReadFile(hostileGolden)
	if err != nil {
		t.Fatal(err)
	}
	spec := archiveFile(t, txtar.Parse(golden), "spec.sql")
	write("hostile/spec.sql", spec)
	write("hostile/exprc_gen.go", generateSpec(t, spec, "hostile"))
	write("hostile/hostile_test.go", read("testdata/robust/hostile/hostile_test.go"))

	spec = read("testdata/robust/edge/spec.sql")
	write("edge/spec.sql", spec)
	write("edge/exprc_gen.go", generateSpec(t, spec, "edge"))
	write("edge/edge_test.go", read("testdata/robust/edge/edge_test.go"))

	for _, c := range collisionSpecs {
		write("collide/"+c.pkg+"/exprc_gen.go", generateSpec(t, []byte(c.spec), c.pkg))
	}

	gocmd := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOSUMDB=off", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	// One vet run over every package; its report is split by package.
	vetOut, vetErr := gocmd("vet", "./...")
	reports := map[string]string{}
	pkg := ""
	for _, line := range strings.SplitAfter(vetOut, "\n") {
		if rest, ok := strings.CutPrefix(line, "# example.com/robust/"); ok {
			pkg = strings.TrimSpace(rest)
			continue
		}
		reports[pkg] += line
	}
	attributed := false
	for _, p := range []string{"hostile", "edge", "harness"} {
		for key, r := range reports {
			if key == p || strings.HasPrefix(key, p+"_test") || strings.HasPrefix(key, p+" ") {
				attributed = true
				t.Errorf("go vet %s:\n%s", key, r)
			}
		}
	}
	for _, c := range collisionSpecs {
		r, ok := reports["collide/"+c.pkg]
		attributed = attributed || ok
		t.Run("compiles/"+c.pkg, func(t *testing.T) {
			if ok {
				t.Errorf("generated code for\n%s\ndoes not compile or vet:\n%s", c.spec, r)
			}
		})
	}
	if vetErr != nil && !attributed {
		t.Errorf("go vet ./...: %v\n%s", vetErr, vetOut)
	}

	out, err := gocmd("test", "-race", "-count=1", "./hostile", "./edge")
	if err != nil {
		t.Errorf("go test -race ./hostile ./edge in %s: %v\n%s", dir, err, out)
	}
}

// generate plans qs as exprc gen does and prints them.
func generate(qs []*ir.Query, opts codegen.Options) ([]byte, error) {
	plan, err := lower.Plan(qs, lower.Options{})
	if err != nil {
		return nil, err
	}
	return codegen.Generate(plan, opts)
}
