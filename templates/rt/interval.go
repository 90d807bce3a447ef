package rt

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// The ANSI interval types (docs/semantics.md section 10): a YEAR-MONTH
// interval is an int32 count of months, a DAY-TIME interval an int64 count of
// microseconds, as in Spark. The start and end fields of the type (YEAR 0,
// MONTH 1; DAY 0, HOUR 1, MINUTE 2, SECOND 3) are not part of the value:
// the kernels that need them (text, casts with numbers) take them as
// constant arguments.

// Microseconds in each DAY-TIME field.
const (
	MicrosPerSecond = int64(1_000_000)
	MicrosPerMinute = 60 * MicrosPerSecond
	MicrosPerHour   = 60 * MicrosPerMinute
	MicrosPerDay    = 24 * MicrosPerHour
)

// The interval error classes Spark raises.
const (
	// IntervalDividedByZero is an interval divided by a zero number.
	IntervalDividedByZero = "INTERVAL_DIVIDED_BY_ZERO"
	// IntervalUnmatchedFormat is text cast to a YEAR-MONTH interval that
	// matches none of the target type's forms.
	IntervalUnmatchedFormat = "INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING"
	// IntervalUnmatchedFormatNotice is the same for a DAY-TIME interval
	// (Spark adds a notice about the legacy parser).
	IntervalUnmatchedFormatNotice = "INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING_WITH_NOTICE"
	// IntervalParsing is text of the right form whose fields are out of
	// range.
	IntervalParsing = "INVALID_INTERVAL_FORMAT.INTERVAL_PARSING"
)

// Preallocated interval errors.
var (
	ErrIntervalDividedByZero = NewError(IntervalDividedByZero,
		"Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead.")
)

var ymFields = [...]string{"YEAR", "MONTH"}
var dayTimeFieldNames = [...]string{"DAY", "HOUR", "MINUTE", "SECOND"}

// intervalFieldsText is "DAY TO SECOND", "MONTH" ... of a type's fields.
func intervalFieldsText(names []string, start, end int) string {
	if start == end {
		return names[start]
	}
	return names[start] + " TO " + names[end]
}

// YMIntervalTypeName is the SQL name of INTERVAL start TO end (YEAR-MONTH).
func YMIntervalTypeName(start, end int) string {
	return "INTERVAL " + intervalFieldsText(ymFields[:], start, end)
}

// DTIntervalTypeName is the SQL name of INTERVAL start TO end (DAY-TIME).
func DTIntervalTypeName(start, end int) string {
	return "INTERVAL " + intervalFieldsText(dayTimeFieldNames[:], start, end)
}

// FormatYMInterval writes months as Spark's ANSI text of a YEAR-MONTH
// interval of fields start..end (IntervalUtils.toYearMonthIntervalString):
// INTERVAL '1-2' YEAR TO MONTH, INTERVAL '-1' YEAR (whole years of the
// value, truncated), INTERVAL '14' MONTH.
func FormatYMInterval(months int32, start, end int) string {
	b := make([]byte, 0, 40)
	b = append(b, "INTERVAL '"...)
	abs := int64(months)
	if abs < 0 {
		abs = -abs
	}
	switch {
	case start == end && start == 1:
		b = strconv.AppendInt(b, int64(months), 10)
	default:
		if months < 0 {
			b = append(b, '-')
		}
		b = strconv.AppendInt(b, abs/12, 10)
		if start != end {
			b = append(b, '-')
			b = strconv.AppendInt(b, abs%12, 10)
		}
	}
	b = append(b, "' "...)
	b = append(b, intervalFieldsText(ymFields[:], start, end)...)
	return string(b)
}

// CastYMIntervalToString is CAST(i AS VARCHAR) of a YEAR-MONTH interval.
func CastYMIntervalToString(months int32, start, end int) string {
	return FormatYMInterval(months, start, end)
}

// CastDTIntervalToString is CAST(i AS VARCHAR) of a DAY-TIME interval.
func CastDTIntervalToString(micros int64, start, end int) string {
	return FormatDTInterval(micros, start, end)
}

