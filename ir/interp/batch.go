package interp

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Eval runs query q over one input batch and returns the output batch, or the
// query's error: an *ir.QueryError for the first failing row (rows counted from
// rowBase, the batch's offset in the whole input), or a plain error when the batch
// does not match the query's input schema or ctx is cancelled.
func Eval(ctx context.Context, q *ir.Query, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
	return EvalShared(ctx, q, nil, in, rowBase, mem)
}

// EvalShared is Eval that evaluates each shared subexpression of share at most
// once per row (share may be nil: every expression as written).
func EvalShared(ctx context.Context, q *ir.Query, share Sharing, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
	return EvalPrepared(ctx, q, share, nil, in, rowBase, mem)
}

// EvalPrepared is EvalShared for a query that reads subqueries: inner holds
// their inner phases (Prepare). It may be nil for a query without subqueries.
func EvalPrepared(ctx context.Context, q *ir.Query, share Sharing, inner *Inner, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
	if len(q.Subqueries) > 0 && inner == nil {
		return nil, fmt.Errorf("query %s reads subqueries: prepare its inner tables first (interp.Prepare)", q.Name)
	}
	if err := checkSchema(in.Schema(), q.Source.Columns); err != nil {
		return nil, fmt.Errorf("query %s: input batch: %w", q.Name, err)
	}
	cols := make([]columnReader, in.NumCols())
	for i := range cols {
		r, err := newColumnReader(in.Column(i))
		if err != nil {
			return nil, fmt.Errorf("query %s: column %q: %w", q.Name, q.Source.Columns[i].Name, err)
		}
		cols[i] = r
	}
	outSchema := ir.ArrowSchema(q.OutputSchema())
	b := array.NewRecordBuilder(mem, outSchema)
	defer b.Release()

	row := &batchRow{cols: cols}
	ev := newEvaluator(share)
	ev.inner = inner
	ev.clock = rt.ClockOf(ctx) // one instant for the whole evaluation
	n := int(in.NumRows())
	for i := 0; i < n; i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		row.i = i
		ev.nextRow()
		if q.Filter != nil {
			o := ev.eval(q.Filter, row)
			if o.Err != nil {
				return nil, &ir.QueryError{Row: rowBase + int64(i), Column: "WHERE", Expr: q.FilterSQL, Err: o.Err}
			}
			if o.V != true {
				continue
			}
		}
		for j, out := range q.Outputs {
			o := ev.eval(out.Expr, row)
			if o.Err != nil {
				return nil, &ir.QueryError{Row: rowBase + int64(i), Column: out.Name, Expr: out.SQL, Err: o.Err}
			}
			if err := AppendValue(b.Field(j), o.V); err != nil {
				return nil, fmt.Errorf("query %s: column %q: %w", q.Name, out.Name, err)
			}
		}
	}
	return b.NewRecordBatch(), nil
}

type batchRow struct {
	cols []columnReader
	i    int
}

func (r *batchRow) Column(i int) any { return r.cols[i](r.i) }

// columnReader returns the Go value of one row of an Arrow column (nil for NULL).
type columnReader func(i int) any

// ColumnReader returns a function that reads row i of a as its Go value (nil for
// NULL), for any Arrow type that an exprc type maps to.
func ColumnReader(a arrow.Array) (func(i int) any, error) { return newColumnReader(a) }

