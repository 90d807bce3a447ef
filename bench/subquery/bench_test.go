package subquery

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
	"github.com/exprc/exprc/templates/vec"
)

// size is one measured instance: outer facts rows against inner dims rows.
type size struct{ outer, inner int }

func (s size) String() string { return count(s.outer) + "x" + count(s.inner) }

// count renders a row count as 1K, 100K, 1M.
func count(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1_000 && n%1_000 == 0:
		return fmt.Sprintf("%dK", n/1_000)
	}
	return fmt.Sprint(n)
}

// interpMaxPairs bounds the sizes the interpreter is measured at: it is nested
// loops by definition, outer x inner candidate rows per batch whatever the
// form, so it runs at the smallest size only, as a reference.
const interpMaxPairs = 1_000_000

// hashSizes are the probe sizes of the set and keyed forms: 1M x 10K grows the
// outer side alone (the same table probed 10x as often), 1M x 100K then the
// inner side alone (a 10x larger table, out of the faster caches).
var hashSizes = []size{{1_000, 1_000}, {100_000, 10_000}, {1_000_000, 10_000}, {1_000_000, 100_000}}

// plan lists, per query, the sizes its probe phase is measured at and the inner
// sizes its build phase is measured at. The set and keyed forms grow both sides
// 10x (per-row cost should stay flat), the sorted form grows both sides (per
// row cost should grow as log inner), the loop form is quadratic and stays
// small (per-row cost should grow as inner).
var plan = map[string]struct {
	eval  []size
	build []int
}{
	"InProbe":       {hashSizes, []int{1_000, 10_000, 100_000}},
	"InFilter":      {hashSizes, []int{1_000, 10_000, 100_000}},
	"EqCount":       {hashSizes, []int{1_000, 10_000, 100_000}},
	"IneqCount":     {[]size{{1_000, 1_000}, {4_000, 4_000}, {10_000, 10_000}, {100_000, 100_000}, {1_000_000, 100_000}}, []int{1_000, 10_000, 100_000}},
	"IneqCountLoop": {[]size{{1_000, 1_000}, {2_000, 2_000}, {4_000, 4_000}, {10_000, 10_000}}, []int{1_000, 4_000}},
}

var (
	dataMu sync.Mutex
	facts  = map[size]arrow.RecordBatch{}
	dims   = map[int]vec.Tables{}
)

// data returns the outer batch and the inner tables of a size (with NULLs),
// generated once per process.
func data(s size) (arrow.RecordBatch, vec.Tables) {
	tables := inner(s.inner)
	dataMu.Lock()
	defer dataMu.Unlock()
	f, ok := facts[s]
	if !ok {
		f = bench.FactsBatch(memory.DefaultAllocator, s.outer, s.inner, true, bench.SubquerySeed)
		facts[s] = f
		// Building a large batch leaves garbage behind; collect it now, or
		// the first implementation measured on it pays for it.
		runtime.GC()
	}
	return f, tables
}

// inner returns the inner tables of m dims rows (with NULLs), generated once
// per process.
func inner(m int) vec.Tables {
	dataMu.Lock()
	defer dataMu.Unlock()
	d, ok := dims[m]
	if !ok {
		d = bench.DimsTables(memory.DefaultAllocator, m, true)
		dims[m] = d
		runtime.GC()
	}
	return d
}

type impl struct {
	name    string
	prepare bench.Prepare
}

func impls(q bench.SubQuery, pairs int) []impl {
	out := []impl{{"generated", q.Generated}}
	if q.Hand != nil {
		out = append(out, impl{"handwritten", q.Hand})
	}
	if pairs <= interpMaxPairs {
		out = append(out, impl{"interpreter", q.Interpreted})
	}
	return out
}

// benchSubquery measures query name: sub-benchmarks build/inner=N/impl=...
// (ns/row per inner row) and eval/size=OUTERxINNER/impl=... (ns/row per
// outer row), the implementations of one size side by side.
func benchSubquery(b *testing.B, name string) {
	q, ok := bench.SubQueryNamed(name)
	if !ok {
		b.Fatalf("no query %s", name)
	}
	p := plan[name]
	b.Run("build", func(b *testing.B) {
		for _, m := range p.build {
			b.Run("inner="+count(m), func(b *testing.B) {
				for _, im := range impls(q, m) {
					b.Run("impl="+im.name, func(b *testing.B) {
						runBuild(b, im.prepare, inner(m), m)
					})
				}
			})
		}
	})
	b.Run("eval", func(b *testing.B) {
		for _, s := range p.eval {
			b.Run("size="+s.String(), func(b *testing.B) {
				for _, im := range impls(q, s.outer*s.inner) {
					b.Run("impl="+im.name, func(b *testing.B) {
						in, tables := data(s)
						runEval(b, im.prepare, tables, in, q.Form == "loop")
					})
				}
			})
		}
	})
}

// runBuild measures the build phase: Prepare over the inner tables (and
// releasing what it keeps).
func runBuild(b *testing.B, prepare bench.Prepare, tables vec.Tables, inner int) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	b.ReportAllocs()
	for b.Loop() {
		_, release, err := prepare(ctx, tables, mem)
		if err != nil {
			b.Fatal(err)
		}
		release()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*int64(inner)), "ns/row")
}

// runEval measures the probe phase: one outer batch per op against a query
// prepared beforehand. With pairs, it also reports ns per (outer, inner) row
// pair, the loop form's unit of work.
func runEval(b *testing.B, prepare bench.Prepare, tables vec.Tables, in arrow.RecordBatch, pairs bool) {
	ctx := context.Background()
	mem := memory.DefaultAllocator
	eval, release, err := prepare(ctx, tables, mem)
	if err != nil {
		b.Fatal(err)
	}
	defer release()
	rows := int64(0)
	for _, t := range tables["dims"] {
		rows += t.NumRows()
	}
	b.ReportAllocs()
	for b.Loop() {
		out, err := eval(ctx, in, mem)
		if err != nil {
			b.Fatal(err)
		}
		out.Release()
	}
	ns := float64(b.Elapsed().Nanoseconds())
	b.ReportMetric(ns/float64(int64(b.N)*in.NumRows()), "ns/row")
	if pairs {
		b.ReportMetric(ns/float64(int64(b.N)*in.NumRows()*rows), "ns/pair")
	}
}

func BenchmarkInProbe(b *testing.B)       { benchSubquery(b, "InProbe") }
func BenchmarkInFilter(b *testing.B)      { benchSubquery(b, "InFilter") }
func BenchmarkEqCount(b *testing.B)       { benchSubquery(b, "EqCount") }
func BenchmarkIneqCount(b *testing.B)     { benchSubquery(b, "IneqCount") }
func BenchmarkIneqCountLoop(b *testing.B) { benchSubquery(b, "IneqCountLoop") }

// TestPlan checks that every query of bench/subquery.sql has a plan, so a new
// query is not silently left unmeasured (the benchmarks themselves do not run
// in go test).
func TestPlan(t *testing.T) {
	for _, q := range bench.SubQueries {
		if _, ok := plan[q.Name]; !ok {
			t.Errorf("query %s has no benchmark plan", q.Name)
		}
	}
	if len(plan) != len(bench.SubQueries) {
		t.Errorf("%d plans for %d queries", len(plan), len(bench.SubQueries))
	}
}