// FormatDTInterval writes micros as Spark's ANSI text of a DAY-TIME interval
// of fields start..end (IntervalUtils.toDayTimeIntervalString): the leading
// field unbounded (at least 2 digits but for DAY), the others 2 digits, the
// seconds with their fraction less trailing zeros; a part finer than the end
// field is not written.
func FormatDTInterval(micros int64, start, end int) string {
	b := make([]byte, 0, 48)
	b = append(b, "INTERVAL '"...)
	b = appendDTBody(b, micros, start, end)
	b = append(b, "' "...)
	b = append(b, intervalFieldsText(dayTimeFieldNames[:], start, end)...)
	return string(b)
}

// appendDTBody appends the quoted body of FormatDTInterval.
func appendDTBody(b []byte, micros int64, start, end int) []byte {
	// the magnitude as uint64, so that the most negative value needs no
	// special case
	rest := uint64(micros)
	if micros < 0 {
		b = append(b, '-')
		rest = -rest
	}
	two := func(b []byte, v uint64) []byte {
		if v < 10 {
			b = append(b, '0')
		}
		return strconv.AppendUint(b, v, 10)
	}
	seconds := func(b []byte, v uint64) []byte {
		b = two(b, v/uint64(MicrosPerSecond))
		if frac := v % uint64(MicrosPerSecond); frac != 0 {
			s := strconv.FormatUint(frac+uint64(MicrosPerSecond), 10)[1:] // 6 digits
			b = append(b, '.')
			b = append(b, strings.TrimRight(s, "0")...)
		}
		return b
	}
	units := [...]uint64{uint64(MicrosPerDay), uint64(MicrosPerHour), uint64(MicrosPerMinute)}
	switch start {
	case 0:
		b = strconv.AppendUint(b, rest/units[0], 10)
		rest %= units[0]
	case 1, 2:
		b = two(b, rest/units[start])
		rest %= units[start]
	case 3:
		return seconds(b, rest)
	}
	for f := start + 1; f <= end; f++ {
		switch f {
		case 1:
			b = append(b, ' ')
			b = two(b, rest/units[1])
			rest %= units[1]
		case 2:
			b = append(b, ':')
			b = two(b, rest/units[2])
			rest %= units[2]
		case 3:
			b = append(b, ':')
			b = seconds(b, rest)
		}
	}
	return b
}

// --- text to interval ---

// intervalSupported lists the forms Spark's message names for a target type.
func intervalSupported(ym bool, start, end int) string {
	var body string
	if ym {
		body = [2][2]string{{"y", "y-m"}, {"", "m"}}[start][end]
	} else {
		body = [4][4]string{
			{"d", "d h", "d h:m", "d h:m:s.n"},
			{"", "h", "h:m", "h:m:s.n"},
			{"", "", "m", "m:s.n"},
			{"", "", "", "s.n"}}[start][end]
	}
	name := intervalFieldsText(dayTimeFieldNames[:], start, end)
	if ym {
		name = intervalFieldsText(ymFields[:], start, end)
	}
	return "`[+|-]" + body + "`, `INTERVAL [+|-]'[+|-]" + body + "' " + name + "`"
}

// intervalUnmatched is Spark's INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING
// (WITH_NOTICE for DAY-TIME) for text s cast to an interval type.
func intervalUnmatched(s string, ym bool, start, end int) *Error {
	class, kind, typ := IntervalUnmatchedFormatNotice, "day-time", strings.ToLower(DTIntervalTypeName(start, end))
	if ym {
		class, kind, typ = IntervalUnmatchedFormat, "year-month", strings.ToLower(YMIntervalTypeName(start, end))
	}
	msg := "Interval string does not match " + kind + " format of " + intervalSupported(ym, start, end) +
		" when cast to " + typ + ": " + s + "."
	if !ym {
		msg += ` Set "spark.sql.legacy.fromDayTimeString.enabled" to "true" to restore the behavior before Spark 3.0.`
	}
	return NewError(class, msg)
}

// intervalParsing is Spark's INVALID_INTERVAL_FORMAT.INTERVAL_PARSING: text
// of the right form with a field out of its range.
func intervalParsing(s, kind, why string) *Error {
	return NewError(IntervalParsing, "Error parsing interval "+kind+" string: "+why+".")
}

// intervalText is text cast to an interval, split: the sign before the
// quote of the INTERVAL '...' form (0 when absent), the body, and whether
// the whole form was written with its fields (then they must be the
// target's).
type intervalText struct {
	outerNeg bool
	body     string
	quoted   bool
	fields   string // the fields after the quote, upper-cased and single-spaced
}

