package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Go representation of SQL values, shared by the interpreter, constant folding and
// the kernels of the function registry:
//
//	BOOLEAN bool    INT int32     BIGINT int64    DOUBLE float64
//	VARCHAR string  DATE ir.Date  MAP *ir.MapValue
//
// A NULL is the Go nil. Errors are never values: they travel beside them in an
// Outcome, because by the semantics an error is a per-row outcome of its own.

// Date is a calendar date as days since 1970-01-01, the same number Arrow's date32
// stores, so a batch column converts without arithmetic.
type Date int32

// DateFromYMD builds a Date from a proleptic Gregorian year, month and day. ok is
// false when the fields do not name a real day or the day count overflows int32.
func DateFromYMD(y, m, d int) (Date, bool) {
	if m < 1 || m > 12 || d < 1 || d > daysIn(y, m) || y < -6_000_000 || y > 6_000_000 {
		return 0, false
	}
	days := daysFromCivil(int64(y), int64(m), int64(d))
	if days < math.MinInt32 || days > math.MaxInt32 {
		return 0, false
	}
	return Date(days), true
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysIn(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil counts days since 1970-01-01 in the proleptic Gregorian calendar
// (H. Hinnant's algorithm); plain integer arithmetic, so it has no range limit
// such as time.Duration's 292 years.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// YMD returns the year, month (1-12) and day of month.
func (d Date) YMD() (int, int, int) {
	z := int64(d) + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return int(y), int(m), int(day)
}

// String formats the date as yyyy-mm-dd (years outside 0..9999 get a sign or more
// digits, as Spark prints them).
func (d Date) String() string {
	y, m, dd := d.YMD()
	switch {
	case y < 0:
		return fmt.Sprintf("-%04d-%02d-%02d", -y, m, dd)
	case y > 9999:
		return fmt.Sprintf("+%d-%02d-%02d", y, m, dd)
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, dd)
}

// ParseDate reads yyyy-mm-dd (one- or two-digit month and day accepted, and a
// trailing time part after 'T' or ' ' ignored, as Spark's cast does). ok is false
// on anything else.
func ParseDate(s string) (Date, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "T "); i >= 0 {
		s = s[:i]
	}
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	parts := strings.Split(s, "-")
	if len(parts) < 1 || len(parts) > 3 {
		return 0, false
	}
	nums := [3]int{0, 1, 1}
	for i, p := range parts {
		if p == "" || len(p) > 9 || (i == 0 && len(p) < 4) || (i > 0 && len(p) > 2) {
			return 0, false
		}
		n := 0
		for _, c := range p {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		nums[i] = n
	}
	if neg {
		nums[0] = -nums[0]
	}
	return DateFromYMD(nums[0], nums[1], nums[2])
}

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
type ErrorClass string

// The runtime error classes. docs/semantics.md says which function raises which.
const (
	ErrDivideByZero       ErrorClass = "DIVIDE_BY_ZERO"
	ErrArithmeticOverflow ErrorClass = "ARITHMETIC_OVERFLOW"
	ErrCastInvalidInput   ErrorClass = "CAST_INVALID_INPUT"
	ErrCastOverflow       ErrorClass = "CAST_OVERFLOW"
	ErrMapKeyNotExist     ErrorClass = "MAP_KEY_DOES_NOT_EXIST"
	ErrInvalidPattern     ErrorClass = "INVALID_PARAMETER_VALUE.PATTERN"
	ErrInvalidParameter   ErrorClass = "INVALID_PARAMETER_VALUE"
	ErrDatetimeOverflow   ErrorClass = "DATETIME_OVERFLOW"
)

// EvalError is the error outcome of an expression on one row. It is a value, not a
// panic: it flows upward until an output or the WHERE clause consumes it, and only
// then does the query fail (see QueryError).
type EvalError struct {
	Class ErrorClass
	Msg   string
}

func (e *EvalError) Error() string { return string(e.Class) + ": " + e.Msg }

// Errorf builds an EvalError of a class with a formatted message.
func Errorf(class ErrorClass, format string, args ...any) *EvalError {
	return &EvalError{Class: class, Msg: fmt.Sprintf(format, args...)}
}

// QueryError is the one error a query reports: the error at the lowest input row,
// and within that row the WHERE clause before the first output column in SELECT
// order. Row counts from 0 across the whole input, not the batch.
type QueryError struct {
	Row    int64
	Column string // "WHERE" or the output column's name
	Expr   string // SQL text of the failing clause or column
	Err    *EvalError
}

func (e *QueryError) Error() string {
	return fmt.Sprintf("row %d: %s: %s (in %s)", e.Row, e.Err.Class, e.Err.Msg, e.Column)
}

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
func FormatDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	abs := math.Abs(f)
	if abs >= 1e-3 && abs < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}
