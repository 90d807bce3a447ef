package vec

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/sqltype"
)

// The vec functions of TIMESTAMP and TIMESTAMP_NTZ columns (int64
// microseconds), the kinds' rows of codegen/kinds. Their values compute as
// BIGINT's do: the fail and choose functions are Int64's. (MAP keys and
// values and subquery members of these kinds do not occur: the compiler
// refuses such MAPs and compares subquery keys as BIGINT.)

// ArrowTimestamp and ArrowTimestampNTZ are the Arrow types of TIMESTAMP
// and TIMESTAMP_NTZ columns, for generated code (which imports no sqltype).
var (
	ArrowTimestamp    = sqltype.ArrowTimestamp
	ArrowTimestampNTZ = sqltype.ArrowTimestampNTZ
)

// Timestamps reads a TIMESTAMP or TIMESTAMP_NTZ column without copying its
// values when they are microseconds (the exprc readers give nothing else);
// another unit is converted into a new vector, nanoseconds floored.
func Timestamps(a arrow.Array) Vec[int64] {
	t := a.(*array.Timestamp)
	d := t.TimestampValues()
	v := unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
	unit := t.DataType().(*arrow.TimestampType).Unit
	if unit == arrow.Microsecond {
		return Vec[int64]{V: v, Valid: BitmapOf(a)}
	}
	out := make([]int64, len(v))
	for i, x := range v {
		out[i], _ = MicrosOf(x, unit)
	}
	return Vec[int64]{V: out, Valid: BitmapOf(a)}
}

// MicrosOf converts a timestamp of unit to microseconds
// (sqltype.TimestampMicros).
func MicrosOf(x int64, unit arrow.TimeUnit) (int64, bool) { return sqltype.TimestampMicros(x, unit) }

// TimestampArray builds a TIMESTAMP output column (timestamp[us, tz=UTC])
// of rows sel of v.
func TimestampArray(mem memory.Allocator, v *Vec[int64], sel Sel, n int) arrow.Array {
	return fixed(mem, sqltype.ArrowTimestamp, v, sel, n)
}

// TimestampNTZArray builds a TIMESTAMP_NTZ output column (timestamp[us]).
func TimestampNTZArray(mem memory.Allocator, v *Vec[int64], sel Sel, n int) arrow.Array {
	return fixed(mem, sqltype.ArrowTimestampNTZ, v, sel, n)
}

// AppendTimestamp appends x (microseconds) to a timestamp builder.
func AppendTimestamp(b array.Builder, x int64) {
	b.(*array.TimestampBuilder).Append(arrow.Timestamp(x))
}

// Timestamp appends the instant v to TIMESTAMP column col.
func (b *InputBuilder) Timestamp(col int, v time.Time) {
	us, err := instantMicros(v)
	if err != nil {
		b.fail(col, err)
		return
	}
	b.rb.Field(col).(*array.TimestampBuilder).Append(arrow.Timestamp(us))
}

// TimestampNTZ appends the wall-clock reading of v, in v's own location,
// to TIMESTAMP_NTZ column col: 2024-03-01T23:30:00-05:00 is 23:30.
func (b *InputBuilder) TimestampNTZ(col int, v time.Time) {
	_, off := v.Zone()
	us, err := instantMicros(v.Add(time.Duration(off) * time.Second))
	if err != nil {
		b.fail(col, err)
		return
	}
	b.rb.Field(col).(*array.TimestampBuilder).Append(arrow.Timestamp(us))
}

// instantMicros is v's microseconds since the epoch, floored.
func instantMicros(v time.Time) (int64, error) {
	sec := v.Unix()
	if sec > 9223372036853 || sec < -9223372036853 {
		return 0, fmt.Errorf("timestamp %s is out of the TIMESTAMP range", v.Format(time.RFC3339))
	}
	return sec*1e6 + int64(v.Nanosecond()/1000), nil
}