// splitIntervalText reads s (already trimmed) as either a bare body or
// INTERVAL [+|-]'body' FIELDS, case-insensitively.
func splitIntervalText(s string) (intervalText, bool) {
	if len(s) < 8 || !strings.EqualFold(s[:8], "INTERVAL") {
		return intervalText{body: s}, true
	}
	rest := s[8:]
	t := strings.TrimLeft(rest, " \t\n\r\f\v")
	if len(t) == len(rest) {
		return intervalText{}, false
	}
	var it intervalText
	it.quoted = true
	if t != "" && (t[0] == '+' || t[0] == '-' || t[0] == '|') {
		it.outerNeg = t[0] == '-'
		t = t[1:]
	}
	if t == "" || t[0] != '\'' {
		return intervalText{}, false
	}
	q := strings.IndexByte(t[1:], '\'')
	if q < 0 {
		return intervalText{}, false
	}
	it.body = t[1 : 1+q]
	after := t[2+q:]
	trimmed := strings.TrimLeft(after, " \t\n\r\f\v")
	if len(trimmed) == len(after) {
		return intervalText{}, false
	}
	it.fields = strings.ToUpper(strings.Join(strings.Fields(trimmed), " "))
	return it, true
}

// bodySign reads an optional leading sign of an interval body.
func bodySign(s string) (neg bool, rest string) {
	if s != "" && (s[0] == '+' || s[0] == '-' || s[0] == '|') {
		return s[0] == '-', s[1:]
	}
	return false, s
}

// digitsN reads 1 to max ASCII digits at the start of s.
func digitsN(s string, maxLen int) (v uint64, n int, ok bool) {
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || n > maxLen {
		return 0, n, false
	}
	v, err := strconv.ParseUint(s[:n], 10, 64)
	return v, n, err == nil
}

// CastStringToYMInterval is CAST(s AS INTERVAL start TO end) of the
// YEAR-MONTH class (IntervalUtils.castStringToYMInterval): s is `[+|-]y-m`
// for YEAR TO MONTH, `[+|-]n` for YEAR or MONTH, or the same body in the
// INTERVAL [+|-]'...' FIELDS form with the target's own fields.
func CastStringToYMInterval(s string, start, end int) (int32, *Error) {
	t := trimCast(s)
	it, ok := splitIntervalText(t)
	if !ok {
		return 0, intervalUnmatched(t, true, start, end)
	}
	neg, body := bodySign(it.body)
	if it.outerNeg {
		neg = !neg
	}
	want := intervalFieldsText(ymFields[:], start, end)
	if it.quoted && it.fields != want {
		return 0, intervalUnmatched(t, true, start, end)
	}
	y, n, ok := digitsN(body, 19)
	if !ok && n <= 19 {
		return 0, intervalUnmatched(t, true, start, end)
	}
	if n > 19 {
		return 0, intervalParsing(t, "year-month", "the number is out of range")
	}
	if n < len(body) {
		// y-m: only YEAR TO MONTH
		if body[n] != '-' || start != 0 || end != 1 {
			return 0, intervalUnmatched(t, true, start, end)
		}
		m, k, ok := digitsN(body[n+1:], 19)
		if !ok || n+1+k != len(body) {
			return 0, intervalUnmatched(t, true, start, end)
		}
		if y > math.MaxInt32/12 {
			return 0, intervalParsing(t, "year-month", "year "+strconv.FormatUint(y, 10)+" outside range [0, 178956970]")
		}
		if m > 11 {
			return 0, intervalParsing(t, "year-month", "month "+strconv.FormatUint(m, 10)+" outside range [0, 11]")
		}
		v := int64(y*12 + m)
		if neg {
			v = -v
		}
		if v != int64(int32(v)) {
			return 0, intervalParsing(t, "year-month", "integer overflow")
		}
		return int32(v), nil
	}
	// a single number: YEAR or MONTH (not YEAR TO MONTH, nor a bare number
	// for it)
	if start == 0 && end == 1 {
		return 0, intervalUnmatched(t, true, start, end)
	}
	mul := uint64(1)
	if end == 0 {
		mul = 12
	}
	if y > math.MaxInt32/mul+1 {
		return 0, intervalParsing(t, "year-month", "integer overflow")
	}
	v := int64(y * mul)
	if neg {
		v = -v
	}
	if v != int64(int32(v)) {
		return 0, intervalParsing(t, "year-month", "integer overflow")
	}
	return int32(v), nil
}

