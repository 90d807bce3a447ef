package rt

import (
	"strconv"
	"strings"
)

// The runtime error classes, named as Spark names them.
const (
	DivideByZero       = "DIVIDE_BY_ZERO"
	ArithmeticOverflow = "ARITHMETIC_OVERFLOW"
	// BinaryArithmeticOverflow is TINYINT or SMALLINT +, - or * leaving its
	// type (Spark's ByteExactNumeric and ShortExactNumeric).
	BinaryArithmeticOverflow = "BINARY_ARITHMETIC_OVERFLOW"
	// UnaryMinusOverflow is negating (or abs of) the smallest TINYINT or
	// SMALLINT: Spark 4.0 still raises it under its legacy class name.
	UnaryMinusOverflow = "_LEGACY_ERROR_TEMP_2043"
	CastInvalidInput   = "CAST_INVALID_INPUT"
	CastOverflow       = "CAST_OVERFLOW"
	MapKeyNotExist     = "MAP_KEY_DOES_NOT_EXIST"
	InvalidPattern     = "INVALID_PARAMETER_VALUE.PATTERN"
	InvalidParameter   = "INVALID_PARAMETER_VALUE"
	DatetimeOverflow   = "DATETIME_OVERFLOW"
	InvalidGroupIndex  = "INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX"
	// NumericValueOutOfRange is a DECIMAL result or cast that does not fit
	// its type's precision.
	NumericValueOutOfRange = "NUMERIC_VALUE_OUT_OF_RANGE"
)

// Error is the error outcome of an expression on one row: a value, not a panic.
// Its message is built only when asked for (Message, Error), because generated
// code may create many errors (under TRY, or on rows after the first failing
// one) and reports at most one: an Error stores the raw data of its message.
// Errors are immutable once built, and comparable with == (equal data, equal
// message); the package-level Err* values are shared and must not be modified.
type Error struct {
	// Class is one of the class constants (DivideByZero, ...).
	Class string

	kind msgKind // how Message builds the text from the fields below
	s1   string  // the message itself for msgText
	s2   string
	s3   string
	i    int64
	f    float64
}

// msgKind selects the message template of an Error.
type msgKind uint8

const (
	msgText                 msgKind = iota // s1 is the message
	msgCastInvalid                         // s1 value, s2 target type
	msgCastOverflowInt                     // i value (BIGINT), s2 target type
	msgCastOverflowDbl                     // f value (DOUBLE), s2 target type
	msgMapKeyString                        // s1 key
	msgMapKeyInt                           // i key
	msgMapKeyDouble                        // f key
	msgMapKeyDate                          // i key (days)
	msgLikePattern                         // s1 pattern, s2 reason
	msgLikeEscape                          // s1 escape
	msgRlikePattern                        // s1 compile error text, s2 function name
	msgRegexParam                          // s1 parameter, s2 function name, s3 reason
	msgPadLength                           // s1 function name, i requested length
	msgCeilFloorRange                      // s1 function name, f argument
	msgDecimalRange                        // s1 value, i precision<<8 | scale
	msgCastOverflowDec                     // s1 value, s2 target type, s3 source type
	msgCastOverflowIntegral                // i value, s2 target type, s3 source type (TINYINT, SMALLINT, INT)
	msgCastOverflowFlt                     // f value (a FLOAT widened), s2 target type
)

// Message returns the error's message without its class.
func (e *Error) Message() string {
	switch e.kind {
	case msgCastInvalid:
		return "The value " + quoteString(e.s1) + " of the type \"STRING\" cannot be cast to \"" + e.s2 + "\" because it is malformed."
	case msgCastOverflowInt:
		return castOverflowMsg(strconv.FormatInt(e.i, 10)+"L", "BIGINT", e.s2)
	case msgCastOverflowDbl:
		return castOverflowMsg(FormatDouble(e.f)+"D", "DOUBLE", e.s2)
	case msgMapKeyString:
		return mapKeyMsg(quoteString(e.s1))
	case msgMapKeyInt:
		return mapKeyMsg(strconv.FormatInt(e.i, 10))
	case msgMapKeyDouble:
		return mapKeyMsg(FormatDouble(e.f))
	case msgMapKeyDate:
		return mapKeyMsg(FormatDate(int32(e.i)))
	case msgLikePattern:
		return "The value of parameter(s) `pattern` in `like` is invalid: " + e.s2 + " in pattern '" + e.s1 + "'."
	case msgLikeEscape:
		return "The value of parameter(s) `escape` in `like` is invalid: the escape string must be one character, got '" + e.s1 + "'."
	case msgRlikePattern:
		return "The value of parameter(s) `regexp` in `" + e.s2 + "` is invalid: " + e.s1 + "."
	case msgRegexParam:
		return "The value of parameter(s) `" + e.s1 + "` in `" + e.s2 + "` is invalid: " + e.s3
	case msgPadLength:
		return "The value of parameter(s) `len` in `" + e.s1 + "` is invalid: " + strconv.FormatInt(e.i, 10) +
			" exceeds the limit of " + strconv.Itoa(MaxPadLength) + " characters."
	case msgDecimalRange:
		return e.s1 + " cannot be represented as Decimal(" + strconv.FormatInt(e.i>>8, 10) + ", " + strconv.FormatInt(e.i&0xff, 10) + ")."
	case msgCastOverflowDec:
		return castOverflowMsg(e.s1+"BD", e.s3, e.s2)
	case msgCastOverflowIntegral:
		return castOverflowMsg(strconv.FormatInt(e.i, 10)+integralSuffix(e.s3), e.s3, e.s2)
	case msgCastOverflowFlt:
		return castOverflowMsg(FormatFloat(float32(e.f)), "FLOAT", e.s2)
	case msgCeilFloorRange:
		return "long overflow: " + e.s1 + "(" + FormatDouble(e.f) + ") is out of the BIGINT range"
	}
	return e.s1
}

