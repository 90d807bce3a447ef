package interp

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
)

// The interpreter evaluates subqueries by their definition (docs/semantics.md
// 3.12), as nested loops with no hashing, sorting or early exit, so that the
// settled forms of generated code (hash sets, keyed tables, sorted arrays)
// are checked against it:
//
//  1. Inner phase, once per settled subquery: for each inner row in order,
//     the inner conjuncts; on the rows they keep (the candidates), the inner
//     sides of the correlations and the value. The first error stops it and
//     is the outcome of every read.
//  2. Per read: the arguments left to right (the first error is the
//     outcome), then the inner phase's error, then per candidate the AND of
//     the correlations (keys, range, rest) with the outer values: an error
//     there is the outcome (the first candidate's), TRUE makes the candidate
//     a member.
//  3. The result over the members' values, by kind and aggregate.

// Tables gives the rows of the tables subqueries read, keyed by lower-cased
// table name. The outer table may be one of them.
type Tables map[string][]arrow.RecordBatch

// Inner holds the inner phases of a query's subqueries, computed once by
// Prepare and read-only afterwards (safe for concurrent evaluations).
type Inner struct {
	phases map[*ir.Settled]*phase
	clock  rt.Clock // the clock the inner phases read (Prepare's context's)
}

// Builds is the number of settled subqueries Prepare built (merged ones
// once).
func (in *Inner) Builds() int { return len(in.phases) }

// phase is the inner phase of one settled subquery.
type phase struct {
	err   *ir.EvalError
	cands []candidate
}

// candidate is an inner row the inner conjuncts keep.
type candidate struct {
	row  []any
	keys []ir.Outcome
	rng  ir.Outcome
	val  ir.Outcome
}

// candRow is an inner row with the outer values its Params read.
type candRow struct {
	vals   []any
	params []ir.Outcome
}

func (r *candRow) Column(i int) any          { return r.vals[i] }
func (r *candRow) Param(slot int) ir.Outcome { return r.params[slot] }

// paramRow is a row that carries outer values (inside a subquery).
type paramRow interface {
	Param(slot int) ir.Outcome
}

