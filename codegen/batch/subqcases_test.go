package batch_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/subqcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// TestSubqueryCases runs every hand-checked subquery case through the batch
// engine, prepared over the cases' tables (inner tables in batches of two
// rows), with and without CSE: over t's batches of two rows it must give
// the expected outcome, as generated/subqcases checks generated code, also
// from four goroutines sharing one Prepared; and over t in outer batches of
// 1, 2 and 4 rows it must give the interpreter's text exactly (values,
// NULLs, the error's class, message, row and column), in chunks of 2 rows.
// No case is skipped:
// a plan the engine cannot run fails the test.
func TestSubqueryCases(t *testing.T) {
	cases, err := subqcases.Load()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(subqcases.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tables, err := subqcases.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer subqcases.Release(tables)
	outer := concat(t, tables["t"], mem)
	defer outer.Release()
	ctx := context.Background()
	// chunks of 2 rows: the batch of all 4 rows is evaluated in two, each
	// probing the subqueries, an error in the second included
	defer batch.SetChunkRows(2)()
	ran := 0
	for i, c := range cases {
		q := prog.Query(c.Name(i))
		inner, err := interp.Prepare(ctx, q, interp.Tables(tables))
		if err != nil {
			t.Fatalf("%s: %v", c.Where(), err)
		}
		ref := func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.EvalPrepared(ctx, q, nil, inner, in, rowBase, mem)
		}
		want := map[int]string{}
		for _, noCSE := range []bool{false, true} {
			pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
			if err != nil {
				t.Fatal(err)
			}
			bq, err := batch.Compile(pq)
			if err != nil {
				t.Fatalf("%s (no CSE %v): %v", c.Where(), noCSE, err)
			}
			prep, err := bq.Prepare(ctx, vec.Tables(tables), mem)
			if err != nil {
				t.Fatalf("%s (no CSE %v): %v", c.Where(), noCSE, err)
			}
			ran++
			var wg sync.WaitGroup
			got := make([]string, 4)
			errs := make([]error, 4)
			for g := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[g], errs[g] = render(prep, tables["t"])
				}()
			}
			wg.Wait()
			for g := range got {
				if errs[g] != nil {
					t.Fatalf("%s (no CSE %v): %v", c.Where(), noCSE, errs[g])
				}
				if got[g] != c.Want {
					t.Errorf("%s (no CSE %v, goroutine %d)\n got %s\nwant %s", c.Where(), noCSE, g, got[g], c.Want)
				}
			}
			for _, size := range []int{1, 2, 4} {
				if want[size] == "" {
					want[size] = result(t, ref, outer, size, mem)
				}
				if got := result(t, vec.AtRow(prep.Eval), outer, size, mem); got != want[size] {
					t.Errorf("%s (no CSE %v): outer batches of %d: the batch engine differs from the interpreter\n%s", c.Where(), noCSE, size, diff(got, want[size]))
				}
			}
			prep.Release()
		}
	}
	t.Logf("%d subquery plans of %d cases ran, none skipped", ran, len(cases))
}

// TestSubqueryErrors: a query that reads subqueries is evaluated prepared,
// and preparing it without a table it reads is an error naming the table.
func TestSubqueryErrors(t *testing.T) {
	prog, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(subqcases.Tables +
		"\n-- name: Q\nSELECT a IN (SELECT v FROM nonull) AS r FROM t;\n")})
	if err != nil {
		t.Fatal(err)
	}
	pq, err := lower.PlanQuery(prog.Query("Q"), lower.Options{Unfused: true})
	if err != nil {
		t.Fatal(err)
	}
	bq, err := batch.Compile(pq)
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tables, err := subqcases.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer subqcases.Release(tables)
	if _, err := bq.Eval(context.Background(), tables["t"][0], mem); err == nil || !strings.Contains(err.Error(), "Prepare") {
		t.Errorf("Eval of a query with subqueries: got %v, want an error saying to prepare it", err)
	}
	if _, err := bq.Prepare(context.Background(), vec.Tables{"t": tables["t"]}, mem); err == nil || !strings.Contains(err.Error(), "nonull") {
		t.Errorf("Prepare without table nonull: got %v, want an error naming it", err)
	}
}

// render evaluates t's batches through p and renders the outcome as
// subqcases does (a query error's row counts across the batches).
func render(p *batch.Prepared, outer []arrow.RecordBatch) (string, error) {
	var outs []arrow.RecordBatch
	defer func() {
		for _, o := range outs {
			o.Release()
		}
	}()
	base := int64(0)
	for _, in := range outer {
		out, err := p.Eval(context.Background(), in, memory.DefaultAllocator)
		var qe *ir.QueryError
		if errors.As(err, &qe) {
			qe.Row += base
			return subqcases.Render(nil, qe)
		}
		if err != nil {
			return "", err
		}
		base += in.NumRows()
		outs = append(outs, out)
	}
	return subqcases.Render(outs, nil)
}

