package bench

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/generated/benchsubq"
	"github.com/exprc/exprc/templates/vec"
)

// The subquery benchmark's implementations are checked on small instances of
// its data (the interpreter is nested loops: outer x inner candidate rows per
// query): dims of 0, 1, 7 and subDimsRows rows in batches of 97, so that every build
// spans batches, with and without NULLs.
const (
	subOuterRows = 600
	subDimsRows  = 200
	subDimsChunk = 97
)

// TestSubqueryForms checks that each query of subquery.sql settles in the form
// the benchmark measures.
func TestSubqueryForms(t *testing.T) {
	prog, err := compiler.CompileSources([]string{"subquery.sql"}, map[string][]byte{"subquery.sql": subquerySpec})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range SubQueries {
		iq := prog.Query(q.Name)
		if iq == nil {
			t.Fatalf("subquery.sql has no query %s", q.Name)
		}
		if len(iq.Subqueries) != 1 {
			t.Fatalf("%s: %d settled subqueries, want 1", q.Name, len(iq.Subqueries))
		}
		if got := iq.Subqueries[0].Form.String(); got != q.Form {
			t.Errorf("%s settles as %s, want %s (%s)", q.Name, got, q.Form, iq.Subqueries[0].Why)
		}
		if _, schema, ok := benchsubq.Lookup(q.Name); ok || schema == nil {
			t.Errorf("%s: generated Lookup = %v, %v; want a prepared query's schema", q.Name, schema, ok)
		}
	}
}

// TestSubqueryImplementationsAgree checks, for every query, that the
// generated evaluator, the hand-written loop and the interpreter give
// identical batches, on a whole outer batch and on a slice of it (non-zero
// Arrow offsets).
func TestSubqueryImplementationsAgree(t *testing.T) {
	ctx := context.Background()
	for _, nulls := range []bool{false, true} {
		for _, m := range []int{0, 1, 7, subDimsRows} {
			t.Run(fmt.Sprintf("nulls=%v/dims=%d", nulls, m), func(t *testing.T) {
				mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
				defer mem.AssertSize(t, 0)
				tables := vec.Tables{"dims": DimsBatches(mem, m, nulls, SubquerySeed, subDimsChunk)}
				defer ReleaseTables(tables)
				outer := FactsBatch(mem, subOuterRows, m, nulls, SubquerySeed)
				defer outer.Release()
				part := outer.NewSlice(3, subOuterRows-17)
				defer part.Release()
				for _, q := range SubQueries {
					impls := map[string]Prepare{"generated": q.Generated, "interpreter": q.Interpreted}
					if q.Hand != nil {
						impls["handwritten"] = q.Hand
					}
					evals := map[string]Evaluator{}
					for name, prep := range impls {
						eval, release, err := prep(ctx, tables, mem)
						if err != nil {
							t.Fatalf("%s %s: prepare: %v", q.Name, name, err)
						}
						defer release()
						evals[name] = eval
					}
					for _, in := range []arrow.RecordBatch{outer, part} {
						run := func(name string) outcome {
							out, err := evals[name](ctx, in, mem)
							return outcome{out, err}
						}
						gen := run("generated")
						if gen.err != nil {
							t.Fatalf("%s: generated: %v", q.Name, gen.err)
						}
						for name := range evals {
							if name == "generated" {
								continue
							}
							o := run(name)
							if d := same(o, gen); d != "" {
								t.Errorf("%s over %d rows: %s differs from generated: %s", q.Name, in.NumRows(), name, d)
							}
							o.release()
						}
						checkShape(t, q.Name, m, nulls, in.NumRows(), gen.out)
						gen.release()
					}
				}
			})
		}
	}
}

// checkShape fails t if a query's result over the data shows none of the
// cases the benchmark means to exercise (hits and misses, counts above 0).
func checkShape(t *testing.T, query string, m int, nulls bool, rows int64, out arrow.RecordBatch) {
	t.Helper()
	if m < subDimsRows {
		return
	}
	col := out.Column(0)
	switch query {
	case "InProbe":
		b := col.(*array.Boolean)
		var hits, misses int
		for i := range b.Len() {
			switch {
			case b.IsNull(i):
			case b.Value(i):
				hits++
			default:
				misses++
			}
		}
		if hits == 0 || (!nulls && misses == 0) || (nulls && b.NullN() == 0) {
			t.Errorf("InProbe: %d hits, %d misses, %d NULLs", hits, misses, b.NullN())
		}
	case "InFilter":
		if col.Len() == 0 || int64(col.Len()) == rows {
			t.Errorf("InFilter kept %d rows of %d", col.Len(), rows)
		}
	case "EqCount":
		var zero, some int
		for _, n := range col.(*array.Int64).Int64Values() {
			if n == 0 {
				zero++
			} else {
				some++
			}
		}
		if zero == 0 || some == 0 {
			t.Errorf("%s: %d rows count 0, %d count more", query, zero, some)
		}
	default: // the inequalities: counts spread over 0..m
		ns := col.(*array.Int64).Int64Values()
		if lo, hi := slices.Min(ns), slices.Max(ns); hi-lo < int64(m)/2 {
			t.Errorf("%s: counts %d..%d of %d dims rows", query, lo, hi, m)
		}
	}
}

// TestSubqueryData checks the shape of the subquery benchmark's data: sizes,
// batches, NULL shares and determinism.
func TestSubqueryData(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	dims := DimsBatches(mem, 1000, true, SubquerySeed, 300)
	if len(dims) != 4 || dims[3].NumRows() != 100 {
		t.Errorf("1000 dims rows in batches of 300: %d batches", len(dims))
	}
	facts := FactsBatch(mem, 10_000, 1000, true, SubquerySeed)
	for c, f := range FactsSchema.Fields() {
		share := float64(facts.Column(c).NullN()) / 10_000
		if f.Nullable && (share < 0.08 || share > 0.12) || !f.Nullable && share != 0 {
			t.Errorf("facts.%s has %.1f%% NULLs", f.Name, 100*share)
		}
	}
	again := FactsBatch(mem, 10_000, 1000, true, SubquerySeed)
	if !array.RecordEqual(facts, again) {
		t.Error("FactsBatch is not deterministic")
	}
	for _, b := range append(dims, facts, again) {
		b.Release()
	}
}