// CastStringToDTInterval is CAST(s AS INTERVAL start TO end) of the
// DAY-TIME class (IntervalUtils.castStringToDTInterval): the body of the
// target's fields (`[+|-]d h:m:s.n` for DAY TO SECOND, `[+|-]h:m` for HOUR
// TO MINUTE ...; one number for a single field, with a fraction only for
// SECOND), bare or in the INTERVAL [+|-]'...' FIELDS form with the target's
// own fields. The fields after the first are 1 or 2 digits within their
// unit (hour 0-23, minute and second 0-59); up to 9 fraction digits,
// truncated to microseconds.
func CastStringToDTInterval(s string, start, end int) (int64, *Error) {
	t := trimCast(s)
	it, ok := splitIntervalText(t)
	if !ok {
		return 0, intervalUnmatched(t, false, start, end)
	}
	if it.quoted && it.fields != intervalFieldsText(dayTimeFieldNames[:], start, end) {
		return 0, intervalUnmatched(t, false, start, end)
	}
	neg, body := bodySign(it.body)
	if it.outerNeg {
		neg = !neg
	}
	v, err := parseDTBody(body, start, end)
	if err == errDTUnmatched {
		return 0, intervalUnmatched(t, false, start, end)
	}
	if err != nil {
		return 0, intervalParsing(t, "day-time", err.s1)
	}
	if neg {
		return -int64(v), nil
	}
	if v > math.MaxInt64 {
		return 0, intervalParsing(t, "day-time", "long overflow")
	}
	return int64(v), nil
}

var errDTUnmatched = NewError(IntervalUnmatchedFormatNotice, "unmatched")

// leadDigits is the most digits the leading field of a DAY-TIME body may
// have (Spark's dayBoundPattern ... secondBoundPattern).
var leadDigits = [4]int{9, 10, 12, 13}

// parseDTBody reads an unsigned DAY-TIME body of fields start..end as a
// magnitude in microseconds (at most 2^63, the most negative value's).
func parseDTBody(body string, start, end int) (uint64, *Error) {
	units := [4]uint64{uint64(MicrosPerDay), uint64(MicrosPerHour), uint64(MicrosPerMinute), uint64(MicrosPerSecond)}
	limits := [4]uint64{23, 59, 59}
	var total uint64
	add := func(v, unit uint64) bool {
		hi, lo := bits.Mul64(v, unit)
		if hi != 0 {
			return false
		}
		s, carry := bits.Add64(total, lo, 0)
		if carry != 0 || s > 1<<63 {
			return false
		}
		total = s
		return true
	}
	pos := 0
	for f := start; f <= end; f++ {
		maxLen := 2
		if f == start {
			maxLen = leadDigits[f]
		} else {
			sep := byte(':')
			if f == 1 {
				sep = ' '
			}
			if pos >= len(body) || body[pos] != sep {
				return 0, errDTUnmatched
			}
			pos++
		}
		v, n, ok := digitsN(body[pos:], maxLen)
		if !ok {
			return 0, errDTUnmatched
		}
		pos += n
		if f != start && v > limits[f-1] {
			return 0, NewError(IntervalParsing, dayTimeFieldNames[f]+" "+strconv.FormatUint(v, 10)+" outside range [0, "+strconv.FormatUint(limits[f-1], 10)+"]")
		}
		if f == 0 && v > 106751991 {
			return 0, NewError(IntervalParsing, "day "+strconv.FormatUint(v, 10)+" outside range [0, 106751991]")
		}
		if !add(v, units[f]) {
			return 0, NewError(IntervalParsing, "long overflow")
		}
		if f == 3 && pos < len(body) && body[pos] == '.' {
			frac, k, ok := digitsN(body[pos+1:], 9)
			if !ok {
				return 0, errDTUnmatched
			}
			for i := k; i < 6; i++ {
				frac *= 10
			}
			for i := 6; i < k; i++ {
				frac /= 10
			}
			pos += 1 + k
			if !add(frac, 1) {
				return 0, NewError(IntervalParsing, "long overflow")
			}
		}
	}
	if pos != len(body) {
		return 0, errDTUnmatched
	}
	return total, nil
}

// --- intervals and numbers ---

