package vec

import (
	"context"
	"errors"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ShiftRows makes the row of a query error count across a stream of batches
// instead of within one batch: a generated evaluator reports rows from the
// start of its batch, and a caller that runs many batches passes the first row
// number of the batch as rowBase. A *QueryError (found with errors.As) is
// returned as a shifted copy, the evaluator's error itself left alone; any
// other error, and nil, is returned as it is.
func ShiftRows(err error, rowBase int64) error {
	if qe := shifted(err, rowBase); qe != nil {
		return qe
	}
	return err
}

// shifted is the shifted copy of err's query error, or nil when it has none.
func shifted(err error, rowBase int64) *QueryError {
	var qe *QueryError
	if !errors.As(err, &qe) {
		return nil
	}
	moved := *qe
	moved.Row += rowBase
	return &moved
}

// AtRow adapts a generated evaluator to a batch of a stream whose first row is
// row rowBase of the whole input: a query error's row (ShiftRows) counts across
// the whole input, and it comes without a result batch.
func AtRow(eval func(context.Context, arrow.RecordBatch, memory.Allocator) (arrow.RecordBatch, error)) func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
	return func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
		out, err := eval(ctx, in, mem)
		if qe := shifted(err, rowBase); qe != nil {
			return nil, qe
		}
		return out, err
	}
}
