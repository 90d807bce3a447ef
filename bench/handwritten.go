package bench

// Hand-written evaluators: what a skilled engineer would write for exactly one
// query, directly over the Arrow buffers, with the semantics of exprc (and so
// the same results as the generated code and the interpreter, which
// equal_test.go checks). Each one validates the input schema, specialises the
// common case (no NULLs in the columns it reads) into a tight loop, fuses the
// WHERE clause and the projection into one pass, builds its output with
// memory.Allocator builders (reserved up front, then appended without
// bounds-growing checks), and reports a failing row as exprc does: a
// *vec.QueryError for the lowest failing row.

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Output schemas of the hand-written evaluators (the same as the generated ones;
// equal_test.go checks).
var (
	q1Schema = arrow.NewSchema([]arrow.Field{
		{Name: "l_returnflag", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l_linestatus", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l_quantity", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "l_extendedprice", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "disc_price", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "charge", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	}, nil)
	q6Schema = arrow.NewSchema([]arrow.Field{
		{Name: "revenue", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	}, nil)
	seedIfSchema = arrow.NewSchema([]arrow.Field{
		{Name: "bucket", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	}, nil)
	seedCaseSchema = arrow.NewSchema([]arrow.Field{
		{Name: "label", Type: arrow.BinaryTypes.String, Nullable: true},
	}, nil)
)

// Date constants of the queries, in days since the epoch.
const (
	date19980902 = 10471
	date19940101 = 8766
	date19950101 = 9131
)

// checkInput validates the batch's schema (names and types) and the NOT NULL
// column, as the generated code does.
func checkInput(in arrow.RecordBatch, want *arrow.Schema, notNull int) error {
	if err := vec.CheckSchema(in.Schema(), want); err != nil {
		return err
	}
	return vec.NotNull(in.Column(notNull), want.Field(notNull).Name)
}

// batch assembles the output record batch and releases the builders' arrays.
func batch(schema *arrow.Schema, cols ...arrow.Array) arrow.RecordBatch {
	out := array.NewRecordBatch(schema, cols, int64(cols[0].Len()))
	for _, c := range cols {
		c.Release()
	}
	return out
}

// stringBuilder returns a string builder reserved for n values of the bytes of
// the whole of src (an upper bound for any subset of its rows).
func stringBuilder(mem memory.Allocator, src *array.String, n int) *array.StringBuilder {
	b := array.NewStringBuilder(mem)
	b.Reserve(n)
	b.ReserveData(dataLen(src))
	return b
}

// dataLen is the number of value bytes of src.
func dataLen(src *array.String) int {
	offs := src.ValueOffsets()
	return int(offs[len(offs)-1] - offs[0])
}

func float64Builder(mem memory.Allocator, n int) *array.Float64Builder {
	b := array.NewFloat64Builder(mem)
	b.Reserve(n)
	return b
}

// appendString appends row i of src (NULL or value) to b.
func appendString(b *array.StringBuilder, src *array.String, i int) {
	if src.IsNull(i) {
		b.AppendNull()
	} else {
		b.Append(src.Value(i))
	}
}

// HandQ1Projection is Q1Projection by hand: one pass that tests the shipdate and
// appends the passing row's six outputs.
func HandQ1Projection(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q1Projection: %w", err)
	}
	n := int(in.NumRows())
	qty := in.Column(4).(*array.Float64)
	price := in.Column(5).(*array.Float64)
	disc := in.Column(6).(*array.Float64)
	tax := in.Column(7).(*array.Float64)
	flag := in.Column(8).(*array.String)
	status := in.Column(9).(*array.String)
	ship := in.Column(10).(*array.Date32)
	qv, pv, dv, tv := qty.Float64Values()[:n], price.Float64Values()[:n], disc.Float64Values()[:n], tax.Float64Values()[:n]
	sv := ship.Date32Values()[:n]

	flagB, statusB := stringBuilder(mem, flag, n), stringBuilder(mem, status, n)
	qtyB, priceB, discB, chargeB := float64Builder(mem, n), float64Builder(mem, n), float64Builder(mem, n), float64Builder(mem, n)
	defer func() {
		for _, b := range []array.Builder{flagB, statusB, qtyB, priceB, discB, chargeB} {
			b.Release()
		}
	}()

	if ship.NullN()+qty.NullN()+price.NullN()+disc.NullN()+tax.NullN()+flag.NullN()+status.NullN() == 0 {
		for i := range sv {
			if sv[i] > date19980902 {
				continue
			}
			flagB.Append(flag.Value(i))
			statusB.Append(status.Value(i))
			qtyB.UnsafeAppend(qv[i])
			p := pv[i]
			priceB.UnsafeAppend(p)
			dp := p * (1 - dv[i])
			discB.UnsafeAppend(dp)
			chargeB.UnsafeAppend(dp * (1 + tv[i]))
		}
	} else {
		for i := range sv {
			if ship.IsNull(i) || sv[i] > date19980902 {
				continue
			}
			appendString(flagB, flag, i)
			appendString(statusB, status, i)
			if qty.IsValid(i) {
				qtyB.UnsafeAppend(qv[i])
			} else {
				qtyB.UnsafeAppendBoolToBitmap(false)
			}
			p := pv[i]
			pOK, dOK := price.IsValid(i), disc.IsValid(i)
			if pOK {
				priceB.UnsafeAppend(p)
			} else {
				priceB.UnsafeAppendBoolToBitmap(false)
			}
			if !pOK || !dOK {
				discB.UnsafeAppendBoolToBitmap(false)
				chargeB.UnsafeAppendBoolToBitmap(false)
				continue
			}
			dp := p * (1 - dv[i])
			discB.UnsafeAppend(dp)
			if tax.IsValid(i) {
				chargeB.UnsafeAppend(dp * (1 + tv[i]))
			} else {
				chargeB.UnsafeAppendBoolToBitmap(false)
			}
		}
	}
	return batch(q1Schema, flagB.NewArray(), statusB.NewArray(), qtyB.NewArray(), priceB.NewArray(), discB.NewArray(), chargeB.NewArray()), nil
}

// HandQ1NoWhere is Q1Projection without the WHERE: the four columns it passes
// through are the input arrays themselves (zero copy), and the two computed ones
// are one loop each.
func HandQ1NoWhere(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q1NoWhere: %w", err)
	}
	n := int(in.NumRows())
	price := in.Column(5).(*array.Float64)
	disc := in.Column(6).(*array.Float64)
	tax := in.Column(7).(*array.Float64)
	pv, dv, tv := price.Float64Values()[:n], disc.Float64Values()[:n], tax.Float64Values()[:n]

	discB, chargeB := float64Builder(mem, n), float64Builder(mem, n)
	defer discB.Release()
	defer chargeB.Release()
	if price.NullN()+disc.NullN()+tax.NullN() == 0 {
		for i := range pv {
			dp := pv[i] * (1 - dv[i])
			discB.UnsafeAppend(dp)
			chargeB.UnsafeAppend(dp * (1 + tv[i]))
		}
	} else {
		for i := range pv {
			if price.IsNull(i) || disc.IsNull(i) {
				discB.UnsafeAppendBoolToBitmap(false)
				chargeB.UnsafeAppendBoolToBitmap(false)
				continue
			}
			dp := pv[i] * (1 - dv[i])
			discB.UnsafeAppend(dp)
			if tax.IsValid(i) {
				chargeB.UnsafeAppend(dp * (1 + tv[i]))
			} else {
				chargeB.UnsafeAppendBoolToBitmap(false)
			}
		}
	}
	cols := []arrow.Array{in.Column(8), in.Column(9), in.Column(4), in.Column(5)}
	for _, c := range cols {
		c.Retain()
	}
	return batch(q1Schema, append(cols, discB.NewArray(), chargeB.NewArray())...), nil
}

// HandQ6Filter is Q6Filter by hand: one pass testing the four conjuncts (a NULL
// operand makes the row fail the WHERE) and appending the revenue.
func HandQ6Filter(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q6Filter: %w", err)
	}
	n := int(in.NumRows())
	qty := in.Column(4).(*array.Float64)
	price := in.Column(5).(*array.Float64)
	disc := in.Column(6).(*array.Float64)
	ship := in.Column(10).(*array.Date32)
	qv, pv, dv := qty.Float64Values()[:n], price.Float64Values()[:n], disc.Float64Values()[:n]
	sv := ship.Date32Values()[:n]

	revB := array.NewFloat64Builder(mem)
	defer revB.Release()
	revB.Reserve(n / 16) // Q6 keeps about 2% of lineitem; Append grows if needed
	if ship.NullN()+qty.NullN()+price.NullN()+disc.NullN() == 0 {
		for i := range sv {
			s, d := sv[i], dv[i]
			if s >= date19940101 && s < date19950101 && d >= 0.05 && d <= 0.07 && qv[i] < 24 {
				revB.Append(pv[i] * d)
			}
		}
	} else {
		for i := range sv {
			s, d := sv[i], dv[i]
			if s >= date19940101 && s < date19950101 && d >= 0.05 && d <= 0.07 && qv[i] < 24 &&
				ship.IsValid(i) && disc.IsValid(i) && qty.IsValid(i) {
				if price.IsValid(i) {
					revB.Append(pv[i] * d)
				} else {
					revB.AppendNull()
				}
			}
		}
	}
	return batch(q6Schema, revB.NewArray()), nil
}

// seedIfText is the SQL of SeedIf's column, as the error names it.
const seedIfText = "IF(x > y, a + 5, (a + 5) DIV 100)"

// HandSeedIf is SeedIf by hand: a + 5 is computed once per row (both branches
// need it) with its overflow check, then the condition picks it or its DIV 100;
// a NULL condition takes the ELSE branch.
func HandSeedIf(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, EventsSchema, 2); err != nil {
		return nil, fmt.Errorf("query SeedIf: %w", err)
	}
	n := int(in.NumRows())
	x := in.Column(0).(*array.Int64)
	y := in.Column(1).(*array.Int64)
	xv, yv := x.Int64Values()[:n], y.Int64Values()[:n]
	av := in.Column(2).(*array.Int64).Int64Values()[:n]

	b := array.NewInt64Builder(mem)
	defer b.Release()
	b.Reserve(n)
	overflow := func(i int) error {
		return &vec.QueryError{Row: int64(i), Column: "bucket", Expr: seedIfText, Err: rt.ErrLongOverflow}
	}
	if x.NullN()+y.NullN() == 0 {
		for i := range av {
			a := av[i]
			if a > math.MaxInt64-5 {
				return nil, overflow(i)
			}
			if s := a + 5; xv[i] > yv[i] {
				b.UnsafeAppend(s)
			} else {
				b.UnsafeAppend(s / 100)
			}
		}
	} else {
		for i := range av {
			a := av[i]
			if a > math.MaxInt64-5 {
				return nil, overflow(i)
			}
			if s := a + 5; x.IsValid(i) && y.IsValid(i) && xv[i] > yv[i] {
				b.UnsafeAppend(s)
			} else {
				b.UnsafeAppend(s / 100)
			}
		}
	}
	return batch(seedIfSchema, b.NewArray()), nil
}

