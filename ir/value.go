package ir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/exprc/exprc/templates/rt"
)

// Go representation of SQL values, shared by the interpreter, constant folding and
// the kernels of the function registry:
//
//	BOOLEAN bool    INT int32     BIGINT int64    DOUBLE float64
//	TINYINT int8    SMALLINT int16                FLOAT float32
//	VARCHAR string  DATE ir.Date  MAP *ir.MapValue
//	DECIMAL(p, s) rt.Decimal (the unscaled value; the scale is the type's)
//	TIMESTAMP ir.Timestamp  TIMESTAMP_NTZ ir.TimestampNTZ (int64 microseconds)
//	INTERVAL YEAR ... ir.YMInterval   INTERVAL DAY ... ir.DTInterval
//	BINARY string (its bytes, any bytes)
//
// BINARY is a Go string rather than a []byte: values are immutable like
// Spark's, comparable with == (MAP keys, hash and sorted subquery
// structures), ordered by Go's < exactly as Spark's ByteArray.compareBinary
// orders them (unsigned bytes, then length), and every VARCHAR kernel that
// works on bytes (substring by bytes, concat, the digests) serves BINARY
// unchanged. Generated code holds BINARY columns as string views of the
// Arrow buffers, as it holds VARCHAR, without copying.
//
// A NULL is the Go nil. Errors are never values: they travel beside them in an
// Outcome, because by the semantics an error is a per-row outcome of its own.

// Date is a calendar date as days since 1970-01-01, the same number Arrow's date32
// stores, so a batch column converts without arithmetic.
type Date int32

// DateFromYMD builds a Date from a proleptic Gregorian year, month and day. ok is
// false when the fields do not name a real day or the day count overflows int32.
func DateFromYMD(y, m, d int) (Date, bool) {
	r, ok := rt.DateFromYMD(y, m, d)
	return Date(r), ok
}

// YMD returns the year, month (1-12) and day of month.
func (d Date) YMD() (int, int, int) { return rt.YMD(int32(d)) }

// String formats the date as yyyy-mm-dd (years outside 0..9999 get a sign or more
// digits, as Spark prints them).
func (d Date) String() string { return rt.FormatDate(int32(d)) }

// ParseDate reads yyyy-mm-dd (one- or two-digit month and day accepted, and a
// trailing time part after 'T' or ' ' ignored, as Spark's cast does). ok is false
// on anything else.
func ParseDate(s string) (Date, bool) {
	r, ok := rt.ParseDate(s)
	return Date(r), ok
}

// Timestamp is a TIMESTAMP (TIMESTAMP_LTZ) value, an instant: microseconds
// since 1970-01-01 00:00:00 UTC, the number Arrow's timestamp[us, tz=UTC]
// stores. It is a type of its own, not int64, so a value says its SQL type
// (a BIGINT and a TIMESTAMP of one number are different values).
type Timestamp int64

// String writes the instant as its UTC reading, yyyy-MM-dd HH:mm:ss[.f]
// (the text of a CAST in a query is in the session zone instead).
func (t Timestamp) String() string { return rt.FormatTimestampNTZ(int64(t)) }

// TimestampNTZ is a TIMESTAMP_NTZ value, a wall-clock reading: microseconds
// since 1970-01-01 00:00:00 on the proleptic Gregorian calendar, with no
// zone (Arrow's timestamp[us]).
type TimestampNTZ int64

// String writes the reading as yyyy-MM-dd HH:mm:ss[.f].
func (t TimestampNTZ) String() string { return rt.FormatTimestampNTZ(int64(t)) }

// YMInterval is a YEAR-MONTH interval value: a count of months (Arrow's
// month_interval). A type of its own, like Date, so that a value is never
// taken for an INT; the fields of its SQL type are not part of it.
type YMInterval int32

// DTInterval is a DAY-TIME interval value: a count of microseconds (Arrow's
// duration[us]).
type DTInterval int64

// MapValue is a MAP value: keys in insertion order, no NULL keys, no duplicate
// keys (the last one wins when a map is built from input data, as in Spark's
// LAST_WIN policy). A value may be nil (NULL).
type MapValue struct {
	Keys   []any
	Values []any
}

