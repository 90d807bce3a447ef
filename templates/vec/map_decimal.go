package vec

import (
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"

	"github.com/exprc/exprc/templates/rt"
)

// MAP items of type DECIMAL: the decimal128 counterparts of ItemInt64,
// CheckedItemInt64, NullableItemInt64 and AppendInt64.

// Dec128 is a decimal128 array value as an rt.Decimal (the same two words).
func Dec128(x decimal128.Num) rt.Decimal { return rt.Decimal{Lo: x.LowBits(), Hi: x.HighBits()} }

// ItemDecimal128 is ItemString for Decimal128 items.
func ItemDecimal128(items *array.Decimal128, j int, bad *Failed) rt.Decimal {
	if j < 0 {
		*bad = true
		return rt.Decimal{}
	}
	return Dec128(items.Value(j))
}

// CheckedItemDecimal128 is ItemDecimal128 for item arrays with NULLs: a NULL
// item sets *bad too.
func CheckedItemDecimal128(items *array.Decimal128, j int, bad *Failed) rt.Decimal {
	if j < 0 || items.IsNull(j) {
		*bad = true
		return rt.Decimal{}
	}
	return Dec128(items.Value(j))
}

// NullableItemDecimal128 is NullableItemInt64 for Decimal128 items.
func NullableItemDecimal128(items *array.Decimal128, j int, bad *Failed) (v rt.Decimal, null bool) {
	if j < 0 {
		*bad = true
		return rt.Decimal{}, false
	}
	if items.IsNull(j) {
		return rt.Decimal{}, true
	}
	return Dec128(items.Value(j)), false
}

// AppendDecimal appends a DECIMAL MAP item (MapArray's appender).
func AppendDecimal(b array.Builder, x rt.Decimal) {
	b.(*array.Decimal128Builder).Append(decimal128.New(x.Hi, x.Lo))
}