// ymEndUnits is the number of months in each YEAR-MONTH end field.
var ymEndUnits = [2]int64{12, 1}

// dtEndUnits is the number of microseconds in each DAY-TIME end field.
var dtEndUnits = [4]int64{MicrosPerDay, MicrosPerHour, MicrosPerMinute, MicrosPerSecond}

// intervalCastOverflow is CAST_OVERFLOW for an interval (written as its
// text) cast to the integer type to.
func intervalCastOverflow(text, from, to string) *Error {
	return NewError(CastOverflow, castOverflowMsg(text, from, to))
}

// CastYMIntervalToInt64 is CAST(i AS BIGINT): the value in units of its end
// field, truncated toward zero (IntervalUtils.yearMonthIntervalToInt).
func CastYMIntervalToInt64(months int32, start, end int) int64 {
	return int64(months) / ymEndUnits[end]
}

// CastYMIntervalToInt32 is CAST(i AS INT) of a YEAR-MONTH interval.
func CastYMIntervalToInt32(months int32, start, end int) int32 {
	return int32(int64(months) / ymEndUnits[end])
}

// CastYMIntervalToInt16 is CAST(i AS SMALLINT); CAST_OVERFLOW out of range.
func CastYMIntervalToInt16(months int32, start, end int) (int16, *Error) {
	v := int64(months) / ymEndUnits[end]
	if v != int64(int16(v)) {
		return 0, intervalCastOverflow(FormatYMInterval(months, start, end), YMIntervalTypeName(start, end), sparkSmallint)
	}
	return int16(v), nil
}

// CastYMIntervalToInt8 is CAST(i AS TINYINT); CAST_OVERFLOW out of range.
func CastYMIntervalToInt8(months int32, start, end int) (int8, *Error) {
	v := int64(months) / ymEndUnits[end]
	if v != int64(int8(v)) {
		return 0, intervalCastOverflow(FormatYMInterval(months, start, end), YMIntervalTypeName(start, end), sparkTinyint)
	}
	return int8(v), nil
}

// CastDTIntervalToInt64 is CAST(i AS BIGINT): the value in units of its end
// field, truncated toward zero (IntervalUtils.dayTimeIntervalToLong).
func CastDTIntervalToInt64(micros int64, start, end int) int64 { return micros / dtEndUnits[end] }

// CastDTIntervalToInt32 is CAST(i AS INT); CAST_OVERFLOW out of range
// (dayTimeIntervalToInt).
func CastDTIntervalToInt32(micros int64, start, end int) (int32, *Error) {
	v := micros / dtEndUnits[end]
	if v != int64(int32(v)) {
		return 0, intervalCastOverflow(FormatDTInterval(micros, start, end), DTIntervalTypeName(start, end), sparkInt)
	}
	return int32(v), nil
}

// CastDTIntervalToInt16 is CAST(i AS SMALLINT); CAST_OVERFLOW out of range.
func CastDTIntervalToInt16(micros int64, start, end int) (int16, *Error) {
	v := micros / dtEndUnits[end]
	if v != int64(int16(v)) {
		return 0, intervalCastOverflow(FormatDTInterval(micros, start, end), DTIntervalTypeName(start, end), sparkSmallint)
	}
	return int16(v), nil
}

// CastDTIntervalToInt8 is CAST(i AS TINYINT); CAST_OVERFLOW out of range.
func CastDTIntervalToInt8(micros int64, start, end int) (int8, *Error) {
	v := micros / dtEndUnits[end]
	if v != int64(int8(v)) {
		return 0, intervalCastOverflow(FormatDTInterval(micros, start, end), DTIntervalTypeName(start, end), sparkTinyint)
	}
	return int8(v), nil
}

// intToYM is n units of a YEAR-MONTH end field; CAST_OVERFLOW beyond INT
// months (IntervalUtils.longToYearMonthInterval). from names n's type.
func intToYM(n int64, start, end int, from string) (int32, *Error) {
	hi, lo := bits.Mul64(uint64(absInt64(n)), uint64(ymEndUnits[end]))
	lim := uint64(math.MaxInt32)
	if n < 0 {
		lim++
	}
	if hi != 0 || lo > lim {
		return 0, NewError(CastOverflow, castOverflowMsg(strconv.FormatInt(n, 10)+integralSuffix(from), from, YMIntervalTypeName(start, end)))
	}
	if n < 0 {
		return int32(-int64(lo)), nil
	}
	return int32(lo), nil
}

