package shapes

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/internal/check/probe"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

// conditionErrorSet is the reference set of asWritten widened by one
// assumption: when the deciding condition of an IF or a WHEN (or the operand
// comparison of a simple CASE) is an error, every branch it decides between is
// evaluated too. Check uses it only to explain violations: a probe evaluation
// outside the as-written set but inside this one ran because an expression
// common to all branches was computed on a row where the condition failed and
// the query as written takes no branch.
func conditionErrorSet(q *ir.Query, data arrow.RecordBatch) (counts, error) {
	cols := make([]func(int) any, data.NumCols())
	for i := range cols {
		r, err := interp.ColumnReader(data.Column(i))
		if err != nil {
			return nil, err
		}
		cols[i] = r
	}
	probe.Reset()
	row := &readRow{cols: cols}
	for i := range int(data.NumRows()) {
		row.i = i
		if q.Filter != nil {
			widened(q.Filter, row)
			if o := interp.EvalExpr(q.Filter, row); o.Err != nil || o.V != true {
				continue
			}
		}
		for _, out := range q.Outputs {
			widened(out.Expr, row)
		}
	}
	return probe.Counts(), nil
}

// widened evaluates e on row for its probe evaluations only, following both
// branches of a conditional whose condition is an error. Outcomes come from
// interp.EvalExpr (which records probes again; only the set matters).
func widened(e ir.Expr, row interp.Row) {
	switch e := e.(type) {
	case *ir.If:
		widened(e.Cond, row)
		c := interp.EvalExpr(e.Cond, row)
		switch {
		case c.Err != nil:
			widened(e.Then, row)
			widened(e.Else, row)
		case c.V == true:
			widened(e.Then, row)
		default:
			widened(e.Else, row)
		}
	case *ir.Case:
		var operand ir.Outcome
		if e.Operand != nil {
			widened(e.Operand, row)
			operand = interp.EvalExpr(e.Operand, row)
		}
		for _, w := range e.Whens {
			widened(w.Cond, row)
			c := interp.EvalExpr(w.Cond, row)
			if e.Operand != nil {
				c = interp.Apply(e.Eq.Fn, e.Eq.Sig, []ir.Outcome{operand, c})
			}
			if c.Err != nil {
				widened(w.Then, row) // and go on, as if not taken
				continue
			}
			if c.V == true {
				widened(w.Then, row)
				return
			}
		}
		widened(e.Else, row)
	case *ir.Coalesce:
		for _, a := range e.Args {
			widened(a, row)
			if !interp.EvalExpr(a, row).IsNull() {
				return
			}
		}
	default:
		for _, c := range e.Children() {
			widened(c, row)
		}
		interp.EvalExpr(e, row)
	}
}
