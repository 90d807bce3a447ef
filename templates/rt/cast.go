package rt

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// FormatDouble prints a DOUBLE the way Spark (Java's Double.toString) does:
// "1.0", "0.001", "1.0E7", "1.2345E-4", "NaN", "Infinity", "-Infinity".
func FormatDouble(f float64) string { return formatJava(f, 64) }

// FormatFloat prints a FLOAT the way Spark (Java's Float.toString) does: the
// shortest digits that tell the float32 apart, in FormatDouble's layout
// ("1.1", "1.0E10", "NaN").
func FormatFloat(f float32) string { return formatJava(float64(f), 32) }

// formatJava is Java's Double.toString (bits 64) or Float.toString (bits 32)
// of f, which holds a value of that width.
func formatJava(f float64, bits int) string {
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
		s := strconv.FormatFloat(f, 'f', -1, bits)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'e', -1, bits) // d.ddde±XX
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// Spark's type names in cast messages (VARCHAR is STRING).
const (
	sparkBool     = "BOOLEAN"
	sparkInt      = "INT"
	sparkBigint   = "BIGINT"
	sparkDouble   = "DOUBLE"
	sparkDate     = "DATE"
	sparkTinyint  = "TINYINT"
	sparkSmallint = "SMALLINT"
	sparkFloat    = "FLOAT"
)

// trimCast removes what Spark's string-to-number and string-to-date casts trim:
// ASCII whitespace and control characters (bytes <= 0x20 and 0x7F) at both ends.
func trimCast(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] <= ' ' || s[i] == 0x7f) {
		i++
	}
	for j > i && (s[j-1] <= ' ' || s[j-1] == 0x7f) {
		j--
	}
	return s[i:j]
}

// parseIntegral parses a string for a cast to INT or BIGINT, after Spark's ANSI
// UTF8String.toLongExact: an optional sign and decimal digits only (a
// fractional part is rejected, as toInt(allowDecimal = false) does). Values
// out of [min, max] fail.
func parseIntegral(s string, min, max int64) (int64, bool) {
	s = trimCast(s)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	// Accumulate negatively so that MIN parses without overflow.
	var r int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := int64(c - '0')
		if r < (math.MinInt64+d)/10 {
			return 0, false
		}
		r = r*10 - d
	}
	if !neg {
		if r == math.MinInt64 {
			return 0, false
		}
		r = -r
	}
	if r < min || r > max {
		return 0, false
	}
	return r, true
}

// CastStringToInt32 is CAST(VARCHAR AS INT): optional sign and digits after
// trimming; anything else, or a value out of range, raises CAST_INVALID_INPUT.
func CastStringToInt32(s string) (int32, *Error) {
	v, ok := parseIntegral(s, math.MinInt32, math.MaxInt32)
	if !ok {
		return 0, castInvalid(s, sparkInt)
	}
	return int32(v), nil
}

// CastStringToInt64 is CAST(VARCHAR AS BIGINT), with the rules of CastStringToInt32.
func CastStringToInt64(s string) (int64, *Error) {
	v, ok := parseIntegral(s, math.MinInt64, math.MaxInt64)
	if !ok {
		return 0, castInvalid(s, sparkBigint)
	}
	return v, nil
}

// CastStringToFloat64 is CAST(VARCHAR AS DOUBLE): decimal floating-point syntax
// (digits, sign, point, exponent) after trimming, and the special values Spark
// accepts in any case: inf, infinity, nan with an optional sign. Hex floats and
// Go's digit underscores are rejected. An out-of-range number becomes ±Infinity
// (or 0), as Java's parseDouble does.
func CastStringToFloat64(s string) (float64, *Error) {
	t := trimCast(s)
	switch strings.ToLower(t) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	case "nan", "+nan", "-nan":
		return math.NaN(), nil
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E') {
			return 0, castInvalid(s, sparkDouble)
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, castInvalid(s, sparkDouble)
	}
	return v, nil
}

// CastStringToBool is CAST(VARCHAR AS BOOLEAN): t, true, y, yes, 1 and f,
// false, n, no, 0, case-insensitively after trimming.
func CastStringToBool(s string) (bool, *Error) {
	switch strings.ToLower(trimCast(s)) {
	case "t", "true", "y", "yes", "1":
		return true, nil
	case "f", "false", "n", "no", "0":
		return false, nil
	}
	return false, castInvalid(s, sparkBool)
}

