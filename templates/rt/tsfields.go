package rt

import "strings"

// Fields of a TIMESTAMP in a zone (year(ts), hour(ts), EXTRACT(... FROM ts))
// and date_trunc. A TIMESTAMP_NTZ is the same microseconds read in UTC: its
// kernels are these with the zone UTC (Spark's zoneIdForType). Every field is
// read from the wall-clock reading split into a day and a time of day with
// floor division, so the microsecond before the epoch is 1969-12-31
// 23:59:59.999999, not 1970-01-01 with a negative second.

// TimestampToDate is the zone's date of the TIMESTAMP us, days since
// 1970-01-01: CAST(ts AS DATE) (Spark's microsToDays), and the day the DATE
// fields of ts are read from. Every TIMESTAMP's date fits a DATE.
func TimestampToDate(us int64, z *ZoneCursor) int32 {
	d, _ := z.LocalDayAndTime(us)
	return int32(d)
}

// timeOfDay is the microseconds since the zone's midnight of us's day.
func timeOfDay(us int64, z *ZoneCursor) int64 {
	_, t := z.LocalDayAndTime(us)
	return t
}

// YearTimestamp is year(ts): the proleptic year of ts's date in the zone.
func YearTimestamp(us int64, z *ZoneCursor) int32 { return Year(TimestampToDate(us, z)) }

// QuarterTimestamp is quarter(ts), 1 to 4.
func QuarterTimestamp(us int64, z *ZoneCursor) int32 { return Quarter(TimestampToDate(us, z)) }

// MonthTimestamp is month(ts), 1 to 12.
func MonthTimestamp(us int64, z *ZoneCursor) int32 { return Month(TimestampToDate(us, z)) }

// DayTimestamp is day(ts) / dayofmonth(ts), 1 to 31.
func DayTimestamp(us int64, z *ZoneCursor) int32 { return Day(TimestampToDate(us, z)) }

// DayOfWeekTimestamp is dayofweek(ts): 1 for Sunday to 7 for Saturday.
func DayOfWeekTimestamp(us int64, z *ZoneCursor) int32 { return DayOfWeek(TimestampToDate(us, z)) }

// DayOfYearTimestamp is dayofyear(ts), 1 to 366.
func DayOfYearTimestamp(us int64, z *ZoneCursor) int32 { return DayOfYear(TimestampToDate(us, z)) }

// WeekOfYearTimestamp is weekofyear(ts): the ISO 8601 week, 1 to 53.
func WeekOfYearTimestamp(us int64, z *ZoneCursor) int32 { return WeekOfYear(TimestampToDate(us, z)) }

// HourTimestamp is hour(ts), 0 to 23 on the zone's clock.
func HourTimestamp(us int64, z *ZoneCursor) int32 { return int32(timeOfDay(us, z) / MicrosPerHour) }

// MinuteTimestamp is minute(ts), 0 to 59.
func MinuteTimestamp(us int64, z *ZoneCursor) int32 {
	return int32(timeOfDay(us, z) / MicrosPerMinute % 60)
}

// SecondTimestamp is second(ts), 0 to 59 (the fraction dropped).
func SecondTimestamp(us int64, z *ZoneCursor) int32 {
	return int32(timeOfDay(us, z) / MicrosPerSecond % 60)
}

// SecondWithFractionTimestamp is EXTRACT(SECOND FROM ts) / date_part('SECOND',
// ts), whose type in Spark is DECIMAL(8,6): the seconds of the minute with
// their microseconds, returned as that DECIMAL's unscaled value (0 to
// 59999999; 10.000001 s is 10000001).
func SecondWithFractionTimestamp(us int64, z *ZoneCursor) int64 {
	return timeOfDay(us, z) % MicrosPerMinute
}

// tsTruncLevel is a unit of date_trunc, in Spark's order (DateTimeUtils'
// TRUNC_TO_*): the date levels are those of trunc(date).
type tsTruncLevel uint8

const (
	tsTruncNone tsTruncLevel = iota
	tsTruncMicrosecond
	tsTruncMillisecond
	tsTruncSecond
	tsTruncMinute
	tsTruncHour
	tsTruncDay
	tsTruncWeek
	tsTruncMonth
	tsTruncQuarter
	tsTruncYear
)

// parseTsTruncLevel is Spark's parseTruncLevel: fmt in any case (upper-cased
// as Locale.ROOT does), not trimmed; anything else is tsTruncNone (NULL).
// Generated code calls it on every row (in the guard and in the kernel)
// with the constant unit, so an ASCII unit of up to 7 bytes is read as one
// word: each byte with bit 5 cleared (which upper-cases a letter and keeps
// every other byte a non-letter), the length in the top byte, compared
// with the names' words. Longer text and text that is not ASCII (which may
// still fold to a name: 'ſecond') take the Unicode comparison.
func parseTsTruncLevel(fmt string) tsTruncLevel {
	n := len(fmt)
	if n == 0 || n > 7 {
		return parseTsTruncLevelFold(fmt)
	}
	var w uint64
	for i := 0; i < n; i++ {
		c := fmt[i]
		if c >= 0x80 {
			return parseTsTruncLevelFold(fmt)
		}
		w |= uint64(c&^0x20) << (8 * i)
	}
	w |= uint64(n) << 56
	for _, u := range &tsTruncWords {
		if u.w == w {
			return u.lvl
		}
	}
	return tsTruncNone
}

