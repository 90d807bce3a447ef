package rt

// The TIMESTAMP kernels as SQL functions call them: generated code passes
// the query's session zone as a constant string (ir.Signature.KernelZone),
// so each kernel of a *Zone has here a form taking the zone's name last,
// looked up by zoneFor (one pointer load and a string compare per row, no
// allocation). TIMESTAMP_NTZ forms take no zone: their arithmetic is UTC's.

// HourTimestampIn is hour(ts) in the session zone.
func HourTimestampIn(us int64, zone string) int32 { return HourTimestamp(us, zoneFor(zone)) }

// MinuteTimestampIn is minute(ts) in the session zone.
func MinuteTimestampIn(us int64, zone string) int32 { return MinuteTimestamp(us, zoneFor(zone)) }

// SecondTimestampIn is second(ts) in the session zone.
func SecondTimestampIn(us int64, zone string) int32 { return SecondTimestamp(us, zoneFor(zone)) }

// HourTimestampNTZ is hour(ntz): the reading's hour.
func HourTimestampNTZ(us int64) int32 { return HourTimestamp(us, UTC) }

// MinuteTimestampNTZ is minute(ntz).
func MinuteTimestampNTZ(us int64) int32 { return MinuteTimestamp(us, UTC) }

// SecondTimestampNTZ is second(ntz).
func SecondTimestampNTZ(us int64) int32 { return SecondTimestamp(us, UTC) }

