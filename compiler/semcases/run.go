package semcases

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/vec"
)

// Runner evaluates one batch whose first row is row rowBase of the whole input;
// a query error's Row counts across the whole input. The interpreter is one
// directly; Generated adapts a generated evaluator.
type Runner func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error)

// Generated adapts a generated evaluator (whose error rows count within the
// batch) to a Runner.
func Generated(fn func(context.Context, arrow.RecordBatch, memory.Allocator) (arrow.RecordBatch, error)) Runner {
	return vec.AtRow(fn)
}

// Clocked is run under the clock of case c (Case.Context): the runner of
// the case's query in any engine.
func Clocked(c Case, run Runner) Runner {
	return func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
		return run(c.Context(ctx), in, rowBase, mem)
	}
}

// RunAll runs in through run in batches of size rows and renders the whole
// outcome as text: every output row, or only the query's error (class,
// message, row, column), since a failing query produces no rows. Engines agree
// exactly when their texts are equal.
func RunAll(run Runner, in arrow.RecordBatch, size int, mem memory.Allocator) (string, error) {
	var b strings.Builder
	n := int(in.NumRows())
	for start := 0; start < n; start += size {
		part := in.NewSlice(int64(start), int64(min(start+size, n)))
		out, err := run(context.Background(), part, int64(start), mem)
		part.Release()
		var qe *ir.QueryError
		if errors.As(err, &qe) {
			return fmt.Sprintf("error row %d column %s %s: %s", qe.Row, qe.Column, qe.Err.Class, qe.Err.Message()), nil
		}
		if err != nil {
			return "", err
		}
		for r := 0; r < int(out.NumRows()); r++ {
			for c := 0; c < int(out.NumCols()); c++ {
				text, err := ColumnText(out.Column(c))
				if err != nil {
					out.Release()
					return "", err
				}
				b.WriteString(text(r))
				b.WriteByte('|')
			}
			b.WriteByte('\n')
		}
		out.Release()
	}
	return b.String(), nil
}