// intToDT is n units of a DAY-TIME end field; CAST_OVERFLOW beyond BIGINT
// microseconds (IntervalUtils.longToDayTimeInterval).
func intToDT(n int64, start, end int, from string) (int64, *Error) {
	hi, lo := bits.Mul64(uint64(absInt64(n)), uint64(dtEndUnits[end]))
	lim := uint64(math.MaxInt64)
	if n < 0 {
		lim++
	}
	if hi != 0 || lo > lim {
		return 0, NewError(CastOverflow, castOverflowMsg(strconv.FormatInt(n, 10)+integralSuffix(from), from, DTIntervalTypeName(start, end)))
	}
	if n < 0 {
		return -int64(lo), nil
	}
	return int64(lo), nil
}

// CastInt64ToYMInterval is CAST(n AS INTERVAL YEAR ...) of a BIGINT: n
// units of the end field; CAST_OVERFLOW beyond the range.
func CastInt64ToYMInterval(n int64, start, end int) (int32, *Error) {
	return intToYM(n, start, end, sparkBigint)
}

// CastInt32ToYMInterval is CAST(n AS INTERVAL YEAR ...) of an INT.
func CastInt32ToYMInterval(n int32, start, end int) (int32, *Error) {
	return intToYM(int64(n), start, end, sparkInt)
}

// CastInt16ToYMInterval is CAST(n AS INTERVAL YEAR ...) of a SMALLINT
// (never out of range: 32767 years are 393204 months).
func CastInt16ToYMInterval(n int16, start, end int) int32 {
	return int32(int64(n) * ymEndUnits[end])
}

// CastInt8ToYMInterval is CAST(n AS INTERVAL YEAR ...) of a TINYINT.
func CastInt8ToYMInterval(n int8, start, end int) int32 {
	return int32(int64(n) * ymEndUnits[end])
}

// CastInt64ToDTInterval is CAST(n AS INTERVAL DAY ...) of a BIGINT: n units
// of the end field; CAST_OVERFLOW beyond the range.
func CastInt64ToDTInterval(n int64, start, end int) (int64, *Error) {
	return intToDT(n, start, end, sparkBigint)
}

// CastInt32ToDTInterval is CAST(n AS INTERVAL DAY ...) of an INT.
func CastInt32ToDTInterval(n int32, start, end int) (int64, *Error) {
	return intToDT(int64(n), start, end, sparkInt)
}

// CastInt16ToDTInterval is CAST(n AS INTERVAL DAY ...) of a SMALLINT (never
// out of range: 32767 days fit).
func CastInt16ToDTInterval(n int16, start, end int) int64 { return int64(n) * dtEndUnits[end] }

// CastInt8ToDTInterval is CAST(n AS INTERVAL DAY ...) of a TINYINT.
func CastInt8ToDTInterval(n int8, start, end int) int64 { return int64(n) * dtEndUnits[end] }

// CastYMIntervalToYMInterval is a cast between YEAR-MONTH types: to a YEAR
// end field the months beyond the whole years are dropped
// (IntervalUtils.periodToMonths).
func CastYMIntervalToYMInterval(months int32, end int) int32 {
	if end == 0 {
		return months / 12 * 12
	}
	return months
}

// CastDTIntervalToDTInterval is a cast between DAY-TIME types: the part
// finer than the target's end field is dropped, toward zero
// (IntervalUtils.durationToMicros).
func CastDTIntervalToDTInterval(micros int64, end int) int64 {
	u := dtEndUnits[end]
	return micros / u * u
}

// absInt64 is |n| as a uint64-safe int64 magnitude (MinInt64 stays itself,
// whose uint64 is 2^63).
func absInt64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// --- arithmetic ---

// MulYMIntervalInt64 is i * n of a YEAR-MONTH interval and an integer
// (MultiplyYMInterval): exact, ARITHMETIC_OVERFLOW beyond INT.
func MulYMIntervalInt64(months int32, n int64) (int32, *Error) {
	r, err := MulInt64(int64(months), n)
	if err != nil || r != int64(int32(r)) {
		return 0, ErrIntOverflow
	}
	return int32(r), nil
}

