package rt

import (
	"math"
	"strings"
)

// TIMESTAMP (an instant) and TIMESTAMP_NTZ (a wall-clock reading) are int64
// microseconds since 1970-01-01 00:00:00 (UTC for an instant), the text
// forms of docs/semantics.md 10.3 and 10.4. The kernels that need the
// session zone take its name as a constant last argument (the compiler
// checked it); those of UTC are separate kernels of pure integer arithmetic.

const (
	sparkTimestamp    = "TIMESTAMP"
	sparkTimestampNTZ = "TIMESTAMP_NTZ"
	microsPerDay      = 86400 * 1e6
)

// tsText is the fields of a timestamp's text (Spark's
// parseTimestampString): the date, the time of day, the microseconds, the
// zone text after the seconds, and whether the text had a time only.
type tsText struct {
	year, month, day, hour, minute, second, micros int64
	zone                                           string
	hasZone, justTime                              bool
}

// parseTimestampText reads s as Spark's parseTimestampString does, after
// trimming the bytes <= 0x20 at both ends (10.3).
func parseTimestampText(s string) (tsText, bool) {
	s = trimCast(s)
	var t tsText
	if s == "" {
		return t, false
	}
	var seg [7]int64
	i, j := 0, 0
	digits, fracDigits := 0, 0
	val := int64(0)
	neg, signed := false, false
	if s[0] == '-' || s[0] == '+' {
		neg, signed = s[0] == '-', true
		j++
	}
	valid := func(i, n int) bool {
		switch {
		case i == 6:
			return true
		case i == 0:
			return n >= 4 && n <= 6
		}
		return n > 0 && n <= 2
	}
	end := func() bool {
		if !valid(i, digits) {
			return false
		}
		seg[i] = val
		val, digits = 0, 0
		i++
		return true
	}
	for ; j < len(s); j++ {
		b := s[j]
		if b >= '0' && b <= '9' {
			if i == 6 {
				fracDigits++
			}
			if i != 6 || digits < 6 {
				val = val*10 + int64(b-'0')
			}
			digits++
			if i != 6 && digits > 6 {
				return t, false
			}
			continue
		}
		switch {
		case j == 0 && b == 'T':
			t.justTime = true
			i = 3
		case i < 2:
			if b == '-' {
				if !end() {
					return t, false
				}
			} else if i == 0 && b == ':' && !signed {
				t.justTime = true
				if !valid(3, digits) {
					return t, false
				}
				seg[3] = val
				val, digits = 0, 0
				i = 4
			} else {
				return t, false
			}
		case i == 2:
			if b != ' ' && b != 'T' || !end() {
				return t, false
			}
		case i == 3 || i == 4:
			if b != ':' || !end() {
				return t, false
			}
		case i == 5 || i == 6:
			if b == '.' && i == 5 {
				if !end() {
					return t, false
				}
				continue
			}
			if !end() {
				return t, false
			}
			t.zone, t.hasZone = strings.TrimSpace(s[j:]), true
			j = len(s)
			i = 7
		default:
			return t, false
		}
	}
	if i < 7 {
		if !valid(i, digits) {
			return t, false
		}
		seg[i] = val
	}
	if i > 6 || i == 6 {
		for ; fracDigits < 6; fracDigits++ {
			seg[6] *= 10
		}
	}
	if neg {
		seg[0] = -seg[0]
	}
	t.year, t.month, t.day = seg[0], seg[1], seg[2]
	t.hour, t.minute, t.second, t.micros = seg[3], seg[4], seg[5], seg[6]
	if !t.justTime {
		if t.month == 0 {
			t.month = 1
		}
		if t.day == 0 {
			t.day = 1
		}
		// LocalDate.of: month 1-12, a real day; an explicit 0 is invalid
		if i >= 1 && seg[1] == 0 || i >= 2 && seg[2] == 0 {
			return t, false
		}
	}
	if t.hour > 23 || t.minute > 59 || t.second > 59 {
		return t, false
	}
	return t, true
}

