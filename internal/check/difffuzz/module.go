package difffuzz

import (
	"bytes"
	"encoding/json"
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
	"time"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
)

// modulePath is the module path of the temporary checking module. It lies
// under github.com/exprc/exprc so that its main package may import this
// package, which is internal (the repository has no directory of that name,
// so no import is ambiguous between the two modules).
const modulePath = "github.com/exprc/exprc/internal/check/difffuzzrun"

// Module is a temporary Go module holding generated packages and a main
// package that checks them (ChildMain). It replaces github.com/exprc/exprc
// with the checkout at Root and builds offline.
type Module struct {
	Dir, Root string
	Pkgs      []*Package
	// CSEVariants and NoCSEVariants choose which variants of each base query
	// are generated with and without CSE ("try", "perm").
	CSEVariants, NoCSEVariants []string
	// HangTimeout is the checking binary's limit per query set (0: its default).
	HangTimeout time.Duration
	// VariantEvery generates the variants of every VariantEvery-th base query
	// only (the interpreter checks them for all), to keep the build small.
	VariantEvery int
}

// Package is one generated package of a Module.
type Package struct {
	Name    string
	Spec    string // the spec text
	Job     JobPackage
	Dropped []Failure // queries dropped because code generation or the Go build failed
	queries []*ir.Query
	cseSrc  []byte
	noSrc   []byte
}

// RepoRoot finds the directory of the exprc module's go.mod from dir upward.
func RepoRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.HasPrefix(bytes.TrimSpace(b), []byte("module github.com/exprc/exprc\n")) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no github.com/exprc/exprc go.mod above %s", dir)
		}
	}
}

// NewModule creates an empty module in a fresh temporary directory.
func NewModule(root string) (*Module, error) {
	dir, err := os.MkdirTemp("", "difffuzz-")
	if err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module %s\n\ngo 1.26.8\n\nrequire github.com/exprc/exprc v0.0.0-00010101000000-000000000000\n\nreplace github.com/exprc/exprc => %s\n", modulePath, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	return &Module{Dir: dir, Root: root, CSEVariants: []string{"try"}, NoCSEVariants: []string{"perm"}, VariantEvery: 1}, nil
}

// Remove deletes the module's directory.
func (m *Module) Remove() { os.RemoveAll(m.Dir) } //nolint:errcheck // best effort

// AddPackage compiles spec (one table, base queries and their variants) and
// generates its code with and without CSE. A query that code generation
// rejects is dropped with its variants and recorded as a failure of kind
// "codegen".
func (m *Module) AddPackage(spec string, job JobPackage) (*Package, error) {
	p, err := m.NewPackage(spec, job)
	if err != nil {
		return nil, err
	}
	m.Append(p)
	return p, nil
}

// NewPackage is AddPackage without the adding: it may run concurrently with
// other NewPackage calls; Append the results in order.
func (m *Module) NewPackage(spec string, job JobPackage) (*Package, error) {
	p := &Package{Spec: spec, Job: job}
	prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(spec)})
	if err != nil {
		return nil, fmt.Errorf("spec does not compile: %w", err)
	}
	p.queries = prog.Queries
	if err := p.generate(m); err != nil {
		return nil, err
	}
	return p, nil
}

// Append adds a package made by NewPackage.
func (m *Module) Append(p *Package) {
	p.Name = fmt.Sprintf("p%03d", len(m.Pkgs))
	m.Pkgs = append(m.Pkgs, p)
}

func baseName(name string) string {
	return strings.TrimSuffix(strings.TrimSuffix(name, trySuffix), permSuffix)
}

func variantOf(name string) string {
	switch {
	case strings.HasSuffix(name, trySuffix):
		return "try"
	case strings.HasSuffix(name, permSuffix):
		return "perm"
	}
	return ""
}

func (p *Package) selectQueries(variants []string, every int) []*ir.Query {
	var out []*ir.Query
	for _, q := range p.queries {
		v := variantOf(q.Name)
		if v == "" {
			out = append(out, q)
			continue
		}
		if every > 1 && queryIndex(baseName(q.Name))%every != 0 {
			continue
		}
		for _, w := range variants {
			if w == v {
				out = append(out, q)
			}
		}
	}
	return out
}

// split chooses the queries of the two generated packages. A query whose CSE
// plan shares nothing generates the same code with and without CSE
// (lower.Query.Shares), so it is compiled once, in the CSE package, even when it
// was chosen for the other: the build is a third smaller and checks the same.
func (p *Package) split(m *Module) (withCSE, noCSE []*ir.Query) {
	chosen := func(variants []string) map[*ir.Query]bool {
		set := map[*ir.Query]bool{}
		for _, q := range p.selectQueries(variants, m.VariantEvery) {
			set[q] = true
		}
		return set
	}
	forCSE, forNoCSE := chosen(m.CSEVariants), chosen(m.NoCSEVariants)
	for _, q := range p.queries { // in the spec's order, so the packages read like it
		shares := forNoCSE[q] && sharesCode(q)
		if shares {
			noCSE = append(noCSE, q)
		}
		if forCSE[q] || forNoCSE[q] && !shares {
			withCSE = append(withCSE, q)
		}
	}
	return withCSE, noCSE
}

