package codegen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"
)

// TestPrinterOnlyReadsThePlan shows that the printer takes no decision:
// package codegen imports no analysis (cse), and none of its code calls a
// function of package lower (the planner's predicates decide there, and
// their results are fields of the plan). Of lower's methods it may call the
// accessors below, which decide nothing.
func TestPrinterOnlyReadsThePlan(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks package codegen")
	}
	const (
		codegenPath = "github.com/exprc/exprc/codegen"
		lowerPath   = "github.com/exprc/exprc/codegen/lower"
	)
	accessors := []string{"IsAll", "String"}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, codegenPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v", codegenPath, pkgs[0].Errors)
	}
	pkg := pkgs[0]
	for path := range pkg.Imports {
		if path == "github.com/exprc/exprc/cse" {
			t.Errorf("package codegen imports %s: the printer must read the plan, not analyze", path)
		}
	}
	calls := 0
	for _, file := range pkg.Syntax {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutil.Callee(pkg.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != lowerPath {
				return true
			}
			calls++
			recv := fn.Type().(*types.Signature).Recv()
			if recv != nil && slices.Contains(accessors, fn.Name()) {
				return true
			}
			t.Errorf("%s: the printer calls lower.%s: a decision belongs in the plan", pkg.Fset.Position(call.Pos()), fn.Name())
			return true
		})
	}
	if calls == 0 {
		t.Log("codegen calls nothing of package lower")
	}
}

// TestPrinterStateIsSmall keeps the printer's state small: no struct type
// of package codegen has more than 15 fields (an embedded struct, which
// groups fields of one concern, counts as one). Where a decision is needed,
// it belongs in the plan (package lower), not in a new printing flag.
func TestPrinterStateIsSmall(t *testing.T) {
	const maxFields = 15
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		{
			ast.Inspect(file, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					return true
				}
				fields := 0
				for _, f := range st.Fields.List {
					fields += max(1, len(f.Names))
				}
				if fields > maxFields {
					t.Errorf("%s: type %s has %d fields (at most %d)", fset.Position(ts.Pos()), ts.Name.Name, fields, maxFields)
				}
				return true
			})
		}
	}
}
