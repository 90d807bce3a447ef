package main

import (
	"path/filepath"
	"testing"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
)

// TestOnePlanningPerQuery shows that exprc explain and exprc gen plan each
// query once, through one lower.Plan call: the CSE analysis runs once per
// query, its subqueries' inner passes and per-row tests included, so what
// explain shows is what gen prints.
func TestOnePlanningPerQuery(t *testing.T) {
	specs := []string{"../../examples/demo/tables.sql", "../../examples/demo/subquery.sql", "../../examples/demo/lineitem.sql"}
	prog, err := compiler.Compile(specs)
	if err != nil {
		t.Fatal(err)
	}
	// The queries a compilation plans: each query, each inner pass that
	// computes vectors, each loop-form subquery's test.
	before := lower.Analyses()
	plan, err := lower.Plan(prog.Queries, lower.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := int64(0)
	inner := 0
	for _, q := range plan.Queries {
		want++
		if q.Prepared == nil {
			continue
		}
		for _, p := range q.Prepared.Passes {
			if p.Plan != nil {
				want++
				inner++
			}
		}
		for _, s := range q.Prepared.Subs {
			if s.Test != nil {
				want++
				inner++
			}
		}
	}
	if inner == 0 {
		t.Fatal("the specs plan no inner query: the test would not show that they are analyzed once")
	}
	if got := lower.Analyses() - before; got != want {
		t.Fatalf("lower.Plan ran %d CSE analyses for %d planned queries", got, want)
	}
	out := filepath.Join(t.TempDir(), "out.go")
	for _, args := range [][]string{
		append([]string{"explain"}, specs...),
		append([]string{"explain", "--format", "json"}, specs...),
		append([]string{"explain", "--format", "dot"}, specs...),
		append([]string{"gen", "-o", out, "--package", "p"}, specs...),
	} {
		before := lower.Analyses()
		if r := exprc(args...); r.code != 0 {
			t.Fatalf("exprc %v: exit %d: %s", args, r.code, r.stderr)
		}
		if got := lower.Analyses() - before; got != want {
			t.Errorf("exprc %s ran %d CSE analyses for %d planned queries (want one each)", args[0], got, want)
		}
	}
}
