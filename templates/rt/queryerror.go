package rt

import "fmt"

// QueryError is the one error a query reports: the error at the lowest input
// row, and within that row the WHERE clause before the output columns in SELECT
// order. Row counts from the start of the batch; callers that stream many
// batches add the batch's offset.
//
// Every engine returns it (generated evaluators as vec.QueryError, the
// interpreter as ir.QueryError: both name this type), so a caller tells a
// query's error from any other with one errors.As whichever engine ran. It
// lives here, with Error, so that the compiler's ir can name it without
// importing the columnar runtime.
type QueryError struct {
	Row    int64
	Column string // "WHERE" or the output column's name
	Expr   string // the SQL text of that clause or column
	Err    *Error
}

func (e *QueryError) Error() string {
	return fmt.Sprintf("row %d: %s: %s (in %s)", e.Row, e.Err.Class, e.Err.Message(), e.Column)
}

// Unwrap exposes the row's error.
func (e *QueryError) Unwrap() error { return e.Err }
