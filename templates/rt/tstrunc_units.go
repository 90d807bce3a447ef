package rt

// The kernels of date_trunc with a constant MINUTE, HOUR or DAY unit: the
// binder resolves the unit at compile time (DateTruncUnitKernel), so a row
// costs no NULL guard and no reading of the unit text, and each kernel is
// small enough for Go to inline into the generated loop. A row of the
// cursor's period whose truncation stays in it is integer arithmetic on the
// period's offset; every other row takes dateTrunc, as DateTruncIn does.

// DateTruncMinuteIn is date_trunc('MINUTE', ts) in the session zone.
func DateTruncMinuteIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if zc.loUs <= us && us < zc.hiUs {
		m := (us + zc.offUs) % MicrosPerMinute
		if m < 0 {
			m += MicrosPerMinute
		}
		if r := us - m; r >= zc.loUs {
			return r, nil
		}
	}
	return dateTruncSlow(tsTruncMinute, us, zc)
}

// DateTruncHourIn is date_trunc('HOUR', ts) in the session zone.
func DateTruncHourIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if zc.loUs <= us && us < zc.hiUs {
		m := (us + zc.offUs) % MicrosPerHour
		if m < 0 {
			m += MicrosPerHour
		}
		if r := us - m; r >= zc.loUs {
			return r, nil
		}
	}
	return dateTruncSlow(tsTruncHour, us, zc)
}

// DateTruncDayIn is date_trunc('DAY', ts) in the session zone.
func DateTruncDayIn(us int64, zc *ZoneCursor) (int64, *Error) {
	if zc.loUs <= us && us < zc.hiUs {
		m := (us + zc.offUs) % MicrosPerDay
		if m < 0 {
			m += MicrosPerDay
		}
		if r := us - m; r >= zc.loUs {
			return r, nil
		}
	}
	return dateTruncSlow(tsTruncDay, us, zc)
}

// dateTruncSlow is the per-unit kernels' rare path, kept out of line so
// that they inline.
//
//go:noinline
func dateTruncSlow(lvl tsTruncLevel, us int64, zc *ZoneCursor) (int64, *Error) {
	return dateTrunc(lvl, us, zc)
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
