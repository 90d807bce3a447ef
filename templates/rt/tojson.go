package rt

import (
	"math"
	"strconv"
)

// to_json over a MAP: Spark's StructsToJson writes the map with
// JacksonGenerator over a default JsonFactory: an object of the entries in
// order, each key its value's toString as a field name, each value as its
// type's writer does, a NULL value as null, no white space.

// AppendJSONKeyString appends a VARCHAR map key as a JSON field name.
func AppendJSONKeyString(b []byte, k string) []byte { return appendJSONString(b, k) }

// AppendJSONKeyInt32 appends an INT map key as a JSON field name ("7").
func AppendJSONKeyInt32(b []byte, k int32) []byte { return AppendJSONKeyInt64(b, int64(k)) }

// AppendJSONKeyInt64 appends a BIGINT map key as a JSON field name ("-7").
func AppendJSONKeyInt64(b []byte, k int64) []byte {
	b = append(b, '"')
	b = strconv.AppendInt(b, k, 10)
	return append(b, '"')
}

// AppendJSONBool appends a BOOLEAN value: true or false.
func AppendJSONBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// AppendJSONInt32 appends an INT value.
func AppendJSONInt32(b []byte, v int32) []byte { return strconv.AppendInt(b, int64(v), 10) }

// AppendJSONInt64 appends a BIGINT value.
func AppendJSONInt64(b []byte, v int64) []byte { return strconv.AppendInt(b, v, 10) }

// AppendJSONDouble appends a DOUBLE value as Jackson's writeNumber(double)
// does: Java's Double.toString (1.0, 1.0E10, -0.0), and NaN, Infinity and
// -Infinity as strings (JsonWriteFeature.WRITE_NAN_AS_STRINGS, on by
// default).
func AppendJSONDouble(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		b = append(b, '"')
		b = append(b, FormatDouble(v)...)
		return append(b, '"')
	}
	return append(b, FormatDouble(v)...)
}

// AppendJSONString appends a VARCHAR value quoted and escaped as Jackson
// writes it (\" \\ \b \t \n \f \r, other control characters \u00XX).
func AppendJSONString(b []byte, v string) []byte { return appendJSONString(b, v) }

// AppendJSONDate appends a DATE value as a string in the default dateFormat
// yyyy-MM-dd (Spark's DateFormatter, as CAST prints a DATE).
func AppendJSONDate(b []byte, d int32) []byte {
	b = append(b, '"')
	b = append(b, FormatDate(d)...)
	return append(b, '"')
}

// JSONDecimalWriter returns the writer of DECIMAL values of scale s: Jackson's
// writeNumber(BigDecimal) is BigDecimal.toString (1.50, 1.0E-7, 0E-10), as
// WRITE_BIGDECIMAL_AS_PLAIN is off by default.
func JSONDecimalWriter(s int) func([]byte, Decimal) []byte {
	return func(b []byte, v Decimal) []byte { return append(b, JavaDecimalString(v, s)...) }
}