// truncWord is parseTsTruncLevel's word of an upper-case name.
func truncWord(name string) uint64 {
	w := uint64(len(name)) << 56
	for i := 0; i < len(name); i++ {
		w |= uint64(name[i]) << (8 * i)
	}
	return w
}

// tsTruncWords are the words of the names of up to 7 letters, the most
// used first.
var tsTruncWords = func() (t [13]struct {
	w   uint64
	lvl tsTruncLevel
}) {
	k := 0
	for _, u := range []string{"HOUR", "DAY", "MINUTE", "MONTH", "YEAR", "WEEK", "SECOND", "QUARTER", "DD", "MON", "MM", "YYYY", "YY"} {
		t[k].w, t[k].lvl = truncWord(u), readTsTruncName(u)
		k++
	}
	return t
}()

// readTsTruncName is the level of an upper-case name of tsTruncNames.
func readTsTruncName(name string) tsTruncLevel {
	for _, u := range tsTruncNames {
		if u.name == name {
			return u.lvl
		}
	}
	panic("rt: no date_trunc unit " + name)
}

// parseTsTruncLevelFold is parseTsTruncLevel for text that is not ASCII.
func parseTsTruncLevelFold(fmt string) tsTruncLevel {
	for _, u := range tsTruncNames {
		if strings.EqualFold(fmt, u.name) {
			return u.lvl
		}
	}
	return tsTruncNone
}

// tsTruncNames are date_trunc's unit names.
var tsTruncNames = [...]struct {
	name string
	lvl  tsTruncLevel
}{
	{"MICROSECOND", tsTruncMicrosecond}, {"MILLISECOND", tsTruncMillisecond}, {"SECOND", tsTruncSecond},
	{"MINUTE", tsTruncMinute}, {"HOUR", tsTruncHour}, {"DAY", tsTruncDay}, {"DD", tsTruncDay},
	{"WEEK", tsTruncWeek}, {"MON", tsTruncMonth}, {"MONTH", tsTruncMonth}, {"MM", tsTruncMonth},
	{"QUARTER", tsTruncQuarter}, {"YEAR", tsTruncYear}, {"YYYY", tsTruncYear}, {"YY", tsTruncYear},
}

// DateTruncDefined is the guard of date_trunc(fmt, ts): whether fmt names a
// unit (else date_trunc is NULL, as Spark's truncTimestamp returns for
// TRUNC_INVALID).
func DateTruncDefined(fmt string, _ int64) bool { return parseTsTruncLevel(fmt) != tsTruncNone }

// DateTrunc is date_trunc(fmt, ts) for a TIMESTAMP in the zone z (UTC for a
// TIMESTAMP_NTZ), as Spark's truncTimestamp:
//
//   - MICROSECOND, MILLISECOND, SECOND truncate the instant itself (an offset
//     is whole seconds), floored: -1 µs truncates to -1 s;
//   - MINUTE, HOUR, DAY / DD truncate the wall-clock reading and resolve it
//     back preferring ts's own offset (ZonedDateTime.truncatedTo), so the
//     hour of an overlap stays on its side; a reading in a gap moves later
//     by the gap's length;
//   - WEEK (to Monday), MON / MONTH / MM, QUARTER, YEAR / YYYY / YY take the
//     first day of the date's unit and its start of day in the zone (the end
//     of the gap when midnight is skipped).
//
// A result outside the TIMESTAMP range raises ARITHMETIC_OVERFLOW (Java's
// "long overflow"); a fmt that names no unit gives ts, which the guard makes
// NULL.
func DateTrunc(fmt string, us int64, z *ZoneCursor) (int64, *Error) {
	return dateTrunc(parseTsTruncLevel(fmt), us, z)
}

// dateTrunc is DateTrunc of the unit lvl.
func dateTrunc(lvl tsTruncLevel, us int64, z *ZoneCursor) (int64, *Error) {
	switch lvl {
	case tsTruncNone, tsTruncMicrosecond:
		return us, nil
	case tsTruncMillisecond:
		return us - floorMod(us, MicrosPerMilli), nil
	case tsTruncSecond:
		return us - floorMod(us, MicrosPerSecond), nil
	}
	days, tod := z.LocalDayAndTime(us)
	var unit int64
	switch lvl {
	case tsTruncMinute:
		unit = MicrosPerMinute
	case tsTruncHour:
		unit = MicrosPerHour
	case tsTruncDay:
		unit = MicrosPerDay
	}
	if unit != 0 {
		// The truncated reading at ts's own offset is the instant r; when r
		// is in ts's period it has that offset, so the reading resolves to
		// it (preferring ts's offset in an overlap): no lookup.
		r := us - tod%unit
		if r <= us && z.inPeriod(floorDiv(us, MicrosPerSecond)) && z.inPeriod(floorDiv(r, MicrosPerSecond)) {
			return r, nil
		}
		pref := z.OffsetSeconds(floorDiv(us, MicrosPerSecond))
		r, ok := z.fromLocalParts(days, tod-tod%unit, pref)
		if !ok {
			return 0, ErrLongOverflow
		}
		return r, nil
	}
	d := int32(days)
	var first int32
	switch lvl {
	case tsTruncWeek:
		first, _ = TruncDate(d, "WEEK")
	case tsTruncMonth:
		first, _ = TruncDate(d, "MONTH")
	case tsTruncQuarter:
		first, _ = TruncDate(d, "QUARTER")
	default:
		first, _ = TruncDate(d, "YEAR")
	}
	r, ok := z.StartOfDay(int64(first))
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}
