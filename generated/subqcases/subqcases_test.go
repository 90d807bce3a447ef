package subqcases_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	casefiles "github.com/exprc/exprc/compiler/subqcases"
	"github.com/exprc/exprc/generated/subqcases"
	"github.com/exprc/exprc/generated/subqcasesnocse"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

type prepareFunc func(ctx context.Context, name string, tables vec.Tables, mem memory.Allocator) (subqcases.Evaluator, *arrow.Schema, func(), error)

// TestGeneratedMatchesCases prepares every case's generated query over the
// cases' tables and compares its outcome on t with the hand-checked one, with
// CSE and without, in outer batches of one row and of two.
func TestGeneratedMatchesCases(t *testing.T) {
	cases, err := casefiles.Load()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(casefiles.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	for _, engine := range []struct {
		name    string
		prepare prepareFunc
	}{{"cse", subqcases.Prepare}, {"nocse", subqcasesnocse.Prepare}} {
		t.Run(engine.name, func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			defer mem.AssertSize(t, 0)
			tables, err := casefiles.AllTables(prog.Tables, mem)
			if err != nil {
				t.Fatal(err)
			}
			defer casefiles.Release(tables)
			for i, c := range cases {
				eval, _, release, err := engine.prepare(context.Background(), c.Name(i), tables, mem)
				if err != nil {
					t.Fatalf("%s: %v", c.Where(), err)
				}
				got, err := run(eval, tables["t"])
				release()
				if err != nil {
					t.Fatalf("%s: %v", c.Where(), err)
				}
				if got != c.Want {
					t.Errorf("%s\n got %s\nwant %s", c.Where(), got, c.Want)
				}
			}
		})
	}
}

// run evaluates the outer batches and renders the outcome; a query error's
// row counts across the batches.
func run(eval subqcases.Evaluator, outer []arrow.RecordBatch) (string, error) {
	var outs []arrow.RecordBatch
	defer func() {
		for _, o := range outs {
			o.Release()
		}
	}()
	base := int64(0)
	for _, in := range outer {
		out, err := eval(context.Background(), in, memory.DefaultAllocator)
		var qe *ir.QueryError
		if errors.As(err, &qe) {
			qe.Row += base
			return casefiles.Render(nil, qe)
		}
		if err != nil {
			return "", err
		}
		base += in.NumRows()
		outs = append(outs, out)
	}
	return casefiles.Render(outs, nil)
}

// TestMergedSubqueryBuiltOnce: "a IN (SELECT v FROM nonull) OR b IN (SELECT
// v FROM nonull)" reads one subquery twice; preparing it builds one set.
func TestMergedSubqueryBuiltOnce(t *testing.T) {
	cases, err := casefiles.Load()
	if err != nil {
		t.Fatal(err)
	}
	name := ""
	for i, c := range cases {
		if c.Expr == "a IN (SELECT v FROM nonull) OR b IN (SELECT v FROM nonull)" {
			name = c.Name(i)
		}
	}
	if name == "" {
		t.Fatal("the merged case is missing from cases.txt")
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(casefiles.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	tables, err := casefiles.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer casefiles.Release(tables)
	for _, prepare := range []prepareFunc{subqcases.Prepare, subqcasesnocse.Prepare} {
		before := vec.SubqueryBuilds()
		_, _, release, err := prepare(context.Background(), name, tables, mem)
		if err != nil {
			t.Fatal(err)
		}
		release()
		if n := vec.SubqueryBuilds() - before; n != 1 {
			t.Errorf("preparing %s built %d subqueries, want 1", name, n)
		}
	}
	inner, err := interp.Prepare(context.Background(), prog.Query(name), tables)
	if err != nil {
		t.Fatal(err)
	}
	if inner.Builds() != 1 {
		t.Errorf("the interpreter built %d inner phases, want 1", inner.Builds())
	}
}

// TestPrepareFromReaders: a prepared query takes its inner tables from
// array.RecordReaders too (vec.ReadTables), and one prepared query serves
// concurrent evaluations.
func TestPrepareFromReaders(t *testing.T) {
	cases, err := casefiles.Load()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(casefiles.Spec(cases))})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	batches, err := casefiles.AllTables(prog.Tables, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer casefiles.Release(batches)
	readers := map[string]array.RecordReader{}
	for _, tbl := range prog.Tables {
		r, err := array.NewRecordReader(ir.ArrowSchema(tbl.Columns), batches[strings.ToLower(tbl.Name)])
		if err != nil {
			t.Fatal(err)
		}
		defer r.Release()
		readers[strings.ToUpper(tbl.Name)] = r
	}
	tables, err := vec.ReadTables(readers)
	if err != nil {
		t.Fatal(err)
	}
	defer vec.ReleaseTables(tables)
	for i, c := range cases {
		eval, _, release, err := subqcases.Prepare(context.Background(), c.Name(i), tables, mem)
		if err != nil {
			t.Fatalf("%s: %v", c.Where(), err)
		}
		var wg sync.WaitGroup
		got := make([]string, 4)
		errs := make([]error, 4)
		for g := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[g], errs[g] = run(eval, tables["t"])
			}()
		}
		wg.Wait()
		release()
		for g := range got {
			if errs[g] != nil {
				t.Fatalf("%s: %v", c.Where(), errs[g])
			}
			if got[g] != c.Want {
				t.Errorf("%s (goroutine %d)\n got %s\nwant %s", c.Where(), g, got[g], c.Want)
			}
		}
	}
}