// generate writes the Go source of both variants, dropping the queries code
// generation fails on.
func (p *Package) generate(m *Module) error {
	for {
		var err error
		withCSE, noCSE := p.split(m)
		p.cseSrc, err = generate(withCSE, false, codegen.Options{Package: "cse", Command: "difffuzz"})
		if err == nil {
			p.noSrc, err = generate(noCSE, true, codegen.Options{Package: "nocse", Command: "difffuzz"})
		}
		if err == nil {
			return nil
		}
		// Find the queries that fail on their own and drop them.
		bad := map[string]string{}
		for _, q := range p.queries {
			for _, noCSE := range []bool{false, true} {
				if _, e := generate([]*ir.Query{q}, noCSE, codegen.Options{Package: "x"}); e != nil {
					bad[baseName(q.Name)] = e.Error()
				}
			}
		}
		if len(bad) == 0 {
			return fmt.Errorf("code generation failed, but on no query alone: %w", err)
		}
		p.drop(bad, "codegen")
	}
}

// generate plans qs (lower.Plan, as exprc gen does) and prints them, with a
// panic turned into an error (a panic is a finding too: code generation must
// reject what it cannot compile).
func generate(qs []*ir.Query, noCSE bool, opts codegen.Options) (src []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("codegen panicked: %v", p)
		}
	}()
	plan, err := lower.Plan(qs, lower.Options{NoCSE: noCSE})
	if err != nil {
		return nil, err
	}
	return codegen.Generate(plan, opts)
}

// sharesCode reports whether q's plan shares a subexpression, so that its
// code with CSE differs from its code without. A query planning fails on
// counts as sharing: generate then finds and drops it.
func sharesCode(q *ir.Query) (shares bool) {
	defer func() {
		if recover() != nil {
			shares = true
		}
	}()
	pq, err := lower.PlanQuery(q, lower.Options{})
	return err != nil || pq.Shares()
}

// drop removes base queries (and their variants) with a failure each.
func (p *Package) drop(bad map[string]string, kind string) {
	var keep []*ir.Query
	for _, q := range p.queries {
		if msg, ok := bad[baseName(q.Name)]; ok {
			if variantOf(q.Name) == "" {
				p.Dropped = append(p.Dropped, Failure{Query: q.Name, Kind: kind, Detail: msg, Rows: p.Job.Rows})
			}
			continue
		}
		keep = append(keep, q)
	}
	p.queries = keep
}

// write writes the package's files.
func (p *Package) write(m *Module) error {
	dir := filepath.Join(m.Dir, p.Name)
	for _, sub := range []string{"cse", "nocse"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	// The spec the checker compiles holds only the queries that were generated.
	keep := map[string]bool{}
	for _, q := range p.queries {
		keep[q.Name] = true
	}
	spec := filterSpec(p.Spec, keep)
	p.Job.Spec = filepath.Join(dir, "spec.sql")
	for name, b := range map[string][]byte{"spec.sql": []byte(spec), "cse/exprc_gen.go": p.cseSrc, "nocse/exprc_gen.go": p.noSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// filterSpec keeps the CREATE TABLE statement and the queries named in keep.
func filterSpec(spec string, keep map[string]bool) string {
	parts := strings.Split(spec, "\n-- name: ")
	var b strings.Builder
	b.WriteString(parts[0])
	for _, part := range parts[1:] {
		name, _, _ := strings.Cut(part, "\n")
		if keep[strings.TrimSpace(name)] {
			b.WriteString("\n-- name: " + part)
		}
	}
	return b.String()
}

// Build writes every package and the main package and builds the checking
// binary. Generated code that does not compile is a finding: the queries
// whose functions hold the compile errors are dropped (recorded as failures of
// kind "gobuild") and the build retried.
func (m *Module) Build() (string, error) {
	bin := filepath.Join(m.Dir, "check")
	for attempt := 0; ; attempt++ {
		for _, p := range m.Pkgs {
			if err := p.write(m); err != nil {
				return "", err
			}
		}
		if err := m.writeMain(); err != nil {
			return "", err
		}
		// Generated packages compile without optimization or DWARF and the
		// binary links without symbols: three times faster, and the code's
		// semantics do not depend on the optimizer.
		out, err := m.goCmd("build", "-gcflags="+modulePath+"/...=-N -l -dwarf=false", "-ldflags=-s -w", "-o", bin, ".")
		if err == nil {
			return bin, nil
		}
		if attempt >= 3 || !m.dropBuildCulprits(out) {
			return "", fmt.Errorf("go build: %w\n%s", err, firstLines(out, 60))
		}
	}
}

var buildErrLine = regexp.MustCompile(`(?m)^(?:\./)?(p\d+)/(cse|nocse)/exprc_gen\.go:(\d+):\d+: (.*)$`)

// dropBuildCulprits maps compile errors to the query functions they are in
// and drops those queries. It reports whether it found any.
func (m *Module) dropBuildCulprits(out string) bool {
	found := false
	for _, p := range m.Pkgs {
		bad := map[string]string{}
		for _, mt := range buildErrLine.FindAllStringSubmatch(out, -1) {
			if mt[1] != p.Name {
				continue
			}
			line, _ := strconv.Atoi(mt[3])
			decl := enclosingDecl(filepath.Join(m.Dir, p.Name, mt[2], "exprc_gen.go"), line)
			for _, q := range p.queries {
				if name := codegen.GoName(q.Name, true); decl != "" && (decl == name || decl == "New"+name) {
					bad[baseName(q.Name)] = fmt.Sprintf("generated code (%s) does not compile: %s", mt[2], mt[4])
				}
			}
		}
		if len(bad) > 0 {
			found = true
			p.drop(bad, "gobuild")
			if err := p.generate(m); err != nil {
				return false
			}
		}
	}
	return found
}

// enclosingDecl returns the name of the top-level declaration of file
// holding line: a function's name, a method's receiver type (a prepared
// query's methods), a type's name; or "".
func enclosingDecl(file string, line int) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	for _, d := range f.Decls {
		if fset.Position(d.Pos()).Line > line || line > fset.Position(d.End()).Line {
			continue
		}
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 {
				t := d.Recv.List[0].Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if id, ok := t.(*ast.Ident); ok {
					return id.Name
				}
			}
			return d.Name.Name
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if ts, ok := sp.(*ast.TypeSpec); ok {
					return ts.Name.Name
				}
			}
		}
	}
	return ""
}

