package rt

// The kernels of date_trunc with a constant MINUTE, HOUR or DAY unit: the
// binder resolves the unit at compile time (DateTruncUnitKernel), so a row
// costs no NULL guard and no reading of the unit text. A row of the
// cursor's period whose truncation stays in it is integer arithmetic on the
// period's offset (their fast paths, fastpath.go, which generated code
// inlines); every other row takes dateTrunc, as DateTruncIn does.

// DateTruncMinuteIn is date_trunc('MINUTE', ts) in the session zone.
func DateTruncMinuteIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if r, ok := truncInPeriod(us, MicrosPerMinute, zc); ok {
		return r, nil
	}
	return dateTrunc(tsTruncMinute, us, zc)
}

// DateTruncHourIn is date_trunc('HOUR', ts) in the session zone.
func DateTruncHourIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if r, ok := truncInPeriod(us, MicrosPerHour, zc); ok {
		return r, nil
	}
	return dateTrunc(tsTruncHour, us, zc)
}

// DateTruncDayIn is date_trunc('DAY', ts) in the session zone.
func DateTruncDayIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if r, ok := truncInPeriod(us, MicrosPerDay, zc); ok {
		return r, nil
	}
	return dateTrunc(tsTruncDay, us, zc)
}

// truncInPeriod is the per-unit kernels' fast path: us truncated to a
// multiple of unit on the reading in the cursor's period, when us is in
// that period and so is the result (ok false otherwise).
func truncInPeriod(us, unit int64, zc *ZoneCursor) (int64, bool) {
	// Computed before the test (a row outside the period gives a value
	// that is not used), so that the loop has one branch on the outcome.
	m := (us + zc.offUs) % unit
	if m < 0 {
		m += unit
	}
	r := us - m
	return r, zc.holds(us) && r >= zc.loUs
}

// DateTruncUnitKernel names the per-unit kernel of date_trunc for the
// constant unit text (any case, any of its spellings): "MINUTE", "HOUR" or
// "DAY"; "" for another unit, which keeps the general DateTruncIn.
func DateTruncUnitKernel(unit string) string {
	switch parseTsTruncLevel(unit) {
	case tsTruncMinute:
		return "MINUTE"
	case tsTruncHour:
		return "HOUR"
	case tsTruncDay:
		return "DAY"
	}
	return ""
}
