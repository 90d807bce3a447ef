package rt

// The TIMESTAMP kernels as SQL functions call them: they take the query's
// session zone (ir.Signature.KernelZone) last, as a *ZoneCursor. Generated
// code resolves the zone once (a package-level *Zone per zone) and takes
// one cursor of it per batch, so consecutive rows in one period between two
// offset changes find their offset with two comparisons; the interpreter
// takes a cursor per call. TIMESTAMP_NTZ forms take no zone: their
// arithmetic is UTC's.

// utcCursor is a cursor over UTC. A fixed zone's cursor is never written
// (its one period is every instant), so the NTZ kernels share this one.
var utcCursor = UTC.Cursor()

// HourTimestampIn is hour(ts) in the session zone (a row in the cursor's
// period finds its offset there: HourTimestampFast, which generated code
// inlines, is that case alone).
func HourTimestampIn(us int64, zc *ZoneCursor) int32 {
	return HourTimestamp(us, zc)
}

// MinuteTimestampIn is minute(ts) in the session zone.
func MinuteTimestampIn(us int64, zc *ZoneCursor) int32 {
	return MinuteTimestamp(us, zc)
}

// SecondTimestampIn is second(ts) in the session zone.
func SecondTimestampIn(us int64, zc *ZoneCursor) int32 {
	return SecondTimestamp(us, zc)
}

// HourTimestampNTZ is hour(ntz): the reading's hour.
func HourTimestampNTZ(us int64) int32 { return HourTimestamp(us, utcCursor) }

// MinuteTimestampNTZ is minute(ntz).
func MinuteTimestampNTZ(us int64) int32 { return MinuteTimestamp(us, utcCursor) }

// SecondTimestampNTZ is second(ntz).
func SecondTimestampNTZ(us int64) int32 { return SecondTimestamp(us, utcCursor) }

// TimestampAddYMIn is ts + a YEAR-MONTH interval in the session zone
// (docs/semantics.md 10.7): the reading moves by months, the day clamped
// to the month's end, resolved back with the starting offset preferred.
// ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddYMIn(us int64, months int32, zc *ZoneCursor) (int64, *Error) {
	r, ok := TimestampAddMonths(us, int64(months), zc)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubYMIn is ts - a YEAR-MONTH interval in the session zone.