func newColumnReader(a arrow.Array) (columnReader, error) {
	switch a := a.(type) {
	case *array.Boolean:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Int8:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Int16:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Float32:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Int32:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Int64:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Float64:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.String:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.Value(i)
		}, nil
	case *array.Binary:
		// BINARY values are strings holding the bytes (ir.Value)
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return a.ValueString(i)
		}, nil
	case *array.Date32:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return ir.Date(a.Value(i))
		}, nil
	case *array.Timestamp:
		tt := a.DataType().(*arrow.TimestampType)
		ntz := tt.TimeZone == ""
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			us, _ := vec.MicrosOf(int64(a.Value(i)), tt.Unit)
			if ntz {
				return ir.TimestampNTZ(us)
			}
			return ir.Timestamp(us)
		}, nil
	case *array.MonthInterval:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return ir.YMInterval(a.Value(i))
		}, nil
	case *array.Duration:
		if u := a.DataType().(*arrow.DurationType).Unit; u != arrow.Microsecond {
			return nil, fmt.Errorf("duration[%s] column: a DAY-TIME interval is duration[us]", u)
		}
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return ir.DTInterval(a.Value(i))
		}, nil
	case *array.Decimal128:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			v := a.Value(i)
			return rt.Decimal{Lo: v.LowBits(), Hi: v.HighBits()}
		}, nil
	case *array.Decimal64:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return rt.DecimalFromInt64(int64(a.Value(i)))
		}, nil
	case *array.Decimal32:
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			return rt.DecimalFromInt64(int64(a.Value(i)))
		}, nil
	case *array.Map:
		keys, err := newColumnReader(a.Keys())
		if err != nil {
			return nil, err
		}
		items, err := newColumnReader(a.Items())
		if err != nil {
			return nil, err
		}
		return func(i int) any {
			if a.IsNull(i) {
				return nil
			}
			start, end := a.ValueOffsets(i)
			m := &ir.MapValue{}
			for j := int(start); j < int(end); j++ {
				k := keys(j)
				if k == nil {
					continue // Arrow forbids NULL keys; skip rather than crash on bad input
				}
				v := items(j)
				replaced := false
				for x := range m.Keys {
					if m.Keys[x] == k { // duplicate key: last one wins
						m.Values[x] = v
						replaced = true
						break
					}
				}
				if !replaced {
					m.Keys = append(m.Keys, k)
					m.Values = append(m.Values, v)
				}
			}
			return m
		}, nil
	}
	return nil, fmt.Errorf("unsupported Arrow type %s", a.DataType())
}

// AppendValue appends one value (nil for NULL) to an Arrow builder of the
// matching type.
func AppendValue(b array.Builder, v any) error {
	if v == nil {
		b.AppendNull()
		return nil
	}
	switch b := b.(type) {
	case *array.BooleanBuilder:
		b.Append(v.(bool))
	case *array.Int8Builder:
		b.Append(v.(int8))
	case *array.Int16Builder:
		b.Append(v.(int16))
	case *array.Float32Builder:
		b.Append(v.(float32))
	case *array.Int32Builder:
		b.Append(v.(int32))
	case *array.Int64Builder:
		b.Append(v.(int64))
	case *array.Float64Builder:
		b.Append(v.(float64))
	case *array.StringBuilder:
		b.Append(v.(string))
	case *array.BinaryBuilder:
		b.AppendString(v.(string))
	case *array.Date32Builder:
		b.Append(arrow.Date32(v.(ir.Date)))
	case *array.TimestampBuilder:
		switch v := v.(type) {
		case ir.Timestamp:
			b.Append(arrow.Timestamp(v))
		case ir.TimestampNTZ:
			b.Append(arrow.Timestamp(v))
		}
	case *array.MonthIntervalBuilder:
		b.Append(arrow.MonthInterval(v.(ir.YMInterval)))
	case *array.DurationBuilder:
		b.Append(arrow.Duration(v.(ir.DTInterval)))
	case *array.Decimal128Builder:
		d := v.(rt.Decimal)
		b.Append(decimal128.New(d.Hi, d.Lo))
	case *array.MapBuilder:
		m := v.(*ir.MapValue)
		b.Append(true)
		for i := range m.Keys {
			if err := AppendValue(b.KeyBuilder(), m.Keys[i]); err != nil {
				return err
			}
			if err := AppendValue(b.ItemBuilder(), m.Values[i]); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("unsupported output builder %T", b)
	}
	return nil
}

// checkSchema reports whether batch schema s can be read as the columns cols.
// It is the check generated evaluators make (vec.CheckSchema) against the same
// Arrow schema (ir.ArrowSchema), so the interpreter rejects exactly the batches
// they reject, with the same message naming the first column that differs.
func checkSchema(s *arrow.Schema, cols []ir.Column) error {
	return vec.CheckSchema(s, ir.ArrowSchema(cols))
}