// wallMicros is the wall-clock reading of t's date and time, ok false for a
// day that does not exist.
func (t *tsText) wallMicros() (int64, bool) {
	if t.month < 1 || t.month > 12 || t.day < 1 || t.day > int64(daysIn(int(t.year), int(t.month))) {
		return 0, false
	}
	days := daysFromCivil(t.year, t.month, t.day)
	return secMicros(days*86400+t.hour*3600+t.minute*60+t.second, t.micros)
}

// ParseTimestamp reads s as a TIMESTAMP in zone (10.3): with a zone in the
// text, the reading in that zone, else in zone by the gap and overlap
// rules. ok is false for text Spark does not read, and for a time-only
// text (its date is the evaluation's clock, which a CAST does not have).
func ParseTimestamp(s string, zone *Zone) (int64, bool) {
	t, ok := parseTimestampText(s)
	if !ok || t.justTime {
		return 0, false
	}
	if t.hasZone {
		z, ok := ZoneOf(t.zone)
		if !ok {
			return 0, false
		}
		zone = z
	}
	local, ok := t.wallMicros()
	if !ok {
		// a reading beyond int64 microseconds can still be an instant
		// inside them (an offset of hours); compute in seconds
		return wideLocalToUTC(&t, zone)
	}
	return zone.FromLocal(local, NoPreference)
}

// wideLocalToUTC converts a reading that overflows int64 microseconds
// when read as UTC.
func wideLocalToUTC(t *tsText, zone *Zone) (int64, bool) {
	if t.month < 1 || t.month > 12 || t.day < 1 || t.day > int64(daysIn(int(t.year), int(t.month))) {
		return 0, false
	}
	days := daysFromCivil(t.year, t.month, t.day)
	sec := zone.localToUTCSec(days*86400+t.hour*3600+t.minute*60+t.second, noPreference)
	return secMicros(sec, t.micros)
}

// ParseTimestampNTZ reads s as a TIMESTAMP_NTZ: a zone in the text is
// ignored when allowZone (CAST), refused otherwise (the literal).
func ParseTimestampNTZ(s string, allowZone bool) (int64, bool) {
	t, ok := parseTimestampText(s)
	if !ok || t.justTime || t.hasZone && !allowZone {
		return 0, false
	}
	return t.wallMicros()
}

// CastStringToTimestamp is CAST(VARCHAR AS TIMESTAMP) in the named
// session zone; text that does not read raises CAST_INVALID_INPUT.
func CastStringToTimestamp(s string, zc *ZoneCursor) (int64, *Error) {
	v, ok := ParseTimestamp(s, zc.Zone())
	if !ok {
		return 0, castInvalid(s, sparkTimestamp)
	}
	return v, nil
}

// CastStringToTimestampUTC is CastStringToTimestamp in UTC.
func CastStringToTimestampUTC(s string) (int64, *Error) {
	v, ok := ParseTimestamp(s, UTC)
	if !ok {
		return 0, castInvalid(s, sparkTimestamp)
	}
	return v, nil
}

// CastStringToTimestampNTZ is CAST(VARCHAR AS TIMESTAMP_NTZ): a zone in
// the text is ignored.
func CastStringToTimestampNTZ(s string) (int64, *Error) {
	v, ok := ParseTimestampNTZ(s, true)
	if !ok {
		return 0, castInvalid(s, sparkTimestampNTZ)
	}
	return v, nil
}

// FormatTimestampNTZ writes a wall-clock reading as yyyy-MM-dd HH:mm:ss
// and, when the microseconds are not zero, the fraction without trailing
// zeros (10.4); the year as DATE's.
func FormatTimestampNTZ(us int64) string {
	sec, frac := floorDivMod(us, 1e6)
	return formatWall(sec, frac)
}

// formatWall writes the reading sec seconds and frac microseconds.
func formatWall(sec, frac int64) string {
	days, tod := floorDivMod(sec, 86400)
	b := make([]byte, 0, 32)
	b = append(b, FormatDate(int32(days))...)
	b = append(b, ' ')
	b = pad0(b, tod/3600, 2)
	b = append(b, ':')
	b = pad0(b, tod/60%60, 2)
	b = append(b, ':')
	b = pad0(b, tod%60, 2)
	if frac != 0 {
		b = append(b, '.')
		n := 6
		for frac%10 == 0 {
			frac /= 10
			n--
		}
		b = pad0(b, frac, n)
	}
	return string(b)
}

