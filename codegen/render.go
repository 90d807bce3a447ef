package codegen

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"
)

// The generated file is rendered a piece at a time: the declarations of one
// query are rendered (and gofmt-formatted, which jennifer does as it renders)
// as soon as they are printed, on a worker of their own, and their code tree
// is dropped. So the memory of exprc gen does not grow with the spec beyond
// the text of the file, formatting runs on every core, and each piece is
// formatted once.

// renderer renders the pieces of one generated file, in order.
type renderer struct {
	pkg     string
	aliases map[string]string // import path -> alias (kernel packages)
	pieces  []*piece
	workers chan struct{}
	wg      sync.WaitGroup
}

// piece is one rendered part of the file: its declarations and the import
// lines they need.
type piece struct {
	body    []byte
	imports []string
	err     error
	// metas are the units the piece declares, units where they are in
	// body, and idents every identifier of body (dedupe.go).
	metas  []unitMeta
	units  []*unitText
	idents map[string]bool
}

func newRenderer(pkg string, aliases map[string]string) *renderer {
	return &renderer{pkg: pkg, aliases: aliases, workers: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// add renders code (top-level declarations, among them the units metas
// describe) on a worker.
func (r *renderer) add(code []jen.Code, metas ...unitMeta) {
	p := r.slot()
	p.metas = metas
	r.render(p, code)
}

// slot reserves the next place in the file for a piece rendered later.
func (r *renderer) slot() *piece {
	p := &piece{}
	r.pieces = append(r.pieces, p)
	return p
}

// render renders code into the place p on a worker.
func (r *renderer) render(p *piece, code []jen.Code) {
	r.spawn(func() {
		f := r.file()
		for _, c := range code {
			f.Add(c)
		}
		var buf bytes.Buffer
		if err := f.Render(&buf); err != nil {
			p.err = fmt.Errorf("codegen: generated code does not format: %w", err)
			return
		}
		p.imports, p.body, p.err = splitFile(buf.Bytes())
	})
}

// spawn runs job on a worker, once one is free.
func (r *renderer) spawn(job func()) {
	r.workers <- struct{}{}
	r.wg.Add(1)
	go func() {
		defer func() { <-r.workers; r.wg.Done() }()
		job()
	}()
}

// file is a jennifer file with the package's import names.
func (r *renderer) file() *jen.File {
	f := jen.NewFile(r.pkg)
	f.ImportName(vecPkg, "vec")
	f.ImportName(rtPkg, "rt")
	f.ImportName(arrowPkg, "arrow")
	f.ImportName(arrayPkg, "array")
	f.ImportName(memoryPkg, "memory")
	for path, alias := range r.aliases {
		f.ImportAlias(path, alias)
	}
	return f
}

// splitFile splits a rendered, formatted Go file into its import lines (as
// in an import block) and the declarations after them.
func splitFile(src []byte) (imports []string, body []byte, err error) {
	s := string(src)
	if !strings.HasPrefix(s, "package ") {
		return nil, nil, fmt.Errorf("codegen: rendered piece does not start with its package clause")
	}
	i := strings.Index(s, "\n\n")
	if i < 0 {
		return nil, nil, nil // no declarations
	}
	rest := s[i+2:]
	switch {
	case strings.HasPrefix(rest, "import (\n"):
		end := strings.Index(rest, "\n)\n")
		if end < 0 {
			return nil, nil, fmt.Errorf("codegen: rendered piece has an unterminated import block")
		}
		for _, line := range strings.Split(rest[len("import (\n"):end], "\n") {
			if line = strings.TrimSpace(line); line != "" {
				imports = append(imports, line)
			}
		}
		rest = rest[end+len("\n)\n"):]
	case strings.HasPrefix(rest, "import "):
		end := strings.Index(rest, "\n")
		imports = append(imports, strings.TrimPrefix(rest[:end], "import "))
		rest = rest[end+1:]
	}
	return imports, []byte(strings.TrimLeft(rest, "\n")), nil
}

// wait waits for the pieces being rendered.
func (r *renderer) wait() { r.wg.Wait() }

// bytes waits for every piece and assembles the file: the header comments,
// the package clause, the imports of all pieces in one block sorted by path
// (as gofmt sorts them), then the pieces separated by blank lines.
func (r *renderer) bytes(headers []string, env *dedupeEnv, name func(string, func(string) bool) string) ([]byte, error) {
	r.wait()
	for _, p := range r.pieces {
		if p.err != nil {
			return nil, p.err
		}
	}
	if err := r.dedupe(env, name); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var imports []string
	for _, p := range r.pieces {
		for _, imp := range p.imports {
			if !seen[imp] {
				seen[imp] = true
				imports = append(imports, imp)
			}
		}
	}
	path := func(imp string) string { return imp[strings.Index(imp, `"`):] }
	sort.Slice(imports, func(i, j int) bool { return path(imports[i]) < path(imports[j]) })
	var out bytes.Buffer
	for _, h := range headers {
		out.WriteString("// " + h + "\n")
	}
	if len(headers) > 0 {
		out.WriteString("\n")
	}
	fmt.Fprintf(&out, "package %s\n\n", r.pkg)
	switch len(imports) {
	case 0:
	case 1:
		fmt.Fprintf(&out, "import %s\n\n", imports[0])
	default:
		out.WriteString("import (\n")
		for _, imp := range imports {
			out.WriteString("\t" + imp + "\n")
		}
		out.WriteString(")\n\n")
	}
	first := true
	for _, p := range r.pieces {
		if len(p.body) == 0 {
			continue
		}
		if !first {
			out.WriteString("\n")
		}
		first = false
		body, err := assemble(p)
		if err != nil {
			return nil, fmt.Errorf("codegen: %w", err)
		}
		out.Write(bytes.TrimRight(body, "\n"))
		out.WriteString("\n")
	}
	return out.Bytes(), nil
}

// dedupe finds the units of every piece (on the workers) and gives the
// units with the same code one helper (dedupe.go). name picks a
// package-level name from a base that no identifier of the file (taken)
// has.
func (r *renderer) dedupe(env *dedupeEnv, name func(string, func(string) bool) string) error {
	errs := make([]error, len(r.pieces))
	for i, p := range r.pieces {
		r.spawn(func() { errs[i] = env.findUnits(p) })
	}
	r.wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	taken := func(s string) bool {
		for _, p := range r.pieces {
			if p.idents[s] {
				return true
			}
		}
		return false
	}
	return env.dedupe(r.pieces, func(base string) string { return name(base, taken) })
}
