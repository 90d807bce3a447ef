package batch_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// TestSemanticCases runs every hand-checked semantic case through the batch
// engine, with and without CSE: its one row must give the expected outcome,
// and over the rows of all cases, in batches of 7, 1024 and all of them
// (evaluated in chunks of 256), the engine must
// give the interpreter's text exactly (values, NULLs, the error's class,
// message, row and column).
func TestSemanticCases(t *testing.T) {
	cases, err := semcases.Load()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(semcases.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := allRows(t, cases, prog.Tables[0], mem)
	defer in.Release()
	// chunks of 256 rows: the batches of 1024 rows and the whole batch are
	// evaluated a chunk at a time, an error in a later chunk included
	defer batch.SetChunkRows(256)()
	skipped := map[string]int{}
	ran := 0
	for i, c := range cases {
		q := prog.Query(c.Name(i))
		ref := semcases.Clocked(c, func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.Eval(ctx, q, in, rowBase, mem)
		})
		var want string
		for _, noCSE := range []bool{false, true} {
			pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
			if err != nil {
				t.Fatal(err)
			}
			bq, err := batch.Compile(pq)
			var un *batch.Unsupported
			if errors.As(err, &un) {
				skipped[un.What]++
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", c.Where(), err)
			}
			ran++
			run := semcases.Clocked(c, vec.AtRow(bq.Eval))
			if got := one(t, c, q, run, mem); got != c.Want {
				t.Errorf("%s (no CSE %v)\n  row  %v\n  got  %s\n  want %s", c.Where(), noCSE, c.Row, got, c.Want)
			}
			if want == "" {
				want = result(t, ref, in, int(in.NumRows()), mem)
			}
			for _, size := range []int{7, 1024, int(in.NumRows())} {
				if got := result(t, run, in, size, mem); got != want {
					t.Errorf("%s (no CSE %v): batch size %d: the batch engine differs from the interpreter\n%s", c.Where(), noCSE, size, diff(got, want))
					break
				}
			}
		}
	}
	var why []string
	for w, n := range skipped {
		why = append(why, fmt.Sprintf("%d: %s", n, w))
	}
	sort.Strings(why)
	t.Logf("%d plans ran, skipped: %s", ran, strings.Join(why, "; "))
}

// one is the outcome of case c's query over its own row.
func one(t *testing.T, c semcases.Case, q *ir.Query, run semcases.Runner, mem memory.Allocator) string {
	t.Helper()
	in, err := semcases.Batch(q.Source, c.Row, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := run(context.Background(), in, 0, mem)
	var qe *ir.QueryError
	switch {
	case errors.As(err, &qe):
		return semcases.Render(ir.Outcome{Err: qe.Err})
	case err != nil:
		t.Fatalf("%s: %v", c.Where(), err)
	}
	defer out.Release()
	text, err := semcases.ColumnText(out.Column(0))
	if err != nil {
		t.Fatal(err)
	}
	return text(0)
}

// allRows is one batch holding the rows of every case.
func allRows(t *testing.T, cases []semcases.Case, table *ir.Table, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	var parts []arrow.RecordBatch
	for _, c := range cases {
		b, err := semcases.Batch(table, c.Row, mem)
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
	schema := parts[0].Schema()
	cols := make([]arrow.Array, schema.NumFields())
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
	}
	rec := array.NewRecordBatch(schema, cols, int64(cols[0].Len()))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

func result(t *testing.T, run semcases.Runner, in arrow.RecordBatch, size int, mem memory.Allocator) string {
	t.Helper()
	out, err := semcases.RunAll(run, in, size, mem)
	if err != nil {
		t.Fatal(err)
	}
	return out
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
