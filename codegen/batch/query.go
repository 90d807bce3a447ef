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
	"errors"
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
	subs *subPlan // the settled subqueries (nil: none), built by Prepare
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
	strs  *rt.Arena // the chunk's strings, made on first use
	sub   *subFrame // the prepared subqueries (subquery.go)
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
func Compile(q *lower.Query) (*Query, error) { return compile(q, nil) }

// compile compiles q, in scope when it is a query inside a prepared one.
func compile(q *lower.Query, scope *subScope) (_ *Query, err error) {
	c := newCompiler(q)
	bq := &Query{plan: q, name: q.IR.Name, input: ir.ArrowSchema(q.IR.Source.Columns), output: ir.ArrowSchema(q.IR.OutputSchema())}
	if len(q.IR.Subqueries) > 0 {
		if bq.subs, err = planSubqueries(q); err != nil {
			return nil, err
		}
		scope = &subScope{plan: bq.subs}
	}
	c.scope = scope
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

// chunkRows is the most rows Eval computes at once: a batch is evaluated a
// chunk at a time, so that each intermediate vector (16 KB of BIGINT) stays
// in the processor's cache between the operation that writes it and the one
// that reads it, as in other vectorized engines (DuckDB's vectors hold 2048
// rows). A variable for the tests, which make chunks small.
var chunkRows = 2048

// Eval evaluates the query over one batch, as its generated function does:
// the rows that pass the WHERE clause, or a *vec.QueryError naming the first
// failing row (rows count from 0 within the batch). A query that reads
// subqueries is evaluated by its Prepared (Prepare).
func (q *Query) Eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if q.subs != nil {
		return nil, fmt.Errorf("query %s reads subqueries: evaluate it prepared (Prepare)", q.name)
	}
	return q.eval(ctx, in, mem, nil)
}

