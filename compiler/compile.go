// Package compiler is exprc's front end: it reads spec files, parses them, binds
// names and types into IR, folds constants and hands the bound queries to the
// interpreter or the code generator. Every problem in a spec is reported as a
// positioned diagnostic; nothing downstream ever sees an unbound or ill-typed
// query.
package compiler

import (
	"fmt"
	"os"
	"strings"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/compiler/settle"
	"github.com/exprc/exprc/ir"
)

// Program is every table and query of a set of spec files, bound and folded.
type Program struct {
	// Sources holds each file's text by name, for rendering diagnostics.
	Sources map[string][]byte
	Tables  []*ir.Table
	Queries []*ir.Query
}

// Query returns the query named name (case-insensitive), or nil.
func (p *Program) Query(name string) *ir.Query {
	for _, q := range p.Queries {
		if strings.EqualFold(q.Name, name) {
			return q
		}
	}
	return nil
}

// QueryHint is the "; did you mean Classify?" hint for a query name that
// Query did not find ("" when no query's name is close), for the commands that
// take a query by name.
func (p *Program) QueryHint(name string) string {
	names := make([]string, len(p.Queries))
	for i, q := range p.Queries {
		names[i] = q.Name
	}
	return diag.DidYouMean(name, names, nil)
}

// Table returns the table named name (case-insensitive), or nil.
func (p *Program) Table(name string) *ir.Table {
	for _, t := range p.Tables {
		if strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// Compile reads, parses and binds the spec files at paths. When any spec has an
// error, the error is a diag.List holding all of them, sorted by position, and
// the Program is still returned with its Sources (and nothing else) so the caller
// can render the diagnostics. Other failures (an unreadable file) are plain
// errors.
func Compile(paths []string) (*Program, error) {
	return CompileWith(paths, nil, nil)
}

// CompileWith is Compile over the spec files at paths followed by the
// in-memory spec files extra (names in order, text in srcs, which must not
// name a path): `exprc run` adds the CREATE TABLE statements it infers from
// input files no spec declares.
func CompileWith(paths []string, extra []string, extraSrcs map[string][]byte) (*Program, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no spec files given")
	}
	srcs := make(map[string][]byte, len(paths)+len(extra))
	var names []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if _, dup := srcs[p]; dup {
			return nil, fmt.Errorf("%s: spec file given twice", p)
		}
		srcs[p] = b
		names = append(names, p)
	}
	for _, name := range extra {
		if _, dup := srcs[name]; dup {
			return nil, fmt.Errorf("%s: spec file given twice", name)
		}
		srcs[name] = extraSrcs[name]
		names = append(names, name)
	}
	return CompileSources(names, srcs)
}

// CompileSources is Compile over in-memory files: names gives the order, srcs the
// text of each.
func CompileSources(names []string, srcs map[string][]byte) (*Program, error) {
	prog := &Program{Sources: srcs}
	b := newBinder()
	for _, name := range names {
		f, errs := parser.ParseFile(name, srcs[name])
		b.errs = append(b.errs, errs...)
		if f != nil {
			b.files = append(b.files, f)
		}
	}
	b.bindAll()
	if len(b.errs) > 0 {
		b.errs.Sort()
		return prog, b.errs
	}
	for _, q := range b.queries {
		settle.Query(q)
	}
	prog.Tables = b.tables
	prog.Queries = b.queries
	return prog, nil
}
