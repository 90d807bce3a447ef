package bench

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var updateBCE = flag.Bool("update-bce", false, "rewrite testdata/bce.golden with the bounds checks found now")

// bcePackages are the packages whose hot loops TestBoundsChecks watches: the
// runtime the generated code calls, and the benchmark queries' evaluators.
var bcePackages = []string{"../templates/vec", "../generated/bench"}

// TestBoundsChecks compiles the benchmark queries' evaluators and
// templates/vec with the compiler's bounds-check report
// (-d=ssa/check_bce) and compares the number of index bounds checks in each
// function with testdata/bce.golden: a change that brings a bounds check
// back into a function (into one of its loops, most likely) fails here.
// Fewer is fine, and -update-bce records it. The counts are the compiler's:
// a new Go release may prove more or fewer, and then needs -update-bce.
func TestBoundsChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles two packages")
	}
	got := map[string]int{}
	for _, dir := range bcePackages {
		counts, err := boundsChecks(dir)
		if err != nil {
			t.Fatal(err)
		}
		for fn, c := range counts {
			got[filepath.Base(dir)+"."+fn] = c
		}
	}
	golden := filepath.Join("testdata", "bce.golden")
	if *updateBCE {
		var b strings.Builder
		b.WriteString("# index bounds checks per function (go build -gcflags=-d=ssa/check_bce); go test ./bench -run BoundsChecks -update-bce\n")
		var names []string
		for fn := range got {
			names = append(names, fn)
		}
		sort.Strings(names)
		for _, fn := range names {
			fmt.Fprintf(&b, "%s %d\n", fn, got[fn])
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readGoldenCounts(golden)
	if err != nil {
		t.Fatal(err)
	}
	for fn, c := range got {
		if c > want[fn] {
			t.Errorf("%s has %d index bounds checks, %d before: a hot loop may check bounds again (go build -gcflags=-d=ssa/check_bce shows where; go test ./bench -run BoundsChecks -update-bce if it is meant)", fn, c, want[fn])
		}
	}
}

var bceLine = regexp.MustCompile(`^(\S+\.go):(\d+):\d+: Found IsInBounds$`)

// boundsChecks builds the package in dir with the bounds-check report and
// counts the index checks in each of its functions (checks of inlined
// functions of other packages count where they are inlined only if they are
// reported there: those lines name the other file, and are skipped).
func boundsChecks(dir string) (map[string]int, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "build", "-gcflags=-d=ssa/check_bce", "-o", os.DevNull, ".")
	cmd.Dir = abs
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go build %s: %v\n%s", dir, err, out)
	}
	funcs, err := funcRanges(abs)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := bceLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		// The compiler names a file relative to the directory it ran in or
		// to the module's root (generated/bench/x.go, ./templates/vec/y.go).
		path := ""
		for _, base := range []string{abs, filepath.Dir(filepath.Dir(abs)), filepath.Dir(abs)} {
			if p := filepath.Join(base, m[1]); fileExists(p) {
				path = p
				break
			}
		}
		if filepath.Dir(path) != abs {
			continue // an inlined function of another package
		}
		file := filepath.Base(path)
		line, _ := strconv.Atoi(m[2])
		for _, r := range funcs[file] {
			if line >= r.from && line <= r.to {
				counts[r.name]++
				break
			}
		}
	}
	return counts, nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

type funcRange struct {
	name     string
	from, to int
}

// funcRanges lists the functions of the non-test Go files in dir by line.
func funcRanges(dir string) (map[string][]funcRange, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	out := map[string][]funcRange{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				fn = recvName(fd.Recv.List[0].Type) + "." + fn
			}
			out[filepath.Base(name)] = append(out[filepath.Base(name)], funcRange{fn, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
		}
	}
	return out, nil
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func readGoldenCounts(path string) (map[string]int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	want := map[string]int{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 || strings.HasPrefix(line, "#") {
			continue
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		want[f[0]] = n
	}
	return want, nil
}
