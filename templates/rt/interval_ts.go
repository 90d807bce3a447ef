package rt

import (
	"math"
	"time"
)

// Interval arithmetic on TIMESTAMP values (int64 microseconds since the
// epoch), ready for the TIMESTAMP types (docs/semantics.md 10.7): plain
// functions over int64, so that generated code calls them per row without a
// time.Time where the zone is UTC (and for TIMESTAMP_NTZ, whose arithmetic
// is always UTC's).

// splitDays splits micros into whole days (floored) and the microseconds
// of the day.
func splitDays(us int64) (days, tod int64) {
	days, tod = us/MicrosPerDay, us%MicrosPerDay
	if tod < 0 {
		days--
		tod += MicrosPerDay
	}
	return days, tod
}

// TimestampAddMonthsUTC is ts + a YEAR-MONTH interval in UTC (also
// TIMESTAMP_NTZ ± months): the date moves by months, its day clamped to the
// month's last day, the time of day kept (DateTimeUtils.timestampAddMonths
// with a fixed zone). ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddMonthsUTC(us int64, months int32) (int64, *Error) {
	days, tod := splitDays(us)
	if days != int64(int32(days)) {
		return 0, ErrLongOverflow
	}
	nd, err := AddMonths(int32(days), months)
	if err != nil {
		return 0, ErrLongOverflow
	}
	r, err := MulInt64(int64(nd), MicrosPerDay)
	if err != nil {
		return 0, err
	}
	return AddInt64(r, tod)
}

// TimestampAddDayTimeUTC is ts + a DAY-TIME interval in UTC (also
// TIMESTAMP_NTZ): days and the rest are both exact there, so it is the sum;
// ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddDayTimeUTC(us, dt int64) (int64, *Error) { return AddInt64(us, dt) }

// offsetAt is zone loc's UTC offset in microseconds at instant us.
func offsetAt(us int64, loc *time.Location) int64 {
	_, off := time.UnixMicro(us).In(loc).Zone()
	return int64(off) * MicrosPerSecond
}

// LocalToInstant resolves a wall-clock reading (microseconds since the
// epoch, read as if in UTC) in zone loc to an instant, as Java's
// ZonedDateTime.ofLocal(local, zone, preferred) does: a reading the clocks
// skip (a gap) moves later by the gap's length; a reading they show twice
// (an overlap) takes preferredOffset (microseconds) when it is one of the
// two, else the earlier offset (the one before the transition, which gives
// the earlier instant). Pass math.MinInt64 for no preference.
func LocalToInstant(local int64, loc *time.Location, preferredOffset int64) int64 {
	before := offsetAt(local-MicrosPerDay, loc)
	after := offsetAt(local+MicrosPerDay, loc)
	validBefore := offsetAt(local-before, loc) == before
	validAfter := offsetAt(local-after, loc) == after
	switch {
	case validBefore && validAfter && before != after:
		// an overlap
		if preferredOffset == after {
			return local - after
		}
		return local - before
	case validBefore:
		return local - before
	case validAfter:
		return local - after
	}
	// a gap: the reading moves later by the gap (after - before), at the
	// offset after it: local + (after - before) - after = local - before
	return local - before
}

// TimestampAddMonths is ts + a YEAR-MONTH interval for a TIMESTAMP in zone
// loc (DateTimeUtils.timestampAddMonths: ZonedDateTime.plusMonths): the
// wall-clock reading moves by months (day clamped to the month's end, time
// of day kept) and is resolved back with the starting offset preferred.
// ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddMonths(us int64, months int32, loc *time.Location) (int64, *Error) {
	if loc == time.UTC {
		return TimestampAddMonthsUTC(us, months)
	}
	off := offsetAt(us, loc)
	local, err := AddInt64(us, off)
	if err != nil {
		return 0, err
	}
	moved, err := TimestampAddMonthsUTC(local, months)
	if err != nil {
		return 0, err
	}
	return checkedInstant(moved, loc, off)
}

// TimestampAddDayTime is ts + a DAY-TIME interval for a TIMESTAMP in zone
// loc (DateTimeUtils.timestampAddDayTime): the whole days of the interval
// (toward zero) move the wall-clock reading by calendar days, resolved with
// the starting offset preferred; the rest is then added exactly, as elapsed
// microseconds. ARITHMETIC_OVERFLOW outside the TIMESTAMP range.
func TimestampAddDayTime(us, dt int64, loc *time.Location) (int64, *Error) {
	if loc == time.UTC {
		return TimestampAddDayTimeUTC(us, dt)
	}
	days := dt / MicrosPerDay
	rest := dt - days*MicrosPerDay
	off := offsetAt(us, loc)
	local, err := AddInt64(us, off)
	if err != nil {
		return 0, err
	}
	dayMicros, err := MulInt64(days, MicrosPerDay)
	if err != nil {
		return 0, err
	}
	moved, err := AddInt64(local, dayMicros)
	if err != nil {
		return 0, err
	}
	r, err := checkedInstant(moved, loc, off)
	if err != nil {
		return 0, err
	}
	return AddInt64(r, rest)
}

// checkedInstant is LocalToInstant with the TIMESTAMP range checked.
func checkedInstant(local int64, loc *time.Location, preferred int64) (int64, *Error) {
	// offsets are at most 18 hours: a reading that far from the range's
	// ends cannot leave it
	const margin = 19 * MicrosPerHour
	if local > math.MaxInt64-margin || local < math.MinInt64+margin {
		return 0, ErrLongOverflow
	}
	return LocalToInstant(local, loc, preferred), nil
}

// SubtractTimestampsUTC is ts1 - ts2 in UTC (and of TIMESTAMP_NTZ values):
// a DAY TO SECOND interval, ARITHMETIC_OVERFLOW beyond BIGINT microseconds.
func SubtractTimestampsUTC(end, start int64) (int64, *Error) { return SubInt64(end, start) }

// SubtractTimestamps is ts1 - ts2 of TIMESTAMPs in zone loc
// (DateTimeUtils.subtractTimestamps): the difference of the two wall-clock
// readings, which across a DST change is not the elapsed time.
func SubtractTimestamps(end, start int64, loc *time.Location) (int64, *Error) {
	if loc == time.UTC {
		return SubInt64(end, start)
	}
	le, err := AddInt64(end, offsetAt(end, loc))
	if err != nil {
		return 0, err
	}
	ls, err := AddInt64(start, offsetAt(start, loc))
	if err != nil {
		return 0, err
	}
	return SubInt64(le, ls)
}
