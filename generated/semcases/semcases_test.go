package semcases_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	casefiles "github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/generated/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

func load(t *testing.T) ([]casefiles.Case, *compiler.Program) {
	t.Helper()
	cases, err := casefiles.Load()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(casefiles.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	return cases, prog
}

// TestGeneratedMatchesCases runs every hand-checked case through its generated
// evaluator and compares with the expected outcome.
func TestGeneratedMatchesCases(t *testing.T) {
	cases, prog := load(t)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	for i, c := range cases {
		fn, _, ok := semcases.Lookup(c.Name(i))
		if !ok {
			t.Fatalf("%s: no generated evaluator %s (run go generate ./generated)", c.Where(), c.Name(i))
		}
		in, err := casefiles.Batch(prog.Query(c.Name(i)).Source, c.Row, mem)
		if err != nil {
			t.Fatal(err)
		}
		out, err := fn(c.Context(context.Background()), in, mem)
		in.Release()
		got := ""
		var qe *ir.QueryError
		switch {
		case errors.As(err, &qe):
			got = casefiles.Render(ir.Outcome{Err: qe.Err})
		case err != nil:
			t.Fatalf("%s: %v", c.Where(), err)
		default:
			text, rerr := casefiles.ColumnText(out.Column(0))
			if rerr != nil {
				t.Fatal(rerr)
			}
			got = text(0)
			out.Release()
		}
		if got != c.Want {
			t.Errorf("%s\n  row  %v\n  got  %s\n  want %s", c.Where(), c.Row, got, c.Want)
		}
	}
}

// allRows is one batch holding the rows of every case, so each case's
// expression also runs over hundreds of rows with every mix of NULLs, errors
// and edge values the cases use.
func allRows(t *testing.T, cases []casefiles.Case, table *ir.Table, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	var parts []arrow.RecordBatch
	for _, c := range cases {
		b, err := casefiles.Batch(table, c.Row, mem)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, b)
	}
	defer func() {
		for _, p := range parts {
			p.Release()
		}
	}()
	return concat(t, parts, mem)
}

func concat(t *testing.T, parts []arrow.RecordBatch, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	schema := parts[0].Schema()
	cols := make([]arrow.Array, schema.NumFields())
	var n int64
	for j := range cols {
		arrs := make([]arrow.Array, len(parts))
		for i, p := range parts {
			arrs[i] = p.Column(j)
		}
		c, err := array.Concatenate(arrs, mem)
		if err != nil {
			t.Fatal(err)
		}
		cols[j] = c
		n = int64(c.Len())
	}
	rec := array.NewRecordBatch(schema, cols, n)
	for _, c := range cols {
		c.Release()
	}
	return rec
}

func result(t *testing.T, run casefiles.Runner, in arrow.RecordBatch, size int, mem memory.Allocator) string {
	t.Helper()
	out, err := casefiles.RunAll(run, in, size, mem)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGeneratedMatchesInterpreter runs every case's query over the rows of all
// cases, split into batches of several sizes, through the interpreter and the
// generated evaluator: values, NULLs and the reported error (class, message,
// row and column) must be identical, and batching must change nothing.
func TestGeneratedMatchesInterpreter(t *testing.T) {
	cases, prog := load(t)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := allRows(t, cases, prog.Tables[0], mem)
	defer in.Release()
	sizes := []int{7, 1024}
	if testing.Short() {
		sizes = []int{7}
	}
	// One-row batches over the first rows only: every case over every row in
	// batches of one costs cases x rows evaluator calls, which grows with the
	// square of the case files.
	head := in.NewSlice(0, min(in.NumRows(), 96))
	defer head.Release()
	for i, c := range cases {
		q := prog.Query(c.Name(i))
		fn, _, _ := semcases.Lookup(c.Name(i))
		gen := casefiles.Clocked(c, casefiles.Generated(fn))
		ref := casefiles.Clocked(c, func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.Eval(ctx, q, in, rowBase, mem)
		})
		want := result(t, ref, in, int(in.NumRows()), mem)
		for _, size := range sizes {
			if got := result(t, gen, in, size, mem); got != want {
				t.Errorf("%s: batch size %d: generated differs from interpreter\n%s", c.Where(), size, diff(got, want))
				break
			}
		}
		if !testing.Short() {
			want := result(t, ref, head, int(head.NumRows()), mem)
			if got := result(t, gen, head, 1, mem); got != want {
				t.Errorf("%s: batch size 1: generated differs from interpreter\n%s", c.Where(), diff(got, want))
			}
		}
	}
}

func diff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("  line %d\n  got  %s\n  want %s", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("  got %d lines, want %d", len(g), len(w))
}
