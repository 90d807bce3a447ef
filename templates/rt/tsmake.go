package rt

// make_timestamp and its siblings as SQL functions call them: the seconds
// argument is Spark's DECIMAL(16,6), whose unscaled value is the
// microseconds (45.5 s is 45500000), and the session zone comes last
// (ir.Signature.KernelZone, as in tszone.go). The arithmetic is
// MakeTimestamp's (tsfuncs.go).

// MakeTimestampIn is make_timestamp(year, month, day, hour, min, sec) and
// make_timestamp_ltz of six arguments: the reading resolved in the session
// zone (a reading in a DST gap moves later by the gap, an overlap takes the
// earlier offset, as ZonedDateTime.of). Fields out of range raise
// DATETIME_FIELD_OUT_OF_BOUNDS, sec 60 with a fraction
// INVALID_FRACTION_OF_SECOND, an instant beyond the range
// ARITHMETIC_OVERFLOW.
func MakeTimestampIn(year, month, day, hour, minute int32, sec Decimal, zc *ZoneCursor) (int64, *Error) {
	return MakeTimestamp(year, month, day, hour, minute, sec.Int64(), zc.Zone())
}

// MakeTimestampAt is make_timestamp and make_timestamp_ltz of seven
// arguments: the reading resolved in the zone tz, which does not depend on
// the session (INVALID_TIMEZONE when Spark's getZoneId refuses tz).
func MakeTimestampAt(year, month, day, hour, minute int32, sec Decimal, tz string) (int64, *Error) {
	return MakeTimestampTz(year, month, day, hour, minute, sec.Int64(), tz)
}

// MakeTimestampNTZOf is make_timestamp_ntz(year, month, day, hour, min,
// sec): the reading itself, a TIMESTAMP_NTZ.
func MakeTimestampNTZOf(year, month, day, hour, minute int32, sec Decimal) (int64, *Error) {
	return MakeTimestampNTZ(year, month, day, hour, minute, sec.Int64())
}

// MakeTimestampFieldsValid is the guard of try_make_timestamp,
// try_make_timestamp_ltz and try_make_timestamp_ntz of six arguments:
// whether the fields name a reading (LocalDateTime.of accepts them and sec
// is not 60 with a fraction). Spark's MakeTimestamp with failOnError off
// turns only those java.time errors into NULL: an instant beyond the
// TIMESTAMP range still raises, in the value kernel.
func MakeTimestampFieldsValid(year, month, day, hour, minute int32, sec Decimal) bool {
	_, _, err := makeLocal(year, month, day, hour, minute, sec.Int64())
	return err == nil
}

// MakeTimestampFieldsValidAt is MakeTimestampFieldsValid for the forms of
// seven arguments: the zone is not the guard's business (Spark resolves it
// outside its try, so an invalid one raises INVALID_TIMEZONE even in the
// try_ forms).
func MakeTimestampFieldsValidAt(year, month, day, hour, minute int32, sec Decimal, tz string) bool {
	return MakeTimestampFieldsValid(year, month, day, hour, minute, sec)
}

// TryMakeTimestampIn is the value of try_make_timestamp (and
// try_make_timestamp_ltz) of six arguments where its guard holds: 0, never
// read, where the fields do not name a reading.
func TryMakeTimestampIn(year, month, day, hour, minute int32, sec Decimal, zc *ZoneCursor) (int64, *Error) {
	return tryMake(MakeTimestampIn(year, month, day, hour, minute, sec, zc))
}

// TryMakeTimestampAt is the value of try_make_timestamp of seven
// arguments: an invalid tz still raises INVALID_TIMEZONE.
func TryMakeTimestampAt(year, month, day, hour, minute int32, sec Decimal, tz string) (int64, *Error) {
	return tryMake(MakeTimestampAt(year, month, day, hour, minute, sec, tz))
}

// TryMakeTimestampNTZOf is the value of try_make_timestamp_ntz.
func TryMakeTimestampNTZOf(year, month, day, hour, minute int32, sec Decimal) (int64, *Error) {
	return tryMake(MakeTimestampNTZOf(year, month, day, hour, minute, sec))
}

// tryMake drops the errors the try_ forms turn into NULL (their guard
// makes the value NULL there), keeping the others.
func tryMake(us int64, err *Error) (int64, *Error) {
	if err != nil && (err.Class == DatetimeFieldOutOfBounds || err.Class == InvalidFractionOfSecond) {
		return 0, nil
	}
	return us, err
}
