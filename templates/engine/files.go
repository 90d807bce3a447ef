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
	// Stream is true when Out goes to a stream the user reads as it comes
	// (stdout): after an error, the results of the batches before the failing
	// one are still written. Otherwise (a file that is discarded on error)
	// nothing more is written.
	Stream bool
	// Progress, when not nil, gets the number of input rows done after each
	// batch is written.
	Progress func(rows int64)
}

// Run evaluates every batch of f.In with eval and writes the results to f.Out
// in input order. It returns the first error in input order: a query error, an
// input error, or an output error. It closes f.Out (flushing it) on success,
// and on error when f.Stream; it does not close f.In.
func (f Files) Run(ctx context.Context, eval Eval) error {
	var rows int64
	writeFailed := false
	err := Run(ctx, f.Threads, f.In.Next, eval, func(res arrow.RecordBatch, n int64) error {
		if err := f.Out.Write(res); err != nil {
			writeFailed = true
			return err
		}
		rows += n
		if f.Progress != nil {
			f.Progress(rows)
		}
		return nil
	})
	if err != nil {
		if f.Stream && !writeFailed {
			f.Out.Close() //nolint:errcheck // the first error is err
		}
		return err
	}
	return f.Out.Close()
}
