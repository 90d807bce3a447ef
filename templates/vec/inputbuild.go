package vec

import (
	"fmt"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// InputBuilder builds record batches of one table's input schema a value at
// a time, converting Go values to the Arrow types the generated evaluators
// expect (DATE from a time.Time, DECIMAL from exact text, MAP from key and
// value slices). The typed builders exprc generates per table
// (NewOrdersInputBuilder) wrap it, so a caller never picks an Arrow type or
// builder; its methods take the column's position and trust the caller to
// give that column's Go type, which the generated wrappers guarantee.
//
// A value that cannot be converted (malformed decimal text, a date out of
// range, a MAP with a duplicate key) does not panic: the builder keeps the
// first such error, with its row and column, and NewRecordBatch returns it.
type InputBuilder struct {
	table string
	rb    *array.RecordBuilder
	err   *InputError
}

// InputError is a value an InputBuilder could not append: Row counts from 0
// within the batch being built, Column is the SQL column name.
type InputError struct {
	Table  string
	Row    int
	Column string
	Err    error
}

func (e *InputError) Error() string {
	return fmt.Sprintf("table %s: row %d, column %s: %v", e.Table, e.Row, e.Column, e.Err)
}

// Unwrap returns the conversion error (an *rt.Error for decimal text, with
// its class).
func (e *InputError) Unwrap() error { return e.Err }

// NewInputBuilder starts a builder of batches of schema, the input schema of
// table (named in errors).
func NewInputBuilder(mem memory.Allocator, table string, schema *arrow.Schema) *InputBuilder {
	return &InputBuilder{table: table, rb: array.NewRecordBuilder(mem, schema)}
}

// fail records the first failed value of the batch; the column gets a NULL
// so that the row count stays aligned (the batch is never returned).
func (b *InputBuilder) fail(col int, err error) {
	f := b.rb.Field(col)
	if b.err == nil {
		b.err = &InputError{Table: b.table, Row: f.Len(), Column: b.rb.Schema().Field(col).Name, Err: err}
	}
	f.AppendNull()
}

// Null appends a NULL to column col.
func (b *InputBuilder) Null(col int) { b.rb.Field(col).AppendNull() }

// Bool appends v to BOOLEAN column col.
func (b *InputBuilder) Bool(col int, v bool) { b.rb.Field(col).(*array.BooleanBuilder).Append(v) }

// Int32 appends v to INT column col.
func (b *InputBuilder) Int32(col int, v int32) { b.rb.Field(col).(*array.Int32Builder).Append(v) }

// Int64 appends v to BIGINT column col.
func (b *InputBuilder) Int64(col int, v int64) { b.rb.Field(col).(*array.Int64Builder).Append(v) }

// Float64 appends v to DOUBLE column col.
func (b *InputBuilder) Float64(col int, v float64) {
	b.rb.Field(col).(*array.Float64Builder).Append(v)
}

// String appends v to VARCHAR column col.
func (b *InputBuilder) String(col int, v string) { b.rb.Field(col).(*array.StringBuilder).Append(v) }

// Date appends the calendar day of v, in v's own location, to DATE column
// col: 2024-03-01T23:30:00-05:00 is 2024-03-01, whatever the day in UTC.
func (b *InputBuilder) Date(col int, v time.Time) {
	d, err := dateOf(v)
	if err != nil {
		b.fail(col, err)
		return
	}
	b.rb.Field(col).(*array.Date32Builder).Append(arrow.Date32(d))
}

// Decimal appends the value of text to DECIMAL(p, s) column col, read as
// CAST(text AS DECIMAL(p, s)) reads it (and as the CSV and JSON readers of
// exprc run do): '12.5', '-0.25', '1e3'; more fractional digits than s are
// rounded HALF_UP; text that is malformed or out of range is an error.
func (b *InputBuilder) Decimal(col int, text string) {
	db := b.rb.Field(col).(*array.Decimal128Builder)
	d, err := decimalOf(text, db.Type().(*arrow.Decimal128Type))
	if err != nil {
		b.fail(col, err)
		return
	}
	db.Append(d)
}

// AppendMapInput appends the map with entries keys[i] -> values[i] to MAP
// column col of b, in that order. K and V are the Go types of the map's key
// and value types as the builder's scalar methods take them (string, int64,
// int32, float64, bool; time.Time for DATE values; decimal text for DECIMAL
// values). keys and values must have the same length and the keys must be
// distinct (SQL maps have unique keys); an empty map is a map, not a NULL
// (use Null).
func AppendMapInput[K comparable, V any](b *InputBuilder, col int, keys []K, values []V) {
	mb := b.rb.Field(col).(*array.MapBuilder)
	if len(keys) != len(values) {
		b.fail(col, fmt.Errorf("%d keys but %d values", len(keys), len(values)))
		return
	}
	seen := make(map[K]struct{}, len(keys))
	for _, k := range keys {
		if _, dup := seen[k]; dup {
			b.fail(col, fmt.Errorf("duplicate map key %v", k))
			return
		}
		seen[k] = struct{}{}
	}
	// Convert every value first, so a failed one leaves no half-built map.
	items := make([]any, len(values))
	vt := mb.ItemBuilder().Type()
	for i, v := range values {
		x, err := itemOf(any(v), vt)
		if err != nil {
			b.fail(col, fmt.Errorf("value of key %v: %w", keys[i], err))
			return
		}
		items[i] = x
	}
	mb.Append(true)
	kb, ib := mb.KeyBuilder(), mb.ItemBuilder()
	for i, k := range keys {
		appendItem(kb, any(k))
		appendItem(ib, items[i])
	}
}

// itemOf converts a map value given as its builder-method Go type to the
// value appendItem writes into an Arrow builder of type t.
func itemOf(v any, t arrow.DataType) (any, error) {
	switch t := t.(type) {
	case *arrow.Date32Type:
		d, err := dateOf(v.(time.Time))
		return arrow.Date32(d), err
	case *arrow.Decimal128Type:
		return decimalOf(v.(string), t)
	}
	return v, nil
}

// appendItem appends v, of the Go type of builder b's values, to b.
func appendItem(b array.Builder, v any) {
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
	case *array.Date32Builder:
		b.Append(v.(arrow.Date32))
	case *array.TimestampBuilder:
		b.Append(arrow.Timestamp(v.(int64)))
	case *array.Decimal128Builder:
		b.Append(v.(decimal128.Num))
	default:
		panic(fmt.Sprintf("vec: no input conversion for %s", b.Type()))
	}
}

