package arrowcompute

import (
	"context"
	"fmt"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/compute"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/arrow/scalar"

	"github.com/exprc/exprc/bench"
)

// Impls returns the one arrow-go compute implementation.
func Impls() []bench.Impl {
	return []bench.Impl{{Name: "arrow-compute", Prepare: prepare}}
}

// query is one benchmark query written with compute kernels: it evaluates
// its output columns over in (filtering in first where the query has a
// WHERE clause).
type query struct {
	// where, if not nil, is the WHERE clause: the rows where it is TRUE are kept.
	where func(e *eval) compute.Datum
	// reads are the columns the outputs read; only they are filtered.
	reads []string
	// outputs computes the output columns in order.
	outputs []output
}

type output struct {
	name string
	expr func(e *eval) compute.Datum
}

func prepare(q bench.Query) (bench.Evaluator, error) {
	if reason, ok := notExpressible[q.SpecName()]; ok {
		return nil, fmt.Errorf("%w: %s", bench.ErrNotExpressible, reason)
	}
	qq, ok := queries[q.SpecName()]
	if !ok {
		return nil, fmt.Errorf("arrow-compute: no kernel chain for query %s", q.SpecName())
	}
	return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
		return qq.run(ctx, in, mem)
	}, nil
}

// execCtx runs every kernel on the calling goroutine: exprc's generated code
// is single-threaded, and so is every other entry of the benchmark but
// duckdb-allcores. (arrow-go's default, NumParallel = runtime.NumCPU(), only
// parallelizes filter and take across the columns of a record batch.)
var execCtx = func() compute.ExecCtx {
	c := compute.DefaultExecCtx()
	c.NumParallel = 1
	return c
}()

func (q *query) run(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	ctx = compute.SetExecCtx(compute.WithAllocator(ctx, mem), execCtx)
	e := &eval{ctx: ctx, mem: mem, cols: map[string]compute.Datum{}}
	defer e.release()
	for i, f := range in.Schema().Fields() {
		e.cols[f.Name] = compute.NewDatumWithoutOwning(in.Column(i))
	}
	e.rows = in.NumRows()
	if q.where != nil {
		mask := q.where(e)
		if e.err != nil {
			return nil, e.err
		}
		// Filter the columns the outputs read, dropping the rows where the
		// condition is FALSE or NULL (FilterOptions' default).
		for _, name := range q.reads {
			e.cols[name] = e.keep(compute.Filter(ctx, e.col(name), mask, *compute.DefaultFilterOptions()))
		}
		if e.err != nil {
			return nil, e.err
		}
		e.rows = e.cols[q.reads[0]].(*compute.ArrayDatum).Len()
	}
	fields := make([]arrow.Field, len(q.outputs))
	cols := make([]arrow.Array, len(q.outputs))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, o := range q.outputs {
		d := o.expr(e)
		if e.err != nil {
			return nil, fmt.Errorf("arrow-compute: %s: %w", o.name, e.err)
		}
		a, ok := d.(*compute.ArrayDatum)
		if !ok {
			return nil, fmt.Errorf("arrow-compute: %s is %s, not an array", o.name, d)
		}
		cols[i] = a.MakeArray()
		fields[i] = arrow.Field{Name: o.name, Type: cols[i].DataType(), Nullable: true}
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, e.rows), nil
}

// eval evaluates the kernel calls of one batch. Its first error sticks: the
// calls after it do nothing, and run reports it.
type eval struct {
	ctx  context.Context
	mem  memory.Allocator
	rows int64
	// cols are the input columns (after the WHERE's filter).
	cols map[string]compute.Datum
	// owned are the results of the calls, released at the end of the batch.
	owned []compute.Datum
	// iota is 0, 1, ..., rows-1, built by the first ifElse.
	iota compute.Datum
	// memo holds the subexpressions shared by several outputs.
	memo map[string]compute.Datum
	err  error
}

func (e *eval) release() {
	for _, d := range e.owned {
		d.Release()
	}
}