// Prepare runs the inner phase of every subquery of q over tables. A query
// without subqueries needs no tables and gets an empty Inner.
func Prepare(ctx context.Context, q *ir.Query, tables Tables) (*Inner, error) {
	if err := ir.CheckSettled(q); err != nil {
		return nil, err
	}
	in := &Inner{phases: map[*ir.Settled]*phase{}, clock: rt.ClockOf(ctx)}
	rows := map[*ir.Table][][]any{}
	for _, s := range q.Subqueries {
		tr, ok := rows[s.Table]
		if !ok {
			batches, given := tables[strings.ToLower(s.Table.Name)]
			if !given {
				return nil, fmt.Errorf("query %s reads table %s in a subquery, but no input was given for it", q.Name, s.Table.Name)
			}
			var err error
			if tr, err = readRows(s.Table, batches); err != nil {
				return nil, fmt.Errorf("query %s: table %s: %w", q.Name, s.Table.Name, err)
			}
			rows[s.Table] = tr
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		in.phases[s] = in.innerPhase(s, tr)
	}
	return in, nil
}

// readRows materialises every row of a table's batches.
func readRows(t *ir.Table, batches []arrow.RecordBatch) ([][]any, error) {
	var out [][]any
	for _, b := range batches {
		if err := checkSchema(b.Schema(), t.Columns); err != nil {
			return nil, err
		}
		cols := make([]columnReader, b.NumCols())
		for i := range cols {
			r, err := newColumnReader(b.Column(i))
			if err != nil {
				return nil, fmt.Errorf("column %q: %w", t.Columns[i].Name, err)
			}
			cols[i] = r
		}
		for i := 0; i < int(b.NumRows()); i++ {
			row := make([]any, len(cols))
			for j, c := range cols {
				row[j] = c(i)
				if row[j] == nil && !t.Columns[j].Nullable {
					return nil, fmt.Errorf("column %q is declared NOT NULL but row %d is NULL", t.Columns[j].Name, len(out))
				}
			}
			out = append(out, row)
		}
	}
	return out, nil
}

// innerPhase evaluates the inner conjuncts, and on the candidates the inner
// sides of the correlations and the value, stopping at the first error.
func (in *Inner) innerPhase(s *ir.Settled, rows [][]any) *phase {
	ph := &phase{}
	ev := &evaluator{inner: in, clock: in.clock}
	for _, vals := range rows {
		row := &candRow{vals: vals}
		if s.Inner != nil {
			o := ev.eval(s.Inner, row)
			if o.Err != nil {
				ph.err = o.Err
				return ph
			}
			if o.V != true {
				continue
			}
		}
		c := candidate{row: vals}
		for _, k := range s.Keys {
			o := ev.eval(k.Inner, row)
			if o.Err != nil {
				ph.err = o.Err
				return ph
			}
			c.keys = append(c.keys, o)
		}
		if s.Range != nil {
			if c.rng = ev.eval(s.Range.Inner, row); c.rng.Err != nil {
				ph.err = c.rng.Err
				return ph
			}
		}
		if s.Value != nil {
			if c.val = ev.eval(s.Value, row); c.val.Err != nil {
				ph.err = c.val.Err
				return ph
			}
		}
		ph.cands = append(ph.cands, c)
	}
	return ph
}

// subquery reads a settled subquery on one outer row.
func (ev *evaluator) subquery(e *ir.Subquery, row Row) ir.Outcome {
	args := make([]ir.Outcome, len(e.Args))
	for i, a := range e.Args {
		args[i] = ev.eval(a, row)
	}
	for _, a := range args {
		if a.Err != nil {
			return a
		}
	}
	s := e.Settled
	ph := ev.inner.phases[s]
	if ph.err != nil {
		return ir.Outcome{Err: ph.err}
	}
	var members []ir.Outcome
	inner := &evaluator{inner: ev.inner, clock: ev.clock}
	for _, c := range ph.cands {
		var conj []ir.Outcome
		for i, k := range s.Keys {
			conj = append(conj, Apply(k.Cmp.Fn, k.Cmp.Sig, []ir.Outcome{c.keys[i], args[k.Arg]}))
		}
		if s.Range != nil {
			conj = append(conj, Apply(s.Range.Cmp.Fn, s.Range.Cmp.Sig, []ir.Outcome{c.rng, args[s.Range.Arg]}))
		}
		if s.Rest != nil {
			conj = append(conj, inner.eval(s.Rest, &candRow{vals: c.row, params: args}))
		}
		o := combineAnd(conj)
		if o.Err != nil {
			return o
		}
		if o.V == true {
			members = append(members, c.val)
		}
	}
	var probe ir.Outcome
	if s.Kind == ir.SubAny {
		probe = args[0]
	}
	return result(s, members, probe)
}

// result is a subquery's outcome over its members' values.
func result(s *ir.Settled, vals []ir.Outcome, probe ir.Outcome) ir.Outcome {
	switch s.Kind {
	case ir.SubExists:
		return boolOutcome(len(vals) > 0)
	case ir.SubAny:
		outs := make([]ir.Outcome, len(vals))
		for i, v := range vals {
			outs[i] = Apply(s.Cmp.Fn, s.Cmp.Sig, []ir.Outcome{probe, v})
		}
		return combineOr(outs)
	}
	var nonNull []any
	for _, v := range vals {
		if v.V != nil {
			nonNull = append(nonNull, v.V)
		}
	}
	switch s.Agg {
	case ir.AggNone:
		switch len(vals) {
		case 0:
			return outNull
		case 1:
			return vals[0]
		}
		return ir.Outcome{Err: rt.ErrSubqueryTooManyRows}
	case ir.AggCountStar:
		return ir.Outcome{V: int64(len(vals))}
	case ir.AggCount:
		return ir.Outcome{V: int64(len(nonNull))}
	}
	if len(nonNull) == 0 {
		return outNull
	}
	if (s.Agg == ir.AggSum || s.Agg == ir.AggAvg) && s.T.Kind == ir.KindDecimal {
		return decimalAggregate(s, nonNull)
	}
	switch s.Agg {
	case ir.AggSum:
		if s.T.Kind == ir.KindBigint {
			sum := new(big.Int)
			for _, v := range nonNull {
				sum.Add(sum, big.NewInt(v.(int64)))
			}
			if !sum.IsInt64() {
				return ir.Outcome{Err: rt.ErrLongOverflow}
			}
			return ir.Outcome{V: sum.Int64()}
		}
		sum := 0.0
		for _, v := range nonNull {
			sum += v.(float64)
		}
		return ir.Outcome{V: sum}
	case ir.AggAvg:
		sum := 0.0
		for _, v := range nonNull {
			sum += v.(float64)
		}
		return ir.Outcome{V: sum / float64(len(nonNull))}
	case ir.AggMin, ir.AggMax:
		best := nonNull[0]
		for _, v := range nonNull[1:] {
			c := functions.CompareValues(v, best)
			if s.Agg == ir.AggMin && c < 0 || s.Agg == ir.AggMax && c > 0 {
				best = v
			}
		}
		return ir.Outcome{V: best}
	}
	panic("interp: unknown aggregate")
}

// decimalAggregate is sum or avg over the non-NULL DECIMAL values vals (at
// least one), as Spark's Sum and Average with exprc's order-independent
// overflow rule (semantics.md 3.12): the exact sum (math/big here, a
// reference independent of rt.DecimalSum) must fit the sum's type, and avg
// divides it by the count with the DECIMAL division kernel.
func decimalAggregate(s *ir.Settled, vals []any) ir.Outcome {
	sum := new(big.Int)
	for _, v := range vals {
		d := v.(rt.Decimal)
		x := new(big.Int).Lsh(big.NewInt(d.Hi), 64)
		sum.Add(sum, x.Add(x, new(big.Int).SetUint64(d.Lo)))
	}
	vt := s.Value.Type()
	sumP := s.T.P()
	if s.Agg == ir.AggAvg {
		sumP = ir.DecimalSumOf(vt).P()
	}
	if new(big.Int).Abs(sum).Cmp(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(sumP)), nil)) >= 0 {
		return ir.Outcome{Err: rt.ErrDecimalSumOverflow}
	}
	// Below 10^38 < 2^127: the two's-complement words.
	lo := new(big.Int).And(sum, new(big.Int).SetUint64(^uint64(0))).Uint64()
	d := rt.Decimal{Lo: lo, Hi: new(big.Int).Rsh(sum, 64).Int64()}
	if s.Agg == ir.AggSum {
		return ir.Outcome{V: d}
	}
	v, err := rt.DivideDecimal(d, rt.DecimalFromInt64(int64(len(vals))), vt.S(), 0, s.T.S(), s.T.P())
	if err != nil {
		return ir.Outcome{Err: err}
	}
	return ir.Outcome{V: v}
}
