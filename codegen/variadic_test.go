package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestVariadicKernels checks that every variadic function of templates/rt is
// listed in variadicKernels, so the general path never passes one to vec.Map2
// and its kin (a compile error in generated code).
func TestVariadicKernels(t *testing.T) {
	files, err := filepath.Glob("../templates/rt/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		{
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv != nil || !fn.Name.IsExported() {
					continue
				}
				ps := fn.Type.Params.List
				if len(ps) == 0 {
					continue
				}
				if _, v := ps[len(ps)-1].Type.(*ast.Ellipsis); v != variadicKernels[fn.Name.Name] {
					t.Errorf("rt.%s: variadic %v, but variadicKernels says %v", fn.Name.Name, v, variadicKernels[fn.Name.Name])
				}
			}
		}
	}
}
