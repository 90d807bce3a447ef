package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

// maxFuncLines is the code-volume issue's bound on one generated function:
// a function this long is where the Go compiler's cost per function grows
// faster than linearly.
const maxFuncLines = 1000

// codeStats is the volume of one generated file.
type codeStats struct {
	lines, bytes int
	funcs        int    // top-level functions and methods
	largest      string // name of the longest of them
	largestLines int
	over         int // functions longer than maxFuncLines
}

// measureCode counts the lines of the generated file at path and the line
// span of each of its function declarations (from the func keyword to the
// closing brace; function literals count toward the declaration they are
// in). The syntax tree of the nested shape's file is hundreds of megabytes;
// the caller gives it back (debug.FreeOSMemory) before go build is measured
// beside this process.
func measureCode(path string) (codeStats, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return codeStats{}, fmt.Errorf("reading generated code: %w", err)
	}
	st := codeStats{bytes: len(src), lines: bytes.Count(src, []byte("\n"))}
	if len(src) > 0 && src[len(src)-1] != '\n' {
		st.lines++
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return codeStats{}, fmt.Errorf("parsing generated code: %w", err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		st.funcs++
		n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
		if n > maxFuncLines {
			st.over++
		}
		if n > st.largestLines {
			st.largestLines, st.largest = n, funcName(fd)
		}
	}
	return st, nil
}

// funcName is a function's name, with its receiver type for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		t, star = s.X, "*"
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if ix, ok := t.(*ast.IndexListExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return fmt.Sprintf("(%s%s).%s", star, id.Name, fd.Name.Name)
	}
	return fd.Name.Name
}
