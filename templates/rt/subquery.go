package rt

// ScalarSubqueryTooManyRows is Spark's class for a scalar subquery that
// returns more than one row.
const ScalarSubqueryTooManyRows = "SCALAR_SUBQUERY_TOO_MANY_ROWS"

// ErrSubqueryTooManyRows is a scalar subquery read on a row for which it has
// more than one row, shared by the interpreter and generated code so both
// report the same error value. (A sum over BIGINT whose exact total does not
// fit raises ErrLongOverflow, as + does.)
var ErrSubqueryTooManyRows = &Error{Class: ScalarSubqueryTooManyRows,
	s1: "more than one row returned by a subquery used as an expression"}