// keep owns the result of a call, or records its error.
func (e *eval) keep(d compute.Datum, err error) compute.Datum {
	if err != nil {
		if e.err == nil {
			e.err = err
		}
		return nil
	}
	e.owned = append(e.owned, d)
	return d
}

func (e *eval) col(name string) compute.Datum {
	d, ok := e.cols[name]
	if !ok && e.err == nil {
		e.err = fmt.Errorf("no input column %s", name)
	}
	return d
}

// call calls the kernel fn on args.
func (e *eval) call(fn string, args ...compute.Datum) compute.Datum {
	return e.callOpts(fn, nil, args...)
}

func (e *eval) callOpts(fn string, opts compute.FunctionOptions, args ...compute.Datum) compute.Datum {
	if e.err != nil {
		return nil
	}
	return e.keep(compute.CallFunction(e.ctx, fn, opts, args...))
}

// f64, i64 and date are literals.
func f64(v float64) compute.Datum { return compute.NewDatum(scalar.NewFloat64Scalar(v)) }
func i64(v int64) compute.Datum   { return compute.NewDatum(scalar.NewInt64Scalar(v)) }
func date(s string) compute.Datum {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return compute.NewDatum(scalar.NewDate32Scalar(arrow.Date32FromTime(t)))
}

// ifElse is SQL's IF(cond, then, els): then where cond is TRUE, els where it
// is FALSE or NULL. arrow-go has no if_else (or case_when, coalesce) kernel,
// so it is the one composite operator here, built from kernels: both branches
// are computed on every row, then array_take picks each row's value from
// their concatenation at index i (then) or rows+i (els). The branches of the
// queries' IFs cannot fail, so computing both changes no result.
func (e *eval) ifElse(cond, then, els compute.Datum) compute.Datum {
	if e.err != nil {
		return nil
	}
	if cond.(*compute.ArrayDatum).NullN() > 0 {
		// NULL AND NOT TRUE is FALSE: a NULL condition picks els. (Not
		// is_not_null: in arrow-go v18.8.0 it returns the input's validity
		// bitmap without its offset, wrong on a sliced array.)
		cond = e.call("and_not_kleene", cond, e.call("is_null", cond))
	}
	if e.iota == nil {
		b := array.NewInt64Builder(e.mem)
		defer b.Release()
		b.Reserve(int(e.rows))
		for i := range e.rows {
			b.UnsafeAppend(i)
		}
		a := b.NewArray()
		defer a.Release()
		e.iota = e.keep(compute.NewDatum(a), nil)
	}
	// index = i + rows * (NOT cond)
	notCond := e.callOpts("cast", compute.SafeCastOptions(arrow.PrimitiveTypes.Int64), e.call("not", cond))
	index := e.call("add_unchecked", e.iota, e.call("multiply_unchecked", notCond, i64(e.rows)))
	values := e.concat(then, els)
	if e.err != nil {
		return nil
	}
	return e.keep(compute.Take(e.ctx, *compute.DefaultTakeOptions(), values, index))
}

// concat returns the values of a and then b as one array, a scalar standing
// for rows copies of itself.
func (e *eval) concat(a, b compute.Datum) compute.Datum {
	arrs := make([]arrow.Array, 2)
	for i, d := range []compute.Datum{a, b} {
		switch d := d.(type) {
		case *compute.ArrayDatum:
			arrs[i] = d.MakeArray()
		case *compute.ScalarDatum:
			arr, err := scalar.MakeArrayFromScalar(d.Value, int(e.rows), e.mem)
			if err != nil {
				e.err = err
				return nil
			}
			arrs[i] = arr
		default:
			e.err = fmt.Errorf("cannot concatenate %s", d)
			return nil
		}
		defer arrs[i].Release()
	}
	out, err := array.Concatenate(arrs, e.mem)
	if err != nil {
		e.err = err
		return nil
	}
	defer out.Release()
	return e.keep(compute.NewDatum(out), nil)
}
