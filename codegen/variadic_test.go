package codegen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/exprc/exprc/templates/rt"
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

// TestArenaKernels checks that every kernel of arenaKernels has a method of
// the same name and type (but for the receiver) on *rt.Arena, and the other
// way round, so that the generated call compiles and no arena method is
// left unused.
func TestArenaKernels(t *testing.T) {
	arena := reflect.TypeOf(&rt.Arena{})
	plain := map[string]any{
		"Upper": rt.Upper, "Lower": rt.Lower, "Concat": rt.Concat, "Concat2": rt.Concat2,
		"CastInt64ToString": rt.CastInt64ToString, "CastInt32ToString": rt.CastInt32ToString,
		"DateFormatTimestampIn": rt.DateFormatTimestampIn,
	}
	for name := range arenaKernels {
		m, ok := arena.MethodByName(name)
		if !ok {
			t.Errorf("arenaKernels has %s, but *rt.Arena has no such method", name)
			continue
		}
		fn, ok := plain[name]
		if !ok {
			t.Errorf("arenaKernels has %s: add rt.%s to this test", name, name)
			continue
		}
		want := reflect.TypeOf(fn)
		got := m.Type // with the receiver first
		if got.NumIn() != want.NumIn()+1 || got.NumOut() != want.NumOut() || got.IsVariadic() != want.IsVariadic() {
			t.Errorf("(*rt.Arena).%s has type %v, rt.%s %v", name, got, name, want)
		}
	}
	for i := range arena.NumMethod() {
		// (UpperPadded, LowerPadded: Upper and Lower for a value readable
		// past its end, which the fused loops call instead)
		if name := arena.Method(i).Name; !arenaKernels[name] && !arenaKernels[strings.TrimSuffix(name, "Padded")] {
			t.Errorf("(*rt.Arena).%s is not in arenaKernels", name)
		}
	}
}
