// Package engine runs a query evaluator over a stream of record batches on
// several goroutines while keeping the results, and the reported error, in input
// order. `exprc run` uses it for the interpreter, and the compiled engine that
// `exprc run --engine compiled` builds gets a copy of this file, so both engines
// order results and errors the same way.
//
// It depends only on the standard library, Arrow and templates/fileio.
package engine

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
)

// Eval evaluates one input batch whose first row is row rowBase of the whole
// input. It must not retain in.
type Eval func(ctx context.Context, in arrow.RecordBatch, rowBase int64) (arrow.RecordBatch, error)

// Emit consumes the result of an input batch of rows rows. It must not retain
// res beyond the call without calling res.Retain.
type Emit func(res arrow.RecordBatch, rows int64) error

// job is one input batch on its way through Run.
type job struct {
	in      arrow.RecordBatch
	rowBase int64
	rows    int64
	res     arrow.RecordBatch
	err     error
	done    chan struct{} // closed when res and err are set
}

// Run reads batches with next (which returns io.EOF after the last one) and
// evaluates them with eval on threads goroutines (at least 1), passing the
// results to emit in input order. At most about 2*threads batches are in flight.
//
// Run stops at the first failing batch in input order and returns its error: the
// error of eval on it, or of next when reading it. Every batch before it has been
// evaluated and emitted without error, so the error does not depend on threads or
// timing: a later batch that fails sooner is never reported. Run releases the
// batches next returns and the results it gets from eval. When Run returns, no
// goroutine it started is running and next is no longer being called.
func Run(ctx context.Context, threads int, next func() (arrow.RecordBatch, error), eval Eval, emit Emit) error {
	threads = max(threads, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	order := make(chan *job, 2*threads) // every job, in input order
	work := make(chan *job)             // jobs to evaluate
	var workers sync.WaitGroup
	for range threads {
		workers.Go(func() {
			for j := range work {
				j.res, j.err = guard(func() (arrow.RecordBatch, error) { return eval(ctx, j.in, j.rowBase) })
				j.in.Release()
				j.in = nil
				close(j.done)
			}
		})
	}
	eof := false // set by the reader before it closes order
	go func() {
		defer close(order)
		defer close(work)
		var rowBase int64
		for ctx.Err() == nil {
			in, err := guard(next)
			if err == io.EOF {
				eof = true
				return
			}
			j := &job{done: make(chan struct{}), rowBase: rowBase}
			if err != nil {
				j.err = err
				close(j.done)
				select {
				case order <- j:
				case <-ctx.Done():
				}
				return
			}
			j.in, j.rows = in, in.NumRows()
			rowBase += j.rows
			select {
			case order <- j:
			case <-ctx.Done():
				in.Release()
				return
			}
			select {
			case work <- j:
			case <-ctx.Done():
				in.Release()
				j.in, j.err = nil, ctx.Err()
				close(j.done)
				return
			}
		}
	}()

	var err error
	for j := range order {
		<-j.done
		if err == nil {
			if err = j.err; err == nil {
				err = emit(j.res, j.rows)
			}
			if err != nil {
				cancel() // stop reading and evaluating; drain what is in flight
			}
		}
		if j.res != nil {
			j.res.Release()
		}
	}
	workers.Wait()
	if err == nil && !eof {
		// ctx was canceled from outside between batches: the input is not done.
		err = ctx.Err()
	}
	return err
}

// guard returns f(), or an error when f panics. Run calls next and eval on
// goroutines of its own, where a panic would end the whole process with a
// stack trace: a reader or evaluator that panics on some input (a damaged
// file a decoder does not check) must instead fail the run with one error,
// which Run reports in input order like any other.
func guard(f func() (arrow.RecordBatch, error)) (b arrow.RecordBatch, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, &PanicError{Value: r}
		}
	}()
	return f()
}

// PanicError is a panic of a batch's reader or evaluator, recovered.
type PanicError struct{ Value any }

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error: %v", e.Value)
}