// TimestampAddYMIn is ts + a YEAR-MONTH interval in the session zone
// (docs/semantics.md 10.7): the reading moves by months, the day clamped
// to the month's end, resolved back with the starting offset preferred.
// ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddYMIn(us int64, months int32, zone string) (int64, *Error) {
	r, ok := TimestampAddMonths(us, int64(months), zoneFor(zone))
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubYMIn is ts - a YEAR-MONTH interval in the session zone.
func TimestampSubYMIn(us int64, months int32, zone string) (int64, *Error) {
	r, ok := TimestampAddMonths(us, -int64(months), zoneFor(zone))
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampAddDTIn is ts + a DAY-TIME interval in the session zone: the
// whole days on the calendar (starting offset preferred), the rest as
// elapsed time. ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddDTIn(us, dt int64, zone string) (int64, *Error) {
	r, ok := TimestampAddDayTime(us, dt, zoneFor(zone))
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubDTIn is ts - a DAY-TIME interval in the session zone.
func TimestampSubDTIn(us, dt int64, zone string) (int64, *Error) {
	if dt == minInt64 {
		return 0, ErrLongOverflow
	}
	return TimestampAddDTIn(us, -dt, zone)
}

// minInt64 is the one DAY-TIME interval that cannot be negated.
const minInt64 = -1 << 63

// TimestampSubYMUTC is ntz - a YEAR-MONTH interval (and ts - ym in UTC).
func TimestampSubYMUTC(us int64, months int32) (int64, *Error) {
	r, ok := TimestampAddMonths(us, -int64(months), UTC)
	if !ok {
		return 0, ErrLongOverflow
	}
	return r, nil
}

// TimestampSubDTUTC is ntz - a DAY-TIME interval.
func TimestampSubDTUTC(us, dt int64) (int64, *Error) { return SubInt64(us, dt) }

// SubtractTimestampsIn is ts1 - ts2 in the session zone: the difference
// of the wall-clock readings, a DAY-TIME interval.
func SubtractTimestampsIn(end, start int64, zone string) (int64, *Error) {
	return SubtractTimestamps(end, start, zoneFor(zone))
}

// DateFormatTimestampIn is date_format(ts, fmt) in the session zone.
func DateFormatTimestampIn(us int64, pattern, zone string) (string, *Error) {
	return DateFormatTimestamp(us, pattern, zoneFor(zone))
}

// FromUnixTimeIn is from_unixtime(sec, fmt) in the session zone.
func FromUnixTimeIn(sec int64, pattern, zone string) (string, *Error) {
	return FromUnixTime(sec, pattern, zoneFor(zone))
}

// FromUnixTimeDefaultIn is from_unixtime(sec) with Spark's default
// pattern yyyy-MM-dd HH:mm:ss.
func FromUnixTimeDefaultIn(sec int64, zone string) (string, *Error) {
	return FromUnixTime(sec, DefaultTimestampPattern, zoneFor(zone))
}

// ToTimestampFmtIn is to_timestamp(s, fmt): text without a zone is read
// in the session zone.
func ToTimestampFmtIn(s, pattern, zone string) (int64, *Error) {
	return ToTimestampFmt(s, pattern, zoneFor(zone))
}

// ToUnixTimestampFmtIn is unix_timestamp(s, fmt) and to_unix_timestamp(s,
// fmt): the seconds of the instant s reads as.
func ToUnixTimestampFmtIn(s, pattern, zone string) (int64, *Error) {
	return ToUnixTimestampFmt(s, pattern, zoneFor(zone))
}

// ToUnixTimestampDefaultIn is unix_timestamp(s) with the default pattern.
func ToUnixTimestampDefaultIn(s, zone string) (int64, *Error) {
	return ToUnixTimestampFmt(s, DefaultTimestampPattern, zoneFor(zone))
}

// DateTruncIn is date_trunc(unit, ts) in the session zone.
func DateTruncIn(unit string, us int64, zone string) (int64, *Error) {
	return DateTrunc(unit, us, zoneFor(zone))
}

// UnixTimestampDateIn is unix_timestamp(d) of a DATE: the seconds of its
// start of day in the session zone.
func UnixTimestampDateIn(d int32, zone string) int64 { return UnixTimestampDate(d, zoneFor(zone)) }

// ConvertTimezoneIn is convert_timezone(targetTz, ntz): from the session
// zone to targetTz.
func ConvertTimezoneIn(targetTz string, ntz int64, zone string) (int64, *Error) {
	return ConvertTimezone(zone, targetTz, ntz)
}

// ExtractSecondTimestampIn is EXTRACT(SECOND FROM ts) in the session zone:
// the seconds of the minute with their microseconds, a DECIMAL(8,6).
func ExtractSecondTimestampIn(us int64, zone string) Decimal {
	return DecimalFromInt64(SecondWithFractionTimestamp(us, zoneFor(zone)))
}

// ExtractSecondTimestampNTZ is EXTRACT(SECOND FROM ntz).
func ExtractSecondTimestampNTZ(us int64) Decimal {
	return DecimalFromInt64(SecondWithFractionTimestamp(us, UTC))
}

// ToTimestampFmtDefinedIn is the guard of try_to_timestamp(s, fmt): whether
// s reads with fmt in the session zone.
func ToTimestampFmtDefinedIn(s, pattern, zone string) bool {
	return ToTimestampFmtDefined(s, pattern, zoneFor(zone))
}

// TryToTimestampFmtIn is try_to_timestamp(s, fmt) where the guard holds.
func TryToTimestampFmtIn(s, pattern, zone string) int64 {
	return TryToTimestampFmt(s, pattern, zoneFor(zone))
}

// TimestampAddIn is TIMESTAMPADD(unit, n, ts) (also DATEADD and DATE_ADD
// with a unit) in the session zone: Spark's timestampAdd, the units up to
// HOUR as elapsed time, DAY, DAYOFYEAR and WEEK on the calendar, MONTH,
// QUARTER and YEAR by months (TimestampAdd).
func TimestampAddIn(unit string, n, us int64, zone string) (int64, *Error) {
	return TimestampAdd(unit, n, us, zoneFor(zone))
}

// TimestampAddNTZ is TIMESTAMPADD(unit, n, ntz): the reading's arithmetic,
// UTC's.
func TimestampAddNTZ(unit string, n, us int64) (int64, *Error) {
	return TimestampAdd(unit, n, us, UTC)
}

// TimestampDiffIn is TIMESTAMPDIFF(unit, start, end) (also DATEDIFF and
// DATE_DIFF with a unit) in the session zone: whole units between the two
// readings, a BIGINT (TimestampDiff).
func TimestampDiffIn(unit string, start, end int64, zone string) (int64, *Error) {
	return TimestampDiff(unit, start, end, zoneFor(zone))
}