func TimestampSubYMIn(us int64, months int32, zc *ZoneCursor) (int64, *Error) {
	r, ok := TimestampAddMonths(us, -int64(months), zc)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampAddDTIn is ts + a DAY-TIME interval in the session zone: the
// whole days on the calendar (starting offset preferred), the rest as
// elapsed time. ARITHMETIC_OVERFLOW outside the TIMESTAMP range. Its fast
// path: when ts plus the whole days, as elapsed time, is still in ts's
// period, that is the day's same reading at the same offset.
func TimestampAddDTIn(us, dt int64, zc *ZoneCursor) (int64, *Error) {
	if r, ok := TimestampAddDTFast(us, dt, zc); ok {
		return r, nil
	}
	return timestampAddDT(us, dt, zc)
}

// timestampAddDT is TimestampAddDTIn's general path.
func timestampAddDT(us, dt int64, zc *ZoneCursor) (int64, *Error) {
	r, ok := TimestampAddDayTime(us, dt, zc)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubDTIn is ts - a DAY-TIME interval in the session zone.
func TimestampSubDTIn(us, dt int64, zc *ZoneCursor) (int64, *Error) {
	if dt == minInt64 {
		return 0, ErrLongOverflow
	}
	return TimestampAddDTIn(us, -dt, zc)
}

// minInt64 is the one DAY-TIME interval that cannot be negated.
const minInt64 = -1 << 63

// TimestampSubYMUTC is ntz - a YEAR-MONTH interval (and ts - ym in UTC).
func TimestampSubYMUTC(us int64, months int32) (int64, *Error) {
	r, ok := TimestampAddMonths(us, -int64(months), utcCursor)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubDTUTC is ntz - a DAY-TIME interval.
func TimestampSubDTUTC(us, dt int64) (int64, *Error) { return SubInt64(us, dt) }

// SubtractTimestampsIn is ts1 - ts2 in the session zone: the difference
// of the wall-clock readings, a DAY-TIME interval.
func SubtractTimestampsIn(end, start int64, zc *ZoneCursor) (int64, *Error) {
	return SubtractTimestamps(end, start, zc)
}

// DateFormatTimestampIn is date_format(ts, fmt) in the session zone.
func DateFormatTimestampIn(us int64, pattern string, zc *ZoneCursor) (string, *Error) {
	return DateFormatTimestamp(us, pattern, zc)
}

// FromUnixTimeIn is from_unixtime(sec, fmt) in the session zone.
func FromUnixTimeIn(sec int64, pattern string, zc *ZoneCursor) (string, *Error) {
	return FromUnixTime(sec, pattern, zc)
}

// FromUnixTimeDefaultIn is from_unixtime(sec) with Spark's default
// pattern yyyy-MM-dd HH:mm:ss.
func FromUnixTimeDefaultIn(sec int64, zc *ZoneCursor) (string, *Error) {
	return FromUnixTime(sec, DefaultTimestampPattern, zc)
}

// ToTimestampFmtIn is to_timestamp(s, fmt): text without a zone is read
// in the session zone.
func ToTimestampFmtIn(s, pattern string, zc *ZoneCursor) (int64, *Error) {
	return ToTimestampFmt(s, pattern, zc.Zone())
}

// ToUnixTimestampFmtIn is unix_timestamp(s, fmt) and to_unix_timestamp(s,
// fmt): the seconds of the instant s reads as.
func ToUnixTimestampFmtIn(s, pattern string, zc *ZoneCursor) (int64, *Error) {
	return ToUnixTimestampFmt(s, pattern, zc.Zone())
}

// ToUnixTimestampDefaultIn is unix_timestamp(s) with the default pattern.
func ToUnixTimestampDefaultIn(s string, zc *ZoneCursor) (int64, *Error) {
	return ToUnixTimestampFmt(s, DefaultTimestampPattern, zc.Zone())
}

// DateTruncIn is date_trunc(unit, ts) in the session zone. Its fast path,
// for MINUTE, HOUR and DAY and a row in the cursor's period: the truncated
// reading at ts's own offset is the instant r; when r is still in the
// period, it is the result (an overlap prefers ts's offset).
func DateTruncIn(unit string, us int64, zc *ZoneCursor) (int64, *Error) {
	lvl := parseTsTruncLevel(unit)
	if zc.holds(us) {
		var r int64
		switch lvl {
		case tsTruncHour:
			r = us - floorMod(us+zc.offUs, MicrosPerHour)
		case tsTruncMinute:
			r = us - floorMod(us+zc.offUs, MicrosPerMinute)
		case tsTruncDay:
			r = us - floorMod(us+zc.offUs, MicrosPerDay)
		default:
			return dateTrunc(lvl, us, zc)
		}
		if zc.holds(r) {
			return r, nil
		}
	}
	return dateTrunc(lvl, us, zc)
}

// UnixTimestampDateIn is unix_timestamp(d) of a DATE: the seconds of its
// start of day in the session zone.
func UnixTimestampDateIn(d int32, zc *ZoneCursor) int64 { return UnixTimestampDate(d, zc.Zone()) }

// ConvertTimezoneIn is convert_timezone(targetTz, ntz): from the session
// zone to targetTz.
func ConvertTimezoneIn(targetTz string, ntz int64, zc *ZoneCursor) (int64, *Error) {
	return convertTimezone(zc.Zone(), targetTz, ntz)
}

// ExtractSecondTimestampIn is EXTRACT(SECOND FROM ts) in the session zone:
// the seconds of the minute with their microseconds, a DECIMAL(8,6).
func ExtractSecondTimestampIn(us int64, zc *ZoneCursor) Decimal {
	return DecimalFromInt64(SecondWithFractionTimestamp(us, zc))
}

// ExtractSecondTimestampNTZ is EXTRACT(SECOND FROM ntz).
func ExtractSecondTimestampNTZ(us int64) Decimal {
	return DecimalFromInt64(SecondWithFractionTimestamp(us, utcCursor))
}

// ToTimestampFmtDefinedIn is the guard of try_to_timestamp(s, fmt): whether
// s reads with fmt in the session zone.
func ToTimestampFmtDefinedIn(s, pattern string, zc *ZoneCursor) bool {
	return ToTimestampFmtDefined(s, pattern, zc.Zone())
}

// TryToTimestampFmtIn is try_to_timestamp(s, fmt) where the guard holds.
func TryToTimestampFmtIn(s, pattern string, zc *ZoneCursor) int64 {
	return TryToTimestampFmt(s, pattern, zc.Zone())
}

// TimestampAddIn is TIMESTAMPADD(unit, n, ts) (also DATEADD and DATE_ADD
// with a unit) in the session zone: Spark's timestampAdd, the units up to
// HOUR as elapsed time, DAY, DAYOFYEAR and WEEK on the calendar, MONTH,
// QUARTER and YEAR by months (TimestampAdd).
func TimestampAddIn(unit string, n, us int64, zc *ZoneCursor) (int64, *Error) {
	return TimestampAdd(unit, n, us, zc.Zone())
}

// TimestampAddNTZ is TIMESTAMPADD(unit, n, ntz): the reading's arithmetic,
// UTC's.
func TimestampAddNTZ(unit string, n, us int64) (int64, *Error) {
	return TimestampAdd(unit, n, us, UTC)
}

// TimestampDiffIn is TIMESTAMPDIFF(unit, start, end) (also DATEDIFF and
// DATE_DIFF with a unit) in the session zone: whole units between the two
// readings, a BIGINT (TimestampDiff).
func TimestampDiffIn(unit string, start, end int64, zc *ZoneCursor) (int64, *Error) {
	return TimestampDiff(unit, start, end, zc.Zone())
}
