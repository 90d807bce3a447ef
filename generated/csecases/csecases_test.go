package csecases_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
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
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/generated/csecases"
	"github.com/exprc/exprc/generated/csecasesnocse"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// randomBatch fills a batch of table with n rows of values chosen to hit the
// decision cases' edges: NULLs, zero divisors, extreme integers, missing map
// keys, and map keys the queries probe.
func randomBatch(t *testing.T, table *ir.Table, n int, seed uint64, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 42))
	nullRate := []float64{0, 0.02, 0.3}[seed%3]
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(table.Columns))
	defer b.Release()
	// Mostly small non-zero values, so most rows get through; zero divisors,
	// extremes and missing map keys are rare, so errors happen at varied rows.
	ints := []int64{1, -1, 2, 3, 5, 7, 100, 123, 124, 125, -2, 9, -9, 4}
	rare := []int64{0, math.MaxInt64, math.MinInt64}
	pick := func() int64 {
		if r.IntN(400) == 0 {
			return rare[r.IntN(len(rare))]
		}
		return ints[r.IntN(len(ints))]
	}
	strs := []string{"", "a", "A", "b", "B", "123x", "124y", "125z", "héllo", "ß"}
	for i := 0; i < n; i++ {
		for c, col := range table.Columns {
			if col.Nullable && r.Float64() < nullRate {
				b.Field(c).AppendNull()
				continue
			}
			var v any
			switch col.Type.Kind {
			case ir.KindBigint:
				v = pick()
			case ir.KindInt:
				v = int32(ints[r.IntN(len(ints))])
			case ir.KindDouble:
				v = []float64{0, 1.5, -2, math.NaN(), math.Inf(1), 1e300}[r.IntN(6)]
			case ir.KindVarchar:
				v = strs[r.IntN(len(strs))]
			case ir.KindBoolean:
				v = r.IntN(2) == 0
			case ir.KindDate:
				v = ir.Date(r.IntN(40000) - 10000)
			case ir.KindMap:
				m := &ir.MapValue{}
				for _, k := range []string{"k", "test", "fixed_test", "j"} {
					if r.IntN(200) > 0 || k == "fixed_test" && r.IntN(2) == 0 {
						m.Keys = append(m.Keys, k)
						if col.Type.Value.Kind == ir.KindVarchar {
							m.Values = append(m.Values, strs[r.IntN(len(strs))])
						} else {
							m.Values = append(m.Values, pick())
						}
					}
				}
				v = m
			}
			if err := interp.AppendValue(b.Field(c), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.NewRecordBatch()
}

func result(t *testing.T, run semcases.Runner, in arrow.RecordBatch, size int, mem memory.Allocator) string {
	t.Helper()
	out, err := semcases.RunAll(run, in, size, mem)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCSEMatchesNoCSEAndInterpreter runs every decision case with CSE, without
// CSE, through the interpreter as written and through the interpreter with
// sharing, and through the batch engine (package codegen/batch) with and
// without CSE, on random data split into batches of several sizes: values,
// NULLs and the reported error must be identical. A query the batch engine
// does not run yet (*batch.Unsupported) is skipped there and counted in the
// test's log.
func TestCSEMatchesNoCSEAndInterpreter(t *testing.T) {
	src, err := os.ReadFile("cases.sql")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": src})
	if err != nil {
		t.Fatal(err)
	}
	engines, skipped := batchEngines(t, prog.Queries)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	for seed := uint64(0); seed < 6; seed++ {
		batches := map[string]arrow.RecordBatch{}
		for _, tb := range prog.Tables {
			batches[tb.Name] = randomBatch(t, tb, 300, seed, mem)
		}
		for _, q := range prog.Queries {
			in := batches[q.Source.Name]
			withCSE, _, ok1 := csecases.Lookup(q.Name)
			noCSE, _, ok2 := csecasesnocse.Lookup(q.Name)
			if !ok1 || !ok2 {
				t.Fatalf("%s: not generated (run go generate ./generated)", q.Name)
			}
			plan := cse.Analyze(q)
			asWritten := func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
				return interp.Eval(ctx, q, in, rowBase, mem)
			}
			shared := func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
				return interp.EvalShared(ctx, q, plan, in, rowBase, mem)
			}
			runs := map[string]semcases.Runner{"interp-shared": shared, "cse": semcases.Generated(withCSE), "no-cse": semcases.Generated(noCSE)}
			for name, bq := range engines[q.Name] {
				runs[name] = vec.AtRow(bq.Eval)
			}
			want := result(t, asWritten, in, int(in.NumRows()), mem)
			for _, size := range []int{1, 7, 1000} {
				for name, run := range runs {
					if got := result(t, run, in, size, mem); got != want {
						t.Errorf("seed %d %s: %s at batch size %d differs from the interpreter:\n got  %.300s\n want %.300s", seed, q.Name, name, size, got, want)
					}
				}
			}
		}
		for _, b := range batches {
			b.Release()
		}
	}
	ran := 0
	for _, e := range engines {
		ran += len(e)
	}
	t.Logf("batch engine: %d of %d plans ran (queries with and without CSE); skipped as unsupported: %s", ran, 2*len(prog.Queries), skipped)
}

// batchEngines compiles each query for the batch engine, with CSE ("batch")
// and without ("batch-no-cse"), from plans without fused loops, as the
// engine runs them. A plan the engine does not run yet is left out, and
// skipped says how many were left out and why (empty: none); any other
// failure to plan or compile fails the test.
func batchEngines(t *testing.T, queries []*ir.Query) (engines map[string]map[string]*batch.Query, skipped string) {
	t.Helper()
	engines = map[string]map[string]*batch.Query{}
	why := map[string]int{}
	for _, q := range queries {
		engines[q.Name] = map[string]*batch.Query{}
		for name, noCSE := range map[string]bool{"batch": false, "batch-no-cse": true} {
			pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
			if err != nil {
				t.Fatalf("%s: plan (no CSE %v): %v", q.Name, noCSE, err)
			}
			bq, err := batch.Compile(pq)
			var un *batch.Unsupported
			if errors.As(err, &un) {
				why[un.What]++
				continue
			}
			if err != nil {
				t.Fatalf("%s: batch engine (no CSE %v): %v", q.Name, noCSE, err)
			}
			engines[q.Name][name] = bq
		}
	}
	if len(why) == 0 {
		return engines, "none"
	}
	reasons := make([]string, 0, len(why))
	for w := range why {
		reasons = append(reasons, w)
	}
	sort.Strings(reasons)
	parts := make([]string, len(reasons))
	for i, w := range reasons {
		parts[i] = fmt.Sprintf("%d %s", why[w], w)
	}
	return engines, strings.Join(parts, ", ")
}