// CastTimestampToStringUTC is CAST(TIMESTAMP AS VARCHAR) in UTC.
func CastTimestampToStringUTC(us int64) string { return FormatTimestampNTZ(us) }

// CastTimestampToString is CAST(TIMESTAMP AS VARCHAR): the reading in the
// session zone.
func CastTimestampToString(us int64, z *ZoneCursor) string {
	sec, frac := floorDivMod(us, 1e6)
	return formatWall(sec+int64(z.OffsetSeconds(sec)), frac)
}

// CastTimestampNTZToString is CAST(TIMESTAMP_NTZ AS VARCHAR).
func CastTimestampNTZToString(us int64) string { return FormatTimestampNTZ(us) }

// CastTimestampNTZToDate is CAST(TIMESTAMP_NTZ AS DATE), and
// CAST(TIMESTAMP AS DATE) in UTC: the reading's day.
func CastTimestampNTZToDate(us int64) int32 {
	d, _ := floorDivMod(us, microsPerDay)
	return int32(d)
}

// CastTimestampToDate is CAST(TIMESTAMP AS DATE): the day of the reading
// in the session zone.
func CastTimestampToDate(us int64, z *ZoneCursor) int32 {
	sec, _ := floorDivMod(us, 1e6)
	d, _ := floorDivMod(sec+int64(z.OffsetSeconds(sec)), 86400)
	return int32(d)
}

// CastDateToTimestampNTZ is CAST(DATE AS TIMESTAMP_NTZ), and
// CAST(DATE AS TIMESTAMP) in UTC: 00:00 of the day.
func CastDateToTimestampNTZ(d int32) int64 { return int64(d) * microsPerDay }

// CastDateToTimestamp is CAST(DATE AS TIMESTAMP): the start of the day in
// the session zone (LocalDate.atStartOfDay: a gap at midnight moves it
// later). Every DATE's start is inside the TIMESTAMP range.
func CastDateToTimestamp(d int32, zc *ZoneCursor) int64 {
	return zc.Zone().localToUTCSec(int64(d)*86400, noPreference) * 1e6
}

// CastTimestampToTimestampNTZ is CAST(TIMESTAMP AS TIMESTAMP_NTZ): the
// reading in the session zone; one beyond the range raises CAST_OVERFLOW.
func CastTimestampToTimestampNTZ(us int64, zc *ZoneCursor) (int64, *Error) {
	v, ok := zc.ToLocal(us)
	if !ok {
		return 0, castOverflowInt64(us, sparkTimestampNTZ)
	}
	return v, nil
}

// CastTimestampNTZToTimestamp is CAST(TIMESTAMP_NTZ AS TIMESTAMP): the
// reading in the session zone, by the gap and overlap rules; an instant
// beyond the range raises CAST_OVERFLOW.
func CastTimestampNTZToTimestamp(us int64, zc *ZoneCursor) (int64, *Error) {
	v, ok := zc.FromLocal(us, NoPreference)
	if !ok {
		return 0, castOverflowInt64(us, sparkTimestamp)
	}
	return v, nil
}

// CastTimestampToInt64 is CAST(TIMESTAMP AS BIGINT): whole seconds,
// floored (Cast.timestampToLong), and UnixSeconds.
func CastTimestampToInt64(us int64) int64 {
	s, _ := floorDivMod(us, 1e6)
	return s
}

// CastTimestampToInt32 is CAST(TIMESTAMP AS INT): the floored seconds,
// CAST_OVERFLOW beyond INT.
func CastTimestampToInt32(us int64) (int32, *Error) {
	s := CastTimestampToInt64(us)
	if s != int64(int32(s)) {
		return 0, castOverflowInt64(s, sparkInt)
	}
	return int32(s), nil
}

