package codegen_test

import (
	"go/ast"
	"go/types"
	"slices"
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
