package shapes

import (
	"math"
	"math/rand"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Schema is the Arrow schema of table w.
var Schema = arrow.NewSchema([]arrow.Field{
	{Name: "r", Type: arrow.PrimitiveTypes.Int64},
	{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "b", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "c", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "p", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "q", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

// nullRates are the per-column NULL rates a data set draws from.
var nullRates = []float64{0, 0, 0.1, 0.25, 0.5, 0.9, 1}

// Data returns a batch of table w with rows rows generated from seed: r is the
// row index; a, b and c mix zeros, -1, small values and the BIGINT extremes;
// p and q are random booleans; s holds numbers, non-numbers and out-of-range
// numbers (CAST(s AS BIGINT) fails on some). Each column has its own NULL rate
// between 0 and 100%.
func Data(seed int64, rows int, mem memory.Allocator) arrow.RecordBatch {
	rnd := rand.New(rand.NewSource(mix(seed, -7)))
	b := array.NewRecordBuilder(mem, Schema)
	defer b.Release()
	rate := func() float64 { return nullRates[rnd.Intn(len(nullRates))] }
	r := b.Field(0).(*array.Int64Builder)
	for i := range rows {
		r.Append(int64(i))
	}
	for j := 1; j <= 3; j++ {
		col := b.Field(j).(*array.Int64Builder)
		nr := rate()
		small := 1 + rnd.Intn(20) // the range of small values of this column
		for range rows {
			if rnd.Float64() < nr {
				col.AppendNull()
				continue
			}
			var v int64
			switch x := rnd.Intn(20); {
			case x < 3:
				v = 0
			case x < 5:
				v = -1
			case x < 14:
				v = int64(rnd.Intn(2*small+1) - small)
			case x < 15:
				v = math.MaxInt64
			case x < 16:
				v = math.MinInt64
			case x < 17:
				v = math.MaxInt64 - int64(rnd.Intn(3))
			case x < 18:
				v = math.MinInt64 + int64(rnd.Intn(3))
			default:
				v = rnd.Int63n(1<<40) - 1<<39
			}
			col.Append(v)
		}
	}
	for j := 4; j <= 5; j++ {
		col := b.Field(j).(*array.BooleanBuilder)
		nr := rate()
		for range rows {
			if rnd.Float64() < nr {
				col.AppendNull()
			} else {
				col.Append(rnd.Intn(2) == 0)
			}
		}
	}
	s := b.Field(6).(*array.StringBuilder)
	nr := rate()
	strs := []string{"a", "b", "", "0", "1", "-1", "3", "10", "x", "9223372036854775807", "9223372036854775808", " 7", "1.5"}
	for range rows {
		if rnd.Float64() < nr {
			s.AppendNull()
		} else {
			s.Append(strs[rnd.Intn(len(strs))])
		}
	}
	return b.NewRecordBatch()
}
