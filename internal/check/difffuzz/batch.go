package difffuzz

import (
	"context"
	"errors"
	"fmt"
	"github.com/exprc/exprc/ir/interp"
	"runtime/debug"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/vec"
)

// batchPlan is one query compiled for the batch engine (package
// codegen/batch), the third engine the fuzzer compares with the
// interpreter: in process, so it needs no generated code and checks every
// query and variant of a spec, whichever the generated packages hold. err
// is a failure to plan or compile other than *batch.Unsupported (a finding:
// the engine runs it as a difference).
type batchPlan struct {
	name string // the engine's name in failure kinds: "batch" or "batch-nocse"
	q    *batch.Query
	err  error
}

// batchVariants are the batch engine's two plans of a query: with CSE and
// without, both without fused loops (lower.Options.Unfused), as the engine
// runs them.
var batchVariants = []struct {
	name  string
	noCSE bool
}{{"batch", false}, {"batch-nocse", true}}

// compileBatch compiles every query of qs for the batch engine, counting in
// st the plans it runs and, by reason, those it does not run yet (an
// *batch.Unsupported error: they are left out of the comparisons).
func compileBatch(qs []*ir.Query, st *Stats) map[*ir.Query][]batchPlan {
	plans := map[*ir.Query][]batchPlan{}
	for _, q := range qs {
		for _, v := range batchVariants {
			bq, err := compileBatchPlan(q, v.noCSE)
			var un *batch.Unsupported
			if errors.As(err, &un) {
				if st.BatchSkipped == nil {
					st.BatchSkipped = map[string]int{}
				}
				st.BatchSkipped[un.What]++
				continue
			}
			st.BatchPlans++
			plans[q] = append(plans[q], batchPlan{name: v.name, q: bq, err: err})
		}
	}
	return plans
}

// compileBatchPlan plans q and compiles the plan for the batch engine, a
// panic turned into an error (the engine must reject what it cannot run).
func compileBatchPlan(q *ir.Query, noCSE bool) (bq *batch.Query, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panicked: %v\n%s", p, firstLines(string(debug.Stack()), 12))
		}
	}()
	pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	return batch.Compile(pq)
}

// batchEngines are the engines of q's batch plans, their subqueries prepared
// over tables at the first run. A plan that failed to compile runs as an
// engine error, so that the failure is reported (and shrunk) like any
// difference.
func batchEngines(plans []batchPlan, tables interp.Tables) []engine {
	var es []engine
	for _, p := range plans {
		e := &engine{name: p.name, batch: true, release: func() {}}
		if p.err != nil {
			err := fmt.Errorf("batch.Compile: %w", p.err)
			e.run = func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
				return nil, err
			}
			es = append(es, *e)
			continue
		}
		var run runFunc
		var perr error
		q := p.q
		release := func() {}
		e.release = func() { release() }
		e.run = func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			if run == nil && perr == nil {
				prep, err := q.Prepare(ctx, vec.Tables(tables), mem)
				if err != nil {
					perr = err
				} else {
					run, release = vec.AtRow(prep.Eval), prep.Release
				}
			}
			if perr != nil {
				return nil, fmt.Errorf("prepare: %w", perr)
			}
			return run(ctx, in, base, mem)
		}
		es = append(es, *e)
	}
	return es
}