// seedCaseText is the SQL of SeedCase's column, as the error names it.
const seedCaseText = "CASE WHEN info['test'] LIKE '123%' THEN 'FOO'\n" +
	"            WHEN info['test'] LIKE '124%' THEN 'BAR'\n" +
	"            WHEN info['test'] LIKE '125%' THEN 'BAZ'\n" +
	"            ELSE info['test'] END"

// HandSeedCase is SeedCase by hand: info['test'] is looked up once per row (the
// last entry wins when the key repeats; a missing key fails the row, a NULL map
// or value gives NULL) and its prefix picks the label.
func HandSeedCase(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, EventsSchema, 2); err != nil {
		return nil, fmt.Errorf("query SeedCase: %w", err)
	}
	n := int(in.NumRows())
	info := in.Column(3).(*array.Map)
	keys := info.Keys().(*array.String)
	items := info.Items().(*array.String)
	offs := info.Offsets()[info.Data().Offset():][:n+1]

	b := array.NewStringBuilder(mem)
	defer b.Release()
	b.Reserve(n)
	b.ReserveData(dataLen(items))
	for i := range n {
		if info.IsNull(i) {
			b.AppendNull()
			continue
		}
		start, j := int(offs[i]), int(offs[i+1])-1
		for j >= start && keys.Value(j) != "test" {
			j--
		}
		if j < start {
			return nil, &vec.QueryError{Row: int64(i), Column: "label", Expr: seedCaseText, Err: rt.MapKeyNotExistString("test")}
		}
		if items.IsNull(j) {
			b.AppendNull()
			continue
		}
		switch v := items.Value(j); {
		case strings.HasPrefix(v, "123"):
			b.Append("FOO")
		case strings.HasPrefix(v, "124"):
			b.Append("BAR")
		case strings.HasPrefix(v, "125"):
			b.Append("BAZ")
		default:
			b.Append(v)
		}
	}
	return batch(seedCaseSchema, b.NewArray()), nil
}