// dateOf is the DATE of v's calendar day in its location.
func dateOf(v time.Time) (int32, error) {
	y, m, d := v.Date()
	days, ok := rt.DateFromYMD(y, int(m), d)
	if !ok {
		return 0, fmt.Errorf("date %s is out of the DATE range", v.Format(time.DateOnly))
	}
	return days, nil
}

// decimalOf reads text as a value of DECIMAL type t.
func decimalOf(text string, t *arrow.Decimal128Type) (decimal128.Num, error) {
	d, e := rt.CastStringToDecimal(text, int(t.Scale), int(t.Precision))
	if e != nil {
		return decimal128.Num{}, e
	}
	return decimal128.New(d.Hi, d.Lo), nil
}

// NewRecordBatch returns the rows appended since the last call as one batch
// and starts the next one. Every column must have had one value (or NULL)
// per row: a row missing a column's value, or a value that could not be
// converted, is an *InputError, and the rows appended are dropped.
func (b *InputBuilder) NewRecordBatch() (arrow.RecordBatch, error) {
	err := b.err
	b.err = nil
	if err == nil {
		err = b.checkRows()
	}
	if err != nil {
		for _, f := range b.rb.Fields() {
			f.NewArray().Release()
		}
		return nil, err
	}
	return b.rb.NewRecordBatch(), nil
}

// checkRows reports the first column with fewer values than the longest one.
func (b *InputBuilder) checkRows() *InputError {
	rows, longest := 0, 0
	for i, f := range b.rb.Fields() {
		if f.Len() > rows {
			rows, longest = f.Len(), i
		}
	}
	s := b.rb.Schema()
	for i, f := range b.rb.Fields() {
		if f.Len() < rows {
			return &InputError{Table: b.table, Row: f.Len(), Column: s.Field(i).Name,
				Err: fmt.Errorf("no value appended (column %s has %d rows, this one %d)", s.Field(longest).Name, rows, f.Len())}
		}
	}
	return nil
}

// Release frees the builder's buffers, with the rows not yet returned.
func (b *InputBuilder) Release() { b.rb.Release() }
