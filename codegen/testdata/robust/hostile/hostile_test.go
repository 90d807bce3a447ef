package hostile_test

import (
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"example.com/robust/harness"
	"example.com/robust/hostile"
)

// TestHostileNamesMatchInterpreter runs every query of the hostile-names spec
// through its generated evaluator and the interpreter on batches of several
// sizes and seeds (some hit the DIV by zero of query nil, so its error report,
// whose column is a hostile alias, is compared too).
func TestHostileNamesMatchInterpreter(t *testing.T) {
	prog, err := harness.Load("spec.sql")
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tab := prog.Tables[0]
	compared, failed, rows := 0, 0, 0
	for _, size := range []int{0, 1, 3, 17, 64} {
		for _, seed := range []int{0, 5, 9} {
			in, err := harness.Rows(tab, size, seed, mem)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range prog.Queries {
				fn, schema, ok := hostile.Lookup(q.Name)
				if !ok {
					t.Fatalf("Lookup(%q) found no evaluator", q.Name)
				}
				if schema.NumFields() != len(q.Outputs) {
					t.Errorf("query %q: output schema has %d fields, want %d", q.Name, schema.NumFields(), len(q.Outputs))
				}
				got := harness.Generated(fn, in, mem)
				want := harness.Interpreted(q, in, mem)
				if got != want {
					t.Errorf("query %q, %d rows, seed %d: %s", q.Name, size, seed, harness.Diff(got, want))
				}
				compared++
				switch {
				case strings.HasPrefix(got, "error row"):
					failed++
				case strings.Count(got, "\n") > 1:
					rows++
				}
			}
			in.Release()
		}
	}
	if failed == 0 || rows == 0 {
		t.Errorf("of %d runs, %d failed with a query error and %d returned rows; want some of each", compared, failed, rows)
	}
}
