package rt

import (
	"math"
	"strconv"
	"strings"
)

// TIMESTAMP functions other than the fields and the patterns: zone
// conversions, make_timestamp, timestampadd / timestampdiff and the
// conversions between instants and epoch numbers. Each follows the Spark
// function named in its comment (DateTimeUtils unless said otherwise).

// InvalidFractionOfSecond is Spark's class for make_timestamp's sec = 60
// with a fraction.
const InvalidFractionOfSecond = "INVALID_FRACTION_OF_SECOND"

// InvalidDatetimeUnit is Spark's class for a timestampadd / timestampdiff
// unit it does not know.
const InvalidDatetimeUnit = "INVALID_PARAMETER_VALUE.DATETIME_UNIT"

// appendTimestampText writes a wall-clock reading as CAST(ts AS STRING)
// does (docs/semantics.md 10.4): yyyy-MM-dd HH:mm:ss and the fraction
// without trailing zeros. Used in error messages.
func appendTimestampText(b []byte, days, tod int64) []byte {
	b = append(b, FormatDate(int32(days))...)
	b = append(b, ' ')
	b = append2(b, int(tod/MicrosPerHour))
	b = append2(append(b, ':'), int(tod/MicrosPerMinute%60))
	b = append2(append(b, ':'), int(tod/MicrosPerSecond%60))
	if f := tod % MicrosPerSecond; f != 0 {
		b = append(b, '.')
		digits := appendPad(nil, f, 6)
		for len(digits) > 0 && digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
		}
		b = append(b, digits...)
	}
	return b
}

// timestampText is the text of the TIMESTAMP us in the zone z.
func timestampText(us int64, z *Zone) string {
	d, t := z.LocalDayAndTime(us)
	return string(appendTimestampText(nil, d, t))
}

// zoneArg is a zone argument of a function, parsed (cached) as getZoneId.
func zoneArg(tz string) (*Zone, *Error) { return ParseZoneID(tz) }

