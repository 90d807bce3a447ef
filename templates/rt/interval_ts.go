package rt

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

// SubtractTimestampsUTC is ts1 - ts2 in UTC (and of TIMESTAMP_NTZ values):
// a DAY TO SECOND interval, ARITHMETIC_OVERFLOW beyond BIGINT microseconds.
func SubtractTimestampsUTC(end, start int64) (int64, *Error) { return SubInt64(end, start) }

// SubtractTimestamps is ts1 - ts2 of TIMESTAMPs in zone z
// (DateTimeUtils.subtractTimestamps): the difference of the two wall-clock
// readings, which across a DST change is not the elapsed time.
// ARITHMETIC_OVERFLOW beyond BIGINT microseconds.
func SubtractTimestamps(end, start int64, z *ZoneCursor) (int64, *Error) {
	if z.IsFixed() {
		return SubInt64(end, start)
	}
	le, err := AddInt64(end, z.OffsetMicros(end))
	if err != nil {
		return 0, err
	}
	ls, err := AddInt64(start, z.OffsetMicros(start))
	if err != nil {
		return 0, err
	}
	return SubInt64(le, ls)
}
