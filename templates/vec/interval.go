package vec

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The vec functions of the interval kinds' rows of codegen/kinds: a
// YEAR-MONTH interval column is Arrow's month_interval (int32 months) and a
// DAY-TIME one duration[us] (int64 microseconds), read and written in place
// as the int32 and int64 vectors the INT and BIGINT code uses.

// MonthIntervals reads a YEAR-MONTH interval column without copying its
// values.
func MonthIntervals(a arrow.Array) Vec[int32] {
	d := a.(*array.MonthInterval).MonthIntervalValues()
	v := unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
	return Vec[int32]{V: v, Valid: BitmapOf(a)}
}

// Durations reads a DAY-TIME interval column (duration[us]) without
// copying its values.
func Durations(a arrow.Array) Vec[int64] {
	d := a.(*array.Duration).DurationValues()
	v := unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
	return Vec[int64]{V: v, Valid: BitmapOf(a)}
}

// MonthIntervalArray builds the output column of rows sel of v.
func MonthIntervalArray(mem memory.Allocator, v *Vec[int32], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.FixedWidthTypes.MonthInterval, v, sel, n)
}

// DurationArray builds the output column of rows sel of v (duration[us]).
func DurationArray(mem memory.Allocator, v *Vec[int64], sel Sel, n int) arrow.Array {
	return fixed(mem, arrow.FixedWidthTypes.Duration_us, v, sel, n)
}

// AppendMonthInterval appends x months to a MonthInterval builder.
func AppendMonthInterval(b array.Builder, x int32) {
	b.(*array.MonthIntervalBuilder).Append(arrow.MonthInterval(x))
}

// AppendDuration appends x microseconds to a Duration builder.
func AppendDuration(b array.Builder, x int64) { b.(*array.DurationBuilder).Append(arrow.Duration(x)) }

// MonthInterval appends v months to YEAR-MONTH interval column col.
func (b *InputBuilder) MonthInterval(col int, v int32) {
	b.rb.Field(col).(*array.MonthIntervalBuilder).Append(arrow.MonthInterval(v))
}

// Duration appends v microseconds to DAY-TIME interval column col.
func (b *InputBuilder) Duration(col int, v int64) {
	b.rb.Field(col).(*array.DurationBuilder).Append(arrow.Duration(v))
}