func (m *Module) writeMain() error {
	var b strings.Builder
	b.WriteString("// Code generated by difffuzz. DO NOT EDIT.\n\npackage main\n\nimport (\n\t\"github.com/exprc/exprc/internal/check/difffuzz\"\n")
	for _, p := range m.Pkgs {
		fmt.Fprintf(&b, "\t%scse %q\n\t%snocse %q\n", p.Name, modulePath+"/"+p.Name+"/cse", p.Name, modulePath+"/"+p.Name+"/nocse")
	}
	b.WriteString(")\n\nfunc main() {\n\tdifffuzz.ChildMain([]difffuzz.Generated{\n")
	for _, p := range m.Pkgs {
		fmt.Fprintf(&b, "\t\t{CSE: %[1]scse.Lookup, NoCSE: %[1]snocse.Lookup, CSEPrepare: %[1]scse.Prepare, NoCSEPrepare: %[1]snocse.Prepare},\n", p.Name)
	}
	b.WriteString("\t})\n}\n")
	return os.WriteFile(filepath.Join(m.Dir, "main.go"), []byte(b.String()), 0o644)
}

// goEnv is the environment of the go command in the module: offline, with
// go.sum filled from the module cache.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
}

func (m *Module) goCmd(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = m.Dir
	cmd.Env = goEnv()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// Run runs the checking binary on the module's packages.
func (m *Module) Run(bin string, shrinkData bool, workers int, timeout time.Duration) (*Report, error) {
	job := Job{ShrinkData: shrinkData, Workers: workers, HangTimeout: m.HangTimeout}
	for _, p := range m.Pkgs {
		job.Packages = append(job.Packages, p.Job)
	}
	jb, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	jobFile, repFile := filepath.Join(m.Dir, "job.json"), filepath.Join(m.Dir, "report.json")
	if err := os.WriteFile(jobFile, jb, 0o644); err != nil {
		return nil, err
	}
	os.Remove(repFile) //nolint:errcheck // may not exist
	cmd := exec.Command(bin, jobFile, repFile)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(timeout):
		cmd.Process.Kill() //nolint:errcheck // best effort
		<-done
		return nil, fmt.Errorf("checking binary timed out after %s (a hang in generated code or the interpreter?)\n%s", timeout, firstLines(stderr.String(), 40))
	}
	if err != nil {
		return nil, fmt.Errorf("checking binary: %w\n%s", err, firstLines(stderr.String(), 60))
	}
	b, err := os.ReadFile(repFile)
	if err != nil {
		return nil, err
	}
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, err
	}
	for _, p := range m.Pkgs {
		for _, f := range p.Dropped {
			f.Package = indexOf(m.Pkgs, p)
			rep.Failures = append(rep.Failures, f)
		}
	}
	sort.SliceStable(rep.Failures, func(i, j int) bool { return rep.Failures[i].Package < rep.Failures[j].Package })
	return &rep, nil
}

func indexOf(ps []*Package, p *Package) int {
	for i, x := range ps {
		if x == p {
			return i
		}
	}
	return -1
}
