package rt

// Fast paths: for a kernel whose common case is a few instructions and whose
// rare case is a call (the TIMESTAMP kernels of the session zone: a row in
// the cursor's period is integer arithmetic on its offset, a row outside it
// looks the period up), Go cannot inline the kernel: the call of its rare
// case alone costs 57 of the inliner's budget of 80. Its fast path is the
// common case alone, a function of the same arguments returning the
// kernel's value and true, or false where the kernel must run; it has no
// call, so it inlines. Generated code calls the fast path and, where it
// reports false, the kernel:
//
//	hourValue, ok := rt.HourTimestampFast(tsV[i], zc)
//	if !ok {
//		hourValue = rt.HourTimestampIn(tsV[i], zc)
//	}
//
// A fast path never fails: where the kernel could, it reports false.
// TestFastPathsAgree checks each against its kernel, and
// TestFastPathsInline (package bench) that each inlines.

// FastPaths maps each kernel that has a fast path to it.
var FastPaths = map[string]string{
	"HourTimestampIn":   "HourTimestampFast",
	"MinuteTimestampIn": "MinuteTimestampFast",
	"SecondTimestampIn": "SecondTimestampFast",
	"DateTruncMinuteIn": "DateTruncMinuteFast",
	"DateTruncHourIn":   "DateTruncHourFast",
	"DateTruncDayIn":    "DateTruncDayFast",
	"TimestampAddDTIn":  "TimestampAddDTFast",
	"TimestampSubDTIn":  "TimestampSubDTFast",
}

// HourTimestampFast is HourTimestampIn for a row in the cursor's period.
func HourTimestampFast(us int64, zc *ZoneCursor) (int32, bool) {
	return fieldInPeriod(us, MicrosPerDay, MicrosPerHour, zc)
}

// MinuteTimestampFast is MinuteTimestampIn for a row in the cursor's period.
func MinuteTimestampFast(us int64, zc *ZoneCursor) (int32, bool) {
	return fieldInPeriod(us, MicrosPerHour, MicrosPerMinute, zc)
}

// SecondTimestampFast is SecondTimestampIn for a row in the cursor's period.
func SecondTimestampFast(us int64, zc *ZoneCursor) (int32, bool) {
	return fieldInPeriod(us, MicrosPerMinute, MicrosPerSecond, zc)
}

// fieldInPeriod is the reading of us, in the cursor's period, modulo cycle
// in units of unit (the hour of the day, the minute of the hour, the second
// of the minute); ok is false outside the period.
func fieldInPeriod(us, cycle, unit int64, zc *ZoneCursor) (int32, bool) {
	if !zc.holds(us) {
		return 0, false
	}
	return int32(floorMod(us+zc.offUs, cycle) / unit), true
}

// DateTruncMinuteFast is DateTruncMinuteIn for a row whose truncation stays
// in the cursor's period.
func DateTruncMinuteFast(us int64, zc *ZoneCursor) (int64, bool) {
	return truncInPeriod(us, MicrosPerMinute, zc)
}

// DateTruncHourFast is DateTruncHourIn for a row whose truncation stays in
// the cursor's period.
func DateTruncHourFast(us int64, zc *ZoneCursor) (int64, bool) {
	return truncInPeriod(us, MicrosPerHour, zc)
}

// DateTruncDayFast is DateTruncDayIn for a row whose truncation stays in
// the cursor's period.
func DateTruncDayFast(us int64, zc *ZoneCursor) (int64, bool) {
	return truncInPeriod(us, MicrosPerDay, zc)
}

// TimestampAddDTFast is TimestampAddDTIn where ts and ts + dt are in the
// cursor's period and the sum does not wrap: the whole days then move the
// reading without crossing an offset change, so the result is the
// elapsed-time sum. With a constant interval the wrap test folds to one
// comparison.
func TimestampAddDTFast(us, dt int64, zc *ZoneCursor) (int64, bool) {
	r := us + dt
	return r, zc.holds(us) && zc.holds(r) && (r >= us) == (dt >= 0)
}

// TimestampSubDTFast is TimestampSubDTIn's fast path (the one interval that
// cannot be negated fails in the kernel).
func TimestampSubDTFast(us, dt int64, zc *ZoneCursor) (int64, bool) {
	if dt == minInt64 {
		return 0, false
	}
	return TimestampAddDTFast(us, -dt, zc)
}