// FromUTCTimestamp is from_utc_timestamp(ts, tz): the instant whose UTC
// reading is ts's wall clock in tz (Spark's fromUTCTime, convertTz(ts, UTC,
// tz)): from_utc_timestamp(2016-08-31 00:00 UTC, 'Asia/Seoul') is 09:00 UTC.
// An invalid tz is INVALID_TIMEZONE; a result beyond the range
// ARITHMETIC_OVERFLOW.
func FromUTCTimestamp(us int64, tz string) (int64, *Error) {
	z, err := zoneArg(tz)
	if err != nil {
		return 0, err
	}
	r, ok := z.ToLocal(us)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// ToUTCTimestamp is to_utc_timestamp(ts, tz): ts's UTC reading taken as a
// wall clock in tz (Spark's toUTCTime, convertTz(ts, tz, UTC)), with the gap
// and overlap rules (a reading in a gap moves later, an overlap takes the
// earlier offset).
func ToUTCTimestamp(us int64, tz string) (int64, *Error) {
	z, err := zoneArg(tz)
	if err != nil {
		return 0, err
	}
	r, ok := z.FromLocal(us, NoPreference)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// ConvertTimezone is convert_timezone(sourceTz, targetTz, ntz) (Spark's
// convertTimestampNtzToAnotherTz): the TIMESTAMP_NTZ reading in sourceTz
// converted to the reading of the same instant in targetTz. The two-argument
// form passes the session zone's ID as sourceTz.
func ConvertTimezone(sourceTz, targetTz string, ntz int64) (int64, *Error) {
	from, err := zoneArg(sourceTz)
	if err != nil {
		return 0, err
	}
	return convertTimezone(from, targetTz, ntz)
}

// convertTimezone is ConvertTimezone from the zone from.
func convertTimezone(from *Zone, targetTz string, ntz int64) (int64, *Error) {
	to, err := zoneArg(targetTz)
	if err != nil {
		return 0, err
	}
	inst, ok := from.FromLocal(ntz, NoPreference)
	if !ok {
		return 0, ErrLongOverflow
	}
	r, ok := to.ToLocal(inst)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// fieldOutOfBounds is DATETIME_FIELD_OUT_OF_BOUNDS with java.time's message.
func fieldOutOfBounds(msg string) *Error {
	return NewError(DatetimeFieldOutOfBounds, msg+`. If necessary set "spark.sql.ansi.enabled" to "false" to bypass this error.`)
}

// makeLocal builds the wall-clock reading of make_timestamp as a day and a
// time of day, with LocalDateTime.of's checks. sec is DECIMAL(16,6)'s
// unscaled value (microseconds); 60.000000 is the next minute (PostgreSQL's
// rule, kept by Spark), 60 with a fraction INVALID_FRACTION_OF_SECOND.
func makeLocal(year, month, day, hour, minute int32, sec int64) (days, tod int64, err *Error) {
	s := floorDiv(sec, MicrosPerSecond)
	frac := floorMod(sec, MicrosPerSecond)
	if s == 60 && frac != 0 {
		return 0, 0, NewError(InvalidFractionOfSecond, "Valid range for seconds is [0, 60] (inclusive), but the provided value is "+
			FormatDecimal(DecimalFromInt64(sec), 6)+`. To avoid this error, use `+"`try_make_timestamp`"+`, which returns NULL on error. If you do not want to use the session default timestamp version of this function, use `+"`try_make_timestamp_ntz`"+` or `+"`try_make_timestamp_ltz`"+`.`)
	}
	check := func(name string, v, lo, hi int64) *Error {
		if v < lo || v > hi {
			return fieldOutOfBounds("Invalid value for " + name + " (valid values " + strconv.FormatInt(lo, 10) + " - " +
				strconv.FormatInt(hi, 10) + "): " + strconv.FormatInt(v, 10))
		}
		return nil
	}
	// LocalDateTime.of's order: LocalDate.of (the year, the month, the day
	// of month, then the date itself), then LocalTime.of.
	if err := check("Year", int64(year), -999999999, 999999999); err != nil {
		return 0, 0, err
	}
	if err := check("MonthOfYear", int64(month), 1, 12); err != nil {
		return 0, 0, err
	}
	if err := check("DayOfMonth", int64(day), 1, 31); err != nil {
		return 0, 0, err
	}
	if int(day) > daysIn(int(year), int(month)) {
		name := strings.ToUpper(monthNames[month-1])
		if day == 29 {
			return 0, 0, fieldOutOfBounds("Invalid date 'February 29' as '" + strconv.Itoa(int(year)) + "' is not a leap year")
		}
		return 0, 0, fieldOutOfBounds("Invalid date '" + name + " " + strconv.Itoa(int(day)) + "'")
	}
	if err := check("HourOfDay", int64(hour), 0, 23); err != nil {
		return 0, 0, err
	}
	if err := check("MinuteOfHour", int64(minute), 0, 59); err != nil {
		return 0, 0, err
	}
	if s != 60 {
		if err := check("SecondOfMinute", s, 0, 59); err != nil {
			return 0, 0, err
		}
	}
	days = daysFromCivil(int64(year), int64(month), int64(day))
	tod = int64(hour)*MicrosPerHour + int64(minute)*MicrosPerMinute + s*MicrosPerSecond + frac
	if tod >= MicrosPerDay { // 23:59:60
		tod -= MicrosPerDay
		days++
		if year == 999999999 && month == 12 && day == 31 { // plusMinutes(1) past LocalDateTime.MAX
			return 0, 0, check("Year", 1000000000, -999999999, 999999999)
		}
	}
	return days, tod, nil
}

// MakeTimestamp is make_timestamp(year, month, day, hour, min, sec) (and
// make_timestamp_ltz) in the session zone z: the reading resolved with the
// gap and overlap rules. sec is DECIMAL(16,6), passed as its unscaled value
// (microseconds: 45.5 s is 45500000). Fields out of range raise
// DATETIME_FIELD_OUT_OF_BOUNDS (Spark's ANSI mode; try_make_timestamp's
// guard is MakeTimestampFieldsValid), an instant beyond the range
// ARITHMETIC_OVERFLOW.
func MakeTimestamp(year, month, day, hour, minute int32, sec int64, z *Zone) (int64, *Error) {
	days, tod, err := makeLocal(year, month, day, hour, minute, sec)
	if err != nil {
		return 0, err
	}
	r, ok := z.fromLocalParts(days, tod, NoPreference)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// MakeTimestampTz is make_timestamp(year, month, day, hour, min, sec, tz):
// the reading in the zone tz (INVALID_TIMEZONE when getZoneId refuses it).
func MakeTimestampTz(year, month, day, hour, minute int32, sec int64, tz string) (int64, *Error) {
	z, err := zoneArg(tz)
	if err != nil {
		return 0, err
	}
	return MakeTimestamp(year, month, day, hour, minute, sec, z)
}

// MakeTimestampNTZ is make_timestamp_ntz(year, month, day, hour, min, sec):
// the reading itself, a TIMESTAMP_NTZ.
func MakeTimestampNTZ(year, month, day, hour, minute int32, sec int64) (int64, *Error) {
	return MakeTimestamp(year, month, day, hour, minute, sec, UTC)
}

// addMonthsToDay adds months to a date with the day clamped to the new month's
// length (LocalDate.plusMonths); ok is false beyond java.time's years.
func addMonthsToDay(days int64, months int64) (int64, bool) {
	y, m, d := YMD(int32(days))
	total := int64(y)*12 + int64(m-1) + months
	ny, nm := floorDiv(total, 12), floorMod(total, 12)+1
	if ny < -999999999 || ny > 999999999 {
		return 0, false
	}
	nd := min(d, daysIn(int(ny), int(nm)))
	return daysFromCivil(ny, nm, int64(nd)), true
}

// TimestampAddMonths is ts + months as ZonedDateTime.plusMonths in the zone
// z (UTC for TIMESTAMP_NTZ): the date moves by whole months with the day
// clamped to the month's last, the time of day is kept, and the reading is
// resolved preferring ts's own offset (docs/semantics.md 10.7, Spark's
// timestampAddMonths). ok is false beyond the range.
func TimestampAddMonths(us int64, months int64, z *ZoneCursor) (int64, bool) {
	days, tod := z.LocalDayAndTime(us)
	nd, ok := addMonthsToDay(days, months)
	if !ok {
		return 0, false
	}
	return z.fromLocalParts(nd, tod, z.OffsetSeconds(floorDiv(us, MicrosPerSecond)))
}

// TimestampAddDayTime is ts + dt (microseconds) as Spark's
// timestampAddDayTime: the whole days of dt (toward zero) are added to the
// date in the zone preferring ts's offset (plusDays: a day may be 23 or 25
// hours), then the rest as elapsed microseconds. ok is false beyond the
// range.
func TimestampAddDayTime(us int64, dt int64, z *ZoneCursor) (int64, bool) {
	d := dt / MicrosPerDay
	rest := dt - d*MicrosPerDay
	r := us
	if d != 0 {
		var ok bool
		if r, ok = timestampAddDays(us, d, z); !ok {
			return 0, false
		}
	}
	return addExact(r, rest)
}

// addExact is a + b, ok false on overflow.
func addExact(a, b int64) (int64, bool) {
	r := a + b
	if (a > 0 && b > 0 && r < 0) || (a < 0 && b < 0 && r >= 0) {
		return 0, false
	}
	return r, true
}

// mulExact is a * b, ok false on overflow.
func mulExact(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	r := a * b
	if r/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return r, true
}

// dtUnit is a unit of timestampadd / timestampdiff.
type dtUnit uint8

const (
	unitNone dtUnit = iota
	unitMicrosecond
	unitMillisecond
	unitSecond
	unitMinute
	unitHour
	unitDay
	unitDayOfYear // timestampadd only
	unitWeek
	unitMonth
	unitQuarter
	unitYear
)

var dtUnitNames = [...]string{"", "MICROSECOND", "MILLISECOND", "SECOND", "MINUTE", "HOUR", "DAY", "DAYOFYEAR",
	"WEEK", "MONTH", "QUARTER", "YEAR"}

// dtUnitSize is each unit in microseconds (up to WEEK) or in months (MONTH,
// QUARTER, YEAR).
var dtUnitSize = [...]int64{unitMicrosecond: 1, unitMillisecond: MicrosPerMilli, unitSecond: MicrosPerSecond,
	unitMinute: MicrosPerMinute, unitHour: MicrosPerHour, unitDay: MicrosPerDay, unitDayOfYear: MicrosPerDay,
	unitWeek: 7 * MicrosPerDay, unitMonth: 1, unitQuarter: 3, unitYear: 12}

// parseDtUnit reads a unit in any case; the binder passes it upper-case,
// which the switch finds without a loop.
func parseDtUnit(unit string) dtUnit {
	switch unit {
	case "MICROSECOND":
		return unitMicrosecond
	case "MILLISECOND":
		return unitMillisecond
	case "SECOND":
		return unitSecond
	case "MINUTE":
		return unitMinute
	case "HOUR":
		return unitHour
	case "DAY":
		return unitDay
	case "DAYOFYEAR":
		return unitDayOfYear
	case "WEEK":
		return unitWeek
	case "MONTH":
		return unitMonth
	case "QUARTER":
		return unitQuarter
	case "YEAR":
		return unitYear
	}
	for u := unitMicrosecond; u <= unitYear; u++ {
		if strings.EqualFold(unit, dtUnitNames[u]) {
			return u
		}
	}
	return unitNone
}

// invalidUnit is INVALID_PARAMETER_VALUE.DATETIME_UNIT for fn
// (TIMESTAMPADD or TIMESTAMPDIFF), with Spark's message.
func invalidUnit(fn, unit string) *Error {
	return NewError(InvalidDatetimeUnit, InvalidDatetimeUnitMessage(fn, quoteString(unit)))
}

// InvalidDatetimeUnitMessage is the message of
// INVALID_PARAMETER_VALUE.DATETIME_UNIT for the function fn and the unit
// as written (a string literal with its quotes): the parser's for a string
// unit, the kernels' for TIMESTAMPDIFF(DAYOFYEAR, ...).
func InvalidDatetimeUnitMessage(fn, literal string) string {
	return "The value of parameter(s) `unit` in `" + fn + "` is invalid: expects one of the units without quotes " +
		"YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND, but got the string literal " +
		literal + "."
}

// TimestampAddUnitValid reports whether timestampadd knows the unit
// (MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY, DAYOFYEAR, WEEK,
// MONTH, QUARTER, YEAR, in any case), for the binder: Spark's parser takes
// the unit as a keyword, so a bad one is a compile error.
func TimestampAddUnitValid(unit string) bool { return parseDtUnit(unit) != unitNone }

// TimestampDiffUnitValid is TimestampAddUnitValid for timestampdiff, which
// has no DAYOFYEAR.
func TimestampDiffUnitValid(unit string) bool {
	u := parseDtUnit(unit)
	return u != unitNone && u != unitDayOfYear
}

// TimestampAdd is timestampadd(unit, quantity, ts) / dateadd in the zone z
// (UTC for TIMESTAMP_NTZ), as Spark 4's timestampAdd (timestampAddInterval):
// MICROSECOND to HOUR add elapsed microseconds (24 HOURs is 23 or 25 hours
// of wall clock across a DST change), DAY / DAYOFYEAR and WEEK add calendar
// days to the reading preferring ts's offset (ZonedDateTime.plusDays),
// MONTH, QUARTER and YEAR months with TimestampAddMonths. An unknown unit is
// INVALID_PARAMETER_VALUE.DATETIME_UNIT; an overflow of the quantity (Spark's
// is an INT) or of the result DATETIME_OVERFLOW (where Spark lets the
// microsecond sum wrap, exprc raises).
func TimestampAdd(unit string, quantity int64, us int64, z *Zone) (int64, *Error) {
	u := parseDtUnit(unit)
	var r int64
	ok := true
	switch u {
	case unitNone:
		return 0, invalidUnit("TIMESTAMPADD", unit)
	case unitMonth, unitQuarter, unitYear:
		var months int64
		if months, ok = mulExact(quantity, dtUnitSize[u]); ok && months == int64(int32(months)) {
			r, ok = TimestampAddMonths(us, months, z.Cursor())
		} else {
			ok = false
		}
	case unitDay, unitDayOfYear, unitWeek:
		var days int64
		if days, ok = mulExact(quantity, dtUnitSize[u]/MicrosPerDay); ok && days == int64(int32(days)) {
			r, ok = timestampAddDays(us, days, z.Cursor())
		} else {
			ok = false
		}
	default:
		var dt int64
		if dt, ok = mulExact(quantity, dtUnitSize[u]); ok {
			r, ok = addExact(us, dt)
		}
	}
	if !ok {
		return 0, NewError(DatetimeOverflow, "Datetime operation overflow: add "+strconv.FormatInt(quantity, 10)+" "+
			dtUnitNames[u]+" to TIMESTAMP "+quoteString(timestampText(us, z))+".")
	}
	return r, nil
}

// timestampAddDays is ZonedDateTime.plusDays: days added to the reading,
// resolved preferring us's offset.
func timestampAddDays(us, days int64, z *ZoneCursor) (int64, bool) {
	if z.IsFixed() {
		dt, ok := mulExact(days, MicrosPerDay)
		if !ok {
			return 0, false
		}
		return addExact(us, dt)
	}
	d, tod := z.LocalDayAndTime(us)
	sec := floorDiv(us, MicrosPerSecond)
	if dt, ok := mulExact(days, MicrosPerDay); ok {
		// The moved reading at ts's own offset is the instant r; when r is
		// in ts's period it has that offset, so the reading resolves to it
		// (preferring ts's offset in an overlap): no lookup.
		if r, ok := addExact(us, dt); ok && z.inPeriod(sec) && z.inPeriod(floorDiv(r, MicrosPerSecond)) {
			return r, true
		}
	}
	return z.fromLocalParts(d+days, tod, z.OffsetSeconds(sec))
}

// TimestampDiff is timestampdiff(unit, start, end) / datediff(unit, ...) in
// the zone z (UTC for TIMESTAMP_NTZ), as Spark's timestampDiff: the two
// wall-clock readings are compared as java.time's LocalDateTime.until. Time
// units count whole units of the reading difference (toward zero); DAY and
// WEEK whole days of it; MONTH, QUARTER and YEAR whole months, a month
// counting only when the day and time of day are reached (Jan 31 to Feb 29
// is 0 months). A difference beyond BIGINT (only for MICROSECOND across
// almost the whole range) raises ARITHMETIC_OVERFLOW.
func TimestampDiff(unit string, start, end int64, z *Zone) (int64, *Error) {
	u := parseDtUnit(unit)
	if u == unitNone || u == unitDayOfYear {
		return 0, invalidUnit("TIMESTAMPDIFF", unit)
	}
	sd, st := z.LocalDayAndTime(start)
	ed, et := z.LocalDayAndTime(end)
	switch u {
	case unitMicrosecond, unitMillisecond, unitSecond, unitMinute, unitHour:
		days, t := ed-sd, et-st
		if days > 0 && t < 0 {
			days--
			t += MicrosPerDay
		} else if days < 0 && t > 0 {
			days++
			t -= MicrosPerDay
		}
		per := dtUnitSize[u]
		a, ok := mulExact(days, MicrosPerDay/per)
		if ok {
			a, ok = addExact(a, t/per)
		}
		if !ok {
			return 0, ErrLongOverflow
		}
		return a, nil
	}
	// The date units: the end date moves a day toward the start when its
	// time of day is not yet reached.
	if ed > sd && et < st {
		ed--
	} else if ed < sd && et > st {
		ed++
	}
	switch u {
	case unitDay:
		return ed - sd, nil
	case unitWeek:
		return (ed - sd) / 7, nil
	}
	y1, m1, d1 := YMD(int32(sd))
	y2, m2, d2 := YMD(int32(ed))
	p1 := (int64(y1)*12+int64(m1-1))*32 + int64(d1)
	p2 := (int64(y2)*12+int64(m2-1))*32 + int64(d2)
	months := (p2 - p1) / 32
	switch u {
	case unitQuarter:
		return months / 3, nil
	case unitYear:
		return months / 12, nil
	}
	return months, nil
}

// UnixMicros is unix_micros(ts): the microseconds since the epoch.
func UnixMicros(us int64) int64 { return us }

// UnixMillis is unix_millis(ts): whole milliseconds since the epoch,
// floored (-1 µs is -1 ms).
func UnixMillis(us int64) int64 { return floorDiv(us, MicrosPerMilli) }

// UnixSeconds is unix_seconds(ts), and unix_timestamp(ts) /
// to_unix_timestamp(ts) of a TIMESTAMP: whole seconds, floored.
func UnixSeconds(us int64) int64 { return floorDiv(us, MicrosPerSecond) }

// UnixTimestampDate is unix_timestamp(d) of a DATE: the seconds of its start
// of day in the zone z (StartOfDay's rules), computed in seconds so that
// every DATE has one, even those beyond the TIMESTAMP range.
func UnixTimestampDate(d int32, z *Zone) int64 {
	sec := int64(d) * 86400
	if !z.IsFixed() {
		if at, ok := z.gapAt(sec); ok {
			return at
		}
	}
	return sec - int64(z.resolveSec(sec, NoPreference))
}

// TimestampSeconds is timestamp_seconds(n) of an integer: n seconds after
// the epoch; beyond the TIMESTAMP range ARITHMETIC_OVERFLOW (Spark's
// multiplyExact, "long overflow").
func TimestampSeconds(n int64) (int64, *Error) {
	r, ok := mulExact(n, MicrosPerSecond)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampMillis is timestamp_millis(n): n milliseconds after the epoch,
// ARITHMETIC_OVERFLOW beyond the range.
func TimestampMillis(n int64) (int64, *Error) {
	r, ok := mulExact(n, MicrosPerMilli)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampMicros is timestamp_micros(n): n microseconds after the epoch
// (every BIGINT is a TIMESTAMP).
func TimestampMicros(n int64) int64 { return n }

// TimestampSecondsFloat64Defined is the guard of timestamp_seconds(x) of a
// DOUBLE or FLOAT: Spark returns NULL for NaN and the infinities.
func TimestampSecondsFloat64Defined(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// TimestampSecondsFloat64 is timestamp_seconds(x) of a DOUBLE (a FLOAT is
// widened first): x * 10^6 truncated toward zero. Spark's Double.toLong
// saturates beyond the range; exprc raises ARITHMETIC_OVERFLOW there, as its
// casts do (docs/semantics.md 10.10). NaN and the infinities give 0, which
// the guard makes NULL.
func TimestampSecondsFloat64(x float64) (int64, *Error) {
	if !TimestampSecondsFloat64Defined(x) {
		return 0, nil
	}
	v := x * float64(MicrosPerSecond)
	if v >= 9223372036854775807.0 || v < -9223372036854775808.0 {
		return 0, ErrLongOverflow
	}
	return int64(v), nil
}