// MulDTIntervalInt64 is i * n of a DAY-TIME interval and an integer
// (MultiplyDTInterval): exact, ARITHMETIC_OVERFLOW beyond BIGINT.
func MulDTIntervalInt64(micros, n int64) (int64, *Error) { return MulInt64(micros, n) }

// roundHalfUpFloat rounds x HALF_UP (a tie away from zero), as Guava's
// DoubleMath.roundToLong(x, HALF_UP); ok is false for NaN, an infinity or
// a result outside [lo, hi].
func roundHalfUpFloat(x float64, lo, hi float64) (float64, bool) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	r := math.Round(x) // half away from zero
	if r < lo || r > hi {
		return 0, false
	}
	return r, true
}

// intervalRoundError is ARITHMETIC_OVERFLOW for a fractional product or
// quotient that does not round into the interval's range.
func intervalRoundError(x float64) *Error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return NewError(ArithmeticOverflow, "input is infinite or NaN")
	}
	return NewError(ArithmeticOverflow, "rounded value is out of range for input "+FormatDouble(x)+" and rounding mode HALF_UP")
}

// MulYMIntervalFloat64 is i * x of a YEAR-MONTH interval and a DOUBLE: the
// DOUBLE product rounded HALF_UP to a whole month; ARITHMETIC_OVERFLOW for
// a NaN, infinite or out-of-range product.
func MulYMIntervalFloat64(months int32, x float64) (int32, *Error) {
	p := float64(months) * x
	r, ok := roundHalfUpFloat(p, math.MinInt32, math.MaxInt32)
	if !ok {
		return 0, intervalRoundError(p)
	}
	return int32(r), nil
}

// MulDTIntervalFloat64 is i * x of a DAY-TIME interval and a DOUBLE, rounded
// HALF_UP to a whole microsecond.
func MulDTIntervalFloat64(micros int64, x float64) (int64, *Error) {
	p := float64(micros) * x
	r, ok := roundHalfUpFloat(p, math.MinInt64, 0x1p63)
	if !ok || r == 0x1p63 {
		return 0, intervalRoundError(p)
	}
	return int64(r), nil
}

// divHalfUp is a / b rounded HALF_UP (Guava's LongMath.divide(a, b,
// HALF_UP)); b != 0 and not (a = MinInt64, b = -1).
func divHalfUp(a, b int64) int64 {
	q, r := a/b, a%b
	if r == 0 {
		return q
	}
	ar, ab := uint64(absInt64(r)), uint64(absInt64(b))
	if ar >= ab-ar { // 2|r| >= |b|: round away from zero
		if (a < 0) != (b < 0) {
			q--
		} else {
			q++
		}
	}
	return q
}

// DivYMIntervalInt64 is i / n of a YEAR-MONTH interval and an integer
// (DivideYMInterval): the quotient rounded HALF_UP; n = 0 raises
// INTERVAL_DIVIDED_BY_ZERO, the most negative value / -1 ARITHMETIC_OVERFLOW.
func DivYMIntervalInt64(months int32, n int64) (int32, *Error) {
	if n == 0 {
		return 0, ErrIntervalDividedByZero
	}
	if months == math.MinInt32 && n == -1 {
		return 0, ErrIntegralDivide
	}
	return int32(divHalfUp(int64(months), n)), nil
}

// DivDTIntervalInt64 is i / n of a DAY-TIME interval and an integer
// (DivideDTInterval), as DivYMIntervalInt64.
func DivDTIntervalInt64(micros, n int64) (int64, *Error) {
	if n == 0 {
		return 0, ErrIntervalDividedByZero
	}
	if micros == math.MinInt64 && n == -1 {
		return 0, ErrIntegralDivide
	}
	return divHalfUp(micros, n), nil
}

// DivYMIntervalFloat64 is i / x of a YEAR-MONTH interval and a DOUBLE: the
// DOUBLE quotient rounded HALF_UP; x = 0 raises INTERVAL_DIVIDED_BY_ZERO.
func DivYMIntervalFloat64(months int32, x float64) (int32, *Error) {
	if x == 0 {
		return 0, ErrIntervalDividedByZero
	}
	q := float64(months) / x
	r, ok := roundHalfUpFloat(q, math.MinInt32, math.MaxInt32)
	if !ok {
		return 0, intervalRoundError(q)
	}
	return int32(r), nil
}