// CastStringToDate is CAST(VARCHAR AS DATE): yyyy-mm-dd (see ParseDate) after trimming.
func CastStringToDate(s string) (int32, *Error) {
	d, ok := ParseDate(trimCast(s))
	if !ok {
		return 0, castInvalid(s, sparkDate)
	}
	return d, nil
}

// CastInt64ToInt32 is CAST(BIGINT AS INT); out of range raises CAST_OVERFLOW.
func CastInt64ToInt32(v int64) (int32, *Error) {
	if v != int64(int32(v)) {
		return 0, castOverflowInt64(v, sparkInt)
	}
	return int32(v), nil
}

// CastFloat64ToInt32 is CAST(DOUBLE AS INT), truncating toward zero; NaN,
// infinities and values out of range raise CAST_OVERFLOW instead of saturating.
func CastFloat64ToInt32(v float64) (int32, *Error) {
	t := math.Trunc(v)
	if math.IsNaN(t) || t < math.MinInt32 || t > math.MaxInt32 {
		return 0, castOverflowFloat64(v, sparkInt)
	}
	return int32(t), nil
}

// CastFloat64ToInt64 is CAST(DOUBLE AS BIGINT), with the rules of
// CastFloat64ToInt32, except that 2^63 itself is 2^63 - 1: Spark's range
// test (DoubleExactNumeric.toLong) compares with Long.MaxValue as a double,
// which is 2^63, and Java's conversion then saturates.
func CastFloat64ToInt64(v float64) (int64, *Error) {
	r, ok := truncToInt64(v)
	if !ok {
		return 0, castOverflowFloat64(v, sparkBigint)
	}
	return r, nil
}

// truncToInt64 is v truncated toward zero as a BIGINT by Spark's rule
// (CastFloat64ToInt64); ok is false for NaN, the infinities and values
// out of range.
func truncToInt64(v float64) (int64, bool) {
	t := math.Trunc(v)
	switch {
	case t == 1<<63:
		return math.MaxInt64, true
	case math.IsNaN(t) || t < -(1<<63) || t > 1<<63:
		return 0, false
	}
	return int64(t), true
}

// CastBoolToInt32 is CAST(BOOLEAN AS INT): 1 or 0.
func CastBoolToInt32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// CastBoolToInt64 is CAST(BOOLEAN AS BIGINT): 1 or 0.
func CastBoolToInt64(b bool) int64 { return int64(CastBoolToInt32(b)) }

// CastBoolToFloat64 is CAST(BOOLEAN AS DOUBLE): 1.0 or 0.0.
func CastBoolToFloat64(b bool) float64 { return float64(CastBoolToInt32(b)) }

// CastBoolToString is CAST(BOOLEAN AS VARCHAR): 'true' or 'false'.
func CastBoolToString(b bool) string { return strconv.FormatBool(b) }

// CastInt32ToBool is CAST(INT AS BOOLEAN): v != 0.
func CastInt32ToBool(v int32) bool { return v != 0 }

// CastInt32ToInt64 is CAST(INT AS BIGINT).
func CastInt32ToInt64(v int32) int64 { return int64(v) }

// CastInt32ToFloat64 is CAST(INT AS DOUBLE).
func CastInt32ToFloat64(v int32) float64 { return float64(v) }

// CastInt32ToString is CAST(INT AS VARCHAR).
func CastInt32ToString(v int32) string { return strconv.FormatInt(int64(v), 10) }

// CastInt64ToBool is CAST(BIGINT AS BOOLEAN): v != 0.
func CastInt64ToBool(v int64) bool { return v != 0 }

// CastInt64ToFloat64 is CAST(BIGINT AS DOUBLE) (rounded to nearest).
func CastInt64ToFloat64(v int64) float64 { return float64(v) }

// CastInt64ToString is CAST(BIGINT AS VARCHAR).
func CastInt64ToString(v int64) string { return strconv.FormatInt(v, 10) }

// CastFloat64ToBool is CAST(DOUBLE AS BOOLEAN): v != 0 (NaN is true).
func CastFloat64ToBool(v float64) bool { return v != 0 }

// CastFloat64ToString is CAST(DOUBLE AS VARCHAR), formatted as FormatDouble.
func CastFloat64ToString(v float64) string { return FormatDouble(v) }

// CastDateToString is CAST(DATE AS VARCHAR), formatted as FormatDate.
func CastDateToString(d int32) string { return FormatDate(d) }
