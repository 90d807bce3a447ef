package engine

import (
	"context"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/fileio"
)

// Files is one `exprc run` over files: read In, evaluate every batch, write the
// results to Out. exprc runs it in its own process for the interpreter, and the
// compiled engine's program runs the same code around the generated evaluator,
// so both read, order and write alike.
type Files struct {
	In  fileio.Input
	Out fileio.Output
	// Threads is how many batches are evaluated at once.
	Threads int
	// Progress, when not nil, gets the number of input rows done after each
	// batch is written.
	Progress func(rows int64)
}

// Run evaluates every batch of f.In with eval and writes the results to f.Out
// in input order. It returns the first error in input order: a query error, an
// input error, or an output error. It closes f.Out, which flushes the results
// written before any error (on a stream, the rows before the failing batch; a
// file is discarded by the caller); it does not close f.In.
func (f Files) Run(ctx context.Context, eval Eval) error {
	var rows int64
	err := Run(ctx, f.Threads, f.In.Next, eval, func(res arrow.RecordBatch, n int64) error {
		if err := f.Out.Write(res); err != nil {
			return err
		}
		rows += n
		if f.Progress != nil {
			f.Progress(rows)
		}
		return nil
	})
	if cerr := f.Out.Close(); err == nil {
		err = cerr
	}
	return err
}