// DivDTIntervalFloat64 is i / x of a DAY-TIME interval and a DOUBLE.
func DivDTIntervalFloat64(micros int64, x float64) (int64, *Error) {
	if x == 0 {
		return 0, ErrIntervalDividedByZero
	}
	q := float64(micros) / x
	r, ok := roundHalfUpFloat(q, math.MinInt64, 0x1p63)
	if !ok || r == 0x1p63 {
		return 0, intervalRoundError(q)
	}
	return int64(r), nil
}

// --- DATE and intervals ---

// DateAddYMInterval is DATE + a YEAR-MONTH interval (DateAddYMInterval):
// add_months, the day clamped to the month's last day.
func DateAddYMInterval(d, months int32) (int32, *Error) { return AddMonths(d, months) }

// DateSubYMInterval is DATE - a YEAR-MONTH interval: the months negated
// (ARITHMETIC_OVERFLOW for the most negative), then DateAddYMInterval.
func DateSubYMInterval(d, months int32) (int32, *Error) {
	n, err := NegateInt32(months)
	if err != nil {
		return 0, err
	}
	return AddMonths(d, n)
}

// DateAddDayInterval is DATE + an INTERVAL DAY (Spark's DateAdd of
// ExtractANSIIntervalDays): the whole days of the value, toward zero.
func DateAddDayInterval(d int32, micros int64) (int32, *Error) {
	return addDays(d, micros/MicrosPerDay)
}

// DateSubDayInterval is DATE - an INTERVAL DAY.
func DateSubDayInterval(d int32, micros int64) (int32, *Error) {
	return addDays(d, -(micros / MicrosPerDay))
}

// SubtractDates is DATE - DATE in ANSI mode (SubtractDates): the days
// between them as an INTERVAL DAY, in microseconds; ARITHMETIC_OVERFLOW
// beyond BIGINT microseconds.
func SubtractDates(end, start int32) (int64, *Error) {
	return MulInt64(int64(end)-int64(start), MicrosPerDay)
}

// --- fields ---

// YMIntervalYears is EXTRACT(YEAR FROM i): whole years, toward zero.
func YMIntervalYears(months int32) int32 { return months / 12 }

// YMIntervalMonths is EXTRACT(MONTH FROM i): the months beyond the whole
// years, with the value's sign (-14 months is -2).
func YMIntervalMonths(months int32) int8 { return int8(months % 12) }

// DTIntervalDays is EXTRACT(DAY FROM i): whole days, toward zero.
func DTIntervalDays(micros int64) int32 { return int32(micros / MicrosPerDay) }

// DTIntervalHours is EXTRACT(HOUR FROM i): hours beyond the whole days, signed.
func DTIntervalHours(micros int64) int8 { return int8(micros % MicrosPerDay / MicrosPerHour) }

// DTIntervalMinutes is EXTRACT(MINUTE FROM i): minutes beyond the whole
// hours, signed.
func DTIntervalMinutes(micros int64) int8 { return int8(micros % MicrosPerHour / MicrosPerMinute) }

// DTIntervalSeconds is EXTRACT(SECOND FROM i): the seconds beyond the whole
// minutes with their fraction, a DECIMAL(8,6) (its unscaled value).
func DTIntervalSeconds(micros int64) Decimal { return DecimalFromInt64(micros % MicrosPerMinute) }

// --- constructors ---

// MakeYMInterval is make_ym_interval(years, months): ARITHMETIC_OVERFLOW
// beyond INT months.
func MakeYMInterval(years, months int32) (int32, *Error) {
	y, err := MulInt32(years, 12)
	if err != nil {
		return 0, err
	}
	return AddInt32(y, months)
}

// MakeDTInterval is make_dt_interval(days, hours, mins, secs) with secs a
// DECIMAL(18,6) (its unscaled value, microseconds): ARITHMETIC_OVERFLOW
// beyond BIGINT microseconds.
func MakeDTInterval(days, hours, mins int32, secs Decimal) (int64, *Error) {
	if !secs.IsInt64() {
		return 0, ErrLongOverflow
	}
	total := secs.Int64()
	for _, p := range [...][2]int64{{int64(days), MicrosPerDay}, {int64(hours), MicrosPerHour}, {int64(mins), MicrosPerMinute}} {
		v, err := MulInt64(p[0], p[1])
		if err != nil {
			return 0, err
		}
		if total, err = AddInt64(total, v); err != nil {
			return 0, err
		}
	}
	return total, nil
}
