package codegen_test

// Printer goldens: small SQL -> Go pairs, one per thing the printer prints,
// so a reader sees what each part of the physical plan becomes in Go.
//
// Each archive of testdata/printer holds a comment (what the golden shows
// and what to look at in the output), spec.sql (a table or two and one
// query, named Q) and out.go, the file `exprc gen --package queries spec.sql`
// writes for it; a few also hold nocse.go, the file written with --no-cse,
// where the difference teaches something. After an intended change of the
// generated code, rewrite them and review the diff:
//
//	go test ./codegen -run TestPrinterGoldens -update
//
// (to add a nocse.go to an archive, add an empty "-- nocse.go --" file to it
// first). The goldens:
//
// Fused loops (one loop per row for a whole clause):
//
//	fused_strict           strict mode: a + b * 2 over nullable columns, every row computed, validity ANDed
//	fused_not_null         the same chain over NOT NULL columns: one loop, no NULL test
//	fused_logic            logic mode: an OR of comparisons, NULL rows decided by the three-valued rules
//	fused_conditional      conditional mode: an IF of strict leaves written to its column directly
//	fused_exact_errors     an AND whose failing operand is last: the loop records the row's error (exact)
//	fused_errors_left      the same AND in the other order: failed rows are left to the vector code
//	fused_where_selection  a WHERE AND of comparisons building the selection with no branch
//	fused_try              TRY at the root: the TRY twin on every row, failures ORed into the NULL word
//	fused_direct_varchar   a VARCHAR output appended to its Arrow builder by the loop
//	fused_case_pick        a searched CASE picked without a branch (vec.FirstTrue)
//	fused_if_chosen        an IF select without a branch (vec.ChooseFloat64)
//	fused_coalesce         COALESCE ending in a constant: never NULL
//	fused_map_item         a map item read: the clean loop and the rows loop, per batch
//	fused_like_prefix      LIKE 'ab%' as one word compare (vec.HasPrefixWord)
//	fused_lazy_memo        a lazily shared value with its done mask (and nocse.go)
//	fused_absorbed         a shared value computed per row by the one fused root using it
//	fused_recomputed       a cheap shared value computed again by each fused root
//	fused_many_branches    three conditionals: one loop body for every batch
//
// Vector code (one loop per operation over a selection):
//
//	vector_op              a single kernel: vec.Strict, then the printed loop
//	vector_greatest        greatest skips NULLs: a printed loop over the selection
//	vector_case_split      a vector CASE: the condition split into selections, branches merged
//	vector_and_or          an OR whose later operand runs only on undecided rows (vec.NewLogic)
//	vector_in_list         IN over a computed value: one comparison per item
//	vector_between         BETWEEN over a computed value: an AND of two bounds
//	vector_pass_through    input columns copied through the WHERE clause's selection
//	vector_shared_hoist    a shared subexpression computed once as a vector (and nocse.go)
//	vector_map_function    element_at over a computed MAP (str_to_map)
//
// Inputs:
//
//	input_builder          a table of every type: its exported input schema and typed batch builder
//
// Settled subqueries (the prepared form: NewQ builds, Eval probes):
//
//	subquery_once          an uncorrelated aggregate: one value
//	subquery_set           an uncorrelated IN: a hash set
//	subquery_inner_filter  a set built from the rows an inner WHERE keeps
//	subquery_keyed         correlated by an equality: a hash table by key
//	subquery_keyed_packed  correlated by two equalities: the keys packed into one
//	subquery_sorted        correlated by an inequality: a sorted array, a binary search per row
//	subquery_loop          any other correlation: every candidate tested per outer row
//	subquery_exists        a correlated EXISTS: a keyed table of the keys present

import (
	"flag"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/internal/golden"
)

// The golden tests of this package honour -update; another test file of the
// package may have registered the flag already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

// printerGoldens are the printer goldens; printerGoldensMin the fewest there
// may be (so a moved directory cannot pass silently).
const (
	printerGoldens    = "testdata/printer/*.txtar"
	printerGoldensMin = 24
)

// TestPrinterGoldens prints the spec of every archive under testdata/printer
// as `exprc gen` does and compares the bytes with its out.go, and with
// nocse.go (--no-cse) where the archive has one; -update rewrites them.
func TestPrinterGoldens(t *testing.T) {
	update := flag.Lookup("update").Value.String() == "true"
	for _, out := range []struct {
		file  string
		noCSE bool
	}{{"out.go", false}, {"nocse.go", true}} {
		t.Run(out.file, func(t *testing.T) {
			golden.Run(t, printerGoldens, printerGoldensMin, out.file, update, func(t *testing.T, ar *txtar.Archive) string {
				if _, ok := golden.File(ar, out.file); !ok && out.noCSE {
					t.Skip("no nocse.go in this archive")
				}
				spec, ok := golden.File(ar, "spec.sql")
				if !ok {
					t.Fatal("no spec.sql in this archive")
				}
				return string(printSpec(t, "spec.sql", string(spec), out.noCSE))
			})
		})
	}
}

// printSpec compiles the spec src (file name) and prints its Go package
// exactly as `exprc gen --package queries [--no-cse] -o FILE name` does
// (internal/cli.Gen: plan the spec with lower.Plan, print the plan with
// codegen.Generate). It is the goldens' one route into the printer.
func printSpec(t *testing.T, name, src string, noCSE bool) []byte {
	t.Helper()
	prog, err := compiler.CompileSources([]string{name}, map[string][]byte{name: []byte(src)})
	if err != nil {
		t.Fatalf("%s does not compile: %v", name, err)
	}
	command := "exprc gen --package queries -o out.go " + name
	if noCSE {
		command = "exprc gen --package queries --no-cse -o nocse.go " + name
	}
	plan, err := lower.Plan(prog.Queries, lower.Options{NoCSE: noCSE})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	code, err := codegen.Generate(plan, codegen.Options{Package: "queries", Command: command})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return code
}