// Lookup returns the value under key and whether the key is present. The key must
// already have the map's key type.
func (m *MapValue) Lookup(key any) (any, bool) {
	for i, k := range m.Keys {
		if k == key {
			return m.Values[i], true
		}
	}
	return nil, false
}

// ErrorClass names a runtime error the way Spark does, so users can search for it.
// It is a plain string, shared with the generated code's runtime (package rt).
type ErrorClass = string

// The runtime error classes. docs/semantics.md says which function raises which.
const (
	ErrDivideByZero       = rt.DivideByZero
	ErrArithmeticOverflow = rt.ArithmeticOverflow
	// ErrBinaryArithmeticOverflow and ErrUnaryMinusOverflow are the TINYINT
	// and SMALLINT overflows, which Spark names apart from the others.
	ErrBinaryArithmeticOverflow = rt.BinaryArithmeticOverflow
	ErrUnaryMinusOverflow       = rt.UnaryMinusOverflow
	ErrCastInvalidInput         = rt.CastInvalidInput
	ErrCastOverflow             = rt.CastOverflow
	ErrMapKeyNotExist           = rt.MapKeyNotExist
	ErrInvalidPattern           = rt.InvalidPattern
	ErrInvalidParameter         = rt.InvalidParameter
	ErrDatetimeOverflow         = rt.DatetimeOverflow
)

// EvalError is the error outcome of an expression on one row. It is a value, not a
// panic: it flows upward until an output or the WHERE clause consumes it, and only
// then does the query fail (see QueryError). It is the runtime's error type, so
// the interpreter and generated code share it; its message is built lazily by
// Message.
type EvalError = rt.Error

// Errorf builds an EvalError of a class with a formatted message.
func Errorf(class ErrorClass, format string, args ...any) *EvalError {
	return rt.NewError(class, fmt.Sprintf(format, args...))
}

// QueryError is the one error a query reports: the error at the lowest input row,
// and within that row the WHERE clause before the first output column in SELECT
// order. It is the same type generated evaluators return (rt.QueryError, which
// they name vec.QueryError), so every engine reports errors alike.
type QueryError = rt.QueryError

// Outcome is what an expression gives on one row: a value, NULL (V == nil and Err
// == nil) or an error.
type Outcome struct {
	V   any
	Err *EvalError
}

// IsNull reports whether the outcome is NULL (not an error).
func (o Outcome) IsNull() bool { return o.V == nil && o.Err == nil }

// FormatValue prints a value as SQL would show it in text: NULL, TRUE/FALSE as
// true/false, dates as yyyy-mm-dd, doubles the way Spark casts them to VARCHAR.
func FormatValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case bool:
		if v {
			return "true"
		}
		return "false"
	case int8:
		return strconv.FormatInt(int64(v), 10)
	case int16:
		return strconv.FormatInt(int64(v), 10)
	case float32:
		return rt.FormatFloat(v)
	case int32:
		return strconv.FormatInt(int64(v), 10)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return FormatDouble(v)
	case string:
		return v
	case Date:
		return v.String()
	case Timestamp:
		return v.String()
	case TimestampNTZ:
		return v.String()
	case YMInterval:
		return rt.FormatYMInterval(int32(v), FieldYear, FieldMonth)
	case DTInterval:
		return rt.FormatDTInterval(int64(v), FieldDay, FieldSecond)
	case *MapValue:
		var b strings.Builder
		b.WriteByte('{')
		for i := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(FormatValue(v.Keys[i]))
			b.WriteString(" -> ")
			b.WriteString(FormatValue(v.Values[i]))
		}
		b.WriteByte('}')
		return b.String()
	}
	return fmt.Sprintf("%v", v)
}

// FormatDouble prints a DOUBLE the way Spark (Java's Double.toString) does:
// "1.0", "0.001", "1.0E7", "1.2345E-4", "NaN", "Infinity", "-Infinity".
func FormatDouble(f float64) string { return rt.FormatDouble(f) }
