package codegen_test

import (
	"strings"
	"testing"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
)

// TestInputNamesCollide checks that a query whose Go names would take a
// table's exported input declarations is refused with both names, rather
// than printed as a package that does not compile.
func TestInputNamesCollide(t *testing.T) {
	const spec = "CREATE TABLE orders (id BIGINT);\n-- name: OrdersInput\nSELECT id FROM orders;\n"
	prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(spec)})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := lower.Plan(prog.Queries, lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = codegen.Generate(plan, codegen.Options{Package: "queries"})
	const want = "codegen: table orders and query OrdersInput both need the Go name OrdersInputSchema; rename one"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}
