// Package batch is exprc's third engine: it runs a query's physical plan
// (package lower) over Arrow batches directly, with no Go toolchain and no
// build, calling the same templates/rt kernels and templates/vec loops as
// generated code, a vector at a time.
//
// The plan is compiled once (Compile) into a tree of steps, closures over
// the nodes' typed helpers, kernels and constants; Eval runs them over one
// batch in a frame of its own, so a Query is safe for concurrent use. Each
// node is vector code as the printer would write it for the same node: the
// same selections, the same Split/Merge/Logic helpers, the same vec.Check of
// each clause, so results, NULLs and the reported error (class, row,
// column) are generated code's. A fused expression runs its general path
// (the vector code generated code keeps for the rows its loops leave) on
// all of its rows: correct by construction, and a vector loop per
// operation.
package batch

import (
	"context"
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Query is one query compiled for the batch engine.
type Query struct {
	plan    *lower.Query
	name    string
	input   *arrow.Schema
	output  *arrow.Schema
	notNull []int // the input columns declared NOT NULL
	where   *clause
	hoists  []step // the shared values computed before the outputs
	outputs []*clause
	// clauses and texts name the clauses in a query error: WHERE, then
	// the outputs.
	clauses, texts []string
	// frame sizes: node values, selections, memos, input columns
	nodes, sels, memos int
	clock              bool // a kernel reads the evaluation's clock
	// bufs holds *bufs: the slices evaluations recycle.
	bufs sync.Pool
}

// clause is the WHERE clause or one output column.
type clause struct {
	hoists []step
	value  step // nil: a pass-through column
	kind   kind
	column int // the input column a pass-through output copies
}

// step computes one node over its selection in frame fr.
type step func(fr *frame) operand

// operand is a node's outcome: a vector (a *vec.Vec[T] of its kind), or a
// constant (a value, the NULL or an error).
type operand struct {
	vec any
	c   *ir.Const
}

// frame is the state of one evaluation: the batch, the nodes computed so
// far, the selections made, the memos of lazily shared values.
type frame struct {
	n     int
	in    arrow.RecordBatch
	clock rt.Clock
	where vec.Sel
	vals  []operand
	done  []bool
	sels  []selection
	memos []memo
	cols  []any // input columns read as vectors, by column index
	bufs  *bufs
}

// selection is a selection made at run time: rows, or the live rows of an
// AND, OR, IN or BETWEEN (which shrink as each operand is added).
type selection struct {
	rows  vec.Sel
	logic *vec.Logic
}

// memo is a lazily shared value: its vector and which rows are computed.
type memo struct {
	vals any
	done []bool
}

// Compile compiles query q's plan. A plan with a form the engine does not
// run yet is an *Unsupported error.
func Compile(q *lower.Query) (_ *Query, err error) {
	c := newCompiler(q)
	bq := &Query{plan: q, name: q.IR.Name, input: ir.ArrowSchema(q.IR.Source.Columns), output: ir.ArrowSchema(q.IR.OutputSchema())}
	if len(q.IR.Subqueries) > 0 {
		return nil, unsupported("subqueries")
	}
	for i, col := range q.IR.Source.Columns {
		if !col.Nullable {
			bq.notNull = append(bq.notNull, i)
		}
	}
	bq.clauses, bq.texts = []string{"WHERE"}, []string{q.IR.FilterSQL}
	if w := q.Where; w != nil {
		if bq.where, err = c.clause(w); err != nil {
			return nil, err
		}
	}
	if bq.hoists, err = c.steps(q.OutputHoists); err != nil {
		return nil, err
	}
	for _, o := range q.Outputs {
		cl, err := c.clause(o)
		if err != nil {
			return nil, err
		}
		bq.outputs = append(bq.outputs, cl)
		bq.clauses, bq.texts = append(bq.clauses, o.Name), append(bq.texts, o.SQL)
	}
	bq.nodes, bq.sels, bq.memos, bq.clock = len(c.nodes), len(c.sels), len(c.memos), c.clock
	return bq, nil
}

// Eval evaluates the query over one batch, as its generated function does:
// the rows that pass the WHERE clause, or a *vec.QueryError naming the first
// failing row (rows count from 0 within the batch).
func (q *Query) Eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := vec.CheckSchema(in.Schema(), q.input); err != nil {
		return nil, fmt.Errorf("query %s: %w", q.name, err)
	}
	for _, c := range q.notNull {
		if err := vec.NotNull(in.Column(c), q.input.Field(c).Name); err != nil {
			return nil, fmt.Errorf("query %s: %w", q.name, err)
		}
	}
	n := int(in.NumRows())
	fr := &frame{n: n, in: in, vals: make([]operand, q.nodes), done: make([]bool, q.nodes),
		sels: make([]selection, q.sels), memos: make([]memo, q.memos), cols: make([]any, len(q.input.Fields()))}
	if q.clock {
		fr.clock = rt.ClockOf(ctx)
	}
	fr.bufs, _ = q.bufs.Get().(*bufs)
	if fr.bufs == nil {
		fr.bufs = &bufs{}
	}
	fr.bufs.reset(n)
	defer q.bufs.Put(fr.bufs) // after the output columns copied their rows
	failed := new(vec.Failure)
	var sel vec.Sel // nil: every row
	if w := q.where; w != nil {
		runAll(fr, w.hoists)
		v := fr.vector(w.kind, w.value(fr), nil).(*vec.Vec[bool])
		vec.Check(failed, v, nil, n, 0)
		sel = vec.Where(v, n)
		fr.where = sel
	}
	runAll(fr, q.hoists)
	cols := make([]arrow.Array, len(q.outputs))
	release := func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}
	var kept *vec.Kept
	for j, o := range q.outputs {
		if o.value == nil {
			if kept == nil && sel != nil {
				kept = vec.KeptOf(sel, n)
			}
			cols[j] = vec.TakeColumn(mem, in.Column(o.column), kept, n)
			continue
		}
		v := fr.vector(o.kind, o.value(fr), sel)
		o.kind.check(failed, v, sel, n, j+1)
		if failed.Err != nil {
			continue // no column is built once the batch fails
		}
		cols[j] = o.kind.build(mem, q.output.Field(j).Type, v, sel, n)
	}
	if failed.Err != nil {
		release()
		return nil, failed.QueryError(q.clauses, q.texts)
	}
	out := array.NewRecordBatch(q.output, cols, int64(sel.Rows(n)))
	release()
	return out, nil
}

func runAll(fr *frame, steps []step) {
	for _, s := range steps {
		s(fr)
	}
}

// vector is operand o as a vector of kind k over sel: a constant is spread
// over the batch.
func (fr *frame) vector(k kind, o operand, sel vec.Sel) any {
	if o.vec != nil {
		return o.vec
	}
	return k.spreadIn(fr.bufs, o.c)
}

// mergeInto copies operand o's outcome on rows sel into result res.
func (fr *frame) mergeInto(k kind, res any, o operand, sel vec.Sel) {
	switch {
	case o.vec != nil:
		k.merge(res, o.vec, sel, fr.n)
	case o.c.Err != nil:
		k.fillErr(res, o.c.Err, sel, fr.n)
	case o.c.V == nil:
		k.fillNull(res, sel, fr.n)
	default:
		k.fill(res, o.c, sel, fr.n)
	}
}