// Error returns "CLASS: message".
func (e *Error) Error() string { return e.Class + ": " + e.Message() }

// NewError returns an error of a class with a ready-made message.
func NewError(class, msg string) *Error { return &Error{Class: class, s1: msg} }

// Preallocated errors with constant messages: raising them allocates nothing.
var (
	ErrDivideByZero   = NewError(DivideByZero, "Division by zero.")
	ErrIntOverflow    = NewError(ArithmeticOverflow, "integer overflow")
	ErrLongOverflow   = NewError(ArithmeticOverflow, "long overflow")
	ErrIntegralDivide = NewError(ArithmeticOverflow, "Overflow in integral divide.")
	// ErrDecimalSumOverflow is Spark's overflowInSumOfDecimalError: sum or avg
	// of DECIMAL values whose sum does not fit the sum's type.
	ErrDecimalSumOverflow = NewError(ArithmeticOverflow, "Overflow in sum of decimals.")
	ErrDateOutOfRange     = NewError(ArithmeticOverflow, "integer overflow: the date is out of range")
)

// quoteString prints a string the way Spark's messages quote SQL values.
func quoteString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// castInvalid is CAST_INVALID_INPUT for the string s cast to the Spark type
// name to ("INT", "BIGINT", "DOUBLE", "BOOLEAN", "DATE").
func castInvalid(s, to string) *Error {
	return &Error{Class: CastInvalidInput, kind: msgCastInvalid, s1: s, s2: to}
}

func castOverflowMsg(value, from, to string) string {
	return "The value " + value + " of the type \"" + from + "\" cannot be cast to \"" + to + "\" due to an overflow."
}

// castOverflowInt64 is CAST_OVERFLOW of a BIGINT value.
func castOverflowInt64(v int64, to string) *Error {
	return &Error{Class: CastOverflow, kind: msgCastOverflowInt, i: v, s2: to}
}

// castOverflowIntegral is CAST_OVERFLOW of a SMALLINT or INT value (from
// names the source type).
func castOverflowIntegral(v int64, from, to string) *Error {
	return &Error{Class: CastOverflow, kind: msgCastOverflowIntegral, i: v, s2: to, s3: from}
}

// castOverflowFloat32 is CAST_OVERFLOW of a FLOAT value.
func castOverflowFloat32(v float32, to string) *Error {
	return &Error{Class: CastOverflow, kind: msgCastOverflowFlt, f: float64(v), s2: to}
}

// integralSuffix is the suffix of Spark's SQL literal of an integer of the
// named type (Literal.sql): 1Y, 1S, 1, 1L.
func integralSuffix(typ string) string {
	switch typ {
	case sparkTinyint:
		return "Y"
	case sparkSmallint:
		return "S"
	case sparkBigint:
		return "L"
	}
	return ""
}

// castOverflowFloat64 is CAST_OVERFLOW of a DOUBLE value.
func castOverflowFloat64(v float64, to string) *Error {
	return &Error{Class: CastOverflow, kind: msgCastOverflowDbl, f: v, s2: to}
}

func mapKeyMsg(key string) string {
	return "Key " + key + " does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."
}

// MapKeyNotExistString is MAP_KEY_DOES_NOT_EXIST for a VARCHAR key.
func MapKeyNotExistString(key string) *Error {
	return &Error{Class: MapKeyNotExist, kind: msgMapKeyString, s1: key}
}

// MapKeyNotExistInt64 is MAP_KEY_DOES_NOT_EXIST for an INT or BIGINT key.
func MapKeyNotExistInt64(key int64) *Error {
	return &Error{Class: MapKeyNotExist, kind: msgMapKeyInt, i: key}
}

// MapKeyNotExistFloat64 is MAP_KEY_DOES_NOT_EXIST for a DOUBLE key.
func MapKeyNotExistFloat64(key float64) *Error {
	return &Error{Class: MapKeyNotExist, kind: msgMapKeyDouble, f: key}
}

// MapKeyNotExistDate is MAP_KEY_DOES_NOT_EXIST for a DATE key (days since epoch).
func MapKeyNotExistDate(key int32) *Error {
	return &Error{Class: MapKeyNotExist, kind: msgMapKeyDate, i: int64(key)}
}

// MapKeyNotExistBool is MAP_KEY_DOES_NOT_EXIST for a BOOLEAN key (preallocated).
func MapKeyNotExistBool(key bool) *Error {
	if key {
		return errMapKeyTrue
	}
	return errMapKeyFalse
}

var (
	errMapKeyTrue  = NewError(MapKeyNotExist, mapKeyMsg("true"))
	errMapKeyFalse = NewError(MapKeyNotExist, mapKeyMsg("false"))
)