// concat is one batch of all rows of batches.
func concat(t *testing.T, batches []arrow.RecordBatch, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	schema := batches[0].Schema()
	cols := make([]arrow.Array, schema.NumFields())
	for j := range cols {
		arrs := make([]arrow.Array, len(batches))
		for i, b := range batches {
			arrs[i] = b.Column(j)
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

// moreSubqueries are subquery reads beyond the hand-checked cases, for the
// paths those leave: the error paths of the per-row loop form (a failing
// outer argument, test, inner phase and result), ANY in the loop and keyed
// forms, packed keys of several types, sorted keys Go does not order as SQL
// (DOUBLE, DECIMAL), outer arguments that fail in keyed and sorted reads, a
// failing inner filter, and a subquery read inside an inner phase.
var moreSubqueries = []string{
	"(SELECT count(*) FROM nums WHERE nums.v + t.a > 10 DIV (t.k - 1))",
	"(SELECT count(*) FROM zeros WHERE 10 DIV zeros.d + t.a > 3)",
	"(SELECT sum(10 DIV d) FROM zeros WHERE zeros.v + t.a > 2)",
	"(SELECT v FROM two WHERE two.v + t.a > 3)",
	"a IN (SELECT v FROM nonull WHERE nonull.v + t.b > 12)",
	"a > ANY (SELECT v FROM nums WHERE nums.w + t.b > 250)",
	"EXISTS (SELECT 1 FROM nums WHERE nums.v + t.a > 3)",
	"(SELECT avg(x) FROM t AS y WHERE y.x + t.a > 2)",
	"a IN (SELECT w DIV 100 FROM nums WHERE nums.g = t.k)",
	"(SELECT count(*) FROM words WHERE words.s = t.s AND words.n = t.a)",
	"(SELECT max(n) FROM words WHERE words.s = t.s AND words.n < t.b)",
	"(SELECT count(*) FROM dbl WHERE dbl.v < t.x)",
	"(SELECT count(*) FROM decs WHERE decs.v < t.a)",
	"(SELECT count(*) FROM nums WHERE nums.v = 10 DIV (t.k - 1))",
	"(SELECT sum(w) FROM nums WHERE nums.v < 10 DIV (t.k - 1))",
	"(SELECT count(*) FROM zeros WHERE 10 DIV d > 1)",
	"(SELECT count(*) FROM nums WHERE nums.v IN (SELECT v FROM nonull))",
	"x > ANY (SELECT v FROM dbl)",
	"s < ALL (SELECT s FROM words)",
	"(SELECT min(d) FROM dates WHERE dates.p = (t.k > 1) AND dates.d > DATE '2024-01-15')",
}

// TestMoreSubqueries runs moreSubqueries through the batch engine and the
// interpreter, with and without CSE, in outer batches of 1, 2 and 4 rows
// (in chunks of 2).
func TestMoreSubqueries(t *testing.T) {
	spec := subqcases.Tables
	for i, e := range moreSubqueries {
		spec += fmt.Sprintf("\n-- name: More%02d\nSELECT %s AS r FROM t;\n", i, e)
	}
	prog, err := compiler.CompileSources([]string{"more.sql"}, map[string][]byte{"more.sql": []byte(spec)})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tables, err := subqcases.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer subqcases.Release(tables)
	outer := concat(t, tables["t"], mem)
	defer outer.Release()
	ctx := context.Background()
	// chunks of 2 rows: the batch of all 4 rows is evaluated in two, each
	// probing the subqueries, an error in the second included
	defer batch.SetChunkRows(2)()
	for i, e := range moreSubqueries {
		q := prog.Query(fmt.Sprintf("More%02d", i))
		inner, err := interp.Prepare(ctx, q, interp.Tables(tables))
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		ref := func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.EvalPrepared(ctx, q, nil, inner, in, rowBase, mem)
		}
		for _, noCSE := range []bool{false, true} {
			pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
			if err != nil {
				t.Fatal(err)
			}
			bq, err := batch.Compile(pq)
			if err != nil {
				t.Fatalf("%s (no CSE %v): %v", e, noCSE, err)
			}
			prep, err := bq.Prepare(ctx, vec.Tables(tables), mem)
			if err != nil {
				t.Fatalf("%s (no CSE %v): %v", e, noCSE, err)
			}
			for _, size := range []int{1, 2, 4} {
				want := result(t, ref, outer, size, mem)
				if got := result(t, vec.AtRow(prep.Eval), outer, size, mem); got != want {
					t.Errorf("%s (no CSE %v): outer batches of %d: the batch engine differs from the interpreter\n%s", e, noCSE, size, diff(got, want))
				}
			}
			prep.Release()
		}
	}
}

// TestSubqueryBuiltOnce: "a IN (SELECT v FROM nonull) OR b IN (SELECT v FROM
// nonull)" reads one settled subquery twice; preparing it builds one set, as
// generated code's constructor does.
func TestSubqueryBuiltOnce(t *testing.T) {
	prog, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(subqcases.Tables +
		"\n-- name: Q\nSELECT a IN (SELECT v FROM nonull) OR b IN (SELECT v FROM nonull) AS r FROM t;\n")})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tables, err := subqcases.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer subqcases.Release(tables)
	for _, noCSE := range []bool{false, true} {
		pq, err := lower.PlanQuery(prog.Query("Q"), lower.Options{NoCSE: noCSE, Unfused: true})
		if err != nil {
			t.Fatal(err)
		}
		bq, err := batch.Compile(pq)
		if err != nil {
			t.Fatal(err)
		}
		before := vec.SubqueryBuilds()
		prep, err := bq.Prepare(context.Background(), vec.Tables(tables), mem)
		if err != nil {
			t.Fatal(err)
		}
		prep.Release()
		if n := vec.SubqueryBuilds() - before; n != 1 {
			t.Errorf("no CSE %v: preparing built %d subqueries, want 1", noCSE, n)
		}
	}
}