// eval is Eval with the prepared subqueries sub (nil: none).
func (q *Query) eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator, sub *subFrame) (arrow.RecordBatch, error) {
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
	fr := &frame{vals: make([]operand, q.nodes), done: make([]bool, q.nodes),
		sels: make([]selection, q.sels), memos: make([]memo, q.memos), cols: make([]any, len(q.input.Fields())), sub: sub}
	if q.clock {
		fr.clock = rt.ClockOf(ctx) // one instant for every chunk
	}
	fr.bufs, _ = q.bufs.Get().(*bufs)
	if fr.bufs == nil {
		fr.bufs = &bufs{}
	}
	defer q.bufs.Put(fr.bufs) // after the output columns copied their rows
	if n <= chunkRows {
		sink := &arrays{q: q, mem: mem, in: in, cols: make([]arrow.Array, len(q.outputs))}
		if err := q.chunk(fr, in, sink); err != nil {
			sink.release()
			return nil, err
		}
		return sink.batch(), nil
	}
	sink := &gathered{q: q, n: n, full: make([]any, len(q.outputs))}
	for lo := 0; lo < n; lo += chunkRows {
		chunk := in.NewSlice(int64(lo), int64(min(lo+chunkRows, n)))
		sink.lo = lo
		err := q.chunk(fr, chunk, sink)
		chunk.Release()
		var qe *vec.QueryError
		if errors.As(err, &qe) {
			// the first failing chunk has the batch's lowest failing row
			shifted := *qe
			shifted.Row += int64(lo)
			return nil, &shifted
		}
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return sink.batch(in, mem), nil
}

// sink receives the output of the chunks of a batch: the selection of the
// rows that pass the WHERE clause (nil: every row), then each computed
// output column's vector over it, which no error is in.
type sink interface {
	rows(sel vec.Sel, n int)
	column(j int, v any)
}

// arrays is the sink of a batch of one chunk: the output columns are built
// from the chunk's vectors.
type arrays struct {
	q    *Query
	mem  memory.Allocator
	in   arrow.RecordBatch
	sel  vec.Sel
	n    int
	cols []arrow.Array
}

func (a *arrays) rows(sel vec.Sel, n int) { a.sel, a.n = sel, n }

func (a *arrays) column(j int, v any) {
	a.cols[j] = a.q.outputs[j].kind.build(a.mem, a.q.output.Field(j).Type, v, a.sel, a.n)
}

func (a *arrays) release() {
	for _, c := range a.cols {
		if c != nil {
			c.Release()
		}
	}
}

// batch is the output batch, with the pass-through columns.
func (a *arrays) batch() arrow.RecordBatch {
	passThrough(a.q, a.cols, a.in, a.sel, a.n, a.mem)
	out := array.NewRecordBatch(a.q.output, a.cols, int64(a.sel.Rows(a.n)))
	a.release()
	return out
}

// passThrough copies the output columns that are input columns: the rows
// sel of in's.
func passThrough(q *Query, cols []arrow.Array, in arrow.RecordBatch, sel vec.Sel, n int, mem memory.Allocator) {
	var kept *vec.Kept
	for j, o := range q.outputs {
		if o.value != nil {
			continue
		}
		if kept == nil && sel != nil {
			kept = vec.KeptOf(sel, n)
		}
		cols[j] = vec.TakeColumn(mem, in.Column(o.column), kept, n)
	}
}

// gathered is the sink of a batch of several chunks: each output column's
// rows are copied into one vector for the batch, from which the column is
// built once (a column per chunk, then their concatenation, copied every
// value twice).
type gathered struct {
	q      *Query
	n      int // the batch's rows
	lo     int // the first row of the chunk
	rowsIn int // the chunk's rows
	sel    vec.Sel
	all    vec.Sel // the batch's rows that pass the WHERE clause, so far
	cnt    int     // the output rows so far
	next   int     // the output rows after the chunk
	full   []any   // per output column, its vector for the batch
}

func (g *gathered) rows(sel vec.Sel, n int) {
	g.sel, g.rowsIn = sel, n
	g.cnt = g.next
	g.next += sel.Rows(n)
	if g.q.where != nil {
		for k := range sel.Rows(n) {
			g.all = append(g.all, int32(g.lo+sel.Row(k)))
		}
	}
}

func (g *gathered) column(j int, v any) {
	k := g.q.outputs[j].kind
	if g.full[j] == nil {
		g.full[j] = k.make(g.n)
	}
	k.gather(g.full[j], g.cnt, v, g.sel, g.rowsIn)
}

// batch is the output batch.
func (g *gathered) batch(in arrow.RecordBatch, mem memory.Allocator) arrow.RecordBatch {
	cols := make([]arrow.Array, len(g.q.outputs))
	var sel vec.Sel
	if g.q.where != nil {
		sel = g.all
		if sel == nil {
			sel = vec.Sel{}
		}
	}
	passThrough(g.q, cols, in, sel, g.n, mem)
	for j, o := range g.q.outputs {
		if o.value == nil {
			continue
		}
		v := g.full[j]
		if v == nil {
			v = o.kind.make(0)
		}
		cols[j] = o.kind.build(mem, g.q.output.Field(j).Type, o.kind.upTo(v, g.next), nil, g.next)
	}
	out := array.NewRecordBatch(g.q.output, cols, int64(g.next))
	for _, c := range cols {
		c.Release()
	}
	return out
}

// chunk evaluates the query over in, a batch of at most chunkRows rows, in
// frame fr (whose state of an earlier chunk it resets), into out.
func (q *Query) chunk(fr *frame, in arrow.RecordBatch, out sink) error {
	n := int(in.NumRows())
	fr.n, fr.in, fr.where = n, in, nil
	clear(fr.vals)
	clear(fr.done)
	clear(fr.sels)
	clear(fr.memos)
	clear(fr.cols)
	fr.bufs.reset(n)
	fr.strs = nil
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
	out.rows(sel, n)
	for j, o := range q.outputs {
		if o.value == nil {
			continue
		}
		v := fr.vector(o.kind, o.value(fr), sel)
		o.kind.check(failed, v, sel, n, j+1)
		if failed.Err == nil { // no column is built once the batch fails
			out.column(j, v)
		}
	}
	if failed.Err != nil {
		return failed.QueryError(q.clauses, q.texts)
	}
	return nil
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