// CastTimestampToInt16 is CAST(TIMESTAMP AS SMALLINT).
func CastTimestampToInt16(us int64) (int16, *Error) {
	s := CastTimestampToInt64(us)
	if s != int64(int16(s)) {
		return 0, castOverflowInt64(s, sparkSmallint)
	}
	return int16(s), nil
}

// CastTimestampToInt8 is CAST(TIMESTAMP AS TINYINT).
func CastTimestampToInt8(us int64) (int8, *Error) {
	s := CastTimestampToInt64(us)
	if s != int64(int8(s)) {
		return 0, castOverflowInt64(s, sparkTinyint)
	}
	return int8(s), nil
}

// CastTimestampToFloat64 is CAST(TIMESTAMP AS DOUBLE): µs / 10^6.
func CastTimestampToFloat64(us int64) float64 { return float64(us) / 1e6 }

// CastTimestampToFloat32 is CAST(TIMESTAMP AS FLOAT): the DOUBLE narrowed.
func CastTimestampToFloat32(us int64) float32 { return float32(float64(us) / 1e6) }

// CastInt64ToTimestamp is CAST(BIGINT AS TIMESTAMP): that many seconds
// after the epoch; CAST_OVERFLOW beyond the range (Spark saturates).
func CastInt64ToTimestamp(v int64) (int64, *Error) {
	r, ok := secMicros(v, 0)
	if !ok {
		return 0, castOverflowInt64(v, sparkTimestamp)
	}
	return r, nil
}

// CastInt32ToTimestamp is CAST(INT AS TIMESTAMP), never out of range.
func CastInt32ToTimestamp(v int32) int64 { return int64(v) * 1e6 }

// CastFloat64ToTimestamp is CAST(DOUBLE AS TIMESTAMP): seconds × 10^6
// truncated toward zero; NaN and infinities raise CAST_INVALID_INPUT,
// values beyond the range CAST_OVERFLOW (Cast.doubleToTimestampAnsi).
func CastFloat64ToTimestamp(v float64) (int64, *Error) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, NewError(CastInvalidInput, "The value "+FormatDouble(v)+"D of the type \"DOUBLE\" cannot be cast to \"TIMESTAMP\" because it is malformed.")
	}
	m := v * 1e6
	if m >= 9223372036854775807 || m < -9223372036854775808 {
		return 0, castOverflowFloat64(v, sparkTimestamp)
	}
	return int64(m), nil
}

// CastInt8ToTimestamp is CAST(TINYINT AS TIMESTAMP): seconds.
func CastInt8ToTimestamp(v int8) int64 { return int64(v) * 1e6 }

// CastInt16ToTimestamp is CAST(SMALLINT AS TIMESTAMP): seconds.
func CastInt16ToTimestamp(v int16) int64 { return int64(v) * 1e6 }

// CastFloat32ToTimestamp is CAST(FLOAT AS TIMESTAMP), as the DOUBLE.
func CastFloat32ToTimestamp(v float32) (int64, *Error) { return CastFloat64ToTimestamp(float64(v)) }

// CastDecimalToTimestamp is CAST(DECIMAL(p, s) AS TIMESTAMP): the seconds
// × 10^6 truncated toward zero, CAST_OVERFLOW beyond the range (Spark
// wraps; docs/semantics.md 10.10). It reads the exact decimal text: the
// cast is rare, and exactness matters more than speed here.
func CastDecimalToTimestamp(v Decimal, s, p int) (int64, *Error) {
	text := FormatDecimal(v, s)
	neg := strings.HasPrefix(text, "-")
	digits := strings.TrimPrefix(text, "-")
	ip, fp, _ := strings.Cut(digits, ".")
	fp = (fp + "000000")[:6]
	var us uint64
	for _, c := range ip + fp {
		d := uint64(c - '0')
		if us > (1<<64-1-d)/10 {
			return 0, decimalCastOverflow(v, s, p, sparkTimestamp)
		}
		us = us*10 + d
	}
	if neg && us > 1<<63 || !neg && us > 1<<63-1 {
		return 0, decimalCastOverflow(v, s, p, sparkTimestamp)
	}
	if neg {
		return int64(-us), nil
	}
	return int64(us), nil
}
